import { GAME_DECISION_LIMIT } from "../index.ts";

/**
 * The most games one run plays (`--games`, `--smoke`): a run keeps every game's outcome for its
 * figures (about 150 bytes each) and cuts its games into tasks up front. Asked for 10^11, the
 * process ran out of memory and printed V8's stack trace; a million games keep well within memory
 * (Tic-Tac-Toe: 512 MB, 31 s), and the figures' intervals are then ±0.1 point.
 */
export const MAX_GAMES = 1_000_000;

/**
 * The most worker processes a run starts (`--workers`): each is a Node process of its own (tens
 * of MB); 10,000 would exhaust the machine, and more than its cores adds no speed.
 */
export const MAX_WORKERS = 64;

/** `--games`: a limit and why, as `wholeNumber` reports it. */
export const GAMES_LIMIT = { most: MAX_GAMES, why: "a run keeps every game's outcome for its figures" };

/** `--smoke`: smoke games only look for rule errors, and their failures are kept; long runs are `stela simulate`'s. */
export const SMOKE_LIMIT = { most: MAX_GAMES, why: "a smoke run is a quick check; long runs are for stela simulate" };

/** `--workers`: a limit and why, as `wholeNumber` reports it. */
export const WORKERS_LIMIT = { most: MAX_WORKERS, why: "one process each; more than the machine's cores adds no speed" };

/** `--max-decisions` of simulate and compare: a game is stopped there anyway. */
export const DECISIONS_LIMIT = { most: GAME_DECISION_LIMIT, why: "a game is stopped there anyway" };

/** The help of `--max-decisions` on simulate and compare. */
export const MAX_DECISIONS_HELP = `a game still going after n decisions fails as endless (runtime-no-end; default ${GAME_DECISION_LIMIT}): lower it to find a game the bots never end sooner`;
