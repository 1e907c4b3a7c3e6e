import { pairedShareTrials, shareTrials, type PairedDifference, type Rate } from "./statistics.ts";

/**
 * How sure a run's win figures are, and what more games would give: a designer reading that a
 * seat is 4 points off its fair share, or that a change moved it 4 points, sees at once whether
 * the run can tell, and how many games would. The same words in `stela simulate`, `stela compare`
 * and the editor's simulate panel.
 */
export interface Precision {
  /** The largest distance (a fraction) from a seat's estimate to an end of its 95% interval. */
  widest: number;
  /** About how many games (on each side, for a change) bring that to ±5 and ±2 points. */
  for5: number;
  for2: number;
  /** Whether the games are played on each of two sides (a change between two runs). */
  each: boolean;
}

/** An estimate with its 95% interval. */
interface Interval {
  value: number;
  low: number;
  high: number;
}

function widestOf(intervals: readonly Interval[]): number {
  let widest = 0;
  for (const d of intervals) widest = Math.max(widest, d.value - d.low, d.high - d.value);
  return widest;
}

/**
 * The precision of a run's seats' win rates, and how many games would bring every seat's 95%
 * interval to within ±5 and ±2 points of its rate, were the rates what they are now. Undefined
 * for a game of one, whose seat wins alone. A seat that won every game (or none) still has an
 * interval of its own: 20 games won of 20 read only "at least 83.9%", and a run that hid its
 * precision then had a designer take the 100% as settled.
 *
 * The forecast is made with the very interval the run reports (Wilson's, `shareTrials`), so
 * the two agree: a run of 300 games whose widest side reads ±2.6 never forecasts ±2 from fewer
 * games. (A normal-approximation forecast from the largest p(1 − p) did: near 0% or 100% Wilson's
 * interval is lopsided, its far side wider than the normal half-width.)
 */
export function winPrecision(wins: readonly Rate[]): Precision | undefined {
  if (wins.length < 2) return undefined;
  let for5 = 0;
  let for2 = 0;
  for (const r of wins) {
    for5 = Math.max(for5, shareTrials(r.value, 0.05));
    for2 = Math.max(for2, shareTrials(r.value, 0.02));
  }
  return { widest: widestOf(wins), for5, for2, each: false };
}

/**
 * The precision of the seats' changes B − A of win share (`pairedChange`), and how many games each
 * side would bring the seat that needs most to ±5 and ±2 points, were its games to change as these
 * did (`pairedShareTrials`: the interval's own width). Undefined below three pairs.
 */
export function changePrecision(changes: readonly PairedDifference[]): Precision | undefined {
  if (changes.length === 0 || changes.some((d) => d.n < 3)) return undefined;
  let for5 = 0;
  let for2 = 0;
  for (const d of changes) {
    for5 = Math.max(for5, pairedShareTrials(d, 0.05));
    for2 = Math.max(for2, pairedShareTrials(d, 0.02));
  }
  return { widest: widestOf(changes), for5, for2, each: true };
}

/**
 * "each seat's win share known to ±6.9 points at most (95%); about 385 games would give ±5, about
 * 2,401 ±2". In a run with `looks` looks (`looks.ts`) the half-width is of the widened interval
 * and says so; the games forecast are a run's without looks, whose 95% intervals are narrower.
 * A forecast the run's `played` games (each side's) already reach is left out.
 */
export function precisionText(what: string, p: Precision, looks = 1, played = 0): string {
  const games = (n: number): string => n.toLocaleString("en");
  const level = looks > 1 ? `95% over ${looks} looks` : "95%";
  const without = looks > 1 ? "in a run without looks, " : "";
  const known = `${what} known to ±${(p.widest * 100).toFixed(1)} points at most (${level})`;
  // A forecast of no more games than were played is one the run has passed already: "about 73
  // games would give ±5" after 200 games at ±1.9 read as a contradiction.
  if (played >= p.for2) return known;
  if (played >= p.for5) return `${known}; ${without}about ${games(p.for2)} games${p.each ? " each" : ""} would give ±2`;
  return `${known}; ${without}about ${games(p.for5)} games${p.each ? " each" : ""} would give ±5, about ${games(p.for2)} ±2`;
}
