import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { runCommand, type Judged, type JudgedSite, type MeasureInfo, type RunSettings } from "../index.ts";
import type { GameOutcome } from "./simulate-batch.ts";
import type { ShardOutput } from "./simulate-command.ts";
import { checkReportPath } from "./report-path.ts";
import { simulationReport } from "./simulate-report.ts";
import { summarise, summaryLines, type SimulationSummary } from "./simulate-summary.ts";
import { UsageError } from "./usage-error.ts";
import { asCompareShard, isCompareShard, mergeCompareShards } from "./compare-shards.ts";
import { printComparison } from "./compare-command.ts";

/** A shard file as `stela simulate --shard k/n --json` writes it, every outcome checked: figures are worked out from them. */
export function readShard(file: string): ShardOutput {
  return asSimulateShard(readShardJson(file), file);
}

/** A shard file's JSON, or a usage error saying what merge reads. */
function readShardJson(file: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    // The shard's table as `simulate` prints it without `--json` is the likeliest file that is not JSON.
    throw new UsageError(
      e instanceof SyntaxError
        ? `cannot read ${file}: it is not JSON; merge reads what \`stela simulate --shard k/n --json\` prints (add --json to each shard's run)`
        : `cannot read ${file}: no such file`,
    );
  }
  return json;
}

/** A simulation's shard, every outcome checked: figures are worked out from them. */
function asSimulateShard(json: unknown, file: string): ShardOutput {
  const s = json as Partial<ShardOutput>;
  const notShard = (why?: string): UsageError => new UsageError(`${file} is not the output of \`stela simulate --shard k/n --json\`${why ? ` (${why})` : ""}`);
  // A whole run's --json keeps its figures, not its games: said which it is, and how to keep them
  // (a designer ran a 2.5-minute comparison again to read it).
  const j = s as Record<string, unknown> | null;
  if (j && typeof j === "object" && !j.shard && !j.compareShard) {
    const what = j.a && j.b && "pairs" in j ? "stela compare --json" : Array.isArray(j.seats) && "clean" in j ? "stela simulate --json" : undefined;
    if (what) throw new UsageError(`${file} is the output of \`${what}\` without --shard: it holds the run's figures, not its games, and there is nothing to merge; to keep the games for \`stela merge\` (one file or several), run it with \`--save FILE\` (the text as usual, and FILE for merge), or \`--shard 1/1 --json\` (or \`--shard k/n\` on several machines)`);
  }
  if (!s || typeof s !== "object" || !s.shard || !Array.isArray(s.outcomes)) throw notShard();
  const players = s.players;
  if (!Number.isInteger(players) || players! < 1) throw notShard("its player count is not a whole number");
  // Every figure is worked out from these: a score that is not a number gave `NaN ± NaN`, a
  // winner past the seats silently wrong shares, a null outcome an internal error.
  // The measures' labels and forms are read from a shard's summary (`mergeShards`).
  const info = (m: unknown): boolean => !!m && typeof m === "object" && typeof (m as MeasureInfo).label === "string" && typeof (m as MeasureInfo).perPlayer === "boolean" && typeof (m as MeasureInfo).share === "boolean";
  if (s.measures !== undefined && !(Array.isArray(s.measures) && s.measures.every(info))) throw notShard("its measures are not labels with their forms");
  s.outcomes.forEach((o: unknown, i) => {
    const why = outcomeProblem(o, players!);
    if (why) throw notShard(`its outcome ${i + 1} ${why}`);
  });
  return s as ShardOutput;
}

/** What is wrong with one game's outcome in a shard, or undefined when it is as `simulate` writes it. */
export function outcomeProblem(o: unknown, players: number): string | undefined {
  if (!o || typeof o !== "object") return "is not a game's outcome";
  const g = o as Partial<GameOutcome>;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);
  const seat = (n: unknown): boolean => whole(n) && n >= 0 && n < players;
  if (!whole(g.game) || g.game < 1) return "has no game number";
  if (!whole(g.seed)) return "has no seed";
  // A game that stopped on a rule error has no result: no scores, no winners (as `playGame` writes it).
  const failed = typeof g.error === "string" && Array.isArray(g.scores) && g.scores.length === 0;
  if (!failed && (!Array.isArray(g.scores) || g.scores.length !== players || !g.scores.every((x) => typeof x === "number" && Number.isFinite(x)))) return `does not have ${players} finite scores`;
  if (!Array.isArray(g.winners) || !g.winners.every(seat)) return "names a winner who is not a seat";
  if (!whole(g.decisions) || g.decisions < 0) return "has no decision count";
  if (g.turns !== undefined && (!whole(g.turns) || g.turns < 0)) return "has a turn count that is not a whole number";
  if (g.first !== undefined && !seat(g.first)) return "names a first player who is not a seat";
  if (g.atOnce !== undefined && g.atOnce !== true) return "says otherwise than `true` that it opened with a choice made at once";
  if (g.error !== undefined && typeof g.error !== "string") return "has an error that is not a text";
  const counts = (j: { weighed?: unknown; even?: unknown }): boolean => whole(j.weighed) && whole(j.even) && j.even >= 0 && j.even <= j.weighed;
  // By choice: where it is, its prompt (printed in a note, so a text) and the same counts.
  const site = (x: unknown): boolean => !!x && typeof x === "object" && counts(x) && whole((x as JudgedSite).line) && whole((x as JudgedSite).column) && typeof (x as JudgedSite).prompt === "string" && ((x as JudgedSite).file === undefined || typeof (x as JudgedSite).file === "string");
  const sites = (x: unknown): boolean => x === undefined || (!!x && typeof x === "object" && !Array.isArray(x) && Object.values(x).every(site));
  // Failures of the estimate: among the even decisions, with the first one's message.
  const failures = (j: Judged): boolean => (j.failed === undefined || (whole(j.failed) && j.failed >= 0 && j.failed <= j.even)) && (j.failure === undefined || typeof j.failure === "string");
  const judged = (j: unknown): boolean => j === null || (!!j && typeof j === "object" && counts(j as Judged) && sites((j as Judged).sites) && failures(j as Judged));
  const figures = (m: unknown): boolean => Array.isArray(m) && m.every((v) => v === null || (typeof v === "number" && Number.isFinite(v)));
  if (g.measures !== undefined && !(Array.isArray(g.measures) && g.measures.every(figures))) return "has measures that are not lists of numbers";
  if (g.judged !== undefined && !(Array.isArray(g.judged) && g.judged.length === players && g.judged.every(judged))) return "has judged counts that are not one per seat";
  return undefined;
}

/** A setting shards of one run share: its name as a message says it, how to read it, and whether the name is plural ("the bots differ"). */
export type Setting<S> = [name: string, read: (s: S) => unknown, plural?: "plural"];

/**
 * The settings of `settings` in which shard `s` differs from `first`, named ("the bots differ",
 * "the file and --max-decisions differ"), or undefined when it differs in none. A designer told
 * only that one of seven things differed diffed the JSON to find it was the rules.
 */
export function differingSettings<S>(settings: readonly Setting<S>[], s: S, first: S): string | undefined {
  const differ = settings.filter(([, read]) => JSON.stringify(read(s)) !== JSON.stringify(read(first)));
  if (differ.length === 0) return undefined;
  const names = differ.map(([name]) => name);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!}`;
  return `${list} ${differ.length === 1 && differ[0]![2] !== "plural" ? "differs" : "differ"}`;
}

/**
 * Merges the shards of one run into the summary one machine would have printed:
 * the same settings, every shard once, every game once. The outcomes are put
 * back in game order, so the figures are exactly those of a single run.
 *
 * Runs of other seeds with the same settings (file, variant, players, bots, decision limit; rules and engine)
 * are pooled: each run whole (its shards once each, its games once each), their games together.
 * Game g of seed s is played from its own streams (`mixSeed(s, g)`), so the games of two seeds
 * are as independent as two games of one seed, and more games narrow every interval as they
 * would in one longer run. A designer who ran 200 games, then 200 more with another seed to be
 * surer, added the two tables up by hand. Two runs of one seed are the same games, refused.
 */
export function mergeShards(shards: ShardOutput[], names: string[]): { summary: SimulationSummary; outcomes: GameOutcome[] } {
  const first = shards[0]!;
  const agreed: Setting<ShardOutput>[] = [
    ["the file", (s) => s.file],
    ["the variant", (s) => s.variant ?? null],
    ["the number of players", (s) => s.players],
    ["the bots", (s) => s.bots, "plural"],
    ["--max-decisions", (s) => s.maxDecisions ?? null],
  ];
  shards.forEach((s, i) => {
    const differ = differingSettings(agreed, s, first);
    if (differ) throw new UsageError(`${names[i]} comes from another run than ${names[0]}: ${differ}`);
  });
  // The engine first: another version may keep another fingerprint of the same rules.
  // Shards from before the engine was named carry none.
  shards.forEach((s, i) => {
    if (s.engine !== undefined && first.engine !== undefined && s.engine !== first.engine) {
      throw new UsageError(`${names[i]} was played by another engine than ${names[0]} (engine ${s.engine}, not ${first.engine}): the same seeds may have played other games, so the shards are not one run; play them again with one version of Stela`);
    }
  });
  // Shards from before the fingerprint was kept carry none: nothing to compare.
  shards.forEach((s, i) => {
    if (s.rules !== undefined && first.rules !== undefined && s.rules !== first.rules) {
      throw new UsageError(`${names[i]} was played on other rules than ${names[0]}: a rule, the bots' \`estimate\` or a \`measure\` changed between them (examples do not count), so their games are not one run; play the older one again`);
    }
  });
  const { seeds, pooled, runs: parts } = runsBySeed(shards, names, (s) => s.shard, "run");
  const runs = parts.map(({ seed, head, shards: own }) => ({ seed, games: head.games, outcomes: runOutcomes(own.map((s) => s.outcomes), head.games, pooled ? seed : undefined, "") }));
  const outcomes = runs.flatMap((r) => r.outcomes);
  // A summary lists a bot per seat; the run named them cycling over the seats (`--bots random`),
  // and its command says them so: the shortest list that cycles to the seats' bots.
  const settings: RunSettings = { file: first.file, players: first.players, bots: cycleOf(first.bots), seed: seeds[0]! };
  if (first.variant !== undefined) settings.variant = first.variant;
  if (first.maxDecisions !== undefined) settings.maxDecisions = first.maxDecisions;
  const seconds = shards.reduce((t, s) => t + s.played / Math.max(s.playoutsPerSecond, 1e-9), 0);
  // The measures' labels and forms, as the first shard's summary reports them (every shard played the same rules).
  const summary = summarise(first.game, settings, outcomes.length, outcomes, seconds, first.measures ?? []);
  // One shard (a whole run kept with `--save`) reads as the run did.
  if (shards.length > 1) summary.shards = shards.length;
  if (pooled) {
    summary.seeds = seeds;
    // Each run's own command: together they play every game pooled here.
    summary.command = runs.map((r) => runCommand({ ...settings, seed: r.seed }, r.games)).join(" && ");
  }
  if (first.engine !== undefined) summary.engine = first.engine;
  return { summary, outcomes };
}

/** `stela merge`: shards' JSON outputs into the summary of the whole run. */
export function registerMerge(p: Command, result: { code: number }, out: (line: string) => void): void {
  p.command("merge")
    .description("merge the --json outputs of `stela simulate --shard k/n` (or of `stela compare --shard k/n`) into the summary (or comparison) of the whole run")
    .argument("<files...>", "the shards' JSON outputs")
    .option("--json", "print one JSON object (unrounded figures)")
    .option("--report <file>", "also write an HTML report with charts")
    .action((files: string[], o: { json?: boolean; report?: string }) => {
      if (o.report !== undefined) checkReportPath(o.report);
      const read = files.map(readShardJson);
      const compared = read.map(isCompareShard);
      if (compared.some(Boolean)) {
        const other = compared.findIndex((x) => !x);
        if (other >= 0) throw new UsageError(`${files[other]} is a simulation's shard and ${files[compared.indexOf(true)]} a comparison's: merge the shards of one run`);
        const shards = read.map((j, i) => asCompareShard(j, files[i]!));
        // The run's `--fail-if` rules and `--fail-undecided` decide the exit code, as in one run.
        result.code = printComparison(mergeCompareShards(shards, files), { ...o, engine: shards[0]!.engine, ...(shards[0]!.failUndecided ? { failUndecided: true } : {}) }, out);
        return;
      }
      const { summary, outcomes } = mergeShards(read.map((j, i) => asSimulateShard(j, files[i]!)), files);
      if (o.json) out(JSON.stringify(summary));
      else for (const line of summaryLines(summary)) out(line);
      if (o.report !== undefined) {
        writeFileSync(o.report, simulationReport(summary, outcomes));
        if (!o.json) out(`report: ${o.report}`);
      }
      result.code = summary.errors.length ? 1 : 0;
    });
}

/** The shortest list of bots that, repeated over the seats, gives `bots` (`[random, random]` → `[random]`). */
function cycleOf(bots: readonly string[]): string[] {
  for (let n = 1; n < bots.length; n++) if (bots.every((b, i) => b === bots[i % n])) return bots.slice(0, n);
  return [...bots];
}

/**
 * Shards of one or several runs (`stela merge`), grouped by their seed in order: each run's shards
 * agree on its games and shard count, and cover `1/n` to `n/n` once each. Runs of several seeds are
 * `pooled`. `what` names a run in messages ("run", "comparison"). Checked alike for simulate and compare.
 */
export function runsBySeed<S extends { seed: number; games: number }>(shards: readonly S[], names: readonly string[], part: (s: S) => { k: number; n: number }, what: string): { seeds: number[]; pooled: boolean; runs: { seed: number; head: S; shards: S[] }[] } {
  const seeds = [...new Set(shards.map((s) => s.seed))].sort((a, b) => a - b);
  const pooled = seeds.length > 1;
  const runs = seeds.map((seed) => {
    const own = shards.map((s, i) => ({ s, name: names[i]! })).filter((x) => x.s.seed === seed);
    const head = own[0]!;
    for (const x of own) {
      if (x.s.games !== head.s.games || part(x.s).n !== part(head.s).n) throw new UsageError(`${x.name} comes from another ${what} than ${head.name} (their games or shard counts differ${pooled ? `; both are of seed ${seed}` : ""})`);
    }
    everyShardOnce(own.map((x) => part(x.s)), own.map((x) => x.name), pooled ? ` of seed ${seed}` : "");
    return { seed, head: head.s, shards: own.map((x) => x.s) };
  });
  return { seeds, pooled, runs };
}

/**
 * One run's outcomes from its shards' (`parts`), in game order, checked to hold games 1 to `games`
 * once each; tagged with the run's seed (`GameOutcome.run`) when runs are pooled (`run` given).
 * `side`: which side of a comparison, for the message (" of each side").
 */
export function runOutcomes(parts: readonly (readonly GameOutcome[])[], games: number, run: number | undefined, side: string): GameOutcome[] {
  const outcomes = parts.flat().sort((a, b) => a.game - b.game);
  if (outcomes.length !== games || outcomes.some((o, i) => o.game !== i + 1)) throw new UsageError(`the shards${run !== undefined ? ` of seed ${run}` : ""} do not hold games 1–${games}${side} exactly once`);
  return run === undefined ? outcomes : outcomes.map((o) => ({ ...o, run }));
}

/** Shards `1/n` to `n/n` each given once (one run's parts, checked alike for simulate and compare); `run` names the run among several ("of seed 2"). */
export function everyShardOnce(shards: readonly { k: number; n: number }[], names: readonly string[], run = ""): void {
  const seen = new Set<number>();
  for (const [i, s] of shards.entries()) {
    if (seen.has(s.k)) throw new UsageError(`shard ${s.k}/${s.n}${run} is given twice (${names[i]})`);
    seen.add(s.k);
  }
  const n = shards[0]!.n;
  const missing = Array.from({ length: n }, (_, k) => k + 1).filter((k) => !seen.has(k));
  if (missing.length) throw new UsageError(`missing shard${missing.length > 1 ? "s" : ""} ${missing.map((k) => `${k}/${n}`).join(", ")}${run}`);
}
