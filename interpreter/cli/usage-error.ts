import { MAX_SEED, seedProblem } from "../../dsl/index.ts";

/** A mistake in how the command was called (a missing file, a bad flag): one line, exit code 2. */
export class UsageError extends Error {}

/** `--seed`: a seed as the language takes one (`seedProblem`, which an example's `seed` meets too), or says why not. */
export function seedFlag(value: string): number {
  const n = /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  const problem = seedProblem(n);
  if (problem) throw new UsageError(`--seed ${problem}, not ${Number.isSafeInteger(n) && n > MAX_SEED ? n.toLocaleString("en") : `"${value}"`}`);
  return n;
}

/** Parses a whole number flag from `min` up (to `max.most`, when given: `run-limits.ts`), or says which flag is wrong and why. */
export function wholeNumber(value: string, flag: string, min = 0, max?: { most: number; why: string }): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${flag} takes a whole number${min > 0 ? ` of at least ${min}` : ""}, not "${value}"`);
  }
  if (max && n > max.most) throw new UsageError(`${flag} takes at most ${max.most.toLocaleString("en")} (${max.why}), not ${n.toLocaleString("en")}`);
  return n;
}
