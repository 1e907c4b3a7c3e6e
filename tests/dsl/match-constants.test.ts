import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A `match` on a number takes the game's number constants as patterns: a tile game that names
 * its edge kinds `const FIELD = 0`, `ROAD = 1`, `CITY = 2` matches on them by name. Before, the
 * name was an error ("is a name, … write numbers or ranges") and the constant was warned of as
 * never used, though it was.
 */
describe("constants as match patterns", () => {
  const source = `
game "Edges" { players 2 }
const FIELD = 0
const ROAD = 1
const CITY = 2
const BIG = 10
define letter(e: number): text = match e { FIELD -> "F"  ROAD, CITY -> "R or C"  BIG -> "big"  else -> "?" }
var got: list of text = []
flow {
  got = [letter(e) for e in [0, 1, 2, 5, 10]]
}
scoring p { points 0 }
`;

  it("checks without a diagnostic (the constants are used) and matches on their values", () => {
    expect(compileRules(source, "edges.stela").diagnostics).toEqual([]);
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.global("got")).toEqual(["F", "R or C", "R or C", "?", "big"]);
  });

  it("a constant matched twice is a duplicate arm, and a name that is no constant is still an error", () => {
    const bad = source.replace('FIELD -> "F"', 'FIELD -> "F"  0 -> "zero"  WATER -> "W"');
    const found = compileRules(bad, "bad.stela").diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(found).toEqual([
      "match-duplicate-arm: 0 is already matched by an earlier arm",
      "type-mismatch: `WATER` is a name, but this `match` is on a number: write numbers, ranges or number constants (`const`)",
    ]);
  });
});
