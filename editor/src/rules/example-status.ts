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

/**
 * The examples list's heading. While the text has errors the examples cannot
 * run on it: the list is the last rules that compiled, and says so (a green
 * "7 passing" beside a list of problems told the designer the rules were fine).
 */
export function examplesSummary(examples: readonly ExampleStatus[], stale: boolean): { text: string; tone: "good" | "bad" | "stale"; note?: string } {
  const failed = examples.filter((e) => !e.passed).length;
  const text = failed ? `${failed} of ${examples.length} failing` : `${examples.length} passing`;
  if (stale) return { text: `${text} on the last rules that compiled`, tone: "stale", note: "The rules have errors now: these results are from the last rules that compiled, and run again once the rules compile." };
  return { text, tone: failed ? "bad" : "good" };
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
