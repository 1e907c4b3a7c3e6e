import { EmbeddedActionsParser, EOF, tokenMatcher, type IToken, type TokenType } from "chevrotain";
import type { BinaryOp, Expr, Name } from "./ast.ts";
import { NO_SPAN, type Span } from "./span.ts";
import { ALL_TOKENS, AnyToken, Word, Colon, Comma, Equals, Identifier, kw, LBrace, LBracket, LParen, MapLine, NumberLit, KEYWORDS, RBrace, RParen, Semicolon, StringLit, type Keyword } from "./tokens.ts";
import { didYouMean } from "./suggest.ts";
import { errorMessages } from "./parser-messages.ts";

/** A problem the parser's actions find in otherwise well-formed input (e.g. `x3x`). */
export interface ActionProblem {
  code: "parse-invalid-count" | "parse-invalid-statement" | "parse-expected-token" | "parse-unexpected-token";
  message: string;
  span: Span;
  hint?: string;
  /**
   * A word of the language written as a name, at its declaration or at a use: each is the
   * designer's own, so another on the same line is no cascade of it (`define f(from: space) = from`).
   */
  takenWord?: true;
}

/** The words that start a declaration (`zone` and `bag` are contextual). */
export const DECLARATION_WORDS = [
  "game", "const", "enum", "kind", "components", "board", "var", "per", "table", "define", "rule",
  "procedure", "setup", "flow", "event", "on", "hook", "modify", "scoring", "variant", "fields", "estimate",
  "zone", "bag", "measure",
] as const;
const DECLARATION_STARTS = new Set<TokenType>(DECLARATION_WORDS.filter((w) => w !== "zone" && w !== "bag" && w !== "measure").map((w) => kw(w as Keyword)));

export function isZoneWord(t: IToken): boolean {
  return t.tokenType === Identifier && (t.image === "zone" || t.image === "bag");
}

/**
 * `measure "…" { … }`: `measure` is a name everywhere else (a `define measure(…)` of a rule file
 * written before measures were, a field called `measure`). Only a text after it makes it one.
 */
export function isMeasureWord(t: IToken, next?: IToken): boolean {
  return t.tokenType === Identifier && t.image === "measure" && (next === undefined || next.tokenType === StringLit);
}

/** `mark told: …` in a kind: `mark` is a name everywhere else. */
export function isMarkWord(t: IToken): boolean {
  return t.tokenType === Identifier && t.image === "mark";
}

/** `include "…"` inside a variant (or `include Name` on one line, the quotes forgotten): `include` is a name everywhere else. */
export function isIncludeWord(t: IToken, next: IToken): boolean {
  if (t.tokenType !== Identifier || t.image !== "include") return false;
  return next.tokenType === StringLit || (tokenMatcher(next, Word) && next.startLine === t.startLine);
}

/** `example "…" { … }`: `example` is a name everywhere else. */
export function isExampleWord(t: IToken): boolean {
  return t.tokenType === Identifier && t.image === "example";
}

export function startsDeclaration(t: IToken): boolean {
  return DECLARATION_STARTS.has(t.tokenType) || isZoneWord(t) || isExampleWord(t) || isMeasureWord(t);
}

/**
 * A declaration keyword at the start of a line inside a block almost always
 * means a `}` is missing: stop the block there instead of swallowing the rest
 * of the file. (`per` and `on` also start expressions or follow other words,
 * so they do not count.)
 */
export function startsDeclarationLine(t: IToken): boolean {
  return t.startColumn === 1 && startsDeclaration(t) && t.tokenType !== kw("per");
}

/**
 * Words of the language that are a whole value on their own: a use of a name spelt so reads as
 * the value, with no syntax error to show where the name was meant.
 */
export const LITERAL_WORDS: ReadonlyMap<string, string> = new Map([
  ["true", "the value true"],
  ["false", "the value false"],
  ["none", "the value none (no value)"],
  ["current", "the player whose turn it is"],
  ["this", "the component or player a `show` block is about"],
]);

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

/** Tokens that may follow a declared name: `:`, `=`, `in`, `from`, `(`, `{`, `,`, `)`, `per`, `with`, `x4`. */
function followsName(t: IToken): boolean {
  const type = t.tokenType;
  if (type === Identifier) return /^x\d*$/.test(t.image);
  return type === Colon || type === Equals || type === LParen || type === LBrace || type === Comma || type === RParen || type === kw("in") || type === kw("from") || type === kw("per") || type === kw("with");
}

/** Tokens that can begin a statement: anything else inside a block is skipped to the next line. */
export const STATEMENT_STARTS = new Set<TokenType>([
  ...(["let", "if", "for", "while", "repeat", "loop", "break", "continue", "end", "return", "turn", "choose",
    "move", "deal", "shuffle", "place", "flip", "remove", "trigger", "log", "current", "this", "count", "first",
    "sum", "highest", "lowest", "any", "all", "no", "sort", "per", "true", "false", "none", "match"] as const).map((w) => kw(w)),
  Identifier, NumberLit, StringLit, LParen, LBracket, MapLine, Semicolon,
]);

export function isReal(t: IToken | undefined): t is IToken {
  return !!t && !Number.isNaN(t.startOffset) && t.tokenType.name !== "EOF";
}

/** The span of a single token. */
export function tokenSpan(t: IToken): Span {
  const endLine = t.endLine ?? t.startLine ?? 1;
  const endCol = t.endColumn ?? t.startColumn ?? 1;
  return {
    start: { line: t.startLine ?? 1, column: t.startColumn ?? 1, offset: t.startOffset },
    end: { line: endLine, column: endCol + 1, offset: (t.endOffset ?? t.startOffset) + 1 },
  };
}

/** Unescapes the body of a string literal token (quotes included in `image`). */
export function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, (_m, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
}

/**
 * The base of the Stela grammar: the span and recovery helpers every grammar
 * area uses. The grammar is split by area into a chain of subclasses
 * (expressions → types → statements → declarations → `StelaParser`); Chevrotain
 * records the rules of the whole chain when the last class calls
 * `performSelfAnalysis`. Every rule builds its AST node inside `ACTION` (the
 * grammar-recording pass runs rule bodies without real tokens) and returns an
 * `Error…` node when error recovery abandons it, so one broken declaration
 * never hides the rest of the file.
 */
export abstract class StelaParserBase extends EmbeddedActionsParser {
  /** Problems found by the actions (not by the grammar) during the last parse. */
  problems: ActionProblem[] = [];
  /** Words of the language written as the name of a declaration (`zone table: Card`), as `declaredName` met them. */
  keywordNames: IToken[] = [];

  /**
   * `validate`: check the grammar itself (ambiguities, unreachable alternatives) while building
   * the parser. The grammar is fixed, so that check is made once, by a test
   * (tests/dsl/grammar.test.ts); skipping it takes about 100 ms off every start of the CLI, of
   * each worker process and of the editor (building the parser: 260 ms with it, 155 ms without).
   */
  constructor(validate = false) {
    super(ALL_TOKENS, { recoveryEnabled: true, maxLookahead: 3, errorMessageProvider: errorMessages, skipValidations: !validate });
  }

  // ------------------------------------------------------------ span helpers

  /** The span from token `start` to the last consumed token. */
  protected spanFrom(start: IToken): Span {
    const first = isReal(start) ? start : this.lastReal();
    const last = this.lastReal() ?? first;
    if (!first || !last) return NO_SPAN;
    const a = tokenSpan(first);
    const b = tokenSpan(last);
    return b.end.offset >= a.start.offset ? { start: a.start, end: b.end } : a;
  }

  /**
   * Does the block being read go on at the next token: not its `}`, not the end of the file, and not
   * a declaration at the start of a line (its `}` forgotten: the declaration is read as one).
   */
  protected blockGoesOn(): boolean {
    const t = this.LA(1);
    return t.tokenType !== RBrace && t.tokenType !== EOF && !startsDeclarationLine(t);
  }

  protected lastReal(): IToken | undefined {
    for (let i = 0; i > -8; i--) {
      const t = this.LA(i);
      if (isReal(t)) return t;
    }
    return undefined;
  }

  protected span(t: IToken): Span {
    return isReal(t) ? tokenSpan(t) : this.spanFrom(t);
  }

  protected name(t: IToken): Name {
    return { text: t.image ?? "", span: this.span(t) };
  }

  /**
   * The name a declaration gives, read as any word: a word of the language there (`zone table: …`)
   * is one error and the declaration is read on. Read as a name only, the word began a declaration
   * of its own (`table …`), and the lines after it came out as a cascade of unrelated errors.
   * `ahead`: how far past `t` the token after it is (2 when `t` is not yet consumed); `member`: an
   * enum's member, which a `}` or its label may follow.
   */
  protected declaredName(t: IToken, ahead = 1, member = false): IToken {
    this.ACTION(() => {
      // An identifier spelt as a word of the language is one `parse.ts` read as a name (`readingWordsAsNames`).
      if (!isReal(t) || !(t.tokenType.name.startsWith("Kw_") || (t.tokenType === Identifier && KEYWORD_SET.has(t.image)))) return;
      // A name is followed by what its declaration goes on with (`from:`, `count =`, `x in`). A word
      // followed by anything else is no name but the next statement or declaration, taken in by a
      // form left unfinished (`move c to all` before `sum += 1`): one error, and never a taken name.
      // An enum's member (`member`) may also end its list or carry its label.
      const after = this.LA(ahead).tokenType;
      const named = followsName(this.LA(ahead)) || (member && (after === RBrace || after === StringLit));
      if (!named || startsDeclarationLine(t)) {
        this.problems.push({ code: "parse-expected-token", message: `expected a name but found \`${t.image}\``, span: tokenSpan(t) });
        return;
      }
      this.keywordNames.push(t);
      this.problems.push({
        code: "parse-expected-token",
        message: `expected a name but found \`${t.image}\``,
        span: tokenSpan(t),
        hint: LITERAL_WORDS.has(t.image)
          ? `\`${t.image}\` is a word of the language and cannot be a name: wherever it is written it reads as ${LITERAL_WORDS.get(t.image)}, so choose another`
          : `\`${t.image}\` is a word of the language and cannot be a name; choose another`,
        takenWord: true,
      });
    });
    return t;
  }

  protected errExpr(): Expr {
    return { kind: "ErrorExpr", span: this.lastReal() ? tokenSpan(this.lastReal()!) : NO_SPAN };
  }

  /** Consumes an identifier that must read `word` (a contextual keyword); `hint` says more of another word found there. */
  protected contextual(idx: number, word: string, what: string, hint?: (found: IToken) => string | undefined): IToken {
    const t = this.consume(idx, Identifier);
    this.ACTION(() => {
      if (isReal(t) && t.image !== word) {
        const more = hint?.(t);
        this.problems.push({ code: "parse-expected-token", message: `expected \`${word}\` ${what} but found \`${t.image}\``, span: tokenSpan(t), ...(more ? { hint: more } : {}) });
      }
    });
    return t;
  }

  /**
   * Error recovery: reports the unexpected token once, then skips to the next
   * token that `resume` accepts on a later line, so one mistake gives one
   * diagnostic instead of a cascade.
   */
  /** Where `sortByOnLine` last found its token in the input (a hint: it looks from there first). */
  private lookedUpTo = 0;

  /**
   * Is `t` on a line where `sort … by` came before it (`sort p in players by -p.score, -p.coins`)?
   * Then a comma it stops at is a second key written without the brackets. Read on the error's
   * path only: the walk back is along one line, and `t` is looked for from where the last look
   * found its token (the parser reads forward), so a file of a thousand such errors is read once.
   */
  private sortByOnLine(t: IToken): boolean {
    const tokens = this.input;
    let at = tokens.indexOf(t, this.lookedUpTo);
    if (at < 0) at = tokens.indexOf(t);
    this.lookedUpTo = Math.max(0, at);
    let by = false;
    for (let i = at - 1; i >= 0 && tokens[i]!.startLine === t.startLine; i--) {
      if (tokens[i]!.tokenType === kw("by")) by = true;
      else if (tokens[i]!.tokenType === kw("sort") && by) return true;
    }
    return false;
  }

  protected skipUntil(expected: string, resume: (t: IToken) => boolean, words: readonly string[] = [], balanced = false, hintFor?: (t: IToken) => string | undefined): void {
    // High DSL indices: this helper runs inside the calling rule, whose own indices are low.
    const before = this.LA(0);
    const first = this.consume(200, AnyToken);
    this.ACTION(() => {
      // A lone `=` right after what ended on its line (`where k.colour = 1`): a comparison meant,
      // as in an `if`; an assignment would have started the statement.
      const compared = first.image === "=" && isReal(before) && before.endLine === first.startLine ? "use `==` to compare; `=` assigns" : undefined;
      const keys = first.tokenType === Comma && this.sortByOnLine(first) ? "a sort by several keys lists them in brackets, compared in turn: `by [-p.score, -p.coins]`" : undefined;
      const hint = hintFor?.(first) ?? (first.tokenType === Identifier ? didYouMean(first.image, words) : (compared ?? keys));
      this.problems.push({ code: "parse-unexpected-token", message: `expected ${expected} but found \`${first.image}\``, span: tokenSpan(first), ...(hint ? { hint } : {}) });
    });
    // A mistyped word before a `{ … }` (`procedur go() { … }`): the braces it opened are skipped
    // with it, so their contents and closing `}` give no more errors.
    let depth = 0;
    const count = (t: IToken): void => {
      if (t.tokenType === LBrace) depth++;
      else if (t.tokenType === RBrace) depth--;
    };
    if (balanced) this.ACTION(() => count(first));
    this.many(200, {
      GATE: () => {
        const t = this.LA(1);
        if (t.tokenType === EOF) return false;
        if (depth > 0) return true;
        if (t.tokenType === RBrace) return false;
        return t.startLine === first.startLine || !resume(t);
      },
      DEF: () => {
        const t = this.consume(201, AnyToken);
        if (balanced) this.ACTION(() => count(t));
      },
    });
  }

  /** `x3`, or `x 3`. */
  protected readCount(tok: IToken, extra: IToken | undefined): number {
    if (!isReal(tok)) return 1;
    if (extra && tok.image === "x") return Number(extra.image);
    const m = /^x(\d+)$/.exec(tok.image);
    if (m && !extra) return Number(m[1]);
    this.problems.push({
      code: "parse-invalid-count",
      message: `expected a count like \`x3\` but found \`${tok.image}\``,
      span: tokenSpan(tok),
    });
    return 1;
  }

  /** `per player` */
  perPlayer = this.RULE("perPlayer", (): void => {
    this.CONSUME(kw("per"));
    this.contextual(1, "player", "after `per`");
  });

  // ------------------------------------------------------------ action helpers

  protected binary(op: BinaryOp, left: Expr | undefined, right: Expr | undefined): Expr {
    // While recovering from a syntax error a side may be missing: stand in an error expression.
    const l = left ?? this.errExpr();
    const r = right ?? this.errExpr();
    return { kind: "BinaryExpr", op, left: l, right: r, span: { start: l.span.start, end: r.span.end } };
  }

  /** Set by `parse.ts`: turns a string token into a literal or a template. */
  stringExpr: (t: IToken) => Expr = (t) => ({ kind: "StringLit", value: unquote(t.image), span: this.span(t) });
}
