import { describe, expect, it } from "vitest";
import { compareSummaries, comparisonLines, stopReason } from "../../interpreter/cli/compare-command.ts";
import type { GameOutcome } from "../../interpreter/cli/simulate-batch.ts";
import { simulationReport } from "../../interpreter/cli/simulate-report.ts";
import { summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import { sharedScore, sureTeamChange, Z95, type RunSettings } from "../../interpreter/index.ts";

/**
 * A cooperative game (every seat scores the same in every game) is read by the team's score in
 * `stela simulate`, `stela compare` and its report: the seats' win shares are 1/players each with
 * every game a draw, and say nothing.
 */

const settings: RunSettings = { file: "coop.stela", players: 3, bots: ["random"], seed: 1 };

/** `n` games the three seats share, scoring `score(i)` in game i. */
function together(n: number, score: (i: number) => number): GameOutcome[] {
  return Array.from({ length: n }, (_, i) => ({ game: i + 1, seed: i, scores: [score(i), score(i), score(i)], winners: [0, 1, 2], decisions: 30 }));
}

describe("a run whose seats always share one score", () => {
  const gamesA = together(100, (i) => i % 5);
  const a = summarise("Coop", settings, 100, gamesA, 1);

  it("is read by the team's score: its mean with an interval, and how often each score came up", () => {
    expect(a.shared!.mean.value).toBe(2);
    expect(a.shared!.mean.low).toBeGreaterThan(1.6);
    expect(a.shared!.mean.high).toBeLessThan(2.4);
    expect(a.shared!.counts).toEqual([0, 1, 2, 3, 4].map((score) => ({ score, games: 20 })));
    const text = summaryLines(a).join("\n");
    expect(text).toContain("team score: 2.00 [");
    expect(text).toContain("scores: 0 ×20 (20.0%) · 1 ×20 (20.0%)");
    // Win shares, the first-player test and the margin say nothing here.
    expect(text).not.toContain("fair share");
    expect(text).not.toContain("winning margin:");
    expect(simulationReport(a, gamesA)).toContain("Team score: 2.00 [");
  });

  it("says so when every game ended on one score, rather than an interval of no width", () => {
    const zeros = together(40, () => 0);
    const lines = summaryLines(summarise("Coop", settings, 40, zeros, 1)).join("\n");
    expect(lines).toContain("team score: 0.00 (all 40 games alike), sd 0.00");
    // Every game on one score may be bots that never score, not a cooperative game: said so.
    expect(lines).toContain("every seat scored the same in each of the 40 games (a cooperative game, or bots that never score apart: every game ended with each seat on 0)");
    expect(summaryLines(a).join("\n")).toContain("every seat scored the same in each of the 100 games (a cooperative game): read the team's score");
  });

  it("is read seat by seat as before once a single game gives the seats different scores", () => {
    const games = together(100, (i) => i % 5);
    games[7] = { ...games[7]!, scores: [3, 1, 1], winners: [0] };
    expect(sharedScore(games, 3)).toBeUndefined();
    expect(summaryLines(summarise("Coop", settings, 100, games, 1)).join("\n")).toContain("fair share");
  });

  it("compared, gives the change of the team's score game by game, and a run with looks stops on it", () => {
    const gamesB = together(100, (i) => (i % 5) + (i % 2));
    const b = summarise("Coop", { ...settings, file: "b.stela" }, 100, gamesB, 1);
    const c = compareSummaries(a, b, { a: gamesA, b: gamesB }, [], "cmd");
    expect(c.shared!.change.value).toBeCloseTo(0.5, 12);
    const text = comparisonLines(c).join("\n");
    expect(text).toContain("team score: 2.00 → 2.50, +0.50 [+0.");
    expect(text).not.toContain("share A");
    // No seat's win share moves: without the team's question a run with looks never stopped.
    expect(stopReason(compareSummaries(a, b, { a: gamesA, b: gamesB }, [], "cmd", 3))).toMatch(/^the team score surely changes \(\+0\.50/);
    expect(stopReason(compareSummaries(a, a, { a: gamesA, b: gamesA }, [], "cmd", 3))).toBeUndefined();
    // The editor's "stop when sure" asks the same of the games' outcomes.
    expect(sureTeamChange(gamesA, gamesB, 3, Z95)).toMatch(/^the team score surely changes/);
  });
});
