import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { format, INPUT_LIMITS } from "../../dsl/index.ts";
import { histogram } from "../../interpreter/cli/simulate-report.ts";

/**
 * Lists as long as a rule file (or a run) can make them: spreading one as a function's arguments
 * (`Math.max(...xs)`, `push(...xs)`) overflows the stack past about a hundred thousand items, so
 * these once ended in an internal error. Each file below is under the 1,000,000-character limit.
 */

const header = 'game "G" { players 2 }\nflow {\n  let a = 1\n';
const footer = "}\nscoring p { points 0 }\n";

describe("lists a file or a run can make long", () => {
  it("the formatter aligns a run of 150,000 trailing comments", () => {
    const source = `${header}${"a=1//\n".repeat(150_000)}${footer}`;
    expect(source.length).toBeLessThan(INPUT_LIMITS.maxChars);
    const r = format(source, "long.stela");
    expect(r.diagnostics).toEqual([]);
    const lines = r.text.split("\n");
    expect(lines[3]).toBe("  a = 1  //");
    expect(lines).toHaveLength(150_000 + 6);
  });

  it("240,000 statements that do nothing give the diagnostics budget, not an internal error", () => {
    const source = `${header}${"1//\n".repeat(240_000)}${footer}`;
    expect(source.length).toBeLessThan(INPUT_LIMITS.maxChars);
    const codes = compileRules(source, "long.stela").diagnostics.map((d) => d.code);
    expect(codes).not.toContain("internal-error");
    expect(codes).toHaveLength(INPUT_LIMITS.maxDiagnostics + 1);
    expect(codes.at(-1)).toBe("too-many-diagnostics");
  });

  it("a report's histogram bins 300,000 scores", () => {
    const scores = Array.from({ length: 300_000 }, (_, i) => i % 61);
    const h = histogram(scores);
    expect(h.min).toBe(0);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(300_000);
  });
});
