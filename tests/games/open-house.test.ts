import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, runExamples, type Game, type Match } from "../../interpreter/index.ts";

/**
 * Open House, an auction game kept as a fixture (not a shipped game): properties are bought
 * in rounds of raise-or-pass bidding (a pass takes the lowest property on show and half the
 * bid back), then sold in rounds of secret, simultaneous picks for cheques. Its rulebook
 * examples pass, random games of 3 to 6 players (base and variants) sell every property they
 * bought, and a pick stays secret until every player has chosen.
 */

const FILE = "tests/fixtures/games/open-house.stela";
const source = readFileSync(new URL("../fixtures/games/open-house.stela", import.meta.url), "utf8");

function load(): Game {
  const r = compile(source, FILE);
  expect(r.diagnostics).toEqual([]);
  return r.game!;
}

const count = (m: Match, zone: string): number => m.state.zones[zone]!.length;

describe("Open House (an auction fixture)", () => {
  it("its rulebook examples pass", () => {
    const results = runExamples(load());
    expect(results.map((r) => [r.title, r.passed, r.failure?.message])).toEqual([
      ["An auction round, two sales and the final score", true, undefined],
      ["A free pass, a forced pass, and who starts next", true, undefined],
      ["A tie on points goes to the player with more coins", true, undefined],
      ["A passing player gets their whole bid back", true, undefined],
    ]);
  });

  it("random games of 3 to 6 players, with each variant, deal and sell one property per cheque", () => {
    const game = load();
    for (const variant of [undefined, ...game.variants]) {
      for (const players of [3, 4, 5, 6]) {
        for (let seed = 1; seed <= 2; seed++) {
          const m = game.start({ players, seed, variant, quiet: true });
          playRandomly(m, seed);
          expect(m.error).toBeNull();
          const perPlayer = { 3: 8, 4: 7, 5: 6, 6: 5 }[players]!;
          for (let p = 0; p < players; p++) {
            expect(count(m, `sold#${p}`)).toBe(perPlayer);
            expect(count(m, `bank#${p}`)).toBe(perPlayer);
            expect(count(m, `hand#${p}`)).toBe(0);
          }
          expect(count(m, "boxed")).toBe({ 3: 12, 4: 4, 5: 0, 6: 0 }[players]);
        }
      }
    }
  });

  it("a sale's picks stay secret until the last player has chosen", () => {
    const m = load().start({ players: 3, seed: 5 });
    // Everyone passes at once in every auction until the sales begin.
    while (m.decision && !m.decision.simultaneous) m.apply("stop");
    expect(m.decision!.players).toEqual([0, 1, 2]);
    const pick = m.options(0)[0]!;
    m.apply(pick.id, 0);
    expect(m.view(0).decision!.chosen).toBe(pick.label);
    expect(m.view(1).decision!.chosen).toBeUndefined();
    expect(JSON.stringify(m.view(1).log)).not.toContain(pick.label);
    // Revealed, the sold property lies face up: the others read it by name.
    m.applyAt(0, 1);
    m.applyAt(0, 2);
    const told = m.view(1).messages.map((x) => x.text).find((t) => t.startsWith("Player 1 sells"));
    expect(told).toMatch(new RegExp(`^Player 1 sells ${pick.label} for cheque \\d+$`));
  });
});
