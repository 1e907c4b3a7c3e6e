import { DIAGNOSTIC_CODES, formatDiagnostic, type Diagnostic, type Severity, type Span } from "../../dsl/index.ts";
import { alikeFailures, totals, type FileReport, type SmokeFailure, type Totals } from "./check-report.ts";
import type { NeverOffered, ShortDeal } from "./smoke-coverage.ts";

/** The output formats of `stela check`: for people, for scripts, and for CI systems. */
export const CHECK_FORMATS = ["text", "json", "github", "sarif", "junit"] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `smoke game 7 (3 players, variant "X"), decision 14; replay: stela simulate …`: which random game failed, where in it, and how to replay it. */
export function smokeContext(f: SmokeFailure): string {
  return `smoke game ${f.number} (${f.players} players${f.variant !== undefined ? `, variant "${f.variant}"` : ""}), decision ${f.decision}; replay: ${f.replay}`;
}

/** A group of alike smoke failures (`alikeFailures`) as one diagnostic: the first, and the other games' numbers. */
function groupDiagnostic(group: readonly SmokeFailure[]): Diagnostic {
  const d = smokeDiagnostic(group[0]!);
  if (group.length === 1) return d;
  const others = group.slice(1).map((f) => f.number);
  const listed = others.length > 8 ? `${others.slice(0, 8).join(", ")}, …` : others.join(", ");
  return { ...d, message: `${d.message} (the same error here in ${others.length} more smoke game${others.length === 1 ? "" : "s"}: ${listed})` };
}

/** The smoke failure as the diagnostic it is, located in the rule that failed (or at the file's top). */
function smokeDiagnostic(f: SmokeFailure): Diagnostic {
  const span: Span = f.span ?? { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
  const d: Diagnostic = { code: f.code, severity: "error", message: `${f.message} [${smokeContext(f)}]`, file: f.span?.file ?? f.file, span };
  if (f.hint !== undefined) d.hint = f.hint;
  return d;
}

/**
 * A choice no smoke game offered, as a note (severity `info`) at the choice: never an error or a
 * warning, since a rare choice may simply not come up in a few random games, so it never fails the
 * run nor counts against `--max-warnings`. It says how many games could have offered it, for the
 * designer to judge: never in 1000 games says more than never in 3.
 */
function neverOfferedDiagnostic(r: FileReport, n: NeverOffered): Diagnostic {
  const total = r.smoke?.games ?? n.games;
  // A variant's own choice could come up only in the games played with that variant.
  const games = n.games === total ? plural(n.games, "smoke game") : `the ${n.games} of ${total} smoke games played with rules that have it`;
  const what = n.kind === "option" ? "option" : "choice";
  const prompt = n.prompt !== undefined ? ` ("${n.prompt}")` : "";
  const span: Span = { start: { line: n.line, column: n.column, offset: 0 }, end: { line: n.endLine, column: n.endColumn, offset: 0 } };
  return { code: "smoke-never-offered", severity: "info", message: `this ${what} was never offered in ${games}${prompt}`, file: r.file, span };
}

/**
 * A `deal` that came up short in some smoke games, as a note at the deal: dealing what is there is
 * the rule, and a game may mean it, so never a warning; but a count that does not add up (a deck
 * too small for five players) otherwise shows only later and elsewhere, as an empty hand asked to
 * choose, or not at all (a player dealt fewer cards).
 */
function shortDealDiagnostic(r: FileReport, d: ShortDeal): Diagnostic {
  const total = r.smoke?.games ?? d.games;
  const span: Span = { start: { line: d.line, column: d.column, offset: 0 }, end: { line: d.endLine, column: d.endColumn, offset: 0 } };
  return {
    code: "smoke-short-deal",
    severity: "info",
    message: `this deal found fewer pieces than it was to deal in ${d.games} of ${plural(total, "smoke game")} (first in smoke game ${d.first}, ${d.players} players): ${d.dealt === 0 ? `none left of the ${d.asked}` : `${d.dealt} of the ${d.asked}`} at worst`,
    hint: "where running out is meant (draw if you can), write `deal up to …`; where it is not, there are too few pieces for this player count, or the rules should say what happens then (the discards shuffled back)",
    file: r.file,
    span,
  };
}

/** The notes a smoke run leaves (choices never offered, deals that came up short), in source order. */
const smokeNotes = (r: FileReport): Diagnostic[] =>
  [...(r.smoke?.neverOffered ?? []).map((n) => neverOfferedDiagnostic(r, n)), ...(r.smoke?.shortDeals ?? []).map((d) => shortDealDiagnostic(r, d))].sort(
    (a, b) => a.span.start.line - b.span.start.line || a.span.start.column - b.span.start.column,
  );

/** "✖ 3 problems (2 errors, 1 warning) in 2 files", or "✔ 5 files checked, no problems". */
export function summaryLine(t: Totals): string {
  // A failure met in several smoke games is one problem (it is listed once, `alikeFailures`).
  const problems = t.errors + t.warnings + t.smokeProblems;
  if (problems === 0) return `✔ ${plural(t.files, "file")} checked, no problems`;
  const parts = [plural(t.errors, "error"), plural(t.warnings, "warning")];
  if (t.smokeFailures) parts.push(`${plural(t.smokeProblems, "smoke failure")} in ${plural(t.smokeFailures, "game")}`);
  return `✖ ${plural(problems, "problem")} (${parts.join(", ")}) in ${plural(t.filesWithProblems, "file")}`;
}

/** The player counts smoke games were played with: "(3 players)", "(2 to 4 players)". */
function playerCounts(counts: readonly number[]): string {
  const [low, high] = [counts[0], counts.at(-1)];
  if (low === undefined || high === undefined) return "";
  return low === high ? `(${plural(low, "player")})` : `(${low} to ${high} players)`;
}

function textLines(reports: FileReport[]): string[] {
  const lines: string[] = [];
  for (const r of reports) {
    for (const d of r.diagnostics) lines.push(formatDiagnostic(d));
    for (const group of alikeFailures(r.smoke?.failures ?? [])) lines.push(formatDiagnostic(groupDiagnostic(group)));
    for (const d of smokeNotes(r)) lines.push(formatDiagnostic(d));
    const names = [...new Set(r.variants)].map((v) => `"${v}"`).join(", ");
    const variants = r.extends ? `; extends ${r.extends} with variants: ${names}` : r.variants.length ? `; variants: ${names}` : "";
    const unoffered = r.smoke?.neverOffered.length ? `, ${plural(r.smoke.neverOffered.length, "choice")} never offered` : "";
    const smoke = r.smoke ? `; ${r.smoke.games - r.smoke.failures.length}/${r.smoke.games} smoke games ${playerCounts(r.smoke.players)} ended cleanly${unoffered}` : "";
    const verdict = r.errors ? plural(r.errors, "error") : r.smoke?.failures.length ? "fails its smoke run" : "ok";
    lines.push(`${r.file}: ${verdict}, ${plural(r.warnings, "warning")}${variants}${smoke}`);
  }
  lines.push(summaryLine(totals(reports)));
  return lines;
}

/** GitHub Actions workflow commands escape these so a message stays on one annotation. */
const ghData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const ghProperty = (s: string): string => ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
const ghLevel: Record<Severity, string> = { error: "error", warning: "warning", info: "notice" };

function githubLines(reports: FileReport[]): string[] {
  const lines: string[] = [];
  const annotate = (d: Diagnostic): void => {
    const { start, end } = d.span;
    const props = `file=${ghProperty(d.file)},line=${start.line},col=${start.column},endLine=${end.line},endColumn=${end.column},title=${ghProperty(`stela ${d.code}`)}`;
    lines.push(`::${ghLevel[d.severity]} ${props}::${ghData(d.message + (d.hint ? ` (${d.hint})` : ""))}`);
  };
  for (const r of reports) {
    r.diagnostics.forEach(annotate);
    r.smoke?.failures.forEach((f) => annotate(smokeDiagnostic(f)));
    smokeNotes(r).forEach(annotate);
  }
  lines.push(summaryLine(totals(reports)));
  return lines;
}

const sarifLevel: Record<Severity, string> = { error: "error", warning: "warning", info: "note" };

/** SARIF 2.1.0, the format code-scanning services (GitHub's among them) read. */
function sarif(reports: FileReport[]): string {
  const all = reports.flatMap((r) => [...r.diagnostics, ...(r.smoke?.failures ?? []).map(smokeDiagnostic), ...smokeNotes(r)]);
  const codes = [...new Set(all.map((d) => d.code))].sort();
  const results = all.map((d) => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: sarifLevel[d.severity],
    message: { text: d.message + (d.hint ? ` (${d.hint})` : "") },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: d.file.replace(/\\/g, "/") },
          region: { startLine: d.span.start.line, startColumn: d.span.start.column, endLine: d.span.end.line, endColumn: d.span.end.column },
        },
      },
    ],
  }));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "stela", rules: codes.map((id) => ({ id, shortDescription: { text: DIAGNOSTIC_CODES[id] } })) } },
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

const xml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** `--max-warnings n` and whether the run broke it: more warnings than allowed fail the run. */
export interface WarningLimit {
  max: number;
  warnings: number;
}

/** "3 warnings, more than --max-warnings 0". */
export function warningLimitText(limit: WarningLimit): string {
  return `${plural(limit.warnings, "warning")}, more than --max-warnings ${limit.max}`;
}

const broken = (limit: WarningLimit | undefined): limit is WarningLimit => limit !== undefined && limit.warnings > limit.max;

/**
 * JUnit XML: one test case per file checked, one per smoke run, and one for
 * `--max-warnings` when given (failed when the run has more warnings, listing
 * them), so a CI test report shows every reason the run failed.
 */
function junit(reports: FileReport[], limit: WarningLimit | undefined): string {
  const cases: string[] = [];
  let failures = 0;
  for (const r of reports) {
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    const others = r.diagnostics.filter((d) => d.severity !== "error");
    const body: string[] = [];
    if (errors.length) {
      failures++;
      body.push(`      <failure type="${xml(errors[0]!.code)}" message="${xml(`${plural(errors.length, "error")}: ${errors[0]!.message}`)}">${xml(errors.map(formatDiagnostic).join("\n"))}</failure>`);
    }
    if (others.length) body.push(`      <system-out>${xml(others.map(formatDiagnostic).join("\n"))}</system-out>`);
    cases.push(body.length ? `    <testcase classname="stela.check" name="${xml(r.file)}">\n${body.join("\n")}\n    </testcase>` : `    <testcase classname="stela.check" name="${xml(r.file)}"/>`);
    if (r.smoke) {
      const name = `${r.file}: ${plural(r.smoke.games, "smoke game")}`;
      const smokeBody: string[] = [];
      if (r.smoke.failures.length) {
        failures++;
        const first = r.smoke.failures[0]!;
        const text = r.smoke.failures.map((f) => formatDiagnostic(smokeDiagnostic(f))).join("\n");
        smokeBody.push(`      <failure type="${xml(first.code)}" message="${xml(`${r.smoke.failures.length} of ${r.smoke.games} failed: ${first.message}`)}">${xml(text)}</failure>`);
      }
      // Choices never offered are notes, as the file's warnings are: the run's output, not a failure.
      const notes = smokeNotes(r);
      if (notes.length) smokeBody.push(`      <system-out>${xml(notes.map(formatDiagnostic).join("\n"))}</system-out>`);
      cases.push(smokeBody.length ? `    <testcase classname="stela.smoke" name="${xml(name)}">\n${smokeBody.join("\n")}\n    </testcase>` : `    <testcase classname="stela.smoke" name="${xml(name)}"/>`);
    }
  }
  if (limit) {
    const name = `--max-warnings ${limit.max}`;
    if (broken(limit)) {
      failures++;
      const warnings = reports.flatMap((r) => r.diagnostics.filter((d) => d.severity === "warning"));
      cases.push(`    <testcase classname="stela.check" name="${xml(name)}">\n      <failure type="max-warnings" message="${xml(warningLimitText(limit))}">${xml(warnings.map(formatDiagnostic).join("\n"))}</failure>\n    </testcase>`);
    } else {
      cases.push(`    <testcase classname="stela.check" name="${xml(name)}"/>`);
    }
  }
  const head = `tests="${cases.length}" failures="${failures}" errors="0"`;
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="stela check" ${head}>`, `  <testsuite name="stela check" ${head} skipped="0">`, ...cases, `  </testsuite>`, `</testsuites>`].join("\n");
}

/**
 * The reports in the chosen format, as the lines to print; with `limit`, the
 * text and GitHub forms end with the broken `--max-warnings` (an annotation on
 * GitHub) and JUnit has a test case for it.
 */
export function renderReports(reports: FileReport[], format: CheckFormat, limit?: WarningLimit): string[] {
  switch (format) {
    case "text":
      return broken(limit) ? [...textLines(reports), `✖ ${warningLimitText(limit)}`] : textLines(reports);
    case "json":
      return [JSON.stringify(reports, null, 2)];
    case "github":
      return broken(limit) ? [...githubLines(reports), `::error title=${ghProperty("stela max-warnings")}::${ghData(warningLimitText(limit))}`] : githubLines(reports);
    case "sarif":
      return [sarif(reports)];
    case "junit":
      return [junit(reports, limit)];
  }
}
