import { describe, expect, it } from "vitest";
import { parse, syntaxErrorPathWalks } from "../../dsl/parse.ts";

/**
 * A syntax error's message names what could have come next, from token paths Chevrotain works out
 * by walking the grammar at that point. They depend on the grammar alone, so each point is walked
 * once per process (`withErrorPathsKept` in dsl/parse.ts): a fuzzed file of 60 broken variants took
 * 4.1 s to check, half of it walking for the same declaration's paths again and again; 1.7 s now.
 */
describe("syntax errors' next-token paths", () => {
  it("are worked out once for each point of the grammar, and read the same every time", () => {
    // A word no declaration starts with, at the top level (none of the alternatives), many times over.
    const broken = Array.from({ length: 30 }, (_, i) => `override zone z${i}: Tile\n`).join("");
    const first = parse(broken, "a.stela").diagnostics;
    const before = syntaxErrorPathWalks();
    const again = parse(broken, "b.stela").diagnostics;
    // The second file's errors are at points the first already walked: no walk at all.
    expect(syntaxErrorPathWalks() - before).toBe(0);
    expect(again.length).toBeGreaterThan(10);
    expect(again.map((d) => [d.code, d.message, d.span.start.line])).toEqual(first.map((d) => [d.code, d.message, d.span.start.line]));
    expect(again[0]!.message).toBe("expected a declaration (`game`, `kind`, `board`, `procedure`, …) but found `override`");
    // "At least one" errors are kept the same way.
    const early = `game "G" { players 2 }\nflow {\n${"  choose { }\n".repeat(3)}}\n`;
    parse(early, "c.stela");
    const walked = syntaxErrorPathWalks();
    const twice = parse(early, "d.stela").diagnostics;
    expect(syntaxErrorPathWalks()).toBe(walked);
    expect(twice.filter((d) => d.code === "parse-expected-more").map((d) => d.message)).toEqual(["expected at least one `option` but found `}`"]);
  });
});
