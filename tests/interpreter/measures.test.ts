import { describe, expect, it } from "vitest";
import { measureChanges, measureFigureText, summariseMeasures } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** A race: each turn a player moves 1 to 3; the measures read the finished game. */
const RACE = `
game "Race" { players 2..3 }
per player { position: number = 0 long: number = 0 }
var rounds: number = 0
var passed_five: number = 0
flow {
  loop {
    rounds += 1
    for p in players {
      turn p {
        let n = choose n from 1..3 prompt "How far?"
        p.position += n
        if n == 3 { p.long += 1 }
        if passed_five == 0 and p.position >= 5 { passed_five = rounds }
        if p.position >= 6 { end game }
      }
    }
  }
}
scoring p { points p.position }
measure "Rounds" { rounds }
measure "Short game" { rounds <= 2 }
measure "Long steps" p { p.long }
measure "Round someone passed 5" { if passed_five == 0 then none else passed_five }
measure "Drawn" { random([1, 2, 3]) }
measure "Steps past 5" p {
  let past = p.position - 5
  let steps: number = past * 1
  steps
}
variant "Doubled" {
  override measure "Rounds" { rounds * 2 }
  measure "Extra" { 1 }
}
`;

describe("measures", () => {
  it("read a finished game: numbers, yes/no as 1 or 0, one a seat, none as no figure", () => {
    const game = gameFromSource(RACE);
    const m = game.start({ players: 2, seed: 1 });
    // Seat 1 takes 3 twice (round 2 ends it, passing 5 in round 2); seat 2 takes 1.
    for (const n of [2, 0, 2]) m.applyAt(n);
    expect(m.over).toBe(true);
    const read = m.measures();
    if (!read.ok) throw new Error(read.error.message);
    const byLabel = Object.fromEntries(read.measures.map((v) => [v.label, v]));
    expect(byLabel["Rounds"]).toEqual({ label: "Rounds", perPlayer: false, share: false, values: [2] });
    expect(byLabel["Short game"]).toEqual({ label: "Short game", perPlayer: false, share: true, values: [1] });
    expect(byLabel["Long steps"]!.values).toEqual([2, 0]);
    expect(byLabel["Round someone passed 5"]!.values).toEqual([2]);
    // Worked out in named steps, as a define's block is (seat 1 ended on 6, seat 2 on 1).
    expect(byLabel["Steps past 5"]!.values).toEqual([1, -4]);
  });

  it("give none where the rules give none, and are read on a copy: a measure that draws chance changes nothing", () => {
    const game = gameFromSource(RACE);
    const m = game.start({ players: 2, seed: 3 });
    for (const n of [0, 0]) m.applyAt(n);
    const before = JSON.stringify(m.toJSON());
    const read = m.measures();
    expect(JSON.stringify(m.toJSON())).toBe(before);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.measures.find((v) => v.label === "Round someone passed 5")!.values).toEqual([null]);
    expect([1, 2, 3]).toContain(read.measures.find((v) => v.label === "Drawn")!.values[0]);
  });

  it("a measure that fails gives its diagnostic, named after the measure and the seat, at the rule's line", () => {
    const game = gameFromSource(`
game "Broken" { players 2 }
per player { cards: list of number = [] }
flow { end game }
scoring p { points 0 }
measure "First card" p { p.cards[0] }
`);
    const m = game.start({ players: 2, seed: 1 });
    const read = m.measures();
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe("runtime-index-out-of-range");
    expect(read.error.message).toMatch(/^the measure "First card" for Player 1 failed: /);
    expect(read.error.span.start.line).toBe(6);
  });

  it("`measure` stays a name everywhere but before a label: a rule file's own `define measure(…)` still reads", () => {
    const game = gameFromSource(`
game "Named" { players 2 }
per player { measure: number = 2 }
define measure(n: number): number = n * 3
flow { end game }
scoring p { points measure(p.measure) }
measure "Tripled" p { measure(p.measure) }
`);
    const m = game.start({ players: 2, seed: 1 });
    const read = m.measures();
    if (!read.ok) throw new Error(read.error.message);
    expect(read.measures).toEqual([{ label: "Tripled", perPlayer: true, share: false, values: [6, 6] }]);
  });

  it("a variant overrides a measure in its place and adds its own after", () => {
    const game = gameFromSource(RACE);
    expect(game.measureInfo().map((i) => i.label)).toEqual(["Rounds", "Short game", "Long steps", "Round someone passed 5", "Drawn", "Steps past 5"]);
    expect(game.measureInfo("Doubled").map((i) => i.label)).toEqual(["Rounds", "Short game", "Long steps", "Round someone passed 5", "Drawn", "Steps past 5", "Extra"]);
    const m = game.start({ players: 2, seed: 1, variant: "Doubled" });
    for (const n of [2, 0, 2]) m.applyAt(n);
    const read = m.measures();
    if (!read.ok) throw new Error(read.error.message);
    expect(read.measures[0]!.values).toEqual([4]);
  });
});

describe("a measure of an enum", () => {
  /** A race ended by a finish, a crash or the clock; a seat's favourite step (none for a seat that never moved). */
  const ENDINGS = `
game "Endings" { players 2 }
enum Ending { finish "the finish line", crash, out_of_time }
enum Step { short, long }
per player { position: number = 0 favourite: Step = none }
var ending: Ending = none
var rounds: number = 0
flow {
  loop {
    rounds += 1
    for p in players {
      turn p {
        let n = choose n from 0..3 prompt "How far?"
        if n == 0 { ending = crash  end game }
        p.position += n
        p.favourite = if n == 3 then long else short
        if p.position >= 6 { ending = finish  end game }
      }
    }
    if rounds == 3 { ending = out_of_time  end game }
  }
}
scoring p { points p.position }
measure "Ended by" { ending }
measure "Favourite" p { p.favourite }
`;

  it("is reported member by member, each how often it came, and none leaves the game out of all", () => {
    const game = gameFromSource(ENDINGS);
    // Each member a yes/no measure of its own, labelled by what players read (its label).
    expect(game.measureInfo()).toEqual([
      { label: "Ended by: the finish line", perPlayer: false, share: true },
      { label: "Ended by: crash", perPlayer: false, share: true },
      { label: "Ended by: out of time", perPlayer: false, share: true },
      { label: "Favourite: short", perPlayer: true, share: true },
      { label: "Favourite: long", perPlayer: true, share: true },
    ]);
    const m = game.start({ players: 2, seed: 1 });
    // Seat 1 moves 3, seat 2 crashes at once: seat 2 never moved, so has no favourite.
    for (const n of [3, 0]) m.applyAt(n);
    expect(m.over).toBe(true);
    const read = m.measures();
    if (!read.ok) throw new Error(read.error.message);
    expect(read.measures.map((v) => v.values)).toEqual([[0], [1], [0], [0, null], [1, null]]);
  });

  it("is worked out once a seat: a value drawn at random comes under one member's row, never two", () => {
    // A measure read anew for each row drew anew for each: 101.8% over the rows, some games in two.
    const drawn = gameFromSource(ENDINGS.replace('measure "Favourite" p { p.favourite }', 'measure "Drawn" { random([finish, crash, out_of_time]) }'));
    for (let seed = 1; seed <= 30; seed++) {
      const m = drawn.start({ players: 2, seed });
      while (m.decision) m.applyAt(0);
      const read = m.measures();
      if (!read.ok) throw new Error(read.error.message);
      const rows = read.measures.filter((v) => v.label.startsWith("Drawn: "));
      expect(rows).toHaveLength(3);
      expect(rows.reduce((n, r) => n + (r.values[0] ?? 0), 0)).toBe(1);
    }
  });

  it("refuses two members whose rows read alike, and names a failing measure as written", () => {
    expect(() => gameFromSource(ENDINGS.replace('enum Step { short, long }', 'enum Step { short "x", long "x" }'))).toThrow(/two measures are labelled "Favourite: x"/);
    const failing = gameFromSource(ENDINGS.replace('measure "Ended by" { ending }', 'measure "Ended by" { if rounds > 0 then [ending][1] else ending }'));
    const m = failing.start({ players: 2, seed: 1 });
    for (const n of [3, 0]) m.applyAt(n);
    const read = m.measures();
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/^the measure "Ended by" failed: /);
  });

  it("is refused for a type a measure cannot report, naming the enum as one it can", () => {
    const bad = ENDINGS.replace('measure "Favourite" p { p.favourite }', 'measure "Name" p { "x" }');
    expect(() => gameFromSource(bad)).toThrow(/a measure should be a number, a `bool` \(reported as how often it held\) or an enum member \(how often each came\) but is a text/);
  });
});

describe("a measure's figure in words", () => {
  it("reads a bound that rounds to nothing as 0.00, never -0.00", () => {
    // A rare count (a worker left home once in 200 games): its t interval reaches just below 0.
    const info = { label: "Kept home", perPlayer: false, share: false };
    expect(measureFigureText(info, { n: 200, value: 0.005, low: -0.004, high: 0.0141 })).toBe("0.01 [0.00, 0.01]");
    expect(measureFigureText(info, { n: 200, value: -1.5, low: -2.25, high: -0.75 })).toBe("-1.50 [-2.25, -0.75]");
  });
});

describe("a measure per seat, the seats together", () => {
  const seat = [{ label: "Gold", perPlayer: true, share: false }];
  const held = [{ label: "Rich", perPlayer: true, share: true }];

  it("is each game's mean over its seats that gave a figure; a failed game, or one of none only, is left out", () => {
    const games = [{ measures: [[1, 3]] }, { measures: [[2, null]] }, { measures: [[null, null]] }, { error: "failed", measures: [[9, 9]] }];
    const [m] = summariseMeasures(seat, games, 2);
    expect(m!.figures.map((f) => [f.n, f.value])).toEqual([[2, 1.5], [1, 3]]);
    expect(m!.allSeats).toMatchObject({ n: 2, value: 2, low: 2, high: 2 });
    const [yes] = summariseMeasures(held, [{ measures: [[1, 0]] }, { measures: [[1, 1]] }], 2);
    expect(yes!.allSeats!.value).toBe(0.75);
    expect(yes!.allSeats!.spread).toBeUndefined();
    // Held for one seat of two in one game of 50: the t interval reaches below 0 (−1.0%), a share
    // no run can have, and is cut to 0–100%; a number's is not.
    const rare = Array.from({ length: 50 }, (_, g) => ({ measures: [[g === 0 ? 1 : 0, 0]] }));
    const [few] = summariseMeasures(held, rare, 2);
    expect(few!.allSeats).toMatchObject({ n: 50, value: 0.01, low: 0 });
    expect(few!.allSeats!.high).toBeCloseTo(0.03, 2);
    // A number's is not cut to the values the games gave: its mean may lie outside them.
    const [gold] = summariseMeasures(seat, rare, 2);
    expect(gold!.figures[0]!.low).toBeLessThan(0);
    // One seat: the seat's own row says it all.
    expect(summariseMeasures(seat, games, 1)[0]!.allSeats).toBeUndefined();
  });

  it("changes game by game as the mean of the seats on each side", () => {
    const a = [{ measures: [[1, 3]] }, { measures: [[2, 2]] }, { measures: [[5, 5]] }];
    const b = [{ measures: [[2, 4]] }, { measures: [[2, 2]] }, { measures: [[null, null]] }];
    const [c] = measureChanges(seat, seat, a, b, 2);
    expect(c!.allSeats).toMatchObject({ a: 2, b: 2.5 });
    expect(c!.allSeats!.change).toMatchObject({ value: 0.5, n: 2 });
  });
});
