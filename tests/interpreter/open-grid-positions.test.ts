import { describe, expect, it } from "vitest";
import { Match, type Game } from "../../interpreter/index.ts";
import { botRandom } from "../../interpreter/bots/seeds.ts";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { gameFromSource, loadGame } from "../support/games.ts";

/**
 * An open grid's spaces and fits are kept with the position (`state.ts` `BoardPosition`), and a
 * piece put down works the next position's spaces out from the last one's (`Topology.openSpacesAfter`).
 * Whatever was kept or worked out step by step must read exactly as worked out from scratch: a
 * match resumed from its JSON keeps nothing, so it is the reference.
 */
function spacesOf(m: Match, board: string): string[] {
  return m.view(null).boards.find((b) => b.key === board)!.spaces.map((s) => s.key);
}

function optionIds(m: Match, player: number): string[] {
  return m.options(player).map((o) => o.id);
}

/** Plays a match with random draws, checking at every decision that the live match reads as a resumed one. */
function playChecking(game: Game, players: number, seed: number, board: string, copies: boolean): number {
  let m = game.start({ players, seed });
  const rng = botRandom(seed);
  let checked = 0;
  while (m.decision) {
    const p = m.decision.players[0]!;
    const fresh = Match.fromJSON(game, m.toJSON());
    expect(spacesOf(m, board)).toEqual(spacesOf(fresh, board));
    expect(optionIds(m, p)).toEqual(optionIds(fresh, p));
    checked++;
    // A copy shares the position until it moves: play on in the copy some of the time.
    if (copies && checked % 3 === 0) m = m.clone();
    const r = m.applyAt(uniformInt(rng, 0, m.optionCount(p) - 1), p);
    expect(r.ok).toBe(true);
  }
  expect(m.error).toBeNull();
  return checked;
}

describe("open grid positions", () => {
  it("Cacao's jungle reads the same live, on copies and resumed, at every decision", () => {
    const game = loadGame("cacao.stela");
    let checked = 0;
    for (const seed of [1, 2]) checked += playChecking(game, 3, seed, "jungle", seed === 2);
    expect(checked).toBeGreaterThan(100);
  });

  it("a piece moved on the grid, lifted off it, or put on top of another leaves spaces as worked out from scratch", () => {
    const game = gameFromSource(`game "Drift" { players 1 }
kind Stone { n: number }
zone bag: Stone
components Stone in bag { x6 { n: 1 } }
board wild: open_grid()
flow {
  turn players[0] {
    repeat 12 {
      let s = choose s from spaces(wild) prompt "Where?"
      choose prompt "How?" {
        option "A new stone" when size(bag) > 0 { place top(bag) at s }
        option "Move a stone there" when size(pieces(wild)) > 0 { place top(pieces(wild)) at s }
        option "Take a stone back" when size(pieces(wild)) > 1 { move top(pieces(wild)) to bag }
      }
    }
  }
}
scoring p { points 0 }`);
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5]) checked += playChecking(game, 1, seed, "wild", seed % 2 === 0);
    expect(checked).toBeGreaterThan(60);
  });

  it("the pieces on top of a board, carried from one position to the next, read as listed from scratch", () => {
    // A piece put on empty spaces is added to the last position's list of pieces on top
    // (`pieces.ts` `positionAfterPut`); stacking, moving and taking back work it out again.
    // The prompt shows the list, by each stone's number, in order.
    const game = gameFromSource(`game "Heap" { players 1 }
kind Stone { n: number }
zone bag: Stone
components Stone in bag { for i in 1..8 { x1 { n: i } } }
board yard: grid(3, 2)
flow {
  turn players[0] {
    repeat 14 {
      let s = choose s from spaces(yard) prompt "On top: {[q.n for q in pieces(yard)]}"
      choose prompt "How? ({size(pieces(yard))} on top)" {
        option "A new stone" when size(bag) > 0 { place top(bag) at s }
        option "Move a stone there" when size(pieces(yard)) > 0 { place pieces(yard)[0] at s }
        option "Take a stone back" when size(pieces(yard)) > 1 { move top(pieces(yard)) to bag }
      }
    }
  }
}
scoring p { points 0 }`);
    let checked = 0;
    let stacked = false;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      let m = game.start({ players: 1, seed });
      const rng = botRandom(seed);
      while (m.decision) {
        // A resumed match keeps no position: the same decision taken on it lists the pieces from
        // scratch in the next prompt (a saved prompt is text, so the two are compared after it).
        const fresh = Match.fromJSON(game, m.toJSON());
        const i = uniformInt(rng, 0, m.optionCount(0) - 1);
        if (seed % 2 === 0 && checked % 3 === 0) m = m.clone();
        expect(m.applyAt(i, 0).ok).toBe(true);
        expect(fresh.applyAt(i, 0).ok).toBe(true);
        expect(m.decision?.prompt).toEqual(fresh.decision?.prompt);
        checked++;
        stacked ||= m.view(null).boards[0]!.pieces.some((p) => p.covered === true);
      }
      expect(m.error).toBeNull();
    }
    expect(checked).toBeGreaterThan(100);
    // Stacking happened, so the list was also worked out again from scratch.
    expect(stacked).toBe(true);
  });
});
