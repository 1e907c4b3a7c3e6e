import { describe, expect, it } from "vitest";
import { PLAIN_EVERY_MS, runProgress } from "../../interpreter/cli/run-progress.ts";
import { SLOW_GAME_MS, slowGameWatch } from "../../interpreter/cli/simulate-batch.ts";

/** A stream that is not a terminal (a CI log), keeping what is written. */
function plainStream(): { stream: NodeJS.WriteStream; lines: string[] } {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (t: string) => lines.push(t) } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

describe("a run's progress where stderr is not a terminal", () => {
  it("says nothing in a short run, then a line each half minute of a long one, with the time left", () => {
    const { stream, lines } = plainStream();
    let t = 0;
    const p = runProgress(100, stream, () => t);
    t = 10_000;
    p.add(25);
    expect(lines).toEqual([]);
    t = PLAIN_EVERY_MS;
    p.add(25);
    expect(lines).toEqual(["simulating: 50 of 100 games after 30 s, about 30 s left\n"]);
    // Not again before another half minute.
    t = PLAIN_EVERY_MS + 1000;
    p.add(10);
    expect(lines).toHaveLength(1);
    t = 2 * PLAIN_EVERY_MS + 1000;
    p.add(15);
    expect(lines[1]).toBe("simulating: 75 of 100 games after 61 s, about 20 s left\n");
    // The last games end the run: its summary follows, no line.
    t = 4 * PLAIN_EVERY_MS;
    p.add(25);
    p.stop();
    expect(lines).toHaveLength(2);
    // A comparison's side says which it is.
    const side = plainStream();
    t = 0;
    const b = runProgress(10, side.stream, () => t, "comparing, side B");
    t = PLAIN_EVERY_MS;
    b.add(5);
    expect(side.lines).toEqual(["comparing, side B: 5 of 10 games after 30 s, about 30 s left\n"]);
    // Side A says side B is still to come: its time left read as the whole run's.
    const first = plainStream();
    t = 0;
    const a = runProgress(10, first.stream, () => t, "comparing, side A", "then side B: as many games again");
    t = PLAIN_EVERY_MS;
    a.add(5);
    expect(first.lines).toEqual(["comparing, side A: 5 of 10 games after 30 s, about 30 s left, then side B: as many games again\n"]);
  });
});

describe("a game that plays on for a minute", () => {
  it("is said once, with its decisions and the command that shows it move by move", () => {
    const said: string[] = [];
    let t = 0;
    const s = { file: "deck.stela", players: 2, bots: ["greedy"], seed: 3 };
    const tick = slowGameWatch(s, 7, 100_000, () => t, (text) => said.push(text));
    // Quick decisions: the clock is read every 64th at most.
    for (let i = 0; i < 640; i++) tick();
    expect(said).toEqual([]);
    t = SLOW_GAME_MS + 1000;
    for (let i = 0; i < 640; i++) tick();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^stela: game 7 has played (\d+) decisions in 61 s and not ended \(a game is stopped at 100,000: runtime-no-end; --max-decisions stops it sooner\); if the bots never end it, watch it: stela simulate deck\.stela --players 2 --seed 3 --bots greedy --game 7\n$/);
    expect(Number(/played (\d+)/.exec(said[0]!)![1])).toBeLessThanOrEqual(640 + 64);
    // Slow decisions (a search bot's, 25 s each): told at the first decision past the minute.
    const slow: string[] = [];
    let u = 0;
    const step = slowGameWatch(s, 2, 100_000, () => u, (text) => slow.push(text));
    for (let i = 1; i <= 2; i++) {
      u = i * 25_000;
      step();
    }
    expect(slow).toEqual([]);
    u = 3 * 25_000;
    step();
    expect(slow[0]).toMatch(/^stela: game 2 has played 3 decisions in 75 s/);
  });
});
