import { describe, expect, it } from "vitest";
import { ruleFiles, stela } from "./run-stela.ts";

/**
 * `stela strength`: a bot in each seat in turn against another bot, its win share against the
 * fair share, and what a game costs. A designer choosing a bot for a balance run had nothing to
 * tell them how strong each bot was in their game, nor what MCTS's extra time bought.
 */
const steps = ruleFiles({
  "steps.stela": `game "Steps" { players 2 }
per player { n: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        let k = choose k from 1..3 prompt "Step"
        p.n += k
      }
    }
  }
}
scoring p { points p.n }
`,
})["steps.stela"]!;

describe("stela strength", () => {
  it("reads greedy surely stronger than random where the points are one step ahead, and random surely weaker", () => {
    const up = stela(["strength", steps, "--bot", "greedy", "--against", "random", "--games", "40", "--workers", "1"]);
    expect(up.code).toBe(0);
    expect(up.out).toMatch(/^greedy against random: .*steps\.stela, 2 players, 40 games \(greedy in each seat in turn, 20 a seat, random in the others; the same game seeds in every seat\), seed 1$/m);
    expect(up.out).toMatch(/^greedy won \d+\.\d% \[\d+\.\d–\d+\.\d\] of 40 games \(a first place shared by k counts 1\/k\), against a fair 50\.0%: surely stronger than random in this game/m);
    expect(up.out).toMatch(/^ {2}by seat: seat 1 .* of 20; seat 2 .* of 20$/m);
    expect(up.out).toMatch(/^time: \d+ ms a game with greedy in a seat, \d+ ms a game of random alone \(\d+\.\dx as long; 4 pairs of the same games played back to back in one process, in CPU time: other work on the machine does not count\)$/m);
    const down = JSON.parse(stela(["strength", steps, "--bot", "random", "--against", "greedy", "--games", "40", "--workers", "1", "--json"]).out);
    expect(down.games).toBe(40);
    expect(down.share.high).toBeLessThan(0.5);
    expect(down.verdict).toMatch(/^surely weaker than greedy in this game/);
    // As many games in each seat.
    expect(down.bySeat.map((s: { games: number }) => s.games)).toEqual([20, 20]);
  });

  it("plays as many games in every seat, and refuses a variant the game has not as simulate does", () => {
    // 7 games for 2 seats: 4 in each, so neither seat weighs more in the share.
    const r = JSON.parse(stela(["strength", steps, "--bot", "random", "--against", "random", "--games", "7", "--workers", "1", "--json"]).out);
    expect(r.games).toBe(8);
    expect(r.bySeat.map((s: { games: number }) => s.games)).toEqual([4, 4]);
    const nope = stela(["strength", steps, "--variant", "Nope"]);
    expect(nope.code).toBe(2);
    expect(nope.err).toMatch(/^stela: "Steps" has no variant "Nope"/);
  });

  it("refuses a list where one bot is asked for, a bot that is none, and fewer games than seats", () => {
    expect(stela(["strength", steps, "--bot", "greedy,random"]).err).toBe('stela: --bot takes one bot, not a list: "greedy,random"\n');
    expect(stela(["strength", steps, "--against", "mcts:0"]).err).toMatch(/^stela: --against: the budget of mcts must be at least 1/);
    expect(stela(["strength", steps, "--games", "1"]).err).toBe("stela: --games 1: at least one game in each of the 2 seats\n");
  });
});
