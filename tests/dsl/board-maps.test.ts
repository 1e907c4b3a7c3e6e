import { describe, expect, it } from "vitest";
import { compile } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** A board drawn with several maps laid over each other. */

const board = (maps: string, legend: string) => `game "Maps" { players 1 }
enum Area { north, south }
board field: grid(4, 3) {
  space area: Area = north
  space well: bool = false
  space depth: number = 0
${maps}
  legend {
${legend}
  }
}
flow { }
scoring p { points count s in spaces(field) where s.well and s.area == south and s.depth == 0 }
`;

const AREAS = `  map {
    | n n n n
    | s s s s
    | s s s s
  }`;
const WELLS = `  map {
    | . w . .
    | . . w .
    | w . . x
  }`;
const LEGEND = `    n: area = north
    s: area = south
    ".": well = false
    w: well
    x: none`;

describe("boards drawn with several maps", () => {
  it("give each space the attributes of its symbol in every map; a hole in any map is a hole", () => {
    const game = gameFromSource(board(`${AREAS}\n${WELLS}`, LEGEND));
    const m = game.start({ players: 1 });
    const spaces = m.view(0).boards[0]!.spaces;
    const at = (label: string) => spaces.find((s) => s.label === label)!.attrs;
    expect(at("b1")).toEqual({ area: "north", well: true, depth: 0 });
    expect(at("c2")).toEqual({ area: "south", well: true, depth: 0 });
    expect(at("a3")).toEqual({ area: "south", well: true, depth: 0 });
    expect(at("a1")).toEqual({ area: "north", well: false, depth: 0 });
    expect(spaces.some((s) => s.label === "d3")).toBe(false);
    expect(spaces).toHaveLength(11);
    expect(m.result!.scores).toEqual([2]);
  });

  it("a later map wins where two set the same attribute", () => {
    const game = gameFromSource(board(`${AREAS}\n  map {\n    | n n n n\n    | n n n n\n    | s s s s\n  }`, "    n: area = north\n    s: area = south"));
    const spaces = game.start({ players: 1 }).view(0).boards[0]!.spaces;
    expect(spaces.filter((s) => s.attrs["area"] === "south").map((s) => s.label)).toEqual(["a3", "b3", "c3", "d3"]);
  });

  it("check each map's size and symbols, and warn about a legend symbol on no map", () => {
    const r = compile(board(`${AREAS}\n  map {\n    | . w .\n    | . q . .\n  }`, `${LEGEND}\n    z: well`), "maps.stela");
    expect(r.diagnostics.map((d) => [d.severity, d.code, d.span.start.line, d.message])).toEqual([
      ["error", "invalid-board", 12, "the map has 2 rows but the board is 3 high"],
      ["warning", "unused-declaration", 21, "the legend symbol `x` is not on any map"],
      ["warning", "unused-declaration", 22, "the legend symbol `z` is not on any map"],
    ]);
    const rows = compile(board(`${AREAS}\n  map {\n    | . w .\n    | . q . .\n    | . . . .\n  }`, LEGEND), "maps.stela");
    expect(rows.diagnostics.filter((d) => d.severity === "error").map((d) => [d.span.start.line, d.message])).toEqual([
      [13, "this row has 3 cells but the board is 4 wide"],
      [14, "the symbol `q` is not in the legend"],
    ]);
  });
});
