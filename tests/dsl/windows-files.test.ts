import { describe, expect, it } from "vitest";
import { compileRules, format } from "../../dsl/index.ts";

/**
 * Files as Windows editors write them: a UTF-8 byte order mark at the start (Notepad's default)
 * and CRLF line endings (a checkout with `core.autocrlf`). Both read as the same rules, and
 * `stela fmt` keeps them: otherwise every file of such a checkout would be "not formatted".
 * And a `/*` comment never closed is named as such, once, at its `/*`.
 */
const LINES = ['game "Windows" { players 2 }', "", "flow { end game }", "", "scoring p { points 0 }", ""];

describe("files written on Windows", () => {
  it("a byte order mark is not a character of the rules", () => {
    const r = compileRules(`\uFEFF${LINES.join("\n")}`, "bom.stela");
    expect(r.diagnostics).toEqual([]);
    expect(r.def?.title).toBe("Windows");
  });

  it("stela fmt keeps the byte order mark and CRLF line endings", () => {
    const crlf = LINES.join("\r\n");
    expect(format(crlf, "crlf.stela").text).toBe(crlf);
    expect(format(`\uFEFF${crlf}`, "both.stela").text).toBe(`\uFEFF${crlf}`);
    // A messy CRLF file is laid out with CRLF too.
    const messy = ['game "Windows" {  players 2 }', "flow {   end game }", "scoring p { points 0 }", ""].join("\r\n");
    const out = format(messy, "messy.stela").text;
    expect(out).toContain("\r\n");
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
    // A block comment over several lines keeps one CR per line, and a second run changes nothing.
    const commented = [...LINES.slice(0, 2), "/* a", "multi-line comment", "*/", ...LINES.slice(2)].join("\r\n");
    const once = format(commented, "comment.stela").text;
    expect(once).not.toContain("\r\r");
    expect(format(once, "comment.stela").text).toBe(once);
    // An LF file stays LF.
    expect(format(LINES.join("\n"), "lf.stela").text).toBe(LINES.join("\n"));
  });

  it("a comment never closed is one error at its `/*`", () => {
    const source = `${LINES.join("\n")}/* notes\nthat never end\n`;
    const r = compileRules(source, "open.stela");
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([["lex-unterminated-comment", 6, 1]]);
    expect(r.diagnostics[0]!.message).toContain("*/");
    expect(format(source, "open.stela").diagnostics.map((d) => d.code)).toEqual(["lex-unterminated-comment"]);
  });
});
