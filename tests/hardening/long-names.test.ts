import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { shorten } from "../../dsl/diagnostic.ts";
import { closest, MAX_SUGGESTED_LENGTH } from "../../dsl/suggest.ts";

/**
 * Names and numbers hundreds of thousands of characters long (the fuzzer's
 * slowest inputs): "did you mean" skips what cannot be a typo, and messages
 * quote such text by its two ends.
 */

describe("did you mean, on absurd names", () => {
  it("still finds the typo among candidates of every length", () => {
    expect(closest("scroe", ["s", "score", "a".repeat(5_000), "scores"])).toBe("score");
    expect(closest("Scroe", ["SCORE", "total"])).toBe("SCORE");
    // One letter off in a long name is still a typo worth a hint.
    const long = `a_${"b".repeat(MAX_SUGGESTED_LENGTH - 3)}`;
    expect(closest(`${long}x`, [long, "c"])).toBe(long);
  });

  it("gives no hint for a name longer than any typo, whatever the candidates", () => {
    const huge = "x".repeat(MAX_SUGGESTED_LENGTH + 1);
    expect(closest(huge, [`${huge}y`, "x"])).toBeUndefined();
  });

  it("an unknown name of 250,000 letters next to one of the same length is an error without a hint", () => {
    const name = "v".repeat(250_000);
    const source = `game "G" { players 2..2 }\nper player { score: number = 0 }\nconst ${name}: number = 1\nflow { players[0].score = ${name}w }\nscoring p { points p.score }\n`;
    const r = compileRules(source, "long.stela");
    const unknown = r.diagnostics.filter((d) => d.code === "unknown-name");
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.hint).toBeUndefined();
    expect(unknown[0]!.message).toBe(`unknown name \`${"v".repeat(39)}…${"v".repeat(18)}w\` (250,003 characters)`);
    expect(unknown[0]!.span.start).toEqual({ line: 4, column: "flow { players[0].score = ".length + 1, offset: source.indexOf(`${name}w`) });
  });
});

describe("messages quoting long text", () => {
  it("keep short messages as they are", () => {
    const m = "expected `{` but found `wwww`";
    expect(shorten(m)).toBe(m);
    expect(shorten(`a ${"w".repeat(80)} b`)).toBe(`a ${"w".repeat(80)} b`);
  });

  it("cut each run of more than 80 characters to its two ends and its length", () => {
    const run = `"${"w".repeat(100_000)}"`;
    expect(shorten(`found ${run} here, and ${"9".repeat(81)}`)).toBe(`found "${"w".repeat(39)}…${"w".repeat(19)}" (100,002 characters) here, and ${"9".repeat(40)}…${"9".repeat(20)} (81 characters)`);
  });
});
