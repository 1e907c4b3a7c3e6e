import type { Value } from "../../dsl/ir.ts";
import { tick, type Exec } from "../exec.ts";
import { fail } from "../runtime-error.ts";
import { isSpace } from "../space-info.ts";
import { checkListSize, equal, RUNTIME_LIMITS } from "../values.ts";
import { direct, type BuiltinImpl, type BuiltinName } from "./impl.ts";

/** A list argument, or a zone's pieces (bottom first). */
export function listOf(x: Exec, v: Value): Value[] {
  if (typeof v === "string" && x.s.zones[v]) return x.s.zones[v]!;
  return Array.isArray(v) ? v : [];
}

/**
 * The largest (`sign` 1) or smallest (-1) number in a list, ignoring what is not a number; 0 for
 * a list without numbers. One pass, no list built: rules ask it of a comprehension per candidate.
 */
function extreme(list: Value[], sign: 1 | -1): number {
  let found = false;
  let best = 0;
  for (let i = 0; i < list.length; i++) {
    const n = list[i];
    if (typeof n !== "number") continue;
    // `Math.max`/`Math.min` as before: a NaN among the numbers gives NaN.
    best = found ? (sign === 1 ? Math.max(best, n) : Math.min(best, n)) : n;
    found = true;
  }
  return best;
}

/** Up to this many items, `distinct` compares each with those kept: cheaper than building a set. */
const SMALL_LIST = 16;

export const LIST_IMPLS = {
  size: direct((x, _span, v) => listOf(x, v!).length),
  top: direct((x, _span, v) => {
    if (typeof v === "string" && x.s.zones[v]) {
      const z = x.s.zones[v]!;
      return z.length ? z[z.length - 1]! : null;
    }
    return Array.isArray(v) && v.length ? v[0]! : null;
  }),
  // A list's largest or smallest is a pass over it, charged by its length as a comprehension is.
  max: direct((x, span, a, b) => {
    if (Array.isArray(a)) {
      x.steps += a.length;
      if (x.steps > x.budget) tick(x, span, 0);
      return extreme(a, 1);
    }
    if (typeof a !== "number" || typeof b !== "number") fail("runtime-none-value", "`max` needs two numbers or a list", span);
    return Math.max(a, b);
  }),
  min: direct((x, span, a, b) => {
    if (Array.isArray(a)) {
      x.steps += a.length;
      if (x.steps > x.budget) tick(x, span, 0);
      return extreme(a, -1);
    }
    if (typeof a !== "number" || typeof b !== "number") fail("runtime-none-value", "`min` needs two numbers or a list", span);
    return Math.min(a, b);
  }),
  reverse: direct((x, span, v) => {
    const list = listOf(x, v!);
    tick(x, span, list.length);
    return [...list].reverse();
  }),
  // Numbers, texts, pieces, players and spaces (one object each) are told apart by a set; only
  // values compared by content (lists, placements) are compared with each kept one, each
  // comparison charged: 1,000,000 numbers took minutes compared pairwise, uncharged.
  distinct: direct((x, span, v) => {
    const list = listOf(x, v!);
    tick(x, span, list.length);
    // A few items (a handful of colours): compared with each kept one, no set to build.
    if (list.length <= SMALL_LIST) {
      const kept: Value[] = [];
      for (const i of list) if (!kept.some((o) => equal(o, i))) kept.push(i);
      return kept;
    }
    const out: Value[] = [];
    const seen = new Set<Value>();
    const structured: Value[] = [];
    for (const i of list) {
      if (i === null || typeof i !== "object" || isSpace(i)) {
        if (seen.has(i)) continue;
        seen.add(i);
      } else {
        tick(x, span, structured.length);
        if (structured.some((o) => equal(o, i))) continue;
        structured.push(i);
      }
      out.push(i);
    }
    return out;
  }),
  // A loop, not `flatMap`: rules flatten a list per player or gear at every decision, and V8's
  // `flatMap` with a callback building a list per item cost several times as much.
  flatten: direct((x, span, v) => {
    const out: Value[] = [];
    for (const i of listOf(x, v!)) {
      if (Array.isArray(i)) {
        // Refused before it is built: 1,000 lists of 1,000,000 items crashed the process.
        if (out.length + i.length > RUNTIME_LIMITS.listItems) checkListSize(x, out.length + i.length, span);
        for (const j of i) out.push(j);
      } else out.push(i);
    }
    tick(x, span, out.length);
    return out;
  }),
  index_of: direct((x, span, v, item) => {
    const list = listOf(x, v!);
    tick(x, span, list.length);
    return list.findIndex((i) => equal(i, item!));
  }),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
