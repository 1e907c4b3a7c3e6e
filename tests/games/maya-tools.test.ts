import { describe, expect, it } from "vitest";
import { runCheck } from "../../interpreter/cli/check-command.ts";
import { runPlay } from "../../interpreter/cli/play-command.ts";
import { playGame } from "../../interpreter/cli/simulate-batch.ts";
import { runSimulate } from "../../interpreter/cli/simulate-command.ts";
import { pairedChange, spread } from "../../interpreter/index.ts";
import { UsageError } from "../../interpreter/cli/usage-error.ts";
import { GAMES_DIR, loadGame } from "../support/games.ts";

/** Maya's variants through the tools: `stela check` and `stela simulate --variant`. */

describe("Maya variants in the tools", () => {
  it("Maya ships its rulebook variants, and its house rules extend it from their own file", () => {
    expect(loadGame("maya.stela").variants).toEqual(["A new beginning", "Two cities"]);
    expect(loadGame("maya-house-rules.stela").variants).toEqual(["Open racks", "Big racks", "Big cities pay more"]);
  });

  it("stela check lists each file's variants and what a variant file extends", () => {
    const lines: string[] = [];
    const code = runCheck([`${GAMES_DIR}maya.stela`, `${GAMES_DIR}maya-house-rules.stela`], { format: "text", smoke: 2 }, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines).toEqual([
      `${GAMES_DIR}maya.stela: ok, 0 warnings; variants: "A new beginning", "Two cities"; 2/2 smoke games (2 to 3 players) ended cleanly`,
      `${GAMES_DIR}maya-house-rules.stela: ok, 0 warnings; extends ${GAMES_DIR}maya.stela with variants: "Open racks", "Big racks", "Big cities pay more"; 2/2 smoke games (2 to 3 players) ended cleanly`,
      "✔ 2 files checked, no problems",
    ]);
    const json: string[] = [];
    runCheck([`${GAMES_DIR}maya-house-rules.stela`], { format: "json", smoke: 0 }, (l) => json.push(l));
    const report = JSON.parse(json.join("\n")) as { variants: string[]; extends: string }[];
    expect(report[0]!.variants).toEqual(["Open racks", "Big racks", "Big cities pay more"]);
    expect(report[0]!.extends).toBe(`${GAMES_DIR}maya.stela`);
  });

  it("stela simulate plays a variant, and refuses one the game does not have", async () => {
    const lines: string[] = [];
    const options = { players: 2, games: 2, seed: 1, json: true, workers: 1, progress: false, bots: ["random" as const] };
    const code = await runSimulate(`${GAMES_DIR}maya.stela`, { ...options, variant: "Two cities" }, (l) => lines.push(l));
    expect(code).toBe(0);
    const summary = JSON.parse(lines[0]!) as { variant: string; games: number; errors: string[] };
    expect(summary.variant).toBe("Two cities");
    expect(summary.games).toBe(2);
    expect(summary.errors).toEqual([]);
    await expect(runSimulate(`${GAMES_DIR}maya.stela`, { ...options, variant: "Three cities" }, () => {})).rejects.toThrow(UsageError);
  });
});

describe('house rule "Big cities pay more", game by game', () => {
  it("changes only the scores: random bots play the same games, and every change is told tightly", () => {
    const base = loadGame("maya.stela");
    const house = loadGame("maya-house-rules.stela");
    const settings = { file: "games/maya.stela", players: 3, bots: ["random"], seed: 5 };
    const a = Array.from({ length: 24 }, (_, i) => playGame(base, settings, i + 1, undefined, 100_000, true).outcome);
    const b = Array.from({ length: 24 }, (_, i) => playGame(house, { ...settings, file: "games/maya-house-rules.stela", variant: "Big cities pay more" }, i + 1, undefined, 100_000, true).outcome);
    // Random bots do not read the scores: the same seeds play the same games, decision for decision.
    expect(b.map((o) => o.decisions)).toEqual(a.map((o) => o.decisions));
    // Big cities only ever pay more: no seat loses points in any game, and some gain.
    for (let g = 0; g < 24; g++) for (let p = 0; p < 3; p++) expect(b[g]!.scores[p]!).toBeGreaterThanOrEqual(a[g]!.scores[p]!);
    const change = pairedChange(a, b, 3);
    expect(change.pairs).toBe(24);
    change.seats.forEach((seat, p) => {
      expect(seat.score.low).toBeGreaterThan(0);
      // Told game by game: under half the width the two sides' spreads alone would give.
      const sa = spread(a.map((o) => o.scores[p]!));
      const sb = spread(b.map((o) => o.scores[p]!));
      const unpaired = 2 * 1.959963984540054 * Math.sqrt((sa.sd ** 2 + sb.sd ** 2) / 24);
      expect(seat.score.high - seat.score.low).toBeLessThan(unpaired / 2);
    });
    expect(change.length).toMatchObject({ value: 0, low: 0, high: 0 });
  });
});

describe("Maya in stela play", () => {
  it("plays a variant with bots in every seat, and names it", async () => {
    const lines: string[] = [];
    const code = await runPlay(`${GAMES_DIR}maya.stela`, { players: 2, seed: 3, bots: [1, 2], variant: "A new beginning" }, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines.some((l) => l.startsWith("== Maya (A new beginning)"))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Game over\. 1\. Player \d \(\d+\)/);
    // Hot-seat: a bot's face-down tile is printed as the table sees it.
    expect(lines.some((l) => /^Player \d \(random bot\): \(a hidden choice\)$/.test(l))).toBe(true);
  });

  it("a match of the house-rules file without a variant name plays, and is named, its first variant", () => {
    const m = loadGame("maya-house-rules.stela").start({ players: 2, seed: 1 });
    expect(m.state.variant).toBe("Open racks");
    expect(m.view(0).variant).toBe("Open racks");
  });
});
