import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, ruleFiles, stela } from "./run-stela.ts";

/** A folder's `.stela` entries that are not regular files (a FIFO another program left in /tmp) are skipped, not fatal. */

const files = ruleFiles({ "game.stela": readFileSync(join(root, "games/mayan-city.stela"), "utf8") });
const fifo = join(files.dir, "pipe.stela");
const made = spawnSync("mkfifo", [fifo]);

describe("walking a folder", () => {
  it.skipIf(made.status !== 0)("check skips a FIFO named *.stela with a note on stderr, and checks the rest", () => {
    const r = stela(["check", files.dir]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${files["game.stela"]}: ok`);
    expect(r.err).toBe(`stela: skipped ${fifo}: not a regular file\n`);
    // Machine formats stay parseable: the note is on stderr.
    expect(JSON.parse(stela(["check", files.dir, "--format", "json"]).out)).toHaveLength(1);
  });

  it.skipIf(made.status !== 0)("fmt --check and test skip it too", () => {
    expect(stela(["fmt", "--check", files.dir]).code).toBe(0);
    expect(stela(["test", files.dir]).code).toBe(0);
  });

  it.skipIf(made.status !== 0)("a FIFO named on the command line is still refused, without blocking", () => {
    const r = stela(["check", fifo]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`stela: cannot read ${fifo}: it is not a regular file\n`);
  });
});
