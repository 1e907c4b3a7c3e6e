import { describe, expect, it } from "vitest";
import type { BoardDef } from "../../dsl/ir.ts";
import { cellCoords, cellKey, instanceKey, instanceNumber, instanceOwner, numberedKey, boardName, spaceBoard, spaceCell, spaceKey } from "../../interpreter/index.ts";
import { shapeFor } from "../../interpreter/board-shapes/registry.ts";
import { compile } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** Board shapes: the hex grid, tracks and graphs, through the language and through the registry; the key codec. */

function board(topology: BoardDef["topology"], holes: string[] = []): BoardDef {
  return { name: "b", perPlayer: false, topology, attributes: [], cells: {}, holes, span: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } };
}

describe("the key codec", () => {
  it("builds and splits space, cell and zone keys in one place", () => {
    expect(spaceKey("pyramid#1", cellKey(0, 2, 1))).toBe("pyramid#1:0,2,1");
    expect(spaceBoard("pyramid#1:0,2,1")).toBe("pyramid#1");
    expect(spaceCell("pyramid#1:0,2,1")).toBe("0,2,1");
    expect(spaceBoard("nothing")).toBeUndefined();
    expect(cellCoords("3,-4")).toEqual([3, -4]);
    expect(cellCoords("3,4,x")).toEqual([]);
    expect(instanceKey("rack", true, 2)).toBe("rack#2");
    expect(instanceKey("offer", false, null)).toBe("offer");
    expect(numberedKey("display", 3)).toBe("display[3]");
    expect([boardName("rack#2"), boardName("display[3]"), boardName("city")]).toEqual(["rack", "display", "city"]);
    expect([instanceOwner("rack#2"), instanceOwner("display[3]")]).toEqual([2, null]);
    expect([instanceNumber("display[3]"), instanceNumber("rack#2")]).toEqual([3, null]);
  });
});

describe("the shape registry", () => {
  it("numbers a square grid's cells row by row, with holes left out, and knows its 4 sides", () => {
    const s = shapeFor(board({ type: "grid", width: 3, height: 2 }, ["1,0"]));
    expect(s.size).toBe(5);
    expect(s.all.map((i) => s.cell(i))).toEqual(["0,0", "2,0", "0,1", "1,1", "2,1"]);
    expect([s.sides, s.turns]).toEqual([4, 4]);
    expect(s.at(1, 0, 0)).toBe(-1);
    const centre = s.index("1,1");
    expect(s.neighbours(centre).map((i) => s.cell(i))).toEqual(["2,1", "0,1"]);
    expect(s.direction(centre, s.index("2,1"))).toBe(1);
    expect(s.label(s.index("2,1"), "b")).toBe("c2");
  });

  it("gives a hex grid six neighbours clockwise from the upper right, hex distances and sixth turns", () => {
    const s = shapeFor(board({ type: "hex", width: 5, height: 5 }));
    const c = s.index("2,2");
    expect(s.neighbours(c).map((i) => s.cell(i))).toEqual(["3,1", "3,2", "2,3", "1,3", "1,2", "2,1"]);
    expect(s.neighbours(s.index("0,0")).map((i) => s.cell(i))).toEqual(["1,0", "0,1"]);
    expect(s.neighbours(s.index("4,0")).map((i) => s.cell(i))).toEqual(["4,1", "3,1", "3,0"]);
    expect([s.sides, s.turns]).toEqual([6, 6]);
    expect(s.direction(c, s.index("2,1"))).toBe(5);
    expect(s.distance(s.index("0,0"), s.index("4,4"))).toBe(8);
    expect(s.distance(s.index("4,0"), s.index("0,4"))).toBe(4);
    // Six sixth-turns bring a form back; one turns right into lower right.
    let form: [number, number][] = [[0, 0], [1, 0]];
    expect(s.turn(form)).toEqual([[0, 0], [0, 1]]);
    for (let k = 0; k < 6; k++) form = s.turn(form);
    expect(form).toEqual([[0, 0], [1, 0]]);
    // Drawn as a rhombus: each row half a hex further right, rows √3/2 apart.
    expect(s.place(s.index("0,2"))).toEqual({ x: 1.5, y: 2 * (Math.sqrt(3) / 2) + 0.5 });
  });

  it("runs a track in a line and a ring round, and steps along them", () => {
    const t = shapeFor(board({ type: "track", size: 5 }));
    expect(t.neighbours(0)).toEqual([1]);
    expect(t.neighbours(2)).toEqual([3, 1]);
    expect([t.step(3, 1), t.step(3, 2), t.step(1, -2)]).toEqual([4, -1, -1]);
    expect(t.distance(0, 4)).toBe(4);
    expect(t.label(3, "score")).toBe("score 3");
    const r = shapeFor(board({ type: "ring", size: 5 }));
    expect([r.step(3, 2), r.step(1, -2)]).toEqual([0, 4]);
    expect(r.distance(0, 4)).toBe(1);
    expect(r.direction(4, 0)).toBe(0);
  });

  it("joins a graph's spaces by its edges only, with no directions", () => {
    const g = shapeFor(board({ type: "graph", size: 5, edges: [[0, 1], [1, 2], [2, 0], [2, 3]] }));
    expect(g.neighbours(2)).toEqual([0, 1, 3]);
    expect(g.neighbours(4)).toEqual([]);
    expect([g.distance(0, 3), g.distance(0, 4)]).toEqual([2, Infinity]);
    expect([g.sides, g.turns, g.direction(0, 1)]).toEqual([0, 1, -1]);
  });
});

const game = gameFromSource(`game "Shapes" { players 2 }
kind Stone { colour: number }
kind Bar { form: shape  edges: sides }
zone box: Stone
zone bars: Bar
components Stone in box { x20 { colour: 1 } }
components Bar in bars {
  x1 {
    edges: [1, 2, 3, 4, 5, 6]
    form: | # #
  }
}
board hexes: hex(4, 3) {
  space kind: text = "plain"
  map {
    | . x . .
    | . . - .
    | . . . .
  }
  legend { ".": kind = "plain"  x: kind = "rough"  "-": none }
}
board steps: track(6)
board routes: graph(4, edges: [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]])
var out: list of number
var labels: list of text
flow {
  out = [
    size(spaces(hexes)),
    size(neighbours(space_at(hexes, 1, 1))),
    distance(space_at(hexes, 0, 0), space_at(hexes, 3, 2)),
    size(placements(top(bars), hexes)),
    size(neighbours(space_at(steps, 0))),
    distance(space_at(steps, 1), step(space_at(steps, 1), 3)),
    size(neighbours(space_at(routes, 0))),
    distance(space_at(routes, 1), space_at(routes, 3))
  ]
  labels = [space_at(hexes, 1, 0).label, space_at(hexes, 1, 0).kind, space_at(steps, 4).label, space_at(routes, 2).label]
  let b = top(bars)
  place b at first p in placements(b, hexes) where p.rotation == 1 and p.space == space_at(hexes, 0, 0)
  place top(box) at space_at(hexes, 0, 2)
  out = out + [side(b, toward: space_at(hexes, 1, 0)), side(b, toward: space_at(hexes, 0, 2)), size(connected(b, pieces(hexes)))]
  end game
}
scoring p { points 0 }`);

describe("hex, track and graph boards in the language", () => {
  it("answers geometry queries on each", () => {
    const m = game.start({ players: 2 });
    expect(m.error).toBeNull();
    // hexes: 12 cells less a hole; (1,1) touches (2,0) (1,0) (0,1) (0,2) (1,2), not the hole (2,1).
    // distance (0,0)→(3,2): 3 + 2 = 5. A two-cell bar: 7 pairs of hexes side by side in a row,
    // 6 down a column, 4 along the other diagonal; each twice, as its six sides all differ.
    // steps: space 0 has one neighbour; 1 → 4 is 3 steps. routes: 0 touches 1, 3 and 2; 1 → 3 is 2.
    // The bar, turned once (upright on a1–a2, sides 6-1-2-3-4-5), shows 1 to its right and 2 below;
    // it and the stone under it are one group.
    expect(m.global("out")).toEqual([11, 5, 5, 34, 1, 3, 3, 2, 1, 2, 2]);
    expect(m.global("labels")).toEqual(["b1", "rough", "steps 4", "routes 2"]);
  });

  it("turns a hex piece's six sides a sixth at a time", () => {
    const m = game.start({ players: 2 });
    expect(m.state.pieces.find((p) => p.board === "hexes" && p.cells.length === 2)?.sides).toEqual({ edges: [6, 1, 2, 3, 4, 5] });
  });

  it("refuses a graph whose edges are not pairs of its space numbers", () => {
    // At the pair that is wrong, inside the list.
    const r = compile(`game "G" { players 2 }\nboard g: graph(3, edges: [[0, 5]])\nflow { end game }\nscoring p { points 0 }`, "g.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([["invalid-board", 2, 27]]);
    const r2 = compile(`game "G" { players 2 }\nboard g: graph(3)\nflow { end game }\nscoring p { points 0 }`, "g.stela");
    expect(r2.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["argument-count"]);
  });

  it("draws a graph's spaces where `places` puts them, each space after the list between the listed ones it is joined to", () => {
    // A route map: three towns placed, two routes between them. On a circle, 35 towns and routes
    // read as a ring of crossing lines.
    const src = (places: string) => `game "G" { players 2 }\nboard g: graph(5, edges: [[0, 3], [3, 1], [1, 4], [4, 2]], places: ${places})\nflow { end game }\nscoring p { points 0 }`;
    const r = compile(src("[[0, 0], [4, 0], [4, 3]]"), "g.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const b = r.game!.start({ players: 2 }).view(0).boards[0]!;
    expect(b.spaces.map((s) => [s.at.x, s.at.y])).toEqual([[0.5, 0.5], [4.5, 0.5], [4.5, 3.5], [2.5, 0.5], [4.5, 2]]);
    // A space with no listed neighbour has no place; a place is a pair of numbers from 0.
    const errs = (places: string) => compile(src(places), "g.stela").diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.span.start.column, d.message]);
    expect(errs("[[0, 0]]")).toEqual([["invalid-board", 68, "space 1 has no place to be drawn: `places` places spaces 0 to 0, and space 1 is joined to none of them"]]);
    expect(errs("[[0, 0], [1, -1]]")).toEqual([["invalid-board", 77, "where space 1 is drawn is a pair of numbers from 0, `[x, y]`"]]);
  });
});
