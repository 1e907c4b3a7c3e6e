import { describe, expect, it } from "vitest";
import { balanceChange, seatBalance, type PlayedGame } from "../../interpreter/index.ts";

/** How even the seats are in one figure, with the noise of the games taken out, and its change game by game. */

/** `n` two-player games of which seat 1 wins the first `first` alone, seat 2 the rest. */
function games(n: number, first: number): PlayedGame[] {
  return Array.from({ length: n }, (_, i) => ({ game: i + 1, scores: i < first ? [1, 0] : [0, 1], winners: i < first ? [0] : [1], decisions: 10 }));
}

describe("seat balance", () => {
  it("is the seats' distance from the fair share, less what the noise of that many games gives", () => {
    // Seat 1 wins 140 of 200: 20 points from 50%, for each seat. Each share varies by 0.7 × 0.3
    // over the games (sample variance 0.21 · 200/199), so 200 games bring noise of √(0.21/199) ≈ 3.25
    // points, and the distance left is √(20² − 3.25²) ≈ 19.73.
    const b = seatBalance(games(200, 140), 2)!;
    const variance = (0.21 * 200) / 199 / 200;
    expect(b.noise).toBeCloseTo(100 * Math.sqrt(variance), 9);
    expect(b.distance).toBeCloseTo(100 * Math.sqrt(0.04 - variance), 9);
    expect(b.n).toBe(200);
    // Exactly even: no distance, whatever the noise.
    expect(seatBalance(games(200, 100), 2)!.distance).toBe(0);
    // A shared win is half a game to each: 100 shared games are as even as can be.
    const shared = Array.from({ length: 100 }, (_, i): PlayedGame => ({ game: i + 1, scores: [1, 1], winners: [0, 1], decisions: 3 }));
    expect(seatBalance(shared, 2)).toEqual({ distance: 0, noise: 0, n: 100 });
    // Failed games count for nothing; one seat or one game has no balance.
    expect(seatBalance([...games(200, 140), { game: 201, scores: [], winners: [], decisions: 0, error: "boom" }], 2)!.n).toBe(200);
    expect(seatBalance(games(200, 140), 1)).toBeUndefined();
    expect(seatBalance(games(1, 1), 2)).toBeUndefined();
  });

  it("reads near 0 for fair games played at random, where the raw distance reads the noise", () => {
    // 400 fair coin-flip games, over 50 runs: the raw distance from 50% averages the noise (about
    // 2.5 points at 400 games), the figure with the noise taken out far less.
    let seed = 7;
    const coin = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) & 1;
    let distances = 0;
    let noises = 0;
    for (let run = 0; run < 50; run++) {
      const g = Array.from({ length: 400 }, (_, i): PlayedGame => {
        const w = coin();
        return { game: i + 1, scores: w ? [0, 1] : [1, 0], winners: [w], decisions: 1 };
      });
      const b = seatBalance(g, 2)!;
      distances += b.distance;
      noises += b.noise;
    }
    expect(noises / 50).toBeCloseTo(2.5, 1);
    expect(distances / 50).toBeLessThan(1.5);
  });

  it("changes game by game, with a paired bootstrap interval that is the same every time", () => {
    // B moves 30 of A's games from seat 2 to seat 1: from even to 15 points off.
    const a = games(200, 100);
    const b = games(200, 130);
    const d = balanceChange(a, b, 2)!;
    expect(d.value).toBeCloseTo(seatBalance(b, 2)!.distance - seatBalance(a, 2)!.distance, 12);
    expect(d.low).toBeGreaterThan(0);
    expect(d.high).toBeGreaterThan(d.value);
    expect(d.n).toBe(200);
    expect(balanceChange(a, b, 2)).toEqual(d);
    // The other way round: surely more even.
    expect(balanceChange(b, a, 2)!.high).toBeLessThan(0);
    // The same games on both sides: no change, and an interval of no width.
    expect(balanceChange(b, b, 2)).toMatchObject({ value: 0, low: 0, high: 0, variance: 0 });
    // A pair with a failed game on either side is left out; fewer than two pairs bound nothing.
    const broken = b.map((g, i) => (i === 0 ? { ...g, error: "boom" } : g));
    expect(balanceChange(a, broken, 2)!.n).toBe(199);
    expect(balanceChange(games(1, 1), games(1, 0), 2)).toBeUndefined();
  });
});
