import { describe, expect, it } from "vitest";
import { compile } from "../../interpreter/index.ts";
import { ruleFiles, stela } from "./run-stela.ts";

/**
 * A game's `estimate` that fails while the game is on reads as 0 to the bots, so a greedy bot
 * plays at random, and `simulate` then says its estimate cannot tell the options apart. The smoke
 * run of `stela check` reads the estimate at every decision and fails where it does.
 */

// The estimate reads the first card played: there is none before a player's first turn.
const rules = `game "Hand" { players 2 }
kind Card { v: number }
zone hand per player: Card
zone played per player: Card
components Card per player in hand { x2 { v: 1 } x1 { v: 2 } }
per player { score: number = 0 }
define first_value(p: player): number = p.played[0].v
flow {
  repeat 3 {
    for p in players {
      turn p {
        let c = choose c from p.hand prompt "Play a card"
        move c to p.played
        p.score += c.v
      }
    }
  }
}
estimate p { p.score + first_value(p) }
scoring p { points p.score }
`;

describe("an estimate that fails", () => {
  it("fails the smoke run at the rule that failed, naming the estimate", () => {
    const file = ruleFiles({ "hand.stela": rules })["hand.stela"]!;
    const r = stela(["check", file, "--smoke", "1"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:7:41: error runtime-index-out-of-range: the estimate for Player 1 failed:`);
    expect(r.out).toContain("(called from line 19)");
  });

  it("is told by the match, which still reads it as 0, and asking changes nothing", () => {
    const game = compile(rules, "hand.stela").game!;
    const m = game.start({ players: 2, seed: 1 });
    const before = JSON.stringify(m.toJSON());
    expect(m.estimateFailure(0)?.code).toBe("runtime-index-out-of-range");
    expect(m.estimateFailure(0)?.span.start.line).toBe(7);
    expect(m.estimate(0)).toBe(0);
    expect(JSON.stringify(m.toJSON())).toBe(before);
    m.applyAt(0, 0);
    expect(m.estimateFailure(0)).toBeNull();
    expect(m.estimate(0)).toBeGreaterThan(1);
  });
});
