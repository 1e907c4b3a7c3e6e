import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `corners(b)` and `edges(b)`: the corners and the edges of a square or hex board as boards of
 * their own, `touching` between a board's cells, corners and edges, and `longest_trail` along edges.
 */

const island = `board land: hex(5, 5) {
  space isle: bool = false
  map {
    | . . o o o
    | . o o o o
    | o o o o o
    | o o o o .
    | o o o . .
  }
  legend { ".": none  o: isle }
}
board crossings: corners(land)
board paths: edges(land)
board squares: grid(3, 3)
board dots: corners(squares)
board lines: edges(squares)
board route: graph(3, edges: [[0, 1], [1, 2]])
`;

function run(body: string): { out: unknown; texts: unknown; error: string | undefined } {
  const game = gameFromSource(`game "Parts" { players 2 }
kind Stone { n: number }
zone supply per player: Stone
components Stone per player in supply { x20 { n: 1 } }
${island}
var out: list of number
var texts: list of text
flow {
${body}
  end game
}
scoring p { points 0 }`);
  const m = game.start({ players: 2, seed: 1 });
  return { out: m.global("out"), texts: m.global("texts"), error: m.error ? `${m.error.code}: ${m.error.message}` : undefined };
}

describe("corners(b) and edges(b)", () => {
  it("give Catan's island its 54 corners and 72 edges, each shared one once", () => {
    const r = run(`  out = [size(spaces(land)), size(spaces(crossings)), size(spaces(paths)),
    count c in spaces(crossings) where size(touching(c, land)) == 3,
    count c in spaces(crossings) where size(neighbours(c)) == 2,
    count e in spaces(paths) where size(touching(e, land)) == 1,
    count e in spaces(paths) where size(touching(e, crossings)) == 2]`);
    expect(r.error).toBeUndefined();
    // 24 inland corners touch 3 hexes; 30 coastal edges have one hex; every edge has 2 ends.
    expect(r.out).toEqual([19, 54, 72, 24, 18, 30, 72]);
  });

  it("give a square grid's corners and edges: 16 and 24 on a 3 by 3 grid", () => {
    const r = run(`  let b2 = space_at(squares, 1, 1)
  out = [size(spaces(dots)), size(spaces(lines)), size(touching(b2, dots)), size(touching(b2, lines)),
    count c in spaces(dots) where size(touching(c, squares)) == 4, size(touching(touching(b2, lines)[0], squares))]
  texts = [c.label for c in touching(b2, dots)] + [e.label for e in touching(b2, lines)]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([16, 24, 4, 4, 4, 2]);
    // Named after the first cell that has them: b2's top left corner is a1's bottom right, its top side b1's bottom.
    expect(r.texts).toEqual(["a1 se", "b1 se", "b2 se", "a2 se", "b1 s", "b2 e", "b2 s", "a2 e"]);
  });

  it("link cells, corners and edges both ways, a hex's clockwise from its top corner and upper-right side", () => {
    const r = run(`  let c3 = space_at(land, 2, 2)
  texts = [c.label for c in touching(c3, crossings)] + [e.label for e in touching(c3, paths)]
  out = [count c in touching(c3, crossings) where c3 in touching(c, land),
    count e in touching(c3, paths) where c3 in touching(e, land),
    count e in touching(c3, paths) where all c in touching(e, crossings): c in touching(c3, crossings),
    size(touching(c3, land)), size(touching(touching(c3, crossings)[0], paths))]`);
    expect(r.error).toBeUndefined();
    expect(r.texts).toEqual(["c2 se", "d2 s", "c3 se", "c3 s", "b3 se", "c2 s", "d2 sw", "c3 e", "c3 se", "c3 sw", "b3 e", "c2 se"]);
    // On its own board `touching` is `neighbours`: the 6 hexes around c3.
    expect(r.out).toEqual([6, 6, 6, 6, 3]);
  });

  it("refuse to link boards that are not parts of one board, naming both", () => {
    const r = run(`  out = [size(touching(space_at(crossings, 0), squares))]`);
    expect(r.error).toMatch(/^runtime-error: `touching` links the cells, corners and edges of one square or hex board, and c1 n is on `crossings` \(the corners of `land`\) while `squares` is the cells of `squares`/);
    expect(run(`  out = [size(touching(space_at(route, 0), land))]`).error).toMatch(/`route` \(a graph\)/);
  });
});

describe("longest_trail", () => {
  // The zigzag along the south of row 3 (a3 to e3): 10 edges, a3's south-east side first.
  const zigzag = `  let row = [space_at(land, x, 2) for x in 0..4]
  let line = flatten([[touching(h, paths)[3], touching(h, paths)[2]] for h in row])`;

  it("counts the edges of one unbroken trail, the longer branch of a fork, a loop whole", () => {
    const r = run(`${zigzag}
  let c3 = space_at(land, 2, 2)
  let fork = [line[2], line[3], line[4], line[5], touching(c3, paths)[4]]
  out = [longest_trail([]), longest_trail([line[0]]), longest_trail(line), longest_trail([line[0], line[1], line[4]]),
    longest_trail(fork), longest_trail(touching(c3, paths)), longest_trail(touching(c3, paths) + [line[6], line[7]])]`);
    expect(r.error).toBeUndefined();
    // A fork at c3's south-west corner: the branch up c3's west side is 1, along the row 2 more.
    expect(r.out).toEqual([0, 1, 10, 2, 4, 6, 8]);
  });

  it("stops at a blocked corner, though a trail may end there", () => {
    const r = run(`${zigzag}
  let middle = first c in touching(line[4], crossings) where c in touching(line[5], crossings)
  out = [longest_trail(line, [middle]), longest_trail(line, [touching(line[0], crossings)[0]]), longest_trail(line, [])]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([5, 10, 10]);
  });

  it("a whole large board's edges as roads run out of steps at the rule, not out of the stack", () => {
    // 16,380 roads: a trail thousands deep. Walked with a stack of its own, it is stopped by the
    // step budget at its line; recursion overflowed JavaScript's stack ("calls itself forever").
    const game = gameFromSource(`game "Huge" { players 2 }
board land: grid(90, 90)
board paths: edges(land)
var n: number = 0
flow {
  n = longest_trail(spaces(paths), [])
  end game
}
scoring p { points 0 }`);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.error).toMatchObject({ code: "runtime-step-budget", span: { start: { line: 6 } } });
  });

  it("walks only the edges of an edges(…) board, and their own corners", () => {
    expect(run(`  out = [longest_trail([space_at(crossings, 0)])]`).error).toMatch(/^runtime-error: `longest_trail` walks the spaces of an `edges\(…\)` board, and c1 n is on `crossings`, a corners/);
    expect(run(`  out = [longest_trail([space_at(paths, 0)], [space_at(dots, 0)])]`).error).toMatch(/blocked spaces are corners of the board its roads are the edges of/);
  });
});
