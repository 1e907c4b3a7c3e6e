import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, ruleFiles, stela } from "./run-stela.ts";

/**
 * A broken base file checked beside the variant files that extend it: its error is reported once,
 * under the base, not again under each variant file (a CI designer got the same `::error` three
 * times for one typo, and "5 problems" for one).
 */

const game = readFileSync(join(root, "games/mayan-city.stela"), "utf8");
const broken = game.replace("define filled(z: number): bool = all s in spaces(city): s.zone != z", "define filled(z: number): bool = all s in spaces(city): s.zonee != z");
const variant = (name: string): string => `variant "${name}" extends "game.stela" {\n  override define filled(z: number): bool = false\n}\n`;

describe("stela check: a base file's errors beside its variant files", () => {
  it("reports the base's error once, and each variant file its own line", () => {
    expect(broken).not.toBe(game);
    const files = ruleFiles({ "game.stela": broken, "one.stela": variant("One"), "two.stela": variant("Two") });
    const r = stela(["check", files.dir]);
    expect(r.code).toBe(1);
    const typo = r.out.split("\n").filter((l) => l.includes("unknown-field"));
    expect(typo).toHaveLength(1);
    expect(typo[0]).toMatch(/game\.stela:\d+:\d+: error unknown-field/);
    expect(r.out).toMatch(/one\.stela:1:\d+: error invalid-variant: the base file "game\.stela" has 1 error; fix it first/);
    expect(r.out).toMatch(/two\.stela:1:\d+: error invalid-variant/);
    expect(r.out).toContain("3 problems (3 errors, 0 warnings) in 3 files");
    const github = stela(["check", files.dir, "--format", "github"]).out.split("\n").filter((l) => l.startsWith("::error"));
    expect(github).toHaveLength(3);
    const json = JSON.parse(stela(["check", files.dir, "--format", "json"]).out) as { file: string; errors: number; diagnostics: unknown[] }[];
    expect(json.map((f) => [f.file.split("/").pop(), f.errors, f.diagnostics.length])).toEqual([
      ["game.stela", 1, 1],
      ["one.stela", 1, 1],
      ["two.stela", 1, 1],
    ]);
  });

  it("a variant file checked alone still shows the base's error under it", () => {
    const files = ruleFiles({ "game.stela": broken, "one.stela": variant("One") });
    const r = stela(["check", files["one.stela"]]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/game\.stela:\d+:\d+: error unknown-field/);
    expect(r.out).toContain("2 problems (2 errors, 0 warnings) in 1 file");
  });
});
