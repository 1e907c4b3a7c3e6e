import type { Value } from "./ir.ts";

/**
 * Stela's static types. The checker gives every expression one; the
 * interpreter relies on them (e.g. to label an option or to choose between
 * `==` on numbers and on lists) and never checks types at run time.
 */
export type Type =
  | { t: "number" }
  | { t: "bool" }
  | { t: "text" }
  /** The type of `none` alone; assignable to every type. */
  | { t: "none" }
  /** Unknown after an error: accepted everywhere so one mistake gives one diagnostic. */
  | { t: "any" }
  | { t: "player" }
  | { t: "space" }
  /** A way to put a piece down (`placements`): `piece`, when known, is the type of the piece it puts down (of one kind, `pl.piece.cost`). */
  | { t: "placement"; piece?: Type }
  | { t: "shape" }
  | { t: "sides" }
  | { t: "board" }
  | { t: "policy" }
  | { t: "topology" }
  | { t: "zone"; kind?: string }
  /** A piece: of one kind, of any kind with a field set (`set`), or of any kind. */
  | { t: "piece"; kind?: string; set?: string }
  | { t: "enum"; name: string }
  | { t: "list"; of: Type }
  | { t: "map"; of: Type }
  /** `per Colour number`: one value per member of an enum, held as a list in the members' order. */
  | { t: "emap"; enum: string; members: readonly string[]; of: Type };

export const T = {
  number: { t: "number" } as Type,
  bool: { t: "bool" } as Type,
  text: { t: "text" } as Type,
  none: { t: "none" } as Type,
  any: { t: "any" } as Type,
  player: { t: "player" } as Type,
  space: { t: "space" } as Type,
  placement: { t: "placement" } as Type,
  shape: { t: "shape" } as Type,
  sides: { t: "sides" } as Type,
  board: { t: "board" } as Type,
  policy: { t: "policy" } as Type,
  topology: { t: "topology" } as Type,
  piece: { t: "piece" } as Type,
  zone: { t: "zone" } as Type,
  list: (of: Type): Type => ({ t: "list", of }),
  map: (of: Type): Type => ({ t: "map", of }),
  emap: (enumName: string, members: readonly string[], of: Type): Type => ({ t: "emap", enum: enumName, members, of }),
  pieceOf: (kind: string): Type => ({ t: "piece", kind }),
  pieceWith: (set: string): Type => ({ t: "piece", set }),
  enumOf: (name: string): Type => ({ t: "enum", name }),
};

/** How a type reads in a message: `list of space`, `Tile`, `per player number`. */
export function typeName(ty: Type): string {
  switch (ty.t) {
    case "list":
      return `list of ${typeName(ty.of)}`;
    case "map":
      return `per player ${typeName(ty.of)}`;
    case "emap":
      return `per ${ty.enum} ${typeName(ty.of)}`;
    case "piece":
      return ty.kind ?? ty.set ?? "piece";
    case "zone":
      return ty.kind ? `zone of ${ty.kind}` : "zone";
    case "enum":
      return ty.name;
    case "any":
      return "anything";
    case "policy":
      return "tie policy";
    default:
      return ty.t;
  }
}

/** Can a value of type `from` be used where `to` is expected? */
export function assignable(from: Type, to: Type): boolean {
  if (from.t === "any" || to.t === "any" || from.t === "none") return true;
  switch (to.t) {
    case "list":
      return from.t === "list" && assignable(from.of, to.of);
    case "map":
      return from.t === "map" && assignable(from.of, to.of);
    case "emap":
      return from.t === "emap" && from.enum === to.enum && assignable(from.of, to.of);
    case "piece":
      // A piece of any kind may go where a particular kind is expected: rules narrow with `is`
      // (`for q in pieces(b) where q is Tile`) and the checker does not track that. A piece known
      // to be of another kind never fits: its fields would all read `none`.
      return from.t === "piece" && !(from.kind && to.kind && from.kind !== to.kind);
    case "zone":
      return from.t === "zone" && (!to.kind || !from.kind || to.kind === from.kind);
    case "enum":
      return from.t === "enum" && from.name === to.name;
    case "sides":
      return from.t === "sides" || (from.t === "list" && assignable(from.of, T.number));
    default:
      return from.t === to.t;
  }
}

/** The common type of two branches (`if … then a else b`, list items), or undefined if none. */
export function unify(a: Type, b: Type): Type | undefined {
  if (a.t === "any" || b.t === "none") return a;
  if (b.t === "any" || a.t === "none") return b;
  if (a.t === "piece" && b.t === "piece") return a.kind === b.kind && a.set === b.set ? a : T.piece;
  // Placements of pieces of one kind, and of another: placements of a piece.
  if (a.t === "placement" && b.t === "placement") {
    const piece = a.piece && b.piece ? unify(a.piece, b.piece) : undefined;
    return piece && piece.t !== "any" ? { t: "placement", piece } : T.placement;
  }
  if (a.t === "list" && b.t === "list") {
    const of = unify(a.of, b.of);
    return of ? T.list(of) : undefined;
  }
  if (a.t === "emap" && b.t === "emap" && a.enum === b.enum) {
    const of = unify(a.of, b.of);
    return of ? T.emap(a.enum, a.members, of) : undefined;
  }
  if (assignable(a, b)) return b;
  if (assignable(b, a)) return a;
  return undefined;
}

/** Is the type one whose values compare with `===` (no lists, maps or placements)? */
export function isPrimitive(ty: Type): boolean {
  return !(ty.t === "list" || ty.t === "map" || ty.t === "emap" || ty.t === "placement" || ty.t === "shape" || ty.t === "sides" || ty.t === "any");
}

export function isList(ty: Type): ty is { t: "list"; of: Type } {
  return ty.t === "list";
}

/** The element type when iterating: lists, zones (their pieces), enums' member lists and enum maps (their values, in member order). */
export function elementType(ty: Type): Type | undefined {
  // A map is gone over as its values: an enum's in the members' order, a player's in seat order
  // (`highest v for v in votes`), as both are held.
  if (ty.t === "list" || ty.t === "emap" || ty.t === "map") return ty.of;
  if (ty.t === "zone") return ty.kind ? T.pieceOf(ty.kind) : T.piece;
  if (ty.t === "any") return T.any;
  return undefined;
}

/**
 * The value a variable or attribute of a type starts with when none is given:
 * 0, false, "", an empty list, a per-player map of defaults, otherwise `none`.
 */
export function defaultValue(type: Type, players = 0): Value {
  switch (type.t) {
    case "number":
      return 0;
    case "bool":
      return false;
    case "text":
      return "";
    case "list":
      return [];
    case "map":
      return new Array<Value>(players).fill(defaultValue(type.of, players));
    case "emap":
      return type.members.map(() => defaultValue(type.of, players));
    default:
      return null;
  }
}
