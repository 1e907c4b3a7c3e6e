import { describe, expect, it } from "vitest";
import { compareSummaries, comparisonLines } from "../../interpreter/cli/compare-command.ts";
import type { GameOutcome } from "../../interpreter/cli/simulate-batch.ts";
import { summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import type { RunSettings } from "../../interpreter/index.ts";

/**
 * The seats' tables of `stela simulate` and `stela compare` keep their columns apart when a
 * figure is wider than usual: a game scored in money (thousands, with a spread in thousands) had
 * its sd run into the median ("8778.1728600") when each column was padded to a fixed width.
 */

const settings: RunSettings = { file: "money.stela", players: 2, bots: ["random"], seed: 1 };

/** Games scored in money: seat 1 wins the even games, the scores spread over tens of thousands. */
function rich(n: number, offset = 0): GameOutcome[] {
  return Array.from({ length: n }, (_, i) => {
    const high = 30000 + ((i * 7919) % 25000) + offset;
    const low = 6000 + ((i * 104729) % 20000) + offset;
    return { game: i + 1, seed: i, scores: i % 2 === 0 ? [high, low] : [low, high], winners: [i % 2], decisions: 200 };
  });
}

/** The cells of a table row: runs of text two or more spaces apart. */
const cells = (line: string): string[] => line.trim().split(/ {2,}/);

describe("the seats' tables with wide figures", () => {
  it("simulate: every row has as many cells as the header, each under its heading", () => {
    const lines = summaryLines(summarise("Money", settings, 40, rich(40), 1));
    const header = lines.find((l) => l.startsWith("seat  bot"))!;
    const rows = lines.filter((l) => /^[12] +random/.test(l));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(cells(row)).toHaveLength(cells(header).length);
      expect(row.indexOf(cells(row)[6]!)).toBe(header.indexOf("median"));
    }
  });

  it("compare: every row has as many cells as the header, each under its heading", () => {
    const a = rich(40);
    const b = rich(40, 1234567);
    const c = compareSummaries(summarise("A", settings, 40, a, 1), summarise("B", { ...settings, file: "b.stela" }, 40, b, 1), { a, b }, [], "cmd");
    const lines = comparisonLines(c);
    const header = lines.find((l) => l.startsWith("seat  share A"))!;
    const rows = lines.filter((l) => /^[12] +\d/.test(l));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(cells(row)).toHaveLength(cells(header).length);
      expect(row.indexOf(cells(row)[5]!)).toBe(header.indexOf("score B"));
    }
  });
});
