import type { IrExpr, Value } from "../dsl/ir.ts";
import type { Exec, Fn } from "./exec.ts";
import type { Runtime } from "./runtime.ts";
import { isDistinct, markDistinct } from "./values.ts";

/**
 * Values the game's definition alone decides: an expression that reads only written numbers and
 * texts, a bounded board's spaces and their coordinates and attributes, tables (not of zones), and what it binds
 * itself (`[t for t in spaces(hexes) where t.y == 0]`, the sides of a board; `space_at(b, 3, 4)`).
 * Such an expression gives the same value in every match of the game, so the compiled engine works
 * it out once (`compile-js.ts`) and gives that value again, the way a hand-written game keeps its
 * sides in a constant.
 *
 * Invisible in what is played, as the memo is (`memo.ts`): each time, the step budget is charged
 * the steps working it out took (worked out again instead when that would pass the budget, so a
 * rule stops where it would), and the locals it binds are left as working it out leaves them (a
 * frame's locals are part of a saved match). A value that failed is never kept. What a fixed
 * expression may call is a short list of built-ins that read no match; anything else (a piece, a
 * zone, a variable, `random`, the game's own functions, a board that grows) makes it a plain one.
 */
export interface FixedValue {
  /** Works the value out (the expression compiled on its own). */
  fn: Fn;
  /** The locals the expression binds (comprehension variables, `match` subjects), in a fixed order. */
  slots: number[];
  done: boolean;
  v: Value;
  /** The steps working it out charged. */
  steps: number;
  /** What `slots` held after working it out. */
  after: Value[];
}

/** Built-ins whose answer depends only on their arguments and the boards' fixed geometry (`spaces` only on a bounded board). */
export const FIXED_BUILTINS: ReadonlySet<string> = new Set([
  "spaces",
  "space_at",
  "neighbours",
  "size",
  "max",
  "min",
  "reverse",
  "distinct",
  "flatten",
  "index_of",
  "floor",
  "ceil",
  "round",
  "abs",
  "clamp",
]);

/** The built-in properties of a space that never change: where it is and how it reads. */
export const FIXED_SPACE_PROPS: ReadonlySet<string> = new Set(["x", "y", "level", "board", "label"]);

/**
 * Does a type hold a zone anywhere (`zone`, a list of zones, …)? A zone is named by a text that
 * built-ins such as `size` read the match's pieces through: a table or constant of zones is not fixed.
 */
function holdsZone(t: unknown): boolean {
  if (Array.isArray(t)) return t.some(holdsZone);
  if (t === null || typeof t !== "object") return false;
  const o = t as Record<string, unknown>;
  return o["t"] === "zone" || Object.values(o).some(holdsZone);
}

/**
 * The locals `e` binds, when `e` is fixed by the definition and worth keeping (it builds a list,
 * a range included, or calls a built-in: a sum of written numbers costs less to work out than to look up); else
 * undefined.
 */
export function fixedSlots(e: IrExpr, rt: Runtime): number[] | undefined {
  const found = { slots: new Set<number>(), work: false };
  if (!fixed(e, new Set(), found, rt) || !found.work) return undefined;
  return [...found.slots].sort((a, b) => a - b);
}

function fixed(e: IrExpr, bound: ReadonlySet<number>, found: { slots: Set<number>; work: boolean }, rt: Runtime): boolean {
  const all = (list: readonly IrExpr[]): boolean => list.every((c) => fixed(c, bound, found, rt));
  const binding = (slot: number, body: readonly (IrExpr | undefined)[]): boolean => {
    found.slots.add(slot);
    const inner = new Set(bound).add(slot);
    return body.every((c) => c === undefined || fixed(c, inner, found, rt));
  };
  switch (e.op) {
    case "lit":
      return !holdsZone(e.ty);
    case "local":
      return bound.has(e.slot);
    case "board":
      return e.player === undefined;
    case "prop":
      return e.of === "space" && FIXED_SPACE_PROPS.has(e.name) && fixed(e.obj, bound, found, rt);
    case "attr":
    case "ordinal":
    case "not":
    case "neg":
    case "is":
      return fixed(e.op === "attr" ? e.obj : e.a, bound, found, rt);
    case "index":
      return all([e.obj, e.idx]);
    case "table":
      return !holdsZone(rt.def.tables[e.name]?.valueType ?? { t: "zone" }) && fixed(e.key, bound, found, rt);
    case "range":
      // Building the list is work: `0..6` is built once.
      found.work = true;
      return all([e.a, e.b]);
    case "arith":
    case "cmp":
    case "and":
    case "or":
      return all([e.a, e.b]);
    case "in":
      return !e.zone && all([e.a, e.b]);
    case "if":
      return all([e.c, e.a, e.b]);
    case "list":
      return all(e.items);
    case "template":
      return e.parts.every((p) => typeof p === "string" || fixed(p.e, bound, found, rt));
    case "bind":
      return fixed(e.value, bound, found, rt) && binding(e.slot, [e.body]);
    case "comp":
      found.work = true;
      return !e.zone && fixed(e.src, bound, found, rt) && binding(e.slot, [e.where, e.body]);
    case "builtin": {
      if (!FIXED_BUILTINS.has(e.fn)) return false;
      // An open grid's spaces are those its pieces reach: they change as the match goes.
      if (e.fn === "spaces") {
        const b = e.args[0];
        if (b?.op !== "board" || b.player !== undefined || rt.topo.shape(b.name)?.bounds == null) return false;
      }
      found.work = true;
      return all(e.args);
    }
    case "global":
    case "pvar":
    case "zone":
    case "zones":
    case "field":
    case "sstate":
    case "fn":
    case "rule":
    case "hook":
    case "perplayer":
    case "current":
      return false;
    default: {
      // A new kind of expression is read as not fixed until it is said here that it is.
      const unknown: never = e;
      void unknown;
      return false;
    }
  }
}

/** The value of a fixed expression: worked out once, then given again with its steps charged (see above). */
export function fixedValue(x: Exec, l: Value[], c: FixedValue): Value {
  if (c.done && x.steps + c.steps <= x.budget) {
    x.steps += c.steps;
    for (let i = 0; i < c.slots.length; i++) l[c.slots[i]!] = c.after[i]!;
    return c.v;
  }
  const before = x.steps;
  const v = c.fn(x, l);
  c.steps = x.steps - before;
  c.after = c.slots.map((s) => l[s]!);
  // A list known to hold distinct values (a range, a board's spaces) keeps that mark for good: it is kept too.
  if (Array.isArray(v) && isDistinct(v)) markDistinct(v, true);
  c.v = v;
  c.done = true;
  return v;
}
