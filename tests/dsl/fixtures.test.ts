import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { DIAGNOSTIC_CODES } from "../../dsl/diagnostic-codes.ts";

/**
 * Each fixture is a rule file with mistakes and, at its top, the exact
 * diagnostics it must give:
 *   // expect: LINE:COL [warning] CODE [hint "TEXT"]
 * Every expected diagnostic must appear, and nothing else may.
 */

const root = new URL("../fixtures/", import.meta.url).pathname;

interface Expected {
  at: string;
  severity: "error" | "warning";
  code: string;
  hint?: string;
}

function expectations(source: string): Expected[] {
  const out: Expected[] = [];
  for (const m of source.matchAll(/^\/\/ expect: (\d+:\d+) (warning )?([a-z-]+)(?: hint "(.*)")?$/gm)) {
    const e: Expected = { at: m[1]!, severity: m[2] ? "warning" : "error", code: m[3]! };
    if (m[4] !== undefined) e.hint = m[4].replace(/\\"/g, '"');
    out.push(e);
  }
  return out;
}

for (const dir of ["parse", "check"]) {
  describe(`${dir} fixtures`, () => {
    for (const name of readdirSync(join(root, dir)).filter((f) => f.endsWith(".stela")).sort()) {
      it(name, () => {
        const source = readFileSync(join(root, dir, name), "utf8");
        const expected = expectations(source);
        expect(expected.length, "a fixture states what it expects").toBeGreaterThan(0);
        const r = compileRules(source, name);
        const got = r.diagnostics.map((d) => {
          const e: Expected = { at: `${d.span.start.line}:${d.span.start.column}`, severity: d.severity === "warning" ? "warning" : "error", code: d.code };
          if (d.hint !== undefined && expected.some((x) => x.at === e.at && x.hint !== undefined)) e.hint = d.hint;
          return e;
        });
        const key = (e: Expected) => `${e.at} ${e.severity} ${e.code}${e.hint ? ` "${e.hint}"` : ""}`;
        expect(got.map(key).sort()).toEqual(expected.map(key).sort());
        for (const d of r.diagnostics) {
          expect(Object.keys(DIAGNOSTIC_CODES)).toContain(d.code);
          expect(d.file).toBe(name);
          expect(d.message.length).toBeGreaterThan(0);
          expect(d.span.end.offset).toBeGreaterThanOrEqual(d.span.start.offset);
        }
        if (r.diagnostics.some((d) => d.severity === "error")) expect(r.def).toBeUndefined();
      });
    }
  });
}
