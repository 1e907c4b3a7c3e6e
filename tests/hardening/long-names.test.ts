import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { shorten } from "../../dsl/diagnostic.ts";
import { INPUT_LIMITS } from "../../dsl/index.ts";
import { closest, editDistance, MAX_SUGGESTED_LENGTH } from "../../dsl/suggest.ts";

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
    expect(unknown[0]!.message).toBe(`unknown name \`${"v".repeat(39)}…${"v".repeat(18)}w\` (250,001 characters)`);
    expect(unknown[0]!.span.start).toEqual({ line: 4, column: "flow { players[0].score = ".length + 1, offset: source.indexOf(`${name}w`) });
  });
});

/** The textbook table, the whole of it: what the rolling rows and the early stop must agree with. */
function fullTable(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe("edit distance", () => {
  it("counts inserts, deletes, substitutions and swaps of neighbours", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("score", "scroe")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("agrees with the whole table, and with a limit gives the distance or limit + 1", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.nat(8), (a, b, limit) => {
        const d = fullTable(a, b);
        expect(editDistance(a, b)).toBe(d);
        expect(editDistance(a, b, limit)).toBe(Math.min(d, limit + 1));
      }),
      { numRuns: 400, seed: 16 },
    );
  });
});

describe("a file with thousands of mistakes", () => {
  it("lists the first ones and counts the rest in one last diagnostic", () => {
    const n = 3_000;
    const source = `game "G" { players 2..2 }\nper player { score: number = 0 }\nflow {\n${Array.from({ length: n }, (_, i) => `  players[0].score = zz${i}\n`).join("")}}\nscoring p { points p.score }\n`;
    const r = compileRules(source, "many.stela");
    const max = INPUT_LIMITS.maxDiagnostics;
    expect(r.diagnostics).toHaveLength(max + 1);
    expect(r.diagnostics.slice(0, max).every((d) => d.code === "unknown-name")).toBe(true);
    // The listed ones are the first lines of the file; the last one points at the first left out.
    expect(r.diagnostics[max - 1]!.span.start.line).toBe(3 + max);
    expect(r.diagnostics[max]).toMatchObject({
      code: "too-many-diagnostics",
      severity: "error",
      message: `${n - max} more problems from here on are not listed (${n - max} errors)`,
      span: { start: { line: 4 + max, column: "  players[0].score = ".length + 1 } },
    });
    expect(r.def).toBeUndefined();
  });
});

describe("messages quoting long text", () => {
  it("keep short messages as they are", () => {
    const m = "expected `{` but found `wwww`";
    expect(shorten(m)).toBe(m);
    expect(shorten(`a ${"w".repeat(80)} b`)).toBe(`a ${"w".repeat(80)} b`);
  });

  // The length is the quoted text's, not counting the quotes around it in the message.
  it("cut each run of more than 80 characters to its two ends and its length", () => {
    const run = `"${"w".repeat(100_000)}"`;
    expect(shorten(`found ${run} here, and ${"9".repeat(81)}`)).toBe(`found "${"w".repeat(39)}…${"w".repeat(19)}" (100,000 characters) here, and ${"9".repeat(40)}…${"9".repeat(20)} (81 characters)`);
  });
});
