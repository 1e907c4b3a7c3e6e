import type { GameOutcome, RunSettings } from "./simulate-batch.ts";
import { replayCommand } from "./simulate-batch.ts";
import { binomialPValue, precisionText, shareRate, spread, wilson, winPrecision, type Rate, type Spread } from "../index.ts";

/** One seat's balance figures over the games that ended cleanly. */
export interface SeatSummary {
  seat: number;
  bot: string;
  /** Games this seat won alone. */
  wins: Rate;
  /** Games this seat shared first place in (draws, counted apart from wins). */
  draws: Rate;
  /**
   * The share of games won, a shared win counting 1/k to each of k winners (sums to 1 over seats),
   * with its 95% interval (`shareRate`): what the fair share 1/players is to be read against.
   */
  share: Rate;
  score: Spread;
}

export interface SimulationSummary {
  game: string;
  file: string;
  variant?: string;
  players: number;
  bots: string[];
  seed: number;
  /** Games asked for (`--games`), numbered 1..games. */
  games: number;
  /** Games played here (a shard plays part of them), and how many ended cleanly. */
  played: number;
  clean: number;
  seats: SeatSummary[];
  /** Share of games won per seat, draws split (kept for tools that read it). */
  winsBySeat: number[];
  scores: { mean: number[]; min: number[]; max: number[] };
  /** Game length in decisions. */
  length: Spread;
  decisionsPerGame: number;
  /**
   * Does the player who decides first win more (or less) than the fair share 1/players? An exact
   * binomial test over the games that one seat won alone. The first to decide, not seat 1: a game
   * that draws who starts gives every seat the first move as often, and seat 1 no edge to find.
   */
  firstPlayer: { wins: number; decisive: number; fairShare: number; pValue: number };
  playoutsPerSecond: number;
  /** Failed games: each with the command that replays it. */
  errors: { game: number; seed: number; message: string; replay: string }[];
  /** The command that reproduces this run. */
  command: string;
}

/** The command that reproduces a whole run. */
export function runCommand(s: RunSettings, games: number): string {
  return replayCommand(s, 0).replace(/ --game 0$/, ` --games ${games}`);
}

/** The figures of a run (or of merged shards) from its games' outcomes, in game order. */
export function summarise(title: string, s: RunSettings, games: number, outcomes: GameOutcome[], seconds: number): SimulationSummary {
  const n = s.players;
  const sorted = [...outcomes].sort((a, b) => a.game - b.game);
  const clean = sorted.filter((g) => !g.error);
  const seats: SeatSummary[] = Array.from({ length: n }, (_, p) => {
    let wins = 0;
    let draws = 0;
    let share = 0;
    for (const g of clean) {
      if (!g.winners.includes(p)) continue;
      if (g.winners.length === 1) wins++;
      else draws++;
      share += 1 / g.winners.length;
    }
    return {
      seat: p + 1,
      bot: s.bots[p % s.bots.length]!,
      wins: wilson(wins, clean.length),
      draws: wilson(draws, clean.length),
      share: shareRate(share, clean.length),
      score: spread(clean.map((g) => g.scores[p] ?? 0)),
    };
  });
  const decisive = clean.filter((g) => g.winners.length === 1);
  const firstWins = decisive.filter((g) => g.winners[0] === (g.first ?? 0)).length;
  const length = spread(clean.map((g) => g.decisions));
  const summary: SimulationSummary = {
    game: title,
    file: s.file,
    players: n,
    bots: Array.from({ length: n }, (_, p) => s.bots[p % s.bots.length]!),
    seed: s.seed,
    games,
    played: sorted.length,
    clean: clean.length,
    seats,
    winsBySeat: seats.map((x) => x.share.value),
    scores: { mean: seats.map((x) => x.score.mean), min: seats.map((x) => x.score.min), max: seats.map((x) => x.score.max) },
    length,
    decisionsPerGame: length.mean,
    firstPlayer: { wins: firstWins, decisive: decisive.length, fairShare: 1 / n, pValue: binomialPValue(firstWins, decisive.length, 1 / n) },
    playoutsPerSecond: sorted.length / Math.max(seconds, 1e-9),
    errors: sorted.filter((g) => g.error).map((g) => ({ game: g.game, seed: g.seed, message: g.error!, replay: replayCommand(s, g.game) })),
    command: runCommand(s, games),
  };
  if (s.variant !== undefined) summary.variant = s.variant;
  return summary;
}

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

/**
 * What the first-player test says, in words. With different bots in the seats, the first
 * player's share is their bot's strength as much as the move's: the test then cannot tell them
 * apart, and says so rather than report "a first-player advantage" that is only a stronger bot.
 */
export function firstSeatVerdict(s: SimulationSummary): string {
  const bots = new Set(s.seats.map((x) => x.bot));
  if (bots.size > 1) return "the seats have different bots, so this cannot tell the first player from their bot (play one bot in every seat to test the first move)";
  const fp = s.firstPlayer;
  if (fp.pValue >= 0.05) return "no evidence of a first-player effect";
  // Which way: the first player's share of the games one seat won alone against its fair share.
  return fp.wins > fp.decisive * fp.fairShare ? "a first-player advantage" : "a first-player handicap";
}

/**
 * A p-value as a person reads it: four decimals, tiny ones in powers of ten. Below about 10^-300
 * the exact test's sum underflows to 0 (each term under the smallest double): it is then less
 * than that, not 0.
 */
export function formatPValue(p: number): string {
  if (p < 1e-300) return "p < 1e-300";
  return `p = ${p < 0.0001 ? p.toExponential(2) : p.toFixed(4)}`;
}

/** The precision line of a run (`Precision`), or undefined when no seat's wins vary or no game ended cleanly. */
export function winPrecisionLine(s: SimulationSummary): string | undefined {
  const p = s.clean > 0 ? winPrecision(s.seats.map((x) => x.share)) : undefined;
  return p && `precision: ${precisionText("each seat's win share", p)}`;
}

const interval = (r: Rate): string => `${pct(r.value)} [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}]`;

/** The summary as text lines for a terminal (figures rounded for reading; `--json` keeps them whole). */
export function summaryLines(s: SimulationSummary): string[] {
  const lines = [
    `${s.game}${s.variant ? ` (${s.variant})` : ""}: ${s.played === s.games ? s.games : `${s.played} of ${s.games}`} games, ${s.players} players, seed ${s.seed}`,
    "",
    "seat  bot        share [95% CI]         won alone  drew [95% CI]        score mean ± sd   median  [min–max]",
  ];
  for (const x of s.seats) {
    lines.push(
      `${String(x.seat).padEnd(6)}${x.bot.padEnd(11)}${interval(x.share).padEnd(23)}${pct(x.wins.value).padEnd(11)}${interval(x.draws).padEnd(21)}${`${x.score.mean.toFixed(2)} ± ${x.score.sd.toFixed(2)}`.padEnd(18)}${String(+x.score.median.toFixed(2)).padEnd(8)}[${x.score.min}–${x.score.max}]`,
    );
  }
  const fair = pct(s.firstPlayer.fairShare);
  const fp = s.firstPlayer;
  lines.push(
    "",
    // The share, not the games won alone, is what adds up to 1 over the seats: where first places
    // are shared, every seat's games won alone fall short of 1/players in a perfectly fair game.
    `fair share: ${fair} per seat (share: games won, a shared first place split among its winners); the first to decide won ${fp.wins} of ${fp.decisive} decisive games (${formatPValue(fp.pValue)}, ${firstSeatVerdict(s)})`,
  );
  const precision = winPrecisionLine(s);
  if (precision) lines.push(precision);
  lines.push(
    `game length: ${s.length.mean.toFixed(1)} ± ${s.length.sd.toFixed(1)} decisions (median ${s.length.median}, ${s.length.min}–${s.length.max})`,
    `games per second: ${s.playoutsPerSecond.toFixed(1)}`,
    `errors: ${s.errors.length}`,
  );
  for (const e of s.errors.slice(0, 10)) lines.push(`  game ${e.game}: ${e.message}`, `    replay: ${e.replay}`);
  if (s.errors.length > 10) lines.push(`  … and ${s.errors.length - 10} more`);
  lines.push(`reproduce: ${s.command}`);
  return lines;
}
