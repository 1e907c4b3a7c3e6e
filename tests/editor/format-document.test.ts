import { describe, expect, it } from "vitest";
import { formatDocumentEdits } from "../../editor/src/rules/format-document.ts";

/** The editor's "Format document" gives the layout of `stela fmt`, as one whole-document edit. */

const range = { startLineNumber: 1, startColumn: 1, endLineNumber: 3, endColumn: 1 };
const model = (text: string) => ({ getValue: () => text, getFullModelRange: () => range });

describe("Format document", () => {
  it("replaces the whole text with its canonical layout", () => {
    expect(formatDocumentEdits(model(`game "G"{players 2}\nflow{end game}\n`))).toEqual([{ range, text: `game "G" { players 2 }\nflow { end game }\n` }]);
  });

  it("changes nothing in a formatted text or in one with a syntax error", () => {
    expect(formatDocumentEdits(model(`game "G" { players 2 }\n`))).toEqual([]);
    expect(formatDocumentEdits(model(`game "G" { players 2 }\nprocedure a() {\n  log "open"\n\nflow { a() }\n`))).toEqual([]);
  });
});
