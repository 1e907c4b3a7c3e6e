import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stela } from "./run-stela.ts";

/** `--report FILE` is checked before any game is played: a long run must not end in a crash that loses it. */

const dir = mkdtempSync(join(tmpdir(), "stela-report-path-"));
const run = ["simulate", "games/mayan-city.stela", "--players", "2", "--games", "2", "--workers", "1", "--no-progress"];

/** A shard of a run, for `stela merge`. */
function shardFile(): string {
  const shard = join(mkdtempSync(join(tmpdir(), "stela-shard-")), "shard.json");
  writeFileSync(shard, stela([...run, "--shard", "1/1", "--json"]).out);
  return shard;
}

describe("--report names a file that can be written", () => {
  it("simulate: a folder, a file in a folder that does not exist, or '' is a usage error before anything is played", () => {
    const folder = stela([...run, "--report", dir]);
    expect(folder.code).toBe(2);
    expect(folder.err).toBe(`stela: --report: ${dir} is a folder; name a file to write (e.g. ${dir}/report.html)\n`);
    expect(folder.out).toBe("");
    const missing = stela([...run, "--report", join(dir, "no-such-folder", "r.html")]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`stela: --report: cannot write ${join(dir, "no-such-folder", "r.html")}: the folder ${join(dir, "no-such-folder")} does not exist\n`);
    expect(missing.out).toBe("");
    const empty = stela([...run, "--report", ""]);
    expect(empty.code).toBe(2);
    expect(empty.err).toBe("stela: --report takes a file to write, not an empty name\n");
    expect(empty.out).toBe("");
  });

  it("compare and merge refuse it the same way", () => {
    const compare = stela(["compare", "games/mayan-city.stela", "--variant-b", "x", "--players", "2", "--games", "2", "--workers", "1", "--no-progress", "--report", dir]);
    expect(compare.code).toBe(2);
    expect(compare.err).toBe(`stela: --report: ${dir} is a folder; name a file to write (e.g. ${dir}/report.html)\n`);
    expect(compare.out).toBe("");
    const merge = stela(["merge", shardFile(), "--report", join(dir, "gone", "r.html")]);
    expect(merge.code).toBe(2);
    expect(merge.err).toMatch(/^stela: --report: cannot write .*: the folder .* does not exist\n$/);
    expect(merge.out).toBe("");
  });

  it("still writes a report to a file in a folder that exists", () => {
    mkdirSync(join(dir, "reports"));
    const r = stela(["merge", shardFile(), "--report", join(dir, "reports", "r.html")]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`report: ${join(dir, "reports", "r.html")}`);
  });
});
