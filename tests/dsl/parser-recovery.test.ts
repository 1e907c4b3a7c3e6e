import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";

/**
 * Inputs the fuzzing in never-throws.test.ts once found: an operator whose
 * operand is missing, inside a text's `{…}` after an earlier mistake. Each must
 * give ordinary diagnostics, never an internal error.
 */
describe("the parser recovers from an operator with a missing operand", () => {
  it.each(["..", "+", "*", "<", "and", "or"])("`%s`", (op) => {
    const r = compileRules(`procedure(:r log"{- ${op} e}"}`, "broken.stela");
    expect(r.diagnostics.filter((d) => d.code === "internal-error")).toEqual([]);
    expect(r.diagnostics.some((d) => d.severity === "error")).toBe(true);
  });
});
