import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import Tinypool from "tinypool";
import { formatDiagnostic } from "../../dsl/index.ts";
import { estimateReadsSeat, StartError, type Game, type Match, type MeasureInfo, type RunSettings } from "../index.ts";
import { loadRules } from "./load-rules.ts";
import { keepGame, playGame, runBatch, type BatchTask, type GameOutcome } from "./simulate-batch.ts";
import { runProgress } from "./run-progress.ts";
import { engineBuild } from "./engine-build.ts";
import { simulationReport } from "./simulate-report.ts";
import { summarise, summaryLines, type SimulationSummary } from "./simulate-summary.ts";
import { alignColumns } from "./text-columns.ts";
import { UsageError } from "./usage-error.ts";

/**
 * Said under a run that was not kept, took a while and that more games would sharpen (`simulate`,
 * `compare`): a designer re-ran minutes of games to pool them with another seed's, not having saved
 * the first. A run of seconds is played again as fast as its file would be read.
 */
export const KEEP_HINT = "next time, run with --save FILE: a later run of another --seed can then be pooled with it (`stela merge`) rather than playing these games again";

/** How long a run plays (seconds of its games' time) before it is worth keeping (`KEEP_HINT`). */
export const KEEP_AFTER_SECONDS = 30;

/**
 * Is a run not kept worth the hint to keep it (`KEEP_HINT`): its figures sharper with more games
 * (`for5`, the games ±5 points would take, beyond the `played`), and `seconds` of play or more.
 */
export function worthKeeping(for5: number | undefined, played: number, seconds: number): boolean {
  return (for5 ?? 0) > played && seconds >= KEEP_AFTER_SECONDS;
}

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number;
  variant?: string;
  json: boolean;
  workers: number;
  /** Show progress on stderr: a bar on a terminal, else a line each half minute of a long run (`runProgress`). */
  progress: boolean;
  /** The bot of each seat as written (`random`, `mcts:200`), repeated when shorter than the seats. */
  bots: string[];
  /** Write an HTML report with charts to this file. */
  report?: string;
  /** Also save the run to this file as `stela merge` reads it (`ShardOutput`, the whole run as shard 1/1). */
  save?: string;
  /** Play only part k (from 1) of n of the games: `{ k, n }`. */
  shard?: { k: number; n: number };
  /** Play only this game (from 1) and print its decisions. */
  game?: number;
  /** A game still going after this many decisions fails as endless (`RunSettings.maxDecisions`). */
  maxDecisions?: number;
}

/** The output of a shard (`--shard k/n --json`): its summary plus every game's outcome, for `stela merge`. */
export interface ShardOutput extends SimulationSummary {
  shard: { k: number; n: number };
  outcomes: GameOutcome[];
  /**
   * The fingerprint of what the run played and read (`Game.runFingerprint`: a rule, the estimate
   * or a measure changed, it changes; an example, it does not): the shards of one run, and runs
   * pooled, were played on one text of the rules, whatever their file is called.
   */
  rules?: string;
}

/** The most games a worker plays per task: each task costs a message to and from the worker. */
const MAX_BATCH = 25;
/** Tasks per worker a run is cut into, at least, when it has the games for it. */
const TASKS_PER_WORKER = 8;

/**
 * Games [from, to) cut into tasks for `workers` workers: contiguous, in order, each of 1 to
 * `MAX_BATCH` games, and at least `TASKS_PER_WORKER` per worker while there are games for it.
 * Games of a run differ in length, and a search bot takes seconds a game: in batches of 25, a run
 * of 20 games was one task and left the second core idle (a tile game, `mcts:200` against random: 59 s,
 * one core busy), and its progress bar stood still until the end. Small tasks keep every worker
 * busy to the last games and the bar moving; which games a task holds never changes a game.
 */
export function batchRanges(from: number, to: number, workers: number): { from: number; to: number }[] {
  const size = Math.max(1, Math.min(MAX_BATCH, Math.floor((to - from) / (Math.max(1, workers) * TASKS_PER_WORKER))));
  const out: { from: number; to: number }[] = [];
  for (let a = from; a < to; a += size) out.push({ from: a, to: Math.min(to, a + size) });
  return out;
}

/** The games of shard k of n out of 1..games: contiguous, in order, together exactly all games. */
export function shardRange(games: number, k: number, n: number): { from: number; to: number } {
  return { from: 1 + Math.floor(((k - 1) * games) / n), to: 1 + Math.floor((k * games) / n) };
}

/** Reads `--shard 2/8`. */
export function parseShard(text: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || k < 1 || k > n) throw new UsageError(`--shard takes k/n with 1 ≤ k ≤ n (e.g. 2/8), not "${text}"`);
  return { k, n };
}

function settingsOf(file: string, o: Pick<SimulateOptions, "players" | "bots" | "seed" | "variant" | "maxDecisions">): RunSettings {
  const s: RunSettings = { file, players: o.players, bots: o.bots, seed: o.seed };
  if (o.variant !== undefined) s.variant = o.variant;
  if (o.maxDecisions !== undefined) s.maxDecisions = o.maxDecisions;
  return s;
}

/**
 * The options with the variant a run plays named: a file of variants only (`extends`) plays its
 * first variant when none is asked for, and a summary that named no variant read as the base
 * game's (a comparison of a base game with its house-rules file played that file's first
 * variant, and told nobody).
 */
export function withVariantPlayed<T extends { variant?: string }>(game: Game, o: T): T {
  return o.variant === undefined && game.def.variant !== undefined ? { ...o, variant: game.def.variant } : o;
}

/** Compiles and checks that the game can start with these settings (a wrong player count is a usage error). */
export function loadForRun(file: string, o: Pick<SimulateOptions, "players" | "variant">, out: (line: string) => void): Game | undefined {
  const r = loadRules(file);
  if (!r.game) {
    for (const d of r.diagnostics) out(formatDiagnostic(d));
    return undefined;
  }
  try {
    r.game.start(o.variant === undefined ? { players: o.players, seed: 1 } : { players: o.players, seed: 1, variant: o.variant });
  } catch (e) {
    if (e instanceof StartError) throw new UsageError(e.message);
    throw e;
  }
  // The batches this process plays (`playRange`) use these rules instead of compiling them again.
  keepGame(file, r.game);
  return r.game;
}

/** When a run starts its worker processes (`playRange`). */
export interface WorkersPay {
  /** Seconds this process plays alone before it judges whether workers would pay. */
  aloneSeconds: number;
  /** Seconds of play left, at this process's latest pace, from which starting the workers pays. */
  from: number;
}

/**
 * Measured on two cores (a tile game, 3 players, random bots), against handing every run to the
 * workers: 100 games 4.0 s → 2.4 s, 300 games 5.1 s → 4.3 s; a long run pays about a second for
 * the workers' later start (1,000 games 8.5 s → 9.6 s, 3,000 games 18.1 s → 19.7 s).
 */
const WORKERS_PAY: WorkersPay = { aloneSeconds: 1.5, from: 4 };

/**
 * Plays games [from, to) of a run, on `workers` worker processes when the run is long enough to
 * pay for them; outcomes in game order.
 *
 * A worker process is a new Node with a cold engine: it loads the CLI, parses and checks the rules
 * and warms its JIT for a second or two before it plays at full speed, and while it starts it
 * takes the cores on which this process's JIT would compile. When every run was handed to the
 * workers, a short run was slower on two workers than on one. So this process plays first, alone,
 * for `aloneSeconds`, and hands the rest to the workers only if it would take it `from` seconds
 * or more at its latest pace (search bots, long runs); then it leaves the cores to them. A game is
 * the same whichever process plays it (`playGame`): the outcomes are the same on any number of
 * workers, and the games of a worker that fails are played here. `byWorkers`: how many games the
 * workers played.
 */
export async function playRange(s: RunSettings, from: number, to: number, workers: number, progress: boolean | string | { what: string; after?: string }, pay = WORKERS_PAY): Promise<{ outcomes: GameOutcome[]; seconds: number; byWorkers: number }> {
  const tasks: BatchTask[] = batchRanges(from, to, workers).map((r) => ({ ...s, ...r }));
  // `progress`: shown or not, or shown opening with what is played (a comparison's side), and what comes after.
  const label = typeof progress === "object" ? progress : { what: progress === true ? "simulating" : progress || "" };
  const bar = progress === false ? undefined : runProgress(to - from, process.stderr, undefined, label.what, label.after);
  const started = performance.now();
  const results: (GameOutcome[] | undefined)[] = new Array(tasks.length);
  let left = to - from;
  const settle = (i: number, outcomes: GameOutcome[]): void => {
    results[i] = outcomes;
    left -= outcomes.length;
    bar?.add(outcomes.length);
  };
  let next = 0;
  let pool: Tinypool | undefined;
  let working: Promise<unknown>[] = [];
  let byWorkers = 0;
  const handOver = (n: number): void => {
    pool = new Tinypool({ filename: fileURLToPath(new URL("./simulate-worker.mjs", import.meta.url)), runtime: "child_process", minThreads: n, maxThreads: n });
    // A worker that cannot start, or dies, is an event of the pool: its games are played here (below).
    pool.on("error", () => undefined);
    const inWorker = async (): Promise<void> => {
      for (let i = next++; i < tasks.length; i = next++) {
        const outcomes = (await pool!.run(tasks[i])) as GameOutcome[];
        byWorkers += outcomes.length;
        settle(i, outcomes);
      }
    };
    working = Array.from({ length: n }, () => inWorker().catch(() => undefined));
  };
  // The pace of this process's last task: the JIT warms up over the first seconds, so the latest
  // pace tells best how long the rest would take.
  let paceFrom = started;
  while (next < tasks.length && !pool) {
    const i = next++;
    settle(i, runBatch(tasks[i]!));
    const now = performance.now();
    const n = Math.min(workers, tasks.length - next);
    if (n > 1 && now - started >= pay.aloneSeconds * 1000 && (left * (now - paceFrom)) / (tasks[i]!.to - tasks[i]!.from) >= pay.from * 1000) handOver(n);
    paceFrom = now;
    // Let the progress bar redraw.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  try {
    await Promise.all(working);
  } finally {
    await pool?.destroy();
  }
  for (let i = 0; i < tasks.length; i++) if (!results[i]) settle(i, runBatch(tasks[i]!));
  bar?.stop();
  return { outcomes: results.flatMap((r) => r!), seconds: (performance.now() - started) / 1000, byWorkers };
}

/** `--game g`: plays one game of the run again, printing every decision as the player who took it reads it. */
function replayOne(game: Game, s: RunSettings, g: number, out: (line: string) => void): number {
  let n = 0;
  // The rules' `log` lines as written, each where it came (a die rolled, a round scored): the
  // decisions alone did not show why a game went as it did. As written, like the decisions: read
  // as a spectator, a card taken from a hand as its only option was "Player 1 took their only
  // option" between decisions that name every card.
  let told = 0;
  const tell = (m: Match): void => {
    const messages = m.state.messages;
    for (const msg of messages.slice(told)) out(`      · ${msg.text}`);
    told = messages.length;
  };
  const { match, outcome } = playGame(game, s, g, (m, p, i) => {
    tell(m);
    n++;
    // As `stela play` lists it: the label people read, with the id scripts use when they differ
    // (a bare id, `3`, says nothing of the road it put a follower on).
    const o = m.options(p).find((x) => x.index === i);
    const named = o === undefined ? "?" : o.label && o.label !== o.id ? `${o.label} [${o.id}]` : o.id;
    out(`${String(n).padStart(4)}. Player ${p + 1}: option ${i + 1} of ${m.optionCount(p)}: ${named}`);
  });
  tell(match);
  // The seed as the engine reads it (a 32-bit number, from 0 up), not the signed mix it came from.
  out(`game ${g} (match seed ${outcome.seed >>> 0}): ${outcome.error ? `failed: ${outcome.error}` : `over after ${outcome.decisions} decisions; scores ${outcome.scores.join(", ")}; winners ${outcome.winners.map((w) => `Player ${w + 1}`).join(", ")}`}`);
  if (match.error) out(formatDiagnostic(match.error));
  for (const line of gameMeasureLines(game.measureInfo(s.variant), outcome.measures)) out(line);
  return outcome.error ? 1 : 0;
}

/**
 * The measures of one game replayed (`--game g`), as the run's figures were made of them: a
 * designer asking why a run's mean is what it is reads a game's own values. A `bool` reads yes or
 * no, `none` as none; a failed game has none to show.
 */
function gameMeasureLines(infos: readonly MeasureInfo[], values: readonly (readonly (number | null)[])[] | undefined): string[] {
  if (!infos.length || !values) return [];
  const shown = (info: MeasureInfo, v: number | null | undefined): string => (v === null || v === undefined ? "none" : info.share ? (v ? "yes" : "no") : String(v));
  const rows = infos.map((info, i) => {
    const vs = values[i] ?? [];
    return [`  ${info.label}`, info.perPlayer ? vs.map((v, k) => `seat ${k + 1}: ${shown(info, v)}`).join(", ") : shown(info, vs[0])];
  });
  return ["measures of this game:", ...alignColumns(rows, [0]).map((l) => l.trimEnd())];
}

/** `stela simulate`: bots play many games; prints a summary with intervals. Exit 1 if any game failed. */
export async function runSimulate(file: string, options: SimulateOptions, out: (line: string) => void): Promise<number> {
  const game = loadForRun(file, options, out);
  if (!game) return 1;
  const o = withVariantPlayed(game, options);
  const s = settingsOf(file, o);
  if (o.game !== undefined) {
    // One game's decisions are text: a figure for the whole run has nothing to come from.
    const whole = [o.json ? "--json" : "", o.report !== undefined ? "--report" : "", o.save !== undefined ? "--save" : "", o.shard ? "--shard" : ""].filter(Boolean);
    if (whole.length) throw new UsageError(`--game replays one game and prints its decisions; ${whole.join(" and ")} ${whole.length > 1 ? "are" : "is"} for a whole run`);
    return replayOne(game, s, o.game, out);
  }
  const { from, to } = o.shard ? shardRange(o.games, o.shard.k, o.shard.n) : { from: 1, to: o.games + 1 };
  const { outcomes, seconds } = await playRange(s, from, to, o.workers, o.progress);
  const summary = summarise(game.title, s, o.games, outcomes, seconds, game.measureInfo(o.variant));
  // An estimate that reads the seat judges the seats apart: the first-player verdict says so.
  if (estimateReadsSeat(game.definition(o.variant))) summary.firstPlayer.seatEstimate = true;
  // Which engine played it (`engineBuild`): only the JSON says, for the tools that keep and compare runs.
  const engine = engineBuild();
  // What the run played and read, examples aside (`Game.runFingerprint`).
  const rules = (): string => game.runFingerprint(o.variant);
  // What `stela merge` reads: a shard's, or the whole run's as its one shard (`--save`).
  const asShard = (shard: { k: number; n: number }): ShardOutput => {
    return { ...summary, engine, shard, outcomes, rules: rules() };
  };
  if (o.save !== undefined) writeFileSync(o.save, `${JSON.stringify(asShard(o.shard ?? { k: 1, n: 1 }))}\n`);
  if (o.json) out(JSON.stringify(o.shard ? asShard(o.shard) : { ...summary, engine }));
  else {
    for (const line of summaryLines(summary)) out(line);
    if (o.shard && o.save === undefined) out(`shard ${o.shard.k}/${o.shard.n}: games ${from}–${to - 1}; use --json or --save to keep it for \`stela merge\``);
    if (o.save !== undefined) out(`saved for \`stela merge\`: ${o.save}`);
    else if (!o.shard && worthKeeping(summary.precision?.for5, summary.played, summary.played / Math.max(summary.playoutsPerSecond, 1e-9))) out(KEEP_HINT);
  }
  if (o.report !== undefined) {
    writeFileSync(o.report, simulationReport(summary, outcomes));
    if (!o.json) out(`report: ${o.report}`);
  }
  return summary.errors.length ? 1 : 0;
}

export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, cpus().length));
}
