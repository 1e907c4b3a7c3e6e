import { closest, KEYWORDS, type Diagnostic, type SymbolInfo } from "../../../dsl/index.ts";
import { symbolAt, symbolsFit, type LanguageContext } from "./symbol-lookup.ts";

/** A stretch of the text, by offsets. */
export interface TextRange {
  start: number;
  end: number;
}

/** A quick fix: replace `start..end` with `text`. */
export interface QuickFix extends TextRange {
  title: string;
  text: string;
}

const DID_YOU_MEAN = /did you mean `([^`]+)`\?/;
const WRITE = /write `([^`]+)`/;

/**
 * The fixes a diagnostic's own hint or message proposes: a did-you-mean
 * spelling, `==` for a `=` that compares, or a qualified name the checker
 * says to write (`this.x`, `p.corn`, `Building.temple`). Each replaces the
 * diagnostic's span, so a fix is offered only when it keeps the word the
 * designer wrote (a qualified name must end with it).
 */
export function quickFixes(d: Pick<Diagnostic, "code" | "message" | "hint" | "span">, text: string): QuickFix[] {
  const start = d.span.start.offset;
  const end = d.span.end.offset;
  const written = text.slice(start, end);
  const out: QuickFix[] = [];
  // A parse error on a word with no hint of its own: most often a misspelt keyword (`procedur`).
  const keyword = d.code.startsWith("parse-") && /^[A-Za-z_]\w*$/.test(written) ? closest(written, KEYWORDS) : undefined;
  const spelled = d.hint?.match(DID_YOU_MEAN)?.[1] ?? keyword;
  // A misspelt member of a path (`p.butons`, the span covering all of it) keeps its path: the
  // suggestion names the member alone, and replacing the whole span with it dropped the `p.`.
  const dot = written.lastIndexOf(".");
  const respelled = spelled && dot >= 0 && !spelled.includes(".") ? written.slice(0, dot + 1) + spelled : spelled;
  if (respelled && written && written !== respelled) out.push({ title: `Change to \`${respelled}\``, start, end, text: respelled });
  if (d.hint?.includes("use `==` to compare") && written === "=") out.push({ title: "Compare with `==`", start, end, text: "==" });
  for (const said of [d.hint, d.message]) {
    const q = said?.match(WRITE)?.[1];
    if (q && written && q !== written && q.endsWith(`.${written}`)) out.push({ title: `Write \`${q}\``, start, end, text: q });
  }
  return out;
}

/** The same declaration: names can repeat (two locals `p`), spans cannot. */
function same(a: SymbolInfo, b: SymbolInfo): boolean {
  return a.name === b.name && a.span.start.offset === b.span.start.offset && a.span.file === b.span.file;
}

function inFile(ctx: LanguageContext, info: { span: SymbolInfo["span"] }): boolean {
  return info.span.file === undefined || info.span.file === ctx.file;
}

/** Every place in this file the name at `offset` stands for the same declaration: the declaration first, then its uses. */
export function referencesAt(ctx: LanguageContext, offset: number): TextRange[] {
  const sym = symbolAt(ctx, offset);
  if (!sym) return [];
  const out: TextRange[] = [];
  const d = sym.info;
  if (inFile(ctx, d)) out.push({ start: d.span.start.offset, end: d.span.end.offset });
  for (const r of ctx.symbols.references) {
    if (inFile(ctx, r) && same(r.target, d)) out.push({ start: r.span.start.offset, end: r.span.end.offset });
  }
  // A span may cover more than the name (a declaration's span): keep only the name's own letters.
  return out
    .map((r) => narrowToName(ctx.text, r, d.name))
    .filter((r): r is TextRange => r !== undefined)
    .sort((a, b) => a.start - b.start)
    .filter((r, i, all) => i === 0 || r.start !== all[i - 1]!.start);
}

function narrowToName(text: string, r: TextRange, name: string): TextRange | undefined {
  const re = new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "g");
  re.lastIndex = r.start;
  const m = re.exec(text);
  if (!m || m.index + name.length > Math.max(r.end, r.start + name.length)) return undefined;
  return { start: m.index, end: m.index + name.length };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Renames the declaration at `offset` and every use of it in this file, or
 * says why not (not a name of this file, not an identifier, a keyword, or a
 * name already declared in the file).
 */
export function renameAt(ctx: LanguageContext, offset: number, to: string, keywords: readonly string[]): { edits: QuickFix[] } | { refused: string } {
  if (!symbolsFit(ctx)) return { refused: "the rules are being checked: try again in a moment" };
  const sym = symbolAt(ctx, offset);
  if (!sym) return { refused: "this is not a name declared in the rules" };
  if (!inFile(ctx, sym.info)) return { refused: `\`${sym.info.name}\` is declared in another file` };
  if (!IDENTIFIER.test(to)) return { refused: `\`${to}\` is not a name (letters, digits and _, not starting with a digit)` };
  if (keywords.includes(to)) return { refused: `\`${to}\` is a keyword` };
  if (ctx.symbols.declarations.some((d) => d.name === to && d.what !== "local" && d.what !== "parameter")) return { refused: `\`${to}\` is already declared` };
  const edits = referencesAt(ctx, offset).map((r) => ({ ...r, title: `Rename to ${to}`, text: to }));
  return { edits };
}

/**
 * The `//` comment written just above line `line` (1-based), without the
 * slashes: what a designer wrote to explain a declaration.
 */
export function commentAbove(text: string, line: number): string | undefined {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = line - 2; i >= 0; i--) {
    const m = lines[i]!.match(/^\s*\/\/\s?(.*)$/);
    if (!m) break;
    out.unshift(m[1]!);
  }
  return out.length ? out.join("\n") : undefined;
}

/** One entry of the document outline (Monaco's "Go to symbol"). */
export interface OutlineSymbol extends TextRange {
  name: string;
  /** The declaration's keyword: `procedure`, `board`, `kind`, … */
  what: string;
  /** Where its name is, for the cursor. */
  nameStart: number;
  nameEnd: number;
}

const DECL_WORDS: Record<string, string> = {
  GameDecl: "game",
  ProcedureDecl: "procedure",
  RuleDecl: "rule",
  KindDecl: "kind",
  BoardDecl: "board",
  ZoneDecl: "zone",
  EnumDecl: "enum",
  TableDecl: "table",
  ConstDecl: "const",
  VariantDecl: "variant",
  FlowDecl: "flow",
  ScoringDecl: "scoring",
  ComponentsDecl: "components",
  DefineDecl: "define",
  EventDecl: "event",
  HookDecl: "hook",
  ModifyDecl: "modify",
  OnDecl: "on",
  PerPlayerDecl: "per player",
  SetupDecl: "setup",
  VarDecl: "var",
  ErrorDecl: "(unreadable)",
};

/** The top-level declarations, in order, from the last compile's outline. */
export function documentOutline(ctx: LanguageContext): OutlineSymbol[] {
  if (!symbolsFit(ctx)) return [];
  const out: OutlineSymbol[] = [];
  for (const d of ctx.outline.decls) {
    const what = DECL_WORDS[d.kind] ?? d.kind.replace(/Decl$/, "").toLowerCase();
    const name = d.name ?? what;
    const at = d.name ? ctx.text.indexOf(d.name, d.start) : -1;
    const nameStart = at >= d.start && at < d.end ? at : d.start;
    out.push({ name, what, start: d.start, end: d.end, nameStart, nameEnd: nameStart + (at === nameStart ? name.length : 0) });
  }
  return out;
}
