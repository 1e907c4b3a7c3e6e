import { describe, expect, it } from "vitest";
import { inBothEngines } from "../support/games.ts";

describe("any, all and no with `where`", () => {
  it("ask their question of the items that pass the filter only, in both engines", () => {
    const source = `game "Others" { players 3 }
per player { gold: number = 0 }
flow {
  players[0].gold = 0
  players[1].gold = 2
  players[2].gold = 5
  let p = players[0]
  log "{all q in players where q != p: q.gold > 0} {all q in players: q.gold > 0}"
  log "{any q in players where q.gold < 3: q.gold > 2} {no q in players where q != p: q.gold == 0}"
  log "{all q in players where q.gold > 9: false}"
}
scoring p { points 0 }`;
    for (const { engine, match } of inBothEngines(source, 3)) {
      // An empty filter leaves `all` true, as an empty list does.
      expect(match.toJSON().messages.map((e) => e.text), engine).toEqual(["yes no", "no yes", "yes"]);
    }
  });
});
