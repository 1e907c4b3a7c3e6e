import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import type { GameOutcome, RunSettings } from "./simulate-batch.ts";
import type { ShardOutput } from "./simulate-command.ts";
import { checkReportPath } from "./report-path.ts";
import { simulationReport } from "./simulate-report.ts";
import { summarise, summaryLines, type SimulationSummary } from "./simulate-summary.ts";
import { UsageError } from "./usage-error.ts";

function readShard(file: string): ShardOutput {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${e instanceof SyntaxError ? "not JSON" : "no such file"}`);
  }
  const s = json as Partial<ShardOutput>;
  if (!s || typeof s !== "object" || !s.shard || !Array.isArray(s.outcomes)) throw new UsageError(`${file} is not the output of \`stela simulate --shard k/n --json\``);
  return s as ShardOutput;
}

/**
 * Merges the shards of one run into the summary one machine would have printed:
 * the same settings, every shard once, every game once. The outcomes are put
 * back in game order, so the figures are exactly those of a single run.
 */
export function mergeShards(shards: ShardOutput[], names: string[]): { summary: SimulationSummary; outcomes: GameOutcome[] } {
  const first = shards[0]!;
  const key = (s: ShardOutput): string => JSON.stringify([s.file, s.variant ?? null, s.players, s.bots, s.seed, s.games, s.shard.n]);
  shards.forEach((s, i) => {
    if (key(s) !== key(first)) throw new UsageError(`${names[i]} comes from another run than ${names[0]} (file, variant, players, bots, seed, games or shard count differ)`);
  });
  // Shards from before the fingerprint was kept carry none: nothing to compare.
  shards.forEach((s, i) => {
    if (s.rules !== undefined && first.rules !== undefined && s.rules !== first.rules) {
      throw new UsageError(`${names[i]} was played on other rules than ${names[0]}: the rule file changed between the shards, so their games are not one run`);
    }
  });
  const seen = new Set<number>();
  for (const [i, s] of shards.entries()) {
    if (seen.has(s.shard.k)) throw new UsageError(`shard ${s.shard.k}/${s.shard.n} is given twice (${names[i]})`);
    seen.add(s.shard.k);
  }
  const missing = Array.from({ length: first.shard.n }, (_, k) => k + 1).filter((k) => !seen.has(k));
  if (missing.length) throw new UsageError(`missing shard${missing.length > 1 ? "s" : ""} ${missing.map((k) => `${k}/${first.shard.n}`).join(", ")}`);
  const outcomes = shards.flatMap((s) => s.outcomes).sort((a, b) => a.game - b.game);
  if (outcomes.length !== first.games || outcomes.some((o, i) => o.game !== i + 1)) throw new UsageError(`the shards do not hold games 1–${first.games} exactly once`);
  const settings: RunSettings = { file: first.file, players: first.players, bots: first.bots, seed: first.seed };
  if (first.variant !== undefined) settings.variant = first.variant;
  const seconds = shards.reduce((t, s) => t + s.played / Math.max(s.playoutsPerSecond, 1e-9), 0);
  return { summary: summarise(first.game, settings, first.games, outcomes, seconds), outcomes };
}

/** `stela merge`: shards' JSON outputs into the summary of the whole run. */
export function registerMerge(p: Command, result: { code: number }, out: (line: string) => void): void {
  p.command("merge")
    .description("merge the --json outputs of `stela simulate --shard k/n` into the summary of the whole run")
    .argument("<files...>", "the shards' JSON outputs")
    .option("--json", "print one JSON object (unrounded figures)")
    .option("--report <file>", "also write an HTML report with charts")
    .action((files: string[], o: { json?: boolean; report?: string }) => {
      if (o.report !== undefined) checkReportPath(o.report);
      const { summary, outcomes } = mergeShards(files.map(readShard), files);
      if (o.json) out(JSON.stringify(summary));
      else for (const line of summaryLines(summary)) out(line);
      if (o.report !== undefined) {
        writeFileSync(o.report, simulationReport(summary, outcomes));
        if (!o.json) out(`report: ${o.report}`);
      }
      result.code = summary.errors.length ? 1 : 0;
    });
}
