import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/** `empty_spaces`, `line_length`, `outflanked` and `joins`: the board walks the classic games spend their time in. */

const header = `game "Lines" { players 2 }
kind Disc { n: number }
zone supply per player: Disc
components Disc per player in supply { x9 { n: 1 } }
`;

function run(body: string, board = "board row: grid(6, 1)"): { out: unknown; error: string | undefined } {
  const game = gameFromSource(`${header}${board}
var out: list of number
flow {
${body}
  end game
}
scoring p { points 0 }`);
  const m = game.start({ players: 2, seed: 1 });
  return { out: m.global("out"), error: m.error ? `${m.error.code}: ${m.error.message}` : undefined };
}

// Row of six: x0 empty, x1 x2 the first player's, x3 the second's, x4 x5 empty.
const row = `
  let a = players[0]
  let b = players[1]
  place top(a.supply) at space_at(row, 1)
  place top(a.supply) at space_at(row, 2)
  place top(b.supply) at space_at(row, 3)
`;

describe("empty_spaces", () => {
  it("lists a board's free spaces in board order, as the comprehension over spaces does", () => {
    const r = run(`${row}
  let free = empty_spaces(row)
  out = [size(free)] + [s.x for s in free] + [if free == [s for s in spaces(row) where empty(s)] then 1 else 0]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([3, 0, 4, 5, 1]);
  });

  it("on an open grid, gives the empty spaces next to the pieces", () => {
    const r = run(
      `
  place top(players[0].supply) at space_at(w, 0, 0)
  place top(players[0].supply) at space_at(w, 1, 0)
  out = [size(empty_spaces(w)), size(spaces(w))]`,
      "board w: open_grid()",
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([6, 8]);
  });
});

describe("line_length", () => {
  it("counts the owner's pieces in a row from next to the space, stopping at another's piece, a gap or the edge", () => {
    const r = run(`${row}
  out = [
    line_length(space_at(row, 0), 1, 0, a),
    line_length(space_at(row, 3), -1, 0, a),
    line_length(space_at(row, 1), 1, 0, a),
    line_length(space_at(row, 0), 1, 0, b),
    line_length(space_at(row, 4), -1, 0, b),
    line_length(space_at(row, 2), 1, 0, b),
    line_length(space_at(row, 1), -1, 0, a),
    line_length(space_at(row, 0), 0, 1, a)
  ]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([2, 2, 1, 0, 1, 1, 0, 0]);
  });

  it("refuses a direction that does not move, with a diagnostic", () => {
    const r = run(`${row}
  out = [line_length(space_at(row, 1), 0, 0, a)]`);
    expect(r.error).toMatch(/^runtime-invalid-number: a direction is whole columns and rows to step, not both 0: got \(0, 0\)/);
  });
});

describe("outflanked", () => {
  it("gives the others' pieces closed off by one of the owner's, in order from the space; none when the row is open", () => {
    const r = run(`${row}
  out = [
    size(outflanked(space_at(row, 0), 1, 0, b)),
    size(outflanked(space_at(row, 4), -1, 0, a)),
    size(outflanked(space_at(row, 0), 1, 0, a)),
    size(outflanked(space_at(row, 4), 1, 0, a)),
    size(outflanked(space_at(row, 4), -1, 0, b)),
    size(outflanked(space_at(row, 5), -1, 0, a))
  ]
  let flanked = outflanked(space_at(row, 0), 1, 0, b)
  out = out + [flanked[0].space.x, flanked[1].space.x, outflanked(space_at(row, 4), -1, 0, a)[0].space.x]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([2, 1, 0, 0, 0, 0, 1, 2, 3]);
  });
});

describe("joins", () => {
  const hex = "board h: hex(3, 3)";
  const sides = `
  let a = players[0]
  let north = [t for t in spaces(h) where t.y == 0]
  let south = [t for t in spaces(h) where t.y == 2]
  let west = [t for t in spaces(h) where t.x == 0]
`;

  it("follows touching pieces of the owner of the piece on the space to both lists of spaces", () => {
    const r = run(
      `${sides}
  place top(a.supply) at space_at(h, 1, 0)
  place top(a.supply) at space_at(h, 1, 1)
  let before = joins(space_at(h, 1, 1), north, south)
  place top(a.supply) at space_at(h, 1, 2)
  out = [
    if before then 1 else 0,
    if joins(space_at(h, 1, 1), north, south) then 1 else 0,
    if joins(space_at(h, 1, 2), north) then 1 else 0,
    if joins(space_at(h, 1, 2), west) then 1 else 0,
    if joins(space_at(h, 0, 0), north) then 1 else 0
  ]`,
      hex,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([0, 1, 1, 0, 0]);
  });

  it("does not pass through another player's piece", () => {
    const r = run(
      `${sides}
  let b = players[1]
  place top(a.supply) at space_at(h, 1, 0)
  place top(b.supply) at space_at(h, 1, 1)
  place top(a.supply) at space_at(h, 1, 2)
  out = [if joins(space_at(h, 1, 0), north, south) then 1 else 0, if joins(space_at(h, 1, 1), [space_at(h, 1, 1)]) then 1 else 0]`,
      hex,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([0, 1]);
  });
});
