import { assignable, elementType, T, typeName, type Type } from "../types.ts";

/**
 * A built-in's entry in the catalogue: how the checker types a call, and the
 * words that document it in `dsl/README.md`, the editor's hover and its
 * completion. The implementation lives in `interpreter/builtins/` under the
 * same name (the language may not import the engine); a test checks that the
 * two lists match.
 */
export interface Builtin {
  name: string;
  category: BuiltinCategory;
  /** As shown to designers: `neighbours(s: space): list of space`. */
  signature: string;
  description: string;
  example: string;
  params: ParamSpec[];
  returns: (args: Type[], named: Record<string, Type>) => Type;
}

/**
 * A list of catalogue entries, keeping each entry's name as a literal type so
 * `BuiltinName` can list them: the engine's table of implementations is typed
 * by it, and a built-in without an implementation fails to compile.
 */
export function catalogued<N extends string>(list: (Builtin & { name: N })[]): (Builtin & { name: N })[] {
  return list;
}

/** The same for named values (`players`): their names are literal types too. */
export function cataloguedConstants<N extends string>(list: (BuiltinConstant & { name: N })[]): (BuiltinConstant & { name: N })[] {
  return list;
}

export type BuiltinCategory = "board" | "pieces" | "lists" | "players" | "numbers" | "scoring" | "chance" | "topology";

export interface ParamSpec {
  name: string;
  /** What the parameter takes, as shown in messages: "a space, piece or placement". */
  expects: string;
  accepts: (t: Type) => boolean;
  optional?: boolean;
  /** Passed by name only (`ties: pool_round_up`). */
  named?: boolean;
}

/** A value with a name that needs no declaration (`players`, a tie policy). */
export interface BuiltinConstant {
  name: string;
  category: BuiltinCategory;
  type: Type;
  description: string;
  example: string;
}

/** A property every value of a type has (`t.owner`, `s.x`, `p.seat`). */
export interface BuiltinProperty {
  name: string;
  of: "piece" | "space" | "placement" | "player";
  type: Type;
  /** Can a rule assign it (`t.owner = p`)? */
  assignable?: boolean;
  description: string;
}

/** An event the engine raises itself. */
export interface BuiltinEvent {
  name: string;
  params: { name: string; type: Type }[];
  description: string;
  example: string;
}

// ------------------------------------------------------------------ parameter helpers

export const accepts = {
  type: (ty: Type, expects = typeName(ty)): Pick<ParamSpec, "accepts" | "expects"> => ({
    accepts: (t) => assignable(t, ty),
    expects,
  }),
  /** A list, or a zone (its pieces). */
  iterable: (expects = "a list"): Pick<ParamSpec, "accepts" | "expects"> => ({
    accepts: (t) => elementType(t) !== undefined,
    expects,
  }),
  /** Something with a footprint on a board. */
  footprint: (): Pick<ParamSpec, "accepts" | "expects"> => ({
    accepts: (t) =>
      t.t === "any" ||
      t.t === "space" ||
      t.t === "piece" ||
      t.t === "placement" ||
      (t.t === "list" && (t.of.t === "space" || t.of.t === "piece" || t.of.t === "any" || t.of.t === "none")),
    expects: "a space, piece, placement or list of spaces or pieces",
  }),
  oneOf: (expects: string, ...types: Type[]): Pick<ParamSpec, "accepts" | "expects"> => ({
    accepts: (t) => types.some((ty) => assignable(t, ty)),
    expects,
  }),
  anything: (): Pick<ParamSpec, "accepts" | "expects"> => ({ accepts: () => true, expects: "any value" }),
};

export function param(name: string, spec: Pick<ParamSpec, "accepts" | "expects">, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { name, ...spec, ...extra };
}

/** The element type of an iterable argument (for `first`-like returns). */
export function elementOf(t: Type | undefined): Type {
  return (t && elementType(t)) ?? T.any;
}
