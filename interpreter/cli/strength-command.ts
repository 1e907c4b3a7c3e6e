import type { Command } from "commander";
import { parseBotSpec, percent, rateText, shareRate, Z95, type Game, type Rate, type RunSettings } from "../index.ts";
import { botSpecs } from "./bot-specs.ts";
import { playersFor } from "./load-rules.ts";
import { DECISIONS_LIMIT, GAMES_LIMIT, MAX_DECISIONS_HELP, WORKERS_LIMIT } from "./run-limits.ts";
import { playGame, type GameOutcome } from "./simulate-batch.ts";
import { defaultWorkers, loadForRun, playRange } from "./simulate-command.ts";
import { seedFlag, UsageError, wholeNumber } from "./usage-error.ts";

/**
 * `stela strength`: how well one bot plays a game against another, and what it costs. Before a
 * balance run a designer must choose a bot, and more search is not stronger in every game (an
 * auction's random rollouts overbid: the README); the check the README asks for took a designer
 * hand-made runs with the bot in each seat in turn, and nothing told them what a bot costs. This
 * plays the rated bot in each seat in turn against the other bot in the rest, as many games in
 * every seat and the same game seeds (so a game that favours a seat is played with the rated bot
 * in each), and reads its win share against the fair share; then times a few of those games
 * against the same games with the other bot alone (`timePairs`).
 */
export interface StrengthOptions {
  bot: string;
  against: string;
  players: number;
  games: number;
  seed: number;
  variant?: string;
  workers: number;
  json: boolean;
  progress: boolean;
  maxDecisions?: number;
}

/** One seat's games with the rated bot in it. */
interface SeatRun {
  seat: number;
  outcomes: GameOutcome[];
}

/** The rated bot's share of a game it played in `seat`: a first place shared by k counts 1/k. */
function shareOf(g: GameOutcome, seat: number): number {
  return g.winners.includes(seat) ? 1 / g.winners.length : 0;
}

/**
 * What the win share says of the rated bot against the other, in words; `slower`: a game with it
 * took a good deal longer (`SLOWER`) in the timed pairs.
 */
function strengthVerdict(against: string, share: Rate, fair: number, slower: boolean): string {
  if (share.low > fair) return `surely stronger than ${against} in this game (its interval lies above the fair share)`;
  if (share.high < fair) return `surely weaker than ${against} in this game (its interval lies below the fair share): balance runs with ${against} read stronger play`;
  const cheaper = slower ? `; ${against} is the cheaper of the two` : "";
  return `not told apart from ${against} in this game: more games would tell${cheaper}`;
}

/** How much longer a game with the rated bot must take before it is called the dearer: timing on a shared machine wobbles by a fifth. */
const SLOWER = 1.25;

/** Pairs of games timed back to back in this process (`timePairs`), after one pair to warm up. */
const TIMED_PAIRS = 4;

/**
 * Seconds a game takes with the rated bot in a seat and with the other bot alone: pairs of the
 * run's games played back to back in this process, the same game seeds, after a pair to warm up.
 * The runs' own times are not comparable: a long run hands its games to worker processes (several
 * at once, each starting cold) and a short one plays here (the same bot on both sides read 4.4x
 * and 11.9x).
 */
function timePairs(game: Game, base: Omit<RunSettings, "bots">, o: StrengthOptions, pairs: number): { withBot: number; alone: number; pairs: number } {
  let withBot = 0;
  let alone = 0;
  for (let g = 0; g <= pairs; g++) {
    const seat = g % o.players;
    const rated: RunSettings = { ...base, bots: Array.from({ length: o.players }, (_, p) => (p === seat ? o.bot : o.against)) };
    const t0 = cpuMs();
    playGame(game, rated, g + 1, undefined, undefined, true);
    const t1 = cpuMs();
    playGame(game, { ...base, bots: [o.against] }, g + 1, undefined, undefined, true);
    const t2 = cpuMs();
    // The first pair warms the JIT up for both bots.
    if (g === 0) continue;
    withBot += (t1 - t0) / 1000;
    alone += (t2 - t1) / 1000;
  }
  return { withBot: withBot / pairs, alone: alone / pairs, pairs };
}

/**
 * Milliseconds of CPU time this process has used. The wall clock counts other people's work too:
 * on a loaded machine the same command read 3.45 s a game with `mcts:50` and, quiet, 0.54 s.
 */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** How many games would give the rated bot's share to ±5 points (95%), at the share read. */
function gamesForFivePoints(value: number): number {
  const p = Math.min(0.95, Math.max(0.05, value));
  return Math.ceil((p * (1 - p) * (Z95 / 0.05) ** 2) / 10) * 10;
}

export async function runStrength(file: string, o: StrengthOptions, out: (line: string) => void): Promise<number> {
  // The rules checked, and the variant and player count refused as simulate refuses them.
  const game = loadForRun(file, o, out);
  if (!game) return 1;
  const base: Omit<RunSettings, "bots"> = { file, players: o.players, seed: o.seed, ...(o.variant === undefined ? {} : { variant: o.variant }), ...(o.maxDecisions === undefined ? {} : { maxDecisions: o.maxDecisions }) };
  // As many games in every seat, so a seat that wins more in this game weighs no more than another.
  const perSeat = Math.ceil(o.games / o.players);
  const runs: SeatRun[] = [];
  for (let seat = 0; seat < o.players; seat++) {
    const bots = Array.from({ length: o.players }, (_, p) => (p === seat ? o.bot : o.against));
    const r = await playRange({ ...base, bots }, 1, perSeat + 1, o.workers, o.progress && `rating ${o.bot}, seat ${seat + 1}`);
    runs.push({ seat, outcomes: r.outcomes });
  }
  const timed = timePairs(game, base, o, Math.min(TIMED_PAIRS, perSeat));
  const clean = runs.flatMap((r) => r.outcomes.filter((g) => !g.error).map((g) => ({ g, seat: r.seat })));
  const failed = runs.reduce((n, r) => n + r.outcomes.filter((g) => g.error).length, 0);
  const played = runs.reduce((n, r) => n + r.outcomes.length, 0);
  const fair = 1 / o.players;
  const share = shareRate(clean.reduce((t, { g, seat }) => t + shareOf(g, seat), 0), clean.length);
  const bySeat = runs.map((r) => {
    const ok = r.outcomes.filter((g) => !g.error);
    return { seat: r.seat + 1, games: ok.length, share: shareRate(ok.reduce((t, g) => t + shareOf(g, r.seat), 0), ok.length) };
  });
  const ratio = timed.withBot / Math.max(timed.alone, 1e-9);
  const verdict = clean.length ? strengthVerdict(o.against, share, fair, ratio >= SLOWER) : undefined;

  if (o.json) {
    const figures = clean.length ? { share, bySeat, verdict } : {};
    out(
      JSON.stringify(
        // secondsPerGame: CPU seconds of this process (`timePairs`), its JIT and garbage collection included.
        { file, players: o.players, bot: o.bot, against: o.against, seed: o.seed, ...(o.variant === undefined ? {} : { variant: o.variant }), games: played, failed, fair, ...figures, secondsPerGame: { withBot: timed.withBot, againstAlone: timed.alone, pairs: timed.pairs } },
        null,
        2,
      ),
    );
    return clean.length === 0 ? 1 : 0;
  }
  const variant = o.variant === undefined ? "" : `, variant "${o.variant}"`;
  out(`${o.bot} against ${o.against}: ${file}${variant}, ${o.players} players, ${played} games (${o.bot} in each seat in turn, ${perSeat} a seat, ${o.against} in the others; the same game seeds in every seat), seed ${o.seed}`);
  if (clean.length === 0) {
    out(`every game failed (a rule's error): there is no share to read; \`stela check --smoke\` finds the error`);
    return 1;
  }
  out(`${o.bot} won ${rateText(share)} of ${clean.length} games (a first place shared by k counts 1/k), against a fair ${percent(fair)}: ${verdict}`);
  out(`  by seat: ${bySeat.map((s) => `seat ${s.seat} ${rateText(s.share)} of ${s.games}`).join("; ")}`);
  const width = share.high - share.low;
  if (width > 0.1) out(`precision: its interval spans ${(100 * width).toFixed(1)} points (95%); about ${gamesForFivePoints(share.value)} games would give ±5`);
  out(`time: ${duration(timed.withBot)} a game with ${o.bot} in a seat, ${duration(timed.alone)} a game of ${o.against} alone (${ratio.toFixed(1)}x as long; ${timed.pairs} pairs of the same games played back to back in one process, in CPU time: other work on the machine does not count)`);
  if (failed) out(`${failed} of ${played} games failed (a rule's error) and are left out: \`stela check --smoke\` finds the error`);
  return 0;
}

/** Seconds as read at a glance: "2.35 s", "41 ms". */
function duration(seconds: number): string {
  return seconds >= 1 ? `${seconds.toFixed(2)} s` : `${Math.max(1, Math.round(seconds * 1000))} ms`;
}

/** The bot a flag names, checked as `--bots` checks one (one bot, not a list). */
function oneBot(value: string, flag: string): string {
  if (value.includes(",")) throw new UsageError(`${flag} takes one bot, not a list: "${value}"`);
  if (!parseBotSpec(value.trim())) {
    try {
      botSpecs(value, 1);
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(e.message.replace(/^--bots/, flag));
      throw e;
    }
  }
  return value.trim();
}

interface StrengthFlags {
  bot: string;
  against: string;
  players?: string;
  games: string;
  seed: string;
  variant?: string;
  workers: string;
  json?: boolean;
  maxDecisions?: string;
  progress: boolean;
}

export function registerStrength(p: Command, result: { code: number }, out: (line: string) => void): void {
  p.command("strength")
    .description("how strong a bot plays this game against another, and what it costs: it takes each seat in turn against the other in the rest; its win share against the fair share, and the time a game takes")
    .argument("<file>", "a .stela file")
    .option("--bot <kind>", "the bot rated (random, greedy, greedy:<copies>, mcts:<iterations>, mcts:<ms>ms)", "mcts:50")
    .option("--against <kind>", "the bot in the other seats", "greedy")
    .option("--players <n>", "number of players (default: the game's, when it has one)")
    .option("--games <n>", "games in all, shared evenly among the seats (rounded up to as many in each)", "60")
    .option("--seed <n>", "seed of the run (every seat plays the same game seeds)", "1")
    .option("--variant <name>", "play a variant of the game (\"A+B\": variants A and B together)")
    .option("--workers <n>", "worker processes", String(defaultWorkers()))
    .option("--json", "print one JSON object (unrounded figures)")
    .option("--max-decisions <n>", MAX_DECISIONS_HELP)
    .option("--no-progress", "no progress on stderr")
    .action(async (file: string, o: StrengthFlags) => {
      const bot = oneBot(o.bot, "--bot");
      const against = oneBot(o.against, "--against");
      const players = playersFor(o.players, file);
      if (players < 2) throw new UsageError(o.players === undefined ? "a bot's strength is read against other players, and this game is for 1" : "--players: a bot's strength is read against other players: 2 players or more");
      const games = wholeNumber(o.games, "--games", 1, GAMES_LIMIT);
      if (games < players) throw new UsageError(`--games ${games}: at least one game in each of the ${players} seats`);
      result.code = await runStrength(
        file,
        {
          bot,
          against,
          players,
          games,
          seed: seedFlag(o.seed),
          workers: wholeNumber(o.workers, "--workers", 1, WORKERS_LIMIT),
          json: !!o.json,
          progress: o.progress,
          ...(o.variant !== undefined ? { variant: o.variant } : {}),
          ...(o.maxDecisions !== undefined ? { maxDecisions: wholeNumber(o.maxDecisions, "--max-decisions", 1, DECISIONS_LIMIT) } : {}),
        },
        out,
      );
    });
}
