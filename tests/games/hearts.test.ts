import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game, type Match } from "../../interpreter/index.ts";

/**
 * Hearts, a trick-taking game kept as a fixture where choices tell what a hand holds: a player who
 * does not follow suit has none of it, and a player who passed three cards knows where they went.
 * Its worked examples pass, random games end with every round's 26 points dealt out, and a bot's
 * redrawn copies keep both what the passer knows and what the plays showed.
 */

const FILE = "tests/fixtures/games/hearts.stela";
const source = readFileSync(new URL("../fixtures/games/hearts.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

const field = (m: Match, id: number, name: string): unknown => m.game.def.components[m.state.pieces[id]!.c]!.fields[name];
const suitOf = (m: Match, id: number): string => JSON.stringify(field(m, id, "suit"));
/** The components of a zone's cards, sorted: which cards it holds, whatever their order. */
const holds = (m: Match, zone: string): number[] => m.state.zones[zone]!.map((id) => m.state.pieces[id]!.c).sort((a, b) => a - b);

/** Takes the secret pass of every player (their first option) and returns the cards each passed. */
function passAll(m: Match): number[][] {
  const before = [0, 1, 2, 3].map((p) => [...m.state.zones[`hand#${p}`]!]);
  for (let p = 0; p < 4; p++) expect(m.applyAt(0, p).ok).toBe(true);
  return before.map((ids, p) => ids.filter((id) => m.state.pieces[id]!.zone !== `hand#${p}`).map((id) => m.state.pieces[id]!.c));
}

describe("Hearts (a fixture whose choices tell what a hand holds)", () => {
  it("its worked examples pass", () => {
    const results = runExamples(load());
    expect(results.filter((r) => !r.passed).map((r) => [r.title, r.failure?.message])).toEqual([]);
    expect(results.length).toBe(4);
  });

  it("random games end, each round dealing out 26 points (or 78 for a moon)", () => {
    const game = load();
    for (let seed = 1; seed <= 3; seed++) {
      const m = game.start({ players: 4, seed, quiet: true });
      playRandomly(m, seed);
      expect(m.error).toBeNull();
      const points = (m.state.pvars as { points: number; moons: number }[]).map((p) => p.points);
      const moons = (m.state.pvars as { points: number; moons: number }[]).reduce((a, p) => a + p.moons, 0);
      expect(points.reduce((a, b) => a + b, 0)).toBe(26 * (4 - moons) + 78 * moons);
      expect(m.result!.scores).toEqual(points.map((p) => -p));
    }
  });

  it("a passer's redrawn copies keep the three cards it passed in the hand they went to", () => {
    const m = load().start({ players: 4, seed: 4 });
    m.resampleFor(0, 0);
    const passed = passAll(m);
    // Round 1 passes to the left: player 1's cards are in player 2's hand in every copy.
    for (let seed = 1; seed <= 20; seed++) {
      const copy = m.resampleFor(0, seed);
      const hand1 = holds(copy, "hand#1");
      for (const c of passed[0]!) expect(hand1).toContain(c);
      expect(holds(copy, "hand#0")).toEqual(holds(m, "hand#0"));
    }
    // Another player's pass is not known to player 1: somewhere among 20 copies a card player 3
    // passed to player 4 is elsewhere.
    let moved = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const hand3 = holds(m.resampleFor(0, seed), "hand#3");
      if (passed[2]!.some((c) => !hand3.includes(c))) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });
});
