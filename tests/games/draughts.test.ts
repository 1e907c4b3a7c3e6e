import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game } from "../../interpreter/index.ts";

/**
 * English draughts, a pure abstract game kept as a fixture: pieces moved from square to square,
 * a move chained over several choices (which piece, where, then each further jump), "you must
 * capture", captured pieces removed and men crowned. Its worked examples pass, and random games
 * of the game and its variants end cleanly, won by the player whose opponent cannot move, or
 * drawn by the 40-move count.
 */

const FILE = "tests/fixtures/games/draughts.stela";
const source = readFileSync(new URL("../fixtures/games/draughts.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

describe("English draughts (an abstract-game fixture)", () => {
  it("its worked examples pass", () => {
    const results = runExamples(load());
    expect(results.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([
      ["A step is allowed where a capture is open", true, undefined],
      ["A man steps diagonally forward, never back, and only on dark squares", true, undefined],
      ["A king steps diagonally either way", true, undefined],
      ["Capturing is mandatory: a piece that cannot jump, and a step, are refused", true, undefined],
      ["A multi-jump goes on with the same piece, which may not stop", true, undefined],
      ["Any capture may be chosen, not necessarily the longest", true, undefined],
      ["A man reaching the far row is crowned and its move ends there", true, undefined],
      ["A player who cannot move loses", true, undefined],
      ["Losing the last piece loses the game", true, undefined],
      ["40 moves each without a capture or a man's move: a draw", true, undefined],
      ["A man's move starts the count again", true, undefined],
    ]);
  });

  it("random games end won by the player whose opponent cannot move, or drawn by the count", () => {
    const game = load();
    for (const variant of [undefined, "Capturing optional", "Quick draw"]) {
      for (let seed = 1; seed <= 4; seed++) {
        const m = game.start(variant === undefined ? { players: 2, seed, quiet: true } : { players: 2, seed, variant, quiet: true });
        playRandomly(m, seed);
        expect(m.error).toBeNull();
        const r = m.result!;
        const limit = variant === "Quick draw" ? 20 : 80;
        if (r.winners.length === 2) {
          // A draw: only the count ends a game without a winner.
          expect(r.scores).toEqual([0, 0]);
          expect(m.global("quiet")).toBe(limit);
        } else {
          expect(r.winners.length).toBe(1);
          expect(r.scores[r.winners[0]!]).toBe(1);
          expect(m.global("quiet")).toBeLessThan(limit);
        }
        // Every piece left stands on a dark square, at most 12 a side; a man on its far row is a king.
        const board = m.view(0).boards[0]!;
        for (const seat of [0, 1]) expect(board.pieces.filter((q) => q.owner === seat).length).toBeLessThanOrEqual(12);
        for (const q of board.pieces) {
          const [x, y] = q.cells![0]!.split(":")[1]!.split(",").map(Number) as [number, number];
          expect((x + y) % 2).toBe(1);
          if (y === (q.owner === 0 ? 0 : 7)) expect(q.state?.king).toBe(true);
        }
        expect(m.global("moves") as number).toBeGreaterThan(10);
      }
    }
  });
});
