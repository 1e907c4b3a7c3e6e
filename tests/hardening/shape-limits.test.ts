import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";

/**
 * A drawn shape is a piece's footprint (dsl/check/const-eval.ts `shapeFromRows`). A shared file
 * with a shape row hundreds of thousands of cells wide once overflowed the stack (an internal
 * error), and one tens of thousands wide made every game of it take over a second (found by
 * `npm run fuzz -- --seed 3535`, in a garbled mayan-city.stela): a shape has at most 1,000 cells.
 */

const file = (form: string): string => `game "G" { players 2..2 }
kind Tile { form: shape }
zone supply: Tile
components Tile in supply {
  "Long" x2 { form: ${form} }
}
board b: grid(40, 40)
per player { score: number = 0 }
flow {
  turn players[0] {
    let spot = choose s from placements(top(supply), b)
    place spot.piece at spot
  }
}
scoring p { points p.score }
`;

const errors = (source: string) =>
  compileRules(source, "shape.stela")
    .diagnostics.filter((d) => d.severity === "error")
    .map((d) => [d.code, d.span.start.line, d.message]);

describe("drawn shapes", () => {
  it("a row of 300,000 cells is refused at the shape, not by the stack", () => {
    expect(errors(file(`| ${"#".repeat(300_000)}`))).toEqual([["invalid-constant", 5, "a shape may have at most 1,000 cells (a piece's footprint); this one has more"]]);
  });

  it("1,000 cells are read, 1,001 are not", () => {
    const rows = (n: number): string => Array.from({ length: Math.ceil(n / 40) }, (_, y) => `\n      | ${"#".repeat(Math.min(40, n - 40 * y))}`).join("");
    const fits = compileRules(file(rows(1_000)), "shape.stela");
    expect(fits.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(fits.def?.components[0]?.fields["form"]).toMatchObject({ shape: expect.any(Array) });
    expect((fits.def?.components[0]?.fields["form"] as { shape: unknown[] }).shape).toHaveLength(1_000);
    expect(errors(file(rows(1_001))).map(([code]) => code)).toEqual(["invalid-constant"]);
  });

  it("a shape that fails is reported once: its piece is not also said to lack the field", () => {
    expect(errors(file("| . ."))).toEqual([["invalid-constant", 5, "a shape needs at least one `#` cell"]]);
  });
});
