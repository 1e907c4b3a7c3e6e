import { pairedShareTrials, trialsFor, type PairedDifference, type Rate } from "./statistics.ts";

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
 * The precision of a run's seats' win rates, and how many games would bring the seat whose rate
 * varies most, p(1 − p), to ±5 and ±2 points (`trialsFor`). Undefined when every seat always wins
 * or always loses (a game of one): there is no spread to read a precision from.
 */
export function winPrecision(wins: readonly Rate[]): Precision | undefined {
  let variance = 0;
  for (const r of wins) variance = Math.max(variance, r.value * (1 - r.value));
  if (!(variance > 0)) return undefined;
  return { widest: widestOf(wins), for5: trialsFor(0.05, variance), for2: trialsFor(0.02, variance), each: false };
}

/**
 * The precision of the seats' changes B − A of win share (`pairedChange`), and how many games each
 * side would bring the seat that needs most to ±5 and ±2 points, were its games to change as these
 * did (`pairedShareTrials`: the adjusted interval's own width). Undefined below three pairs.
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

/** "each seat's win share known to ±6.9 points at most (95%); about 385 games would give ±5, about 2,401 ±2" */
export function precisionText(what: string, p: Precision): string {
  const games = (n: number): string => n.toLocaleString("en");
  return `${what} known to ±${(p.widest * 100).toFixed(1)} points at most (95%); about ${games(p.for5)} games${p.each ? " each" : ""} would give ±5, about ${games(p.for2)} ±2`;
}
