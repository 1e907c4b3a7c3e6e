import { describe, expect, it } from "vitest";
import { stela } from "./run-stela.ts";

/** `--variant "A+B"` on the command line: a combination of declared variants nobody wrote down. */

const FILE = "tests/fixtures/games/oh-hell.stela";
const COMBINED = "Seat 1 always deals+No hook";
const BY_HAND = "Seat 1 always deals, no hook";

/** The per-game scores of `stela simulate --json` (without the figures that vary with the machine). */
function simulated(variant: string): { code: number | null; scores: unknown; err: string } {
  const r = stela(["simulate", FILE, "--players", "3", "--games", "8", "--seed", "3", "--variant", variant, "--json", "--no-progress"]);
  const json = r.code === 0 ? JSON.parse(r.out) : undefined;
  return { code: r.code, scores: json && [json.scores, json.winsBySeat, json.length], err: r.err };
}

describe("stela with --variant \"A+B\"", () => {
  it("simulate plays the games the hand-written combination plays", () => {
    const combined = simulated(COMBINED);
    expect(combined.err).toBe("");
    expect(combined.code).toBe(0);
    expect(combined.scores).toEqual(simulated(BY_HAND).scores);
    expect(combined.scores).not.toEqual(simulated("No hook").scores);
  });

  it("compare takes a combination on either side", () => {
    const r = stela(["compare", FILE, "--variant-a", "Seat 1 always deals", "--variant-b", COMBINED, "--players", "3", "--games", "6", "--json", "--no-progress"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).command).toContain(`--variant-b '${COMBINED}'`);
  });

  it("play takes one", () => {
    const r = stela(["play", FILE, "--players", "3", "--bots", "1,2,3", "--variant", COMBINED]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Game over.");
    // Seat 1 deals every round (one part of the combination); "No hook" alone passes the deal.
    const dealers = (out: string) => [...out.matchAll(/· (Player \d) deals/g)].map((m) => m[1]);
    expect(new Set(dealers(r.out))).toEqual(new Set(["Player 1"]));
    expect(dealers(r.out).length).toBe(5);
    const alone = stela(["play", FILE, "--players", "3", "--bots", "1,2,3", "--variant", "No hook"]);
    expect(new Set(dealers(alone.out)).size).toBe(3);
  });

  it("a part that is no variant is a usage error with a did-you-mean, not a stack trace", () => {
    const r = stela(["simulate", FILE, "--players", "3", "--games", "2", "--variant", "Seat 1 always deals+Nohook"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('stela: "Oh Hell!": "Seat 1 always deals+Nohook" joins variants with `+`, but this file has no variant "Nohook" (did you mean `No hook`?)\n');
  });

  it("compare says which side has no such variant", () => {
    const r = stela(["compare", FILE, "games/maya.stela", "--players", "3", "--games", "2", "--variant", "No hook"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('stela: B (games/maya.stela): "Maya" has no variant "No hook" (it has: "A new beginning", "Two cities")\n');
  });
});
