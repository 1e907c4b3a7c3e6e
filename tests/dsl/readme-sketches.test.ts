import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "../../dsl/parse.ts";

/** The language reference's examples (including the hardest passage of each game) must stay valid syntax. */
const readme = readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```stela\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe("dsl/README.md examples", () => {
  it("has the sketches of every game", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    for (const game of ["Maya", "Tzolk'in", "Yaxha", "Cacao"]) expect(readme).toContain(`### ${game}`);
  });
  blocks.forEach((block, i) => {
    const firstLine = block.split("\n").find((l) => l.trim() && !l.startsWith("//")) ?? "";
    it(`block ${i + 1} parses: ${firstLine.trim()}`, () => {
      const errors = parse(block, `README block ${i + 1}`).diagnostics.filter((d) => d.severity === "error");
      expect(errors.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.message}`)).toEqual([]);
    });
  });
});
