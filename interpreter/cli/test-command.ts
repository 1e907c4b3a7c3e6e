import { formatDiagnostic, type Diagnostic, type Span } from "../../dsl/index.ts";
import { runExamples, type ExampleFailure } from "../index.ts";
import { expandPaths, loadRules } from "./load-rules.ts";

/** The output formats of `stela test`, as for `stela check`. */
export const TEST_FORMATS = ["text", "json", "junit"] as const;
export type TestFormat = (typeof TEST_FORMATS)[number];

export interface TestOptions {
  format: TestFormat;
}

/** One example's outcome, as data. */
export interface ExampleReport {
  title: string;
  variant?: string;
  line: number;
  column: number;
  passed: boolean;
  /** The failing step: where, why, and expected against got. */
  failure?: ExampleFailure & { file: string; line: number; column: number };
}

/** One file's examples (none run when the file has errors). */
export interface TestFileReport {
  file: string;
  /** The file's errors: its examples cannot run. */
  errors: Diagnostic[];
  examples: ExampleReport[];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

function at(file: string, span: Span): { file: string; line: number; column: number } {
  return { file: span.file ?? file, line: span.start.line, column: span.start.column };
}

/** Runs the examples of every file named (folders expanded). */
export function testFiles(paths: string[]): TestFileReport[] {
  return expandPaths(paths).map((file) => {
    const r = loadRules(file);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    const report: TestFileReport = { file, errors, examples: [] };
    if (!r.game) return report;
    for (const x of runExamples(r.game)) {
      const e: ExampleReport = { title: x.title, line: x.span.start.line, column: x.span.start.column, passed: x.passed };
      if (x.variant !== undefined) e.variant = x.variant;
      if (x.failure) e.failure = { ...x.failure, ...at(file, x.failure.span) };
      report.examples.push(e);
    }
    return report;
  });
}

function name(e: ExampleReport): string {
  return `"${e.title}"${e.variant !== undefined ? ` (variant "${e.variant}")` : ""}`;
}

function failureText(e: ExampleReport): string[] {
  const f = e.failure!;
  const lines = [`${f.file}:${f.line}:${f.column}: example ${name(e)} failed: ${f.message}`];
  if (f.expected !== undefined) lines.push(`    expected ${f.expected}`);
  if (f.got !== undefined) lines.push(`    got      ${f.got}`);
  return lines;
}

function counts(reports: TestFileReport[]): { examples: number; failed: number; broken: number } {
  const all = reports.flatMap((r) => r.examples);
  return { examples: all.length, failed: all.filter((e) => !e.passed).length, broken: reports.filter((r) => r.errors.length).length };
}

function textLines(reports: TestFileReport[]): string[] {
  const lines: string[] = [];
  for (const r of reports) {
    for (const d of r.errors) lines.push(formatDiagnostic(d));
    for (const e of r.examples) {
      if (e.passed) lines.push(`✔ ${r.file}:${e.line}:${e.column}: ${name(e)}`);
      else lines.push(...failureText(e).map((l, i) => (i === 0 ? `✖ ${l}` : l)));
    }
    const failed = r.examples.filter((e) => !e.passed).length;
    if (r.errors.length) lines.push(`${r.file}: ${plural(r.errors.length, "error")}: its examples cannot run`);
    else if (r.examples.length === 0) lines.push(`${r.file}: no examples`);
    else lines.push(`${r.file}: ${r.examples.length - failed}/${plural(r.examples.length, "example")} passed`);
  }
  const c = counts(reports);
  if (c.failed || c.broken) {
    const parts = [];
    if (c.failed) parts.push(`${c.failed} of ${plural(c.examples, "example")} failed`);
    if (c.broken) parts.push(`${plural(c.broken, "file")} with errors`);
    lines.push(`✖ ${parts.join(", ")}`);
  } else lines.push(`✔ ${plural(c.examples, "example")} passed in ${plural(reports.length, "file")}`);
  return lines;
}

const xml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** JUnit XML: one test suite per file, one test case per example (a file with errors fails as one case). */
function junit(reports: TestFileReport[]): string {
  const suites: string[] = [];
  for (const r of reports) {
    const cases: string[] = [];
    let failures = 0;
    if (r.errors.length) {
      failures++;
      cases.push(
        `    <testcase classname="${xml(r.file)}" name="the rule file checks"><failure type="${xml(r.errors[0]!.code)}" message="${xml(r.errors[0]!.message)}">${xml(r.errors.map(formatDiagnostic).join("\n"))}</failure></testcase>`,
      );
    }
    for (const e of r.examples) {
      if (e.passed) {
        cases.push(`    <testcase classname="${xml(r.file)}" name="${xml(name(e))}"/>`);
        continue;
      }
      failures++;
      cases.push(`    <testcase classname="${xml(r.file)}" name="${xml(name(e))}"><failure type="example-failed" message="${xml(e.failure!.message)}">${xml(failureText(e).join("\n"))}</failure></testcase>`);
    }
    suites.push(`  <testsuite name="${xml(r.file)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`, ...cases, `  </testsuite>`);
  }
  const c = counts(reports);
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="stela test" tests="${c.examples + c.broken}" failures="${c.failed + c.broken}" errors="0">`, ...suites, `</testsuites>`].join("\n");
}

/** `stela test`: runs every example of the files; exit 1 when one fails or a file has errors. */
export function runTest(paths: string[], options: TestOptions, out: (line: string) => void): number {
  const reports = testFiles(paths);
  switch (options.format) {
    case "text":
      textLines(reports).forEach((l) => out(l));
      break;
    case "json":
      out(JSON.stringify(reports, null, 2));
      break;
    case "junit":
      out(junit(reports));
      break;
  }
  const c = counts(reports);
  return c.failed || c.broken ? 1 : 0;
}
