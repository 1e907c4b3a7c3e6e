import type { MeasureInfo, RunSettings } from "../index.ts";
import { compareSummaries, type Comparison } from "./compare-command.ts";
import { differingSettings, outcomeProblem, runOutcomes, runsBySeed, type Setting } from "./merge-command.ts";
import type { GameOutcome } from "./simulate-batch.ts";
import { summarise } from "./simulate-summary.ts";
import { UsageError } from "./usage-error.ts";

/** One side of a comparison's shard: what `summarise` needs to give that side's figures again. */
export interface CompareShardSide {
  file: string;
  variant?: string;
  /** The game's title, as its summary names it. */
  title: string;
  /** The fingerprint of what it played and read (`Game.runFingerprint`): a rule file changed between shards is refused; an example added, not. */
  rules: string;
  measures: MeasureInfo[];
  outcomes: GameOutcome[];
  seconds: number;
}

/**
 * What `stela compare --shard k/n --json` writes: both sides' games of part k of n, the same seeds
 * on both, and what the whole run needs to be read as one (`stela merge`): its rules (`--fail-if`),
 * its command and its notes. A comparison of search bots takes minutes a game; its shards play on
 * several machines, or one after another, and merge into exactly the comparison one run gives.
 */
export interface CompareShardOutput {
  compareShard: { k: number; n: number };
  /** The whole run's games on each side (`--games`). */
  games: number;
  players: number;
  bots: string[];
  seed: number;
  failIf: string[];
  failUndecided?: true;
  /** `--max-decisions`, when the run set it. */
  maxDecisions?: number;
  /** The command of the whole run (without `--shard`), as its comparison reproduces it. */
  command: string;
  a: CompareShardSide;
  b: CompareShardSide;
  differentGames?: { a: string; b: string };
  sameRules?: true;
  estimateReadsChanged?: string[];
  engine: string;
}

/** Is this JSON a comparison's shard (not a simulation's)? */
export function isCompareShard(json: unknown): boolean {
  return !!json && typeof json === "object" && "compareShard" in json;
}

/** A comparison's shard, every outcome checked as a simulation's are (`outcomeProblem`). */
export function asCompareShard(json: unknown, file: string): CompareShardOutput {
  const s = json as Partial<CompareShardOutput>;
  const notShard = (why: string): UsageError => new UsageError(`${file} is not the output of \`stela compare --shard k/n --json\` (${why})`);
  const shard = s.compareShard;
  if (!shard || !Number.isInteger(shard.k) || !Number.isInteger(shard.n) || shard.k < 1 || shard.k > shard.n) throw notShard("its shard is not k/n");
  if (!Number.isInteger(s.players) || s.players! < 1) throw notShard("its player count is not a whole number");
  if (!Number.isInteger(s.games) || !Array.isArray(s.bots) || !Array.isArray(s.failIf) || typeof s.command !== "string") throw notShard("its run's settings are missing");
  for (const side of ["a", "b"] as const) {
    const x = s[side];
    if (!x || typeof x !== "object" || !Array.isArray(x.outcomes) || typeof x.file !== "string" || typeof x.rules !== "string" || !Array.isArray(x.measures)) throw notShard(`its side ${side.toUpperCase()} is missing`);
    x.outcomes.forEach((o: unknown, i) => {
      const why = outcomeProblem(o, s.players!);
      if (why) throw notShard(`its outcome ${i + 1} of ${side.toUpperCase()} ${why}`);
    });
  }
  return s as CompareShardOutput;
}

/**
 * The comparison the shards of one `compare` run make together: every shard from the same run
 * (settings, rules of each side, engine), every game of each side once, and the figures worked
 * out from the outcomes in game order, exactly as one run works them out. Runs of other seeds
 * with the same settings are pooled as `stela merge` pools simulations (`mergeShards`): each run
 * whole, its games paired side to side as its run paired them, every run's pairs counted.
 */
export function mergeCompareShards(shards: CompareShardOutput[], names: string[]): Comparison {
  const first = shards[0]!;
  // What must agree, each named as the message says it (`differingSettings`).
  const settings: Setting<CompareShardOutput>[] = [
    ["A's file", (s) => s.a.file],
    ["B's file", (s) => s.b.file],
    ["A's variant", (s) => s.a.variant ?? null],
    ["B's variant", (s) => s.b.variant ?? null],
    ["A's rules (a rule, the bots' `estimate` or a `measure` changed; examples do not count)", (s) => s.a.rules],
    ["B's rules (a rule, the bots' `estimate` or a `measure` changed; examples do not count)", (s) => s.b.rules],
    ["the number of players", (s) => s.players],
    ["the bots", (s) => s.bots, "plural"],
    ["--fail-if", (s) => s.failIf],
    ["--fail-undecided", (s) => s.failUndecided ?? false],
    ["--max-decisions", (s) => s.maxDecisions ?? null],
  ];
  shards.forEach((s, i) => {
    // The engine first: another version may keep another fingerprint of the same rules.
    if (s.engine !== first.engine) throw new UsageError(`${names[i]} was played by another engine than ${names[0]} (engine ${s.engine}, not ${first.engine}): the same seeds may have played other games; play them again with one version of Stela`);
    const differ = differingSettings(settings, s, first);
    if (differ) throw new UsageError(`${names[i]} comes from another comparison than ${names[0]}: ${differ}`);
  });
  // The runs, by seed, each checked whole.
  const { seeds, pooled, runs } = runsBySeed(shards, names, (s) => s.compareShard, "comparison");
  const summaryOf = (pick: (s: CompareShardOutput) => CompareShardSide) => {
    const x = pick(first);
    const outcomes = runs.flatMap((r) => runOutcomes(r.shards.map((s) => pick(s).outcomes), r.head.games, pooled ? r.seed : undefined, " of each side"));
    const settings: RunSettings = { file: x.file, players: first.players, bots: first.bots, seed: seeds[0]!, ...(x.variant === undefined ? {} : { variant: x.variant }), ...(first.maxDecisions === undefined ? {} : { maxDecisions: first.maxDecisions }) };
    const seconds = shards.reduce((t, s) => t + pick(s).seconds, 0);
    const summary = summarise(x.title, settings, outcomes.length, outcomes, seconds, x.measures);
    // One shard (a whole run kept with `--save`) reads as the run did.
    if (shards.length > 1) summary.shards = shards.length;
    if (pooled) summary.seeds = seeds;
    return { summary, outcomes };
  };
  // Each run's own command: together they play every pair pooled here.
  const command = runs.map((r) => r.head.command).join(" && ");
  const a = summaryOf((s) => s.a);
  const b = summaryOf((s) => s.b);
  return {
    ...compareSummaries(a.summary, b.summary, { a: a.outcomes, b: b.outcomes }, first.failIf, command, 1, true),
    ...(first.differentGames ? { differentGames: first.differentGames } : {}),
    ...(first.sameRules ? { sameRules: true as const } : {}),
    ...(first.estimateReadsChanged?.length ? { estimateReadsChanged: first.estimateReadsChanged } : {}),
  };
}
