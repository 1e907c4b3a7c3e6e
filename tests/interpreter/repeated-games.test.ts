import { describe, expect, it } from "vitest";
import { repeatedGames, repeatedGamesNote } from "../../interpreter/index.ts";
import { summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import { runBatch } from "../../interpreter/cli/simulate-batch.ts";
import { ruleFiles } from "../cli/run-stela.ts";

/**
 * A game without chance that bots play alike repeats itself: a Kalah run of `mcts:300` played one
 * game 19 times in 20, and the first-player test read p = 4.0e-5 from it.
 */
describe("games repeated move for move", () => {
  it("are counted by their move digests, and said only when more than one in ten repeats", () => {
    const games = (digests: number[]) => digests.map((moves) => ({ moves }));
    const greedy = ["greedy"];
    expect(repeatedGames(games([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]), greedy)).toEqual({ games: 10, distinct: 2, commonest: 9 });
    // Nine in ten different: nothing said.
    expect(repeatedGames(games([1, 2, 3, 4, 5, 6, 7, 8, 9, 9]), greedy)).toBeUndefined();
    expect(repeatedGames(games([1, 2, 3, 4, 5, 6, 7, 8, 8, 8]), greedy)).toEqual({ games: 10, distinct: 8, commonest: 3 });
    // Too few games, or a game without a digest (a shard from before it was kept): nothing.
    expect(repeatedGames(games([1, 1, 1, 1, 1]), greedy)).toBeUndefined();
    expect(repeatedGames([...games([1, 1, 1, 1, 1, 1]), {}], greedy)).toBeUndefined();
    // A game that drew from its generator is not told by its decisions (other deals, the same choices).
    expect(repeatedGames([...games([1, 1, 1, 1, 1, 1]), { moves: 1, chance: true }], greedy)).toBeUndefined();
    // Random bots' repeats are the game's own odds (a small game's common lines): nothing said.
    expect(repeatedGames(games([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]), ["random"])).toBeUndefined();
    expect(repeatedGames(games([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]), ["random", "greedy"])).toEqual({ games: 10, distinct: 2, commonest: 9 });
    expect(repeatedGamesNote({ games: 20, distinct: 1, commonest: 20 })).toMatch(/^all 20 games were one game, move for move: /);
    expect(repeatedGamesNote({ games: 200, distinct: 109, commonest: 30 })).toMatch(/^only 109 different games among the 200 played \(the commonest 30 times\), move for move: /);
  });

  it("is said by simulate for a game without chance that greedy plays alike, not for a game of dice, nor for random play", () => {
    const file = ruleFiles({
      "race.stela": `game "Race" { players 2 }
per player { score: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        let n = choose n from 1..3 prompt "Step"
        p.score += n
      }
    }
  }
}
scoring p { points p.score }
`,
    })["race.stela"]!;
    const lines = (bots: string[]) => {
      const s = { file, players: 2, bots, seed: 1 };
      return summaryLines(summarise("Race", s, 20, runBatch({ ...s, from: 1, to: 21 }), 1));
    };
    // Greedy takes 3 every time: one game, twenty times.
    expect(lines(["greedy"]).filter((l) => l.startsWith("note: all 20 games were one game"))).toHaveLength(1);
    expect(lines(["random"]).some((l) => l.includes("move for move: a game without chance"))).toBe(false);
    // A dice race whose only question is "Roll": the same decisions every game, other rolls.
    const dice = ruleFiles({
      "dice.stela": `game "Dice" { players 2 }
per player { score: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        choose prompt "Go" { option "Roll" { p.score += random(1..6) } }
      }
    }
  }
}
scoring p { points p.score }
`,
    })["dice.stela"]!;
    const s = { file: dice, players: 2, bots: ["greedy"], seed: 1 };
    expect(summaryLines(summarise("Dice", s, 20, runBatch({ ...s, from: 1, to: 21 }), 1)).some((l) => l.includes("move for move: a game without chance"))).toBe(false);
  });
});
