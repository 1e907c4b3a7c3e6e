import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../interpreter/index.ts";

/**
 * `side` of a placement: the edge its piece would show once put down with that turn, so an
 * edge-matching rule is written the way the rulebook says it, before the tile is played.
 */
const TILES = `
game "Edges" { players 2 }
kind Tile { edges: sides }
zone bag: Tile
components Tile in bag {
  "Road" x3 { edges: [0, 1, 0, 1] }
}
board ground: open_grid()
rule fits(pl: placement) {
  require empty(pl) else "Taken"
  require all q in adjacent_pieces(pl): side(pl, toward: q) == side(q, toward: pl)
    else "Every edge must match the tile it touches"
}
setup { place top(bag) at space_at(ground, 0, 0) }
flow {
  turn players[0] {
    let pl = choose pl from placements(bag, ground) where fits(pl) prompt "Lay a tile"
    place pl.piece at pl
  }
}
scoring p { points 0 }
example "Beside the road it goes on as a road; below it, turned across" {
  expect offered "Road on (1,0), edges 0-1-0-1 (top-right-bottom-left)"
  expect refused "Road on (1,0), edges 1-0-1-0 (top-right-bottom-left)" because "Every edge must match"
  expect offered "Road on (0,1), edges 0-1-0-1 (top-right-bottom-left)"
  expect refused "Road on (0,1), edges 1-0-1-0 (top-right-bottom-left)" because "Every edge must match"
}
example "A placement faces a space as its turn says, and a piece faces a placement" {
  position {
    let t = top(bag)
    let turned = first pl in placements([t], ground) where pl.space == space_at(ground, 1, 0) and pl.rotation == 1
    let start = piece_at(space_at(ground, 0, 0))
  }
  expect side(turned, toward: space_at(ground, 1, -1)) == 1
  expect side(turned, toward: start) == 0
  expect side(start, toward: turned) == 1
}
`;

describe("side of a placement", () => {
  it("reads the edge the piece would show, turned, toward a piece, space or placement", () => {
    const r = compile(TILES, "edges.stela");
    expect(r.diagnostics).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => [x.title, x.passed, x.failure?.message])).toEqual([
      ["Beside the road it goes on as a road; below it, turned across", true, undefined],
      ["A placement faces a space as its turn says, and a piece faces a placement", true, undefined],
    ]);
  });
});
