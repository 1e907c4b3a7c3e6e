import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { inBothEngines } from "../support/games.ts";

/**
 * `sort … by` takes a list of keys, compared item by item: "ranked by cards sold, most first, ties
 * by the order on the board" is `by [-sold(a), index_of(Artist, a)]`. A new user writing an
 * auction game got "a sort key should be a number or text" and folded both into one number.
 */
describe("sort by several keys", () => {
  const source = `
game "Ranks" { players 2 }
enum Artist { ana, bo, cy, di }
table sold { ana -> 2  bo -> 3  cy -> 2  di -> 0 }
var ranked: list of Artist = []
var words: list of text = []
flow {
  ranked = sort a in Artist by [-sold[a], index_of(Artist, a)]
  words = sort w in ["bb", "a", "ab", "b"] by [w]
}
scoring p { points 0 }
`;

  it("orders by the first key, then the next where the first ties, in both engines", () => {
    expect(compileRules(source, "ranks.stela").diagnostics).toEqual([]);
    for (const { engine, match: m } of inBothEngines(source)) {
      expect(m.error, engine).toBeNull();
      expect(m.global("ranked")).toEqual(["bo", "ana", "cy", "di"]);
      expect(m.global("words")).toEqual(["a", "ab", "b", "bb"]);
    }
  });

  it("refuses a key that cannot be ordered, saying what can", () => {
    const bad = source.replace("by [-sold[a], index_of(Artist, a)]", "by [players[0]]");
    expect(compileRules(bad, "bad.stela").diagnostics.map((d) => d.message)).toContain(
      "a sort key should be a number or text (or a list of them, compared item by item) but is list of player",
    );
  });
});
