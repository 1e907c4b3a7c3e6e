import type { Match } from "../match.ts";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { botRandom, mixSeed } from "./seeds.ts";

/**
 * One step of look-ahead, as the greedy bot judges options and as MCTS orders them before it
 * searches: an option is taken on a look-ahead copy of a redrawn world (`Match.resampleFor`, so
 * nothing the player cannot see is peeked at), and the copy is judged where the rules next ask
 * someone to choose (`Match.lookAhead`: before that choice's candidates are weighed).
 */

/**
 * The positions of the options a bot looks at among `n`: all of them, or `width` distinct ones
 * drawn with `pick` (a whole number below its argument) when there are more. Options can be
 * hundreds of placements; a bot that tries each on a copy samples them instead.
 */
export function optionSample(n: number, width: number, pick: (n: number) => number): number[] {
  if (n <= width) return [...Array(n).keys()];
  const pool: number[] = [];
  const taken = new Set<number>();
  while (pool.length < width) {
    const i = pick(n);
    if (!taken.has(i)) {
      taken.add(i);
      pool.push(i);
    }
  }
  return pool;
}

/**
 * A look-ahead copy of `world` after `player` takes option `index`, stopped where the rules next
 * ask someone to choose; undefined when the option is refused. In a secret choice the others'
 * answers were forgotten by the redraw: those still owed answer at random here, so the choice
 * resolves without peeking, and the player's own consequences still show.
 *
 * They answer the same for every option tried on `world` (drawn from a generator seeded by the
 * world, `othersAnswer`): drawn afresh for each option, a seat that answered first judged each of
 * its bids against other random bids, while the last seat, whose others' answers the redraw had
 * fixed in the world, judged all of its own against the same ones, and chose far better. In a
 * game of sealed bids treating both seats alike, greedy in seat 1 won 58% of 200 games against
 * itself in seat 2, and greedy in the last of 4 seats 36%.
 */
export function tryOption(world: Match, index: number, player: number): Match | undefined {
  const trial = world.lookAhead();
  const pending = trial.state.pending;
  if (!trial.applyAt(index, player).ok) return undefined;
  if (pending?.kind !== "secret" || trial.state.pending !== pending) return trial;
  const answer = othersAnswer(world);
  // Until the secret choice resolves (the state then holds no pending decision: the rules stopped
  // at the next choice, unoffered, or the match is over).
  while (trial.state.pending === pending) {
    const q = trial.decision!.players[0]!;
    trial.applyAt(answer(trial.optionCount(q)), q);
  }
  return trial;
}

/**
 * The others' answers to a secret choice in copies of `world`: the same draws for every option
 * tried on it (seeded by the world's own generator and how far it has come, which a redraw sets
 * anew for each world), so options are judged against the same answers.
 */
function othersAnswer(world: Match): (n: number) => number {
  const rng = botRandom(mixSeed(...world.state.rng), world.state.log.length);
  return (n) => uniformInt(rng, 0, n - 1);
}

/**
 * How far apart a finished game's outcomes are put from every running estimate: a game won alone
 * ranks above any estimate, a first place shared above any estimate too, a game lost below any.
 */
const FINISHED = 1e12;

/**
 * How a bot ranks a tried option (`tryOption`): `player`'s own estimate on the copy, and below
 * every other option when it was refused or a rule failed on it.
 *
 * An option that ends the game is ranked by its outcome first: won alone, then first place
 * shared, then any option that goes on, then lost; its final score only orders finished games
 * alike. The designer's `estimate` need not share the scoring's scale (`10 * p.columns` against
 * `points p.columns`), and compared number to number a bot then would not take the winning move.
 */
export function trialScore(trial: Match | undefined, player: number): number {
  if (!trial || trial.error) return -Infinity;
  const result = trial.result;
  if (!result) return trial.estimate(player);
  const score = result.scores[player] ?? 0;
  if (!result.winners.includes(player)) return score - FINISHED;
  return score + (result.winners.length === 1 ? 2 * FINISHED : FINISHED);
}

/**
 * How many of its own follow-up choices a bot looks through, and how many options of each
 * (`followed`). One, of 8: on a tile game of ours whose turn opens with "choose an action",
 * greedy judging where the rules stopped read every action alike and won 61% of games against a
 * random bot; looking through 8 options of the follow-up, 88% in 0.9x–1.3x the time of a game
 * (README, the greedy bot); through 16, 86% in 1.4x–1.6x. The greedy bot and MCTS's judgement
 * of its root options (`MctsSettings.priorWidth`) both look this far, so a search too short to
 * tell options apart takes what greedy would.
 */
export const FOLLOW_DEPTH = 1;
export const FOLLOW_WIDTH = 8;

/** Where the rules of `m` stand: the frame on top, its code and position (a choice waiting there, asked or not). */
export function choiceSite(m: Match): string | undefined {
  const f = m.state.stack[m.state.stack.length - 1];
  return f && `${f.code}:${f.pc}`;
}

/**
 * How far a look goes on once `depth` is used up while the rules still ask the player alone in the
 * same turn (`followed`): through at most `LINE_DEPTH` more of their own choices, trying
 * `LINE_WIDTH` options of each and going on down the best one only (a line, not a tree: each choice
 * costs `LINE_WIDTH` tries, not a power of it). A user's route game asked "Claim a route", then
 * which route, then which colour to pay with, then how many wild cards: judged at the colour, the
 * claim was worth nothing against drawing a card, and greedy never claimed a route while the deck
 * lasted. Judged at the end of its line, the claim is worth the route.
 */
export const LINE_DEPTH = 4;
export const LINE_WIDTH = 3;

/** A tried option's rank (`trialScore`) and the copy it was read on: where its best follow-up led. */
export interface Followed {
  score: number;
  trial: Match | undefined;
  /**
   * The look stopped while the rules still asked the player alone again, its line too (`depth`
   * and `LINE_DEPTH` used up): what the option leads to after those choices was not seen, and it
   * was judged short of it.
   */
  short?: true;
}

/**
 * Does the look at `trial` stop short of what the option leads to: the rules stopped before a
 * choice still inside the turn the option was taken in (`turn`: the player's turns begun then),
 * most likely the player's again, part of the same action; unless it is the choice the option was
 * taken at (`site`) asked again: a turn of several actions, each one judged whole.
 */
function stoppedShort(trial: Match, player: number, site: string | undefined, turn: number | undefined): boolean {
  return trial.state.current === player && trial.state.turns[player] === turn && choiceSite(trial) !== site;
}

/** Do the rules of `trial` next ask `player` alone (not others, not several at once; the match not over)? */
function asksAlone(trial: Match | undefined, player: number): boolean {
  const next = trial && !trial.error && !trial.result ? trial.decision : null;
  return next !== null && !next.simultaneous && next.players.length === 1 && next.players[0] === player;
}

/** The player's own next choice on `trial` and how many options it has, or undefined when the rules next ask others, several at once, or nobody. */
function ownChoice(trial: Match, player: number): number | undefined {
  return asksAlone(trial, player) ? trial.optionCount(player) : undefined;
}

/**
 * How a bot ranks a tried option when the rules next ask the same player again (an action, then
 * where to do it; a card to play, then which): by the best of that follow-up's options, each tried
 * the same way, `depth` such follow-ups deep and `width` options wide, with the copy that best
 * one left. Judged where the rules stop first, "Play a card" reads as good as the hand before the
 * card is chosen, and greedy picks its action at random. A choice of the others, made at once by
 * several players, or with fewer than two options, ends the look as before. When `depth` is used
 * up inside the same turn, the look goes on down one line of the player's choices (`LINE_DEPTH`).
 */
export function followed(trial: Match | undefined, player: number, depth: number, width: number, pick: (n: number) => number, site?: string, turn = trial?.state.turns[player]): Followed {
  const here = (): Followed => ({ score: trialScore(trial, player), trial });
  if (!trial || trial.error || trial.result) return here();
  // Looked far enough: the rules stopped before offering their next choice, which is not weighed
  // (its cost), unless the look stopped short of the option's end: then its line is followed.
  if (depth <= 0) return stoppedShort(trial, player, site, turn) ? line(trial, player, pick, site, turn) : here();
  // The follow-up is followed even when it is the choice the option was taken at asked again (the
  // turn's next action, a second tile to plant): in a tile game of ours whose turn plants tiles one
  // after another, a greedy that stopped there too won 15 of 40 games against the greedy before the
  // line, where this one wins 35 of 40. The line after the follow-up stops there (`stoppedShort`).
  const n = ownChoice(trial, player);
  if (n === undefined || n < 2) return here();
  let best: Followed = { score: -Infinity, trial: undefined };
  let short = false;
  for (const i of optionSample(n, width, pick)) {
    const f = followed(tryOption(trial, i, player), player, depth - 1, width, pick, site, turn);
    if (f.short) short = true;
    if (f.score > best.score) best = f;
  }
  return short ? { ...best, short: true } : best;
}

/**
 * The rest of a look that stopped short (`stoppedShort`): the player's next choices in the same
 * turn, each judged one step on among `LINE_WIDTH` of its options, the best taken, until the
 * action ends (the turn leaves them, or the choice the option was taken at is asked again),
 * or `LINE_DEPTH` choices were made. Still `short` when it ends inside the action: the depth used
 * up, the rules asking someone else (or several at once) first, or every option tried refused.
 * Asking a choice of one option takes it at once and runs on, so whether the look still stands
 * inside the action is asked again after each choice is asked.
 */
function line(start: Match, player: number, pick: (n: number) => number, site: string | undefined, turn: number | undefined): Followed {
  let at = start;
  const here = (short: boolean): Followed => ({ score: trialScore(at, player), trial: at, ...(short ? { short: true as const } : {}) });
  for (let k = 0; k < LINE_DEPTH; k++) {
    const n = ownChoice(at, player);
    if (at.error || at.result || !stoppedShort(at, player, site, turn)) return here(false);
    if (n === undefined || n === 0) return here(true);
    let best: Followed = { score: -Infinity, trial: undefined };
    for (const i of optionSample(n, LINE_WIDTH, pick)) {
      const t = tryOption(at, i, player);
      const score = trialScore(t, player);
      if (score > best.score) best = { score, trial: t };
    }
    // Every option tried refused (a rule failed on each): judged where it stood, short of its end.
    if (!best.trial) return here(true);
    if (best.trial.error || best.trial.result || !stoppedShort(best.trial, player, site, turn)) return best;
    at = best.trial;
  }
  return here(true);
}

/**
 * How a bot that tries each option on several redrawn copies (`greedy:16`) ranks option `index`:
 * the mean over the copies of its rank there (`followed`). But when, in every copy, the rules next
 * ask the player alone again and offer the same options (by id: a hidden card of one's hand is
 * offered by its place, "hidden piece 2 of hand"), the option is worth the best of those follow-ups
 * judged each by its mean over the copies. Judged copy by copy, it was worth the mean of each
 * copy's own best follow-up: in a game where one's own cards are hidden, "Play a card" read as good
 * as the card that happens to fit in each copy, a hand no player can read ("strategy fusion").
 * `site` and `turn`: the choice the option is taken at and the player's turn then, as `followed`
 * takes them; the option was judged short of its end (`Followed.short`) when the look stopped short
 * in any copy. The line after the follow-up (`LINE_DEPTH`) is still each copy's own best, as
 * `followed` walks it: a choice that many steps on reads the copy's redrawn hand or dice.
 */
export function followedAcross(worlds: readonly Match[], index: number, player: number, depth: number, width: number, pick: (n: number) => number, site?: string, turn?: number): { score: number; short?: true } {
  const trials = worlds.map((w) => tryOption(w, index, player));
  let short = false;
  // Each copy's look, noted when it stopped short (`Followed.short`), in the turn the option was taken in.
  const look = (t: Match | undefined, d: number, taken: number | undefined): number => {
    const f = followed(t, player, d, width, pick, site, taken);
    if (f.short) short = true;
    return f.score;
  };
  const mean = (scores: number[]): number => scores.reduce((a, b) => a + b, 0) / scores.length;
  const judged = (score: number): { score: number; short?: true } => (short ? { score, short: true } : { score });
  const alone = (t: Match | undefined): boolean => asksAlone(t, player);
  const turns = trials.map((t) => turn ?? t?.state.turns[player]);
  if (depth <= 0 || trials.length < 2 || !trials.every(alone)) return judged(mean(trials.map((t, w) => look(t, depth, turns[w]))));
  // The follow-up's options in each copy, by id, with where each is for `applyAt`.
  const offered = trials.map((t) => new Map(t!.options(player).map((o) => [o.id, o.index])));
  const ids = [...offered[0]!.keys()];
  const same = ids.length >= 2 && offered.every((o) => o.size === ids.length && ids.every((id) => o.has(id)));
  if (!same) return judged(mean(trials.map((t, w) => look(t, depth, turns[w]))));
  let best = -Infinity;
  for (const q of optionSample(ids.length, width, pick)) {
    const id = ids[q]!;
    const score = mean(trials.map((t, w) => look(tryOption(t!, offered[w]!.get(id)!, player), depth - 1, turns[w])));
    if (score > best) best = score;
  }
  return judged(best);
}
