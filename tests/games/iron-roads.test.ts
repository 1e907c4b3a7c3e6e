import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { playRandomly, RandomBot } from "../../interpreter/bots/random-bot.ts";
import { runExamples, type Match } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * Iron Roads (`tests/fixtures/games/iron-roads.stela`), a route-building card game written from
 * the docs alone by a designer review: a graph board whose routes are spaces, a face-up market,
 * locomotives, destination tickets kept hidden, the longest path found by a recursive `define`.
 * Kept as a fixture (not a shipped game) that stays green: its rulebook examples, random games at
 * every player count, and what each player may see of the others' tickets and cards.
 */

const FILE = new URL("../fixtures/games/iron-roads.stela", import.meta.url).pathname;
const game = gameFromSource(readFileSync(FILE, "utf8"), "iron-roads.stela");

/** Plays `n` decisions with a seeded random bot. */
function advance(m: Match, n: number): void {
  const bot = new RandomBot(3);
  for (let i = 0; i < n && m.decision; i++) {
    const p = m.decision.players[0]!;
    m.apply(bot.choose(m, p)!, p);
  }
}

/** The labels of the pieces in a zone as `viewer` sees them, or undefined when hidden from them. */
function seen(m: Match, viewer: number, zone: string): string[] | undefined {
  return m
    .view(viewer)
    .zones.find((z) => z.key === zone)
    ?.pieces?.map((q) => q.show?.label ?? "");
}

describe("Iron Roads: a route-building card game", () => {
  it("passes its rulebook examples: a completed and a failed ticket, the longest path, a tie for it, a claim", () => {
    const results = runExamples(game);
    expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
    expect(results).toHaveLength(5);
  });

  it("ends without a rule error at every player count", () => {
    for (let players = 2; players <= 4; players++) {
      for (const variant of [undefined, "Long haul"]) {
        const m = game.start(variant ? { players, seed: players, variant } : { players, seed: players });
        playRandomly(m, 11 * players);
        expect(m.error, `${players} players: ${m.error?.message}`).toBeNull();
        expect(m.over).toBe(true);
      }
    }
  });

  it("keeps each player's tickets and hand from the others, in views and in the log", () => {
    const m = game.start({ players: 3, seed: 5 });
    advance(m, 30);
    expect(seen(m, 0, "tickets#0")!.length).toBeGreaterThanOrEqual(2);
    expect(seen(m, 1, "tickets#0")).toBeUndefined();
    expect(seen(m, 1, "hand#0")).toBeUndefined();
    expect(seen(m, 1, "deck")).toBeUndefined();
    // Which tickets a player returned reads to the others as a hidden choice.
    const returns = m.view(1).log.filter((e) => e.player === 0 && e.prompt === "Return tickets (keep at least one)" && e.label !== "nothing");
    for (const e of returns) expect(e.label).toBe("(a hidden choice)");
  });

  it("redraws the others' tickets in a bot's copies, and keeps the cards it saw taken from the market", () => {
    const m = game.start({ players: 2, seed: 5 });
    advance(m, 40);
    // Seat 1 took two blue cards face up, then paid three black ones for a route.
    const real = seen(m, 0, "hand#0")!;
    expect(real.filter((c) => c === "blue card")).toHaveLength(2);
    const tickets = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const copy = m.resampleFor(1, seed);
      expect(seen(copy, 0, "hand#0")!.filter((c) => c === "blue card").length, `copy ${seed}`).toBeGreaterThanOrEqual(2);
      tickets.add([...seen(copy, 0, "tickets#0")!].sort().join(";"));
    }
    // Every ticket is in a hand: seat 2, who holds the rest, knows seat 1's exactly.
    expect(m.state.zones["ticket_deck"]).toEqual([]);
    expect(tickets.size).toBe(1);
    // Earlier, with tickets still in the deck, they are redrawn.
    const early = game.start({ players: 2, seed: 5 });
    advance(early, 6);
    const drawn = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) drawn.add([...seen(early.resampleFor(1, seed), 0, "tickets#0")!].sort().join(";"));
    expect(drawn.size).toBeGreaterThan(5);
  });
});
