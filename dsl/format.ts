import { Lexer, type IToken } from "chevrotain";
import { DiagnosticSink, type Diagnostic } from "./diagnostic.ts";
import { parse } from "./parse.ts";
import { positionAt } from "./span.ts";
import { ALL_TOKENS, CONTEXTUAL_KEYWORDS } from "./tokens.ts";

/**
 * The contextual words that may stand before a bracketed value (`points (a + b) * 2`). `measure`
 * and `example` start a declaration only before a quoted label, so before a bracket they are a
 * name called (`define measure(…)`, used as `measure(q, b)`), which hugs its bracket.
 */
const CONTEXTUAL: ReadonlySet<string> = new Set(CONTEXTUAL_KEYWORDS.filter((w) => w !== "measure" && w !== "example" && w !== "mark" && w !== "known"));

/**
 * The formatter behind `stela fmt` and the editor's "Format document": one canonical layout for
 * rule files. It works on the token stream (comments included), not on the syntax tree, so it
 * keeps every token and never changes what a file means, and syntax added to the language later
 * needs no change here. It sets indentation from braces and brackets, puts canonical spaces
 * around operators, commas and colons, keeps the author's line breaks but collapses runs of
 * blank lines, aligns the trailing comments of neighbouring lines, and breaks a list that makes
 * a line too long into one item a line. Texts, drawn `map` rows and shape rows are copied byte for
 * byte. Formatting a formatted file gives the same file. A file with syntax errors is left as it is.
 */

/** Spaces per level of indentation. */
export const INDENT = "  ";
/** A line longer than this with a list on it has the list broken into one item a line. */
export const MAX_LINE = 100;
/** A list shorter than this (in characters of source) is never broken up. */
const MIN_BROKEN_LIST = 40;

export interface FormatResult {
  /** The formatted text; the source itself when it cannot be read into tokens. */
  text: string;
  /** Why the file was left as it is (characters that are not Stela, a syntax error), else empty. */
  diagnostics: Diagnostic[];
}

// Created on first use: only formatting pays for it.
let lexer: Lexer | undefined;

interface Tok {
  type: string;
  image: string;
  start: number;
  end: number;
  /** Line breaks between the previous token and this one. */
  breaks: number;
  /** Whitespace (of any kind) before this token on its line. */
  spaced: boolean;
  comment: boolean;
  /** It starts an item of a block (a statement, a `match` arm, a field, a table row): `itemStarts`. */
  item?: boolean;
}

const OPEN = new Set(["LParen", "LBracket", "LBrace"]);
const CLOSE = new Set(["RParen", "RBracket", "RBrace"]);
const BINARY = new Set(["Arrow", "PlusEq", "MinusEq", "EqEq", "NotEq", "LtEq", "GtEq", "Lt", "Gt", "Equals", "Plus", "Minus", "Star", "Slash", "Percent"]);
/** Keywords that are values: after one, `-` subtracts and `[` indexes. */
const VALUE_WORDS = new Set(["true", "false", "none", "this", "current"]);
/** Words that begin the continuation of the previous line's expression, never a statement. */
const CONTINUES = new Set(["and", "or", "where", "prompt", "then", "by", "else", "stop", "when", "from", "in", "is", "of", "to", "at", "chooses"]);
/** Words that leave an expression open at the end of a line: the next line continues it. */
const HANGS = new Set(["and", "or", "then", "else", "where", "in", "from", "by", "prompt", "of", "is", "not", "to", "at"]);

/** Tokens after `label` that make it a name in a statement rather than a choice's `label` clause. */
const NOT_AFTER_LABEL = new Set(["Equals", "PlusEq", "MinusEq", "Dot", "LParen", "LBracket", "Colon"]);

/**
 * A line that starts with `for` at token `i` and opens no block on that line continues the
 * expression above (`highest size(g)` / `for g in groups`): a `for` statement opens its block on
 * its own line, or on the line its header's brackets close on (a long list in the header, broken
 * one item a line: `for q in twice([` … `]) {`).
 */
function forContinuesAt(toks: Tok[], i: number): boolean {
  if (word(toks[i]!) !== "for") return false;
  let depth = 0;
  for (let k = i + 1; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.breaks > 0 && depth === 0) break;
    if (t.type === "LBrace" && depth === 0) return false;
    if (t.type === "LParen" || t.type === "LBracket") depth++;
    else if (t.type === "RParen" || t.type === "RBracket") {
      // A bracket closed that the line did not open: the `for` is inside a comprehension.
      if (--depth < 0) break;
    }
  }
  return true;
}

/** The index of the first token after `i` that is not a comment, or -1: read in place, no copy of the rest of the file. */
function codeAfter(toks: Tok[], i: number): number {
  for (let k = i + 1; k < toks.length; k++) if (!toks[k]!.comment) return k;
  return -1;
}

/** A choice's contextual clause (`label …`, `ask always`, `if any`) starts at token `i`: it continues the choice. */
function choiceClauseAt(toks: Tok[], i: number): boolean {
  const t = toks[i]!;
  const n = codeAfter(toks, i);
  const next = n < 0 ? undefined : toks[n]!;
  // `if any` ends its line or is followed by another clause; a name after `any` on its line is a quantifier.
  if (t.type === "Kw_if" && next?.type === "Kw_any") {
    const a = codeAfter(toks, n);
    const after = a < 0 ? undefined : toks[a]!;
    return !after || after.type !== "Identifier" || after.breaks > 0 || choiceClauseAt(toks, a);
  }
  if (t.type !== "Identifier" || !next) return false;
  if (t.image === "label") return !NOT_AFTER_LABEL.has(next.type);
  return t.image === "ask" && next.type === "Identifier" && next.image === "always";
}

const isKeyword = (t: Tok): boolean => t.type.startsWith("Kw_");
const word = (t: Tok): string => (isKeyword(t) ? t.type.slice(3) : "");
/** A token after which an expression ends (so a following `-` subtracts, `(` calls, `[` indexes). */
const endsValue = (t: Tok): boolean =>
  t.type === "Identifier" || t.type === "NumberLit" || t.type === "StringLit" || t.type === "RParen" || t.type === "RBracket" || VALUE_WORDS.has(word(t));

function tokens(source: string, file: string): { toks: Tok[]; errors: Diagnostic[] } {
  // Its token definitions are checked once, by a test (tests/dsl/grammar.test.ts).
  lexer ??= new Lexer(ALL_TOKENS, { positionTracking: "onlyOffset", ensureOptimizations: false, skipValidations: true });
  const lexed = lexer.tokenize(source);
  const sink = new DiagnosticSink(file);
  for (const e of lexed.errors) {
    sink.error("lex-invalid-character", `unexpected character \`${source.slice(e.offset, e.offset + (e.length || 1))}\`: the file is left as it is`, {
      start: positionAt(source, e.offset),
      end: positionAt(source, e.offset + (e.length || 1)),
    });
  }
  for (const t of lexed.groups["invalid"] ?? []) {
    const comment = t.tokenType.name === "UnterminatedComment";
    sink.error(comment ? "lex-unterminated-comment" : "lex-unterminated-string", comment ? "a comment is never closed with `*/`: the file is left as it is" : "a text has no closing `\"`: the file is left as it is", {
      start: positionAt(source, t.startOffset),
      end: positionAt(source, t.startOffset + t.image.length),
    });
  }
  const raw: IToken[] = [...lexed.tokens, ...(lexed.groups["comments"] ?? [])].sort((a, b) => a.startOffset - b.startOffset);
  const toks: Tok[] = [];
  let last = 0;
  let code: Tok | undefined;
  for (const t of raw) {
    const gap = source.slice(last, t.startOffset);
    const breaks = (gap.match(/\n/g) ?? []).length;
    // A word of the language after a `.` is a field's name (`p.at[pl]`, `c.from`): laid out as a
    // name, never as the word (which stood apart from the `[` after it: `p.at [pl]`).
    const type = t.tokenType.name.startsWith("Kw_") && code?.type === "Dot" ? "Identifier" : t.tokenType.name;
    const tok: Tok = { type, image: t.image, start: t.startOffset, end: t.startOffset + t.image.length, breaks, spaced: gap.length > 0, comment: type === "LineComment" || type === "BlockComment" };
    toks.push(tok);
    if (!tok.comment) code = tok;
    last = t.startOffset + t.image.length;
  }
  return { toks, errors: sink.items };
}

/**
 * The lists of the syntax tree whose items a block holds one after another with nothing between
 * them but space: statements, `match` arms, a kind's fields, table rows, settings. Written on one
 * line, two items stand two spaces apart (`match n { 0 -> 0  1..2 -> 3  else -> 6 }`), as the
 * language reference writes them: one space would read `0 -> 0 1..2 -> 3` as one run. Lists whose
 * items a comma separates (arguments, list items) need no such space; `where` clauses are no items.
 */
const ITEM_LISTS = new Set(["arms", "stmts", "options", "entries", "fields", "states", "show", "known", "attributes", "legend", "rows", "requires", "tiebreaks", "steps", "items", "includes"]);

/** Words an item may begin with before the place its node starts at. */
const ITEM_PREFIX = new Set(["state", "space", "override"]);

/** Where each item of a block's item lists starts (source offsets), from the file's syntax tree. */
function itemStarts(ast: unknown): Set<number> {
  const out = new Set<number>();
  const visit = (v: unknown, key: string): void => {
    if (Array.isArray(v)) {
      for (const x of v) {
        const start = (x as { span?: { start?: { offset?: number } } } | null)?.span?.start?.offset;
        if (ITEM_LISTS.has(key) && typeof start === "number") out.add(start);
        visit(x, "");
      }
    } else if (v !== null && typeof v === "object") {
      // A zone's options (`Tile owner limit 5`) are words of one declaration, not items of a block.
      const zone = (v as { kind?: string }).kind === "ZoneDecl";
      for (const [k, x] of Object.entries(v)) if (k !== "span" && !(zone && k === "options")) visit(x, k);
    }
  };
  visit(ast, "");
  return out;
}

/** The space between two tokens on one line: "", " ", or "  " between two items of a block. */
function spaceBetween(a: Tok, b: Tok, aUnary: boolean): string {
  if (b.comment) return " ";
  if (a.type === "MapLine") return ""; // a drawn row runs up to a `}` on its line
  if (b.item && !OPEN.has(a.type) && a.type !== "Comma" && a.type !== "Semicolon") return "  ";
  if (a.type === "LParen" || a.type === "LBracket" || a.type === "Dot") return "";
  if (b.type === "RParen" || b.type === "RBracket" || b.type === "Comma" || b.type === "Semicolon" || b.type === "Colon" || b.type === "Dot") return "";
  if (a.type === "LBrace") return b.type === "RBrace" ? "" : " ";
  if (b.type === "RBrace" || b.type === "LBrace") return " ";
  if (a.type === "Comma" || a.type === "Semicolon" || a.type === "Colon") return " ";
  // A sign after an operator stands apart from it (`== -3`, never `==-3`).
  if (BINARY.has(b.type)) return b.type === "Minus" && !endsValue(a) ? (BINARY.has(a.type) || a.spaced || b.spaced ? " " : "") : " ";
  if (BINARY.has(a.type)) return aUnary ? "" : " ";
  if (b.type === "DotDot") return "";
  if (a.type === "DotDot") return "";
  // A call and an index hug what they apply to; a word with a meaning in one place of the grammar
  // (`points (a + b) * 2`) keeps the space it had before a bracketed value: it is no call there.
  if (b.type === "LParen" && endsValue(a)) return a.type === "Identifier" && b.spaced && CONTEXTUAL.has(a.image) ? " " : "";
  if (b.type === "LBracket" && endsValue(a) && a.type !== "Identifier") return "";
  // A keyword is a word apart from the bracket after it (`where (`, `in [`).
  if ((b.type === "LParen" || b.type === "LBracket") && isKeyword(a)) return " ";
  // Words, numbers and texts stand apart from each other and from a closing bracket before them.
  const wordy = (t: Tok): boolean => t.type === "Identifier" || isKeyword(t) || t.type === "NumberLit" || t.type === "StringLit";
  if (wordy(b) && (wordy(a) || CLOSE.has(a.type))) return " ";
  return b.spaced ? " " : "";
}

interface Line {
  indent: number;
  /** The code of the line, without its trailing line comment. */
  code: string;
  /** A `//` comment after code, aligned with its neighbours'. */
  trailing?: string;
  /** Blank lines before this one (0 or 1). */
  blank: boolean;
  /** The line ends with a drawn map or shape row. */
  endsDrawing?: boolean;
}

/** Lays out tokens into lines (the line breaks as the tokens carry them). */
function layout(toks: Tok[]): Line[] {
  const lines: Line[] = [];
  /** Whether each line is only a comment (its indentation follows the code below it). */
  const commentOnly: boolean[] = [];
  /** Whether each line starts with a closing bracket. */
  const closes: boolean[] = [];
  // Each open bracket and the indentation of its line: what it encloses goes one level deeper.
  // Each open bracket: the indentation of the line it opened on, and the expression its line was
  // in then (`outer`), taken up again once the bracket closes.
  const stack: { lineIndent: number; outer: { statementDepth: number; exprIndent: number; exprFirst: string } }[] = [];
  let cur: Line | null = null;
  let prev: Tok | null = null;
  let prevUnary = false;
  // The bracket depth of the line where the current statement began, and the indentation and
  // first word of the line where the current expression began (continuation lines hang off it).
  let statementDepth = 0;
  let exprIndent = 0;
  let exprFirst = "";
  let lastCode: Tok | null = null;
  let lastCodeIndent = 0;
  // Whether the current statement is a choice: only then does a line of `ask always`, `label …` or
  // `if any` continue it (`ask always` under `players 2` in `game { }` is a setting of its own).
  let inChoice = false;
  // On a line that continues a statement, the statement's own indentation (else -1): where a
  // block opened on that line lines up.
  let blockIndent = -1;
  // Where the `else` of an `if … then` whose value went on to the next line lines up, rather than
  // one level below the value's own line (else -1).
  let elseIndent = -1;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (cur === null || t.breaks > 0) {
      // A new line: closers at its start take it back to their opener's level.
      let depth = stack.length;
      for (let k = i; k < toks.length && CLOSE.has(toks[k]!.type) && depth > 0; k++) {
        depth--;
        if (k + 1 < toks.length && toks[k + 1]!.breaks > 0) break;
      }
      // A closer goes back to its opener's line (which may itself hang in, as a `match` after `=`).
      let indent = depth < stack.length ? stack[depth]!.lineIndent : depth === 0 ? 0 : stack[depth - 1]!.lineIndent + 1;
      blockIndent = -1;
      if (!t.comment && !CLOSE.has(t.type)) {
        const hanging = lastCode !== null && (BINARY.has(lastCode.type) || lastCode.type === "Colon" || HANGS.has(word(lastCode)));
        // `else ->` starts a `match` arm (or a table row), never the rest of an `if`.
        const arm = word(t) === "else" && toks[codeAfter(toks, i)]?.type === "Arrow";
        const continues =
          lastCode !== null &&
          lastCode.type !== "RBrace" &&
          lastCode.type !== "LBrace" &&
          !arm &&
          (CONTINUES.has(word(t)) || BINARY.has(t.type) || forContinuesAt(toks, i) || (inChoice && choiceClauseAt(toks, i)));
        if (t.type === "MapLine" && lastCode?.type === "MapLine") {
          // The rows of a drawing stay in one column.
          indent = lastCodeIndent;
        } else if (depth === statementDepth && hanging) {
          // The rest of a condition (after `and`, `+`), not a value begun after `=` or `:` (a
          // `match` whose arms go under it).
          if (lastCode!.type !== "Equals" && lastCode!.type !== "Colon") blockIndent = exprIndent;
          // An `if` that began the line: its `else` under it; one begun inside the line (`define f(): number = if …`):
          // one level in, as the `else` lines of such an `if` whose values stay on their lines.
          if (word(lastCode!) === "then") elseIndent = exprFirst === "if" || exprFirst === "else" ? exprIndent : exprIndent + 1;
          indent = lastCodeIndent + 1;
          exprIndent = indent;
          exprFirst = word(t) || t.type;
        } else if (depth === statementDepth && continues) {
          // `else` lines up with the `if` of an expression, or with the `else if` above it (a chain
          // begun inside brackets starts its expression at its first `else`); anything else hangs one level in.
          if (word(t) === "else" && exprFirst !== "if" && exprFirst !== "else" && elseIndent >= 0) {
            // The `else` after a value that went on the line below its `then`.
            exprIndent = elseIndent;
            exprFirst = "else";
            elseIndent = -1;
          }
          indent = word(t) === "else" && (exprFirst === "if" || exprFirst === "else") ? exprIndent : exprIndent + 1;
          blockIndent = exprIndent;
        } else {
          statementDepth = depth;
          elseIndent = -1;
          exprIndent = indent;
          exprFirst = word(t) || t.type;
          inChoice = false;
        }
      }
      const blank: boolean = cur !== null && t.breaks > 1 && prev?.type !== "LBrace" && !CLOSE.has(t.type);
      cur = { indent, code: "", blank };
      lines.push(cur);
      commentOnly.push(t.comment);
      closes.push(CLOSE.has(t.type));
      prev = null;
    }
    if (t.type === "LineComment" && prev !== null) {
      cur.trailing = t.image.trimEnd();
      prev = t;
      continue;
    }
    if (!t.comment) commentOnly[commentOnly.length - 1] = false;
    const image = t.type === "LineComment" ? t.image.trimEnd() : t.image;
    cur.code += prev === null ? image : spaceBetween(prev, t, prevUnary) + image;
    // A `-` (or `+`) that starts an operand is a sign: no space after it.
    prevUnary = (t.type === "Minus" || t.type === "Plus") && (prev === null ? lastCode === null || !endsValue(lastCode) : !endsValue(prev));
    // A block opened at the end of a wrapped condition (`if a and b` / `and c {`) holds statements
    // of the statement's level, not of its continuation line's: its body and `}` line up with the `if`.
    if (OPEN.has(t.type)) stack.push({ lineIndent: t.type === "LBrace" && blockIndent >= 0 ? blockIndent : cur.indent, outer: { statementDepth, exprIndent, exprFirst } });
    if (CLOSE.has(t.type)) {
      const opened = stack.pop();
      // A bracket whose lines began an expression of their own (a `where` line inside `(sum …)`)
      // gives back the one it was opened in: the `+ (…)` line after `…)` continues it, and was
      // put at the left margin as if a new statement began there.
      if (opened && t.type !== "RBrace" && statementDepth > stack.length) ({ statementDepth, exprIndent, exprFirst } = opened.outer);
    }
    // After a brace or a `;` a new statement begins.
    if (t.type === "LBrace" || t.type === "RBrace" || t.type === "Semicolon") statementDepth = stack.length;
    if (!t.comment) {
      lastCode = t;
      lastCodeIndent = cur.indent;
      if (word(t) === "choose" || word(t) === "chooses") inChoice = true;
    }
    cur.endsDrawing = t.type === "MapLine";
    prev = t;
  }
  // A comment on its own line belongs to the code below it and takes its indentation (unless
  // that code closes a block: then the comment ends the block's contents).
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!commentOnly[i]) continue;
    const next = lines.findIndex((_, k) => k > i && !commentOnly[k]);
    if (next >= 0 && !closes[next]) lines[i]!.indent = lines[next]!.indent;
  }
  return lines;
}

/** The lines as text: indentation, trailing comments aligned within each run of neighbouring lines. */
function render(lines: Line[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    // A run: neighbouring lines (no blank line between) that all have a trailing comment.
    let j = i;
    if (lines[i]!.trailing !== undefined) {
      while (j + 1 < lines.length && lines[j + 1]!.trailing !== undefined && !lines[j + 1]!.blank) j++;
    }
    // A loop, not `Math.max(...)`: a run may be a whole file's lines, too many to spread as arguments.
    let width = 0;
    for (let k = i; k <= j; k++) width = Math.max(width, lines[k]!.indent * INDENT.length + lines[k]!.code.length);
    for (let k = i; k <= j; k++) {
      const l = lines[k]!;
      if (l.blank && out.length > 0) out.push("");
      const code = INDENT.repeat(l.indent) + l.code;
      // A drawn row is kept byte for byte, even its trailing blanks.
      const kept = l.endsDrawing ? code : code.trimEnd();
      out.push(l.trailing === undefined ? kept : `${code.padEnd(width)}  ${l.trailing}`);
    }
    i = j + 1;
  }
  return out.join("\n") + "\n";
}

/**
 * Where to break lists that make a line too long: the offsets of tokens that should start a line.
 * The first `[` list of the line with 2 or more items is broken after the opener, after
 * each item's comma, and before the closer.
 */
function longListBreaks(toks: Tok[], text: string): Set<number> {
  const out = new Set<number>();
  const lines = text.split("\n");
  // Map each token to its line in the formatted text by counting line breaks.
  let line = 0;
  const byLine = new Map<number, number[]>();
  toks.forEach((t, i) => {
    if (i > 0 && t.breaks > 0) line += Math.min(t.breaks, 2) === 2 && lines[line + 1] === "" ? 2 : 1;
    // Pushed, not copied: a line of a long list holds thousands of tokens.
    const on = byLine.get(line);
    if (on) on.push(i);
    else byLine.set(line, [i]);
  });
  for (const [n, idx] of byLine) {
    if ((lines[n] ?? "").length <= MAX_LINE) continue;
    for (const i of idx) {
      const t = toks[i]!;
      if (t.type !== "LBracket") continue;
      // Its closer, and the commas directly inside it.
      let depth = 0;
      const commas: number[] = [];
      let close = -1;
      for (let k = i + 1; k < toks.length; k++) {
        const u = toks[k]!;
        if (u.breaks > 0 && depth >= 0 && !idx.includes(k)) break;
        if (OPEN.has(u.type)) depth++;
        else if (CLOSE.has(u.type)) {
          if (depth === 0) {
            close = k;
            break;
          }
          depth--;
        } else if (u.type === "Comma" && depth === 0) commas.push(k);
      }
      // Only a real list is worth a line an item: 3 or more items, and long.
      if (close < 0 || commas.length < 2 || toks[close]!.end - t.start < MIN_BROKEN_LIST) continue;
      out.add(toks[i + 1]!.start);
      for (const c of commas) if (toks[c + 1] && c + 1 !== close) out.add(toks[c + 1]!.start);
      out.add(toks[close]!.start);
      break;
    }
  }
  return out;
}

/** Formats a rule file (see the module comment); `file` names it in diagnostics. */
export function format(source: string, file = ""): FormatResult {
  const { toks, errors } = tokens(source, file);
  if (errors.length > 0) return { text: source, diagnostics: errors };
  // A file that does not parse is left alone: where a block is left open, the parser's recovery
  // reads a declaration at the start of a line as the block's end, so moving it would change
  // what the file says (the same policy as gofmt's).
  const parsed = parse(source, file);
  const syntax = parsed.diagnostics.filter((d) => d.severity === "error");
  if (syntax.length > 0) return { text: source, diagnostics: syntax };
  if (toks.length === 0) return { text: source.trim() === "" ? "" : source, diagnostics: [] };
  const items = itemStarts(parsed.ast);
  // An item whose node starts at its name begins at the words before it (`state used: bool`).
  for (let i = 0; i < toks.length; i++) {
    if (!items.has(toks[i]!.start)) continue;
    let k = i;
    // `state`, `space`, `override`, and the contextual `mark` (an identifier), belong to the item.
    // (Not a type called `mark`: `x: mark  y: number`.)
    const prefix = (j: number): boolean => {
      const t = toks[j]!;
      if (ITEM_PREFIX.has(word(t))) return true;
      const before = j > 0 && t.breaks === 0 ? toks[j - 1] : undefined;
      return t.type === "Identifier" && t.image === "mark" && before?.type !== "Colon" && word(before ?? t) !== "of";
    };
    while (k > 0 && toks[k]!.breaks === 0 && prefix(k - 1)) k--;
    toks[k]!.item = true;
  }
  let text = render(layout(toks));
  // Again while a line stays too long: breaking a line's first list leaves the rest of it on its
  // closer's line (a graph's `names` broke, and its `edges` stayed a 180-character line). Each
  // pass breaks at least one more list, and a list breaks once, so this ends.
  for (;;) {
    const breaks = longListBreaks(toks, text);
    let more = false;
    for (const t of toks) {
      if (breaks.has(t.start) && t.breaks === 0) {
        t.breaks = 1;
        more = true;
      }
    }
    if (!more) break;
    text = render(layout(toks));
  }
  return { text: asWritten(text, source), diagnostics: [] };
}

/**
 * The layout written the way the file was: with its byte order mark, and with Windows line
 * endings when most of its lines have them (a checkout with `core.autocrlf` gives every file
 * CRLF: `stela fmt --check` must not call them all unformatted, nor `stela fmt` rewrite them all).
 */
function asWritten(text: string, source: string): string {
  const crlf = (source.match(/\r\n/g) ?? []).length;
  const lf = (source.match(/\n/g) ?? []).length;
  // Bare line feeds only: a block comment's text keeps the file's own line endings.
  const lines = crlf > 0 && crlf * 2 >= lf ? text.replace(/\r?\n/g, "\r\n") : text;
  return source.startsWith("\uFEFF") ? `\uFEFF${lines}` : lines;
}
