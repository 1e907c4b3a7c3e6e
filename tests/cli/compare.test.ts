import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareSummaries, parseFailIf } from "../../interpreter/cli/compare-command.ts";
import type { GameOutcome, RunSettings } from "../../interpreter/cli/simulate-batch.ts";
import { summarise } from "../../interpreter/cli/simulate-summary.ts";

/** `stela compare`: B against A per seat, thresholds for CI. */

const settings: RunSettings = { file: "a.stela", players: 2, bots: ["random"], seed: 1 };

/** `n` games of which seat 1 wins `first` alone, seat 2 the rest; every game `length` decisions long. */
function outcomes(n: number, first: number, length: number, score = 10): GameOutcome[] {
  return Array.from({ length: n }, (_, i) => ({ game: i + 1, seed: i, scores: i < first ? [score, 0] : [0, score], winners: i < first ? [0] : [1], decisions: length }));
}

describe("comparing two runs", () => {
  const a = summarise("A", settings, 200, outcomes(200, 100, 40), 1);
  const b = summarise("B", { ...settings, file: "b.stela" }, 200, outcomes(200, 130, 46), 1);

  it("gives B − A per seat with intervals, and the change of length", () => {
    const c = compareSummaries(a, b, [], "cmd");
    expect(c.seats[0]!.winsA.value).toBe(0.5);
    expect(c.seats[0]!.winsB.value).toBe(0.65);
    expect(c.seats[0]!.wins.value).toBeCloseTo(0.15, 12);
    expect(c.seats[0]!.wins.low).toBeGreaterThan(0.05);
    expect(c.seats[0]!.wins.high).toBeLessThan(0.25);
    expect(c.seats[1]!.wins.value).toBeCloseTo(-0.15, 12);
    expect(c.length.value).toBe(6);
    expect(c.length.relative).toBeCloseTo(0.15, 12);
  });

  it("breaks the thresholds it should, and only those", () => {
    const c = compareSummaries(a, b, ["win-off-fair>5", "win-off-fair>20", "win-change>10", "length-change>10%", "length-change>20%", "errors>0"], "cmd");
    expect(c.thresholds.map((t) => [t.rule, t.broken])).toEqual([
      ["win-off-fair>5", true],
      ["win-off-fair>20", false],
      ["win-change>10", true],
      ["length-change>10%", true],
      ["length-change>20%", false],
      ["errors>0", false],
    ]);
    expect(c.thresholds[0]!.detail).toBe("seat 1 wins 65.0% in B, 15.0 points from the fair 50.0%");
  });

  it("refuses a rule it cannot read", () => {
    expect(() => parseFailIf("win-rate<3")).toThrow("--fail-if: cannot read");
    expect(parseFailIf("length-change>10%")).toEqual({ name: "length-change", limit: 10 });
  });
});

describe("stela compare", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const stela = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(root, "interpreter/cli/stela.mjs"), ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it("plays the same seeds on both files and exits 1 when a threshold breaks", () => {
    const args = ["compare", "tests/fixtures/bots/goofspiel.stela", "tests/fixtures/bots/faulty-goofspiel.stela", "--players", "2", "--games", "30", "--workers", "1"];
    const r = stela([...args, "--fail-if", "errors>0", "--fail-if", "length-change>10%", "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    const c = JSON.parse(r.out);
    expect(c.a.played).toBe(30);
    expect(c.b.errors.length).toBeGreaterThan(0);
    expect(c.b.errors[0].replay).toMatch(/^stela simulate tests\/fixtures\/bots\/faulty-goofspiel\.stela --players 2 --seed 1 --bots random --game \d+$/);
    expect(c.thresholds[0]).toMatchObject({ rule: "errors>0", broken: true });
    // The games that did not fail are as long on both sides: Goofspiel always takes 10 decisions
    // (6 rounds of 2 secret bids; the last round's one card each is played without asking).
    expect(c.thresholds[1]).toMatchObject({ rule: "length-change>10%", broken: false, detail: "mean length moves +0.0% (10.0 → 10.0 decisions)" });
    expect(stela(["compare", "tests/fixtures/bots/goofspiel.stela", "--players", "2"]).err).toBe("stela: compare needs two rule files, or two variants of one (--variant-a, --variant-b)\n");
  }, 240_000);
});
