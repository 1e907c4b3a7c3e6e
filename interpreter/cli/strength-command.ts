import type { Command } from "commander";
import { parseBotSpec, percent, rateText, shareRate, Z95, type Rate, type RunSettings } from "../index.ts";
import { botSpecs } from "./bot-specs.ts";
import { playersFor } from "./load-rules.ts";
import { DECISIONS_LIMIT, GAMES_LIMIT, MAX_DECISIONS_HELP, WORKERS_LIMIT } from "./run-limits.ts";
import type { GameOutcome } from "./simulate-batch.ts";
import { defaultWorkers, playRange } from "./simulate-command.ts";
import { seedFlag, UsageError, wholeNumber } from "./usage-error.ts";

/**
 * `stela strength`: how well one bot plays a game against another, and what it costs. Before a
 * balance run a designer must choose a bot, and more search is not stronger in every game (an
 * auction's random rollouts overbid: the README); the check the README asks for took a designer
 * hand-made runs with the bot in each seat in turn, and nothing told them what a bot costs. This
 * plays the rated bot in each seat in turn against the other bot in the rest, the same game seeds
 * in every seat (so a game that favours a seat is played with the rated bot in each), and reads
 * its win share against the fair share; then the other bot alone in every seat, for the time a
 * game takes without it.
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
  seconds: number;
}

/** The rated bot's share of a game it played in `seat`: a first place shared by k counts 1/k. */
function shareOf(g: GameOutcome, seat: number): number {
  return g.winners.includes(seat) ? 1 / g.winners.length : 0;
}

/** What the win share says of the rated bot against the other, in words. */
export function strengthVerdict(bot: string, against: string, share: Rate, fair: number, slower: boolean): string {
  if (share.low > fair) return `surely stronger than ${against} in this game (its interval lies above the fair share)`;
  if (share.high < fair) return `surely weaker than ${against} in this game (its interval lies below the fair share): balance runs with ${against} read stronger play`;
  const cheaper = slower ? `; until one is shown stronger, ${against} answers as well in less time` : "";
  return `not surely stronger or weaker than ${against} in this game: more games would tell${cheaper}`;
}

/** How many games would give the rated bot's share to ±5 points (95%), at the share read. */
function gamesForFivePoints(value: number): number {
  const p = Math.min(0.95, Math.max(0.05, value));
  return Math.ceil((p * (1 - p) * (Z95 / 0.05) ** 2) / 10) * 10;
}

export async function runStrength(file: string, o: StrengthOptions, out: (line: string) => void): Promise<number> {
  const base: Omit<RunSettings, "bots"> = { file, players: o.players, seed: o.seed, ...(o.variant === undefined ? {} : { variant: o.variant }), ...(o.maxDecisions === undefined ? {} : { maxDecisions: o.maxDecisions }) };
  const runs: SeatRun[] = [];
  for (let seat = 0; seat < o.players; seat++) {
    const games = Math.floor(o.games / o.players) + (seat < o.games % o.players ? 1 : 0);
    if (games === 0) continue;
    const bots = Array.from({ length: o.players }, (_, p) => (p === seat ? o.bot : o.against));
    const r = await playRange({ ...base, bots }, 1, games + 1, o.workers, o.progress && `rating ${o.bot}, seat ${seat + 1}`);
    runs.push({ seat, outcomes: r.outcomes, seconds: r.seconds });
  }
  // The other bot alone, as many games as one seat's: what a game costs without the rated bot.
  const alone = Math.max(1, Math.ceil(o.games / o.players));
  const plain = await playRange({ ...base, bots: [o.against] }, 1, alone + 1, o.workers, o.progress && `timing ${o.against} alone`);

  const clean = runs.flatMap((r) => r.outcomes.filter((g) => !g.error).map((g) => ({ g, seat: r.seat })));
  const failed = runs.reduce((n, r) => n + r.outcomes.filter((g) => g.error).length, 0);
  const played = runs.reduce((n, r) => n + r.outcomes.length, 0);
  const fair = 1 / o.players;
  const share = shareRate(clean.reduce((t, { g, seat }) => t + shareOf(g, seat), 0), clean.length);
  const bySeat = runs.map((r) => {
    const ok = r.outcomes.filter((g) => !g.error);
    return { seat: r.seat + 1, games: ok.length, share: shareRate(ok.reduce((t, g) => t + shareOf(g, r.seat), 0), ok.length) };
  });
  const withBot = runs.reduce((t, r) => t + r.seconds, 0) / Math.max(1, played);
  const againstAlone = plain.seconds / Math.max(1, plain.outcomes.length);
  const verdict = strengthVerdict(o.bot, o.against, share, fair, withBot > againstAlone);

  if (o.json) {
    out(
      JSON.stringify(
        { file, players: o.players, bot: o.bot, against: o.against, seed: o.seed, ...(o.variant === undefined ? {} : { variant: o.variant }), games: played, failed, fair, share, bySeat, verdict, secondsPerGame: { withBot, againstAlone } },
        null,
        2,
      ),
    );
    return clean.length === 0 ? 1 : 0;
  }
  const variant = o.variant === undefined ? "" : `, variant "${o.variant}"`;
  out(`${o.bot} against ${o.against}: ${file}${variant}, ${o.players} players, ${played} games (${o.bot} in each seat in turn, ${o.against} in the others; the same game seeds in every seat), seed ${o.seed}`);
  if (clean.length === 0) {
    out(`every game failed (a rule's error): there is no share to read; \`stela check --smoke\` finds the error`);
    return 1;
  }
  out(`${o.bot} won ${rateText(share)} of ${clean.length} games (a first place shared by k counts 1/k), against a fair ${percent(fair)}: ${verdict}`);
  out(`  by seat: ${bySeat.map((s) => `seat ${s.seat} ${rateText(s.share)} of ${s.games}`).join("; ")}`);
  const width = (share.high - share.low) / 2;
  if (width > 0.05) out(`precision: its share known to ±${(100 * width).toFixed(1)} points (95%); about ${gamesForFivePoints(share.value)} games would give ±5`);
  out(`time: ${duration(withBot)} a game with ${o.bot} in a seat, ${duration(againstAlone)} a game of ${o.against} alone (${(withBot / Math.max(againstAlone, 1e-9)).toFixed(1)}x as long), on ${o.workers} worker${o.workers === 1 ? "" : "s"}`);
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
    .option("--games <n>", "games in all, shared evenly among the seats", "60")
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
      if (players < 2) throw new UsageError("--players: a bot's strength is read against others: 2 players or more");
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
