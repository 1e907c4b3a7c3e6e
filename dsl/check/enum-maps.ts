import type { Expr } from "../ast.ts";
import type { IrExpr } from "../ir.ts";
import type { Span } from "../span.ts";
import { didYouMean } from "../suggest.ts";
import { T, typeName, unify, type Type } from "../types.ts";
import { declareName, use, type Checker, type CodeContext } from "./context.ts";
import { checkExpr, expect, type Typed } from "./expressions.ts";

/**
 * Maps keyed by an enum (`per Colour number`): one value per member, held at run
 * time as a list in the members' order, so indexing lowers to a list index of
 * the member's position and iteration goes over the values.
 */

function bad(span: Span): Typed {
  return { ir: { op: "lit", v: null, ty: T.any, span }, ty: T.any };
}

/** The members of enum `name`, or undefined if it is not an enum. */
export function enumMembers(c: Checker, name: string): string[] | undefined {
  const g = c.globals.get(name);
  return g?.k === "enum" ? g.decl.members.map((m) => m.name.text) : undefined;
}

/**
 * The enum a map literal is keyed by: the one every key belongs to (a key
 * shared by two enums is settled by the others). Reports and gives undefined
 * when there is none.
 */
export function mapLitEnum(c: Checker, e: Extract<Expr, { kind: "MapLit" }>): { name: string; members: string[] } | undefined {
  const expected = c.expectedMap?.expr === e ? c.expectedMap.type : undefined;
  if (e.entries.length === 0 && expected) {
    use(c, expected.enum, e.span);
    return { name: expected.enum, members: [...expected.members] };
  }
  if (e.entries.length === 0) {
    // The rules' own first enum in the example, where there is one: "Colour" read as a real name.
    const anEnum = [...c.globals].find(([, g]) => g.k === "enum")?.[0];
    c.sink.error("type-mismatch", "an enum map literal needs at least one `member: value` to say which enum it is keyed by", e.span, anEnum ? `for the same value everywhere write \`per ${anEnum} m: 0\` (with the map's enum)` : "for the same value everywhere write `per Colour c: 0` (with your enum's name)");
    return undefined;
  }
  let candidates: string[] | undefined;
  for (const entry of e.entries) {
    const owners = c.members.get(entry.key.text) ?? [];
    candidates = candidates ? candidates.filter((n) => owners.includes(n)) : [...owners];
  }
  if (candidates?.length === 1) {
    use(c, candidates[0]!, e.span);
    return { name: candidates[0]!, members: enumMembers(c, candidates[0]!)! };
  }
  const first = e.entries.find((x) => !c.members.has(x.key.text)) ?? e.entries[0]!;
  const known = c.members.has(first.key.text);
  c.sink.error(
    "unknown-name",
    candidates && candidates.length > 1
      ? `these keys are members of ${candidates.join(" and ")}: the map's enum is unclear`
      : known
        ? "the keys of a map literal must all be members of one enum"
        : `\`${first.key.text}\` is not an enum member`,
    first.key.span,
    known ? undefined : didYouMean(first.key.text, [...c.members.keys()]),
  );
  return undefined;
}

/**
 * Runs `f` (which checks or works out `value`) knowing that `value` is declared `type`: when
 * that is an enum map and `value` a literal, the literal may name no member (`{ else: 0 }`).
 * Only `value` itself is affected, not literals nested inside it.
 */
export function expectingMap<R>(c: Checker, value: { kind: string }, type: Type | undefined, f: () => R): R {
  const saved = c.expectedMap;
  c.expectedMap = type?.t === "emap" ? { expr: value, type } : undefined;
  try {
    return f();
  } finally {
    c.expectedMap = saved;
  }
}

/**
 * Puts a literal's values in member order, reporting a key given twice and
 * members left out without an `else`.
 */
export function orderMapValues<V>(c: Checker, e: Extract<Expr, { kind: "MapLit" }>, keyed: { name: string; members: string[] }, values: V[], dflt: V | undefined, none: V): V[] {
  const byKey = new Map<string, V>();
  e.entries.forEach((entry, i) => {
    if (byKey.has(entry.key.text)) {
      c.sink.error("duplicate-name", `\`${entry.key.text}\` is given twice in this map`, entry.key.span);
      return;
    }
    byKey.set(entry.key.text, values[i]!);
  });
  const missing = keyed.members.filter((m) => !byKey.has(m));
  if (missing.length > 0 && dflt === undefined) {
    c.sink.error(
      "map-missing-member",
      `this ${keyed.name} map has no value for ${missing.map((m) => `\`${m}\``).join(", ")}`,
      e.span,
      "give every member a value, or add `else: value` for the rest",
    );
  }
  return keyed.members.map((m) => (byKey.has(m) ? byKey.get(m)! : (dflt ?? none)));
}

/** `{ red: 2, blue: 1, else: 0 }` in code: a list of the values in member order. */
export function checkMapLit(c: Checker, e: Extract<Expr, { kind: "MapLit" }>, cx: CodeContext): Typed {
  const keyed = mapLitEnum(c, e);
  const values = e.entries.map((x) => checkExpr(c, x.value, cx));
  const dflt = e.default ? checkExpr(c, e.default, cx) : undefined;
  if (!keyed) return bad(e.span);
  let ty: Type = T.none;
  [...values, ...(dflt ? [dflt] : [])].forEach((t, i) => {
    const u = unify(ty, t.ty);
    if (!u) c.sink.error("type-mismatch", `a map cannot mix ${typeName(ty)} and ${typeName(t.ty)}`, (e.entries[i]?.value ?? e.default!).span);
    else ty = u;
  });
  const none: Typed = { ir: { op: "lit", v: null, ty: T.none, span: e.span }, ty: T.none };
  const items = orderMapValues(c, e, keyed, values, dflt, none).map((t) => t.ir);
  return { ir: { op: "list", items, span: e.span }, ty: T.emap(keyed.name, keyed.members, ty.t === "none" ? T.any : ty) };
}

/** `per Colour c: body`: the body's value for each member, in order. */
export function checkPerEnum(c: Checker, e: Extract<Expr, { kind: "PerEnumExpr" }>, cx: CodeContext): Typed {
  const members = enumMembers(c, e.enumName.text);
  if (!members) {
    const enums = [...c.globals].filter(([, g]) => g.k === "enum").map(([n]) => n);
    c.sink.error("unknown-name", `\`per ${e.enumName.text}\` needs an enum (or \`player\`), and \`${e.enumName.text}\` is not one`, e.enumName.span, didYouMean(e.enumName.text, ["player", ...enums]));
    return bad(e.span);
  }
  use(c, e.enumName.text, e.enumName.span);
  const scope = cx.scope.child();
  const local = declareName(c, scope, e.variable, T.enumOf(e.enumName.text));
  // No warning when the body does not read the member: `per Colour c: 0` is how a map with
  // one value everywhere is written (a literal `{ else: 0 }` cannot say its enum).
  const body = checkExpr(c, e.body, { ...cx, scope });
  const src: IrExpr = { op: "lit", v: members, ty: T.list(T.enumOf(e.enumName.text)), span: e.enumName.span };
  return {
    ir: { op: "comp", form: "list", slot: local.slot, src, zone: false, deep: false, body: body.ir, span: e.span },
    ty: T.emap(e.enumName.text, members, body.ty),
  };
}

/** The list index of key `idx` in a map of type `ty`, with an error if the key is of another type. */
export function enumMapIndex(c: Checker, ty: Extract<Type, { t: "emap" }>, idx: Typed, span: Span): IrExpr {
  expect(c, idx, T.enumOf(ty.enum), span, `the key of a per ${ty.enum} map`);
  return { op: "ordinal", a: idx.ir, members: ty.members, span };
}
