import { describe, expect, it } from "vitest";
import { MctsBot } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A game where the playouts are all noise: a number taken now is worth a hundredth of a point,
 * and a die of 0 to 100 points rolled after it decides the game. The one-step judgement sees the
 * hundredths (every option tried in one redrawn world, with the same roll); a playout sees the
 * roll. With visits spread over options its playouts cannot tell apart, the most visited option
 * was close to a draw among them: more search played worse than none.
 */
const LOTTERY = gameFromSource(`
  game "Lottery" { players 2 }
  per player { score: number = 0 }
  flow {
    turn players[0] {
      let n = choose n from 1..8 prompt "Take a number"
      players[0].score = n / 100
    }
    for p in players { p.score += random(0..100) }
  }
  scoring p { points p.score }
`);

function takes(settings: { guard?: number }): number[] {
  return Array.from({ length: 12 }, (_, seed) => {
    const m = LOTTERY.start({ players: 2, seed });
    const bot = new MctsBot(seed, { iterations: 300 }, settings);
    return bot.chooseIndex(m, 0)!;
  });
}

/**
 * Points that come only at the end: each of ten rounds both players bank 1 to 9, and the bank
 * becomes points after the last. With no `estimate`, a rollout cut short is judged by the scoring
 * as if the game ended then (0 for everyone until the end), so rollouts of 8 random moves from the
 * first decision tell nothing; played to the end (`rolloutDepthWithoutEstimate`) they tell 9 from 1.
 */
const BANKED = gameFromSource(`
  game "Banked" { players 2 }
  per player { bank: number = 0  points: number = 0 }
  flow {
    repeat 10 {
      for p in players {
        turn p {
          let n = choose n from 1..9 prompt "Bank"
          p.bank += n
        }
      }
    }
    for p in players { p.points = p.bank }
  }
  scoring p { points p.points }
`);

function banks(settings: { rolloutDepthWithoutEstimate?: number }): number[] {
  return Array.from({ length: 8 }, (_, seed) => {
    const m = BANKED.start({ players: 2, seed });
    return new MctsBot(seed, { iterations: 200 }, settings).chooseIndex(m, 0)!;
  });
}

describe("MCTS", () => {
  it("plays its rollouts to the end in a game without an estimate, where a rollout cut short tells nothing", () => {
    // Option i banks i + 1: played to the end, the search banks 6 or more in most games (the
    // guard keeps the first judged option where a few fresh playouts cannot show it worse).
    expect(banks({}).filter((i) => i >= 5).length).toBeGreaterThanOrEqual(6);
    // Cut short after 8 moves, every playout reads 0 points for all: the search takes the first option judged, banking 1.
    expect(banks({ rolloutDepthWithoutEstimate: 8 })).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("keeps the one-step judgement's choice unless its playouts show another better by more than their noise", () => {
    // Options are numbered from 0: the eighth, 8/100, is the best by a hundredth.
    const guarded = takes({});
    expect(guarded.filter((i) => i === 7)).toHaveLength(12);
    // Without the guard (0), the most visited option among the noise: mostly not the best.
    const bare = takes({ guard: 0 });
    expect(bare.filter((i) => i === 7).length).toBeLessThan(4);
  });
});
