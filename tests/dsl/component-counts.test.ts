import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A named component entry without a count is one piece: `"Acropolis" { … }` for a unique tile,
 * as a designer writes it (a polyomino set is a list of one-offs). Writing it so read "expected a
 * name but found `{`". A count after the name on the next line is still its count, as it always was.
 */
describe("component entries without a count", () => {
  const source = `
game "Patches" { players 2 }
kind Patch { size: number = 0 }
zone bag: Patch
components Patch in bag {
  "Big" { size: 5 }
  "Small" x3 { size: 1 }
  "Odd"
  x2 { size: 2 }
}
var sizes: list of number = []
var names: list of text = []
flow {
  sizes = [q.size for q in bag]
  names = [q.name for q in bag]
}
scoring p { points 0 }
`;

  it("a named entry alone is one piece; a count on the next line is still the name's", () => {
    expect(compileRules(source, "patches.stela").diagnostics).toEqual([]);
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.global("names")).toEqual(["Big", "Small", "Small", "Small", "Odd", "Odd"]);
    expect(m.global("sizes")).toEqual([5, 1, 1, 1, 2, 2]);
  });

  it("an entry with neither a name nor a count is still an error", () => {
    const bad = source.replace('"Big" { size: 5 }', "{ size: 5 }");
    const found = compileRules(bad, "bad.stela").diagnostics.filter((d) => d.severity === "error");
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.span.start.line).toBe(6);
  });
});
