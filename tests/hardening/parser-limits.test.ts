import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { INPUT_LIMITS } from "../../dsl/index.ts";
import { readGame } from "../support/games.ts";

/**
 * The parser's own limits (dsl/input-limits.ts): forms that nest without
 * brackets stop at the token that goes too deep, and a file with thousands of
 * syntax errors stops after a budget of them with a closing diagnostic.
 */

const header = 'game "G" { players 2..2 }\nper player { score: number = 0 }\nflow {\n';
const footer = "\n}\nscoring p { points p.score }\n";

function at(source: string, line: number, column: number): string {
  return source.split("\n")[line - 1]!.slice(column - 1);
}

describe("nesting without brackets", () => {
  it("an `else if` expression chain two thousand long is refused at the link that goes too deep", () => {
    const source = `${header}  let x = ${"if true then 1 else ".repeat(2_000)}1\n  players[0].score = x${footer}`;
    const r = compileRules(source, "chain.stela");
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([["input-too-deep", 4, 966]]);
    // The flow's `{` and 47 links are open there: the 48th link's `else` is one too many.
    expect(966).toBe("  let x = ".length + 1 + 47 * "if true then 1 else ".length + "if true then 1 ".length);
    expect(at(source, 4, 966).startsWith("else if true then 1")).toBe(true);
    expect(r.diagnostics[0]!.message).toBe(`more than ${INPUT_LIMITS.maxNesting} brackets, prefix operators or \`else if\` links are open here: Stela reads at most that deep`);
    expect(r.diagnostics[0]!.hint).toBe("write a long `else if` chain as a `match`");
  });

  it("an `else if` statement chain, one link a line, is refused on the line of the link that goes too deep", () => {
    const source = `${header}  if false { }\n${"  else if false { }\n".repeat(2_000)}  players[0].score = 1${footer}`;
    const r = compileRules(source, "chain.stela");
    // Line 4 is the `if`, line 5 the first link: with the flow's `{` and 47 links open, the 47th link's `{` is one too many.
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([["input-too-deep", 51, 17]]);
    expect(at(source, 51, 17)).toBe("{ }");
    expect(r.diagnostics[0]!.hint).toBe("write a long `else if` chain as a `match`");
  });

  it("separate `if … else if` statements, one after another, are not one chain", () => {
    const statement = "  if players[0].score == 1 { players[0].score = 2 } else if players[0].score == 2 { players[0].score = 3 }\n";
    const source = `${header}${statement.repeat(200)}${footer}`;
    const r = compileRules(source, "many.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.def).toBeDefined();
  });

  it("a nesting the parser would not survive but the count does not see stops at its token", () => {
    // `then if` nests like `else if`, unbracketed and uncounted: the parser stops itself.
    const source = `${header}  let x = ${"if true then ".repeat(3_000)}1${" else 1".repeat(3_000)}\n  players[0].score = x${footer}`;
    const r = compileRules(source, "then-if.stela");
    const deep = r.diagnostics.filter((d) => d.code === "input-too-deep");
    expect(deep).toHaveLength(1);
    expect(deep[0]!.span.start.line).toBe(4);
    expect(deep[0]!.span.start.column).toBeGreaterThan(100);
    expect(deep[0]!.message).toBe("this expression or block nests too deeply for Stela to read");
  });

  it("a mistake deeper than the parser may recover from stops it at the mistake; a shallower one is a syntax error", () => {
    // Looking for how to recover walks the grammar along every rule the parser is inside, as deep
    // again on the stack (INPUT_LIMITS.maxRecoveryDepth): 20 brackets are over 200 rules deep.
    const at = (n: number): string[] => {
      const source = `${header}  let x = ${"(".repeat(n)}max(1 2)${")".repeat(n)}\n  players[0].score = x${footer}`;
      return compileRules(source, "deep.stela").diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code}: ${d.message}`);
    };
    expect(at(20)).toEqual([`4:${"  let x = ".length + 20 + "max(1 ".length + 1} input-too-deep: there is a mistake here, nested too deeply for Stela to read past it`]);
    expect(at(10)[0]).toBe(`4:${"  let x = ".length + 10 + "max(1 ".length + 1} parse-expected-token: expected \`)\` but found \`2\``);
  });

  it("a chain a real file would have (thirty links) is read and checked", () => {
    const source = `${header}  let x = ${"if true then 1 else ".repeat(30)}1\n  players[0].score = x${footer}`;
    const r = compileRules(source, "chain.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.def).toBeDefined();
  });

  it("brackets deep inside a text's `{…}` are refused at the text, not by the stack", () => {
    const source = `${header}  log "a {${"(".repeat(5_000)}1${")".repeat(5_000)}} b"\n  players[0].score = 1${footer}`;
    const r = compileRules(source, "text.stela");
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([["input-too-deep", 4, 11]]);
  });
  it("an unbracketed chain deep inside a text's `{…}` is refused at its depth, not by the stack", () => {
    // Found by `npm run fuzz -- --seed 3131`: a text is read after the file's tree is measured.
    for (const chain of [`players[0].score${"[0]".repeat(5_000)}`, `1${" + 1".repeat(5_000)}`]) {
      const source = `${header}  log "a {${chain}} b"\n  players[0].score = 1${footer}`;
      const r = compileRules(source, "text.stela");
      // Only the text's expression is dropped: the rest of the flow is read and checked.
      expect(r.diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["input-too-deep", 4]]);
      const deep = r.diagnostics[0]!;
      expect(deep.message).toBe(`this expression or block nests more than ${INPUT_LIMITS.maxTreeDepth} deep: Stela reads at most that deep`);
      // Inside the text, on its line.
      expect(deep.span.start.column).toBeGreaterThan('  log "a {'.length);
    }
  });

  it("a text's `{…}` counts from where the text stands in its declaration", () => {
    // The text is the innermost operand of a chain of 150 joins: 150 deep before its own `{…}`.
    const deepText = (inner: number): string => `${header}  log "a {${"1 + ".repeat(inner)}1}"${" + 1".repeat(150)}\n  players[0].score = 1${footer}`;
    const codes = (source: string): string[] => compileRules(source, "text.stela").diagnostics.map((d) => d.code);
    expect(codes(deepText(80))).toContain("input-too-deep");
    expect(codes(deepText(20))).not.toContain("input-too-deep");
  });

  it("a text's `{…}` as deep as a real file's is read and checked", () => {
    const source = `${header}  log "a {${"1 + ".repeat(40)}1} b"\n  players[0].score = 1${footer}`;
    const r = compileRules(source, "text.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.def).toBeDefined();
  });
});

describe("the syntax error budget", () => {
  it("a fragment pasted thousands of times stops after the budget, with a closing diagnostic", () => {
    const maya = readGame("maya.stela");
    const cut = maya.indexOf("flow {") + "flow {\n".length;
    const source = maya.slice(0, cut) + "let y = ".repeat(20_000) + maya.slice(cut);
    const r = compileRules(source, "pasted.stela");
    const codes = r.diagnostics.map((d) => d.code);
    expect(codes.filter((c) => c === "parse-too-many-errors")).toHaveLength(1);
    const stop = r.diagnostics.find((d) => d.code === "parse-too-many-errors")!;
    expect(stop.message).toBe(`Stela stopped reading the file here, after ${INPUT_LIMITS.maxSyntaxErrors} syntax errors`);
    // The stop is on the pasted line, past the first error; nothing is checked after it.
    const line = maya.slice(0, cut).split("\n").length;
    expect(stop.span.start.line).toBe(line);
    expect(r.diagnostics[0]!.span.start.line).toBe(line);
    expect(codes.filter((c) => !c.startsWith("parse-"))).toEqual([]);
    expect(r.def).toBeUndefined();
  });

  it("a file with a few hundred broken lines reports the first ones and stops", () => {
    const source = `${header}${"  let = = 1\n".repeat(500)}${footer}`;
    const r = compileRules(source, "broken.stela");
    const parse = r.diagnostics.filter((d) => d.code !== "parse-too-many-errors");
    // One error a line (the cascade on each line is dropped) until the budget runs out.
    expect(parse.length).toBeGreaterThan(50);
    expect(parse.length).toBeLessThanOrEqual(INPUT_LIMITS.maxSyntaxErrors);
    expect(new Set(parse.map((d) => d.span.start.line)).size).toBe(parse.length);
    expect(r.diagnostics.filter((d) => d.code === "parse-too-many-errors")).toHaveLength(1);
  });

  it("below the budget every line's error is reported and there is no closing diagnostic", () => {
    const source = `${header}${"  let = = 1\n".repeat(20)}  players[0].score = 1${footer}`;
    const r = compileRules(source, "broken.stela");
    expect(r.diagnostics.filter((d) => d.code.startsWith("parse-")).map((d) => d.span.start.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 4));
  });
});
