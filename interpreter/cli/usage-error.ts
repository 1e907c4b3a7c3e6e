/** A mistake in how the command was called (a missing file, a bad flag): one line, exit code 2. */
export class UsageError extends Error {}

/**
 * The most games one run plays (`--games`, `--smoke`): a run keeps every game's outcome for its
 * figures (about 150 bytes each), and cuts its games into tasks up front. Asked for 10^11, the
 * process ran out of memory and printed V8's stack trace; a million games keep well within memory,
 * and the figures' intervals are then a tenth of a point wide.
 */
export const MAX_GAMES = 1_000_000;

/** The most worker processes a run starts (`--workers`): each is a Node process of its own (tens of MB). */
export const MAX_WORKERS = 64;

/** Parses a whole number flag from `min` up (to `max`, when given), or says which flag is wrong and why. */
export function wholeNumber(value: string, flag: string, min = 0, max?: { most: number; why: string }): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${flag} takes a whole number${min > 0 ? ` of at least ${min}` : ""}, not "${value}"`);
  }
  if (max && n > max.most) throw new UsageError(`${flag} takes at most ${max.most.toLocaleString("en")} (${max.why}), not ${n.toLocaleString("en")}`);
  return n;
}

/** `--games`: at most `MAX_GAMES`. */
export const GAMES_LIMIT = { most: MAX_GAMES, why: "a run keeps every game's outcome for its figures" };

/** `--smoke`: at most `MAX_GAMES` too. */
export const SMOKE_LIMIT = { most: MAX_GAMES, why: "a smoke run is a quick check; long runs are for stela simulate" };

/** `--workers`: at most `MAX_WORKERS`. */
export const WORKERS_LIMIT = { most: MAX_WORKERS, why: "one process each; more than the machine's cores adds no speed" };
