import { describe, expect, it } from "vitest";
import { Match } from "../../interpreter/index.ts";
import { gameFromSource, inBothEngines } from "../support/games.ts";

/**
 * A match counts the turns begun (`Match.turns`): each outermost `turn` block, not a `turn` inside
 * another (a reply asked of someone within another's turn). Simulation reports a game's length in
 * turns beside decisions: a variant that asks fewer questions a turn took a third fewer decisions
 * in a quarter fewer rounds, and decisions overstated how much shorter the game was.
 */
describe("the turn count", () => {
  const source = `
game "Replies" { players 2 }
per player { n: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        let k = choose k from 1..2 prompt "Take"
        p.n += k
        if k == 2 {
          // A reply within p's turn: another turn block, not another turn.
          turn others(p)[0] {
            let r = choose r from 1..2 prompt "Answer"
            others(p)[0].n += r
          }
        }
      }
    }
  }
}
scoring p { points p.n }
`;

  it("counts outermost turn blocks only, in both engines", () => {
    for (const { engine, match: m } of inBothEngines(source)) {
      expect(m.turns, engine).toBe(1);
      // Always the second option: every turn asks a reply, so 12 decisions in 6 turns.
      let decisions = 0;
      while (!m.over) {
        const r = m.applyAt(1);
        expect(r.ok, engine).toBe(true);
        decisions++;
      }
      expect(m.error, engine).toBeNull();
      expect(decisions, engine).toBe(12);
      expect(m.turns, engine).toBe(6);
    }
  });

  it("counts no turn in rules without one", () => {
    const m = gameFromSource(`game "Plain" { players 2 }
var n: number = 0
flow { repeat 2 { let k = choose k from 1..3 by players[0] prompt "Take"
  n += k } }
scoring p { points n }
`).start({ players: 2, seed: 1 });
    while (!m.over) expect(m.applyAt(0).ok).toBe(true);
    expect(m.turns).toBe(0);
  });

  it("keeps the count in a saved match, and resumes one saved before turns were counted with none", () => {
    const game = gameFromSource(source);
    const m = game.start({ players: 2, seed: 3 });
    for (let i = 0; i < 5; i++) m.applyAt(1);
    const saved = m.toJSON();
    expect(saved.turns).toEqual([2, 1]);
    expect(Match.fromJSON(game, saved).turns).toBe(3);
    const old = structuredClone(saved) as Partial<typeof saved>;
    delete old.turns;
    const resumed = Match.fromJSON(game, old as typeof saved);
    expect(resumed.turns).toBe(0);
    resumed.applyAt(0);
    expect(resumed.turns).toBe(1);
    // A count that is not one whole number a seat is refused, with why.
    expect(() => Match.fromJSON(game, { ...saved, turns: [1] })).toThrow("does not count each player's turns");
  });
});
