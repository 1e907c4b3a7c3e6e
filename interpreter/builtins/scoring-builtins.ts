import type { Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import { fail } from "../runtime-error.ts";
import { direct, type BuiltinImpl, type BuiltinName } from "./impl.ts";

/** `x` rounded up / down to a multiple of `unit` ("rounded up to the nearest $100"); 1: a whole number. */
const up = (x: number, unit: number): number => Math.ceil(x / unit) * unit;
const down = (x: number, unit: number): number => Math.floor(x / unit) * unit;

/**
 * What each member of a tied group gets. `prizes` are the prizes of the
 * places the group fills (from its own place down), `n` its size, `unit` what a share is rounded to.
 */
const POLICIES: Record<string, (prizes: number[], n: number, unit: number) => number> = {
  pool_round_up: (prizes, n, unit) => up(prizes.reduce((a, b) => a + b, 0) / n, unit),
  pool_round_down: (prizes, n, unit) => down(prizes.reduce((a, b) => a + b, 0) / n, unit),
  split_round_down: (prizes, n, unit) => down(prizes[0]! / n, unit),
  half_each: (prizes, n, unit) => (n === 1 ? prizes[0]! : down(prizes[0]! / 2, unit)),
  full_each: (prizes) => prizes[0]!,
  // Tied players each drop one place (two or three tied for first all score
  // second place's prize), and the next player takes the place after all of them.
  next_place_each: (prizes) => prizes[1] ?? 0,
};

/** How `majority` and `minority` round and what a lone contender takes (their named arguments). */
export interface AwardOptions {
  /** Tied players' shares are rounded to a multiple of it (default 1: whole numbers). */
  unit: number;
  /** A player alone in the ranking takes every prize, not only the first. */
  alone: boolean;
}

const PLAIN: AwardOptions = { unit: 1, alone: false };

/** Ranks players by value and pays prizes by place, tied groups by the policy. */
export function majority(values: Value[], prizes: number[], policy: string, minimum: number, options: AwardOptions = PLAIN): number[] {
  const pay = POLICIES[policy];
  if (!pay) throw new Error(`unknown tie policy ${policy}`);
  const out = values.map(() => 0);
  const ranked = values
    .map((v, p) => ({ p, v: typeof v === "number" ? v : 0 }))
    .filter((e) => e.v >= minimum)
    .sort((a, b) => b.v - a.v || a.p - b.p);
  // A lone contender (a sole stockholder): with nobody to share the ranking, every place's prize is theirs.
  if (options.alone && ranked.length === 1) {
    out[ranked[0]!.p] = prizes.reduce((a, b) => a + b, 0);
    return out;
  }
  let place = 0;
  for (let i = 0; i < ranked.length; ) {
    let j = i;
    while (j < ranked.length && ranked[j]!.v === ranked[i]!.v) j++;
    const n = j - i;
    // A loop, not `Array.from({ length })`, which took a search 1.2% (scoring is asked of every copy).
    const filled: number[] = [];
    for (let k = 0; k < n; k++) filled.push(prizes[place + k] ?? 0);
    const each = n === 1 ? filled[0]! : pay(filled, n, options.unit);
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
export function minority(values: Value[], prizes: number[], policy: string, maximum: number | null, options: AwardOptions = PLAIN): number[] {
  // A value that is not a number counts as 0, as in `majority`; `0 - v`, so that 0 stays 0, never −0.
  const negated = values.map((v) => (typeof v === "number" ? 0 - v : 0));
  return majority(negated, prizes, policy, maximum === null ? -Infinity : 0 - maximum, options);
}

/** The named `unit` and `alone` of a call, checked: a unit is a number above 0. */
function awardOptions(unit: Value, alone: Value, name: string, span: Span): AwardOptions {
  if (unit !== null && (typeof unit !== "number" || !(unit > 0) || !Number.isFinite(unit))) fail("runtime-invalid-number", `\`${name}\` rounds shares to a multiple of \`unit\`, a number above 0, and this one is ${String(unit)}`, span);
  return { unit: (unit as number | null) ?? 1, alone: alone === true };
}

export const SCORING_IMPLS = {
  majority: direct((_x, span, values, prizes, ties, minimum, unit, alone) => {
    if (!Array.isArray(values) || !Array.isArray(prizes)) fail("runtime-none-value", "`majority` needs values per player and a list of prizes", span);
    return majority(values, prizes as number[], (ties as string | null) ?? "pool_round_up", (minimum as number | null) ?? 1, awardOptions(unit ?? null, alone ?? null, "majority", span));
  }),
  minority: direct((_x, span, values, prizes, ties, maximum, unit, alone) => {
    if (!Array.isArray(values) || !Array.isArray(prizes)) fail("runtime-none-value", "`minority` needs values per player and a list of prizes", span);
    return minority(values, prizes as number[], (ties as string | null) ?? "pool_round_up", (maximum as number | null) ?? null, awardOptions(unit ?? null, alone ?? null, "minority", span));
  }),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
