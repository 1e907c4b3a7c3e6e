import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * The list of a comprehension (`count x in LIST`, `sum e for x in LIST`, …) ends before a
 * comparison, `and` or `or`: a list is never a yes/no, so `count c in p.kept == most` can only
 * mean that the count is compared. It read as `count c in (p.kept == most)` before, and gave three
 * type errors that said nothing of the reading. Arithmetic still joins the list (`xs + [4]`).
 */
describe("where a comprehension's list ends", () => {
  const source = `
game "Lists" { players 2 }
var hits: number = 0
per player { kept: number = 0 }
flow {
  let xs = [1, 2, 3]
  if count x in xs == 3 { hits += 1 }
  if sum x for x in xs == 6 and count x in xs != 2 { hits += 10 }
  if highest x for x in xs == 3 or lowest x for x in xs > 5 { hits += 100 }
  if count x in xs + [4] == 4 { hits += 1000 }
  if first x in xs == 1 { hits += 10000 }
  players[1].kept = 2
  let most = highest p.kept for p in players
  for p in players where count x in [p.kept] == 1 and p.kept == most { hits += 100000 }
}
scoring p { points 0 }
`;

  it("checks without a diagnostic and compares what each comprehension gives", () => {
    const r = compileRules(source, "lists.stela");
    expect(r.diagnostics).toEqual([]);
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.error).toBeNull();
    expect(m.global("hits")).toBe(111111);
  });
});
