import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { playRandomly } from "../../interpreter/bots/random-bot.ts";
import { runExamples } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * Hex Settlers (`tests/fixtures/games/hex-settlers.stela`), a Catan-like game written from the docs
 * alone by a designer review: settlements on the corners of a hex island (`corners(land)`), roads on
 * its edges (`edges(land)`), production through `touching`, the longest road by `longest_trail`.
 * Kept as a fixture that stays green: its rulebook examples, and random games at each player count.
 */

const FILE = new URL("../fixtures/games/hex-settlers.stela", import.meta.url).pathname;
const game = gameFromSource(readFileSync(FILE, "utf8"), "hex-settlers.stela");

describe("Hex Settlers: settlements on corners, roads on edges", () => {
  it("passes its rulebook examples: production and the robber's hex, the distance rule, a 7, the longest road", () => {
    const results = runExamples(game);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    expect(results).toHaveLength(4);
  });

  it("ends without a rule error at every player count, each player with the set-up's two settlements at least", () => {
    for (const players of [3, 4]) {
      for (const variant of [undefined, "Eight points"]) {
        const m = game.start(variant ? { players, seed: players, variant } : { players, seed: players });
        playRandomly(m, 7 * players);
        expect(m.error, `${players} players: ${m.error?.message}`).toBeNull();
        expect(m.over).toBe(true);
        // Two settlements each from the set-up (a point each), never taken away.
        for (const s of m.result!.scores) expect(s).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
