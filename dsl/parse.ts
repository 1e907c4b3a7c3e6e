import { Lexer, type IRecognitionException, type IToken } from "chevrotain";
import type { Decl, Expr, FileAst } from "./ast.ts";
import type { DiagnosticCode } from "./diagnostic-codes.ts";
import { DiagnosticSink, type Diagnostic } from "./diagnostic.ts";
import { checkInputSize, checkNesting, limitTreeDepth } from "./input-limits.ts";
import { parseHints } from "./parser-messages.ts";
import { StelaParser, tokenSpan, unquote } from "./parser.ts";
import { NO_SPAN, positionAt, type Position, type Span } from "./span.ts";
import { ALL_TOKENS } from "./tokens.ts";

const lexer = new Lexer(ALL_TOKENS, { positionTracking: "full", ensureOptimizations: false });

// Building the parser analyses the grammar: do it once, reuse it for every file.
let sharedParser: StelaParser | undefined;
function parser(): StelaParser {
  sharedParser ??= new StelaParser();
  return sharedParser;
}

/** Lexer errors reported per file (a binary file would otherwise give one per byte). */
const MAX_LEX_ERRORS = 100;

const EXCEPTION_CODES: Record<string, DiagnosticCode> = {
  MismatchedTokenException: "parse-expected-token",
  NoViableAltException: "parse-unexpected-token",
  EarlyExitException: "parse-expected-more",
  NotAllInputParsedException: "parse-trailing-input",
};

export interface ParseResult {
  ast: FileAst;
  diagnostics: Diagnostic[];
}

/** Lexes and parses one file. Never throws on user input; recovers to report every error. */
export function parse(source: string, file: string): ParseResult {
  const sink = new DiagnosticSink(file);
  const whole = (decls: Decl[]): FileAst => ({
    kind: "File",
    file,
    decls,
    span: { start: { line: 1, column: 1, offset: 0 }, end: positionAt(source, source.length) },
  });
  // A shared file is untrusted: too long or too deeply nested, it is refused before the
  // parser and the checker recurse on it (see input-limits.ts).
  if (!checkInputSize(source, sink)) return { ast: { ...whole([]), span: NO_SPAN }, diagnostics: sink.items };
  const lexed = lexer.tokenize(source);
  if (!checkNesting(lexed.tokens, sink)) return { ast: whole([]), diagnostics: sink.items };
  let lexErrors = 0;
  for (const e of lexed.errors) {
    // Each error's position is found from the start of the file: a few are enough to show.
    if (++lexErrors > MAX_LEX_ERRORS) break;
    const start = positionAt(source, e.offset);
    const end = positionAt(source, e.offset + (e.length || 1));
    const ch = source.slice(e.offset, e.offset + (e.length || 1));
    sink.error("lex-invalid-character", `unexpected character \`${ch}\``, { start, end });
  }
  for (const t of lexed.groups["invalid"] ?? []) {
    sink.error("lex-unterminated-string", "this text has no closing `\"` on its line", tokenSpan(t), 'add a closing `"`');
  }

  const p = parser();
  p.problems = [];
  p.input = lexed.tokens;
  let decls: Decl[] | undefined;
  try {
    decls = p.file();
  } catch (e) {
    // The limits above keep the parser far from the stack's end; should a form still
    // recurse past it, the file is refused with a diagnostic rather than a crash.
    if (!(e instanceof RangeError)) throw e;
    sink.error("input-too-deep", "this file nests too deeply for Stela to read", NO_SPAN, "split deep expressions with `let` or `define`");
    return { ast: whole([]), diagnostics: sink.items };
  }
  reportParserErrors(p.errors, lexed.tokens, source, sink);
  for (const prob of p.problems) sink.error(prob.code, prob.message, prob.span, prob.hint);

  dropCascades(sink);
  const ast = whole(limitTreeDepth(decls ?? [], sink));
  expandTemplates(ast, source, sink);
  return { ast, diagnostics: sink.items };
}

/**
 * After a syntax error, error recovery often stumbles again on the same line;
 * only the first syntax error of each line is the designer's mistake.
 */
function dropCascades(sink: DiagnosticSink): void {
  const firstPerLine = new Map<number, number>();
  // A character the lexer dropped is the cause of whatever the parser then trips on.
  const lexLines = new Set(sink.items.filter((d) => d.code.startsWith("lex-")).map((d) => d.span.start.line));
  sink.items.forEach((d, i) => {
    if (d.code.startsWith("lex-")) return;
    if (!d.code.startsWith("parse-")) return;
    if (lexLines.has(d.span.start.line) || lexLines.has(d.span.start.line - 1)) return;
    const prev = firstPerLine.get(d.span.start.line);
    if (prev === undefined || sink.items[prev]!.span.start.offset > d.span.start.offset) firstPerLine.set(d.span.start.line, i);
  });
  const keep = new Set(firstPerLine.values());
  const kept = sink.items.filter((d, i) => !d.code.startsWith("parse-") || keep.has(i));
  sink.items.length = 0;
  sink.items.push(...kept);
}

function reportParserErrors(errors: IRecognitionException[], tokens: IToken[], source: string, sink: DiagnosticSink): void {
  const seen = new Set<string>();
  for (const e of errors) {
    let span: Span;
    if (!Number.isNaN(e.token.startOffset)) {
      span = tokenSpan(e.token);
    } else {
      // At the end of input the token has no position; point just after the last real token.
      const prev = (e as IRecognitionException & { previousToken?: IToken }).previousToken ?? tokens[tokens.length - 1];
      const at: Position = prev && !Number.isNaN(prev.startOffset) ? tokenSpan(prev).end : positionAt(source, source.length);
      span = { start: at, end: at };
    }
    const key = `${span.start.offset}:${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sink.error(EXCEPTION_CODES[e.name] ?? "parse-unexpected-token", e.message, span, parseHints.get(e.token));
  }
}

// ------------------------------------------------------------------ templates

/**
 * Replaces every string literal whose source text holds `{expr}` by a
 * template node. Done after the main parse so the shared parser can read the
 * embedded expressions; their spans point into the file.
 */
function expandTemplates(root: FileAst, source: string, sink: DiagnosticSink): void {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = visit(node[i]);
      return node;
    }
    if (node && typeof node === "object") {
      const obj = node as Record<string, unknown>;
      if (obj["kind"] === "StringLit") return template(obj as Extract<Expr, { kind: "StringLit" }>, source, sink);
      for (const k of Object.keys(obj)) if (k !== "span") obj[k] = visit(obj[k]);
    }
    return node;
  };
  visit(root.decls);
}

function template(lit: Extract<Expr, { kind: "StringLit" }>, source: string, sink: DiagnosticSink): Expr {
  const raw = source.slice(lit.span.start.offset, lit.span.end.offset);
  if (!/(^|[^\\])\{/.test(raw)) return lit;
  const parts: (string | Expr)[] = [];
  let text = "";
  let i = 1; // skip the opening quote
  while (i < raw.length - 1) {
    const ch = raw[i]!;
    if (ch === "\\" && i + 1 < raw.length - 1) {
      text += unquote(`"${raw.slice(i, i + 2)}"`);
      i += 2;
      continue;
    }
    if (ch === "{") {
      const close = raw.indexOf("}", i);
      const exprStart: Position = {
        line: lit.span.start.line,
        column: lit.span.start.column + i + 1,
        offset: lit.span.start.offset + i + 1,
      };
      if (close < 0 || close >= raw.length - 1) {
        sink.error("parse-invalid-template", "`{` in a text starts an expression: close it with `}` (write `\\{` for a brace)", {
          start: exprStart,
          end: lit.span.end,
        });
        return lit;
      }
      if (text) parts.push(text);
      text = "";
      parts.push(parseEmbedded(raw.slice(i + 1, close), exprStart, sink));
      i = close + 1;
      continue;
    }
    text += ch;
    i++;
  }
  if (text) parts.push(text);
  return { kind: "TemplateLit", parts, span: lit.span };
}

function parseEmbedded(text: string, at: Position, sink: DiagnosticSink): Expr {
  const lexed = lexer.tokenize(text);
  const p = parser();
  p.problems = [];
  p.input = lexed.tokens;
  const expr = p.expression();
  const shiftSpan = (s: Span): Span => ({ start: shift(s.start, at), end: shift(s.end, at) });
  const whole: Span = { start: at, end: shift(positionAt(text, text.length), at) };
  if (lexed.errors.length || p.errors.length || !expr || lexed.tokens.length === 0) {
    sink.error("parse-invalid-template", `cannot read \`{${text}}\` as a value`, whole, "write `\\{` for a literal brace");
    return { kind: "ErrorExpr", span: whole };
  }
  const consumed = lexed.tokens[lexed.tokens.length - 1]!;
  if (p.errors.length === 0 && expr.span.end.offset < consumed.endOffset! + 1) {
    sink.error("parse-invalid-template", `cannot read \`{${text}}\` as one value`, whole);
  }
  shiftAll(expr, shiftSpan);
  return expr;
}

function shift(p: Position, at: Position): Position {
  // Embedded expressions are on one line (texts cannot span lines).
  return { line: at.line, column: at.column + p.column - 1, offset: at.offset + p.offset };
}

function shiftAll(node: unknown, f: (s: Span) => Span, seen = new Set<object>()): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  const obj = node as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (k === "span" && v && typeof v === "object") obj[k] = f(v as Span);
    else shiftAll(v, f, seen);
  }
}
