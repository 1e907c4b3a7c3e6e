import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game, type Match } from "../../interpreter/index.ts";

/**
 * Hanabi, a cooperative card game kept as a fixture (not a shipped game): every player sees every
 * hand but their own (`zone hand per player: Card others`). Its rulebook examples pass, random games
 * end with one score shared by all, and views and bots' redrawn copies hide each hand from its holder only.
 */

const FILE = "tests/fixtures/games/hanabi.stela";
const source = readFileSync(new URL("../fixtures/games/hanabi.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

/** The cards of a zone, by component, in order. */
const cards = (m: Match, zone: string): number[] => m.state.zones[zone]!.map((id) => m.state.pieces[id]!.c);
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe("Hanabi (a cooperative fixture)", () => {
  it("its rulebook examples pass", () => {
    const results = runExamples(load());
    expect(results.filter((r) => !r.passed).map((r) => [r.title, r.failure?.message])).toEqual([]);
    expect(results.length).toBe(8);
  });

  it("random games of 2 to 5 players end with every player sharing one score", () => {
    const game = load();
    for (const players of [2, 3, 4, 5]) {
      for (let seed = 1; seed <= 3; seed++) {
        const m = game.start({ players, seed, quiet: true });
        playRandomly(m, seed);
        expect(m.error).toBeNull();
        expect(new Set(m.result!.scores).size).toBe(1);
        expect(m.result!.winners.length).toBe(players);
      }
    }
  });

  it("each player sees every hand but their own; a spectator sees none", () => {
    const m = load().start({ players: 3, seed: 2 });
    const seen = (viewer: number | null) => m.view(viewer).zones.filter((z) => z.key.startsWith("hand") && z.pieces).map((z) => z.key);
    expect(seen(0)).toEqual(["hand#1", "hand#2"]);
    expect(seen(1)).toEqual(["hand#0", "hand#2"]);
    expect(seen(null)).toEqual([]);
    // Playing from your own hand, you name a card by its place only.
    m.apply("play-a-card", 0);
    expect(m.options(0).map((o) => o.label)[0]).toBe("hidden piece 1 of hand of Player 1");
  });

  it("a bot's redrawn copy keeps the hands it sees and redraws its own from the unseen cards", () => {
    const m = load().start({ players: 3, seed: 4 });
    m.apply("play-a-card", 0);
    m.applyAt(0, 0);
    let redrawn = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const copy = m.resampleFor(0, seed);
      expect(cards(copy, "hand#1")).toEqual(cards(m, "hand#1"));
      expect(cards(copy, "hand#2")).toEqual(cards(m, "hand#2"));
      expect(cards(copy, "fireworks").concat(cards(copy, "discards"))).toEqual(cards(m, "fireworks").concat(cards(m, "discards")));
      expect(sorted([...cards(copy, "hand#0"), ...cards(copy, "deck")])).toEqual(sorted([...cards(m, "hand#0"), ...cards(m, "deck")]));
      if (cards(copy, "hand#0").join() !== cards(m, "hand#0").join()) redrawn++;
    }
    expect(redrawn).toBeGreaterThan(15);
  });
});
