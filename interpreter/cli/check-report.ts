import { resolve } from "node:path";
import type { Diagnostic, DiagnosticCode, Span } from "../../dsl/index.ts";
import { GAME_DECISION_LIMIT, replayCommand, type Game, type Match, type RunSettings } from "../index.ts";
import { loadRules } from "./load-rules.ts";
import { gameSeed, playGame } from "./simulate-batch.ts";
import { SmokeCoverage, type NeverOffered, type ShortDeal } from "./smoke-coverage.ts";

/** One random game of `stela check --smoke` that failed: plain data, so CI tools can read it. */
export interface SmokeFailure {
  file: string;
  game: string;
  players: number;
  /** The match seed it was played with. */
  seed: number;
  variant?: string;
  /** Its number (from 1): smoke game k is game k of a `stela simulate` run with seed 1 and random bots. */
  number: number;
  /** The command that replays it, decision by decision. */
  replay: string;
  /** How many decisions had been taken when it failed (0: during setup). */
  decision: number;
  code: DiagnosticCode;
  message: string;
  /** Where in the rules, when a rule failed; `span.file` is set when that is another file (a variant's base). */
  span?: Span;
  /** The failure's hint: the calls it came through (`called from line 8`). */
  hint?: string;
}

/** What `stela check` found in one rule file. */
export interface FileReport {
  file: string;
  ok: boolean;
  errors: number;
  warnings: number;
  variants: string[];
  /** The base file a variant file extends. */
  extends?: string;
  diagnostics: Diagnostic[];
  /**
   * `neverOffered`: the file's choices no smoke game offered anyone, for the designer to judge (a
   * rule that never happens, or a rare choice): notes, never a failure or a warning.
   */
  smoke?: { games: number; players: number[]; failures: SmokeFailure[]; neverOffered: NeverOffered[]; shortDeals: ShortDeal[] };
}

/** The decision limit of one smoke game unless `--max-decisions` says: a game still going after this many is taken as endless. */
export const SMOKE_DECISION_LIMIT = GAME_DECISION_LIMIT;

function failureOf(m: Match, base: Omit<SmokeFailure, "decision" | "code" | "message">, e: unknown, after: Diagnostic | undefined): SmokeFailure | undefined {
  const decision = m.log.length;
  // `after`: a game that did not end, or a measure that failed once it had.
  const d = m.error ?? after;
  if (!d && e !== undefined) {
    return { ...base, decision, code: "internal-error", message: e instanceof Error ? e.message : String(e) };
  }
  if (!d) return undefined;
  const f: SmokeFailure = { ...base, decision, code: d.code, message: d.message, span: d.file === base.file ? d.span : { ...d.span, file: d.file } };
  if (d.hint !== undefined) f.hint = d.hint;
  return f;
}

/**
 * Random games spread over every player count and variant of a game; gives the failures.
 * Smoke game k is game k of a `stela simulate` run with seed 1 and random bots (one
 * numbering everywhere), so each failure carries the command that replays it. `coverage`
 * hears of each game, each decision taken and each choice taken without asking, to tell which
 * choices never came up; it changes nothing in the games.
 */
export function smokeTest(game: Game, file: string, count: number, coverage?: SmokeCoverage, maxDecisions = SMOKE_DECISION_LIMIT): SmokeFailure[] {
  const failures: SmokeFailure[] = [];
  // The game's `estimate` is read for every player at every decision, as the bots would read it:
  // one that fails reads as 0 to them, and greedy then plays at random without a word. So are
  // the `known` blocks of marked pieces, which bots' redrawn copies read without a word too.
  type Failed = { decision: number; d: Diagnostic };
  const readAside: { failed?: Failed } = {};
  const onDecision = (m: Match): void => {
    coverage?.offered(m.decisionSites);
    for (let p = 0; p < m.state.players && !readAside.failed; p++) {
      const d = m.estimateFailure(p);
      if (d) readAside.failed = { decision: m.log.length, d };
    }
    // What marks tell (`known`) must hold of the real pieces: bots' redrawn copies rely on it.
    if (!readAside.failed) {
      const d = m.knownFailure();
      if (d) readAside.failed = { decision: m.log.length, d };
    }
  };
  const onForced = coverage ? (sites: Span[]) => coverage.offered(sites) : undefined;
  const onShortDeal = coverage ? (span: Span, asked: number, dealt: number) => coverage.shortDeal(span, asked, dealt) : undefined;
  const variants: (string | undefined)[] = [undefined, ...game.variants];
  for (let i = 0; i < count; i++) {
    const players = smokePlayers(game, i);
    const variant = variants[i % variants.length];
    // A bound of its own goes into the replay command, which then stops the game where this one stopped.
    const settings: RunSettings = { file, players, bots: ["random"], seed: 1, ...(variant !== undefined ? { variant } : {}), ...(maxDecisions !== GAME_DECISION_LIMIT ? { maxDecisions } : {}) };
    const number = i + 1;
    let played: ReturnType<typeof playGame>;
    coverage?.startGame(variant);
    coverage?.playing(number, players);
    delete readAside.failed;
    try {
      // Taken by position, every option of every decision is weighed, so a `where` that fails on
      // any candidate fails the smoke game; the bots draw the same options as in `stela simulate`
      // (`Match.randomIndex`), so the replay command plays this very game.
      played = playGame(game, settings, number, onDecision, maxDecisions, false, onForced, onShortDeal);
    } catch (e) {
      // A game too large to start (too many pieces for this player count) is a failure, not a crash.
      const base = { file, game: game.title, players, seed: gameSeed(1, number), ...(variant !== undefined ? { variant } : {}), number, replay: replayCommand(settings, number) };
      failures.push({ ...base, decision: 0, code: "runtime-size-budget", message: e instanceof Error ? e.message : String(e) });
      continue;
    }
    const { match: m, outcome } = played;
    const base = { file, game: game.title, players, seed: outcome.seed, ...(variant !== undefined ? { variant } : {}), number, replay: replayCommand(settings, number) };
    // A bot's failure is not a rule's: it comes back as the outcome's error. A game that does not
    // end comes back as a diagnostic of its own (`noEnd`).
    const thrown = outcome.error !== undefined && !m.error ? new Error(outcome.error) : undefined;
    // A measure that failed once the game ended is the rules' failure, at the measure's line.
    const f = failureOf(m, base, thrown, played.noEnd ?? played.measureFailure);
    if (f) failures.push(f);
    // Set while the game was played (`onDecision`), which the compiler cannot see.
    const failed = readAside.failed as Failed | undefined;
    if (!f && failed) {
      const { decision, d } = failed;
      const e: SmokeFailure = { ...base, decision, code: d.code, message: d.message, span: d.file === file ? d.span : { ...d.span, file: d.file } };
      if (d.hint !== undefined) e.hint = d.hint;
      failures.push(e);
    }
  }
  return failures;
}

/** The player count of smoke game `i` (from 0): every count the game allows, in turn. */
function smokePlayers(game: { minPlayers: number; maxPlayers: number }, i: number): number {
  return game.minPlayers + (i % (game.maxPlayers - game.minPlayers + 1));
}

/** Checks one file (and smoke-plays it when `smoke` > 0). */
export function checkFile(file: string, smoke: number, maxDecisions = SMOKE_DECISION_LIMIT): FileReport {
  const r = loadRules(file);
  const errors = r.diagnostics.filter((d) => d.severity === "error").length;
  const report: FileReport = {
    file,
    ok: errors === 0,
    errors,
    warnings: r.diagnostics.filter((d) => d.severity === "warning").length,
    variants: r.variantNames,
    diagnostics: r.diagnostics,
  };
  if (r.extendsFile) report.extends = r.extendsFile;
  if (r.game && smoke > 0) {
    const coverage = new SmokeCoverage(r.game);
    const failures = smokeTest(r.game, file, smoke, coverage, maxDecisions);
    // The counts cycle from the fewest up: the first games played each count there is.
    const players = Array.from({ length: Math.min(smoke, r.game.maxPlayers - r.game.minPlayers + 1) }, (_, i) => smokePlayers(r.game!, i));
    // A choice a smoke game failed at (nothing allowed there) came up: its error says more than "never offered".
    const failedAt = (n: NeverOffered): boolean => failures.some((f) => f.span && f.span.file === undefined && f.span.start.line === n.line && f.span.start.column === n.column);
    const neverOffered = coverage.neverOffered().filter((n) => !failedAt(n));
    report.smoke = { games: smoke, players, failures, neverOffered, shortDeals: coverage.shortDeals() };
    if (failures.length) report.ok = false;
  }
  return report;
}

/**
 * The reports without a base file's own diagnostics repeated under each variant file extending it,
 * when the base file is checked in the same run: each problem is read (and annotated in CI) once,
 * where it is. A variant file keeps its own `invalid-variant` line, which says to fix the base first,
 * and what the variant's overrides break in the base's lines (not in the base's own report).
 * A base checked on its own, or not at all, keeps its diagnostics under the variant file.
 */
export function withoutBaseRepeats(reports: FileReport[]): FileReport[] {
  const key = (d: Diagnostic, file: string): string => `${resolve(d.file ?? file)}\0${d.span.start.line}:${d.span.start.column}\0${d.code}\0${d.message}`;
  const own = new Map(reports.map((r) => [resolve(r.file), new Set(r.diagnostics.map((d) => key(d, r.file)))]));
  return reports.map((r) => {
    const base = r.extends === undefined ? undefined : own.get(resolve(r.extends));
    if (!base) return r;
    const diagnostics = r.diagnostics.filter((d) => !base.has(key(d, r.file)));
    if (diagnostics.length === r.diagnostics.length) return r;
    return {
      ...r,
      diagnostics,
      errors: diagnostics.filter((d) => d.severity === "error").length,
      warnings: diagnostics.filter((d) => d.severity === "warning").length,
    };
  });
}

/**
 * Smoke failures grouped by where they failed: the same error at the same place of the rules (its
 * words may name other players or counts), in game order. One bug that fails most smoke games was
 * told once a game (17 lines alike); the text tells it once, with the other games' numbers.
 */
export function alikeFailures(failures: readonly SmokeFailure[]): SmokeFailure[][] {
  const groups = new Map<string, SmokeFailure[]>();
  for (const f of failures) {
    // A failure with no place in the rules (setup, the decision limit) is grouped by its words.
    const key = `${f.code}\u0000${f.span?.file ?? f.file}\u0000${f.span ? f.span.start.offset : f.message}`;
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()];
}

/** Counts over all files, for the summary line and `--max-warnings`. */
export interface Totals {
  files: number;
  errors: number;
  warnings: number;
  /** Failed smoke games, and the distinct failures among them (alike ones counted once, `alikeFailures`). */
  smokeFailures: number;
  smokeProblems: number;
  /** Files with at least one problem. */
  filesWithProblems: number;
}

export function totals(reports: FileReport[]): Totals {
  const t: Totals = { files: reports.length, errors: 0, warnings: 0, smokeFailures: 0, smokeProblems: 0, filesWithProblems: 0 };
  for (const r of reports) {
    const smoke = r.smoke?.failures.length ?? 0;
    t.errors += r.errors;
    t.warnings += r.warnings;
    t.smokeFailures += smoke;
    t.smokeProblems += alikeFailures(r.smoke?.failures ?? []).length;
    if (r.errors + r.warnings + smoke > 0) t.filesWithProblems++;
  }
  return t;
}
