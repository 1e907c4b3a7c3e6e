import { createToken, Lexer, type TokenType } from "chevrotain";

/**
 * The Stela tokens. This file is the single source of truth for the keyword
 * list: the parser, the editor's highlighting and its completion all read
 * `KEYWORDS` and `CONTEXTUAL_KEYWORDS` from here.
 */

/**
 * Any word, keyword or not: accepted where a keyword cannot be meant, as a
 * field name (`p.count`, `count: number`), so keywords steal fewer names.
 */
export const Word = createToken({ name: "Word", pattern: Lexer.NA, label: "a name" });
/** Every token: error recovery skips over `AnyToken`s to the next line. */
export const AnyToken = createToken({ name: "AnyToken", pattern: Lexer.NA, label: "anything" });
export const Identifier = createToken({
  name: "Identifier",
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [Word, AnyToken],
  label: "a name",
});

/** Words reserved by the grammar: they cannot be used as names. */
export const KEYWORDS = [
  // declarations
  "game", "const", "enum", "kind", "state", "show", "components", "board",
  "var", "per", "table", "define", "rule", "require", "procedure", "setup", "flow", "event",
  "on", "hook", "modify", "scoring", "tiebreak", "variant", "extends", "override", "map",
  "legend", "space", "fields", "with", "estimate",
  // statements
  "let", "if", "else", "for", "in", "where", "while", "repeat", "loop", "break", "continue",
  "return", "turn", "choose", "secretly", "each", "chooses", "from", "by", "prompt", "stop",
  "when", "option", "move", "to", "deal", "shuffle", "place", "at", "face", "flip", "remove",
  "trigger", "end", "log",
  // expressions
  "and", "or", "not", "is", "true", "false", "none", "count", "sum", "highest", "lowest",
  "any", "all", "no", "first", "sort", "then", "current", "this", "list", "of", "match",
] as const;

export type Keyword = (typeof KEYWORDS)[number];

/**
 * Words with a meaning only in one place of the grammar (e.g. `up` after
 * `face`); elsewhere they are ordinary names. Highlighted like keywords.
 */
export const CONTEXTUAL_KEYWORDS = [
  "zone", "bag", "measure", "players", "player", "points", "most", "fewest", "up", "down", "public", "owner",
  "others", "hidden", "limit", "labels", "value",
  // choices: `label "…"`, `ask always`
  "label", "ask", "always",
  // `include "…"` in a variant
  "include",
  // `example` blocks
  "example", "position", "triggers", "expect", "offered", "refused", "because",
  // a kind's `mark` fields and `known` blocks
  "mark", "known",
] as const;

/** Type names, highlighted as types. */
export const TYPE_NAMES = [
  "number", "bool", "text", "player", "space", "placement", "shape", "sides", "board", "piece", "zone",
] as const;

const keywordTokens = new Map<string, TokenType>();
for (const word of KEYWORDS) {
  keywordTokens.set(
    word,
    createToken({
      name: `Kw_${word}`,
      pattern: new RegExp(`${word}\\b`),
      longer_alt: Identifier,
      categories: [Word, AnyToken],
      label: `\`${word}\``,
    }),
  );
}

/** The token type of a keyword. */
export function kw(word: Keyword): TokenType {
  const t = keywordTokens.get(word);
  if (!t) throw new Error(`not a keyword: ${word}`);
  return t;
}

// A byte order mark (U+FEFF) is white space too: Windows editors (Notepad) start a UTF-8 file with one.
export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n\f\uFEFF]+/, group: Lexer.SKIPPED });
export const LineComment = createToken({ name: "LineComment", pattern: /\/\/[^\n\r]*/, group: "comments" });
export const BlockComment = createToken({ name: "BlockComment", pattern: /\/\*[\s\S]*?\*\//, group: "comments" });
/** Matched only when a `/*` comment is never closed: reported (`lex-unterminated-comment`), then dropped. */
export const UnterminatedComment = createToken({ name: "UnterminatedComment", pattern: /\/\*[\s\S]*/, group: "invalid" });
/** One row of a drawn map or shape: `|` to the end of the line, or to a `}` on it. */
export const MapLine = createToken({ categories: [AnyToken], name: "MapLine", pattern: /\|[^\n\r}]*/, label: "a map line `| …`" });
/** A text without nesting: up to its first unescaped quote (what a text with an unclosed `{` reads as). */
const PLAIN_TEXT = /"(?:[^"\\\n\r]|\\.)*"/y;

/**
 * Where the text opened by the quote at `at` of `s` ends: the index of its closing quote on the
 * same line (escapes skipped), or -1 when it has none. For a text inside a text's `{…}`, which
 * holds no nesting of its own.
 */
export function flatTextEnd(s: string, at: number): number {
  for (let i = at + 1; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"') return i;
    if (ch === "\n" || ch === "\r") return -1;
    if (ch === "\\") i++;
  }
  return -1;
}

/** How far a text with an open `{` is read for its nested texts before it is read without them. */
const NESTED_TEXT_REACH = 2000;

/**
 * A text, `"…"`: a quote inside one of its `{…}` starts a text of its own there
 * (`"{if lit then " [R]" else ""}"`), so an expression in a text may hold texts. A `{` never
 * closed leaves the text as it was read without nesting (up to its next quote), and the
 * template's reading reports the brace.
 */
function matchText(text: string, offset: number): RegExpExecArray | null {
  if (text.charCodeAt(offset) !== 34) return null;
  let depth = 0;
  let i = offset + 1;
  while (i < text.length) {
    const ch = text[i]!;
    // Inside `{…}` the scan is given `NESTED_TEXT_REACH` characters: a line of unclosed `"{` would
    // otherwise be scanned to its end from each of them (a garbled 160 KB line took 8 s to read).
    if (ch === "\n" || ch === "\r" || (depth > 0 && i - offset > NESTED_TEXT_REACH)) break;
    if (ch === "\\") {
      i += 2;
      continue;
    }
    if (ch === '"') {
      if (depth === 0) return [text.slice(offset, i + 1)] as unknown as RegExpExecArray;
      // A text inside `{…}`: up to its own closing quote.
      i = flatTextEnd(text, i);
      if (i < 0) break;
    } else if (ch === "{") depth++;
    else if (ch === "}" && depth > 0) depth--;
    i++;
  }
  PLAIN_TEXT.lastIndex = offset;
  return PLAIN_TEXT.exec(text);
}

export const StringLit = createToken({ categories: [AnyToken], name: "StringLit", pattern: matchText, line_breaks: false, start_chars_hint: ['"'], label: "a text" });
/** Matched only when a string has no closing quote: reported, then dropped. */
export const UnterminatedString = createToken({
  name: "UnterminatedString",
  pattern: /"(?:[^"\\\n\r]|\\.)*/,
  group: "invalid",
});
export const NumberLit = createToken({ categories: [AnyToken], name: "NumberLit", pattern: /\d+(?:\.\d+)?/, label: "a number" });

export const Arrow = createToken({ categories: [AnyToken], name: "Arrow", pattern: /->/, label: "`->`" });
export const DotDot = createToken({ categories: [AnyToken], name: "DotDot", pattern: /\.\./, label: "`..`" });
export const Dot = createToken({ categories: [AnyToken], name: "Dot", pattern: /\./, label: "`.`" });
export const PlusEq = createToken({ categories: [AnyToken], name: "PlusEq", pattern: /\+=/, label: "`+=`" });
export const MinusEq = createToken({ categories: [AnyToken], name: "MinusEq", pattern: /-=/, label: "`-=`" });
export const EqEq = createToken({ categories: [AnyToken], name: "EqEq", pattern: /==/, label: "`==`" });
export const NotEq = createToken({ categories: [AnyToken], name: "NotEq", pattern: /!=/, label: "`!=`" });
export const LtEq = createToken({ categories: [AnyToken], name: "LtEq", pattern: /<=/, label: "`<=`" });
export const GtEq = createToken({ categories: [AnyToken], name: "GtEq", pattern: />=/, label: "`>=`" });
export const Lt = createToken({ categories: [AnyToken], name: "Lt", pattern: /</, label: "`<`" });
export const Gt = createToken({ categories: [AnyToken], name: "Gt", pattern: />/, label: "`>`" });
export const Equals = createToken({ categories: [AnyToken], name: "Equals", pattern: /=/, label: "`=`" });
export const Plus = createToken({ categories: [AnyToken], name: "Plus", pattern: /\+/, label: "`+`" });
export const Minus = createToken({ categories: [AnyToken], name: "Minus", pattern: /-/, label: "`-`" });
export const Star = createToken({ categories: [AnyToken], name: "Star", pattern: /\*/, label: "`*`" });
export const Slash = createToken({ categories: [AnyToken], name: "Slash", pattern: /\//, label: "`/`" });
export const Percent = createToken({ categories: [AnyToken], name: "Percent", pattern: /%/, label: "`%`" });
export const LBrace = createToken({ categories: [AnyToken], name: "LBrace", pattern: /\{/, label: "`{`" });
export const RBrace = createToken({ categories: [AnyToken], name: "RBrace", pattern: /\}/, label: "`}`" });
export const LParen = createToken({ categories: [AnyToken], name: "LParen", pattern: /\(/, label: "`(`" });
export const RParen = createToken({ categories: [AnyToken], name: "RParen", pattern: /\)/, label: "`)`" });
export const LBracket = createToken({ categories: [AnyToken], name: "LBracket", pattern: /\[/, label: "`[`" });
export const RBracket = createToken({ categories: [AnyToken], name: "RBracket", pattern: /\]/, label: "`]`" });
export const Comma = createToken({ categories: [AnyToken], name: "Comma", pattern: /,/, label: "`,`" });
export const Colon = createToken({ categories: [AnyToken], name: "Colon", pattern: /:/, label: "`:`" });
export const Semicolon = createToken({ categories: [AnyToken], name: "Semicolon", pattern: /;/, label: "`;`" });

/** Every token, in the order the lexer tries them (longer operators first). */
export const ALL_TOKENS: TokenType[] = [
  Word,
  AnyToken,
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  MapLine,
  StringLit,
  UnterminatedString,
  NumberLit,
  ...keywordTokens.values(),
  Identifier,
  Arrow,
  DotDot,
  Dot,
  PlusEq,
  MinusEq,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  Lt,
  Gt,
  Equals,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Colon,
  Semicolon,
];

/** Operators and punctuation, for the editor's highlighting. */
export const OPERATORS = ["->", "..", ".", "+=", "-=", "==", "!=", "<=", ">=", "<", ">", "=", "+", "-", "*", "/", "%"];
