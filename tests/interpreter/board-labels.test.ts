import { describe, expect, it } from "vitest";
import { compile, spaceLegend } from "../../interpreter/index.ts";
import { pitsGame } from "../support/pits-game.ts";

/**
 * A board's `show { label }` either names what kind of space each is (a letter for a temple, a
 * zone's number) or reads the play (the seeds in a pit). The view says which (`labelsFollowPlay`),
 * so a legend explains only the first kind by the spaces' attributes.
 */

function boardView(label: string) {
  const r = compile(pitsGame(label), "pits.stela");
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return r.game!.start({ players: 2, seed: 1 }).view(0).boards[0]!;
}

describe("board labels: readings of the play or symbols of the spaces", () => {
  it("a label that reads a space's state follows the play", () => {
    expect(boardView(`"{this.seeds}"`).labelsFollowPlay).toBe(true);
  });

  it("one that reads what stands on a space does too", () => {
    expect(boardView(`if empty(this) then "" else "x"`).labelsFollowPlay).toBe(true);
  });

  it("one worked out from the space's attributes, through the game's own functions, does not", () => {
    const b = boardView(`if keep(this) then "S" else "{this.side}"`);
    expect(b.labelsFollowPlay).toBeUndefined();
    expect(b.spaces.map((s) => s.show?.label)).toEqual(["0", "0", "S", "1", "1", "S"]);
  });
});

describe("the legend of a board's space labels (the editor's and the terminal's)", () => {
  it("explains a symbol by what its spaces share, and none of a board whose labels read the play", () => {
    // The pits share nothing (both sides, no store): only the stores are explained.
    expect(spaceLegend(boardView(`if this.store then "S" else "p"`))).toEqual([{ label: "S", meaning: "store" }]);
    expect(spaceLegend(boardView(`if this.store then "S" else ""`))).toEqual([{ label: "S", meaning: "store" }]);
    expect(spaceLegend(boardView(`"{this.seeds}"`))).toEqual([]);
  });

  it("explains no label that spells out its spaces' attributes in words: a town's name, a route's length and colour", () => {
    // A route map: towns and routes are spaces; two routes are "2 red". The legend read
    // "Ardmore town Ardmore, length 0, colour grey · … · 2 red town , length 2, colour red".
    const r = compile(
      `game "Routes" { players 2 }
enum Colour { red, grey }
board land: graph(5, edges: [[0, 3], [3, 1], [1, 4], [4, 2]]) {
  space town: text = ""
  space length: number = 0
  space colour: Colour = grey
  space start: bool = false
  map { | A B C r2 r2 }
  legend {
    A: town = "Ardmore", start
    B: town = "Brackley"
    C: town = "Calder"
    r2: length = 2, colour = red
  }
  show { label: if this.start then "S" else if this.town != "" then this.town else "{this.length} {this.colour}" }
}
flow { end game }
scoring p { points 0 }`,
      "routes.stela",
    );
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const b = r.game!.start({ players: 2, seed: 1 }).view(0).boards[0]!;
    expect(b.spaces.map((s) => s.show?.label)).toEqual(["S", "Brackley", "Calder", "2 red", "2 red"]);
    // A code is still explained, without the empty text; a bare number too (see the pits above).
    expect(spaceLegend(b)).toEqual([{ label: "S", meaning: "town Ardmore, length 0, colour grey, start" }]);
  });
});
