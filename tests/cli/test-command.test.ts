import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `stela test` as a user runs it: one line per example, the first difference, exit codes, JSON
 * and JUnit. (The games' own examples run in-process in tests/dsl/examples.test.ts.)
 */

const root = new URL("../../", import.meta.url).pathname;
const bin = join(root, "interpreter/cli/stela.mjs");

function stela(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const readme = readFileSync(join(root, "dsl/README.md"), "utf8");
const harvest = [...readme.matchAll(/```stela\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('game "Harvest"'))!;
const dir = mkdtempSync(join(tmpdir(), "stela-test-"));
const good = join(dir, "harvest.stela");
const bad = join(dir, "harvest-wrong.stela");
writeFileSync(good, harvest);
writeFileSync(bad, harvest.replace("expect me.score == 1", "expect me.score == 2"));
const wrongLine = harvest.split("\n").findIndex((l) => l.includes("expect me.score == 1")) + 1;

describe("stela test", () => {
  it("prints the failing step's place, expected and got, and exits 1", () => {
    const r = stela(["test", good, bad]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`✖ ${bad}:${wrongLine}:3: example "Sowing scores 1, and a taken space is refused" failed: expected me.score == 2\n    expected 2\n    got      1\n`);
    expect(r.out).toContain(`${good}: 2/2 examples passed`);
    expect(r.out.trim().split("\n").at(-1)).toBe("✖ 1 of 4 examples failed");
  });

  it("has JSON and JUnit formats", () => {
    const json = JSON.parse(stela(["test", bad, "--format", "json"]).out) as { file: string; examples: { title: string; passed: boolean; failure?: { line: number; expected: string; got: string } }[] }[];
    expect(json[0]!.examples.map((e) => [e.passed, e.failure?.line, e.failure?.expected, e.failure?.got])).toEqual([
      [false, wrongLine, "2", "1"],
      [true, undefined, undefined, undefined],
    ]);
    const xml = stela(["test", bad, "--format", "junit"]);
    expect(xml.code).toBe(1);
    expect(xml.out).toContain('<testsuites name="stela test" tests="2" failures="1" errors="0">');
    expect(xml.out).toContain('<failure type="example-failed" message="expected me.score == 2">');
  });
});
