import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `pieces(b)` lists the pieces nobody covers; `pieces(b, covered: true)` every piece on the board.
 * Pawns that share a space of a track stack up: a race game looking for its pawn with `pieces(b)`
 * lost the one underneath (found writing a race game as a new user).
 */
describe("pieces on a board, covered ones too", () => {
  const game = gameFromSource(`
game "Race" { players 2 }
kind Pawn { n: number }
zone home per player: Pawn
components Pawn per player in home { x1 { n: 1 } }
board path: track(5)
var tops: number = 0
var every: number = 0
var mine: number = 0
flow {
  for p in players { place top(p.home) at space_at(path, 2, 0) }
  tops = size(pieces(path))
  every = size(pieces(path, covered: true))
  mine = count q in pieces(path, covered: true) where q.owner == players[0]
}
scoring p { points 0 }
`);

  it("lists the pawn underneath a shared space only with covered: true, in the order placed", () => {
    const m = game.start({ players: 2, seed: 1 });
    expect(m.error).toBeNull();
    expect([m.global("tops"), m.global("every"), m.global("mine")]).toEqual([1, 2, 1]);
  });
});
