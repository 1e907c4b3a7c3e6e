import { describe, expect, it } from "vitest";
import type { GameOutcome } from "../../interpreter/cli/simulate-batch.ts";
import { simulationReport } from "../../interpreter/cli/simulate-report.ts";
import { summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import type { RunSettings } from "../../interpreter/index.ts";

/**
 * A run whose games stopped on a rule error says so first. Every game failing printed a seats'
 * table of zeros with intervals of 0–100% above the errors, read as figures; some failing left the
 * figures over the games that ended without a word at the top.
 */
const settings: RunSettings = { file: "draft.stela", players: 2, bots: ["random"], seed: 1 };
const failed = (game: number): GameOutcome => ({ game, seed: game, scores: [0, 0], winners: [], decisions: 12, error: "draft.stela:69:19: runtime-no-options: Player 1 must choose here but there is nothing to choose from" });
const ended = (game: number): GameOutcome => ({ game, seed: game, scores: [10.5 + game / 3, 7], winners: [0], decisions: 40 });

describe("a run with games that stopped on a rule error", () => {
  it("every game failed: the warning, the errors, and no figures", () => {
    const s = summarise("Draft", settings, 5, [1, 2, 3, 4, 5].map(failed), 1);
    const lines = summaryLines(s);
    expect(lines[2]).toBe("warning: every game stopped on a rule error (the errors are listed below): there are no figures to read; fix the rules and run again");
    expect(lines.some((l) => l.startsWith("seat  bot"))).toBe(false);
    expect(lines.some((l) => l.startsWith("fair share"))).toBe(false);
    expect(lines).toContain("errors: 5");
    expect(lines.at(-1)).toMatch(/^reproduce: /);
    expect(simulationReport(s, [1, 2, 3, 4, 5].map(failed))).toContain("<strong>Warning:</strong> every game stopped on a rule error");
  });

  it("some failed: the warning counts them, then the figures over the games that ended, rounded", () => {
    const outcomes = [ended(1), failed(2), ended(3), ended(4)];
    const lines = summaryLines(summarise("Draft", settings, 4, outcomes, 1));
    expect(lines[2]).toBe("warning: 1 of 4 games stopped on a rule error (listed below): the figures are over the 3 that ended, which leaves out whatever positions make the rule fail");
    const seat1 = lines.find((l) => l.startsWith("1 "))!;
    // Scores of thirds read rounded, min and max too.
    expect(seat1).toContain("[10.83–11.83]");
    expect(lines).toContain("errors: 1");
  });

  it("none failed: no warning", () => {
    expect(summaryLines(summarise("Draft", settings, 2, [ended(1), ended(2)], 1)).some((l) => l.startsWith("warning:"))).toBe(false);
  });
});
