import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game, type Match } from "../../interpreter/index.ts";

/**
 * Azul, a tile-drafting game kept as a fixture (not a shipped game): factory displays filled from
 * a bag that the box lid refills, pattern lines, a wall scored by the runs a tile joins, a floor
 * line, and two variants ("Gentle floor", "Grey wall": the player chooses where each tile goes). Its worked examples pass, and random games of 2 to 4
 * players end cleanly with every one of the 100 tiles still somewhere.
 */

const FILE = "tests/fixtures/games/azul.stela";
const source = readFileSync(new URL("../fixtures/games/azul.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

/** How many tiles the match holds, wherever they are: zones and both boards of every player. */
function tiles(m: Match): number {
  const v = m.view(null);
  const inZones = v.zones.reduce((n, z) => n + z.count, 0) - 1; // less the first-player marker
  const onBoards = v.boards.reduce((n, b) => n + b.pieces.length, 0);
  return inZones + onBoards;
}

/** The complete rows of a player's wall. */
function rowsDone(m: Match, seat: number): number {
  const wall = m.view(null).boards.find((b) => b.name === "wall" && b.owner === seat)!;
  const rows = new Map<number, number>();
  for (const p of wall.pieces) {
    const y = Number(p.cells![0]!.split(",")[1]);
    rows.set(y, (rows.get(y) ?? 0) + 1);
  }
  return [...rows.values()].filter((n) => n === 5).length;
}

describe("Azul (a tile-drafting fixture)", () => {
  it("its worked examples pass", () => {
    const results = runExamples(load());
    expect(results.filter((r) => !r.passed).map((r) => [r.title, r.failure?.message])).toEqual([]);
    expect(results.length).toBe(8);
  });

  it("random games of 2 to 4 players end after a complete row, every tile kept", () => {
    const game = load();
    for (const players of [2, 3, 4]) {
      for (let seed = 1; seed <= 3; seed++) {
        const m = game.start({ players, seed, quiet: true });
        expect(tiles(m)).toBe(100);
        playRandomly(m, seed);
        expect(m.error).toBeNull();
        expect(m.result).not.toBeNull();
        expect(tiles(m)).toBe(100);
        expect(Math.max(...Array.from({ length: players }, (_, s) => rowsDone(m, s)))).toBeGreaterThan(0);
        expect(Math.min(...m.result!.scores)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("the displays in play follow the player count: 5, 7 or 9, four tiles each", () => {
    const game = load();
    for (const [players, displays] of [[2, 5], [3, 7], [4, 9]] as const) {
      const m = game.start({ players, seed: 3 });
      const counts = m.view(null).zones.filter((z) => z.name === "factory").map((z) => z.count);
      expect(counts.filter((n) => n === 4).length).toBe(displays);
      expect(counts.filter((n) => n === 0).length).toBe(9 - displays);
    }
  });
});
