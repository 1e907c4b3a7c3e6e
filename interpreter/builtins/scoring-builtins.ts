import type { Value } from "../../dsl/ir.ts";
import { fail } from "../runtime-error.ts";
import type { BuiltinImpl, BuiltinName } from "./impl.ts";

/**
 * What each member of a tied group gets. `prizes` are the prizes of the
 * places the group fills (from its own place down), `n` its size.
 */
const POLICIES: Record<string, (prizes: number[], n: number) => number> = {
  pool_round_up: (prizes, n) => Math.ceil(prizes.reduce((a, b) => a + b, 0) / n),
  pool_round_down: (prizes, n) => Math.floor(prizes.reduce((a, b) => a + b, 0) / n),
  split_round_down: (prizes, n) => Math.floor(prizes[0]! / n),
  half_each: (prizes, n) => (n === 1 ? prizes[0]! : Math.floor(prizes[0]! / 2)),
  full_each: (prizes) => prizes[0]!,
};

/** Ranks players by value and pays prizes by place, tied groups by the policy. */
export function majority(values: Value[], prizes: number[], policy: string, minimum: number): number[] {
  const pay = POLICIES[policy];
  if (!pay) throw new Error(`unknown tie policy ${policy}`);
  const out = values.map(() => 0);
  const ranked = values
    .map((v, p) => ({ p, v: typeof v === "number" ? v : 0 }))
    .filter((e) => e.v >= minimum)
    .sort((a, b) => b.v - a.v || a.p - b.p);
  let place = 0;
  for (let i = 0; i < ranked.length; ) {
    let j = i;
    while (j < ranked.length && ranked[j]!.v === ranked[i]!.v) j++;
    const n = j - i;
    // A loop, not `Array.from({ length })`, which took a search 1.2% (scoring is asked of every copy).
    const filled: number[] = [];
    for (let k = 0; k < n; k++) filled.push(prizes[place + k] ?? 0);
    const each = n === 1 ? filled[0]! : pay(filled, n);
    for (let k = i; k < j; k++) out[ranked[k]!.p] = each;
    place += n;
    i = j;
  }
  return out;
}

/**
 * Ranks players lowest first and pays prizes by place: `majority` of the values negated, so the
 * tie policies read the same; `maximum` (none: every player) leaves out the players above it.
 */
export function minority(values: Value[], prizes: number[], policy: string, maximum: number | null): number[] {
  // A value that is not a number counts as 0, as in `majority`; `0 - v`, so that 0 stays 0, never −0.
  const negated = values.map((v) => (typeof v === "number" ? 0 - v : 0));
  return majority(negated, prizes, policy, maximum === null ? -Infinity : 0 - maximum);
}

export const SCORING_IMPLS = {
  majority: (_x, [values, prizes, ties, minimum], span) => {
    if (!Array.isArray(values) || !Array.isArray(prizes)) fail("runtime-none-value", "`majority` needs values per player and a list of prizes", span);
    return majority(values, prizes as number[], (ties as string | null) ?? "pool_round_up", (minimum as number | null) ?? 1);
  },
  minority: (_x, [values, prizes, ties, maximum], span) => {
    if (!Array.isArray(values) || !Array.isArray(prizes)) fail("runtime-none-value", "`minority` needs values per player and a list of prizes", span);
    return minority(values, prizes as number[], (ties as string | null) ?? "pool_round_up", (maximum as number | null) ?? null);
  },
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
