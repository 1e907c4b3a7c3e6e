import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { SingleBar, Presets } from "cli-progress";
import Tinypool from "tinypool";
import { formatDiagnostic } from "../../dsl/index.ts";
import { StartError } from "../index.ts";
import { loadRules } from "./load-rules.ts";
import type { BotKind } from "../index.ts";
import { runBatch, type BatchTask, type GameOutcome } from "./simulate-batch.ts";
import { simulationReport } from "./simulate-report.ts";
import { UsageError } from "./usage-error.ts";

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number;
  variant?: string;
  json: boolean;
  workers: number;
  /** Show a progress bar (on stderr, when it is a terminal). */
  progress: boolean;
  /** The bot of each seat, repeated when shorter than the seats. */
  bots: BotKind[];
  /** Write an HTML report with charts to this file. */
  report?: string;
}

export interface SimulationSummary {
  game: string;
  variant?: string;
  players: number;
  games: number;
  seed: number;
  /** Share of the games each seat won; a shared win counts 1/n to each winner. */
  winsBySeat: number[];
  scores: { mean: number[]; min: number[]; max: number[] };
  decisionsPerGame: number;
  playoutsPerSecond: number;
  errors: string[];
}

const BATCH = 25;

export function summarise(title: string, o: SimulateOptions, outcomes: GameOutcome[], seconds: number): SimulationSummary {
  const n = o.players;
  const wins = new Array<number>(n).fill(0);
  const sum = new Array<number>(n).fill(0);
  const min = new Array<number>(n).fill(Infinity);
  const max = new Array<number>(n).fill(-Infinity);
  let decisions = 0;
  const clean = outcomes.filter((g) => !g.error);
  for (const g of clean) {
    for (const w of g.winners) wins[w]! += 1 / g.winners.length;
    g.scores.forEach((s, p) => {
      sum[p]! += s;
      min[p] = Math.min(min[p]!, s);
      max[p] = Math.max(max[p]!, s);
    });
    decisions += g.decisions;
  }
  const k = Math.max(1, clean.length);
  const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
  const summary: SimulationSummary = {
    game: title,
    players: n,
    games: outcomes.length,
    seed: o.seed,
    winsBySeat: wins.map((w) => round(w / k, 4)),
    scores: {
      mean: sum.map((s) => round(s / k)),
      min: min.map((v) => (Number.isFinite(v) ? v : 0)),
      max: max.map((v) => (Number.isFinite(v) ? v : 0)),
    },
    decisionsPerGame: round(decisions / k, 1),
    playoutsPerSecond: round(outcomes.length / Math.max(seconds, 1e-9), 1),
    errors: outcomes.filter((g) => g.error).map((g) => g.error!),
  };
  if (o.variant !== undefined) summary.variant = o.variant;
  return summary;
}

function table(s: SimulationSummary, bots: BotKind[]): string[] {
  const lines = [`${s.game}${s.variant ? ` (${s.variant})` : ""}: ${s.games} games, ${s.players} players, seed ${s.seed}`, ""];
  lines.push("seat  bot     wins     mean score  min    max");
  for (let p = 0; p < s.players; p++) {
    lines.push(
      `${String(p + 1).padEnd(6)}${bots[p % bots.length]!.padEnd(8)}${`${(s.winsBySeat[p]! * 100).toFixed(1)}%`.padEnd(9)}${s.scores.mean[p]!.toFixed(2).padEnd(12)}${String(s.scores.min[p]).padEnd(7)}${s.scores.max[p]}`,
    );
  }
  lines.push("", `decisions per game: ${s.decisionsPerGame}`, `playouts per second: ${s.playoutsPerSecond}`, `errors: ${s.errors.length}`);
  for (const e of s.errors.slice(0, 10)) lines.push(`  ${e}`);
  if (s.errors.length > 10) lines.push(`  … and ${s.errors.length - 10} more`);
  return lines;
}

/** `stela simulate`: random bots play many games; prints a summary. Exit 1 if any game failed. */
export async function runSimulate(file: string, o: SimulateOptions, out: (line: string) => void): Promise<number> {
  const r = loadRules(file);
  if (!r.game) {
    for (const d of r.diagnostics) out(formatDiagnostic(d));
    return 1;
  }
  try {
    r.game.start(o.variant === undefined ? { players: o.players, seed: o.seed } : { players: o.players, seed: o.seed, variant: o.variant });
  } catch (e) {
    if (e instanceof StartError) throw new UsageError(e.message);
    throw e;
  }
  const tasks: BatchTask[] = [];
  for (let from = 0; from < o.games; from += BATCH) {
    const t: BatchTask = { file, players: o.players, bots: o.bots, seed: o.seed, from, to: Math.min(o.games, from + BATCH) };
    if (o.variant !== undefined) t.variant = o.variant;
    tasks.push(t);
  }
  const bar = o.progress && process.stderr.isTTY ? new SingleBar({ stream: process.stderr, format: "simulating [{bar}] {value}/{total} games" }, Presets.shades_classic) : undefined;
  bar?.start(o.games, 0);
  const started = performance.now();
  const results: GameOutcome[][] = new Array(tasks.length);
  const workers = Math.max(1, Math.min(o.workers, tasks.length));
  if (workers === 1) {
    tasks.forEach((t, i) => {
      results[i] = runBatch(t);
      bar?.increment(t.to - t.from);
    });
  } else {
    const pool = new Tinypool({
      filename: fileURLToPath(new URL("./simulate-worker.mjs", import.meta.url)),
      runtime: "child_process",
      minThreads: workers,
      maxThreads: workers,
    });
    try {
      await Promise.all(
        tasks.map(async (t, i) => {
          results[i] = (await pool.run(t)) as GameOutcome[];
          bar?.increment(t.to - t.from);
        }),
      );
    } finally {
      await pool.destroy();
    }
  }
  bar?.stop();
  const seconds = (performance.now() - started) / 1000;
  const outcomes = results.flat();
  const summary = summarise(r.game.title, o, outcomes, seconds);
  if (o.json) out(JSON.stringify(summary));
  else for (const line of table(summary, o.bots)) out(line);
  if (o.report) {
    writeFileSync(o.report, simulationReport(summary, outcomes, Array.from({ length: o.players }, (_, p) => o.bots[p % o.bots.length]!)));
    if (!o.json) out(`report: ${o.report}`);
  }
  return summary.errors.length ? 1 : 0;
}

export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, cpus().length));
}
