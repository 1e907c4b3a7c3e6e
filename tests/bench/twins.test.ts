// The hand-written twins of the benchmark games replay the Stela games exactly (same random
// policy, same option order, same seeds → the same decisions and scores), and the games show
// their known random-play figures on a fixed-seed sample.
import { describe, expect, it } from "vitest";
import { playRandomly } from "../../interpreter/index.ts";
import { summarise } from "./figures.ts";
import { loadGame, outcome, playStela } from "./stela-playout.ts";
import { TWINS } from "./twins/index.ts";
import { connectFour } from "./twins/connect-four.ts";
import { hex } from "./twins/hex.ts";
import { reversi } from "./twins/reversi.ts";
import { ticTacToe } from "./twins/tic-tac-toe.ts";

/** How many seeds each twin replays against the engine (Reversi and Mayan City are slower). */
const REPLAYS: Record<string, number> = { "tic-tac-toe": 50, "connect-four": 30, reversi: 3, hex: 3, "mayan-city": 3 };

describe("hand-written twins replay the Stela games", () => {
  for (const twin of TWINS) {
    it(`${twin.name}: identical traces and scores on ${REPLAYS[twin.name]} seeds`, () => {
      const game = loadGame(twin.file);
      const n = REPLAYS[twin.name]!;
      let decisions = 0;
      for (let seed = 1; seed <= n; seed++) {
        const stela: number[] = [];
        const hand: number[] = [];
        const a = playStela(game, twin.players, seed, seed + 1000, stela);
        const b = twin.play(seed, seed + 1000, hand);
        expect(hand, `seed ${seed}`).toEqual(stela);
        expect(b, `seed ${seed}`).toEqual(a);
        decisions += a.decisions;
      }
      // A trace is two numbers per decision: the replay really compared whole games.
      expect(decisions).toBeGreaterThan(n * 4);
    });
  }

  it("the engine's own random bot plays the twins' games where every choice is weighed at once", () => {
    // Mayan City's placements and Reversi's moves wait to be weighed (their `where` filters, over
    // more than 16 candidates): the bot draws among the candidates there (`Match.applyRandom`),
    // as uniformly but with other draws, so its games are other games.
    const weighedAtOnce = TWINS.filter((t) => t.name !== "mayan-city" && t.name !== "reversi");
    expect(weighedAtOnce.map((t) => t.name)).toEqual(["tic-tac-toe", "connect-four", "hex"]);
    for (const twin of weighedAtOnce) {
      const game = loadGame(twin.file);
      for (let seed = 1; seed <= 2; seed++) {
        const m = game.start({ players: twin.players, seed });
        const decisions = playRandomly(m, seed + 7);
        expect(outcome(m, decisions), `${twin.name} seed ${seed}`).toEqual(twin.play(seed, seed + 7));
      }
    }
  });
});

describe("known random-play figures", () => {
  // Fixed seeds, so these are exact reruns; the bands are about 3 standard errors of the sample
  // around the published figures.
  it("Tic-Tac-Toe in Stela: 58.5% / 28.8% / 12.7% draws, 7.63 moves (600 games)", () => {
    const game = loadGame(ticTacToe.file);
    const f = summarise(Array.from({ length: 600 }, (_, i) => playStela(game, 2, i + 1, i + 1)));
    expect(f.wins[0]!.rate).toBeGreaterThan(0.585 - 0.06);
    expect(f.wins[0]!.rate).toBeLessThan(0.585 + 0.06);
    expect(f.wins[1]!.rate).toBeGreaterThan(0.288 - 0.055);
    expect(f.wins[1]!.rate).toBeLessThan(0.288 + 0.055);
    expect(f.draws.rate).toBeGreaterThan(0.127 - 0.04);
    expect(f.draws.rate).toBeLessThan(0.127 + 0.04);
    expect(Math.abs(f.moves.mean - 7.63)).toBeLessThan(0.15);
  });

  it("Connect Four in Stela: 55.5% first-player wins, 21.3 moves (300 games)", () => {
    const game = loadGame(connectFour.file);
    const f = summarise(Array.from({ length: 300 }, (_, i) => playStela(game, 2, i + 1, i + 1)));
    expect(Math.abs(f.wins[0]!.rate - 0.555)).toBeLessThan(0.085);
    expect(Math.abs(f.moves.mean - 21.3)).toBeLessThan(1.5);
  });

  it("Reversi by its proven twin: about 60 moves (1000 games)", () => {
    const f = summarise(Array.from({ length: 1000 }, (_, i) => reversi.play(i + 1, i + 1)));
    expect(Math.abs(f.moves.mean - 60)).toBeLessThan(1);
  });

  it("Hex 11x11 by its proven twin: 52.4% first-player wins, 107.5 moves (10000 games)", () => {
    const f = summarise(Array.from({ length: 10000 }, (_, i) => hex.play(i + 1, i + 1)));
    expect(Math.abs(f.wins[0]!.rate - 0.524)).toBeLessThan(0.015);
    expect(Math.abs(f.moves.mean - 107.5)).toBeLessThan(0.6);
    // Someone always wins at Hex.
    expect(f.draws.rate).toBe(0);
  });

  it("Tic-Tac-Toe and Connect Four by their twins on a larger sample (20000 games)", () => {
    const t = summarise(Array.from({ length: 20000 }, (_, i) => ticTacToe.play(i + 1, i + 1)));
    expect(Math.abs(t.wins[0]!.rate - 0.585)).toBeLessThan(0.011);
    expect(Math.abs(t.wins[1]!.rate - 0.288)).toBeLessThan(0.01);
    expect(Math.abs(t.draws.rate - 0.127)).toBeLessThan(0.008);
    expect(Math.abs(t.moves.mean - 7.63)).toBeLessThan(0.03);
    const c = summarise(Array.from({ length: 20000 }, (_, i) => connectFour.play(i + 1, i + 1)));
    expect(Math.abs(c.wins[0]!.rate - 0.555)).toBeLessThan(0.011);
    expect(Math.abs(c.moves.mean - 21.3)).toBeLessThan(0.25);
  });
});
