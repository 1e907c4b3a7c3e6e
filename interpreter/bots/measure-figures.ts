import { infoOf, type MeasureInfo } from "../measures.ts";
import { meanInterval, pairedMeanDifference, pairedShareDifference, spread, wilson, Z95, type PairedDifference, type Spread } from "./statistics.ts";

/**
 * What simulation keeps of a game for its measures: each measure's values in the order the file
 * writes them (a seat's each, or one for the game; `none` where the rules gave no figure), and
 * whether the game failed (a failed game gives no figures).
 */
export interface MeasuredGame {
  error?: string | undefined;
  measures?: readonly (readonly (number | null)[])[] | undefined;
}

/** A measure's figure over a run (a seat's, for a measure per player). */
export interface MeasureFigure {
  /** The seat (from 1), for a measure per player. */
  seat?: number;
  /** The games that gave a figure (a failed game, or `none`, gives none). */
  n: number;
  /**
   * The mean, or for a yes/no measure how often it held, with its 95% interval (unbounded with one
   * game); `null` when no game gave a figure (`n` 0), which `--json` must not print as a mean of 0.
   */
  value: number | null;
  low: number | null;
  high: number | null;
  /** A number's spread over the games (absent for a yes/no measure). */
  spread?: Spread;
}

/** A measure's figures over a run: one, or one a seat. */
export interface MeasureSummary extends MeasureInfo {
  figures: MeasureFigure[];
  /**
   * For a measure per player with two seats or more: the seats taken together, each game's mean
   * over the seats that gave a figure ("does the variant raise everyone's gold?"), a mean with its
   * t interval (a yes/no measure's: how often it held, seats together).
   */
  allSeats?: MeasureFigure;
}

/** The row a figure is reported under: `Gold`, `Gold, seat 2`, `Gold, all seats`. */
export function measureRowLabel(label: string, row: { seat?: number | undefined }, allSeats = false): string {
  return allSeats ? `${label}, all seats` : row.seat !== undefined ? `${label}, seat ${row.seat}` : label;
}

/**
 * Each game's mean of measure `i` (at `at` in its game's list) over its seats that gave a figure
 * (a yes/no measure: the part of them for which it held), by game; null for a game that failed or
 * whose every seat gave `none`.
 */
function seatsMean(g: MeasuredGame, at: number, info: MeasureInfo): number | null {
  if (g.error !== undefined) return null;
  let sum = 0;
  let n = 0;
  for (const v of g.measures?.[at] ?? []) {
    if (typeof v !== "number") continue;
    sum += info.share ? Number(v !== 0) : v;
    n++;
  }
  return n ? sum / n : null;
}

/**
 * A figure over games' values: a mean with its t interval and spread, or none without values.
 * `share`: the values are parts of 1 (a yes/no measure's seats together), so the interval is cut
 * to 0–100%: the t interval of 50 games where it held for 2% of the seats read "−0.8% to 4.8%",
 * a share no run can have. A number's is not cut to the values the games gave: with few games the
 * mean lies outside their range far more often than 5% of the time (with 3 games, one time in 4).
 */
function meanFigure(values: number[], z: number, share: boolean): MeasureFigure {
  if (values.length === 0) return { n: 0, value: null, low: null, high: null };
  const m = meanInterval(values, z);
  if (share) return { n: values.length, value: m.value, low: Math.max(0, m.low), high: Math.min(1, m.high) };
  return { n: values.length, value: m.value, low: m.low, high: m.high, spread: spread(values) };
}

/** The values of measure `i`, seat `k` (0 for a measure of the game), of the games that gave one. */
function valuesOf(games: readonly MeasuredGame[], i: number, k: number): number[] {
  const out: number[] = [];
  for (const g of games) {
    if (g.error !== undefined) continue;
    const v = g.measures?.[i]?.[k];
    if (typeof v === "number") out.push(v);
  }
  return out;
}

/** How many figures measure `info` has: one a seat, or one. */
const seatsOf = (info: MeasureInfo, players: number): number => (info.perPlayer ? players : 1);

/**
 * Every measure's figures over a run's games: a number's mean with its t interval
 * (`meanInterval`), a yes/no measure's share with Wilson's. Each interval is 95% on its own: a
 * designer reading ten of them should expect one in twenty to miss.
 */
export function summariseMeasures(infos: readonly MeasureInfo[], games: readonly MeasuredGame[], players: number, z = Z95): MeasureSummary[] {
  return infos.map((info, i) => {
    const figures: MeasureFigure[] = [];
    for (let k = 0; k < seatsOf(info, players); k++) {
      const values = valuesOf(games, i, k);
      const seat = info.perPlayer ? { seat: k + 1 } : {};
      if (values.length === 0) figures.push({ ...seat, n: 0, value: null, low: null, high: null });
      else if (info.share) {
        const held = values.filter((v) => v !== 0).length;
        const r = wilson(held, values.length, z);
        figures.push({ ...seat, n: values.length, value: r.value, low: r.low, high: r.high });
      } else figures.push({ ...seat, ...meanFigure(values, z, false) });
    }
    if (!info.perPlayer || players < 2) return { ...infoOf(info), figures };
    const means: number[] = [];
    for (const g of games) {
      const v = seatsMean(g, i, info);
      if (v !== null) means.push(v);
    }
    return { ...infoOf(info), figures, allSeats: meanFigure(means, z, info.share) };
  });
}

/** One row of a measure's change: a seat's, the game's, or the seats' together. */
export interface MeasureChangeRow {
  seat?: number;
  /** A's and B's mean (or share) over the games both gave a figure in; `null` when there is none. */
  a: number | null;
  b: number | null;
  /** B − A game by game: a mean's t interval, a share's Tango interval (`pairedShareDifference`). */
  change: PairedDifference;
}

/** A measure's change from A to B, game by game (the same seeds and bots on both sides). */
export interface MeasureChange extends MeasureInfo {
  changes: MeasureChangeRow[];
  /** For a measure per player with two seats or more: the seats' mean, changed game by game (`MeasureSummary.allSeats`). */
  allSeats?: MeasureChangeRow;
}

/** A row of changes from the pairs of values: each side's mean and B − A with its interval. */
function changeRow(va: number[], vb: number[], share: boolean, z: number): MeasureChangeRow {
  const d = va.map((v, g) => vb[g]! - v);
  const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : null);
  return { a: mean(va), b: mean(vb), change: share ? pairedShareDifference(d, z) : pairedMeanDifference(d, z) };
}

/**
 * The measures both sides have (by label, of the same form), each changed game by game: the
 * games in the same place of both lists were played on the same seeds, and a pair counts where
 * both gave a figure. A measure only one side has is left out (`measuresApart` names them).
 */
export function measureChanges(a: readonly MeasureInfo[], b: readonly MeasureInfo[], gamesA: readonly MeasuredGame[], gamesB: readonly MeasuredGame[], players: number, z = Z95): MeasureChange[] {
  const out: MeasureChange[] = [];
  a.forEach((info, i) => {
    const j = b.findIndex((x) => x.label === info.label && x.perPlayer === info.perPlayer && x.share === info.share);
    if (j < 0) return;
    const changes: MeasureChange["changes"] = [];
    for (let k = 0; k < seatsOf(info, players); k++) {
      const va: number[] = [];
      const vb: number[] = [];
      const n = Math.min(gamesA.length, gamesB.length);
      for (let g = 0; g < n; g++) {
        const x = gamesA[g]!;
        const y = gamesB[g]!;
        if (x.error !== undefined || y.error !== undefined) continue;
        const p = x.measures?.[i]?.[k];
        const q = y.measures?.[j]?.[k];
        if (typeof p !== "number" || typeof q !== "number") continue;
        // A yes/no measure counts held or not, whatever number stands for it.
        va.push(info.share ? Number(p !== 0) : p);
        vb.push(info.share ? Number(q !== 0) : q);
      }
      changes.push({ ...(info.perPlayer ? { seat: k + 1 } : {}), ...changeRow(va, vb, info.share, z) });
    }
    if (!info.perPlayer || players < 2) {
      out.push({ ...infoOf(info), changes });
      return;
    }
    // The seats together: each game's mean over its seats on each side, paired game by game.
    const va: number[] = [];
    const vb: number[] = [];
    const n = Math.min(gamesA.length, gamesB.length);
    for (let g = 0; g < n; g++) {
      const p = seatsMean(gamesA[g]!, i, info);
      const q = seatsMean(gamesB[g]!, j, info);
      if (p === null || q === null) continue;
      va.push(p);
      vb.push(q);
    }
    out.push({ ...infoOf(info), changes, allSeats: changeRow(va, vb, info.share, z) });
  });
  return out;
}

/** A measure's form in words: "the game's number", "a seat's yes/no". */
export function measureForm(m: MeasureInfo): string {
  return `${m.perPlayer ? "a seat's" : "the game's"} ${m.share ? "yes/no" : "number"}`;
}

/**
 * The measures that have no change to report, for a note: those only one side has (by label), and
 * those both label alike in another form (`otherForm`: a game's number in A, a seat's in B), which a
 * note naming them "only A has" and "only B has" at once would leave a designer puzzling over.
 */
export function measuresApart(a: readonly MeasureInfo[], b: readonly MeasureInfo[]): { onlyA: string[]; onlyB: string[]; otherForm: { label: string; a: string; b: string }[] } {
  const has = (side: readonly MeasureInfo[], x: MeasureInfo): boolean => side.some((y) => y.label === x.label);
  const same = (x: MeasureInfo, y: MeasureInfo): boolean => x.label === y.label && x.perPlayer === y.perPlayer && x.share === y.share;
  const otherForm = a.filter((x) => has(b, x) && !b.some((y) => same(x, y))).map((x) => ({ label: x.label, a: measureForm(x), b: measureForm(b.find((y) => y.label === x.label)!) }));
  return { onlyA: a.filter((x) => !has(b, x)).map((x) => x.label), onlyB: b.filter((y) => !has(a, y)).map((y) => y.label), otherForm };
}

/** A number as a figure reads: at most two decimals, none when whole. */
const figure = (v: number): string => String(+v.toFixed(2));

/**
 * A measure's figure as the CLI and the editor print it: `12.40 [11.98, 12.82]`, a yes/no measure's
 * share `35.0% [22.1–50.5]`, or why there is none.
 */
export function measureFigureText(m: MeasureInfo, f: MeasureFigure): string {
  if (f.value === null || f.low === null || f.high === null) return "no game gave a figure";
  if (m.share) return `${(f.value * 100).toFixed(1)}% [${(f.low * 100).toFixed(1)}–${(f.high * 100).toFixed(1)}]`;
  // A comma, not a dash, between the ends: a number measure may be negative ("[-3.25, -2.35]").
  const bounds = Number.isFinite(f.low) ? ` [${fixed2(f.low)}, ${fixed2(f.high)}]` : " [one game: no interval]";
  return `${fixed2(f.value)}${bounds}`;
}

/** Two decimals, a value that rounds to nothing read as 0.00: a rare count's interval read "[-0.00, 0.01]". */
function fixed2(v: number): string {
  const t = v.toFixed(2);
  return Number(t) === 0 ? "0.00" : t;
}

/** A number measure's spread over the games: `sd 1.3, median 12, 10 to 15`. */
export function measureSpreadText(s: Spread): string {
  return `sd ${figure(s.sd)}, median ${figure(s.median)}, ${figure(s.min)} to ${figure(s.max)}`;
}
