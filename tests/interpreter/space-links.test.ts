import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `joins` reads the board's links (`interpreter/space-links.ts`): kept with the board's position,
 * carried forward as stones come, built again after anything else. These check it against the
 * same question asked by walking (`connected` over the owner's pieces) after every kind of change:
 * stones put down, stones stacked, taken away, given to another owner; and on copies of a match
 * that go separate ways.
 */
describe("the links joins reads", () => {
  // Stones put down, stacked, taken away and turned over at random (the match's generator), on a
  // 5x5 hex board; after each change, `joins` from every stone on the board against the walk.
  const walk = gameFromSource(`game "Links" { players 2 }
kind Stone { }
zone supply per player: Stone
components Stone per player in supply { x40 { } }
board h: hex(5, 5)
var checks: number = 0
var agreed: number = 0
var joined: number = 0
define north(): list of space = [t for t in spaces(h) where t.y == 0]
define south(): list of space = [t for t in spaces(h) where t.y == 4]
define chain(s: space): list of piece =
  connected(piece_at(s), [q for q in pieces(h) where q.owner == piece_at(s).owner])
define walked(s: space): bool =
  (any q in chain(s): q.space in north()) and (any q in chain(s): q.space in south())
procedure check() {
  for s in spaces(h) where occupied(s) {
    checks += 1
    if joins(s, north(), south()) == walked(s) { agreed += 1 }
    if joins(s, north(), south()) { joined += 1 }
  }
}
flow {
  repeat 120 {
    let p = random(players)
    let what = random([1, 1, 1, 1, 1, 1, 2, 3, 4])
    if what == 1 and size(empty_spaces(h)) > 0 and size(p.supply) > 0 {
      place top(p.supply) at random(empty_spaces(h))
    } else if what == 2 and size(pieces(h)) > 0 and size(p.supply) > 0 {
      // On top of a stone: the space shows the new one's owner.
      place top(p.supply) at random(pieces(h)).space
    } else if what == 3 and size(pieces(h)) > 0 {
      let q = random(pieces(h))
      move q to q.owner.supply
    } else if what == 4 and size(pieces(h)) > 0 {
      let q = random(pieces(h))
      q.owner = if q.owner == players[0] then players[1] else players[0]
    }
    check()
  }
  end game
}
scoring p { points 0 }`);

  it("agree with a walk over the chain after every kind of change", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const m = walk.start({ players: 2, seed });
      expect(m.error).toBeNull();
      const checks = m.global("checks") as number;
      expect(checks).toBeGreaterThan(500);
      expect(m.global("agreed")).toBe(checks);
      // Both answers were asked about: the board filled enough for chains to cross it.
      expect(m.global("joined")).toBeGreaterThan(0);
      expect(m.global("joined")).toBeLessThan(checks);
    }
  });

  // Each decision puts a stone of the player to move on a chosen space, or turns one over.
  const choices = gameFromSource(`game "Copies" { players 2 }
kind Stone { }
zone supply per player: Stone
components Stone per player in supply { x9 { } }
board h: hex(3, 3)
var seen: list of number = []
define north(): list of space = [t for t in spaces(h) where t.y == 0]
define south(): list of space = [t for t in spaces(h) where t.y == 2]
procedure note() {
  seen = seen + [count s in spaces(h) where occupied(s) and joins(s, north(), south())]
}
flow {
  // A first player's column down the middle but for its middle stone, the second player's.
  place top(players[0].supply) at space_at(h, 1, 0)
  place top(players[1].supply) at space_at(h, 1, 1)
  place top(players[0].supply) at space_at(h, 1, 2)
  note()
  turn players[0] {
    choose prompt "Play" {
      option "Turn the middle stone over" { piece_at(space_at(h, 1, 1)).owner = players[0] }
      option "Go round it" {
        place top(players[0].supply) at space_at(h, 0, 1)
        place top(players[0].supply) at space_at(h, 0, 2)
      }
      option "Pass" { }
    }
    note()
  }
}
scoring p { points 0 }`);

  it("copies that go separate ways each answer for their own board", () => {
    const m = choices.start({ players: 2, seed: 1 });
    expect(m.global("seen")).toEqual([0]);
    const turned = m.clone();
    const round = m.clone();
    turned.applyAt(0);
    round.applyAt(1);
    m.applyAt(2);
    // Turned over: the column is one chain of three. Round it: (1,0), (0,1), (0,2) and (1,2) touch
    // one after the other on this hex grid, four stones from north to south. Passed: none.
    expect(turned.global("seen")).toEqual([0, 3]);
    expect(round.global("seen")).toEqual([0, 4]);
    expect(m.global("seen")).toEqual([0, 0]);
  });
});
