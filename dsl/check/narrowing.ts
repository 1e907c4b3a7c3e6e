import type { Expr } from "../ast.ts";
import type { CodeContext } from "./context.ts";

/**
 * Narrowing by `is`: after `x is Tile` holds (on the right of `and`, in the
 * `then` of an `if`, after a `where`), the checker reads `x` as a Tile, so its
 * fields are guaranteed. `x` is a local name, a field path of one
 * (`spot.piece`) or a call on such paths (`piece_at(n)`), keyed by its text.
 */

/** The key of a name or field path, or undefined for any other expression. */
export function pathKey(e: Expr): string | undefined {
  if (e.kind === "NameExpr") return e.name;
  if (e.kind === "FieldExpr") {
    const inner = pathKey(e.object);
    return inner === undefined ? undefined : `${inner}.${e.field.text}`;
  }
  // Expressions have no side effects, so `piece_at(n)` is the same piece each time it is read.
  if (e.kind === "CallExpr" && e.args.every((a) => !a.name)) {
    const args = e.args.map((a) => pathKey(a.value));
    return args.every((a) => a !== undefined) ? `${e.callee.text}(${args.join(",")})` : undefined;
  }
  return undefined;
}

/** What `cond` being true says about kinds: path → kind. */
export function narrowings(cond: Expr): [string, string][] {
  if (cond.kind === "IsExpr") {
    const key = pathKey(cond.value);
    return key === undefined ? [] : [[key, cond.kindName.text]];
  }
  if (cond.kind === "BinaryExpr" && cond.op === "and") return [...narrowings(cond.left), ...narrowings(cond.right)];
  return [];
}

/**
 * What `cond` being false says about kinds: `not (x is Tile)` false is `x is Tile` (the `else` of
 * `if not (q is Tile) { … } else { q.side }`, the right of `not (q is Tile) or q.side > 1`); of
 * `a or b` false, both are false.
 */
export function narrowingsWhenFalse(cond: Expr): [string, string][] {
  if (cond.kind === "UnaryExpr" && cond.op === "not") return narrowings(cond.operand);
  if (cond.kind === "BinaryExpr" && cond.op === "or") return [...narrowingsWhenFalse(cond.left), ...narrowingsWhenFalse(cond.right)];
  return [];
}

/** The context with what `cond` being false says added (`narrowingsWhenFalse`). */
export function narrowedWhenFalse(cx: CodeContext, cond: Expr | undefined): CodeContext {
  return cond ? withNarrowings(cx, narrowingsWhenFalse(cond)) : cx;
}

/** The context with what `cond` being true says added (the same context if it says nothing). */
export function narrowed(cx: CodeContext, cond: Expr | undefined): CodeContext {
  if (!cond) return cx;
  return withNarrowings(cx, narrowings(cond));
}

function withNarrowings(cx: CodeContext, add: [string, string][]): CodeContext {
  if (add.length === 0) return cx;
  return { ...cx, narrow: new Map([...(cx.narrow ?? []), ...add]) };
}

/** The kind `e` is known to be of here, if a narrowing says so. */
export function narrowedKind(cx: CodeContext, e: Expr): string | undefined {
  if (!cx.narrow) return undefined;
  const key = pathKey(e);
  return key === undefined ? undefined : cx.narrow.get(key);
}
