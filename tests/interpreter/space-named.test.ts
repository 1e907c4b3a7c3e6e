import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/** `space_named`: a space by the name players read, so a position is laid out by its squares. */

function run(board: string, body: string): { out: unknown; error: string | undefined } {
  const game = gameFromSource(`game "Names" { players 2 }
${board}
var out: list of number
flow {
${body}
  end game
}
scoring p { points 0 }`);
  const m = game.start({ players: 2, seed: 1 });
  return { out: m.global("out"), error: m.error ? `${m.error.code}: ${m.error.message}` : undefined };
}

describe("space_named", () => {
  it("finds a grid's square by its name, counted from a1 at the top left, as space_at finds it by its column and row", () => {
    const r = run("board g: grid(8, 8)", `  out = [space_named(g, n).x * 10 + space_named(g, n).y for n in ["a1", "d5", "h8"]] + [if space_named(g, "d5") == space_at(g, 3, 4) then 1 else 0]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([0, 34, 77, 1]);
  });

  it("is none for a name the board has not: off the board, or a name written otherwise", () => {
    const r = run("board g: grid(8, 8)", `  out = [if space_named(g, n) == none then 1 else 0 for n in ["i1", "a9", "D5", "", "d5"]]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([1, 1, 1, 1, 0]);
  });

  it("reads the name a layered board gives a space above the first level", () => {
    const r = run("board t: layered(3, 3, levels: 2)", `  let s = space_named(t, space_at(t, 1, 1, 1).label)
  out = [s.x, s.y, level(s)]`);
    expect(r.error).toBeUndefined();
    expect(r.out).toEqual([1, 1, 1]);
  });

  it("names a track's, a ring's or a graph's space by board and number, or by the number alone", () => {
    for (const board of ["board t: track(6)", "board t: ring(6)", "board t: graph(6, edges: [[0, 1], [1, 5]])"]) {
      const r = run(board, `  out = [if space_named(t, n) == none then -1 else space_named(t, n).x for n in ["t 5", "5", "0", "6", "05", "x 5"]]`);
      expect(r.error).toBeUndefined();
      // "05" and another board's name read as no space.
      expect(r.out).toEqual([5, 5, 0, -1, -1, -1]);
    }
    // A grid's squares are never named by a bare number.
    expect(run("board g: grid(3, 3)", `  out = [if space_named(g, "1") == none then 1 else 0]`).out).toEqual([1]);
  });
});
