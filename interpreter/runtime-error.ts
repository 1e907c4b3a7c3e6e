import type { DiagnosticCode } from "../dsl/diagnostic-codes.ts";
import type { Diagnostic } from "../dsl/diagnostic.ts";
import type { Span } from "../dsl/span.ts";

/**
 * A rule that misbehaves while a match is played (an endless loop, a
 * division by zero, a choice with no option). Thrown inside the interpreter,
 * caught at its edge and turned into a diagnostic naming the rule's line.
 */
export class RuntimeError extends Error {
  constructor(
    readonly code: DiagnosticCode,
    message: string,
    readonly span: Span,
  ) {
    super(message);
  }

  /**
   * The calls the failure came through, innermost first (`define`s, rules, procedures): the error
   * shows where it happened, inside a `define` used in many places, and these say which use.
   */
  readonly calls: Span[] = [];

  /** Notes a call the failure came through, as it passes (a few are enough to place it). */
  through(span: Span): void {
    if (this.calls.length < MAX_CALLS) this.calls.push(span);
  }

  toDiagnostic(file: string): Diagnostic {
    const at = this.span.file ?? file;
    const d: Diagnostic = { code: this.code, severity: "error", message: this.message, file: at, span: this.span };
    // Only calls from elsewhere: a call on the failure's own line tells nothing new.
    const calls = this.calls.filter((c) => (c.file ?? file) !== at || c.start.line !== this.span.start.line);
    if (calls.length > 0) {
      const where = (c: Span): string => ((c.file ?? file) === at ? `line ${c.start.line}` : `${c.file ?? file}:${c.start.line}`);
      d.hint = `called from ${calls.slice(0, SHOWN_CALLS).map(where).join(", from ")}${calls.length > SHOWN_CALLS ? ", …" : ""}`;
    }
    return d;
  }
}

/**
 * A rule read aside from play (an estimate, a measure) that failed, as a diagnostic whose message
 * says which (`what`: "the estimate for Player 1"): a `RuntimeError` as it is, anything else as a
 * `runtime-error` at `span`.
 */
export function asideFailure(e: unknown, span: Span, file: string, what: string): Diagnostic {
  const err = e instanceof RuntimeError ? e : new RuntimeError("runtime-error", `this rule failed: ${e instanceof Error ? e.message : String(e)}`, span);
  const d = err.toDiagnostic(file);
  d.message = `${what} failed: ${d.message}`;
  return d;
}

/** Calls kept, and shown, with a failure (`RuntimeError.calls`). */
const MAX_CALLS = 8;
const SHOWN_CALLS = 3;

export function fail(code: DiagnosticCode, message: string, span: Span): never {
  throw new RuntimeError(code, message, span);
}
