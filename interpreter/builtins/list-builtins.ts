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

function numbers(v: Value): number[] {
  return (Array.isArray(v) ? v : []).filter((n): n is number => typeof n === "number");
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
    if (Array.isArray(a)) return numbers(a).reduce((m, n) => Math.max(m, n), numbers(a).length ? -Infinity : 0);
    if (typeof a !== "number" || typeof b !== "number") fail("runtime-none-value", "`max` needs two numbers or a list", span);
    return Math.max(a, b);
  },
  min: (_x, [a, b], span) => {
    if (Array.isArray(a)) return numbers(a).reduce((m, n) => Math.min(m, n), numbers(a).length ? Infinity : 0);
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
  flatten: (x, [v]) => listOf(x, v!).flatMap((i) => (Array.isArray(i) ? i : [i])),
  index_of: (x, [v, item]) => listOf(x, v!).findIndex((i) => equal(i, item!)),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
