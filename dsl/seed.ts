/**
 * The largest seed. The random generators take 32-bit seeds, so a larger seed would play the very game or run of its remainder by 2^32 (4294967297 that of 1)
 * while named as another: refused, so "confirm with another seed" always plays another one.
 */
export const MAX_SEED = 2 ** 32 - 1;

/**
 * What is wrong with `n` as a seed, worded to follow the setting's name (`--seed takes …`,
 * an example's `` `seed` takes … ``), or undefined for a seed. The one test of a seed, for the
 * CLI's `--seed` and a rule file's `example`, so an example never runs on a seed the CLI refuses.
 */
export function seedProblem(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 0) return `takes a whole number from 0 to ${MAX_SEED.toLocaleString("en")}`;
  if (n > MAX_SEED) return `takes at most ${MAX_SEED.toLocaleString("en")} (seeds are 32-bit numbers)`;
  return undefined;
}
