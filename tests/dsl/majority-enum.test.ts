import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { inBothEngines } from "../support/games.ts";

/**
 * `majority` and `minority` rank the members of an enum as they rank players: "the artist with
 * the most paintings sold this round pays 30, the next 20, the next 10" is
 * `majority(sold, [30, 20, 10])` with `sold: per Artist number`, and the prizes come back per
 * artist. A new user's auction game got "should be a per player number" and ranked by hand.
 */
describe("majority over an enum's members", () => {
  const source = `
game "Gallery" { players 2 }
enum Artist { ana, bo, cy, di }
var sold: per Artist number = { ana: 2, bo: 3, cy: 2, else: 0 }
var pay: per Artist number = { else: 0 }
var least: per Artist number = { else: 0 }
flow {
  pay = majority(sold, [30, 20, 10])
  least = minority(sold, [-5], maximum: 2)
}
scoring p { points pay[bo] }
`;

  it("checks, and pays the members by rank with the tie policy, keyed by member, in both engines", () => {
    expect(compileRules(source, "gallery.stela").diagnostics).toEqual([]);
    for (const { engine, match: m } of inBothEngines(source)) {
      expect(m.error, engine).toBeNull();
      // bo 3 first; ana and cy tie for second and pool 20 + 10; di (0) is below the minimum of 1.
      expect(m.global("pay")).toEqual([15, 30, 15, 0]);
      // The fewest: di alone with 0 loses 5.
      expect(m.global("least")).toEqual([0, 0, 0, -5]);
    }
  });

  it("gives back a map per member, so it cannot be read per player", () => {
    const bad = source.replace("points pay[bo]", "points majority(sold, [1])[p]");
    expect(compileRules(bad, "bad.stela").diagnostics.map((d) => d.code)).toEqual(["type-mismatch"]);
  });
});
