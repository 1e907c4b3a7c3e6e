import { statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, stela } from "./run-stela.ts";

/** The `stela` launcher runs the esbuild bundle, rebuilt when a source is newer; tsx is the fallback. */

const inputs = join(root, "dist/cli/inputs.json");

describe("stela start-up", () => {
  it("rebuilds a bundle older than its sources before running it, and gives the same output as the sources", () => {
    stela(["check", "games/mayan-city.stela"]);
    // Make the bundle look older than every source: the next run must rebuild it.
    utimesSync(inputs, new Date(0), new Date(0));
    const bundled = stela(["check", "games/mayan-city.stela"]);
    expect(statSync(inputs).mtimeMs).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(bundled.out).toBe("games/mayan-city.stela: ok, 0 warnings\n✔ 1 file checked, no problems\n");
    const fromSource = stela(["check", "games/mayan-city.stela"], undefined, { STELA_FROM_SOURCE: "1" });
    expect(fromSource).toEqual(bundled);
  });
});
