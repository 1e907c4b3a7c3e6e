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
    expect(runAgeNote("rules v1", "rules v1")).toBeUndefined();
    expect(runAgeNote("rules v1", undefined)).toBeUndefined();
    expect(runAgeNote("rules v1", "rules v2")).toMatch(/earlier version of the rules/);
  });
});
