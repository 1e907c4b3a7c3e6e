import { describe, expect, it } from "vitest";
import { runCheck } from "../../interpreter/cli/check-command.ts";
import { runSimulate } from "../../interpreter/cli/simulate-command.ts";
import { UsageError } from "../../interpreter/cli/usage-error.ts";
import { GAMES_DIR, loadGame } from "../support/games.ts";

/** Maya's variants through the tools: `stela check` and `stela simulate --variant`. */

describe("Maya variants in the tools", () => {
  it("Maya ships its rulebook variants, and its house rules extend it from their own file", () => {
    expect(loadGame("maya.stela").variants).toEqual(["A new beginning", "Two cities"]);
    expect(loadGame("maya-house-rules.stela").variants).toEqual(["Open racks", "Big racks"]);
  });

  it("stela check lists each file's variants and what a variant file extends", () => {
    const lines: string[] = [];
    const code = runCheck([`${GAMES_DIR}maya.stela`, `${GAMES_DIR}maya-house-rules.stela`], { format: "text", smoke: 2 }, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines).toEqual([
      `${GAMES_DIR}maya.stela: ok, 0 warnings; variants: "A new beginning", "Two cities"; 2/2 smoke games ended cleanly`,
      `${GAMES_DIR}maya-house-rules.stela: ok, 0 warnings; extends ${GAMES_DIR}maya.stela with variants: "Open racks", "Big racks"; 2/2 smoke games ended cleanly`,
    ]);
    const json: string[] = [];
    runCheck([`${GAMES_DIR}maya-house-rules.stela`], { format: "json", smoke: 0 }, (l) => json.push(l));
    const report = JSON.parse(json.join("\n")) as { variants: string[]; extends: string }[];
    expect(report[0]!.variants).toEqual(["Open racks", "Big racks"]);
    expect(report[0]!.extends).toBe(`${GAMES_DIR}maya.stela`);
  });

  it("stela simulate plays a variant, and refuses one the game does not have", async () => {
    const lines: string[] = [];
    const options = { players: 2, games: 2, seed: 1, json: true, workers: 1, progress: false };
    const code = await runSimulate(`${GAMES_DIR}maya.stela`, { ...options, variant: "Two cities" }, (l) => lines.push(l));
    expect(code).toBe(0);
    const summary = JSON.parse(lines[0]!) as { variant: string; games: number; errors: string[] };
    expect(summary.variant).toBe("Two cities");
    expect(summary.games).toBe(2);
    expect(summary.errors).toEqual([]);
    await expect(runSimulate(`${GAMES_DIR}maya.stela`, { ...options, variant: "Three cities" }, () => {})).rejects.toThrow(UsageError);
  });
});
