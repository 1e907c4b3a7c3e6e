import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `empty_spaces` of a board of 32 spaces or more is kept with the board's position and worked out
 * from the last one when a piece is put down (`board-builtins.ts` `emptySpaces`, `pieces.ts`
 * `putOnBoard`). These check it against the scan it stands for (`spaces` where `empty`) after
 * every kind of change: single stones and two-cell tiles put down, stones and tiles stacked over
 * pieces (a tile half on one), pieces taken away and moved on the board; and on copies of a
 * match that go separate ways.
 */
describe("the empty spaces kept with a board's position", () => {
  const mixed = gameFromSource(`game "Empties" { players 2 }
kind Stone { }
kind Tile { form: shape }
zone supply: piece
components Stone in supply { x30 { } }
components Tile in supply { x12 { form: | # # } }
board g: grid(6, 6)
var checks: number = 0
var agreed: number = 0
var puts: number = 0
define scanned(): list of space = [s for s in spaces(g) where empty(s)]
procedure check() {
  checks += 1
  if empty_spaces(g) == scanned() { agreed += 1 }
}
flow {
  repeat 150 {
    let what = random([1, 1, 1, 2, 2, 3, 4, 5, 6])
    let stones = [q for q in supply where q is Stone]
    let tiles = [q for q in supply where q is Tile]
    if what == 1 and size(stones) > 0 and size(empty_spaces(g)) > 0 {
      place stones[0] at random(empty_spaces(g))
      puts += 1
    } else if what == 2 and size(tiles) > 0 {
      let fits = [pl for pl in placements([tiles[0]], g) where empty(pl)]
      if size(fits) > 0 {
        place tiles[0] at random(fits)
        puts += 1
      }
    } else if what == 3 and size(stones) > 0 and size(pieces(g)) > 0 {
      // On top of a piece: the space stays taken.
      place stones[0] at random(pieces(g)).space
    } else if what == 4 and size(pieces(g)) > 0 {
      move random(pieces(g)) to supply
    } else if what == 5 and size(empty_spaces(g)) > 0 {
      // A stone moved on the board: taken off one space, put on another.
      let on_board = [q for q in pieces(g) where q is Stone]
      if size(on_board) > 0 { place random(on_board) at random(empty_spaces(g)) }
    } else if what == 6 and size(tiles) > 0 {
      // Anywhere, over pieces or not: a tile may cover one taken space and one empty one.
      place tiles[0] at random(placements([tiles[0]], g))
    }
    check()
  }
  end game
}
scoring p { points 0 }`);

  it("agree with a scan of the board after every kind of change", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const m = mixed.start({ players: 2, seed });
      expect(m.error).toBeNull();
      expect(m.global("checks")).toBe(150);
      expect(m.global("agreed")).toBe(150);
      // The board was used: pieces were put down, not only asked about.
      expect(m.global("puts")).toBeGreaterThan(30);
    }
  });

  const choices = gameFromSource(`game "Copies" { players 2 }
kind Stone { }
zone supply per player: Stone
components Stone per player in supply { x9 { } }
board g: grid(8, 8)
var seen: list of number = []
procedure note() {
  seen = seen + [size(empty_spaces(g))]
}
flow {
  place top(players[0].supply) at space_at(g, 0, 0)
  note()
  turn players[0] {
    choose prompt "Play" {
      option "One more" { place top(players[0].supply) at space_at(g, 1, 0) }
      option "Two more" {
        place top(players[0].supply) at space_at(g, 2, 0)
        place top(players[0].supply) at space_at(g, 3, 0)
      }
      option "Take it back" { move piece_at(space_at(g, 0, 0)) to players[0].supply }
    }
    note()
  }
}
scoring p { points 0 }`);

  it("copies that go separate ways each answer for their own board", () => {
    const m = choices.start({ players: 2, seed: 1 });
    expect(m.global("seen")).toEqual([63]);
    const one = m.clone();
    const two = m.clone();
    one.applyAt(0);
    two.applyAt(1);
    m.applyAt(2);
    expect(one.global("seen")).toEqual([63, 62]);
    expect(two.global("seen")).toEqual([63, 61]);
    expect(m.global("seen")).toEqual([63, 64]);
  });

  // A space chosen from the empty list is found there by its position in the list (`withoutCells`'
  // hint); a piece put elsewhere than the space chosen must not take the chosen one out instead.
  const elsewhere = gameFromSource(`game "Elsewhere" { players 2 }
kind Stone { }
zone supply per player: Stone
components Stone per player in supply { x40 { } }
board g: grid(8, 8)
var checks: number = 0
var agreed: number = 0
define scanned(): list of space = [s for s in spaces(g) where empty(s)]
flow {
  loop {
    for p in players {
      turn p {
        let s = choose s from empty_spaces(g) prompt "Pick"
        // Put down on the chosen space half the time, else on another empty one.
        let others = [t for t in empty_spaces(g) where t != s]
        if size(others) == 0 { end game }
        place top(p.supply) at if random([true, false]) then s else random(others)
        checks += 1
        if empty_spaces(g) == scanned() { agreed += 1 }
      }
    }
  }
}
scoring p { points 0 }`);

  it("a piece put elsewhere than the space chosen from them takes its own space out", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const m = elsewhere.start({ players: 2, seed });
      for (let i = 0; m.decision && i < 60; i++) m.applyAt((i * 7 + seed) % m.optionCount());
      expect(m.error).toBeNull();
      expect(m.global("checks")).toBeGreaterThan(50);
      expect(m.global("agreed")).toBe(m.global("checks"));
    }
  });
});
