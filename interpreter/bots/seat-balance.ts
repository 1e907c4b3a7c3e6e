import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { PlayedGame } from "./paired-change.ts";
import { botRandom } from "./seeds.ts";
import { normalTail, quantile, Z95, type PairedDifference } from "./statistics.ts";

/**
 * How even the seats are: how far their win shares lie from the fair share, in one figure.
 *
 * A designer asks "is the variant fairer?", and a comparison answered seat by seat: seat 1 −4.5
 * points, seat 3 +5.5, each with its interval, and none said whether the seats as a whole came
 * closer to even (a variant file's designer worked out a bootstrap of their own over the saved
 * outcomes). The figure is the root mean square over the seats of each share's distance from the
 * fair share (1 / players), in points; with two players, how far seat 1 is from 50%.
 *
 * Noise alone moves shares away from fair: a perfectly even game read from 200 games lies about
 * 3.5 points from fair at two players. That part is taken out (each seat's squared distance less
 * the variance of its share over the games, the estimate of the squared distance without that
 * bias), so an even game reads about 0 whatever the number of games, and the figure says so when
 * noise alone can explain it (`noise`).
 */
export interface SeatBalance {
  /** The seats' distance from the fair share, noise taken out, in points (0 to 100). */
  distance: number;
  /** The distance noise alone gives an even game over as many games, in points: the part taken out. */
  noise: number;
  /** Games it was read from: those that ended cleanly. */
  n: number;
}

/** A seat's share of a game's win: 1 alone, 1/k of a win shared by k, 0 otherwise. */
function share(g: PlayedGame, p: number): number {
  return g.winners.includes(p) ? 1 / g.winners.length : 0;
}

/** Per game, each seat's share of its win, over the games that ended cleanly. */
function sharesByGame(games: readonly PlayedGame[], players: number): number[][] {
  return games.filter((g) => g.error === undefined).map((g) => Array.from({ length: players }, (_, p) => share(g, p)));
}

/** The balance of the games at `rows` (indexes into `shares`, repeats allowed: a bootstrap sample). */
function balanceOf(shares: readonly (readonly number[])[], rows: ArrayLike<number>, players: number): { distance: number; noise: number } {
  const n = rows.length;
  const fair = 1 / players;
  let squared = 0;
  let noise = 0;
  for (let p = 0; p < players; p++) {
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const v = shares[rows[i]!]![p]!;
      sum += v;
      sq += v * v;
    }
    const mean = sum / n;
    // The variance of the mean share over n games (the sample variance over n − 1, then over n).
    const variance = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) / n : 0;
    squared += (mean - fair) ** 2 - variance;
    noise += variance;
  }
  return { distance: 100 * Math.sqrt(Math.max(0, squared / players)), noise: 100 * Math.sqrt(noise / players) };
}

/** The seats' balance over a run's games; undefined with one seat or fewer than two clean games. */
export function seatBalance(games: readonly PlayedGame[], players: number): SeatBalance | undefined {
  if (players < 2) return undefined;
  const shares = sharesByGame(games, players);
  if (shares.length < 2) return undefined;
  return { ...balanceOf(shares, shares.map((_, i) => i), players), n: shares.length };
}

/** Bootstrap samples a change of balance is read from: its interval's ends move by about 0.1 point between seeds of the resampling. */
const RESAMPLES = 2000;

/**
 * B's balance less A's over the same games (`a[i]` and `b[i]` played with the same seeds and bots),
 * with an interval at `z` from a paired bootstrap: the pairs drawn again with replacement, both
 * sides' balance read on each draw. The distance is no mean of the games, so no formula gives its
 * interval; the pairs are kept together, as every change of a comparison is read game by game.
 * Positive: B's seats are farther from even. The draws come from a generator of fixed seed, so the
 * same games always give the same interval. Undefined with one seat or fewer than two pairs.
 */
export function balanceChange(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, z = Z95): PairedDifference | undefined {
  if (players < 2 || a.length !== b.length) return undefined;
  const both = a.flatMap((x, i) => (x.error === undefined && b[i]!.error === undefined ? [i] : []));
  if (both.length < 2) return undefined;
  const sa = both.map((i) => Array.from({ length: players }, (_, p) => share(a[i]!, p)));
  const sb = both.map((i) => Array.from({ length: players }, (_, p) => share(b[i]!, p)));
  const n = both.length;
  const all = both.map((_, i) => i);
  const value = balanceOf(sb, all, players).distance - balanceOf(sa, all, players).distance;
  const rng = botRandom(n);
  const rows = new Int32Array(n);
  const draws: number[] = [];
  for (let k = 0; k < RESAMPLES; k++) {
    for (let i = 0; i < n; i++) rows[i] = uniformInt(rng, 0, n - 1);
    draws.push(balanceOf(sb, rows, players).distance - balanceOf(sa, rows, players).distance);
  }
  draws.sort((x, y) => x - y);
  const tail = normalTail(z);
  const mean = draws.reduce((s, v) => s + v, 0) / draws.length;
  const variance = draws.reduce((s, v) => s + (v - mean) ** 2, 0) / (draws.length - 1);
  return { value, low: quantile(draws, tail), high: quantile(draws, 1 - tail), n, variance };
}

/**
 * A run's balance in words, as the CLI's summary and the editor's panel say it: "the seats' win
 * shares lie 7.4 points from the fair share (root mean square over the seats; the 3.5 points
 * noise alone gives 200 games taken out)".
 */
export function seatBalanceText(b: SeatBalance): string {
  return `the seats' win shares lie ${b.distance.toFixed(1)} points from the fair share (root mean square over the seats; the ${b.noise.toFixed(1)} points noise alone gives ${b.n} games taken out${b.distance === 0 ? ": as even as noise can tell" : ""})`;
}

/**
 * A change of balance in words (`balanceChange`), A's and B's distance first: "7.4 → 11.6 points
 * from the fair share, +4.2 [+1.1, +7.0] (…): B's seats are surely less even". `changeText`
 * writes the change as every change of a comparison is written.
 */
export function balanceChangeText(a: SeatBalance, b: SeatBalance, d: PairedDifference, changeText: (d: PairedDifference) => string): string {
  const verdict = d.low > 0 ? "B's seats are surely less even" : d.high < 0 ? "B's seats are surely more even" : "no sure change in how even the seats are";
  return `${a.distance.toFixed(1)} → ${b.distance.toFixed(1)} points from the fair share, ${changeText(d)} (root mean square over the seats, the noise of the games taken out; paired bootstrap): ${verdict}`;
}
