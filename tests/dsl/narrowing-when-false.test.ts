import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";

/**
 * What a condition being false says of kinds: `not (q is Tile)` false is `q is Tile`. A new user's
 * `if not (q is Tile) { … } else { … q.side }` read "not every piece has `side`", and they swapped
 * the branches to get past it.
 */
describe("narrowing where a condition is false", () => {
  const check = (body: string) =>
    compileRules(
      `game "N" { players 2 }
kind Tile { side: number }
kind Rock { weight: number }
zone bag: piece
components Tile in bag { x1 { side: 2 } }
components Rock in bag { x1 { weight: 5 } }
var total: number = 0
flow {
  for q in bag {
${body}
  }
  end game
}
scoring p { points total }
`,
      "n.stela",
    ).diagnostics.map((d) => `${d.code}: ${d.message}`);

  it("reads the else of `if not (q is K)`, and the right of `not (q is K) or …`, with q a K", () => {
    expect(check("    if not (q is Tile) { total += 1 } else { total += q.side }")).toEqual([]);
    expect(check("    total += if not (q is Tile) then 0 else q.side")).toEqual([]);
    expect(check("    if not (q is Tile) or q.side > 1 { total += 1 }")).toEqual([]);
    expect(check("    if not (q is Tile) or not (q is Tile) { total += 1 } else { total += q.side }")).toEqual([]);
  });

  it("says nothing where the condition says nothing: the else of `q is Rock` is no Tile", () => {
    expect(check("    if q is Rock { total += q.weight } else { total += q.side }")).toEqual([
      "field-not-guaranteed: not every piece has `side`: `Rock` does not",
    ]);
    expect(check("    if q is Tile and q.side > 1 { total += 1 } else { total += q.side }")).toHaveLength(1);
  });
});
