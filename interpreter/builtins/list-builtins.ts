import type { Value } from "../../dsl/ir.ts";
import { tick, type Exec } from "../exec.ts";
import { fail } from "../runtime-error.ts";
import { equal } from "../values.ts";
import type { BuiltinImpl, BuiltinName } from "./impl.ts";

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

export const LIST_IMPLS = {
  size: (x, [v]) => listOf(x, v!).length,
  top: (x, [v]) => {
    if (typeof v === "string" && x.s.zones[v]) {
      const z = x.s.zones[v]!;
      return z.length ? z[z.length - 1]! : null;
    }
    return Array.isArray(v) && v.length ? v[0]! : null;
  },
  max: (_x, [a, b], span) => {
    if (Array.isArray(a)) return extreme(a, 1);
    if (typeof a !== "number" || typeof b !== "number") fail("runtime-none-value", "`max` needs two numbers or a list", span);
    return Math.max(a, b);
  },
  min: (_x, [a, b], span) => {
    if (Array.isArray(a)) return extreme(a, -1);
    if (typeof a !== "number" || typeof b !== "number") fail("runtime-none-value", "`min` needs two numbers or a list", span);
    return Math.min(a, b);
  },
  reverse: (x, [v]) => [...listOf(x, v!)].reverse(),
  distinct: (x, [v], span) => {
    const list = listOf(x, v!);
    tick(x, span, list.length);
    const out: Value[] = [];
    for (const i of list) if (!out.some((o) => equal(o, i))) out.push(i);
    return out;
  },
  // A loop, not `flatMap`: rules flatten a list per player or gear at every decision, and V8's
  // `flatMap` with a callback building a list per item cost several times as much.
  flatten: (x, [v]) => {
    const out: Value[] = [];
    for (const i of listOf(x, v!)) {
      if (Array.isArray(i)) for (const j of i) out.push(j);
      else out.push(i);
    }
    return out;
  },
  index_of: (x, [v, item]) => listOf(x, v!).findIndex((i) => equal(i, item!)),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
