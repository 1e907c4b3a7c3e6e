import type { Diagnostic, SymbolIndex, SymbolInfo } from "../../../dsl/index.ts";
import type { Span } from "../../../dsl/index.ts";
import type { Outline } from "./outline.ts";

/** What the editor knows about the text for hover, completion and go-to-definition. */
export interface LanguageContext {
  /** The text as it is now. */
  text: string;
  /** From the last compile, of `compiledText` (which may be a little older than `text`). */
  symbols: SymbolIndex;
  outline: Outline;
  compiledText: string;
  /** The path diagnostics and symbols use for this document. */
  file: string;
  /** The last compile's diagnostics of this document (for quick fixes). */
  diagnostics?: Diagnostic[];
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

/** The word around `offset`, or undefined. */
export function wordAt(text: string, offset: number): { word: string; start: number; end: number } | undefined {
  let start = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1]!)) start--;
  WORD.lastIndex = start;
  const m = WORD.exec(text);
  if (!m || start + m[0].length < offset) return undefined;
  return { word: m[0], start, end: start + m[0].length };
}

/** Symbol offsets apply only when the text is the one compiled (otherwise they may point elsewhere). */
export function symbolsFit(ctx: LanguageContext): boolean {
  return ctx.text === ctx.compiledText;
}

function inThisFile(span: Span, ctx: LanguageContext): boolean {
  return span.file === undefined || span.file === ctx.file;
}

function contains(span: Span, offset: number): boolean {
  return span.start.offset <= offset && offset <= span.end.offset;
}

/** The declaration a name at `offset` refers to (or declares). */
export function symbolAt(ctx: LanguageContext, offset: number): { info: SymbolInfo; declaration: boolean } | undefined {
  if (!symbolsFit(ctx)) return undefined;
  for (const r of ctx.symbols.references) {
    if (inThisFile(r.span, ctx) && contains(r.span, offset)) return { info: r.target, declaration: false };
  }
  for (const d of ctx.symbols.declarations) {
    if (inThisFile(d.span, ctx) && contains(d.span, offset)) return { info: d, declaration: true };
  }
  return undefined;
}

/** The top-level declaration around `offset`. */
export function declarationAround(outline: Outline, offset: number): { start: number; end: number } | undefined {
  return outline.decls.find((d) => d.start <= offset && offset <= d.end);
}

/**
 * The type written for `name` as seen at `offset` (`player`, `Tile`,
 * `list of space`), from the nearest earlier local, parameter or global of
 * that name. Details read `name: type`.
 */
export function typeOfName(ctx: LanguageContext, name: string, offset: number): string | undefined {
  const around = declarationAround(ctx.outline, offset);
  let best: SymbolInfo | undefined;
  for (const d of ctx.symbols.declarations) {
    if (d.name !== name || !inThisFile(d.span, ctx)) continue;
    if (d.what !== "local" && d.what !== "parameter" && d.what !== "var") continue;
    const local = d.what === "local" || d.what === "parameter";
    if (local && (!around || d.span.start.offset < around.start || d.span.start.offset > offset)) continue;
    if (!best || (local && d.span.start.offset > best.span.start.offset)) best = d;
  }
  if (!best) return undefined;
  const i = best.detail.indexOf(": ");
  return i >= 0 ? best.detail.slice(i + 2).trim() : undefined;
}
