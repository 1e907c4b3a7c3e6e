import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `placements(pieces, board)` gathers each piece's fits into one list, in the order of the pieces
 * asked, each piece's row by row. A piece's fits are gathered by spreading them into the list, and
 * one by one past a length a spread could not pass on the stack (`SPREAD_AT_MOST` in
 * `board-builtins.ts`): both ways give the same list.
 */
function placementsOn(width: number, height: number): { total: number; firstOfSecond: number; ordered: boolean } {
  const game = gameFromSource(`game "Fits" { players 2 }
kind Disc { size: number }
zone pool: Disc
components Disc in pool { x1 { size: 1 }  x1 { size: 2 } }
board b: grid(${width}, ${height})
var total: number = 0
var first_of_second: number = 0
var ordered: bool = false
flow {
  let fits = placements([d for d in pool], b)
  total = size(fits)
  first_of_second = count f in fits where f.piece == [d for d in pool][0]
  // Every fit of the first piece before any of the second, and each piece's fits row by row.
  ordered = all i in 1..size(fits) - 1:
    (fits[i - 1].piece == fits[i].piece and fits[i - 1].space.y * ${width} + fits[i - 1].space.x < fits[i].space.y * ${width} + fits[i].space.x)
      or (fits[i - 1].piece == [d for d in pool][0] and fits[i].piece == [d for d in pool][1])
}
scoring p { points 0 }`);
  const m = game.start({ players: 2, seed: 1 });
  expect(m.error).toBeNull();
  return { total: m.global("total") as number, firstOfSecond: m.global("first_of_second") as number, ordered: m.global("ordered") as boolean };
}

describe("placements", () => {
  it("lists every fit of each piece, piece by piece, on a small board", () => {
    expect(placementsOn(8, 8)).toEqual({ total: 128, firstOfSecond: 64, ordered: true });
  });

  it("lists them the same way when a piece has more fits than are spread at once", () => {
    expect(placementsOn(70, 70)).toEqual({ total: 9800, firstOfSecond: 4900, ordered: true });
  });
});
