import { describe, expect, it } from "vitest";
import { BUILTINS } from "../../dsl/builtins/catalogue.ts";
import { compileRules } from "../../dsl/compile.ts";
import { KEYWORDS } from "../../dsl/tokens.ts";
import { completionsAt } from "../../editor/src/rules/completion.ts";
import { definitionAt, hoverAt } from "../../editor/src/rules/hover.ts";
import { outlineOf } from "../../editor/src/rules/outline.ts";
import { stelaTokens } from "../../editor/src/rules/stela-language.ts";
import type { LanguageContext } from "../../editor/src/rules/symbol-lookup.ts";
import { readGame } from "../support/games.ts";

const FILE = "games/mayan-city.stela";
const source = readGame("mayan-city.stela");
const compiled = compileRules(source, FILE);

/** The context as the editor has it after a compile, with `text` typed since. */
function ctx(text = source): LanguageContext {
  return { text, compiledText: source, symbols: compiled.symbols, outline: outlineOf(compiled.ast), file: FILE };
}

const at = (needle: string, plus = 0) => source.indexOf(needle) + plus;
const labels = (text: string, offset: number) => completionsAt(ctx(text), offset).map((s) => s.label);

describe("highlighting", () => {
  it("takes its word lists from the language", () => {
    expect(stelaTokens["keywords"]).toEqual([...KEYWORDS]);
    expect(stelaTokens["builtins"]).toEqual([...BUILTINS.keys()]);
  });
});

describe("completion", () => {
  it("offers keywords, built-ins with their signature, and the file's names", () => {
    const offset = at("  while size(deck)");
    const all = completionsAt(ctx(), offset);
    const names = all.map((s) => s.label);
    for (const k of ["while", "choose", "place"]) expect(names).toContain(k);
    expect(all.find((s) => s.label === "adjacent_pieces")?.detail).toBe(BUILTINS.get("adjacent_pieces")!.signature);
    for (const n of ["draw_phase", "fits", "city", "Building", "causeway", "first_picker"]) expect(names).toContain(n);
  });

  it("offers a local only inside its own declaration, once declared", () => {
    expect(labels(source, at("  first_picker = second_last"))).toContain("second_last");
    expect(labels(source, at("  while size(deck) > 0 {"))).not.toContain("second_last");
  });

  it("after `p.` offers the player's variables and zones", () => {
    const text = source.replace("    if size(p.picked) > 0 {", "    if size(p.) > 0 {");
    const names = labels(text, text.indexOf("p.) > 0") + 2);
    expect(names).toEqual(expect.arrayContaining(["score", "picked", "seat", "name"]));
    expect(names).not.toContain("building");
  });

  it("after a piece of a kind offers that kind's fields", () => {
    const text = source.replace("  let piece = spot.piece\n", "  let piece = spot.piece\n  piece.\n");
    const names = labels(text, text.indexOf("  piece.\n") + 8);
    expect(names).toEqual(expect.arrayContaining(["building", "form", "owner", "face_up"]));
    const text2 = source.replace("label: this.name", "label: this.");
    expect(labels(text2, text2.indexOf("this.") + 5)).toContain("building");
  });

  it("offers nothing inside a comment, a text or a drawn map", () => {
    expect(completionsAt(ctx(), at("Randomly determine") + 3)).toEqual([]);
    expect(completionsAt(ctx(), at("Pick a card") + 3)).toEqual([]);
    expect(completionsAt(ctx(), at("| . 3 2 1 1 2 3 .") + 4)).toEqual([]);
    expect(completionsAt(ctx(), at("form: | # # #") + 9)).toEqual([]);
  });
});

describe("hover and go to definition", () => {
  it("shows a built-in's signature, description and example", () => {
    const h = hoverAt(ctx(), at("adjacent_pieces(spot)") + 3)!;
    expect(h.contents[0]).toContain(BUILTINS.get("adjacent_pieces")!.signature);
    expect(h.contents.join("\n")).toContain(BUILTINS.get("adjacent_pieces")!.example);
  });

  it("documents the language's own forms on their keyword", () => {
    const h = hoverAt(ctx(), at("count s in adjacent(piece)") + 2)!;
    expect(h.contents[0]).toContain("count x in list where c");
    const sug = completionsAt(ctx(), at("flow {") + 6).find((x) => x.label === "secretly")!;
    expect(sug.detail).toContain("secretly each p in players chooses");
  });

  it("documents the forms that carry state and effects as data, on their keyword (Tzolk'in uses each)", () => {
    const tz = readGame("tzolkin.stela");
    const tzCtx = (): LanguageContext => {
      const r = compileRules(tz, "games/tzolkin.stela");
      return { text: tz, compiledText: tz, symbols: r.symbols, outline: outlineOf(r.ast), file: "games/tzolkin.stela" };
    };
    const hover = (needle: string, plus: number) => hoverAt(tzCtx(), tz.indexOf(needle) + plus)?.contents[0] ?? "";
    expect(hover("= match temple_gifts", 3)).toContain("match x {");
    expect(hover(" label t.text", 2)).toContain("label");
    expect(hover("\nfields Costs", 2)).toContain("fields Set {");
    expect(hover("\nestimate p {", 2)).toContain("estimate p { value }");
    expect(hover("space state corn_tiles", 7)).toContain("space state name");
    const withAt = tz.search(/kind \w+ with /);
    expect(hoverAt(tzCtx(), tz.indexOf(" with ", withAt) + 2)?.contents[0]).toContain("kind K with Set1");
    // Completion offers them where a declaration or a statement starts, with their signature.
    const top = completionsAt(tzCtx(), tz.indexOf("\nestimate p {") + 1);
    expect(top.find((x) => x.label === "fields")?.detail).toContain("fields Set {");
    expect(top.find((x) => x.label === "estimate")?.detail).toContain("estimate p");
    expect(completionsAt(tzCtx(), tz.indexOf("\nflow {") + 9).find((x) => x.label === "match")?.detail).toContain("match x {");
  });

  it("shows a declared name's detail, and jumps to its declaration", () => {
    const use = source.indexOf("fits(s)") + 1;
    const h = hoverAt(ctx(), use)!;
    expect(h.contents[0]).toContain("rule fits(spot: placement)");
    const d = definitionAt(ctx(), use)!;
    expect(source.slice(d.start, d.end)).toBe("fits");
    expect(d.start).toBe(source.indexOf("rule fits") + 5);
  });

  it("describes a built-in property after a dot", () => {
    const h = hoverAt(ctx(), at("p.name}") + 3)!;
    expect(h.contents.join(" ")).toMatch(/player\.name/);
  });

  it("does not point into text that changed since the compile", () => {
    const edited = `// a new first line\n${source}`;
    expect(definitionAt(ctx(edited), edited.indexOf("fits(s)") + 1)).toBeUndefined();
  });
});
