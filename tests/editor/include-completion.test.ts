import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { completionsAt } from "../../editor/src/rules/completion.ts";
import { hoverAt } from "../../editor/src/rules/hover.ts";
import { outlineOf } from "../../editor/src/rules/outline.ts";
import type { LanguageContext } from "../../editor/src/rules/symbol-lookup.ts";

/** The editor's help with `include "…"` in a variant: the file's other variants, and the form's documentation. */

const SOURCE = `game "G" { players 2 }
const A = 1
flow { end game }
scoring p { points A }
variant "Short race" { override const A = 2 }
variant "Head start" { override const A = 3 }
variant "Both" {
  include "
}
`;

function contextOf(text: string): LanguageContext {
  const compiled = compileRules(SOURCE, "g.stela");
  return { text, compiledText: SOURCE, symbols: compiled.symbols, outline: outlineOf(compiled.ast), file: "g.stela" };
}

describe("include in the editor", () => {
  it("offers the file's other variants inside `include \"`", () => {
    const at = SOURCE.indexOf('include "') + 'include "'.length;
    const labels = completionsAt(contextOf(SOURCE), at).map((s) => s.label);
    expect(labels).toEqual(["Short race", "Head start"]);
  });

  it("offers the rest of a name from the word being typed", () => {
    const text = SOURCE.replace('include "\n', 'include "Short r\n');
    const at = text.lastIndexOf('"Short r') + '"Short r'.length;
    expect(completionsAt(contextOf(text), at).map((s) => s.insertText)).toEqual(["race"]);
  });

  it("offers nothing in other texts", () => {
    const text = SOURCE.replace('include "\n', 'log "\n');
    expect(completionsAt(contextOf(text), text.indexOf('log "') + 5)).toEqual([]);
  });

  it("offers `include` as a word with its form, and hover explains it", () => {
    const ctx = contextOf(SOURCE);
    const word = completionsAt(ctx, SOURCE.indexOf("const A = 1")).find((s) => s.label === "include");
    expect(word?.detail).toBe('variant "…" { include "Other variant" … }');
    const hover = hoverAt(ctx, SOURCE.indexOf("include") + 2);
    expect(hover?.contents.join("\n")).toContain("lays another variant of the file over the base first");
  });
});
