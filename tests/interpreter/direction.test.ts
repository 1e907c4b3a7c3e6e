import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../interpreter/index.ts";

/**
 * `direction(from, to)`: which side of `from` faces `to`, the index into any `sides` field of a
 * piece on a board. `side` reads only a piece's first `sides` field; a tile whose edges and whose
 * joined parts (the road running through) are two fields reads the second through `direction`.
 */
const TILES = `
game "Parts" { players 2 }
kind Tile {
  edges: sides
  part: sides
}
zone bag: Tile
components Tile in bag {
  "Curve" x2 { edges: [0, 0, 1, 1], part: [0, 0, 7, 7] }
}
board ground: open_grid()
board wheel: ring(4)
board routes: graph(3, edges: [[0, 1], [1, 2]])
flow { turn players[0] { let s = choose s from [1, 2] prompt "Go" } }
scoring p { points 0 }
example "The part of a tile facing its neighbour, as the tile is turned" {
  position {
    let a = top(bag)
    place a at space_at(ground, 0, 0)
    let b = top(bag)
    // Turned a quarter clockwise: its road runs from the left edge to the top.
    place b at first pl in placements([b], ground) where pl.space == space_at(ground, 0, 1) and pl.rotation == 1
  }
  expect direction(a, b) == 2
  expect direction(b, a) == 0
  expect direction(a, space_at(ground, -1, 0)) == 3
  expect direction(space_at(ground, 0, 1), space_at(ground, 0, 0)) == 0
  expect a.part[direction(a, b)] == 7
  expect b.part[direction(b, a)] == 7
  expect direction(a, space_at(ground, 1, 1)) == -1
  expect direction(space_at(wheel, 0), space_at(wheel, 1)) == 0
  expect direction(space_at(wheel, 0), space_at(wheel, 3)) == 1
  expect direction(space_at(routes, 0), space_at(routes, 1)) == -1
}
`;

describe("direction", () => {
  it("gives the side of one space, piece or placement that faces another", () => {
    const r = compile(TILES, "parts.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => [x.title, x.passed, x.failure])).toEqual([["The part of a tile facing its neighbour, as the tile is turned", true, undefined]]);
  });
});
