import { alignColumns } from "./text-columns.ts";
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { botSpecs } from "./bot-specs.ts";
import type { GameOutcome } from "./simulate-batch.ts";
import { defaultWorkers, KEEP_HINT, loadForRun, parseShard, playRange, shardRange, withVariantPlayed, worthKeeping } from "./simulate-command.ts";
import type { CompareShardOutput, CompareShardSide } from "./compare-shards.ts";
import { capitalised, escapeHtml, htmlPage, htmlRows, rateCell, SEAT_COLOURS } from "./simulate-report.ts";
import { gamesPerSecondText, summarise, type SimulationSummary } from "./simulate-summary.ts";
import { changePrecision, changeText, FIRST_LOOK, sharedChangeLine, teamChangeReason, sharedCountsLine, sharedScoreNote, listed, looksText, lookSchedule, sureWinChange, pairedChange, precisionText, samePlayNote, seatsSureTogether, shareRate, togetherVerdict, togetherZ, Z95, type PairedChange, type PairedDifference, type PlayedGame, type Rate, type RunSettings, type SharedScore, balanceChange, balanceChangeText, measureChanges, measureFigureText, measureForm, measureRowLabel, type MeasureFigure, measuresApart, type MeasureChange, type MeasureChangeRow, type MeasuredGame, type MeasureInfo, type Game, firstPlayerText, turnOrderText, estimateReadsChanged, estimateReadsSeat, estimateSteersNote, evenJudgementNote, untakenOptionsNote, firstPlayerChange, oneSideFirstPlayerNote, sameWinnersText, winnerChangesText, alikeNote, alikeShareNote, compareCommand } from "../index.ts";
import { checkReportPath } from "./report-path.ts";
import { differentGames, differentGamesWarning } from "./same-game.ts";
import { playersFor } from "./load-rules.ts";
import { DECISIONS_LIMIT, GAMES_LIMIT, MAX_DECISIONS_HELP, WORKERS_LIMIT } from "./run-limits.ts";
import { seedFlag, UsageError, wholeNumber } from "./usage-error.ts";
import { engineBuild } from "./engine-build.ts";

/** A difference B − A with its 95% interval. */
export interface Difference {
  value: number;
  low: number;
  high: number;
}

export interface SeatComparison {
  seat: number;
  /** Win share (a shared win split among its winners) in A and in B, with its interval (`shareRate`). */
  winsA: Rate;
  winsB: Rate;
  /** The change of win share, game by game (`pairedChange`), with its 95% interval. */
  wins: PairedDifference;
  scoreA: number;
  scoreB: number;
  /** The change of mean score, game by game, with its 95% interval. */
  score: PairedDifference;
}

/** One `--fail-if` rule and whether the comparison broke it. */
export interface Threshold {
  rule: string;
  broken: boolean;
  detail: string;
  /** The confidence level (%) of an interval rule (`…@95`); absent for a rule on point estimates. */
  level?: number;
  /** For an interval rule read on every seat: how many seats' intervals hold at once at `level` (widened for it). */
  seatsAtOnce?: number;
  /**
   * For an interval rule: every seat's interval lies wholly within the limit, so the change is
   * surely smaller than it (what lets a run with looks stop without breaking the rule). Never at a
   * look whose games all came out alike in what the rule reads: that interval bounds nothing to come.
   */
  settled?: boolean;
  /**
   * For an interval rule with a limit above 0 that holds without being settled: neither surely
   * past its limit nor surely within it. Printed as `undecided`, not `ok`: a 20-game run of search
   * bots read "ok" and exit 0 of a rule whose interval ran from −30 to +25 around a limit of 5, and
   * a designer would have shipped the variant. (A limit of 0 is never settled: "no sure change".)
   */
  undecided?: true;
}

/** How a rule's line starts: `FAIL`, `undecided` or `ok`. */
function verdictWord(t: Threshold): string {
  return t.broken ? "FAIL" : t.undecided ? "undecided" : "ok";
}

export interface Comparison {
  a: SimulationSummary;
  b: SimulationSummary;
  /**
   * What the bots' `estimate` reads that differs between A and B (`estimateReadsChanged`: its own
   * block, `estimate`, and the defines, rules, hooks and tables it reaches); absent when none does.
   */
  estimateReadsChanged?: string[];
  /** Games that ended cleanly on both sides: each change is the mean of these games' own changes. */
  pairs: number;
  /**
   * With three seats or more, the seats whose change of win share holds with every seat's interval
   * widened to hold at once (`seatsSureTogether`); absent with two seats, whose changes mirror.
   */
  sureTogether?: number[];
  /** Of `sureTogether`, the seats whose change holds at 99% together too (weak otherwise: `togetherVerdict`). */
  firmTogether?: number[];
  /** The seats whose change of mean score holds with every seat's interval widened so (scores do not mirror: any number of seats). */
  scoresSureTogether: number[];
  /** Of `scoresSureTogether`, those that hold at 99% together too. */
  scoresFirmTogether?: number[];
  seats: SeatComparison[];
  length: PairedDifference & { relative: number };
  /**
   * The change of game length in turns (`PairedChange.turns`), relative to A's mean turns; absent
   * unless both sides counted turns. What `length-change` reads when present (else decisions).
   */
  turns?: PairedDifference & { relative: number };
  /** The change of the winning margin (`winningMargin`), game by game; absent with one player. */
  margin?: PairedDifference;
  /**
   * The games of the pairs each side drew (first place shared) and the change of the share drawn,
   * game by game (`PairedChange.draws`); absent when neither side drew a game, with one player,
   * and in a cooperative game (all win or lose together).
   */
  draws?: { a: number; b: number; change: PairedDifference };
  /**
   * The change of the first player's win share, game by game (`firstPlayerChange`: each game's own
   * first to decide, whatever seat); absent when no pair had a first player on both sides.
   */
  firstPlayerChange?: PairedDifference;
  /** The change of the winning score (`winningScore`: the top score), game by game; absent with one player. */
  top?: PairedDifference;
  /**
   * The change of the seats' distance from the fair share (`seatBalance`), B − A in points, with a
   * paired bootstrap interval (`balanceChange`): positive, B's seats are farther from even. Absent
   * with one player, with fewer than two pairs, or for a cooperative game.
   */
  balance?: PairedDifference;
  /** How many of the pairs the bots played move for move alike on both sides (`PairedChange.sameMoves`). */
  sameMoves?: number;
  /** How many of the pairs ended with the same scores after as many decisions (`PairedChange.sameOutcomes`). */
  sameOutcomes?: number;
  /** How many of the pairs ended with the same winners on both sides (`PairedChange.sameWinners`). */
  sameWinners: number;
  /** The share of pairs whose winners would agree were the sides' games unrelated (`PairedChange.sameWinnersByChance`). */
  sameWinnersByChance?: number;
  thresholds: Threshold[];
  /** The command that reproduces this comparison. */
  command: string;
  /**
   * The two titles, when A and B are different games (`differentGames`): the changes then
   * compare two games, not two versions or variants of one, and the output says so.
   */
  differentGames?: { a: string; b: string };
  /**
   * A and B play the same rules and differ only in the bots' `estimate`, the `measure`s or the
   * examples (`Game.rulesFingerprint`): a change below is the bots steering otherwise, not the game.
   */
  sameRules?: true;
  /**
   * A run with looks (`--stop-early`, `lookSchedule`): the games of each look planned, the games
   * played, and why the run stopped before its end (absent when it played them all). Every
   * interval of the comparison is then widened for the looks.
   */
  looks?: { planned: number[]; played: number; stopped?: string; lastAnswer?: string };
  /**
   * Set when every seat scored the same in every game on both sides (a cooperative game,
   * `sharedScore`): each side's team score and its change game by game (a seat's, as all alike),
   * read instead of the seats' win shares, which never change.
   */
  shared?: { a: SharedScore; b: SharedScore; change: PairedDifference };
  /** The measures both sides have, changed game by game (`measureChanges`); absent when neither side has any. */
  measures?: MeasureChange[];
  /** Measures only one side has (by label), which have no change to report. */
  measuresApart?: { onlyA: string[]; onlyB: string[]; otherForm: { label: string; a: string; b: string }[] };
}

/**
 * `--fail-if` rules. On point estimates (B's side, or B − A):
 * `win-off-fair>5` a seat of B wins beyond the fair share ± 5 points;
 * `win-change>5` a seat's win rate moves more than 5 points;
 * `score-change>3` a seat's mean score moves more than 3;
 * `length-change>10%` the mean game length moves more than 10%;
 * `margin-change>3` the mean winning margin (the top score less the next) moves more than 3;
 * `top-score-change>3` the mean winning score (the top score) moves more than 3;
 * `draw-change>5` the share of games drawn (first place shared) moves more than 5 points;
 * `balance-change>2` the seats move more than 2 points farther from (or closer to) the fair share (`seatBalance`);
 * `errors>0` B has more than 0 failed games;
 * `measure-change[Rounds played]>1` the rules' measure of that label moves more than 1 (a `bool`
 * measure: points of how often it held; with `%`, relative to A's mean).
 * With `@level` (`win-off-fair>5@95`), a rule breaks only when the whole
 * interval at that confidence level lies beyond the limit: the run shows the
 * change is there, rather than a point estimate that noise can push over.
 */
export const FAIL_RULES = ["win-off-fair", "win-change", "score-change", "length-change", "margin-change", "top-score-change", "draw-change", "balance-change", "errors", "measure-change"] as const;
export type FailRuleName = (typeof FAIL_RULES)[number];

/** The confidence levels an interval rule may name, with the z of their two-sided intervals. */
export const CONFIDENCE_LEVELS: Readonly<Record<string, number>> = {
  "80": 1.2815515655446004,
  "90": 1.6448536269514722,
  "95": Z95,
  "99": 2.5758293035489004,
  "99.9": 3.2905267314919255,
};

export interface FailRule {
  name: FailRuleName;
  limit: number;
  /** Confidence level in percent, for a rule on intervals. */
  level?: number;
  /** For `measure-change[Label]`: the measure's label. */
  measure?: string;
  /** For `measure-change[Label]>10%`: the limit is relative to A's mean. */
  relative?: boolean;
}

const RULE_FORMS = "win-off-fair>5, win-change>5, score-change>3, length-change>10%, margin-change>3, top-score-change>3, draw-change>5, balance-change>2, errors>0, measure-change[Label]>2 (or >10%); add @95 to test the 95% interval instead of the estimate";

export function parseFailIf(text: string): FailRule {
  // A measure's label is the designer's text, in brackets: everything up to the last closing
  // bracket before the limit, so a label that holds brackets itself ("Tiles [left]") can be named.
  const m = /^([a-z-]+)(?:\s*\[(.+)\])?\s*>\s*(\d+(?:\.\d+)?)(%?)(?:\s*@\s*(\d+(?:\.\d+)?)%?)?$/.exec(text.trim());
  if (!m || !(FAIL_RULES as readonly string[]).includes(m[1]!)) {
    // A rule's name alone: unquoted, the shell took `>` for a redirection and wrote a file named by the limit.
    const bare = text.trim().replace(/\[.*\]$/, "");
    if ((FAIL_RULES as readonly string[]).includes(bare)) {
      throw new UsageError(`--fail-if: "${text}" has no limit: unquoted, the shell reads \`>\` as "write to a file" (and has made one named after the limit); quote the rule: --fail-if '${text}>5@95'`);
    }
    throw new UsageError(`--fail-if: cannot read "${text}" (rules: ${RULE_FORMS})`);
  }
  const name = m[1] as FailRuleName;
  const limit = Number(m[3]);
  if ((name === "measure-change") !== (m[2] !== undefined)) {
    throw new UsageError(name === "measure-change" ? `--fail-if: "${text}": name the measure in brackets, as the rules label it: measure-change[Rounds played]>2` : `--fail-if: "${text}": only measure-change names a measure in brackets`);
  }
  const measure = m[2] === undefined ? {} : { measure: m[2].trim(), ...(m[4] === "%" ? { relative: true } : {}) };
  if (m[5] === undefined) return { name, limit, ...measure };
  if (name === "errors") throw new UsageError(`--fail-if: "${text}": errors counts failed games and has no interval (write errors>0)`);
  if (CONFIDENCE_LEVELS[m[5]] === undefined) {
    throw new UsageError(`--fail-if: "${text}": the level after @ is one of ${Object.keys(CONFIDENCE_LEVELS).join(", ")} (percent)`);
  }
  return { name, limit, level: Number(m[5]), ...measure };
}

/**
 * How far an estimate surely is from 0: its size, for a rule on the point
 * estimate; for an interval rule, the distance from 0 of the interval's
 * nearer end (negative when the interval holds 0). A rule breaks when this
 * exceeds its limit.
 */
export function excess(d: Difference, level: number | undefined): number {
  return level === undefined ? Math.abs(d.value) : Math.max(d.low, -d.high);
}

const scaled = (d: Difference, by: number, shift = 0): Difference => ({ value: (d.value - shift) * by, low: (d.low - shift) * by, high: (d.high - shift) * by });

/** "95% interval", "95% interval, all 3 seats at once," for a rule that reads every seat, ", over 4 looks," in a run with looks. */
function intervalName(level: number, family: number, looks = 1): string {
  const seats = family > 1 ? `, all ${family} seats at once` : "";
  const over = looks > 1 ? `, over ${looks} looks` : "";
  return seats || over ? `${level}% interval${seats}${over},` : `${level}% interval`;
}

/** "95% interval [+1.2, +8.0]: at least 1.2 points" — how an interval rule reads a change. */
function surely(d: Difference, level: number, digits: number, unit: string, noun = "", family = 1, looks = 1): string {
  const e = excess(d, level);
  const ends = `${intervalName(level, family, looks)} [${signed(d.low, digits)}${unit}, ${signed(d.high, digits)}${unit}]`;
  // A distance that rounds to nothing still shows (a rule with limit 0 breaks on it): "at least 0.0%" would contradict the FAIL beside it.
  const shown = e > 0 && Number(e.toFixed(digits)) === 0 ? e.toPrecision(2) : e.toFixed(digits);
  return `${ends}: ${e > 0 ? `at least ${shown}${unit}${noun}` : "the interval includes 0: no sure change"}`;
}

/**
 * The figures of B against A, seat by seat, and the thresholds checked. `games`: each side's
 * outcomes in game order (game i of both played with the same seeds and bots): every change is
 * worked out game by game (`pairedChange`), which is what playing the same seeds is for.
 * `looks`: how many looks the run takes (`lookSchedule`); every interval is widened to hold over
 * all of them at its level, so a run that stops at the first look that answers stays as sure.
 */
export function compareSummaries(a: SimulationSummary, b: SimulationSummary, games: { a: readonly (PlayedGame & MeasuredGame)[]; b: readonly (PlayedGame & MeasuredGame)[] }, failIf: string[], command: string, looks = 1, balance = false): Comparison {
  const shown = looks > 1 ? togetherZ(0.95, looks) : Z95;
  /** Win shares with draws split, as rates over clean games (Wilson intervals at `z`). */
  const shares = (z: number) =>
    a.seats.map((sa, p) => {
      const sb = b.seats[p]!;
      return { wa: shareRate(sa.share.count, sa.share.total, z), wb: shareRate(sb.share.count, sb.share.total, z) };
    });
  const changes = (z: number): PairedChange => pairedChange(games.a, games.b, a.players, z);
  const at95 = changes(shown);
  const seats = shares(shown).map(({ wa, wb }, p): SeatComparison => {
    const sa = a.seats[p]!;
    const sb = b.seats[p]!;
    return { seat: p + 1, winsA: wa, winsB: wb, wins: at95.seats[p]!.wins, scoreA: sa.score.mean, scoreB: sb.score.mean, score: at95.seats[p]!.score };
  });
  const length = { ...at95.length, relative: a.length.mean ? at95.length.value / a.length.mean : 0 };
  const turnsA = a.turns?.mean ?? 0;
  const turns = at95.turns && { ...at95.turns, relative: turnsA ? at95.turns.value / turnsA : 0 };
  const thresholds = failIf.map((text): Threshold => {
    const { name, limit, level, measure, relative } = parseFailIf(text);
    // The measure a `measure-change[Label]` rule reads, as both sides have it (`measureChanges`).
    const measured = measure === undefined ? undefined : (a.measures ?? []).find((m) => m.label === measure);
    // A rule on every seat breaks on the worst seat: each seat's interval is widened so that all
    // of them hold at once at the level named (Bonferroni), or a game where nothing changed would
    // break `win-change>0@95` in one run of eight with 3 seats. Two seats' win shares mirror each
    // other (a game's shares add up to 1), so they count once.
    const family =
      name === "length-change" || name === "margin-change" || name === "top-score-change" || name === "draw-change" || name === "balance-change" ? 1 : name === "measure-change" ? (measured?.perPlayer ? a.players : 1) : name === "score-change" || a.players >= 3 ? a.players : 1;
    const z = level === undefined ? shown : family * looks > 1 ? togetherZ(level / 100, family * looks) : CONFIDENCE_LEVELS[String(level)]!;
    const at = level === undefined ? {} : { level, ...(family > 1 ? { seatsAtOnce: family } : {}) };
    const fair = b.firstPlayer.fairShare;
    /** The seat whose figure is surely farthest from 0, and that figure. */
    const worstOf = (per: Difference[]): { seat: number; d: Difference } =>
      // Seats tied up to rounding (two seats of a two-player game mirror each other) go to the first.
      per.reduce((w, d, i) => (excess(d, level) > excess(w.d, level) + 1e-9 ? { seat: i + 1, d } : w), { seat: 1, d: per[0]! });
    // Settled: every seat's interval within the limit, so more games would not break the rule.
    const within = (d: Difference): boolean => Math.max(Math.abs(d.low), Math.abs(d.high)) <= limit;
    // A look whose games all came out alike in what the rule reads settles nothing: its interval is
    // [0, 0] for a mean (score, length, margin) and ±z/(n + 2) for a share, whatever the games to
    // come hold. A change in 1 game in 20 leaves all of the first 50 alike in 8% of runs, and a run
    // that stopped there said "surely holds" of a score change twice its limit (3 seeds of 7).
    // A share is the exception when the games are many: a change unseen in n games happens in fewer
    // than −ln(α)/n of them (the "rule of three" at 95%), and one game moves a share by at most 100
    // points, so a seat alike in every game is surely within a limit above that bound (400 games:
    // 0.75 points). `perGame`: that most, for a share; a mean has none. Gives the figures (from 1)
    // alike in every game that so bound nothing, and how many figures the rule reads.
    const alike = (ds: readonly PairedDifference[], perGame?: number): { alike: number[]; of: number } => {
      const alpha = level === undefined ? 0.05 : (1 - level / 100) / (family * looks);
      const bounded = (x: PairedDifference): boolean => perGame !== undefined && x.n > 0 && (perGame * -Math.log(alpha)) / x.n <= limit;
      return { alike: ds.flatMap((x, i) => (x.variance === 0 && !bounded(x) ? [i + 1] : [])), of: ds.length };
    };
    const result = (d: Difference, detail: string, all: Difference[] = [d], same: { alike: number[]; of: number } = { alike: [], of: 1 }): Threshold => {
      const broken = excess(d, level) > limit;
      if (level === undefined) return { rule: text, broken, detail, ...at };
      const settled = same.alike.length === 0 && all.every(within);
      // A rule that holds says how: surely within its limit, or only not surely past it (an
      // interval reaching past the limit on both sides of nothing read "ok … no sure change", as
      // if the change were known to be small).
      // (A limit of 0 is never surely met: "no sure change" says all there is.)
      // Games that all came out alike in what the rule reads settle nothing, however many: "more
      // games would tell" sent a designer on to 800 games whose bots never reacted to the change.
      const which = same.alike.length === same.of ? "every game came out alike on both sides in what this rule reads" : `${listed(same.alike.map((k) => `seat ${k}`))}'s change came out the same in every game`;
      const undecided = same.alike.length
        ? `; undecided: ${which}, which settles nothing of the games to come (a change that shows once in a hundred games looks the same); if the bots cannot react to the change, no number of games will tell`
        : `; undecided: not surely past the limit (${limit}), nor surely within it: more games would tell`;
      const how = broken || limit === 0 ? "" : settled ? `; surely within the limit (${limit})` : undecided;
      return { rule: text, broken, detail: detail + how, ...at, settled, ...(!broken && !settled && limit > 0 ? { undecided: true as const } : {}) };
    };
    // With no game played to the end on both sides there is no change to measure: a rule on one
    // breaks, rather than pass on nothing (`errors>0` says why the games failed).
    if (at95.pairs === 0 && name !== "win-off-fair" && name !== "errors") return { rule: text, broken: true, detail: "no game ended cleanly on both sides: there is no change to measure", ...at };
    // One game bounds no change of score or length (`pairedMeanDifference`): a rule on the interval
    // breaks rather than read "no sure change" off an interval without ends.
    // A game of one player has no runner-up to measure a margin against.
    if (name === "margin-change" && !(a.margin && b.margin)) return { rule: text, broken: true, detail: "a game of one player has no winning margin (the top score less the next)", ...at };
    // Nor seats to balance; a cooperative game's seats share every result.
    if (name === "balance-change" && !(a.players >= 2 && !a.shared && !b.shared)) return { rule: text, broken: true, detail: a.players < 2 ? "a game of one player has no seats to balance" : "a cooperative game's seats share every result: there is no balance to change", ...at };
    // Nor a winning score apart from the seat's own (`score-change` reads it).
    if (name === "top-score-change" && !(a.top && b.top)) return { rule: text, broken: true, detail: "a game of one player has no winning score apart from its score (score-change reads it)", ...at };
    // Nor draws: one player alone never shares first place; in a cooperative game all share every result.
    if (name === "draw-change" && !(a.players >= 2 && !(a.shared && b.shared))) return { rule: text, broken: true, detail: a.players < 2 ? "a game of one player has no draws (first place shared)" : "a cooperative game's seats share every result: there is no draw to count", ...at };
    if (at95.pairs < 2 && (name === "balance-change" || (level !== undefined && (name === "score-change" || name === "length-change" || name === "margin-change" || name === "top-score-change")))) {
      return { rule: text, broken: true, detail: `${at95.pairs} game ended cleanly on both sides: too few to bound the change`, ...at };
    }
    switch (name) {
      case "win-off-fair": {
        const rates = shares(z).map((s) => s.wb);
        const per = rates.map((r) => scaled(r, 100, fair));
        const { seat, d } = worstOf(per);
        const v = rates[seat - 1]!.value * 100;
        if (level === undefined) return result(d, `seat ${seat} wins ${v.toFixed(1)}% in B, ${Math.abs(d.value).toFixed(1)} points from the fair ${(fair * 100).toFixed(1)}%`);
        const r = rates[seat - 1]!;
        const e = excess(d, level);
        const where = e > 0 ? `at least ${e.toFixed(1)} points from the fair ${(fair * 100).toFixed(1)}%` : `the interval includes the fair ${(fair * 100).toFixed(1)}%`;
        return result(d, `seat ${seat} wins ${v.toFixed(1)}% in B, ${intervalName(level, family, looks)} [${(r.low * 100).toFixed(1)}%, ${(r.high * 100).toFixed(1)}%]: ${where}`, per);
      }
      case "win-change": {
        const per = changes(z).seats.map((c) => scaled(c.wins, 100));
        const { seat, d } = worstOf(per);
        if (level === undefined) return result(d, `seat ${seat}'s win rate moves ${signed(d.value)} points [${signed(d.low)}, ${signed(d.high)}]`);
        return result(d, `seat ${seat}'s win rate moves ${signed(d.value)} points, ${surely(d, level, 1, "", " points", family, looks)}`, per, alike(changes(z).seats.map((c) => c.wins), 100));
      }
      case "score-change": {
        const per = changes(z).seats.map((c) => c.score);
        const { seat, d } = worstOf(per);
        if (level === undefined) return result(d, `seat ${seat}'s mean score moves ${signed(d.value, 2)}`);
        return result(d, `seat ${seat}'s mean score moves ${signed(d.value, 2)}, ${surely(d, level, 2, "", "", family, looks)}`, per, alike(per));
      }
      case "length-change": {
        // In turns when the rules take turns: a variant that plays fewer cards a turn asks fewer
        // questions in as many turns, and decisions then overstate the change (−33% against −24%).
        const inTurns = changes(z).turns;
        const raw = inTurns ?? changes(z).length;
        const meanA = inTurns ? turnsA : a.length.mean;
        const d = scaled(raw, meanA ? 100 / meanA : 0);
        const means = inTurns ? `(${turnsA.toFixed(1)} → ${(b.turns?.mean ?? 0).toFixed(1)} turns)` : `(${a.length.mean.toFixed(1)} → ${b.length.mean.toFixed(1)} decisions)`;
        if (level === undefined) return result(d, `mean length moves ${signed(d.value)}% ${means}`);
        return result(d, `mean length moves ${signed(d.value)}%, ${surely(d, level, 1, "%", "", 1, looks)} ${means}`, [d], alike([raw]));
      }
      case "margin-change": {
        const d = changes(z).margin;
        const means = `(${a.margin!.mean.toFixed(2)} → ${b.margin!.mean.toFixed(2)} points)`;
        if (level === undefined) return result(d, `the winning margin moves ${signed(d.value, 2)} ${means}`);
        return result(d, `the winning margin moves ${signed(d.value, 2)}, ${surely(d, level, 2, "", " points", 1, looks)} ${means}`, [d], alike([d]));
      }
      case "top-score-change": {
        const d = changes(z).top;
        const means = `(${a.top!.mean.toFixed(2)} → ${b.top!.mean.toFixed(2)} points)`;
        if (level === undefined) return result(d, `the winning score moves ${signed(d.value, 2)} ${means}`);
        return result(d, `the winning score moves ${signed(d.value, 2)}, ${surely(d, level, 2, "", " points", 1, looks)} ${means}`, [d], alike([d]));
      }
      case "draw-change": {
        const c = changes(z);
        const d = scaled(c.draws, 100);
        const means = `(${((100 * c.drawsA) / c.pairs).toFixed(1)}% → ${((100 * c.drawsB) / c.pairs).toFixed(1)}% of games drawn)`;
        if (level === undefined) return result(d, `the share of games drawn moves ${signed(d.value)} points ${means}`);
        return result(d, `the share of games drawn moves ${signed(d.value)} points, ${surely(d, level, 1, "", " points", 1, looks)} ${means}`, [d], alike([c.draws], 100));
      }
      case "balance-change": {
        const d = balanceChange(games.a, games.b, a.players, z)!;
        const means = `(${a.balance!.distance.toFixed(1)} → ${b.balance!.distance.toFixed(1)} points from the fair share)`;
        if (level === undefined) return result(d, `the seats' distance from the fair share moves ${signed(d.value, 1)} points ${means}`);
        return result(d, `the seats' distance from the fair share moves ${signed(d.value, 1)}, ${surely(d, level, 1, "", " points", 1, looks)} ${means}`, [d], alike([d]));
      }
      case "errors":
        return { rule: text, broken: b.errors.length > limit, detail: `${b.errors.length} failed games in B` };
      case "measure-change": {
        const change = measureChanges(a.measures ?? [], b.measures ?? [], games.a, games.b, a.players, z).find((m) => m.label === measure);
        if (!change) return { rule: text, broken: true, detail: `there is no measure "${measure}" of the same form on both sides`, ...at };
        const fewest = Math.min(...change.changes.map((x) => x.change.n));
        // No game gave the measure on both sides (`none` in every game, say): its change is not
        // 0 but unknown, so any rule on it breaks, as a rule on a change with no clean game does.
        if (fewest === 0) {
          const seat = change.changes.find((x) => x.change.n === 0)?.seat;
          return { rule: text, broken: true, detail: `no game gave "${measure}"${seat !== undefined ? ` for seat ${seat}` : ""} on both sides: there is no change to measure`, ...at };
        }
        const bound = change.share ? 0 : 1;
        if (fewest <= bound && level !== undefined) return { rule: text, broken: true, detail: `${fewest} game${fewest === 1 ? "" : "s"} gave "${measure}" on both sides: too few to bound its change`, ...at };
        const zero = change.changes.find((x) => x.a === 0);
        if (relative && zero) return { rule: text, broken: true, detail: `"${measure}" is 0 in A${zero.seat !== undefined ? ` for seat ${zero.seat}` : ""}: a change relative to it has no size (write the limit without %)`, ...at };
        // Every seat gave the measure in some game (`fewest` above), so each has A's mean.
        const per = change.changes.map((x) => scaled(x.change, relative ? 100 / Math.abs(x.a ?? 0) : change.share ? 100 : 1));
        const { seat, d } = worstOf(per);
        const x = change.changes[seat - 1]!;
        const whose = x.seat !== undefined ? ` for seat ${x.seat}` : "";
        const unit = relative ? "%" : "";
        const noun = change.share && !relative ? " points" : "";
        const value = (v: number | null): string => (v === null ? "none" : change.share ? `${(v * 100).toFixed(1)}%` : v.toFixed(2));
        const means = `(${value(x.a)} → ${value(x.b)})`;
        if (level === undefined) return result(d, `"${measure}"${whose} moves ${signed(d.value, 2)}${unit}${noun} ${means}`);
        return result(d, `"${measure}"${whose} moves ${signed(d.value, 2)}${unit}${noun}, ${surely(d, level, 2, unit, noun, family, looks)} ${means}`, per, alike(change.changes.map((c) => c.change)));
      }
    }
  });
  const together = a.players >= 3 ? { sureTogether: seatsSureTogether(games.a, games.b, a.players, "wins", looks), firmTogether: seatsSureTogether(games.a, games.b, a.players, "wins", looks, 0.99) } : {};
  const scoresSureTogether = seatsSureTogether(games.a, games.b, a.players, "score", looks);
  const scoresFirmTogether = seatsSureTogether(games.a, games.b, a.players, "score", looks, 0.99);
  const margin = a.margin && b.margin ? { margin: at95.margin } : {};
  const top = a.top && b.top ? { top: at95.top } : {};
  // Draws read on both sides unless both are cooperative: a variant in which every game ties is the draws' own case.
  const drawn = a.players >= 2 && !(a.shared && b.shared) && (at95.drawsA > 0 || at95.drawsB > 0) ? { draws: { a: at95.drawsA, b: at95.drawsB, change: at95.draws } } : {};
  const firstMoved = a.players >= 2 && !(a.shared && b.shared) ? firstPlayerChange(games.a, games.b, shown) : undefined;
  const firstChange = firstMoved ? { firstPlayerChange: firstMoved } : {};
  // The seat balance's bootstrap is worth its time in the comparison printed (`balance`), or for a
  // rule on it; a run's every look, and simulations of thousands of runs, do without it.
  const wanted = balance || failIf.some((r) => parseFailIf(r).name === "balance-change");
  const evenness = !wanted || a.shared || b.shared ? undefined : balanceChange(games.a, games.b, a.players, shown);
  const balanced = evenness ? { balance: evenness } : {};
  const alike = { ...(at95.sameMoves === undefined ? {} : { sameMoves: at95.sameMoves }), sameWinners: at95.sameWinners, sameOutcomes: at95.sameOutcomes, sameWinnersByChance: at95.sameWinnersByChance };
  const shared = a.shared && b.shared && at95.pairs > 0 ? { shared: { a: a.shared, b: b.shared, change: at95.seats[0]!.score } } : {};
  // A summary is its measure's info too (`MeasureSummary`): the changes read labels and forms alone.
  const measured = a.measures || b.measures ? measuresCompared(a.measures ?? [], b.measures ?? [], games.a, games.b, a.players, shown) : {};
  return { a, b, pairs: at95.pairs, ...together, scoresSureTogether, scoresFirmTogether, seats, length, ...(turns ? { turns } : {}), ...balanced, ...top, ...margin, ...drawn, ...firstChange, ...alike, thresholds, command, ...shared, ...measured };
}

/** The measures' part of a comparison: their changes, and those only one side has. */
function measuresCompared(a: readonly MeasureInfo[], b: readonly MeasureInfo[], gamesA: readonly MeasuredGame[], gamesB: readonly MeasuredGame[], players: number, z: number): Pick<Comparison, "measures" | "measuresApart"> {
  const apart = measuresApart(a, b);
  return { measures: measureChanges(a, b, gamesA, gamesB, players, z), ...(apart.onlyA.length || apart.onlyB.length || apart.otherForm.length ? { measuresApart: apart } : {}) };
}

/** Each measure's row of a comparison (a seat's each): its label, A → B over the games both gave a figure in, and B − A game by game. */
function measureChangeRows(c: Comparison): [string, string, string][] {
  const value = (share: boolean, v: number | null): string => (v === null ? "none" : share ? `${(v * 100).toFixed(1)}%` : v.toFixed(2));
  // Each side's figure with its own interval, where it is over the very games the change is: every
  // pair gave one, and neither side has games of its own (failed on the other). "Is the edge in A
  // different from 0?" is half a designer's question, and `-0.31 → 0.78` did not answer it.
  const sideFigure = (side: SimulationSummary, m: MeasureChange, x: MeasureChangeRow, allSeats: boolean): MeasureFigure | undefined => {
    const s = side.measures?.find((y) => y.label === m.label);
    const f = allSeats ? s?.allSeats : s?.figures.find((y) => y.seat === x.seat);
    // Each side's interval is at 95% for one look; a run with looks widens every other interval.
    const oneLook = (c.looks?.planned.length ?? 1) === 1;
    return oneLook && f && f.n === x.change.n && x.change.n === c.pairs && side.clean === c.pairs ? f : undefined;
  };
  const means = (m: MeasureChange, x: MeasureChangeRow, allSeats: boolean): string => {
    const [fa, fb] = [sideFigure(c.a, m, x, allSeats), sideFigure(c.b, m, x, allSeats)];
    return fa && fb ? `${measureFigureText(m, fa)} → ${measureFigureText(m, fb)}` : `${value(m.share, x.a)} → ${value(m.share, x.b)}`;
  };
  const row = (m: MeasureChange, x: MeasureChangeRow, allSeats = false): [string, string, string] => [
    measureRowLabel(m.label, x, allSeats),
    x.change.n === 0 ? "no game gave a figure on both sides" : means(m, x, allSeats),
    x.change.n === 0 ? "" : `${m.share ? `${changeText(x.change, 100, 1, false)} points` : changeText(x.change, 1, 2, false)}${bracket(alike(m.share ? alikeShareNote(x.change) : alikeNote(x.change)), some(x.change.n))}`,
  ];
  // The notes of a row in one bracket: "(all 59 games alike, as above; in 59 of 100 games)".
  const bracket = (...notes: (string | undefined)[]): string => {
    const said = notes.filter((n): n is string => n !== undefined);
    return said.length ? ` (${said.join("; ")})` : "";
  };
  // The note on rows no game moved, said in full once; the rows after it say only what it is (a
  // measure that never varied read "(all 200 games alike: a change in fewer than …)" four times).
  const told = new Set<string>();
  const alike = (note: string | undefined): string | undefined => {
    if (note === undefined) return undefined;
    if (told.has(note)) return `${note.replace(/:.*$/, "")}, as above`;
    told.add(note);
    return note;
  };
  // Over how many games, where some gave no figure on a side (`none`: the first assassination of a
  // game without one): "8.31 → 3.82" alone hid that it was over 24 games of 100.
  const some = (n: number): string | undefined => (n < c.pairs ? `in ${n} of ${c.pairs} games` : undefined);
  // A seat's rows, then the seats together (`MeasureChange.allSeats`).
  return (c.measures ?? []).flatMap((m) => [...m.changes.map((x) => row(m, x)), ...(m.allSeats ? [row(m, m.allSeats, true)] : [])]);
}

/** The heading of a comparison's measures: how their changes are worked out. */
function measuresHeading(c: Comparison): string {
  const looks = c.looks?.planned.length ?? 1;
  return `A → B over the games both sides gave a figure in, B − A game by game (95% interval each${looks > 1 ? `, over ${looks} looks` : ""})`;
}

/** The notes on measures only one side has. */
function measuresApartNotes(c: Comparison): string[] {
  const apart = c.measuresApart;
  const named = (labels: string[]): string => labels.map((l) => `"${l}"`).join(", ");
  return [
    ...(apart?.onlyA.length ? [`measures only A has (no change to report): ${named(apart.onlyA)}`] : []),
    ...(apart?.onlyB.length ? [`measures only B has (no change to report): ${named(apart.onlyB)}`] : []),
    ...(apart?.otherForm ?? []).map((f) => `"${f.label}" is ${f.a} in A and ${f.b} in B (no change to report)`),
  ];
}

/** The measures' lines of a comparison: each one's A and B over the games both gave a figure in, and B − A game by game. */
function measureChangeLines(c: Comparison): string[] {
  const lines: string[] = [];
  if (c.measures?.length) {
    lines.push(`measures: ${measuresHeading(c)}:`);
    lines.push(...alignColumns(measureChangeRows(c).map(([label, means, change]) => [`  ${label}`, means, change]), [0, 0]).map((l) => l.trimEnd()));
  }
  lines.push(...measuresApartNotes(c).map((n) => `note: ${n}`));
  return lines;
}

const signed = (v: number, digits = 1): string => `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;

/** The precision line of a comparison (`changePrecision`), or undefined with fewer than three games to compare. */
function changePrecisionLine(c: Comparison): string | undefined {
  const p = changePrecision(c.seats.map((s) => s.wins));
  return p && `precision: ${precisionText("each seat's change in win share", p, c.looks?.planned.length, c.pairs)}`;
}

/**
 * "seat balance: 7.4 → 11.6 points from the fair share, +4.2 [+1.1, +7.0] (…): B's seats are surely
 * less even": the answer to "is the variant fairer?" in one line, each side's figure as `simulate`
 * reads it. Undefined without a balance change (one seat, a cooperative game, too few games).
 */
function balanceChangeLine(c: Comparison): string | undefined {
  const d = c.balance;
  if (!d || !c.a.balance || !c.b.balance) return undefined;
  return `seat balance: ${balanceChangeText(c.a.balance, c.b.balance, d, (x) => changeText(x, 1, 1, false), c.a.players)}`;
}

/** The "together" lines of a comparison (`togetherVerdict`), of win share and of score: those with something to say. */
function togetherLines(c: Comparison): string[] {
  const looks = c.looks?.planned.length ?? 1;
  const wins = c.sureTogether && togetherVerdict(c.seats.map((s) => s.wins), c.sureTogether, "win share", looks, c.firmTogether);
  const scores = c.seats.length >= 2 ? togetherVerdict(c.seats.map((s) => s.score), c.scoresSureTogether, "mean score", looks, c.scoresFirmTogether) : undefined;
  return [wins, scores].filter((v): v is string => v !== undefined).map((v) => `together: ${v}`);
}

/**
 * What a run with looks did (`--stop-early`): "looks at 50, 100, 200 and 400 games; stopped at
 * 100: …" and how its intervals are widened. Undefined for a run without looks.
 */
export function looksLine(c: Comparison): string | undefined {
  return c.looks && `looks: ${looksText(c.looks.planned, c.looks.played, c.looks.stopped, { answer: c.looks.lastAnswer })}`;
}

/**
 * Why a run with looks may stop at this look, or undefined to play on. The question is the
 * `--fail-if` rules on intervals when there are any: answered once each is decided, broken or
 * settled (every seat's interval within its limit: surely smaller than it). Without them it is
 * "does the change move who wins?": answered once some seat's change of win share leaves out 0
 * (with three seats or more, with every seat's interval widened to hold at once). A broken
 * `errors` rule stops a run at any look: more games cannot mend it; one that holds so far keeps the
 * run to its end, since only every game tells that none fails. Rules on point estimates
 * have no place in a run with looks (`--stop-early` refuses them).
 */
export function stopReason(c: Comparison): string | undefined {
  const errors = c.thresholds.find((t) => t.level === undefined && t.broken);
  if (errors) return `--fail-if ${errors.rule} breaks (${errors.detail})`;
  // An `errors` rule that holds so far holds of the games played only: a game that fails 1 time in
  // 60 fails none of the first 50 as often as not, and a run that stopped there on a change of win
  // share passed a CI rule that its whole run broke 14 times. Only the whole run answers it.
  if (c.thresholds.some((t) => t.level === undefined)) return undefined;
  const rules = c.thresholds.filter((t) => t.level !== undefined);
  if (rules.length > 0) {
    if (!rules.every((t) => t.broken || t.settled)) return undefined;
    return `every --fail-if rule is decided: ${listed(rules.map((t) => `${t.rule} ${t.broken ? "breaks" : "surely holds"}`))}`;
  }
  // Everyone wins together: no seat's win share moves, the team's score may.
  if (c.shared) return teamChangeReason(c.shared.change);
  return sureWinChange(
    c.seats.map((s) => s.wins),
    c.sureTogether,
  );
}

export function comparisonLines(c: Comparison): string[] {
  const name = (s: SimulationSummary): string => `${s.file}${s.variant ? ` (${s.variant})` : ""}`;
  const different = c.differentGames && differentGamesWarning(c.differentGames);
  const lines = [`A: ${name(c.a)}`, `B: ${name(c.b)}`, ...(different ? [`warning: ${different}`] : []), ...(c.sameRules ? [`note: ${SAME_RULES_NOTE}`] : []), `${c.a.played} ${c.a.played === 1 ? "game" : "games"} each${c.looks?.stopped ? ` (of ${c.looks.planned.at(-1)}: stopped early)` : ""}, ${c.a.players} players, bots ${c.a.bots.join(",")}, ${c.a.seeds ? `seeds ${c.a.seeds.join(", ")} (${c.a.seeds.length} runs pooled; ` : `seed ${c.a.seed} (`}the same games' seeds on both sides)`, ""];
  const looks = looksLine(c);
  if (looks) lines.push(looks, "");
  if (c.shared) {
    lines.push(sharedScoreNote(c.pairs, c.shared.a, c.shared.b), sharedChangeLine(c.shared.a, c.shared.b, c.shared.change), `A ${sharedCountsLine(c.shared.a)}`, `B ${sharedCountsLine(c.shared.b)}`);
  } else {
    lines.push("win share: games won, a shared win split among its winners", `B − A: each game's own change, over the ${c.pairs} games both sides played to the end (the same seeds and bots)`, "");
    // The seats' table: its columns widen for figures wider than usual (scores in the thousands).
    lines.push(
      ...alignColumns(
        [
          ["seat", "share A", "share B", "B − A (points) [95% CI]", "score A", "score B", "B − A [95% CI]"],
          ...c.seats.map((s) => [String(s.seat), `${(s.winsA.value * 100).toFixed(1)}%`, `${(s.winsB.value * 100).toFixed(1)}%`, changeText(s.wins, 100, 1), s.scoreA.toFixed(2), s.scoreB.toFixed(2), changeText(s.score, 1, 2)]),
        ],
        [6, 10, 10, 26, 10, 10],
      ),
    );
  }
  lines.push("");
  if (!c.shared) lines.push(...togetherLines(c));
  const balance = balanceChangeLine(c);
  if (balance) lines.push(balance);
  const precision = c.shared ? undefined : changePrecisionLine(c);
  if (precision) lines.push(precision);
  if (!c.shared) lines.push(...sideTestLines(c));
  lines.push(`game length: ${lengthChangeText(c, (d) => changeText(d, 1, 1, false))}`, `  ${lengthSpreadText(c)}`);
  if (!c.shared && c.pairs > 0) {
    lines.push(`winners: ${sameWinnersText(c, lookZ(c))}`);
    const changes = winnerChangesText(c);
    if (changes) lines.push(`  ${changes}`);
  }
  // What the figure is and, when every game changed alike, that note: in one bracket.
  const about = (d: PairedDifference, what: string): string => `(${[what, alikeNote(d)].filter((t) => t !== undefined).join("; ")})`;
  if (c.top && c.a.top && c.b.top && !c.shared) lines.push(`winning score: ${c.a.top.mean.toFixed(2)} → ${c.b.top.mean.toFixed(2)} points, ${changeText(c.top, 1, 2, false)} ${about(c.top, "the top score, game by game")}`);
  if (c.margin && c.a.margin && c.b.margin && !c.shared) lines.push(`winning margin: ${c.a.margin.mean.toFixed(2)} → ${c.b.margin.mean.toFixed(2)} points, ${changeText(c.margin, 1, 2, false)} ${about(c.margin, "the top score less the next, game by game")}`);
  const drawn = drawsText(c);
  if (drawn) lines.push(`draws: ${drawn}`);
  lines.push(...measureChangeLines(c));
  const same = samePlayNote(c.length, c.sameMoves, c.a.bots, c.sameOutcomes);
  if (same) lines.push(`note: ${same}`);
  const steer = estimateNote(c);
  if (steer) lines.push(`note: ${steer}`);
  for (const n of judgementNotes(c)) lines.push(`note: ${n}`);
  // How long such a run takes, side by side: a designer timed their runs with `time` to plan the next.
  // Wall clock, side after side: a designer read B as twice as fast when A had run while the machine was busy.
  lines.push(`games per second: A ${gamesPerSecondText(c.a.playoutsPerSecond)}, B ${gamesPerSecondText(c.b.playoutsPerSecond)}${c.a.shards || c.b.shards ? " per shard (their running times added up)" : ""} (wall clock, one side after the other: other work on the machine slows either; \`stela strength\` times bots in CPU time)`);
  lines.push(`errors: A ${c.a.errors.length}, B ${c.b.errors.length}`);
  for (const e of [...c.a.errors.map((e) => ["A", e] as const), ...c.b.errors.map((e) => ["B", e] as const)].slice(0, 6)) lines.push(`  ${e[0]} game ${e[1].game}${e[1].run === undefined ? "" : ` of seed ${e[1].run}`}: ${e[1].message}`, `    replay: ${e[1].replay}`);
  for (const t of c.thresholds) lines.push(`${verdictWord(t).padEnd(4)} --fail-if ${t.rule}: ${t.detail}`);
  lines.push(`reproduce: ${c.command}`);
  return lines;
}

/**
 * How game length changed, A → B: in turns first when the rules take turns (a turn may ask several
 * questions, and a variant that asks fewer a turn changes decisions more than the game's length),
 * then in decisions; each with its change when `change` writes one, and the change in percent.
 */
function lengthChangeText(c: Comparison, change?: (d: PairedDifference) => string): string {
  const part = (a: number, b: number, unit: string, d: PairedDifference & { relative: number }): string =>
    `${a.toFixed(1)} → ${b.toFixed(1)} ${unit}${change ? `, ${change(d)}` : ""} (${[`${signed(d.relative * 100)}%`, change ? alikeNote(d) : undefined].filter((t) => t !== undefined).join("; ")})`;
  const decisions = part(c.a.length.mean, c.b.length.mean, "decisions", c.length);
  return c.turns ? `${part(c.a.turns?.mean ?? 0, c.b.turns?.mean ?? 0, "turns", c.turns)}; ${decisions}` : decisions;
}

/**
 * Each side's median game and longest game: a mean moved by a few games that ran long (two stuck
 * games of 368 and 790 turns read +125% where the medians moved 46 → 54) shows against its
 * median. In turns when the rules take turns, else in decisions.
 */
function lengthSpreadText(c: Comparison): string {
  const [a, b, unit] = c.a.turns && c.b.turns ? [c.a.turns, c.b.turns, "turns"] : [c.a.length, c.b.length, "decisions"];
  return `median ${a.median} → ${b.median} ${unit}, longest ${a.max} → ${b.max}`;
}

/** The z a comparison's intervals are read at: widened over its looks (`--stop-early`), as every interval of it is. */
function lookZ(c: Comparison): number {
  const looks = c.looks?.planned.length ?? 1;
  return looks > 1 ? togetherZ(0.95, looks) : Z95;
}

/** Which way the winner changed, seat by seat (`winnerChangesText`), as a sentence of the report; empty when none changed. */
function winnerChangesHtml(c: Comparison): string {
  const text = winnerChangesText(c);
  return text ? ` ${escapeHtml(capitalised(text))}.` : "";
}

/**
 * How often each side's games were drawn (first place shared) and the change game by game: "24.7%
 * → 91.0% of games, +66.3 [+60.9, +71.2] points (first place shared, game by game)". Undefined
 * when neither side drew.
 */
export function drawsText(c: Comparison): string | undefined {
  const d = c.draws;
  if (!d || c.pairs === 0) return undefined;
  const pct = (n: number): string => `${((100 * n) / c.pairs).toFixed(1)}%`;
  const notes = ["first place shared, game by game", alikeNote(d.change)].filter((t) => t !== undefined).join("; ");
  return `${pct(d.a)} → ${pct(d.b)} of games, ${changeText(d.change, 100, 1, false)} points (${notes})`;
}

/**
 * Each side's notes on how its bots judged (`evenJudgementNote`, `untakenOptionsNote`), as
 * `simulate` prints them for a run: a greedy seat that found every option worth the same played as
 * the random bot does, and a comparison of its games compares random players, whatever the bots
 * are called. A designer who ran only `compare` (as the CI recipe does) was never told. Both sides
 * alike: the note once, "on both sides".
 */
export function judgementNotes(c: Comparison): string[] {
  const out: string[] = [];
  // Note by note, each kind on both sides together: alike, said once.
  for (const note of [evenJudgementNote, untakenOptionsNote]) {
    const [x, y] = [note(c.a.seats), note(c.b.seats)];
    if (x !== undefined && x === y) out.push(`on both sides, ${x}`);
    else {
      if (x !== undefined) out.push(`in A, ${x}`);
      if (y !== undefined) out.push(`in B, ${y}`);
    }
  }
  return out;
}

/** The estimate note of a comparison (`estimateSteersNote`), from what it found the estimate reads that B changes. */
export function estimateNote(c: Comparison): string | undefined {
  return estimateSteersNote(c.estimateReadsChanged ?? [], c.pairs, c.sameMoves);
}

/**
 * Each side's first-player test (and turn-order test, with 3 seats or more), as `simulate` gives
 * them: "does the variant change the first player's chances?" is what a designer comparing two
 * versions asks first, and only `--json` had it. Each side is read on its own; under them the first
 * player's change game by game (`firstPlayerChange`), and a note when only one side reads an effect.
 */
function sideTestLines(c: Comparison): string[] {
  const lines = ["first player, each side on its own:"];
  for (const [side, s] of [["A", c.a], ["B", c.b]] as const) {
    const bots = s.seats.map((x) => x.bot);
    lines.push(`  ${side}: ${firstPlayerText(bots, s.firstPlayer)}`);
    if (s.turnOrder) lines.push(`     ${turnOrderText(bots, s.turnOrder)}`);
  }
  // The change itself, game by game: each game's own first to decide, whatever seat it sat in.
  const moved = c.firstPlayerChange;
  if (moved && c.pairs > 0) lines.push(`  B − A, game by game: the first to decide's win share ${changeText(moved, 100, 1, false)} points`);
  const split = oneSideFirstPlayerNote({ bots: c.a.seats.map((x) => x.bot), test: c.a.firstPlayer }, { bots: c.b.seats.map((x) => x.bot), test: c.b.firstPlayer }, moved && c.pairs > 0 ? `above: ${changeText(moved, 100, 1, false)} points` : undefined);
  if (split) lines.push(`  ${split}`);
  return lines;
}

/** The report's measures, as the text gives them (`measureChangeLines`): a table and the notes. */
function measuresSection(c: Comparison): string {
  const notes = measuresApartNotes(c).map((n) => `<p>Note: ${escapeHtml(n)}.</p>`).join("");
  if (!c.measures?.length) return notes;
  return `<h2>Measures</h2><p>${escapeHtml(measuresHeading(c))}.</p><table><tr><th>measure</th><th>A → B</th><th>B − A [95% CI]</th></tr>${htmlRows(measureChangeRows(c))}</table>${notes}`;
}

function comparisonReport(c: Comparison): string {
  const labels = c.seats.map((s) => `Seat ${s.seat}`);
  const data = {
    seats: labels,
    a: c.seats.map((s) => s.winsA.value * 100),
    b: c.seats.map((s) => s.winsB.value * 100),
    ciA: c.seats.map((s) => [s.winsA.low * 100, s.winsA.high * 100]),
    ciB: c.seats.map((s) => [s.winsB.low * 100, s.winsB.high * 100]),
    fair: c.seats.map(() => c.b.firstPlayer.fairShare * 100),
    colours: SEAT_COLOURS,
  };
  const rows = c.seats
    .map((s) => `<tr><td>${s.seat}</td><td>${rateCell(s.winsA)}</td><td>${rateCell(s.winsB)}</td><td>${changeText(s.wins, 100, 1)}</td><td>${s.scoreA.toFixed(2)}</td><td>${s.scoreB.toFixed(2)}</td><td>${changeText(s.score, 1, 2)}</td></tr>`)
    .join("");
  const precision = changePrecisionLine(c);
  const together = [...togetherLines(c), ...[balanceChangeLine(c)].filter((l): l is string => l !== undefined)];
  const checks = c.thresholds.length ? `<ul>${c.thresholds.map((t) => `<li><b>${verdictWord(t)}</b> <code>${escapeHtml(t.rule)}</code>: ${escapeHtml(t.detail)}</li>`).join("")}</ul>` : "";
  const body = `<h1>${escapeHtml(c.a.game)}: A against B</h1>
<p>A: <code>${escapeHtml(c.a.file)}</code>${c.a.variant ? ` (${escapeHtml(c.a.variant)})` : ""}; B: <code>${escapeHtml(c.b.file)}</code>${c.b.variant ? ` (${escapeHtml(c.b.variant)})` : ""}. ${c.a.played} games each${c.looks?.stopped ? ` (of ${c.looks.planned.at(-1)}: stopped early)` : ""} with the same seeds and bots (${escapeHtml(c.a.bots.join(", "))}); each change B − A is the mean of each game's own change, over the ${c.pairs} games both sides played to the end.</p>
${c.differentGames ? `<p><b>Warning:</b> ${escapeHtml(differentGamesWarning(c.differentGames))}.</p>` : ""}${c.sameRules ? `<p><b>Note:</b> ${escapeHtml(SAME_RULES_NOTE)}.</p>` : ""}
<p>Reproduce: <code>${escapeHtml(c.command)}</code></p>
${c.shared ? `<p>${escapeHtml(sharedScoreNote(c.pairs, c.shared.a, c.shared.b))}.</p><p><b>${escapeHtml(sharedChangeLine(c.shared.a, c.shared.b, c.shared.change))}</b>.</p><p>A ${escapeHtml(sharedCountsLine(c.shared.a))}.</p><p>B ${escapeHtml(sharedCountsLine(c.shared.b))}.</p>` : ""}
<table><tr><th>seat</th><th>win share A [95% CI]</th><th>win share B [95% CI]</th><th>B − A (points) [95% CI]</th><th>score A</th><th>score B</th><th>B − A [95% CI]</th></tr>${rows}</table>
${looksLine(c) ? `<p>${escapeHtml(looksLine(c)!)}</p>` : ""}
${together.map((t) => `<p>${escapeHtml(t)}</p>`).join("")}
${precision ? `<p>${escapeHtml(precision)}</p>` : ""}
${c.shared ? "" : `<p>${sideTestLines(c).map(escapeHtml).join("<br>")}</p>`}
${estimateNote(c) ? `<p><b>Note:</b> ${escapeHtml(estimateNote(c)!)}.</p>` : ""}${judgementNotes(c)
  .map((n) => `<p><b>Note:</b> ${escapeHtml(n)}.</p>`)
  .join("")}
<p>Game length ${escapeHtml(lengthChangeText(c))}.${!c.shared && c.pairs > 0 ? ` Winners ${escapeHtml(sameWinnersText(c, lookZ(c)))}.${winnerChangesHtml(c)}` : ""}${c.top && c.a.top && c.b.top && !c.shared ? ` Winning score (the top score) ${c.a.top.mean.toFixed(2)} → ${c.b.top.mean.toFixed(2)} points, ${escapeHtml(changeText(c.top, 1, 2))}.` : ""}${c.margin && c.a.margin && c.b.margin ? ` Winning margin (the top score less the next) ${c.a.margin.mean.toFixed(2)} → ${c.b.margin.mean.toFixed(2)} points, ${escapeHtml(changeText(c.margin, 1, 2))}.` : ""}${drawsText(c) ? ` Draws ${escapeHtml(drawsText(c)!)}.` : ""} Failed games: A ${c.a.errors.length}, B ${c.b.errors.length}.</p>
${checks}
${measuresSection(c)}
<div class="charts"><div style="grid-column:1/3"><h2>Win share by seat, A and B</h2><canvas id="wins"></canvas></div></div>`;
  const script = `new Chart(document.getElementById("wins"), { data: { labels: d.seats, datasets: [
  { type: "bar", label: "A (%)", data: d.a, backgroundColor: "#9aa" },
  { type: "bar", label: "A 95% interval", data: d.ciA, backgroundColor: "rgba(0,0,0,0.2)", barPercentage: 0.2 },
  { type: "bar", label: "B (%)", data: d.b, backgroundColor: "#2471a3" },
  { type: "bar", label: "B 95% interval", data: d.ciB, backgroundColor: "rgba(0,0,0,0.35)", barPercentage: 0.2 },
  { type: "line", label: "fair share", data: d.fair, borderColor: "#000", borderDash: [6, 4], pointRadius: 0 } ] },
  options: axes("seat", "games won (%, draws split)", { min: 0 }) });`;
  return htmlPage(`${c.a.game}: comparison`, body, data, script);
}

interface CompareFlags {
  players?: string;
  games: string;
  seed: string;
  bots: string;
  variant?: string;
  variantA?: string;
  variantB?: string;
  workers: string;
  failIf: string[];
  json?: boolean;
  report?: string;
  save?: string;
  progress: boolean;
  stopEarly?: boolean;
  failUndecided?: boolean;
  shard?: string;
  maxDecisions?: string;
}

/**
 * Why a comparison of two sides with the same rules is refused: every game would be played alike
 * and every change read 0. Said with the variant each side plays; a file of variants played
 * without one named plays its first, and the message lists the others to name.
 */
function sameRulesMessage(fileA: string, variantA: string | undefined, askedA: string | undefined, fileB: string, variantB: string | undefined, askedB: string | undefined, gameB: Game): string {
  const side = (file: string, variant: string | undefined, asked: string | undefined): string =>
    `${file}${variant === undefined ? "" : asked === undefined ? ` (its first variant, "${variant}", played when none is named)` : ` (variant "${variant}")`}`;
  const implicit = askedB === undefined && variantB !== undefined;
  const others = gameB.variants.filter((v) => v !== variantB);
  const hint = implicit && others.length ? `; name the variant of B with --variant-b (${others.map((v) => `"${v}"`).join(", ")})` : "; change B, or name another variant with --variant-a or --variant-b";
  return `A and B play the same rules: ${side(fileA, variantA, askedA)} and ${side(fileB, variantB, askedB)}, so every game would be played alike${hint}`;
}

/** The note of a comparison whose sides play the same rules (`Comparison.sameRules`). */
const SAME_RULES_NOTE = "A and B play the same rules: they differ only in the bots' `estimate`, the `measure`s or the examples, so every change below comes from how the bots steer (or is none), not from the game";

/** `stela compare`: the same seeds and bots on two rule files (or two variants of one); exit 1 when a `--fail-if` breaks. */
export function registerCompare(p: Command, result: { code: number }, out: (line: string) => void): void {
  p.command("compare")
    .description("play the same seeded games with the same bots on two rule files (or two variants of one) and report the differences per seat")
    .argument("<a>", "the base .stela file (A)")
    .argument("[b]", "the changed .stela file (B); default: A again, with --variant-b")
    .option("--players <n>", "number of players (default: the game's, when it has one)")
    .option("--games <n>", "games on each side", "200")
    .option("--seed <n>", "seed of the run (both sides play the same game seeds)", "1")
    .option("--bots <kinds>", "bot of each seat, comma-separated (random, greedy, greedy:<copies>, mcts:<iterations>)", "random")
    .option("--variant <name>", "a variant played on both sides (\"A+B\": variants A and B together)")
    .option("--variant-a <name>", "the variant of A (\"A+B\" for two together)")
    .option("--variant-b <name>", "the variant of B (\"A+B\" for two together)")
    .option("--workers <n>", "worker processes", String(defaultWorkers()))
    .option("--fail-if <rule>", `exit 1 when broken: ${RULE_FORMS} (repeatable)`, (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option("--fail-undecided", "exit 1 also when a --fail-if rule on an interval (@95) is undecided: not surely within its limit (to ship only a change shown to be small)")
    .option("--stop-early", `look at the figures as the games double up to --games, the first look at ${FIRST_LOOK} games or more (--games 1600: at 100, 200, 400, 800 and 1600), and stop as soon as the --fail-if rules on intervals are decided (without them: as soon as a seat's win share surely changes); every interval is widened to hold over the looks`)
    .option("--shard <k/n>", "play only part k of n of the games on both sides, with --json (merge the outputs with `stela merge`)")
    .option("--json", "print one JSON object (unrounded figures)")
    .option("--report <file>", "also write an HTML report")
    .option("--save <file>", "also save the run as `stela merge` reads it (both sides' outcomes), beside the text: to pool it later with runs of other seeds")
    .option("--max-decisions <n>", MAX_DECISIONS_HELP)
    .option("--no-progress", "no progress on stderr (a bar on a terminal; elsewhere a line every 30 s of a long run, --json too)")
    .action(async (fileA: string, fileB: string | undefined, o: CompareFlags) => {
      for (const rule of o.failIf) {
        const r = parseFailIf(rule);
        if (o.stopEarly && r.level === undefined && r.name !== "errors") {
          throw new UsageError(`--fail-if ${rule}: --stop-early reads intervals, and a rule on a point estimate is decided only by the whole run: write ${rule}@95`);
        }
      }
      if (o.report !== undefined) checkReportPath(o.report);
      if (o.save !== undefined) checkReportPath(o.save, "--save");
      if (o.save !== undefined && o.stopEarly) throw new UsageError("--save and --stop-early: a run with looks may stop before --games, and what `stela merge` reads is a run of all of them; play without --stop-early to save it");
      const players = playersFor(o.players, fileA);
      const games = wholeNumber(o.games, "--games", 1, GAMES_LIMIT);
      const shard = o.shard === undefined ? undefined : parseShard(o.shard);
      if (shard && o.stopEarly) throw new UsageError("--shard and --stop-early: a run with looks decides where it stops as it plays, which shards played apart cannot; play the shards to --games and merge them");
      if (shard && !o.json) throw new UsageError("--shard writes what `stela merge` reads: add --json (and merge the shards' outputs for the comparison)");
      // The games this run plays: all of them, or part k of n (the same seeds as the whole run's).
      const range = shard ? shardRange(games, shard.k, shard.n) : { from: 1, to: games + 1 };
      const seed = seedFlag(o.seed);
      const workers = wholeNumber(o.workers, "--workers", 1, WORKERS_LIMIT);
      const bots = botSpecs(o.bots, players);
      const maxDecisions = o.maxDecisions === undefined ? undefined : wholeNumber(o.maxDecisions, "--max-decisions", 1, DECISIONS_LIMIT);
      const limit = maxDecisions === undefined ? {} : { maxDecisions };
      const b = fileB ?? fileA;
      // An empty name is the base game (`Game.definition`), so `--variant-b ''` against no variant is A against itself.
      const named = (v: string | undefined): string | undefined => (v === "" ? undefined : v);
      const askedA = named(o.variantA ?? o.variant);
      const askedB = named(o.variantB ?? o.variant);
      if (b === fileA && askedA === askedB) throw new UsageError("compare needs two rule files, or two variants of one (--variant-a, --variant-b)");
      // A side that cannot start says which side it is (`--variant` names a variant of both).
      const load = (side: "A" | "B", file: string, variant: string | undefined) => {
        try {
          return loadForRun(file, variant === undefined ? { players } : { players, variant }, out);
        } catch (e) {
          if (e instanceof UsageError) throw new UsageError(`${side} (${file}): ${e.message}`);
          throw e;
        }
      };
      const gameA = load("A", fileA, askedA);
      const gameB = gameA && load("B", b, askedB);
      if (!gameA || !gameB) {
        result.code = 1;
        return;
      }
      // A file of variants only plays its first variant when none is named: said on its side.
      const variantA = withVariantPlayed(gameA, { variant: askedA }).variant;
      const variantB = withVariantPlayed(gameB, { variant: askedB }).variant;
      if (gameA.fingerprint(variantA) === gameB.fingerprint(variantB)) throw new UsageError(sameRulesMessage(fileA, variantA, askedA, b, variantB, askedB, gameB));
      // A rule on a measure both sides must have, said before any game is played.
      for (const rule of o.failIf) {
        const label = parseFailIf(rule).measure;
        if (label === undefined) continue;
        const [ia, ib] = [gameA.measureInfo(variantA), gameB.measureInfo(variantB)];
        const inA = ia.find((m) => m.label === label);
        const inB = ib.find((m) => m.label === label);
        const labels = (ms: { label: string }[]): string => (ms.length ? ms.map((m) => `"${m.label}"`).join(", ") : "none");
        if (!inA || !inB) throw new UsageError(`--fail-if ${rule}: ${!inA ? "A" : "B"} has no measure "${label}" (its measures: ${labels(!inA ? ia : ib)})`);
        if (inA.perPlayer !== inB.perPlayer || inA.share !== inB.share) throw new UsageError(`--fail-if ${rule}: "${label}" is ${measureForm(inA)} in A and ${measureForm(inB)} in B: there is no change to measure`);
      }
      // Told before the games are played, which may take minutes; the figures say it again.
      const different = differentGames(gameA, gameB);
      if (different) process.stderr.write(`stela: warning: ${differentGamesWarning(different)}\n`);
      const sameRules = gameA.rulesFingerprint(variantA) === gameB.rulesFingerprint(variantB);
      const planned = o.stopEarly ? lookSchedule(games) : [games];
      // Greedy and MCTS judge by the estimate: one that reads what B changes steers each side's bots otherwise.
      const usesEstimate = bots.some((k) => k !== "random");
      const steers = usesEstimate ? estimateReadsChanged(gameA.definition(variantA), gameB.definition(variantB)) : [];
      /** One side of the run: its games so far and the seconds they took, played on by `upTo`. */
      const side = (name: "A" | "B", file: string, title: string, variant: string | undefined, measures: MeasureInfo[], seatEstimate: boolean) => {
        const s: RunSettings = { file, players, bots, seed, ...(variant === undefined ? {} : { variant }), ...limit };
        const played = { outcomes: [] as GameOutcome[], seconds: 0 };
        return {
          /** Plays the games after those played, up to game `to` (the games and their seeds are a whole run's). */
          async upTo(to: number): Promise<void> {
            const r = await playRange(s, range.from + played.outcomes.length, to + 1, workers, o.progress && { what: `comparing, side ${name}`, ...(name === "A" ? { after: "then side B: as many games again" } : {}) });
            played.outcomes.push(...r.outcomes);
            played.seconds += r.seconds;
          },
          summary: (): SimulationSummary => {
            const made = summarise(title, s, played.outcomes.length, played.outcomes, played.seconds, measures);
            // An estimate that reads the seat judges the seats apart: the first-player verdict says so.
            if (seatEstimate) made.firstPlayer.seatEstimate = true;
            return made;
          },
          outcomes: (): GameOutcome[] => [...played.outcomes].sort((x, y) => x.game - y.game),
          /** This side as a shard keeps it (`CompareShardSide`). */
          shardSide: (game: Game): CompareShardSide => ({ file, ...(variant === undefined ? {} : { variant }), title, rules: game.runFingerprint(variant), measures, outcomes: [...played.outcomes].sort((x, y) => x.game - y.game), seconds: played.seconds }),
        };
      };
      const a = side("A", fileA, gameA.title, variantA, gameA.measureInfo(variantA), estimateReadsSeat(gameA.definition(variantA)));
      const bb = side("B", b, gameB.title, variantB, gameB.measureInfo(variantB), estimateReadsSeat(gameB.definition(variantB)));
      const command = compareCommand({
        fileA,
        ...(fileB ? { fileB } : {}),
        players,
        games,
        seed,
        bots,
        ...(variantA !== undefined ? { variantA } : {}),
        ...(variantB !== undefined ? { variantB } : {}),
        failIf: o.failIf,
        ...(o.stopEarly ? { stopEarly: true } : {}),
        ...(o.failUndecided ? { failUndecided: true } : {}),
        ...limit,
      });
      /** What `stela merge` reads of the games played: a shard's, or the whole run's as its one shard (`--save`). */
      const shardOutput = (compareShard: { k: number; n: number }): CompareShardOutput => ({
        compareShard,
        games,
        players,
        bots,
        seed,
        failIf: o.failIf,
        ...(o.failUndecided ? { failUndecided: true as const } : {}),
        ...limit,
        command,
        a: a.shardSide(gameA),
        b: bb.shardSide(gameB),
        ...(different ? { differentGames: different } : {}),
        ...(sameRules ? { sameRules: true as const } : {}),
        ...(steers.length ? { estimateReadsChanged: steers } : {}),
        engine: engineBuild(),
      });
      if (shard) {
        await a.upTo(range.to - 1);
        await bb.upTo(range.to - 1);
        const output = shardOutput(shard);
        if (o.save !== undefined) writeFileSync(o.save, `${JSON.stringify(output)}\n`);
        out(JSON.stringify(output));
        return;
      }
      let c: Comparison | undefined;
      for (const [k, to] of planned.entries()) {
        await a.upTo(to);
        await bb.upTo(to);
        // The seat balance once, for the comparison printed: every look with --stop-early adds it below.
        c = { ...compareSummaries(a.summary(), bb.summary(), { a: a.outcomes(), b: bb.outcomes() }, o.failIf, command, planned.length, !o.stopEarly), ...(different ? { differentGames: different } : {}), ...(sameRules ? { sameRules: true as const } : {}), ...(steers.length ? { estimateReadsChanged: steers } : {}) };
        if (!o.stopEarly) break;
        // The last look reads the whole run whatever it says: a stop there is no stop.
        const last = k === planned.length - 1;
        const answer = stopReason(c);
        const stopped = last ? undefined : answer;
        c.looks = { planned, played: to, ...(stopped === undefined ? {} : { stopped }), ...(last && answer !== undefined ? { lastAnswer: answer } : {}) };
        if (stopped !== undefined) break;
      }
      if (!c) return;
      if (o.stopEarly && !c.balance && !c.shared) {
        const even = balanceChange(a.outcomes(), bb.outcomes(), players, lookZ(c));
        if (even) c.balance = even;
      }
      if (o.save !== undefined) writeFileSync(o.save, `${JSON.stringify(shardOutput({ k: 1, n: 1 }))}\n`);
      result.code = printComparison(c, o, out);
      if (o.save !== undefined && !o.json) out(`saved for \`stela merge\`: ${o.save}`);
      // A run that more games would sharpen, not kept: said once, where a designer re-ran minutes of
      // games to pool them with another seed's.
      const sharper = changePrecision(c.seats.map((s) => s.wins));
      const seconds = (s: SimulationSummary): number => s.played / Math.max(s.playoutsPerSecond, 1e-9);
      if (o.save === undefined && !o.json && !o.stopEarly && !c.shared && worthKeeping(sharper?.for5, c.pairs, seconds(c.a) + seconds(c.b))) out(KEEP_HINT);
    });
}

/**
 * Prints a comparison (text, or `--json`, and the `--report`) and gives the exit code: 1 when a
 * `--fail-if` rule breaks (or, with `--fail-undecided`, is undecided). `stela compare` and the
 * merge of its shards print alike.
 */
export function printComparison(c: Comparison, o: { json?: boolean; report?: string; failUndecided?: boolean; engine?: string }, out: (line: string) => void): number {
  // How sure the changes are, as the text's precision line says it (`changePrecision`); the engine
  // that played the games (a merge's shards name theirs).
  if (o.json) out(JSON.stringify({ ...c, precision: c.shared ? undefined : changePrecision(c.seats.map((s) => s.wins)), engine: o.engine ?? engineBuild() }));
  else for (const line of comparisonLines(c)) out(line);
  if (o.report !== undefined) {
    writeFileSync(o.report, comparisonReport(c));
    if (!o.json) out(`report: ${o.report}`);
  }
  return c.thresholds.some((t) => t.broken || (o.failUndecided === true && t.undecided === true)) ? 1 : 0;
}
