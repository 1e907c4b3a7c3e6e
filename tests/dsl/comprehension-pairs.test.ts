import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { inBothEngines } from "../support/games.ts";

/**
 * A comprehension over pairs: `[e for a in xs for b in ys where c]` goes over `ys` for each item
 * of `xs` (which `ys`, the `where` and `e` may read), as a designer coming from other languages
 * writes it; `sum`, `highest` and `lowest` take further clauses too. Before, the second `for` was
 * a syntax error followed by a cascade of errors down the rest of the block.
 */
describe("comprehensions over pairs", () => {
  const source = `
game "Pairs" { players 2 }
var pairs: list of list of number = []
var evens: list of number = []
var totals: list of number = []
flow {
  pairs = [[a, b] for a in 1..3 for b in a..3 where a + b != 4]
  evens = [a * 10 + b for a in 1..4 where a % 2 == 0 for b in [a, a + 1]]
  let triples = size([1 for _a in 1..3 for _b in 1..2 for _c in 1..2])
  let s = sum a * b for a in 1..3 for b in 1..2 where a != b
  let h = highest a - b for a in 1..3 for b in [5, 9]
  let low = lowest a + b for a in [1, 2] where a > 1 for b in [5, 9]
  let nothing = highest a for a in 1..3 for b in [1] where b > 1
  totals = [triples, s, h, low, nothing]
  log "{pairs}"
}
scoring p { points 0 }
`;

  it("checks without a diagnostic", () => {
    expect(compileRules(source, "pairs.stela").diagnostics).toEqual([]);
  });

  it("gives every pair in order, each where filtering where it stands, in both engines", () => {
    for (const { engine, match: m } of inBothEngines(source)) {
      expect(m.error, engine).toBeNull();
      expect(m.global("pairs")).toEqual([[1, 1], [1, 2], [2, 3], [3, 3]]);
      // Read as text, a list of lists keeps its inner brackets (it read "1, 1, 1, 2, 2, 3, 3, 3").
      expect(m.state.messages.at(-1)?.text).toBe("[1, 1], [1, 2], [2, 3], [3, 3]");
      expect(m.global("evens")).toEqual([22, 23, 44, 45]);
      // 12 triples; 2 + 2 + 3 + 6; 3 - 5; 2 + 5; no pair at all reads 0, as a comprehension over nothing does.
      expect(m.global("totals")).toEqual([12, 13, -2, 7, 0]);
    }
  });

  it("warns of a later variable never read, and points at the clause or value in error", () => {
    const bad = `
game "Pairs" { players 2 }
var n: number = 0
flow {
  let xs = [a for a in 1..3 for b in 1..2]
  let ys = [a + b for a in 1..3 for b in true]
  n = sum "x" for a in 1..3 for b in 1..2
  let pairs = sum 1 for a in 1..3 for b in 1..2
  log "{xs} {ys} {n} {pairs}"
}
scoring p { points 0 }
`;
    const found = compileRules(bad, "bad.stela").diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.severity} ${d.code}: ${d.message}`);
    expect(found).toEqual([
      "5:33 warning unused-variable: `b` is never read",
      "6:42 error type-mismatch: `for` goes over a list or zone, not a bool",
      "7:11 error type-mismatch: the value to add up should be a number but is a text",
    ]);
  });
});
