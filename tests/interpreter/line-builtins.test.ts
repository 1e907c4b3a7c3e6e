import { describe, expect, it } from "vitest";
import { builtinImpl } from "../../interpreter/builtins/index.ts";
import { newExec } from "../../interpreter/exec.ts";
import type { SpaceInfo } from "../../interpreter/space-info.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * `empty_spaces`, `line_length`, `longest_line`, `outflanked`, `outflanked_all`, `outflanks`, `drop_space`, `joins` and `empty`
 * of a placement: the board walks the classic games and the tile games spend their time in.
 */

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

  it("without an owner (or with none), counts every piece in the row, whoever owns it, up to a gap or the edge", () => {
    const r = run(`${row}
  out = [
    line_length(space_at(row, 0), 1, 0),
    line_length(space_at(row, 4), -1, 0),
    line_length(space_at(row, 0), 1, 0, none),
    line_length(space_at(row, 3), 1, 0),
    line_length(space_at(row, 4), 1, 0),
    longest_line(space_at(row, 1)),
    longest_line(space_at(row, 5), none)
  ]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([3, 3, 3, 0, 0, 3, 1]);
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

describe("longest_line", () => {
  const grid = "board g: grid(4, 4)";
  // a: the diagonal (0,0) (1,1) (2,2) and the row (1,0) (2,0); b: (3,3).
  const position = `
  let a = players[0]
  let b = players[1]
  for xy in [[0, 0], [1, 1], [2, 2], [1, 0], [2, 0]] { place top(a.supply) at space_at(g, xy[0], xy[1]) }
  place top(b.supply) at space_at(g, 3, 3)
`;

  it("gives the longest line of the owner's pieces through the space, the space counted, over rows, columns and diagonals", () => {
    const r = run(
      `${position}
  out = [
    longest_line(space_at(g, 3, 0), a),
    longest_line(space_at(g, 1, 1), a),
    longest_line(space_at(g, 3, 3), b),
    longest_line(space_at(g, 0, 3), a),
    longest_line(space_at(g, 3, 1), a)
  ]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([4, 3, 1, 1, 2]);
  });

  it("agrees with 1 + line_length both ways along the four axes, on every space for both players", () => {
    const r = run(
      `${position}
  let axes = [[1, 0], [0, 1], [1, 1], [1, -1]]
  out = [count s in spaces(g) where all q in players: longest_line(s, q) == highest 1 + line_length(s, d[0], d[1], q) + line_length(s, -d[0], -d[1], q) for d in axes]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([16]);
  });

  it("follows a hex grid's three axes, not the square grid's diagonal", () => {
    const r = run(
      `
  let a = players[0]
  for xy in [[0, 0], [1, 1], [2, 2], [2, 0], [0, 2]] { place top(a.supply) at space_at(h, xy[0], xy[1]) }
  out = [longest_line(space_at(h, 1, 1), a), longest_line(space_at(h, 0, 0), a)]`,
      "board h: hex(3, 3)",
    );
    expect(r.error).toBeUndefined();
    // (2,0) (1,1) (0,2) lie on the axis through the sides up-right and down-left; (0,0) (1,1) (2,2) on none.
    expect(r.out).toEqual([3, 1]);
  });

  it("runs along a track, and along a ring without going round past its first space", () => {
    const along = (board: string, name: string) =>
      run(
        `
  let a = players[0]
  for x in [0, 1, 2, 5] { place top(a.supply) at space_at(${name}, x) }
  out = [longest_line(space_at(${name}, 1), a), longest_line(space_at(${name}, 5), a), longest_line(space_at(${name}, 4), a)]`,
        board,
      );
    const track = along("board t: track(6)", "t");
    expect(track.error).toBeUndefined();
    expect(track.out).toEqual([3, 1, 2]);
    const ring = along("board r: ring(6)", "r");
    expect(ring.error).toBeUndefined();
    expect(ring.out).toEqual([3, 1, 2]);
  });

  it("is an error with a clear message on a graph, which has no lines", () => {
    const r = run(`  out = [longest_line(space_at(n, 0), players[0])]`, "board n: graph(3, edges: [[0, 1], [1, 2]])");
    expect(r.error).toMatch(/^runtime-error: `longest_line` follows lines of spaces, and the board `n` has none/);
  });
});

// A 4x4 grid with a on (1,0), (0,1), (1,1) and b on (2,0), (0,2): `outflanked_all` and `outflanks`.
const flankGrid = "board g: grid(4, 4)";
const flankPosition = `
  let a = players[0]
  let b = players[1]
  for xy in [[1, 0], [0, 1], [1, 1]] { place top(a.supply) at space_at(g, xy[0], xy[1]) }
  for xy in [[2, 0], [0, 2]] { place top(b.supply) at space_at(g, xy[0], xy[1]) }
`;

describe("outflanked_all", () => {
  const grid = flankGrid;
  // From (0,0) for b: a's (1,0) closed by b's (2,0) to the right; a's (0,1) closed by b's (0,2) below;
  // a's (1,1) on the diagonal, open behind.
  const position = flankPosition;

  it("joins what each direction outflanks, clockwise from the top, leaving out open rows", () => {
    const r = run(
      `${position}
  let flanked = outflanked_all(space_at(g, 0, 0), b)
  out = [size(flanked)] + [q.space.x * 10 + q.space.y for q in flanked] + [size(outflanked_all(space_at(g, 3, 3), a))]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([2, 10, 1, 0]);
  });

  it("is what outflanked gives over the eight directions clockwise from the top, joined, on every space for both players", () => {
    const r = run(
      `${position}
  let dirs = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]]
  out = [count s in spaces(g) where all q in players: outflanked_all(s, q) == flatten([outflanked(s, d[0], d[1], q) for d in dirs])]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([16]);
  });
});

describe("empty of a placement", () => {
  const tiles = (body: string) =>
    gameFromSource(`game "Tiles" { players 2 }
kind Tile { form: shape }
zone hand: Tile
components Tile in hand {
  "Domino" x1 { form: | # # }
  "Stone" x2 { form: | # }
}
board g: grid(3, 1)
var out: list of number
flow {
  let domino = first t in hand where t.name == "Domino"
${body}
  end game
}
scoring p { points 0 }`).start({ players: 2, seed: 1 });

  it("is true when no piece is on any space the placement covers, as all of its cells being empty", () => {
    const m = tiles(`
  let before = count pl in placements([domino], g) where empty(pl)
  place first t in hand where t.name == "Stone" at space_at(g, 2, 0)
  let after = [pl.cells[0].x for pl in placements([domino], g) where empty(pl)]
  let agree = all pl in placements([domino], g): empty(pl) == all c in pl.cells: empty(c)
  out = [before] + after + [if agree then 1 else 0]`);
    expect(m.error?.message).toBeUndefined();
    expect(m.global("out")).toEqual([2, 0, 1]);
  });

  it("keeps what it works out of a cell list out of the state: JSON, a structured clone and a saved state see plain data", () => {
    const m = tiles(`
  place domino at first pl in placements([domino], g) where empty(pl)
  let stone = first t in hand where t.name == "Stone"
  out = [count pl in placements([stone], g) where empty(pl), size(adjacent_pieces(domino))]`);
    expect(m.error?.message).toBeUndefined();
    expect(m.global("out")).toEqual([1, 0]);
    const text = JSON.stringify(m.state);
    expect(text).not.toContain("Spot");
    const domino = m.state.pieces.find((p) => p.board !== null)!;
    expect(Object.keys(domino.cells)).toEqual(["0", "1"]);
    // The spots sit on the pieces' cell lists, and the occupancy index on the state, under symbols
    // (`board-builtins.ts`, `pieces.ts`): JSON, structured clones and keys leave them out, and a
    // saved state (what is compared and kept) holds plain lists.
    expect(Object.getOwnPropertySymbols(domino.cells)).toHaveLength(1);
    expect(m.toJSON().pieces).toEqual(JSON.parse(JSON.stringify(m.state.pieces)));
    expect(Object.getOwnPropertySymbols(m.toJSON().pieces.find((p) => p.board !== null)!.cells)).toHaveLength(0);
    expect(Object.keys(m.state)).not.toContain("occ");
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(structuredClone(m.state))));
  });

  it("is refused for a piece by the checker, which names what it takes", () => {
    expect(() =>
      gameFromSource(`game "T" { players 2 }
kind Tile { n: number }
zone hand: Tile
components Tile in hand { x1 { n: 1 } }
flow { if empty(top(hand)) { end game } }
scoring p { points 0 }`),
    ).toThrow(/a space or placement/);
  });
});

describe("outflanks", () => {
  const grid = flankGrid;
  // For b: (0,0) closes a's (1,0) and (0,1); (2,0) and (0,2) close a's (1,1) on the diagonal
  // between them. For a: (3,0) closes b's (2,0), (0,3) b's (0,2).
  const position = flankPosition;

  it("tells the spaces where a piece of the owner would close a row of the others' pieces", () => {
    const r = run(
      `${position}
  out = [s.x * 10 + s.y for s in spaces(g) where outflanks(s, b)] + [-1] + [s.x * 10 + s.y for s in spaces(g) where outflanks(s, a)]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([0, 20, 2, -1, 30, 3]);
  });

  it("agrees with size(outflanked_all(s, q)) > 0 on every space for both players", () => {
    const r = run(
      `${position}
  out = [count s in spaces(g) where all q in players: outflanks(s, q) == (size(outflanked_all(s, q)) > 0)]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([16]);
  });

  it("is an error with a clear message on a graph, which has no lines", () => {
    const r = run(`  out = [if outflanks(space_at(n, 0), players[0]) then 1 else 0]`, "board n: graph(3, edges: [[0, 1], [1, 2]])");
    expect(r.error).toMatch(/^runtime-error: `outflanks` follows lines of spaces, and the board `n` has none/);
  });
});

describe("outflanks on other boards", () => {
  it("agrees with outflanked_all on a hex grid, on every space for both players", () => {
    const r = run(
      `  let a = players[0]
  let b = players[1]
  for xy in [[1, 1], [2, 1], [1, 2], [2, 2]] { place top(a.supply) at space_at(h, xy[0], xy[1]) }
  for xy in [[3, 1], [0, 2], [1, 3], [3, 0]] { place top(b.supply) at space_at(h, xy[0], xy[1]) }
  out = [count s in spaces(h) where all q in players: outflanks(s, q) == (size(outflanked_all(s, q)) > 0), count s in spaces(h) where outflanks(s, a) or outflanks(s, b)]`,
      "board h: hex(4, 4)",
    );
    expect(r.error).toBeUndefined();
    expect((r.out as number[])[0]).toBe(16);
    expect((r.out as number[])[1]).toBeGreaterThan(0);
  });
});

describe("drop_space", () => {
  // Three columns, four rows: column 0 empty, column 1 with one piece at the bottom, column 2 full.
  const grid = "board g: grid(3, 4)";
  const position = `
  let a = players[0]
  place top(a.supply) at space_at(g, 1, 3)
  for y in 0..3 { place top(a.supply) at space_at(g, 2, y) }
`;

  it("gives where a piece dropped into a column comes to rest: on the bottom row, on a piece, or none when full or off the board", () => {
    const r = run(
      `${position}
  out = [if drop_space(g, c) == none then -1 else drop_space(g, c).x * 10 + drop_space(g, c).y for c in [0, 1, 2, 3, -1]]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([3, 12, -1, -1, -1]);
  });

  it("is the first empty space from the bottom of a column without holes, as the loop it replaces finds it", () => {
    const r = run(
      `${position}
  out = [count c in 0..2 where drop_space(g, c) == first s in [space_at(g, c, 3 - y) for y in 0..3] where empty(s)]`,
      grid,
    );
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([3]);
  });

  it("refuses a column that is none or not a whole number, and a board without columns, whatever the column", () => {
    expect(run(`  out = [if drop_space(g, none) == none then 1 else 0]`, grid).error).toMatch(/^runtime-none-value: `drop_space` needs a column number, and the column is `none`/);
    expect(run(`  out = [if drop_space(g, 1.5) == none then 1 else 0]`, grid).error).toMatch(/^runtime-invalid-number: a column is a whole number, not 1.5/);
    expect(run(`  out = [if drop_space(r, 0) == none then 1 else 0]`, "board r: ring(6)").error).toMatch(/^runtime-error: `drop_space` drops a piece down a column, and the board `r` has no columns/);
    expect(run(`  out = [if drop_space(o, none) == none then 1 else 0]`, "board o: open_grid()").error).toMatch(/^runtime-error: `drop_space` needs a board with a bottom row/);
  });

  it("is an error with a clear message on an open grid, which has no bottom", () => {
    const r = run(
      `  place top(players[0].supply) at space_at(o, 0, 0)
  out = [if drop_space(o, 0) == none then 1 else 0]`,
      "board o: open_grid()",
    );
    expect(r.error).toMatch(/^runtime-error: `drop_space` needs a board with a bottom row, and the board `o` is an open grid/);
  });
});

describe("what the walks charge to the step budget", () => {
  // The flank position again, stopped before its end so the match stands on it.
  const game = gameFromSource(`${header}${flankGrid}
flow {
${flankPosition}
  turn a { let n = choose n from [1, 2] prompt "Pick" }
}
scoring p { points 0 }`);
  const m = game.start({ players: 2, seed: 1 });
  const rt = game.runtime();
  const span = rt.def.flow.span;
  const at = (x: number, y: number): SpaceInfo => rt.topo.spaceAt("g", x, y)!;

  /** The steps one call of a built-in charges, from a fresh count. */
  function steps(name: string, args: unknown[]): number {
    const x = newExec(rt, m.state);
    builtinImpl(name)!(x, args as never, span);
    return x.steps;
  }

  it("charges every space a walk looks at and nothing past the edge", () => {
    expect(m.error?.message).toBeUndefined();
    // From (0,0) for b, clockwise from the top: up and up-right leave the board at once (0); right
    // looks at a's (1,0) and b's (2,0) (2); down-right at a's (1,1) and the empty (2,2) (2); down at
    // a's (0,1) and b's (0,2) (2); the last three leave the board (0).
    expect(steps("outflanked_all", [at(0, 0), 1])).toBe(6);
    // `outflanks` stops after the first closed row: up, up-right, then right.
    expect(steps("outflanks", [at(0, 0), 1])).toBe(2);
    // From (0,0) for b, `outflanked` to the right: the same two spaces.
    expect(steps("outflanked", [at(0, 0), 1, 0, 1])).toBe(2);
    // a's line through (1,1): each of the four axes counts a's pieces both ways plus 2. Across:
    // (0,1) one way, (2,1) empty the other (1 + 2); down: (1,0) up, (1,2) empty (1 + 2); the
    // diagonals: (0,0) and (2,2) empty (0 + 2), (2,0) b and (0,2) b (0 + 2).
    expect(steps("longest_line", [at(1, 1), 0])).toBe(10);
  });
});

/**
 * On a bounded board the walks read the board's ray table (`Topology.rayTable`); on an open grid
 * they step from space to space (`Topology.along`). The same pieces laid out on both, and on a
 * bounded board with a hole in a row, must give the same answers, and a hole ends a walk as the
 * edge does.
 */
describe("line walks on bounded boards, open grids and holes", () => {
  // A 5x5 layout: b's pieces ring a's centre stone, with b's closing a's rows here and there.
  const layout = (board: string) => `
  let a = players[0]
  let b = players[1]
  place top(a.supply) at space_at(${board}, 2, 2)
  place top(b.supply) at space_at(${board}, 1, 2)
  place top(b.supply) at space_at(${board}, 3, 3)
  place top(a.supply) at space_at(${board}, 2, 1)
  place top(a.supply) at space_at(${board}, 2, 0)
  place top(b.supply) at space_at(${board}, 1, 1)
  place top(a.supply) at space_at(${board}, 0, 2)
  out = [
    longest_line(space_at(${board}, 2, 2), a),
    line_length(space_at(${board}, 2, 2), 0, -1, a),
    size(outflanked_all(space_at(${board}, 0, 0), a)),
    size(outflanked_all(space_at(${board}, 4, 4), a)),
    size(outflanked(space_at(${board}, 1, 3), 0, -1, a)),
    if outflanks(space_at(${board}, 0, 0), a) then 1 else 0,
    if outflanks(space_at(${board}, 4, 0), b) then 1 else 0,
    if outflanks(space_at(${board}, 3, 1), b) then 1 else 0
  ]`;

  it("answer the same on a bounded grid as on an open grid", () => {
    const bounded = run(layout("g"), "board g: grid(5, 5)");
    const open = run(layout("g"), "board g: open_grid()");
    expect(bounded.error).toBeUndefined();
    expect(open.error).toBeUndefined();
    // a's column (2,0)-(2,2) is three long; from (0,0) a closes b's (1,1) on the diagonal to (2,2);
    // from (4,4) a closes b's (3,3) the same way; from (1,3) upward, b's (1,2) then (1,1), open at (1,0).
    expect(bounded.out).toEqual([3, 2, 1, 1, 0, 1, 0, 1]);
    expect(open.out).toEqual(bounded.out);
  });

  it("stop at a hole as at the edge", () => {
    const holed = `board g: grid(5, 1) {
  space k: number = 0
  map {
    | . . - . .
  }
  legend { ".": k = 0  "-": none }
}`;
    const r = run(
      `
  let a = players[0]
  let b = players[1]
  place top(b.supply) at space_at(g, 1, 0)
  place top(a.supply) at space_at(g, 3, 0)
  place top(a.supply) at space_at(g, 4, 0)
  out = [
    if outflanks(space_at(g, 0, 0), a) then 1 else 0,
    size(outflanked_all(space_at(g, 0, 0), a)),
    longest_line(space_at(g, 4, 0), a),
    longest_line(space_at(g, 1, 0), b)
  ]`,
      holed,
    );
    expect(r.error).toBeUndefined();
    // The hole at (2,0) ends a's walk from (0,0) past b's (1,0): nothing closed. a's line (3,0)-(4,0)
    // is two long, cut off by the hole; b's lone (1,0) is one.
    expect(r.out).toEqual([0, 0, 2, 1]);
  });
});
