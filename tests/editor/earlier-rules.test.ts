import { describe, expect, it } from "vitest";
import { examplesSummary, type ExampleStatus } from "../../editor/src/rules/example-status.ts";
import { runAgeNote } from "../../editor/src/simulate/run-age.ts";

/** Results of rules that are no longer the text on screen say so, rather than read as the rules' own. */
describe("results of earlier rules", () => {
  const passing = (n: number): ExampleStatus[] => Array.from({ length: n }, (_, i) => ({ title: `e${i}`, line: i + 1, column: 1, passed: true }));

  it("the examples list says it is of the last rules that compiled while the text has errors, not a green \"7 passing\"", () => {
    expect(examplesSummary(passing(7), false)).toEqual({ text: "7 passing", tone: "good" });
    const stale = examplesSummary(passing(7), true);
    expect(stale.tone).toBe("stale");
    expect(stale.text).toBe("7 passing on the last rules that compiled");
    expect(stale.note).toMatch(/rules have errors now/);
    const failing = [...passing(2), { title: "x", line: 9, column: 1, passed: false }];
    expect(examplesSummary(failing, false)).toEqual({ text: "1 of 3 failing", tone: "bad" });
  });

  it("a balance run's figures say they are of an earlier version once the rules were edited", () => {
    expect(runAgeNote({ source: "rules v1" }, { source: "rules v1" })).toBeUndefined();
    expect(runAgeNote({ source: "rules v1" }, { source: undefined })).toBeUndefined();
    expect(runAgeNote({ source: "rules v1" }, { source: "rules v2" })).toMatch(/earlier version of the rules/);
  });

  it("a balance run's figures say whose they are once another variant of the same text is in play", () => {
    // Variants of one file share its text: the figures of the base rules read as the variant's.
    expect(runAgeNote({ source: "rules" }, { source: "rules", variant: "Two cities" })).toBe(
      'These figures are of the base rules, not of variant "Two cities" now in play. Run again for the rules in play.',
    );
    expect(runAgeNote({ source: "rules", variant: "Big racks" }, { source: "rules", variant: "Big cities pay more" })).toMatch(/^These figures are of variant "Big racks", not of variant "Big cities pay more"/);
    expect(runAgeNote({ source: "rules", variant: "Big racks" }, { source: "rules", variant: "Big racks" })).toBeUndefined();
  });
});
