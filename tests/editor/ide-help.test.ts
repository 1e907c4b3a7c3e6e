import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { KEYWORDS } from "../../dsl/index.ts";
import { completionsAt } from "../../editor/src/rules/completion.ts";
import { hoverAt } from "../../editor/src/rules/hover.ts";
import { commentAbove, documentOutline, quickFixes, referencesAt, renameAt } from "../../editor/src/rules/ide-help.ts";
import { outlineOf } from "../../editor/src/rules/outline.ts";
import type { LanguageContext } from "../../editor/src/rules/symbol-lookup.ts";
import { readGame } from "../support/games.ts";

const FILE = "games/mayan-city.stela";
const source = readGame("mayan-city.stela");
const compiled = compileRules(source, FILE);
const ctx: LanguageContext = { text: source, compiledText: source, symbols: compiled.symbols, outline: outlineOf(compiled.ast), file: FILE };
const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;

describe("find references and rename", () => {
  it("finds the declaration of a rule and each of its uses", () => {
    const refs = referencesAt(ctx, source.indexOf("fits(s)") + 1);
    expect(refs.map((r) => source.slice(r.start, r.end))).toEqual(["fits", "fits", "fits"]);
    expect(refs.map((r) => lineOf(r.start))).toEqual([172, 179, 186]);
  });

  it("renames every one of them, and refuses a keyword or a name taken", () => {
    const r = renameAt(ctx, source.indexOf("rule fits") + 6, "fits_here", KEYWORDS);
    if (!("edits" in r)) throw new Error(r.refused);
    let text = source;
    for (const e of [...r.edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
    expect(compileRules(text, FILE).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(text.match(/\bfits_here\b/g)).toHaveLength(3);
    expect(text).not.toMatch(/\bfits\(/);
    expect(renameAt(ctx, source.indexOf("rule fits") + 6, "while", KEYWORDS)).toEqual({ refused: "`while` is a keyword" });
    expect(renameAt(ctx, source.indexOf("rule fits") + 6, "place_one", KEYWORDS)).toEqual({ refused: "`place_one` is already declared" });
  });
});

describe("hover and outline", () => {
  it("shows the comment written above a declaration", () => {
    expect(commentAbove(source, 137)).toBe(
      'Draw phase: "Put the top 3X cards of the deck face up", then players pick one at a time,\nclockwise, until none is left. With 3 players the last turn has the 6 remaining cards, so\neach picks 2 (our reading). Gives the player who picked last.',
    );
    const use = source.indexOf("draw_phase()", source.indexOf("flow"));
    const h = hoverAt(ctx, use + 2);
    expect(h?.contents[1]).toMatch(/^Draw phase: "Put the top 3X cards/);
  });

  it("lists the top-level declarations in order", () => {
    const names = documentOutline(ctx).map((s) => `${s.what} ${s.name}`);
    expect(names).toContain("procedure draw_phase");
    expect(names).toContain("rule fits");
    expect(names.indexOf("procedure draw_phase")).toBeLessThan(names.indexOf("rule fits"));
    const fits = documentOutline(ctx).find((s) => s.name === "fits")!;
    expect(source.slice(fits.nameStart, fits.nameEnd)).toBe("fits");
  });
});

describe("quick fixes from the checker's hints", () => {
  const fixesOf = (text: string) => {
    const r = compileRules(text, FILE);
    return r.diagnostics.flatMap((d) => quickFixes(d, text).map((f) => ({ ...f, line: d.span.start.line })));
  };
  const apply = (text: string, f: { start: number; end: number; text: string }) => text.slice(0, f.start) + f.text + text.slice(f.end);

  it("corrects a misspelt keyword", () => {
    const text = source.replace("procedure place_one", "procedur place_one");
    const f = fixesOf(text).find((x) => x.title === "Change to `procedure`")!;
    expect(apply(text, f)).toBe(source);
  });

  it("corrects a misspelt name", () => {
    const text = source.replace("where fits(s)", "where fitz(s)");
    const f = fixesOf(text).find((x) => x.text === "fits")!;
    expect(apply(text, f)).toBe(source);
  });

  it("corrects a misspelt player variable and keeps its player (`p.scor` → `p.score`, not `score`)", () => {
    const text = source.replace("p.score += points", "p.scor += points");
    const f = fixesOf(text).find((x) => x.title === "Change to `p.score`")!;
    expect(apply(text, f)).toBe(source);
  });

  it("turns a comparing `=` into `==`", () => {
    const text = source.replace("if no s in placements", "if 1 = 2 and no s in placements");
    const f = fixesOf(text).find((x) => x.text === "==");
    expect(f?.title).toBe("Compare with `==`");
    expect(apply(text, f!)).toContain("if 1 == 2 and no s");
  });
});

describe("completion after a comparison", () => {
  it("offers the compared field's enum members first", () => {
    const offset = source.indexOf("q.building == ") + "q.building == ".length;
    const all = completionsAt(ctx, offset);
    const first = all.filter((x) => x.first).map((x) => x.label);
    expect(first).toEqual(["causeway", "acropolis", "reservoir", "temple", "ball_court", "plaza", "market", "palace", "pyramid"]);
    expect(all.filter((x) => x.label === "temple")).toHaveLength(1);
    // Not after an assignment.
    expect(completionsAt(ctx, source.indexOf("p.score += points") + "p.score += ".length).some((x) => x.first)).toBe(false);
  });
});
