import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * A space is one object per space (`interpreter/space-info.ts`): the same space reached any way is
 * the same value, it reads as players read it, and options and logs name it by its key.
 */
const PAIRS = `game "Pairs" { players 2 }
board g: grid(3, 3)
kind Stone {
  state at: space = none
  show { label: this.at }
}
zone supply per player: Stone
components Stone per player in supply { x2 { } }
var same: list of bool = []
flow {
  turn players[0] {
    let pair = choose pair from [[space_at(g, 0, 0), space_at(g, 1, 0)], [space_at(g, 2, 2), space_at(g, 0, 1)]] prompt "Pick a pair"
    let q = top(players[0].supply)
    q.at = pair[1]
    let b1 = first s in spaces(g) where s.x == 1 and s.y == 0
    same = [pair[1] == b1, pair[1] in neighbours(space_at(g, 0, 0)), pair[0] == pair[1]]
    let t = choose t from players[0].supply prompt "Pick a stone"
  }
}
scoring p { points 0 }`;

describe("space values", () => {
  it("are the same value however a rule reaches them, and are named by key in ids and as players read them in labels", () => {
    const m = gameFromSource(PAIRS).start({ players: 2, seed: 1 });
    expect(m.options(0).map((o) => [o.id, o.label])).toEqual([
      ["g:0,0,g:1,0", "a1, b1"],
      ["g:2,2,g:0,1", "c3, a2"],
    ]);
    expect(m.apply("g:0,0,g:1,0", 0)).toEqual({ ok: true });
    expect(m.global("same")).toEqual([true, true, false]);
    // A piece whose label is a space reads as the space does (it read as the key, `g:1,0`, before).
    expect(m.options(0).map((o) => [o.id, o.label])).toEqual([
      ["b1", "b1"],
      ["stone", "Stone"],
    ]);
  });
});
