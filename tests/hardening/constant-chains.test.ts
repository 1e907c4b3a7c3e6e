import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { INPUT_LIMITS } from "../../dsl/index.ts";

/**
 * Constants defined from constants declared after them: working each out by first working
 * out the one it names nested once per link, and about 700 links overflowed the stack, so
 * the file gave one `internal-error` and none of its own diagnostics.
 */

const header = 'game "G" { players 2 }\nper player { score: number = 0 }\n';
/** A mistake of its own after the constants, which must still be reported. */
const footer = (last: string) => `flow {\n  let _x = y + ${last}\n  end game\n}\nscoring p { points p.score }\n`;

/** `const C{n-1} = C{n-2} + 1` … `const C0 = 1`: each constant named before it is declared. */
function chain(n: number, first = "1"): string {
  const lines: string[] = [];
  for (let i = n - 1; i >= 1; i--) lines.push(`const C${i} = C${i - 1} + 1`);
  lines.push(`const C0 = ${first}`);
  return `${header}${lines.join("\n")}\n${footer(`C${n - 1}`)}`;
}

function diagnosticsOf(source: string) {
  expect(source.length).toBeLessThan(INPUT_LIMITS.maxChars);
  return compileRules(source, "chain.stela").diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code}: ${d.message}`);
}

describe("chains of constants", () => {
  it("30,000 constants each defined from the next one declared work out, and the file's other mistakes are reported", () => {
    const n = 30_000;
    expect(diagnosticsOf(chain(n))).toEqual([`${n + 4}:12 unknown-name: unknown name \`y\``]);
  });

  it("a loop through 5,000 constants is one invalid-constant where it closes, not an internal error", () => {
    const n = 5_000;
    expect(diagnosticsOf(chain(n, `C${n - 1}`))).toEqual([
      `${n + 2}:12 invalid-constant: \`C${n - 1}\` is defined in terms of itself (through \`C${n - 2}\`, \`C${n - 3}\` and ${(n - 3).toLocaleString("en")} more)`,
      `${n + 4}:12 unknown-name: unknown name \`y\``,
    ]);
  });

  it("a short loop names the constants it goes through; one defined from itself says only that", () => {
    const source = `${header}const A = B + 1\nconst B = A * 2\nconst S = [S]\n${footer("A + S[0]")}`;
    expect(diagnosticsOf(source)).toEqual([
      "4:11 invalid-constant: `A` is defined in terms of itself (through `B`)",
      "5:12 invalid-constant: `S` is defined in terms of itself",
      "7:12 unknown-name: unknown name `y`",
    ]);
  });
});
