import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/** Board geometry: neighbours, levels, rings, open grids, drawn maps, labels. */

const game = gameFromSource(`game "Shapes" { players 2 }
kind Cube { colour: number }
zone box: Cube
components Cube in box { x40 { colour: 1 } }
board flat: grid(4, 3) {
  space kind: text = "plain"
  map {
    | . . x .
    | . - . .
    | . . . T
  }
  legend { ".": kind = "plain"  x: kind = "rough"  T: kind = "temple"  "-": none }
}
board tower: layered(3, 3, levels: 3)
board gear: ring(5)
board wild: open_grid()
var out: list of number
flow {
  out = [
    size(spaces(flat)),
    size(neighbours(space_at(flat, 1, 0))),
    size(spaces(tower)),
    size(below(space_at(tower, 0, 0, 1))),
    size(above(space_at(tower, 1, 1, 0))),
    size(above(space_at(tower, 0, 0, 0))),
    level(space_at(tower, 0, 0, 2)),
    size(neighbours(space_at(gear, 0))),
    distance(space_at(gear, 0), space_at(gear, 4)),
    size(spaces(wild))
  ]
  place top(box) at space_at(wild, 0, 0)
  out = out + [size(spaces(wild))]
  place top(box) at space_at(wild, 1, 0)
  out = out + [size(spaces(wild))]
  end game
}
scoring p { points 0 }`);

describe("topologies", () => {
  const m = game.start({ players: 2 });

  it("answers geometry queries", () => {
    expect(m.error).toBeNull();
    // flat: 12 cells minus one hole; (1,0) has neighbours (0,0), (2,0) but not the hole (1,1).
    // tower: 9 + 4 + 1 spaces; a level-1 space rests on 4; the centre of level 0 carries 4, a corner 1.
    // gear: every space has 2 neighbours; 0 and 4 are 1 apart. wild: the origin, then 5, then 8.
    expect(m.global("out")).toEqual([11, 2, 14, 4, 4, 1, 2, 2, 1, 1, 5, 8]);
  });

  it("draws map attributes and names spaces", () => {
    const flat = m.view(null).boards.find((b) => b.name === "flat")!;
    expect(flat.spaces.map((s) => `${s.label}:${s.attrs["kind"]}`).join(" ")).toBe(
      "a1:plain b1:plain c1:rough d1:plain a2:plain c2:plain d2:plain a3:plain b3:plain c3:plain d3:temple",
    );
    const tower = m.view(null).boards.find((b) => b.name === "tower")!;
    expect(tower.spaces.at(-1)!.label).toBe("a1 level 3");
  });
});
