import type { DiagnosticCode } from "./diagnostic-codes.ts";
import type { Span } from "./span.ts";

export type Severity = "error" | "warning" | "info";

/** A problem found in a rule file, or raised while a rule runs. Plain data. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  file: string;
  span: Span;
  hint?: string;
}

/** Collects diagnostics for one file. */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  constructor(readonly file: string) {}

  error(code: DiagnosticCode, message: string, span: Span, hint?: string): void {
    this.items.push(make(span.file ?? this.file, "error", code, message, span, hint));
  }

  warning(code: DiagnosticCode, message: string, span: Span, hint?: string): void {
    this.items.push(make(span.file ?? this.file, "warning", code, message, span, hint));
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }
}

function make(
  file: string,
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  span: Span,
  hint?: string,
): Diagnostic {
  return hint === undefined ? { code, severity, message: shorten(message), file, span } : { code, severity, message: shorten(message), file, span, hint: shorten(hint) };
}

/** Runs of text without spaces longer than 80 characters are cut in messages. */
const LONG_RUN = 80;
const LONG_RUNS = new RegExp(`\\S{${LONG_RUN + 1},}`, "g");

/**
 * Messages quote the file's text (`unknown name \`…\``); a shared file may hold a
 * name or number hundreds of thousands of characters long, which would flood
 * every terminal, annotation and problem list. Long runs keep their two ends.
 */
export function shorten(text: string): string {
  if (text.length <= LONG_RUN) return text;
  // The count is the quoted text's, without the quotes and punctuation around it in the message.
  return text.replace(LONG_RUNS, (run) => `${run.slice(0, 40)}…${run.slice(-20)} (${run.replace(/^[`"'([]+|[`"'),.:;\]]+$/g, "").length.toLocaleString("en")} characters)`);
}

/** How each severity reads in a line: `info` as compilers write a remark that is no problem ("note"). */
const SEVERITY_WORDS: Record<Severity, string> = { error: "error", warning: "warning", info: "note" };

/** `file:line:col: severity code: message` — the one-line form the CLI prints. */
export function formatDiagnostic(d: Diagnostic): string {
  const hint = d.hint ? ` (${d.hint})` : "";
  return `${d.file}:${d.span.start.line}:${d.span.start.column}: ${SEVERITY_WORDS[d.severity]} ${d.code}: ${d.message}${hint}`;
}

/** Sorted by position, then errors before warnings: the order a reader expects. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...list].sort(
    (a, b) =>
      (a.file === b.file ? 0 : a.file.localeCompare(b.file)) ||
      a.span.start.offset - b.span.start.offset ||
      rank[a.severity] - rank[b.severity],
  );
}
