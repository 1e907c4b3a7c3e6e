import { describe, expect, it } from "vitest";
import { inBothEngines } from "../support/games.ts";

describe("others(p)", () => {
  it("is every player but p, in turn order from the one after p, as clockwise_from and counterclockwise_from go", () => {
    const source = `game "Round" { players 4 }
flow {
  log "{[q.seat for q in others(players[2])]} {[q.seat for q in others(players[0])]}"
  log "{[q.seat for q in clockwise_from(players[2])]} {[q.seat for q in counterclockwise_from(players[2])]}"
  log "{all q in others(players[1]): q != players[1]} {size(others(players[3]))}"
}
scoring p { points 0 }`;
    for (const { engine, match } of inBothEngines(source, 4)) {
      expect(match.toJSON().messages.map((e) => e.text), engine).toEqual(["3, 0, 1 1, 2, 3", "2, 3, 0, 1 2, 1, 0, 3", "yes 3"]);
    }
  });
});
