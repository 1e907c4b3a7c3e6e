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

  toDiagnostic(file: string): Diagnostic {
    return { code: this.code, severity: "error", message: this.message, file: this.span.file ?? file, span: this.span };
  }
}

export function fail(code: DiagnosticCode, message: string, span: Span): never {
  throw new RuntimeError(code, message, span);
}
