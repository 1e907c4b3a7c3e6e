import { describe, expect, it } from "vitest";
import { cellKey, spaceKey, type BoardView, type SpaceView } from "../../interpreter/index.ts";
import { CELL, layoutBoard, spotPlace, TRACK_ROW } from "../../editor/src/playtest/board-layout.ts";
import { LatestQuestion } from "../../editor/src/playtest/latest-question.ts";
import { DocumentStore, fitSeats, MemoryStorage } from "../../editor/src/docs/document-store.ts";

function track(size: number): BoardView {
  const spaces: SpaceView[] = Array.from({ length: size }, (_, x) => ({ key: spaceKey("time", cellKey(x, 0)), x, y: 0, level: 0, label: `time ${x}`, attrs: {}, at: { x: x + 0.5, y: 0.5 } }));
  return { key: "time", name: "time", owner: null, topology: { type: "track", size }, cell: "round", spaces, pieces: [] };
}

describe("a long track is drawn as a snake of rows", () => {
  it("lays track(31) out in 4 rows of 8, each row back the way the last came, every space a full cell", () => {
    const l = layoutBoard(track(31));
    // One row of 31 was 1532 units wide: scaled into the pane, its numbers stood 3 px high.
    expect(l.width).toBe(44 + 8 * CELL);
    expect(l.height).toBe(44 + 4 * CELL);
    const at = (i: number) => {
      const b = l.boxes[i]!;
      return [(b.x - 22) / CELL, (b.y - 22) / CELL, b.size, b.round];
    };
    expect([0, 7, 8, 15, 16, 30].map(at)).toEqual([
      [0, 0, CELL, true],
      [7, 0, CELL, true],
      [7, 1, CELL, true],
      [0, 1, CELL, true],
      [0, 2, CELL, true],
      [1, 3, CELL, true],
    ]);
    // Spaces in order are joined, and always next to each other: the track reads as one path.
    expect(l.links).toHaveLength(30);
    for (const k of l.links) expect(Math.hypot(k.x2 - k.x1, k.y2 - k.y1)).toBe(CELL);
  });

  it("keeps a track of TRACK_ROW spaces or fewer in one row", () => {
    const l = layoutBoard(track(TRACK_ROW));
    expect(l.height).toBe(44 + CELL);
    expect(l.boxes.map((b) => b.y)).toEqual(Array(TRACK_ROW).fill(22));
  });
});

describe("pieces sharing a round spot stand side by side", () => {
  it("gives one piece the whole spot, and two to eight pieces places that neither overlap nor leave the spot", () => {
    expect(spotPlace(0, 1)).toEqual({ dx: 0, dy: 0, r: 0.36 });
    expect(spotPlace(0, 2)).toEqual({ dx: -0.2, dy: 0, r: 0.19 });
    expect(spotPlace(1, 2)).toEqual({ dx: 0.2, dy: 0, r: 0.19 });
    for (let n = 2; n <= 8; n++) {
      const all = Array.from({ length: n }, (_, k) => spotPlace(k, n));
      for (const p of all) expect(Math.hypot(p.dx, p.dy) + p.r, `${n} pieces`).toBeLessThanOrEqual(0.45);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) expect(Math.hypot(all[i]!.dx - all[j]!.dx, all[i]!.dy - all[j]!.dy), `${n} pieces, ${i} and ${j}`).toBeGreaterThan(all[i]!.r + all[j]!.r);
    }
  });
});

describe("only the last question's answer is shown", () => {
  it("drops an answer to a question asked before another, or before anything else was done", () => {
    const q = new LatestQuestion();
    const p5 = q.next();
    expect(q.current(p5)).toBe(true);
    // A click on I2 (taken at once) comes before the answer about P5.
    q.next();
    expect(q.current(p5)).toBe(false);
    const again = q.next();
    expect(q.current(again)).toBe(true);
  });
});

describe("seats kept over a reload", () => {
  it("keeps each game's seats apart from its playtest, and the playtest's record of them before", () => {
    const store = new DocumentStore(new MemoryStorage());
    expect(store.seats("a.stela")).toBeUndefined();
    store.savePlaytest("a.stela", { settings: { players: 2, seed: 1 }, log: [], persons: [0], bots: { 1: "greedy" } });
    expect(store.seats("a.stela")).toEqual({ persons: [0], bots: { 1: "greedy" } });
    store.saveSeats("a.stela", { persons: [0, 1], bots: { 1: "greedy" } });
    expect(store.seats("a.stela")).toEqual({ persons: [0, 1], bots: { 1: "greedy" } });
    expect(store.seats("b.stela")).toBeUndefined();
    store.dropSeats("a.stela");
    expect(store.seats("a.stela")).toEqual({ persons: [0], bots: { 1: "greedy" } });
  });

  it("fits kept seats to the players the rules now have", () => {
    expect(fitSeats({ persons: [0, 1], bots: { 2: "mcts:200" } }, 3)).toEqual({ persons: [0, 1], bots: { 2: "mcts:200" } });
    // Fewer players now: the seats beyond them go.
    expect(fitSeats({ persons: [0, 3], bots: { 1: "greedy", 2: "mcts:200" } }, 2)).toEqual({ persons: [0], bots: { 1: "greedy" } });
    // The designer's only seat is gone: they take the first, rather than watch bots alone.
    expect(fitSeats({ persons: [2], bots: { 0: "greedy" } }, 2)).toEqual({ persons: [0], bots: { 0: "greedy" } });
    // Every seat a bot, by choice: kept so.
    expect(fitSeats({ persons: [], bots: { 0: "greedy" } }, 2)).toEqual({ persons: [], bots: { 0: "greedy" } });
    // Nothing kept, or nonsense kept: the default, a person in the first seat.
    expect(fitSeats(undefined, 2)).toEqual({ persons: [0], bots: {} });
    expect(fitSeats({ persons: [1.5, -1, 1, 1] as number[], bots: { 1: 7 as unknown as string } }, 2)).toEqual({ persons: [1], bots: {} });
  });
});
