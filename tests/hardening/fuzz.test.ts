import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { format } from "../../dsl/index.ts";
import { compile, playRandomly } from "../../interpreter/index.ts";
import { gameFiles, readGame } from "../support/games.ts";
import { tokenImages } from "../support/token-images.ts";
import { mutatedInput, nestedInput, type FuzzInput } from "./fuzz-inputs.ts";

/**
 * A bounded fuzz run on every `npm test` (a few seconds): deeply nested and
 * mutated rule files never make `compile` throw or fail inside (no
 * `internal-error`), every diagnostic has a position, and a file that still
 * compiles plays a random game that ends, cleanly or with a diagnostic; the
 * formatter (`stela fmt`, the editor's Format Document) never throws on them,
 * and what it formats keeps its tokens and is formatted once for all.
 * `npm run fuzz` runs the same generators many more times and reports
 * the slowest inputs.
 */

const sources = gameFiles().map(readGame);

function survives({ source }: FuzzInput): void {
  const f = format(source, "fuzz.stela");
  if (f.diagnostics.length === 0) {
    // Only the space between tokens changes, and formatting once is enough.
    expect(format(f.text, "fuzz.stela").text).toBe(f.text);
    expect(tokenImages(f.text)).toEqual(tokenImages(source));
  }
  const r = compile(source, "fuzz.stela");
  expect(r.diagnostics.filter((d) => d.code === "internal-error").map((d) => d.message)).toEqual([]);
  for (const d of r.diagnostics) expect(d.span.start.line).toBeGreaterThanOrEqual(1);
  if (r.game) {
    const m = r.game.start({ players: r.game.minPlayers, seed: 1 });
    playRandomly(m, 1);
    expect(m.over).toBe(true);
  }
}

describe("fuzzing compile with hostile inputs", () => {
  it("deep nesting of every form, up to 3,000 levels", () => {
    fc.assert(fc.property(nestedInput(3000), survives), { numRuns: 25, seed: 16 });
  });

  it("shallow nesting still compiles and plays", () => {
    // Below the limits the same forms are ordinary rule text: no input-too-deep.
    fc.assert(
      fc.property(nestedInput(20), ({ source }) => {
        const r = compile(source, "fuzz.stela");
        expect(r.diagnostics.filter((d) => d.code === "input-too-deep")).toEqual([]);
      }),
      { numRuns: 30, seed: 16 },
    );
  });

  it("the games with long lines, huge literals and repeated fragments", () => {
    fc.assert(fc.property(mutatedInput(sources, 3000), survives), { numRuns: 12, seed: 16 });
  });
});
