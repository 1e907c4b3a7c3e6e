import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { inBothEngines } from "../support/games.ts";

/**
 * `move c to bottom of z` puts a piece under a zone's other pieces, so the next `deal` takes it
 * last: returned tickets and cards "put on the bottom of the deck". Two new users (a route game,
 * a cooperative game) kept a second zone and shuffled it back in instead.
 */
describe("move to the bottom of a zone", () => {
  const source = `
game "Bottom" { players 2 }
kind Card { v: number }
zone deck: Card
zone hand per player: Card owner
components Card in deck { x1 { v: 1 } x1 { v: 2 } x1 { v: 3 } }
var order: list of number = []
var bottom: number = 0
var dealt: list of number = []
flow {
  // The top is 3: under the others it is dealt last.
  move top(deck) to bottom of deck
  order = [c.v for c in deck]
  deal 2 from deck to players[0].hand
  dealt = [c.v for c in players[0].hand]
  move first c in players[0].hand where c.v == 1 to bottom of deck
  bottom = deck[0].v
}
scoring p { points 0 }
`;

  it("puts the piece under the others, from its own zone or another, in both engines (bottom stays a name elsewhere)", () => {
    expect(compileRules(source, "bottom.stela").diagnostics).toEqual([]);
    for (const { engine, match: m } of inBothEngines(source)) {
      expect(m.error, engine).toBeNull();
      expect(m.global("order")).toEqual([3, 1, 2]);
      expect(m.global("dealt")).toEqual([2, 1]);
      expect(m.global("bottom")).toBe(1);
    }
  });
});
