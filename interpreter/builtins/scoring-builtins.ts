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

export const SCORING_IMPLS = {
  majority: (_x, [values, prizes, ties, minimum], span) => {
    if (!Array.isArray(values) || !Array.isArray(prizes)) fail("runtime-none-value", "`majority` needs values per player and a list of prizes", span);
    return majority(values, prizes as number[], (ties as string | null) ?? "pool_round_up", (minimum as number | null) ?? 1);
  },
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
