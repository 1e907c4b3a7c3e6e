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
});
