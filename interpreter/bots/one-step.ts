import type { Match } from "../match.ts";

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
 * answers were forgotten by the redraw: they answer at random here (`pick`), so the choice
 * resolves without peeking, and the player's own consequences still show.
 */
export function tryOption(world: Match, index: number, player: number, pick: (n: number) => number): Match | undefined {
  const trial = world.lookAhead();
  const pending = trial.state.pending;
  if (!trial.applyAt(index, player).ok) return undefined;
  // Until the secret choice resolves (the state then holds no pending decision: the rules stopped
  // at the next choice, unoffered, or the match is over).
  while (pending?.kind === "secret" && trial.state.pending === pending) {
    const q = trial.decision!.players[0]!;
    trial.applyAt(pick(trial.optionCount(q)), q);
  }
  return trial;
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
 * How a bot ranks a tried option when the rules next ask the same player again (an action, then
 * where to do it; a card to play, then which): by the best of that follow-up's options, each tried
 * the same way, `depth` such follow-ups deep and `width` options wide. Judged where the rules stop
 * first, "Play a card" reads as good as the hand before the card is chosen, and greedy picks its
 * action at random. A choice of the others, made at once by several players, or with fewer than two
 * options, ends the look as before.
 */
export function followedScore(trial: Match | undefined, player: number, depth: number, width: number, pick: (n: number) => number): number {
  if (depth <= 0 || !trial || trial.error || trial.result) return trialScore(trial, player);
  const next = trial.decision;
  if (!next || next.simultaneous || next.players.length !== 1 || next.players[0] !== player) return trialScore(trial, player);
  const n = trial.optionCount(player);
  if (n < 2) return trialScore(trial, player);
  let best = -Infinity;
  for (const i of optionSample(n, width, pick)) best = Math.max(best, followedScore(tryOption(trial, i, player, pick), player, depth - 1, width, pick));
  return best;
}
