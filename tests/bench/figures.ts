import { wilson as engineWilson } from "../../interpreter/index.ts";
import type { PlayoutResult } from "./random-policy.ts";

/** A proportion with its 95% interval (Wilson). */
export interface Rate {
  rate: number;
  low: number;
  high: number;
}

/** A mean with its 95% interval (normal approximation). */
export interface Mean {
  mean: number;
  low: number;
  high: number;
}

/** What random play shows: each seat's outright wins, draws (no single top score), game length. */
export interface Figures {
  games: number;
  wins: Rate[];
  draws: Rate;
  moves: Mean;
}

/** The engine's Wilson interval (tested against published values), as a rate. */
function wilson(k: number, n: number): Rate {
  const w = engineWilson(k, n);
  return { rate: w.value, low: w.low, high: w.high };
}

/** The figures of a sample of playouts. */
export function summarise(results: PlayoutResult[]): Figures {
  const n = results.length;
  const seats = results[0]?.scores.length ?? 0;
  const wins = new Array<number>(seats).fill(0);
  let draws = 0;
  let sum = 0;
  let squares = 0;
  for (const r of results) {
    const top = Math.max(...r.scores);
    const leaders = r.scores.filter((s) => s === top).length;
    if (leaders === 1) wins[r.scores.indexOf(top)]!++;
    else draws++;
    sum += r.decisions;
    squares += r.decisions * r.decisions;
  }
  const mean = n ? sum / n : 0;
  const sd = n > 1 ? Math.sqrt((squares - n * mean * mean) / (n - 1)) : 0;
  const h = (1.96 * sd) / Math.sqrt(Math.max(1, n));
  return { games: n, wins: wins.map((k) => wilson(k, n)), draws: wilson(draws, n), moves: { mean, low: mean - h, high: mean + h } };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** `58.4% [57.7–59.1]`. */
export function formatRate(r: Rate): string {
  return `${pct(r.rate)} [${pct(r.low)}–${pct(r.high)}]`;
}

/** `7.63 [7.61–7.65]`. */
export function formatMean(m: Mean): string {
  return `${m.mean.toFixed(2)} [${m.low.toFixed(2)}–${m.high.toFixed(2)}]`;
}
