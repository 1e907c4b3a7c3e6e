import { BUILTINS, CONSTANTS, EVENTS, FORMS, PROPERTIES } from "../../../dsl/index.ts";
import { commentAbove } from "./ide-help.ts";
import { symbolAt, wordAt, type LanguageContext } from "./symbol-lookup.ts";

/** A hover's text (Markdown blocks) and the range of text it is about. */
export interface HoverInfo {
  start: number;
  end: number;
  contents: string[];
}

const code = (s: string) => `\`\`\`stela\n${s}\n\`\`\``;

/** What to show when the pointer rests at `offset`: a declared name's detail, or the catalogue's entry for a built-in. */
export function hoverAt(ctx: LanguageContext, offset: number): HoverInfo | undefined {
  const w = wordAt(ctx.text, offset);
  if (!w) return undefined;
  const range = { start: w.start, end: w.end };
  const sym = symbolAt(ctx, offset);
  if (sym) {
    const line = sym.info.span.start.line;
    const where = sym.declaration ? `${sym.info.what}` : `${sym.info.what}, declared on line ${line}`;
    // The designer's own words about it: the comment written above the declaration.
    const inFile = sym.info.span.file === undefined || sym.info.span.file === ctx.file;
    const note = inFile ? commentAbove(ctx.text, line) : undefined;
    return { ...range, contents: note ? [code(sym.info.detail), note, where] : [code(sym.info.detail), where] };
  }
  // A dot on the same line (a sentence of a comment above ends in one too).
  const afterDot = /\.[ \t]*$/.test(ctx.text.slice(0, w.start));
  if (afterDot) {
    const props = PROPERTIES.filter((p) => p.name === w.word);
    if (props.length) return { ...range, contents: props.map((p) => `**${p.of}.${p.name}** — ${p.description}`) };
    for (const k of ctx.outline.kinds) {
      const f = k.fields.find((x) => x.name === w.word);
      if (f) return { ...range, contents: [code(`${f.state ? "state " : ""}${f.name}: ${f.type}`), `a field of ${k.name}`] };
    }
    return undefined;
  }
  const b = BUILTINS.get(w.word);
  if (b) return { ...range, contents: [code(b.signature), b.description, `Example:\n${code(b.example)}`] };
  const c = CONSTANTS.get(w.word);
  if (c) return { ...range, contents: [code(c.name), c.description, `Example:\n${code(c.example)}`] };
  const e = EVENTS.find((x) => x.name === w.word);
  if (e) return { ...range, contents: [code(`event ${e.name}(${e.params.map((p) => p.name).join(", ")})`), e.description, `Example:\n${code(e.example)}`] };
  const f = FORMS.find((x) => x.keyword === w.word);
  if (f) return { ...range, contents: [code(f.signature), f.description, `Example:\n${code(f.example)}`] };
  return undefined;
}

/** Where the name at `offset` is declared (in this file), for go-to-definition. */
export function definitionAt(ctx: LanguageContext, offset: number): { start: number; end: number } | undefined {
  const sym = symbolAt(ctx, offset);
  if (!sym) return undefined;
  const s = sym.info.span;
  if (s.file !== undefined && s.file !== ctx.file) return undefined;
  return { start: s.start.offset, end: s.end.offset };
}
