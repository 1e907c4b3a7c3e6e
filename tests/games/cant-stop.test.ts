import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game } from "../../interpreter/index.ts";

/**
 * Can't Stop, a push-your-luck dice game kept as a fixture (not a shipped game): its rulebook
 * examples (a bust, a stop, a claimed column, the win) pass, and random games end cleanly.
 */

const FILE = "tests/fixtures/games/cant-stop.stela";
const source = readFileSync(new URL("../fixtures/games/cant-stop.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

describe("Can't Stop (a push-your-luck fixture)", () => {
  it("its rulebook examples pass", () => {
    const results = runExamples(load());
    expect(results.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([
      ["A bust loses the turn's progress", true, undefined],
      ["Stopping makes the climb permanent", true, undefined],
      ["With one marker left, one sum of a pair", true, undefined],
      ["Claiming a column blocks it", true, undefined],
      ["Three columns win", true, undefined],
    ]);
  });

  it("random games of 2 to 4 players end with one winner holding 3 columns or more", () => {
    const game = load();
    for (const players of [2, 3, 4]) {
      for (let seed = 1; seed <= 5; seed++) {
        const m = game.start({ players, seed, quiet: true });
        playRandomly(m, seed);
        expect(m.error).toBeNull();
        expect(m.result!.winners.length).toBe(1);
        expect(m.result!.scores[m.result!.winners[0]!]).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
