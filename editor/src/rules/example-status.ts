import { runExamples, type Game } from "../../../interpreter/index.ts";

/** One `example` of the open file as the examples list shows it: pass or fail, and why. */
export interface ExampleStatus {
  title: string;
  variant?: string;
  line: number;
  column: number;
  passed: boolean;
  /** The failing step: where, why, expected against got. */
  failure?: { line: number; column: number; message: string; expected?: string; got?: string };
}

/** Runs every example of a game (in the worker, after each compile that succeeds). */
export function exampleStatuses(game: Game): ExampleStatus[] {
  return runExamples(game).map((r) => {
    const s: ExampleStatus = { title: r.title, line: r.span.start.line, column: r.span.start.column, passed: r.passed };
    if (r.variant !== undefined) s.variant = r.variant;
    if (r.failure) {
      const f: NonNullable<ExampleStatus["failure"]> = { line: r.failure.span.start.line, column: r.failure.span.start.column, message: r.failure.message };
      if (r.failure.expected !== undefined) f.expected = r.failure.expected;
      if (r.failure.got !== undefined) f.got = r.failure.got;
      s.failure = f;
    }
    return s;
  });
}
