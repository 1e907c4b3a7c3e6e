import { describe, expect, it } from "vitest";
import { playRandomly } from "../../interpreter/index.ts";
import { gameFromSource, gameFiles, loadGame } from "../support/games.ts";

/**
 * Matches start from one laid-out copy of the pieces per variant and player
 * count (`Game.start`): nothing a match does may reach the next match.
 */

const MARKS = gameFromSource(`
game "Marks" { players 2..3 }
kind Stone { state marks: list of number = []  state taken: bool = false }
zone pool: Stone
zone kept per player: Stone
components Stone in pool { x4 { } }
flow {
  for p in players {
    turn p {
      let s = choose s from pool prompt "Take a stone"
      s.marks = s.marks + [p.seat]
      s.taken = true
      move s to p.kept
    }
  }
}
scoring p { points size(p.kept) }
`);

describe("starting a match", () => {
  it("gives every match its own pieces: one match's moves and piece state never reach the next", () => {
    const fresh = MARKS.start({ players: 2, seed: 4 }).toJSON();
    const played = MARKS.start({ players: 2, seed: 4 });
    playRandomly(played, 1);
    expect(played.over).toBe(true);
    expect(played.state.pieces.some((p) => p.st["taken"] === true)).toBe(true);
    expect(MARKS.start({ players: 2, seed: 4 }).toJSON()).toEqual(fresh);
  });

  it("lays out each player count on its own", () => {
    const three = MARKS.start({ players: 3, seed: 4 });
    expect(Object.keys(three.state.zones).filter((z) => z.startsWith("kept"))).toHaveLength(3);
    expect(Object.keys(MARKS.start({ players: 2, seed: 4 }).state.zones).filter((z) => z.startsWith("kept"))).toHaveLength(2);
  });

  it("plays every game alike whether the match is the first or the hundredth started", () => {
    for (const file of gameFiles()) {
      const game = loadGame(file);
      const players = Math.max(game.minPlayers, 2);
      const first = game.start({ players, seed: 9 });
      playRandomly(first, 9);
      for (let seed = 1; seed <= 5; seed++) playRandomly(game.start({ players, seed }), seed);
      const again = game.start({ players, seed: 9 });
      playRandomly(again, 9);
      expect(again.toJSON(), file).toEqual(first.toJSON());
    }
  });
});
