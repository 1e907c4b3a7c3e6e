import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game } from "../../interpreter/index.ts";

/**
 * Hotel Chains (`tests/fixtures/games/hotel-chains.stela`), an Acquire-like game written from the
 * docs alone by a designer review: tiles on a 12x9 grid found, grow and merge chains (connected
 * groups), shares priced by a table, majority and minority bonuses with ties rounded up to $100,
 * each holder's sell/trade/keep decision in turn order, hidden hands of tiles, money as the score.
 * Kept as a fixture (not a shipped game) that stays green: its worked examples, and random games
 * at every player count that end cleanly.
 */

const FILE = "tests/fixtures/games/hotel-chains.stela";
const source = readFileSync(new URL("../fixtures/games/hotel-chains.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

const CHAINS = ["lark", "wren", "heron", "kestrel", "osprey", "falcon", "eagle"];

describe("Hotel Chains (an Acquire-like fixture)", () => {
  const game = load();

  it("passes its worked examples: a founding and buy round, ties for majority and minority, refusals, the end", () => {
    const results = runExamples(game);
    expect(results.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([
      ["A chain of 11 tiles can still be taken over", true, undefined],
      ["Founding a chain gives a free share; three shares bought at $300", true, undefined],
      ["A merger with a tie for the majority: the two bonuses pooled, halved, rounded up to $100", true, undefined],
      ["A tie for the minority splits the minority bonus, rounded up to $100", true, undefined],
      ["Tiles that cannot be played: one merges two safe chains, one would found an eighth chain", true, undefined],
      ["All chains on the board are safe: the end is declared, bonuses paid and shares sold", true, undefined],
    ]);
  });

  it("ends random games of 3 to 6 players with the money as the score", () => {
    for (let players = 3; players <= 6; players++) {
      for (const variant of [undefined, "Safe at 15"]) {
        const m = game.start({ players, seed: players, quiet: true, ...(variant ? { variant } : {}) });
        playRandomly(m, players);
        expect(m.error, `${players} players: ${m.error?.message}`).toBeNull();
        expect(m.over).toBe(true);
        // A chain's shares never outnumber the bank's 25 (shares of a defunct chain may be kept).
        const held = CHAINS.map((_, c) => Array.from({ length: players }, (_, p) => (m.playerVar(p, "shares") as number[])[c]!).reduce((a, b) => a + b, 0));
        for (const n of held) expect(n).toBeLessThanOrEqual(25);
        for (let p = 0; p < players; p++) {
          expect(m.result!.scores[p]).toBe(m.playerVar(p, "money"));
          expect(m.result!.scores[p]! % 100).toBe(0);
        }
      }
    }
  });

  it("keeps each player's tiles from the others", () => {
    const m = game.start({ players: 4, seed: 9 });
    const me = m.decision!.players[0]!;
    const other = (me + 1) % 4;
    const hand = (viewer: number, owner: number) => m.view(viewer).zones.find((z) => z.key === `hand#${owner}`);
    expect(hand(me, me)!.pieces!.length).toBe(6);
    expect(hand(other, me)!.pieces).toBeUndefined();
  });
});
