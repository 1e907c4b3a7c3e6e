import { pairedChange, share, type PlayedGame } from "./paired-change.ts";
import { botRandom } from "./seeds.ts";
import { normalTail, quantile, Z95, type PairedDifference } from "./statistics.ts";

/**
 * How even the seats are: how far their win shares lie from the fair share, in one figure.
 *
 * A designer asks "is the variant fairer?", and a comparison answered seat by seat: seat 1 −4.5
 * points, seat 3 +5.5, each with its interval, and none said whether the seats as a whole came
 * closer to even (a variant file's designer worked out a bootstrap of their own over the saved
 * outcomes). The figure is the root mean square over the seats of each share's distance from the
 * fair share (1 / players), in points.
 *
 * Noise alone moves shares away from fair: a perfectly even game read from 200 games lies about
 * 3.5 points from fair at two players. That part is taken out: each seat's squared distance less
 * the variance of its mean share over the games, which estimates the squared distance without
 * that bias (ties included: the variance is the shares' own). An even game then reads about 0
 * whatever the number of games, and a figure below the noise says so (`seatBalanceText`). The
 * root of that estimate reads a little low, the more so near even: seat 1 winning 110 of 200
 * reads 3.5 points, not the 5.0 its share shows, of which about 3.5 is noise.
 */
export interface SeatBalance {
  /** The seats' distance from the fair share, the noise taken out, in points (0 to 100). */
  distance: number;
  /** The distance this run's noise alone adds (from the variance of its shares), in points: the part taken out. */
  noise: number;
  /** Games it was read from: those that ended cleanly. */
  n: number;
}

/**
 * Games grouped by their winners (one row of shares each, as `share` gives them) and counted: two
 * players have at most 3 such rows (seat 1, seat 2, shared), so a bootstrap draw counts rows and
 * reads the figure off the counts, however many games were played.
 */
interface Patterns {
  /** Per pattern, each seat's share. */
  shares: number[][];
  /** Per game (or pair), its pattern. */
  of: Int32Array;
}

/** The patterns of `games`' winners (`key` of each game: its pattern's name), over `players` seats. */
function patternsOf<T>(items: readonly T[], key: (item: T) => string, shares: (item: T) => number[]): Patterns {
  const index = new Map<string, number>();
  const out: Patterns = { shares: [], of: new Int32Array(items.length) };
  items.forEach((item, i) => {
    const k = key(item);
    let at = index.get(k);
    if (at === undefined) {
      at = out.shares.length;
      index.set(k, at);
      out.shares.push(shares(item));
    }
    out.of[i] = at;
  });
  return out;
}

/** The balance read from how many games fell in each pattern (`counts`, `n` in all). */
function balanceOf(shares: readonly (readonly number[])[], counts: ArrayLike<number>, n: number, players: number): { distance: number; noise: number } {
  const fair = 1 / players;
  let squared = 0;
  let noise = 0;
  for (let p = 0; p < players; p++) {
    let sum = 0;
    let sq = 0;
    for (let k = 0; k < shares.length; k++) {
      const v = shares[k]![p]!;
      sum += counts[k]! * v;
      sq += counts[k]! * v * v;
    }
    const mean = sum / n;
    // The variance of the mean share over n games (the sample variance over n − 1, then over n).
    const variance = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) / n : 0;
    squared += (mean - fair) ** 2 - variance;
    noise += variance;
  }
  return { distance: 100 * Math.sqrt(Math.max(0, squared / players)), noise: 100 * Math.sqrt(noise / players) };
}

/** How many of `of` fall in each of `k` patterns. */
function countsOf(of: Int32Array, k: number): Float64Array {
  const counts = new Float64Array(k);
  for (let i = 0; i < of.length; i++) counts[of[i]!]!++;
  return counts;
}

const winnersKey = (g: PlayedGame): string => [...g.winners].sort((x, y) => x - y).join(",");

/** The seats' balance over a run's games; undefined with one seat or fewer than two clean games. */
export function seatBalance(games: readonly PlayedGame[], players: number): SeatBalance | undefined {
  if (players < 2) return undefined;
  const clean = games.filter((g) => g.error === undefined);
  if (clean.length < 2) return undefined;
  const pat = patternsOf(clean, winnersKey, (g) => Array.from({ length: players }, (_, p) => share(g, p)));
  return { ...balanceOf(pat.shares, countsOf(pat.of, pat.shares.length), clean.length, players), n: clean.length };
}

/**
 * Bootstrap draws a change of balance is read from, and the most: enough that each end of the
 * interval lies about 50 draws in (a 95% interval's 2.5% tail: 2,000 draws), at most 20,000.
 */
const RESAMPLES = 2000;
const MOST_RESAMPLES = 20_000;

/** Changes already worked out, by the two runs' outcome lists and the z: a comparison reads one several times (its line, a rule, a look). */
const kept = new WeakMap<readonly PlayedGame[], WeakMap<readonly PlayedGame[], Map<string, PairedDifference | undefined>>>();

/**
 * B's balance less A's over the same games (`a[i]` and `b[i]` played with the same seeds and bots),
 * with an interval at `z` from a paired bootstrap: the pairs drawn again with replacement, both
 * sides' balance read on each draw. The distance is no mean of the games, so no formula gives its
 * interval; the pairs are kept together, as every change of a comparison is read game by game.
 * Positive: B's seats are farther from even. The draws come from a generator seeded by the number
 * of pairs, so the same games always give the same interval. Near even the interval is wider than
 * its level says (the distance stops at 0): a rule on it breaks only on a clear change.
 * `variance`: the draws' variance times the pairs, as a paired mean's is the pairs' own. Undefined
 * with one seat or fewer than two pairs. With two seats, widened to hold 0 when seat 1's own
 * change does (`widenedToSeatOne`).
 */
export function balanceChange(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, z = Z95): PairedDifference | undefined {
  const key = `${players}:${z}`;
  let byB = kept.get(a);
  if (!byB) kept.set(a, (byB = new WeakMap()));
  let byZ = byB.get(b);
  if (!byZ) byB.set(b, (byZ = new Map()));
  if (byZ.has(key)) return byZ.get(key);
  const out = workOutChange(a, b, players, z);
  byZ.set(key, out);
  return out;
}

function workOutChange(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, z: number): PairedDifference | undefined {
  if (players < 2 || a.length !== b.length) return undefined;
  const both = a.flatMap((x, i) => (x.error === undefined && b[i]!.error === undefined ? [i] : []));
  const n = both.length;
  if (n < 2) return undefined;
  // Each pair by its two sides' winners: its pattern carries both sides' shares.
  const pat = patternsOf(
    both,
    (i) => `${winnersKey(a[i]!)}|${winnersKey(b[i]!)}`,
    (i) => Array.from({ length: 2 * players }, (_, q) => (q < players ? share(a[i]!, q) : share(b[i]!, q - players))),
  );
  const k = pat.shares.length;
  const sideA = pat.shares.map((s) => s.slice(0, players));
  const sideB = pat.shares.map((s) => s.slice(players));
  const change = (counts: ArrayLike<number>): number => balanceOf(sideB, counts, n, players).distance - balanceOf(sideA, counts, n, players).distance;
  const value = change(countsOf(pat.of, k));
  const tail = normalTail(z);
  const draws = Math.min(MOST_RESAMPLES, Math.max(RESAMPLES, Math.ceil(50 / tail)));
  const rng = botRandom(n);
  const counts = new Float64Array(k);
  const out = new Float64Array(draws);
  for (let d = 0; d < draws; d++) {
    counts.fill(0);
    // A pair drawn by scaling the generator's 32 bits to n: off from uniform by at most n / 2^32 (a
    // millionth for 4,000 pairs), nothing to a bootstrap, and ten times quicker than an exact draw.
    for (let i = 0; i < n; i++) counts[pat.of[Math.floor(((rng.next() >>> 0) * n) / 4294967296)]!]!++;
    out[d] = change(counts);
  }
  const sorted = Array.from(out).sort((x, y) => x - y);
  const mean = sorted.reduce((s, v) => s + v, 0) / draws;
  const variance = sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / (draws - 1);
  const d = { value, low: quantile(sorted, tail), high: quantile(sorted, 1 - tail), n, variance: variance * n };
  return players === 2 ? widenedToSeatOne(d, a, b, z) : d;
}

/**
 * With two seats the balance is seat 1's distance from 50%, so "are the seats more even?" and "does
 * seat 1's share move?" are one question and must not get opposite answers. The bootstrap alone
 * gave the first an interval of the Wald kind, too narrow when few games change and most of them
 * to draws: a designer's run read seat 1 "+4.3 [−0.3, +9.2]", no sure change, beside "−4.3 [−8.0,
 * −0.7]: surely more even". When seat 1's own change (Tango's interval, as its row reads it) holds
 * 0, the balance's interval is widened to hold 0 too. Reading the distance off seat 1's interval
 * instead (each end mapped through the distance) was tried and dropped: it took side A's share as
 * exact, and near 50% its noise read a sure drop of seat 1 as "surely more even" in a third of
 * runs where B was less even (a review's simulation: 50% → 47%, 400 games).
 */
function widenedToSeatOne(d: PairedDifference, a: readonly PlayedGame[], b: readonly PlayedGame[], z: number): PairedDifference {
  // Seat 1's row itself, so the two can never read otherwise.
  const seatOne = pairedChange(a, b, 2, z).seats[0]!.wins;
  if (seatOne.low > 0 || seatOne.high < 0) return d;
  return { ...d, low: Math.min(d.low, 0), high: Math.max(d.high, 0) };
}

/**
 * A run's balance in words, as the CLI's summary and the editor's panel say it: "the seats' win
 * shares lie 7.4 points from the fair share (root mean square over the seats, less the 3.5 points
 * the noise of 200 games adds)".
 */
export function seatBalanceText(b: SeatBalance): string {
  const within = b.distance < b.noise ? ": within what noise alone gives, as even as these games can tell" : "";
  return `the seats' win shares lie ${b.distance.toFixed(1)} points from the fair share (root mean square over the seats, less the ${b.noise.toFixed(1)} points the noise of ${b.n} games adds${within})`;
}

/**
 * A change of balance in words (`balanceChange`), A's and B's distance first: "7.4 → 11.6 points
 * from the fair share, +4.2 [+1.1, +7.0] (…): B's seats are surely less even". `changeText`
 * writes the change as every change of a comparison is written.
 */
export function balanceChangeText(a: SeatBalance, b: SeatBalance, d: PairedDifference, changeText: (d: PairedDifference) => string, players: number): string {
  const verdict = d.low > 0 ? "B's seats are surely less even" : d.high < 0 ? "B's seats are surely more even" : "no sure change in how even the seats are";
  // With two seats the interval never reads surer than seat 1's own change (`widenedToSeatOne`): said, as the two lines agree.
  const how = players === 2 ? "seat 1's distance from 50%, the noise of the games taken out; paired bootstrap, never surer than seat 1's own change" : "root mean square over the seats, the noise of the games taken out; paired bootstrap";
  return `${a.distance.toFixed(1)} → ${b.distance.toFixed(1)} points from the fair share, ${changeText(d)} (${how}): ${verdict}`;
}
