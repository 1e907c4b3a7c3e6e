import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { laterDecisionsWait, logCount } from "../../editor/src/playtest/present.ts";
import { agree, count } from "../../editor/src/text/plural.ts";

/** The editor's sentences agree with their counts: never "1 decisions" or "the 1 later decision wait". */
describe("plurals", () => {
  it("give a count its noun, singular for exactly one", () => {
    expect([0, 1, 2].map((n) => count(n, "decision"))).toEqual(["0 decisions", "1 decision", "2 decisions"]);
    expect(count(2, "match", "matches")).toBe("2 matches");
    expect([agree(1, "it", "them"), agree(3, "it", "them")]).toEqual(["it", "them"]);
  });

  it("head the log with its count of decisions", () => {
    expect(logCount(1, 0)).toBe("1 decision");
    expect(logCount(12, 2)).toBe("12 decisions, 2 to redo");
  });

  it("say the decisions waiting for redo with the verb agreeing", () => {
    expect(laterDecisionsWait(1)).toBe("1 later decision waits");
    expect(laterDecisionsWait(2)).toBe("2 later decisions wait");
  });

  it("are written with the helper: no component puts a count before a fixed plural", () => {
    const dir = join(import.meta.dirname, "../../editor/src");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".svelte"));
    // `{log.length} decisions`, `{n} later decision{n === 1 ? "" : "s"} wait`: a count then a noun (or verb) that ignores it.
    const fixed = /\{[\w.!()]*(length|count|redo|errors|warnings)\} [a-z]+(s\b|\{(?![/:#]))/;
    const found = files.flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n").filter((l) => fixed.test(l)).map((l) => `${f}: ${l.trim()}`));
    expect(found).toEqual([]);
  });
});
