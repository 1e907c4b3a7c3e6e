import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./run-stela.ts";

/**
 * `stela check games/ | head -1`: the reader closes the pipe after the first line. The rest of the
 * output is not wanted, so the command stops quietly, as Unix tools do; it used to crash with an
 * EPIPE stack trace on stderr.
 */
describe("output into a pipe closed early", () => {
  it("stops quietly, without a stack trace", async () => {
    // Enough diagnostics to outlast the pipe's buffer once the reader has gone.
    const child = spawn(process.execPath, [join(root, "interpreter/cli/stela.mjs"), "check", "tests/fixtures/check", "tests/fixtures/parse", "games"], { cwd: root });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
    expect(err).not.toMatch(/EPIPE|Error|at /);
    // The exit code is the run's so far (1: the fixtures have errors), not a crash's.
    expect(code).toBe(1);
  }, 60_000);
});
