import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `pieces(board)`: the pieces on top, in the order they came. The engine keeps the answer with
 * the board's position until a piece comes or goes there (`state.ts` `BoardPosition.tops`);
 * these ask it after every kind of change, and on copies of a match that go separate ways.
 */
describe("pieces on a board", () => {
  const game = gameFromSource(`game "Tops" { players 2 }
kind Disc { }
zone box: Disc
components Disc in box { x6 { } }
board field: grid(3, 1)
board other: grid(2, 1)
var seen: list of number = []
procedure note() { seen = seen + [size(pieces(field))] }
flow {
  place top(box) at space_at(field, 0, 0)
  note()
  place top(box) at space_at(field, 1, 0)
  note()
  // On top of another: the one below is no longer on top.
  place top(box) at space_at(field, 1, 0)
  note()
  // Another board changes: this one's answer stands.
  place top(box) at space_at(other, 0, 0)
  note()
  // The top one leaves: the one below is on top again.
  let up = piece_at(space_at(field, 1, 0))
  move up to box
  note()
  turn players[0] {
    let s = choose s from spaces(field) prompt "Where"
    place top(box) at s
    note()
  }
}
scoring p { points 0 }`);

  it("follows every change to its board, and only to its board", () => {
    const m = game.start({ players: 2, seed: 1 });
    expect(m.global("seen")).toEqual([1, 2, 2, 2, 2]);
    m.applyAt(1);
    expect(m.global("seen")).toEqual([1, 2, 2, 2, 2, 2]);
  });

  it("copies that go separate ways each answer for their own board", () => {
    const m = game.start({ players: 2, seed: 1 });
    const a = m.clone();
    const b = m.clone();
    // On the empty space: one more on top; on the taken one: covered, no more.
    a.applyAt(2);
    b.applyAt(0);
    m.applyAt(1);
    expect(a.global("seen")).toEqual([1, 2, 2, 2, 2, 3]);
    expect(b.global("seen")).toEqual([1, 2, 2, 2, 2, 2]);
    expect(m.global("seen")).toEqual([1, 2, 2, 2, 2, 2]);
  });
});
