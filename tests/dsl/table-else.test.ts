import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { inBothEngines } from "../support/games.ts";

/**
 * A table's last row may be `else -> v`: the value of every key no other row has, as a `match`
 * and an enum map literal have their `else`. A new user writing a deck-builder expected it
 * ("treasure worth: copper 1, silver 2, gold 3, else 0") and got a parse error with no hint.
 */
describe("a table's else row", () => {
  const source = `
game "Worth" { players 2 }
enum Card { copper, silver, gold, estate, duchy }
table coins { copper -> 1  silver -> 2  gold -> 3  else -> 0 }
table bonus { 1..2 -> 5  6.. -> 20  else -> 1 }
var got: list of number = []
flow {
  got = [coins[c] for c in Card] + [bonus[n] for n in [1, 3, 7]] + [coins[duchy]]
}
scoring p { points 0 }
`;

  it("checks without a warning of members left out, and gives the else value to every key no row has, in both engines", () => {
    expect(compileRules(source, "worth.stela").diagnostics).toEqual([]);
    for (const { engine, match: m } of inBothEngines(source)) {
      expect(m.error, engine).toBeNull();
      expect(m.global("got")).toEqual([1, 2, 3, 0, 0, 5, 1, 20, 0]);
    }
  });

  it("comes last, once, with a value of the table's type", () => {
    const bad = `
game "Worth" { players 2 }
enum Card { copper, silver }
table coins { copper -> 1  else -> 0  silver -> 2 }
table names { 1 -> "one"  else -> 2 }
table twice { 1 -> 1  else -> 0  else -> 5 }
flow { }
scoring p { points coins[copper] + twice[1] + size([names[1]]) }
`;
    const found = compileRules(bad, "bad.stela").diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code}: ${d.message}`);
    expect(found).toEqual([
      "4:39 invalid-table: a row after `else` (line 4): `else` gives every key no other row has, so it comes last",
      "5:35 invalid-table: the values of a table have one type: this is a number, earlier ones are text",
      "6:34 invalid-table: a row after `else` (line 6): `else` gives every key no other row has, so it comes last",
    ]);
  });
});
