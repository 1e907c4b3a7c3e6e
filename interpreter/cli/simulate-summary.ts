import { alignColumns } from "./text-columns.ts";
import type { GameOutcome } from "./simulate-batch.ts";
import { evenJudgementNote, untakenOptionsNote, repeatedGames, repeatedGamesNote, type RepeatedGames, measureFigureText, measureRowLabel, measureSpreadText, type MeasureFigure, summariseMeasures, type MeasureInfo, type MeasureSummary, sharedCountsLine, sharedScore, sharedScoreLine, sharedScoreNote, sumJudged, firstPlayerTest, firstPlayerText, firstPlayerVerdict, precisionText, replayCommand, runCommand, shareRate, spread, turnOrderTest, turnOrderText, wilson, winningMargin, winningScore, winPrecision, seatBalance, seatBalanceText, type SeatBalance, type Precision, type FirstPlayerTest, type Judged, type Rate, type RunSettings, type SharedScore, type Spread, type TurnOrderTest } from "../index.ts";

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
  /**
   * For a bot that judges options (`greedy`), over every game played: the decisions it weighed, and
   * those where it found every option worth the same and took one at random (`Bot.judged`).
   */
  judged?: Judged;
}

export interface SimulationSummary {
  game: string;
  file: string;
  variant?: string;
  players: number;
  bots: string[];
  seed: number;
  /** `--max-decisions`, when the run set it: a game past it failed as endless. */
  maxDecisions?: number;
  /** Set on runs of several seeds pooled by `stela merge`: their seeds (`seed` is the first). */
  seeds?: number[];
  /** Games asked for (`--games`), numbered 1..games; pooled runs: every run's games. */
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
  /**
   * Game length in turns (`Match.turns`: outermost \`turn\` blocks begun), when a game of the run
   * counted one: how a designer counts a game's length, where one turn may ask several questions.
   */
  turns?: Spread;
  /** The winner's lead in points over the next score (`winningMargin`), with two players or more. */
  margin?: Spread;
  /** How far the seats' win shares lie from the fair share, in one figure (`seatBalance`), with two players or more. */
  balance?: SeatBalance;
  /** The winning score (`winningScore`: the top score of each game), with two players or more. */
  top?: Spread;
  decisionsPerGame: number;
  /** Does the player who decides first win more (or less) than the fair share (`firstPlayerTest`)? */
  firstPlayer: FirstPlayerTest;
  /** With 3 players or more: does any place in the turn order win more or less than its share (`turnOrderTest`)? */
  turnOrder?: TurnOrderTest;
  /** Set when every seat scored the same in every clean game (a cooperative game): the team's score (`sharedScore`). */
  shared?: SharedScore;
  playoutsPerSecond: number;
  /**
   * Set on a summary merged from shards (`stela merge`): how many. Its games per second are then
   * games over the shards' running times added up, the pace of one machine, not of the run: shards
   * run side by side on other machines or one after another, and the merge cannot know which.
   */
  shards?: number;
  /** How sure the seats' win shares are, and how many games would give ±5 and ±2 points (`winPrecision`); absent without a clean game or with one seat. */
  precision?: Precision;
  /** Games played over again move for move (`repeatedGames`): the figures count each repeat as new; absent when nine in ten differ. */
  repeats?: RepeatedGames;
  /** The engine that played the run (`engineBuild`), in `--json` outputs. */
  engine?: string;
  /** The game's `measure` blocks over the games that ended cleanly (`summariseMeasures`); absent when it has none. */
  measures?: MeasureSummary[];
  /** Failed games: each with the command that replays it. */
  errors: { game: number; seed: number; message: string; replay: string; run?: number }[];
  /** The command that reproduces this run. */
  command: string;
}

/** The figures of a run (or of merged shards) from its games' outcomes, in game order; `measures`: the game's `measure` blocks (`Game.measureInfo`). */
export function summarise(title: string, s: RunSettings, games: number, outcomes: GameOutcome[], seconds: number, measures: readonly MeasureInfo[] = []): SimulationSummary {
  const n = s.players;
  // Pooled runs (`stela merge`) by run, then by game: each run's games stay together, in order.
  const sorted = [...outcomes].sort((a, b) => (a.run ?? 0) - (b.run ?? 0) || a.game - b.game);
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
    const seat: SeatSummary = {
      seat: p + 1,
      bot: s.bots[p % s.bots.length]!,
      wins: wilson(wins, clean.length),
      draws: wilson(draws, clean.length),
      share: shareRate(share, clean.length),
      score: spread(clean.map((g) => g.scores[p] ?? 0)),
    };
    const judged = sumJudged(sorted.map((g) => g.judged?.[p]));
    if (judged) seat.judged = judged;
    return seat;
  });
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
    firstPlayer: firstPlayerTest(clean, n),
    playoutsPerSecond: sorted.length / Math.max(seconds, 1e-9),
    // A game of pooled runs is replayed with its own run's seed.
    errors: sorted.filter((g) => g.error).map((g) => ({ game: g.game, seed: g.seed, message: g.error!, replay: replayCommand(g.run === undefined ? s : { ...s, seed: g.run }, g.game), ...(g.run === undefined ? {} : { run: g.run }) })),
    command: runCommand(s, games),
  };
  if (clean.some((g) => (g.turns ?? 0) > 0)) summary.turns = spread(clean.map((g) => g.turns ?? 0));
  if (n >= 2) summary.margin = spread(clean.map((g) => winningMargin(g.scores) ?? 0));
  if (n >= 2) summary.top = spread(clean.map((g) => winningScore(g.scores) ?? 0));

  if (n >= 3) summary.turnOrder = turnOrderTest(clean, n);
  const shared = sharedScore(clean, n);
  if (shared) summary.shared = shared;
  // A cooperative game's seats share every result: there is no balance between them.
  const balance = shared ? undefined : seatBalance(clean, n);
  if (balance) summary.balance = balance;
  if (s.variant !== undefined) summary.variant = s.variant;
  if (s.maxDecisions !== undefined) summary.maxDecisions = s.maxDecisions;
  if (measures.length) summary.measures = summariseMeasures(measures, clean, n);
  const precision = clean.length > 0 ? winPrecision(seats.map((x) => x.share)) : undefined;
  if (precision) summary.precision = precision;
  const repeats = repeatedGames(clean, summary.bots);
  if (repeats) summary.repeats = repeats;
  return summary;
}

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

/** "winning margin: 8.4 ± 6.1 points (median 7, 0–31): the top score less the next" */
/**
 * How fast the games went: `12.3`, or below one a second two figures and the time a game took
 * (`0.021 (a game every 48 s)`), where one decimal read "0.0 games per second" for a search bot's run.
 */
export function gamesPerSecondText(rate: number): string {
  if (!(rate > 0) || rate >= 1) return rate.toFixed(1);
  const every = 1 / rate;
  return `${rate.toPrecision(2)} (a game every ${every < 100 ? every.toFixed(1) : Math.round(every).toLocaleString("en")} s)`;
}

/**
 * "seat balance: the seats' win shares lie 7.4 points from the fair share (root mean square over the
 * seats; the 3.5 points noise alone gives 200 games taken out)"
 */
export function balanceLine(b: SeatBalance): string {
  return `seat balance: ${seatBalanceText(b)}`;
}

/** "winning score: 52.30 ± 6.10 points (median 52, 38–71): the top score" */
export function topLine(m: Spread): string {
  return `winning score: ${m.mean.toFixed(2)} ± ${m.sd.toFixed(2)} points (median ${+m.median.toFixed(2)}, ${+m.min.toFixed(2)}–${+m.max.toFixed(2)}): the top score`;
}

export function marginLine(m: Spread): string {
  return `winning margin: ${m.mean.toFixed(2)} ± ${m.sd.toFixed(2)} points (median ${+m.median.toFixed(2)}, ${+m.min.toFixed(2)}–${+m.max.toFixed(2)}): the top score less the next`;
}

/** What the run's first-player test says, in words (`firstPlayerVerdict`). */
export function firstSeatVerdict(s: SimulationSummary): string {
  return firstPlayerVerdict(s.seats.map((x) => x.bot), s.firstPlayer);
}

/** The precision line of a run (`Precision`), or undefined when no seat's wins vary or no game ended cleanly. */
export function winPrecisionLine(s: SimulationSummary): string | undefined {
  return s.precision && `precision: ${precisionText("each seat's win share", s.precision, 1, s.clean)}`;
}

/**
 * The game's measures as lines: each figure with its 95% interval, a number's spread after it, and
 * how many games gave a figure where some gave `none`.
 */
export function measureLines(ms: readonly MeasureSummary[], clean: number): string[] {
  return ["measures (95% interval each, over the games that ended cleanly):", ...alignColumns(measureRows(ms, clean).map(([label, ...rest]) => [`  ${label}`, ...rest]), [0, 0])];
}

/** Each measure's rows, as the text and the report give them: its label, its figure, and its spread and games. */
export function measureRows(ms: readonly MeasureSummary[], clean: number): [string, string, string][] {
  const row = (m: MeasureSummary, f: MeasureFigure, allSeats = false): [string, string, string] => {
    const spreadText = f.spread && f.n > 0 ? measureSpreadText(f.spread) : m.share && f.n > 0 ? (allSeats ? "how often it held, seats together" : "how often it held") : "";
    const some = f.n < clean ? `in ${f.n} of ${clean} games` : "";
    return [measureRowLabel(m.label, f, allSeats), measureFigureText(m, f), [spreadText, some].filter(Boolean).join("; ")];
  };
  // A seat's rows, then the seats together (each game's mean over its seats: `MeasureSummary.allSeats`).
  return ms.flatMap((m) => [...m.figures.map((f) => row(m, f)), ...(m.allSeats ? [row(m, m.allSeats, true)] : [])]);
}

const interval = (r: Rate): string => `${pct(r.value)} [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}]`;

/**
 * Said first when games stopped on a rule error: the figures are only over the games that ended,
 * which a rule failing in some positions skews, and with none ended there are none to read (a
 * table of zeros with intervals of 0–100% read as figures).
 */
export function failedGamesLine(s: SimulationSummary): string | undefined {
  const failed = s.errors.length;
  if (failed === 0) return undefined;
  if (s.clean === 0) return `every game stopped on a rule error (the errors are listed below): there are no figures to read; fix the rules and run again`;
  return `${failed} of ${s.played} games stopped on a rule error (listed below): the figures are over the ${s.clean} that ended, which leaves out whatever positions make the rule fail`;
}

/** The summary as text lines for a terminal (figures rounded for reading; `--json` keeps them whole). */
export function summaryLines(s: SimulationSummary): string[] {
  const lines = [`${s.game}${s.variant ? ` (${s.variant})` : ""}: ${s.played === s.games ? s.games : `${s.played} of ${s.games}`} ${s.games === 1 ? "game" : "games"}, ${s.players} players, ${s.seeds ? `seeds ${s.seeds.join(", ")} (${s.seeds.length} runs pooled)` : `seed ${s.seed}`}`, ""];
  const failed = failedGamesLine(s);
  if (failed) lines.push(`warning: ${failed}`, "");
  if (s.clean === 0 && s.errors.length > 0) return [...lines, ...errorLines(s)];
  // Everyone wins or loses together: the seats' win figures are all alike and mean nothing.
  if (s.shared) lines.push(`bots: ${s.bots.map((b, p) => `${p + 1} ${b}`).join(", ")}`, sharedScoreNote(s.clean, s.shared), sharedScoreLine(s.shared), sharedCountsLine(s.shared), "");
  // The seats' table: its columns widen for figures wider than usual (scores in the thousands).
  else
    lines.push(
      ...alignColumns(
        [
          ["seat", "bot", "share [95% CI]", "won alone", "drew [95% CI]", "score mean ± sd", "median", "[min–max]"],
          ...s.seats.map((x) => [String(x.seat), x.bot, interval(x.share), pct(x.wins.value), interval(x.draws), `${x.score.mean.toFixed(2)} ± ${x.score.sd.toFixed(2)}`, String(+x.score.median.toFixed(2)), `[${+x.score.min.toFixed(2)}–${+x.score.max.toFixed(2)}]`]),
        ],
        [6, 11, 23, 11, 21, 18, 8],
      ),
    );
  if (!s.shared) {
    const fair = pct(s.firstPlayer.fairShare);
    lines.push(
      "",
      // The share, not the games won alone, is what adds up to 1 over the seats: where first places
      // are shared, every seat's games won alone fall short of 1/players in a perfectly fair game.
      `fair share: ${fair} per seat (share: games won, a shared first place split among its winners); ${firstPlayerText(s.seats.map((x) => x.bot), s.firstPlayer)}`,
    );
    if (s.turnOrder) lines.push(turnOrderText(s.seats.map((x) => x.bot), s.turnOrder));
    if (s.balance) lines.push(balanceLine(s.balance));
    const precision = winPrecisionLine(s);
    if (precision) lines.push(precision);
  }
  if (s.repeats) lines.push(`note: ${repeatedGamesNote(s.repeats)}`);
  const even = evenJudgementNote(s.seats);
  if (even) lines.push(`note: ${even}`);
  const untaken = untakenOptionsNote(s.seats);
  if (untaken) lines.push(`note: ${untaken}`);
  lines.push(
    lengthLine(s),
    ...(s.top && !s.shared ? [topLine(s.top)] : []),
    ...(s.margin && !s.shared ? [marginLine(s.margin)] : []),
    ...(s.measures ? measureLines(s.measures, s.clean) : []),
    `games per second: ${gamesPerSecondText(s.playoutsPerSecond)}${s.shards ? ` per shard (${s.shards} shards, their running times added up; shards played side by side finish sooner)` : ""}`,
  );
  return [...lines, ...errorLines(s)];
}

/** A spread of game lengths as the summary prints it: "24.3 ± 2.1 turns (median 24, 20–28)". */
function lengthText(d: Spread, unit: string): string {
  return `${d.mean.toFixed(1)} ± ${d.sd.toFixed(1)} ${unit} (median ${d.median}, ${d.min}–${d.max})`;
}

/** How long the games were: in turns first when the rules take turns (a turn may ask several questions), and in decisions. */
function lengthLine(s: SimulationSummary): string {
  // Fewer decisions than turns reads as a mistake unless said: a turn whose one question had one
  // option (nothing to decide) was taken without asking, and counted no decision.
  const fewer = s.turns && s.length.mean < s.turns.mean ? " (a question with one option is taken without asking, and counts no decision)" : "";
  return `game length: ${s.turns ? `${lengthText(s.turns, "turns")}; ` : ""}${lengthText(s.length, "decisions")}${fewer}`;
}

/** The games that stopped on a rule error (the first ten), and the command that reproduces the run. */
function errorLines(s: SimulationSummary): string[] {
  const lines = [`errors: ${s.errors.length}`];
  for (const e of s.errors.slice(0, 10)) lines.push(`  game ${e.game}${e.run === undefined ? "" : ` of seed ${e.run}`}: ${e.message}`, `    replay: ${e.replay}`);
  if (s.errors.length > 10) lines.push(`  … and ${s.errors.length - 10} more`);
  lines.push(`reproduce: ${s.command}`);
  return lines;
}
