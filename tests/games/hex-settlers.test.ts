import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { playRandomly, RandomBot } from "../../interpreter/bots/random-bot.ts";
import { renderText } from "../../interpreter/cli/text-view.ts";
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
  it("passes its rulebook examples: production and the robber's hex, the distance rule, a 7, the longest road passed on and cut", () => {
    const results = runExamples(game);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    expect(results).toHaveLength(5);
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

  it("draws the corners and edges where they lie, and `stela play` lists the taken ones by name", () => {
    const m = game.start({ players: 3, seed: 2 });
    const bot = new RandomBot(1);
    // The set-up: a settlement and a road for each player.
    for (let i = 0; i < 6 && m.decision; i++) m.apply(bot.choose(m, m.decision.players[0]!)!, m.decision.players[0]!);
    const boards = m.view(0).boards;
    const corners = boards.find((b) => b.name === "crossings")!;
    const edges = boards.find((b) => b.name === "paths")!;
    expect([corners.spaces.length, edges.spaces.length]).toEqual([54, 72]);
    // Drawn from half a space in at the top left, as cells are (a hex's top corner lay above the
    // board's edge, cut off), over the island's 5 hexes across and 5 rows down.
    for (const b of [corners, edges]) {
      expect(Math.min(...b.spaces.map((s) => s.at.x))).toBeGreaterThanOrEqual(0.5);
      expect(Math.min(...b.spaces.map((s) => s.at.y))).toBeGreaterThanOrEqual(0.5);
      expect(Math.max(...b.spaces.map((s) => s.at.x))).toBeLessThanOrEqual(5.5);
      expect(Math.max(...b.spaces.map((s) => s.at.y))).toBeLessThanOrEqual(5.5);
    }
    const text = renderText(m.view(0));
    const lines = text.split("\n");
    const after = (name: string) => lines[lines.indexOf(`${name}:`) + 1]!;
    // Three settlements and three roads, by name and owner, not a row of 54 empty spots.
    expect(after("crossings").split(", ")).toHaveLength(3);
    expect(after("crossings")).toMatch(/^ {4}[a-e][1-5] (n|ne|se|s|sw|nw) S[¹²³]/);
    expect(after("paths").split(", ")).toHaveLength(3);
  });
});
