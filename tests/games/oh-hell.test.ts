import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game, type Match } from "../../interpreter/index.ts";

/**
 * Oh Hell!, a trick-taking game kept as a fixture: hands are hidden from the other players
 * (`zone hand per player: Card owner`), cards played to a trick are public. Its worked examples
 * pass, random games end at every player count and in every variant, and what a bot searches
 * keeps its own hand and the cards on the table but redraws the others' hands.
 */

const FILE = "tests/fixtures/games/oh-hell.stela";
const source = readFileSync(new URL("../fixtures/games/oh-hell.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

/** The cards of a zone, by component, in order. */
const cards = (m: Match, zone: string): number[] => m.state.zones[zone]!.map((id) => m.state.pieces[id]!.c);
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe("Oh Hell! (a trick-taking fixture)", () => {
  it("its worked examples pass", () => {
    const results = runExamples(load());
    expect(results.filter((r) => !r.passed).map((r) => [r.title, r.failure?.message])).toEqual([]);
    expect(results.length).toBe(6);
  });

  it("random games of 3 to 5 players, in every variant, end with scores made of exact bids", () => {
    const game = load();
    for (const variant of [undefined, ...game.variants]) {
      for (const players of [3, 4, 5]) {
        for (let seed = 1; seed <= 2; seed++) {
          const m = game.start({ players, seed, quiet: true, variant });
          playRandomly(m, seed);
          expect(m.error).toBeNull();
          expect(m.result!.scores.length).toBe(players);
          // A score is a sum of exact bids' prizes: never negative, and 0 or at least 10 a round.
          for (const s of m.result!.scores) expect(s === 0 || s >= 10).toBe(true);
        }
      }
    }
  });

  it("each player sees their own hand only; the turned-up card is public", () => {
    const m = load().start({ players: 4, seed: 3 });
    const seen = (viewer: number | null) => m.view(viewer).zones.filter((z) => z.key.startsWith("hand") && z.pieces).map((z) => z.key);
    expect(seen(0)).toEqual(["hand#0"]);
    expect(seen(2)).toEqual(["hand#2"]);
    expect(seen(null)).toEqual([]);
    expect(m.view(1).zones.find((z) => z.key === "turned")!.pieces).toHaveLength(1);
  });

  it("a bot's redrawn copy keeps its hand and the cards played, and redraws the others' hands", () => {
    const m = load().start({ players: 3, seed: 5 });
    // Everyone bids, then the first trick is under way.
    while (m.decision && m.decision.prompt.startsWith("Bid")) m.applyAt(0, m.decision.players[0]!);
    m.applyAt(0, m.decision!.players[0]!);
    const me = m.decision!.players[0]!;
    const others = [0, 1, 2].filter((p) => p !== me);
    let redrawn = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const copy = m.resampleFor(me, seed);
      expect(cards(copy, `hand#${me}`)).toEqual(cards(m, `hand#${me}`));
      expect(cards(copy, "trick")).toEqual(cards(m, "trick"));
      expect(cards(copy, "turned")).toEqual(cards(m, "turned"));
      const unseen = (x: Match) => sorted([...others.flatMap((p) => cards(x, `hand#${p}`)), ...cards(x, "deck")]);
      expect(unseen(copy)).toEqual(unseen(m));
      if (others.some((p) => cards(copy, `hand#${p}`).join() !== cards(m, `hand#${p}`).join())) redrawn++;
    }
    expect(redrawn).toBe(20);
  });
});
