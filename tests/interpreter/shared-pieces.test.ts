import { describe, expect, it } from "vitest";
import type { Match } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A copy of a match shares its pieces with the match until one of them changes a piece
 * (`pieces.ts` `ownPiece`): whatever either does to a piece, the other never sees it.
 */

// A decision (which coin), then every way the rules change a piece, each on a piece nothing
// changed before in this move: its state fields, owner, zone, board, side, and taking it out of
// the game, and bringing one back into a zone and onto a board; then one more choice, where the
// match waits.
const CHANGES = gameFromSource(`
game "Changes" { players 2 }
kind Coin { value: number  state marks: number = 0 }
zone pool: Coin
zone hand per player: Coin
components Coin in pool { x1 { value: 1 }  x1 { value: 2 }  x1 { value: 3 }  x1 { value: 4 }  x1 { value: 5 }  x1 { value: 6 }  x1 { value: 7 }  x1 { value: 8 }  x1 { value: 9 } }
board b: grid(3, 1)
var spares: list of Coin = []
setup {
  place top(pool) at space_at(b, 2, 0) face down
  spares = [c for c in pool where c.value == 7 or c.value == 8]
  for q in spares { remove q }
}
flow {
  turn players[0] {
    let c = choose c from [c for c in pool] prompt "Take a coin"
    c.marks += 1
    let rest = [q for q in pool where q != c]
    rest[0].owner = players[1]
    move rest[1] to players[0].hand
    place rest[2] at space_at(b, 0, 0)
    remove rest[3]
    flip piece_at(space_at(b, 2, 0)) face up
    move spares[0] to players[1].hand
    place spares[1] at space_at(b, 1, 0)
    let e = choose e from 1..2 prompt "Again"
  }
}
scoring p { points 0 }
`);

/** The match as plain data, to compare before and after. */
const snapshot = (m: Match): string => JSON.stringify(m.toJSON());

describe("pieces shared with copies", () => {
  for (const [name, copy] of [
    ["clone", (m: Match) => m.clone()],
    ["lookAhead", (m: Match) => m.lookAhead()],
    ["resampleFor", (m: Match) => m.resampleFor(0, 9)],
  ] as const) {
    it(`a change to a piece of a copy (${name}) leaves the match as it was, and the other way round`, () => {
      const m = CHANGES.start({ players: 2, seed: 1 });
      const before = snapshot(m);
      const c = copy(m);
      expect(c.applyAt(1)).toEqual({ ok: true });
      c.decision;
      expect(snapshot(m)).toBe(before);
      // The copy made every change.
      const pieces = c.state.pieces;
      expect(pieces.filter((p) => p.st["marks"] === 1)).toHaveLength(1);
      expect(pieces.filter((p) => p.owner === 1)).toHaveLength(1);
      expect(pieces.filter((p) => p.zone === "hand#0")).toHaveLength(1);
      expect(pieces.filter((p) => p.board === "b" && p.cells[0] === "0,0")).toHaveLength(1);
      expect(pieces.filter((p) => p.zone === null && p.board === null)).toHaveLength(1);
      expect(pieces.filter((p) => p.board === "b" && p.cells[0] === "2,0" && p.up)).toHaveLength(1);
      expect(pieces.filter((p) => p.zone === "hand#1")).toHaveLength(1);
      expect(pieces.filter((p) => p.board === "b" && p.cells[0] === "1,0")).toHaveLength(1);
      // The match's own move leaves the copy as it was.
      const after = snapshot(c);
      expect(m.applyAt(2)).toEqual({ ok: true });
      expect(snapshot(c)).toBe(after);
      expect(m.state.pieces.filter((p) => p.st["marks"] === 1)).toHaveLength(1);
    });
  }

  it("a copy of a copy shares too, and each of the three changes only its own", () => {
    // What each would be after its one decision, had it no copies.
    const alone = (i: number): string => {
      const m = CHANGES.start({ players: 2, seed: 1 });
      m.applyAt(i);
      return snapshot(m);
    };
    const m = CHANGES.start({ players: 2, seed: 1 });
    const a = m.clone();
    const b = a.clone();
    const start = snapshot(m);
    a.applyAt(0);
    expect(snapshot(m)).toBe(start);
    expect(snapshot(b)).toBe(start);
    b.applyAt(3);
    expect(snapshot(m)).toBe(start);
    // The match moves last, changing pieces its copies share with it and did not change.
    m.applyAt(5);
    expect(snapshot(a)).toBe(alone(0));
    expect(snapshot(b)).toBe(alone(3));
    expect(snapshot(m)).toBe(alone(5));
  });

  it("a match that moves right after it is copied leaves the copy as it was", () => {
    const m = CHANGES.start({ players: 2, seed: 1 });
    const before = snapshot(m);
    const c = m.clone();
    m.applyAt(4);
    expect(snapshot(c)).toBe(before);
  });

  it("zones' lists are shared too: shuffling, dealing and moving on either leave the other's zones as they were", () => {
    // Copies share each zone's list until one changes it (`shared-zones.ts` `ownZone`).
    const game = gameFromSource(`
game "Cards" { players 2 }
kind Card { n: number }
zone deck: Card
zone discard: Card
zone hand per player: Card
components Card in deck { for i in 1..12 { x1 { n: i } } }
flow {
  turn players[0] {
    let how = choose how from 1..3 prompt "How?"
    if how == 1 { shuffle deck }
    if how == 2 { deal 3 from deck to players[0].hand }
    if how == 3 { move top(deck) to discard  move top(deck) to players[1].hand }
    deal 1 from deck to discard
    let again = choose again from 1..2 prompt "Again"
  }
}
scoring p { points 0 }
`);
    for (const index of [0, 1, 2]) {
      const m = game.start({ players: 2, seed: 3 });
      const before = snapshot(m);
      const c = m.clone();
      expect(c.applyAt(index)).toEqual({ ok: true });
      expect(snapshot(m)).toBe(before);
      // What each way moves: dealing takes the deck's pieces one by one, from a list the copy now owns.
      const sizes = Object.fromEntries(Object.entries(c.toJSON().zones).map(([k, ids]) => [k, ids.length]));
      expect(sizes).toEqual([
        { deck: 11, discard: 1, "hand#0": 0, "hand#1": 0 },
        { deck: 8, discard: 1, "hand#0": 3, "hand#1": 0 },
        { deck: 9, discard: 2, "hand#0": 0, "hand#1": 1 },
      ][index]);
      // And the other way round, from a copy of the copy.
      const after = snapshot(c);
      const d = c.clone();
      expect(m.applyAt(index)).toEqual({ ok: true });
      expect(d.applyAt(0)).toEqual({ ok: true });
      expect(snapshot(c)).toBe(after);
      // Both went the same way from the same state: the same zones.
      expect(m.toJSON().zones).toEqual(c.toJSON().zones);
    }
  });

  it("stacks of pieces on a cell are shared too: putting one on top, taking out the middle one and the top one leave the other's stacks as they were", () => {
    // Copies share a board's stacks (`state.ts` `ownCells`): a move replaces a stack, never changes it.
    const game = gameFromSource(`
game "Towers" { players 1 }
kind Disc { n: number }
zone pool: Disc
components Disc in pool { for i in 1..6 { x1 { n: i } } }
board b: grid(2, 1)
setup {
  for i in 1..3 { place top(pool) at space_at(b, 0, 0) }
  place top(pool) at space_at(b, 1, 0)
}
flow {
  turn players[0] {
    let how = choose how from 1..3 prompt "How?"
    if how == 1 { place top(pool) at space_at(b, 0, 0) }
    if how == 2 { move pieces_at(space_at(b, 0, 0))[1] to pool }
    if how == 3 { move piece_at(space_at(b, 0, 0)) to pool }
    place top(pool) at space_at(b, 1, 0)
    let again = choose again from 1..2 prompt "Again"
  }
}
scoring p { points 0 }
`);
    const heights = (m: Match): number[] => [0, 1].map((x) => m.view(null).boards[0]!.pieces.filter((p) => p.cells?.[0] === `b:${x},0`).length);
    for (const index of [0, 1, 2]) {
      const m = game.start({ players: 1, seed: 1 });
      expect(heights(m)).toEqual([3, 1]);
      const before = snapshot(m);
      const c = m.clone();
      expect(c.applyAt(index)).toEqual({ ok: true });
      expect(heights(c)).toEqual([index === 0 ? 4 : 2, 2]);
      expect(snapshot(m)).toBe(before);
      // And the other way round: the match's move leaves the copy as it was.
      const after = snapshot(c);
      const d = c.clone();
      expect(m.applyAt(index)).toEqual({ ok: true });
      expect(d.applyAt(0)).toEqual({ ok: true });
      expect(snapshot(c)).toBe(after);
      expect(heights(m)).toEqual(heights(c));
    }
  });
});
