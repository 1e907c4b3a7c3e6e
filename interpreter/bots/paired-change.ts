import { pairedMeanDifference, pairedShareDifference, Z95, type PairedDifference } from "./statistics.ts";

/** What a played game leaves for comparing two runs: `stela compare`'s outcomes, the editor's. */
export interface PlayedGame {
  scores: readonly number[];
  winners: readonly number[];
  decisions: number;
  /** Set when the game stopped on a rule error: it has no outcome to compare. */
  error?: string | undefined;
}

/** B − A seat by seat, and of game length, over the games both runs played to the end. */
export interface PairedChange {
  /** The pairs: games (the same number, so the same seeds and bots) that ended cleanly on both sides. */
  pairs: number;
  /** Per seat: the change of win share (a shared win split) and of mean score. */
  seats: { wins: PairedDifference; score: PairedDifference }[];
  /** The change of mean game length, in decisions. */
  length: PairedDifference;
}

/**
 * Two runs of the same game numbers (`a[i]` and `b[i]` played with the same seeds and bots) compared
 * game by game: each figure's change is the mean of the games' own changes, with its interval at
 * `z`. Pairing is what the same seeds are for: a change of how a game scores leaves random bots'
 * games as they were, and then each game's change varies far less than either side's figure. On
 * One of our games with a variant that only raised some scores, 200 games, 3 players, random
 * bots: a seat's win share ±9 points unpaired, ±1.4–2.2 paired; its mean score ±6.0–6.7 against
 * ±1.1 (README, `stela compare`). Where a change makes the games
 * differ from the first move, the paired interval is as wide as the unpaired one, never much wider.
 */
export function pairedChange(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, z = Z95): PairedChange {
  const wins: number[][] = Array.from({ length: players }, () => []);
  const scores: number[][] = Array.from({ length: players }, () => []);
  const length: number[] = [];
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.error !== undefined || y.error !== undefined) continue;
    for (let p = 0; p < players; p++) {
      wins[p]!.push(share(y, p) - share(x, p));
      scores[p]!.push((y.scores[p] ?? 0) - (x.scores[p] ?? 0));
    }
    length.push(y.decisions - x.decisions);
  }
  return {
    pairs: length.length,
    seats: wins.map((w, p) => ({ wins: pairedShareDifference(w, z), score: pairedMeanDifference(scores[p]!, z) })),
    length: pairedMeanDifference(length, z),
  };
}

/** A seat's share of a game's win: 1 alone, 1/k of a win shared by k, 0 otherwise. */
function share(g: PlayedGame, p: number): number {
  return g.winners.includes(p) ? 1 / g.winners.length : 0;
}
