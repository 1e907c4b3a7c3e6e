import { changeText, leavesOutZero, pairedChange, type PlayedGame } from "./paired-change.ts";
import { pairedMeanDifference, spread, Z95, type PairedDifference, type Spread } from "./statistics.ts";

/**
 * A game whose players all score the same in every game (a cooperative game: everyone wins or
 * loses together) has one figure worth reading, the team's score: seat win shares are 1/players
 * each with every game a draw, the first-player test has no game won alone, and the winning margin
 * is always 0. So `stela simulate`, `stela compare` and the editor's simulate panel read such a run
 * by its shared score: its mean with a 95% interval, its spread and how often each score came up,
 * and, compared, its change game by game. Seen from the outcomes, not declared: a run in which
 * some game gave the seats different scores is read seat by seat as before.
 */
export interface SharedScore {
  /** The team's score over the games that ended cleanly. */
  score: Spread;
  /** The mean with its 95% interval (Student's t; unbounded from one game). */
  mean: PairedDifference;
  /** How many games ended on each score, lowest score first. */
  counts: { score: number; games: number }[];
}

/**
 * The shared score of a run's clean games (`scores` per seat), or undefined when the game has one
 * player, no game ended, or some game gave two seats different scores or did not rank every seat
 * first (equal points split by a tiebreak are no shared score).
 */
export function sharedScore(games: readonly { scores: readonly number[]; winners: readonly number[] }[], players: number): SharedScore | undefined {
  if (players < 2 || games.length === 0) return undefined;
  const values: number[] = [];
  for (const g of games) {
    if (g.winners.length !== players) return undefined;
    const s = g.scores[0] ?? 0;
    for (let p = 1; p < players; p++) if ((g.scores[p] ?? 0) !== s) return undefined;
    values.push(s);
  }
  const byScore = new Map<number, number>();
  for (const v of values) byScore.set(v, (byScore.get(v) ?? 0) + 1);
  const counts = [...byScore].sort((a, b) => a[0] - b[0]).map(([score, games]) => ({ score, games }));
  return { score: spread(values), mean: pairedMeanDifference(values, Z95), counts };
}

const round = (v: number): string => String(+v.toFixed(2));

/** "team score: 1.25 [1.09, 1.41] (mean, 95% CI), sd 1.19, median 1, 10%–90% 0–3, 0–6" */
export function sharedScoreLine(s: SharedScore): string {
  const m = s.mean;
  const bounded = Number.isFinite(m.low) && Number.isFinite(m.high);
  // Every game on one score (bots that never score, a game always lost): an interval
  // with no width would read as certainty, so it says how many games showed it.
  const ci = !bounded ? "[too few games]" : m.low === m.high ? `(all ${m.n} games alike)` : `[${m.low.toFixed(2)}, ${m.high.toFixed(2)}] (mean, 95% CI)`;
  return `team score: ${m.value.toFixed(2)} ${ci}, sd ${s.score.sd.toFixed(2)}, median ${round(s.score.median)}, 10%–90% ${round(s.score.q10)}–${round(s.score.q90)}, ${s.score.min}–${s.score.max}`;
}

/** "scores: 0 ×62 (31.0%) · 1 ×70 (35.0%) · …": how often the team ended on each score. */
export function sharedCountsLine(s: SharedScore): string {
  const n = s.score.n;
  return `scores: ${s.counts.map((c) => `${c.score} ×${c.games} (${((c.games / n) * 100).toFixed(1)}%)`).join(" · ")}`;
}

/**
 * Why a run is read by its shared score, said once above its figures. `scores`: the run's shared
 * scores (both sides of a comparison): when every game ended on one score, the game may be no
 * cooperative one at all, only bots that never score (a user's route game whose greedy bots never
 * claimed a route read "a cooperative game").
 */
export function sharedScoreNote(games: number, ...scores: SharedScore[]): string {
  const one = scores.length > 0 && scores.every((s) => s.counts.length === 1) ? [...new Set(scores.map((s) => s.counts[0]!.score))] : undefined;
  const why = one ? `a cooperative game, or bots that never score apart: every game ended with each seat on ${one.join(" or ")}` : "a cooperative game";
  return `every seat scored the same in each of the ${games} games (${why}): read the team's score; win shares, draws, the first-player test and the winning margin say nothing here`;
}

/** "team score: 1.25 → 2.10, +0.85 [+0.61, +1.09] (each game's own change); median 1 → 2": a comparison of two shared scores. */
export function sharedChangeLine(a: SharedScore, b: SharedScore, change: PairedDifference): string {
  return `team score: ${a.score.mean.toFixed(2)} → ${b.score.mean.toFixed(2)}, ${changeText(change, 1, 2)} (each game's own change); median ${round(a.score.median)} → ${round(b.score.median)}`;
}

/**
 * Why a run with looks may stop (`stela compare --stop-early`, the editor's "stop when sure") when
 * both sides shared one score in every game: the team score's change at `z` (widened for the
 * looks) leaves out 0. Undefined otherwise: no seat's win share ever moves in such a run, so the
 * seats' question (`sureWinChange`) would play every look to the end.
 */
export function sureTeamChange(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, z: number): string | undefined {
  const clean = (games: readonly PlayedGame[]) => games.filter((g) => !g.error);
  if (!sharedScore(clean(a), players) || !sharedScore(clean(b), players)) return undefined;
  const paired = pairedChange(a, b, players, z);
  return paired.pairs > 0 ? teamChangeReason(paired.seats[0]!.score) : undefined;
}

/** "the team score surely changes (+0.38 [+0.27, +0.48])", or undefined when its interval holds 0. */
export function teamChangeReason(change: PairedDifference): string | undefined {
  return leavesOutZero(change) ? `the team score surely changes (${changeText(change, 1, 2)})` : undefined;
}
