import { Command, CommanderError, Option } from "commander";
import { runCheck } from "./check-command.ts";
import { SMOKE_DECISION_LIMIT } from "./check-report.ts";
import { CHECK_FORMATS, type CheckFormat } from "./check-formats.ts";
import { runFmt } from "./fmt-command.ts";
import { runPlay } from "./play-command.ts";
import { runTest, TEST_FORMATS, type TestFormat } from "./test-command.ts";
import { defaultWorkers, parseShard, runSimulate } from "./simulate-command.ts";
import { BOT_KINDS, parseBotSpec } from "../index.ts";
import { formatDiagnostic } from "../../dsl/index.ts";
import { botSpecs } from "./bot-specs.ts";
import { registerCompare } from "./compare-command.ts";
import { registerMerge } from "./merge-command.ts";
import { registerStrength } from "./strength-command.ts";
import { checkReportPath } from "./report-path.ts";
import { BrokenRules, playersFor } from "./load-rules.ts";
import { DECISIONS_LIMIT, GAMES_LIMIT, MAX_DECISIONS_HELP, SMOKE_LIMIT, WORKERS_LIMIT } from "./run-limits.ts";
import { seedFlag, UsageError, wholeNumber } from "./usage-error.ts";

const out = (line: string): void => void process.stdout.write(`${line}\n`);

/** `--bots` of `play`: seats, each with the bot that plays it (`2:greedy`; `2` alone: random). */
function seats(value: string): { bots: number[]; botKinds: Record<number, string> } {
  const bots: number[] = [];
  const botKinds: Record<number, string> = {};
  const parts = value.split(",");
  // `--bots ,,` or `1,,2`: a seat left out by mistake, not nothing asked for.
  if (value.trim() !== "" && parts.some((s) => s.trim() === "")) throw new UsageError(`--bots: an empty seat in "${value}"; list seats like 2,3 or 2:greedy`);
  for (const part of value.trim() === "" ? [] : parts) {
    const at = part.indexOf(":");
    // simulate's --bots lists a bot per seat (`greedy,random`), play's the seats bots take: a bot
    // where a seat was expected is that mix-up, said as such rather than "not a whole number".
    const seatText = (at < 0 ? part : part.slice(0, at)).trim();
    if (!/^\d+$/.test(seatText) && parseBotSpec(part.trim())) {
      throw new UsageError(`--bots of play lists the seats bots take, not bots: for "${part.trim()}" in seats 2 and 3, write 2:${part.trim()},3:${part.trim()} (a seat alone, 2, is a random bot)`);
    }
    const seat = wholeNumber(seatText, "--bots", 1);
    if (bots.includes(seat)) throw new UsageError(`--bots: seat ${seat} is listed twice`);
    if (at >= 0) {
      const kind = part.slice(at + 1).trim();
      if (!parseBotSpec(kind)) throw new UsageError(`--bots: "${kind}" is not a bot (${Object.keys(BOT_KINDS).join(", ")}; mcts:N for N playouts a decision, greedy:N for N redrawn copies an option is tried on)`);
      botKinds[seat] = kind;
    }
    bots.push(seat);
  }
  return { bots, botKinds };
}

function program(result: { code: number }): Command {
  const p = new Command("stela")
    .description("Stela: check, simulate and play board games written in the Stela language")
    .exitOverride()
    // Commander's errors become one line in the CLI's own voice: `stela: unknown option '--x' (did you mean --y?)`.
    .configureOutput({
      writeErr: (s) =>
        process.stderr.write(`stela: ${s.replace(/^error: /, "").replace(/\n\(Did you mean (.*)\?\)/, " (did you mean $1?)").trimEnd()}\n`),
    })
    .showSuggestionAfterError();

  p.command("check")
    .description("report every problem in rule files (file:line:col), optionally playing random games")
    .argument("<paths...>", ".stela files or folders (a folder's .stela files are read, recursively)")
    .addOption(new Option("--format <format>", "output format: text for people, json for scripts, github annotations, sarif for code scanning, junit for test reports").choices(CHECK_FORMATS).default("text"))
    .option("--smoke <n>", "also play n random games per file and fail on any rule error or endless game", "0")
    .option("--max-warnings <n>", "fail when there are more than n warnings")
    .option("--max-decisions <n>", "with --smoke: a game still going after n decisions fails as endless (default 100000; lower fails a game that never ends sooner)")
    .action((paths: string[], o: { format: CheckFormat; smoke: string; maxWarnings?: string; maxDecisions?: string }) => {
      if (o.maxDecisions !== undefined && o.smoke === "0") throw new UsageError("--max-decisions bounds the games of --smoke: add --smoke <n>");
      const options = {
        format: o.format,
        smoke: wholeNumber(o.smoke, "--smoke", 0, SMOKE_LIMIT),
        ...(o.maxWarnings !== undefined ? { maxWarnings: wholeNumber(o.maxWarnings, "--max-warnings") } : {}),
        ...(o.maxDecisions !== undefined ? { maxDecisions: wholeNumber(o.maxDecisions, "--max-decisions", 1, { most: SMOKE_DECISION_LIMIT, why: "a smoke game is stopped there anyway" }) } : {}),
      };
      result.code = runCheck(paths, options, out, (line) => void process.stderr.write(`${line}\n`));
    });

  p.command("fmt")
    .description("lay out rule files in the one canonical style (indentation, spacing, blank lines, long lists); meaning never changes")
    .argument("<paths...>", ".stela files or folders")
    .option("--check", "change nothing; list the files that are not formatted and exit 1 if there are any")
    .action((paths: string[], o: { check?: boolean }) => {
      result.code = runFmt(paths, { check: !!o.check }, out, (line) => void process.stderr.write(`${line}\n`));
    });

  p.command("test")
    .description("run the rulebook examples (`example` blocks) of rule files: pass or fail each, with the first difference")
    .argument("<paths...>", ".stela files or folders")
    .addOption(new Option("--format <format>", "output format").choices([...TEST_FORMATS]).default("text"))
    .action((paths: string[], o: { format: TestFormat }) => {
      result.code = runTest(paths, { format: o.format }, out);
    });

  p.command("simulate")
    .description("bots play many games: win rates with 95% intervals, draws, scores, game length, a first-player test")
    .argument("<file>", "a .stela file")
    .option("--players <n>", "number of players (default: the game's, when it has one)")
    .option("--games <n>", "number of games (numbered from 1)", "100")
    .option("--seed <n>", "seed of the run (game g plays a seed mixed from it and g)", "1")
    .option("--variant <name>", "play a variant of the game (\"A+B\": variants A and B together)")
    .option("--bots <kinds>", `bot of each seat, comma-separated, repeated if short (${Object.entries(BOT_KINDS).map(([k, v]) => `${k}: ${v}`).join("; ")})`, "random")
    .option("--workers <n>", "worker processes", String(defaultWorkers()))
    .option("--shard <k/n>", "play only part k of n of the games (merge the --json outputs with `stela merge`)")
    .option("--game <g>", "play only game g of the run again and print its decisions (the replay of a failure)")
    .option("--json", "print one JSON object (unrounded figures)")
    .option("--report <file>", "also write an HTML report with charts")
    .option("--save <file>", "also save the run as `stela merge` reads it (every game's outcome), beside the text: to pool it later with runs of other seeds")
    .option("--max-decisions <n>", MAX_DECISIONS_HELP)
    .option("--no-progress", "no progress on stderr (a bar on a terminal; elsewhere a line every 30 s of a long run, --json too)")
    .action(async (file: string, o: { players?: string; games: string; seed: string; variant?: string; bots: string; workers: string; shard?: string; game?: string; json?: boolean; report?: string; save?: string; maxDecisions?: string; progress: boolean }, cmd: Command) => {
      const players = playersFor(o.players, file);
      // A replay names a game of the run; with --games given, one past it is no game of that run.
      if (o.game !== undefined && cmd.getOptionValueSource("games") === "cli" && wholeNumber(o.game, "--game", 1) > wholeNumber(o.games, "--games", 1, GAMES_LIMIT)) {
        throw new UsageError(`--game ${o.game} is not a game of a run of ${o.games} games (they are numbered 1 to ${o.games})`);
      }
      const opts = {
        bots: botSpecs(o.bots, players),
        ...(o.report !== undefined ? { report: checkReportPath(o.report) } : {}),
        ...(o.save !== undefined ? { save: checkReportPath(o.save, "--save") } : {}),
        ...(o.shard !== undefined ? { shard: parseShard(o.shard) } : {}),
        ...(o.game !== undefined ? { game: wholeNumber(o.game, "--game", 1) } : {}),
        ...(o.maxDecisions !== undefined ? { maxDecisions: wholeNumber(o.maxDecisions, "--max-decisions", 1, DECISIONS_LIMIT) } : {}),
        players,
        games: wholeNumber(o.games, "--games", 1, GAMES_LIMIT),
        seed: seedFlag(o.seed),
        json: !!o.json,
        workers: wholeNumber(o.workers, "--workers", 1, WORKERS_LIMIT),
        progress: o.progress,
        ...(o.variant !== undefined ? { variant: o.variant } : {}),
      };
      result.code = await runSimulate(file, opts, out);
    });

  registerMerge(p, result, out);
  registerCompare(p, result, out);
  registerStrength(p, result, out);

  p.command("play")
    .description("play in the terminal: hot-seat with numbered options, bots in the seats you list")
    .argument("<file>", "a .stela file")
    .option("--players <n>", "number of players (default: the game's, when it has one)")
    .option("--seed <n>", "seed", "1")
    .option("--variant <name>", "play a variant of the game (\"A+B\": variants A and B together)")
    .option("--bots <seats>", "seats played by bots, e.g. 2,3 (random) or 2:greedy,3:mcts:100", "")
    .action(async (file: string, o: { players?: string; seed: string; variant?: string; bots: string }) => {
      result.code = await runPlay(
        file,
        {
          players: playersFor(o.players, file),
          seed: seedFlag(o.seed),
          ...seats(o.bots),
          ...(o.variant !== undefined ? { variant: o.variant } : {}),
        },
        out,
        (line) => void process.stderr.write(`${line}\n`),
      );
    });
  return p;
}

/** Runs the CLI; gives the exit code. User mistakes are one line on stderr, never a stack trace. */
export async function main(argv: string[]): Promise<number> {
  const result = { code: 0 };
  // Output piped into a reader that stops early (`stela check games/ | head -1`): the rest is
  // not wanted, so stop quietly, as Unix tools do, instead of a crash with a stack trace.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(result.code);
    throw e;
  });
  try {
    await program(result).parseAsync(argv, { from: "user" });
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander already printed its message (help and version exit with 0).
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`stela: ${e.message}\n`);
      return 2;
    }
    if (e instanceof BrokenRules) {
      for (const d of e.diagnostics) out(formatDiagnostic(d));
      return 1;
    }
    process.stderr.write(`stela: internal error: ${e instanceof Error ? e.message : String(e)} (please report it)\n`);
    return 3;
  }
}
