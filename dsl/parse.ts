import { createTokenInstance, EarlyExitException, Lexer, NoViableAltException, type IParserErrorMessageProvider, type IRecognitionException, type IToken, type TokenType } from "chevrotain";
import type { Decl, Expr, FileAst } from "./ast.ts";
import type { DiagnosticCode } from "./diagnostic-codes.ts";
import { DiagnosticSink, type Diagnostic } from "./diagnostic.ts";
import { checkEmbeddedDepth, checkInputSize, checkNesting, INPUT_LIMITS, limitTreeDepth } from "./input-limits.ts";
import { parseHints } from "./parser-messages.ts";
import { unclosedBraceHint } from "./unclosed-brace.ts";
import { familiarSign } from "./familiar-words.ts";
import { StelaParser, tokenSpan, unquote } from "./parser.ts";
import { LITERAL_WORDS } from "./parser-base.ts";
import { NO_SPAN, positionAt, type Position, type Span } from "./span.ts";
import { ALL_TOKENS, flatTextEnd, Identifier, kw, LBrace, LBracket, LParen, RBrace, RBracket, RParen, StringLit, UnterminatedComment } from "./tokens.ts";

// Chevrotain's checks of the token definitions are made once, by a test (tests/dsl/grammar.test.ts), not at every start.
const lexer = new Lexer(ALL_TOKENS, { positionTracking: "full", ensureOptimizations: false, skipValidations: true });

// Building the parser analyses the grammar: do it once, reuse it for every file.
let sharedParser: StelaParser | undefined;
function parser(): StelaParser {
  sharedParser ??= withErrorPathsKept(withBudgets(new StelaParser()));
  return sharedParser;
}

/** Thrown out of the parser when a run records more syntax errors than the budget allows. */
class TooManySyntaxErrors extends Error {
  constructor(readonly at: IToken) {
    super("too many syntax errors");
  }
}

/**
 * Thrown out of the parser when it would enter more grammar rules at once than the limit allows,
 * or look for how to recover from a syntax error deeper than the limit for that (`recovering`).
 */
class NestedTooDeeply extends Error {
  constructor(
    readonly at: IToken,
    readonly recovering = false,
  ) {
    super("nested too deeply");
  }
}

/** Syntax errors recorded since the parser's input was last set (see `read`). */
let syntaxErrors = 0;

/** Chevrotain's internal hooks the budgets wrap (untyped in its API). */
interface ParserInternals {
  SAVE_ERROR(e: IRecognitionException): IRecognitionException;
  ruleInvocationStateUpdate(shortName: number, fullName: string, idxInCallingRule: number): void;
  getFollowsForInRuleRecovery(tokType: unknown, tokIdxInRule: number): unknown;
  RULE_STACK_IDX: number;
  LA(howMuch: number): IToken;
  raiseNoAltException(occurrence: number, errMsgTypes: string | undefined): never;
  raiseEarlyExitException(occurrence: number, prodType: number, userDefinedErrMsg: string | undefined): never;
  getCurrRuleFullName(): string;
  errorMessageProvider: IParserErrorMessageProvider;
  maxLookahead: number;
}

/**
 * Bounds the work of one parse through three of Chevrotain's internal hooks:
 * every syntax error passes through `SAVE_ERROR`, every rule entered through
 * `ruleInvocationStateUpdate`, and every search for how to recover from a
 * syntax error through `getFollowsForInRuleRecovery` (whose grammar walk
 * recurses once per rule the parser is inside). What they throw is not a
 * recognition error, so Chevrotain's recovery lets it through to `parse`.
 */
function withBudgets(p: StelaParser): StelaParser {
  const hooked = p as unknown as ParserInternals;
  const save = hooked.SAVE_ERROR.bind(p);
  hooked.SAVE_ERROR = (e) => {
    const saved = save(e);
    if (++syntaxErrors > INPUT_LIMITS.maxSyntaxErrors) throw new TooManySyntaxErrors(e.token);
    return saved;
  };
  const enter = hooked.ruleInvocationStateUpdate.bind(p);
  hooked.ruleInvocationStateUpdate = (shortName, fullName, idx) => {
    // Entered first, so the rule's own `finally` leaves the stack as it was.
    enter(shortName, fullName, idx);
    if (hooked.RULE_STACK_IDX >= INPUT_LIMITS.maxParserDepth) throw new NestedTooDeeply(hooked.LA(1));
  };
  const follows = hooked.getFollowsForInRuleRecovery.bind(p);
  hooked.getFollowsForInRuleRecovery = (tokType, tokIdxInRule) => {
    if (hooked.RULE_STACK_IDX >= INPUT_LIMITS.maxRecoveryDepth) throw new NestedTooDeeply(hooked.LA(1), true);
    return follows(tokType, tokIdxInRule);
  };
  return p;
}

/**
 * Keeps what a syntax error's message is built from, the token paths that could have come next at
 * that point of the grammar, once worked out for each point. Chevrotain walks the grammar for them
 * at every "none of the alternatives" and "at least one" error (its own code marks it as slow and
 * worth caching); they depend on the grammar alone, so the first walk's answer is the answer. A
 * file of 60 broken variants spent half of its 3.4 s check walking for the same declaration's
 * paths. The message is built as before, by the same provider, from the same paths.
 */
let errorPathWalks = 0;

/** How many times the grammar has been walked for a syntax error's paths in this process (`withErrorPathsKept`): for tests. */
export function syntaxErrorPathWalks(): number {
  return errorPathWalks;
}

function withErrorPathsKept(p: StelaParser): StelaParser {
  const hooked = p as unknown as ParserInternals;
  const provider = hooked.errorMessageProvider;
  // By point of the grammar (`rule#occurrence`, and the production's kind for "at least one").
  const kept = new Map<string, unknown>();
  // The point whose paths Chevrotain is working out now: its message builder records them.
  let recording: string | undefined;
  hooked.errorMessageProvider = {
    ...provider,
    buildMismatchTokenMessage: (o) => provider.buildMismatchTokenMessage(o),
    buildNotAllInputParsedMessage: (o) => provider.buildNotAllInputParsedMessage(o),
    buildNoViableAltMessage: (o) => {
      if (recording !== undefined) kept.set(recording, o.expectedPathsPerAlt);
      return provider.buildNoViableAltMessage(o);
    },
    buildEarlyExitMessage: (o) => {
      if (recording !== undefined) kept.set(recording, o.expectedIterationPaths);
      return provider.buildEarlyExitMessage(o);
    },
  };
  const lookahead = (): IToken[] => {
    const out: IToken[] = [];
    for (let i = 1; i <= hooked.maxLookahead; i++) out.push(hooked.LA(i));
    return out;
  };
  /** Chevrotain's own raise (`walk`) the first time at `key`, which records the paths; after, the error `rebuild` makes from them. */
  const raise = <P>(key: string, walk: () => never, rebuild: (paths: P) => IRecognitionException): never => {
    const paths = kept.get(key) as P | undefined;
    if (paths === undefined) {
      recording = key;
      errorPathWalks++;
      try {
        return walk();
      } finally {
        recording = undefined;
      }
    }
    throw hooked.SAVE_ERROR(rebuild(paths));
  };
  const raiseNoAlt = hooked.raiseNoAltException.bind(p);
  hooked.raiseNoAltException = (occurrence, errMsgTypes) => {
    const ruleName = hooked.getCurrRuleFullName();
    return raise<TokenType[][][]>(`${ruleName}#${occurrence}`, () => raiseNoAlt(occurrence, errMsgTypes), (paths) => {
      const msg = hooked.errorMessageProvider.buildNoViableAltMessage({ expectedPathsPerAlt: paths, actual: lookahead(), previous: hooked.LA(0), customUserDescription: errMsgTypes, ruleName });
      return new NoViableAltException(msg, hooked.LA(1), hooked.LA(0));
    });
  };
  const raiseEarlyExit = hooked.raiseEarlyExitException.bind(p);
  hooked.raiseEarlyExitException = (occurrence, prodType, userDefinedErrMsg) => {
    const ruleName = hooked.getCurrRuleFullName();
    return raise<TokenType[][]>(`${ruleName}#${occurrence}#${prodType}`, () => raiseEarlyExit(occurrence, prodType, userDefinedErrMsg), (paths) => {
      const msg = hooked.errorMessageProvider.buildEarlyExitMessage({ expectedIterationPaths: paths, actual: lookahead(), previous: hooked.LA(0), customUserDescription: userDefinedErrMsg, ruleName });
      return new EarlyExitException(msg, hooked.LA(1), hooked.LA(0));
    });
  };
  return p;
}

/** Runs one parse of `tokens` with a fresh error budget. */
function read<T>(tokens: IToken[], rule: (p: StelaParser) => T): T {
  const p = parser();
  p.problems = [];
  p.keywordNames = [];
  p.input = tokens;
  syntaxErrors = 0;
  return rule(p);
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
  /**
   * Words of the language that are a whole value (`none`, `current`) a declaration took as its
   * name, and the line of each: a use of the name reads as the value, with no syntax error, so the
   * checker's error there is about the word (`compileRules` says so instead).
   */
  takenValues?: { word: string; line: number; meaning: string }[];
}

/**
 * The file's code as a search for a word should see it: its tokens one space apart, comments left
 * out and every text literal emptied (`""`), so a declaration written only in a comment or a text
 * is not found. Read again by the lexer, so only for a file being diagnosed.
 */
export function codeOnly(source: string): string {
  return lexer
    .tokenize(source)
    .tokens.map((t) => (t.tokenType === StringLit ? '""' : t.image))
    .join(" ");
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
    sink.error("lex-invalid-character", `unexpected character \`${ch}\``, { start, end }, familiarSign(ch));
  }
  // A text reaches players' screens and terminals as written: a control character in it (ESC
  // starts a terminal command: clear the screen, write the clipboard) or a bidirectional override
  // (which shows text reversed) is refused where it is.
  for (const t of lexed.tokens) {
    if (t.tokenType !== StringLit) continue;
    // The first in each text: one is enough to say where.
    const m = CONTROL_IN_TEXT.exec(t.image);
    if (!m) continue;
    const at = t.startOffset + m.index;
    const ch = m[0].charCodeAt(0);
    const code = `U+${ch.toString(16).toUpperCase().padStart(4, "0")}`;
    const why = ch >= 0x202a ? "it would show the text around it reversed" : "it would reach players' screens and terminals as a command, not as text";
    sink.error("lex-invalid-character", `a text may not hold the control character ${code}: ${why}`, { start: positionAt(source, at), end: positionAt(source, at + 1) });
  }
  for (const t of lexed.groups["invalid"] ?? []) {
    if (t.tokenType === UnterminatedComment) {
      // Only its `/*`: the token runs to the end of the file.
      const start = positionAt(source, t.startOffset);
      sink.error("lex-unterminated-comment", "this comment is never closed with `*/`, so the rest of the file is read as a comment", { start, end: positionAt(source, t.startOffset + 2) }, "add `*/` where the comment ends");
    } else sink.error("lex-unterminated-string", "this text has no closing `\"` on its line", tokenSpan(t), 'add a closing `"`');
  }

  const p = parser();
  let decls: Decl[] | undefined;
  try {
    decls = read(lexed.tokens, (q) => q.file());
  } catch (e) {
    if (e instanceof TooManySyntaxErrors) {
      // What was read so far is reported; the declarations are dropped, so the checker
      // adds nothing about a file it only half saw.
      reportParserErrors(p.errors, lexed.tokens, source, sink);
      dropCascades(sink);
      const n = INPUT_LIMITS.maxSyntaxErrors;
      sink.error("parse-too-many-errors", `Stela stopped reading the file here, after ${n} syntax errors`, atToken(e.at, lexed.tokens, source), "fix the first errors and check again");
      return { ast: whole([]), diagnostics: sink.items };
    }
    if (e instanceof NestedTooDeeply) {
      // Forms that nest without brackets (`else if` chains) pass the count above; the
      // parser stopped itself at the token that went too deep.
      const [what, hint] = e.recovering
        ? ["there is a mistake here, nested too deeply for Stela to read past it", "fix the mistake, or split the nesting with `let`, `define` or a `procedure`"]
        : ["this expression or block nests too deeply for Stela to read", "split it with `let` or `define`, or write a long `else if` chain as a `match`"];
      sink.error("input-too-deep", what, atToken(e.at, lexed.tokens, source), hint);
      return { ast: whole([]), diagnostics: sink.items };
    }
    // The limits above keep the parser far from the stack's end; should a form still
    // recurse past it, the file is refused with a diagnostic rather than a crash.
    // The parser is left where the stack gave out: that token is the place to show.
    if (!(e instanceof RangeError)) throw e;
    const at = (p as unknown as ParserInternals).LA(1);
    sink.error("input-too-deep", "this file nests too deeply for Stela to read", at ? atToken(at, lexed.tokens, source) : NO_SPAN, "split deep expressions with `let` or `define`");
    return { ast: whole([]), diagnostics: sink.items };
  }
  let errors = p.errors;
  let problems = p.problems;
  // A declaration named with a word of the language (`zone table: Card`) is one error, and read on
  // under that name; each use of the name (`move c to table`) is then read as the name too, not as
  // the word, so it is one error of its own instead of a cascade over the lines after it.
  let keywordNames = p.keywordNames;
  if (keywordNames.length > 0) {
    const named = readingWordsAsNames(lexed.tokens, { decls, errors, problems, named: keywordNames });
    if (named) {
      ({ decls, errors, problems, named: keywordNames } = named.reading);
      for (const t of named.uses) problems.push(takenWordUse(t, keywordNames));
    }
  }
  // A file that ends inside a block (a missing `}` at the end) is reported once, then read again
  // with the missing braces supplied: otherwise its last declaration, or all of them, would be
  // lost and the checker would add false "no game / no flow" errors.
  const open = unclosedBraces(lexed.tokens);
  if (open > 0 && errors.some((e) => Number.isNaN(e.token.startOffset))) {
    try {
      const again = read([...lexed.tokens, ...closingBraces(open, source)], (q) => q.file());
      if (again && p.errors.length === 0) decls = again;
    } catch (e) {
      // The first reading stands; its errors are the ones reported.
      if (!(e instanceof TooManySyntaxErrors || e instanceof NestedTooDeeply || e instanceof RangeError)) throw e;
    }
  }
  reportParserErrors(errors, lexed.tokens, source, sink);
  const takenWords = new Set<Diagnostic>();
  for (const prob of problems) {
    sink.error(prob.code, prob.message, prob.span, prob.hint ?? unfinishedLineHint(prob.span.start, lexed.tokens, prob.message));
    if (prob.takenWord) takenWords.add(sink.items[sink.items.length - 1]!);
  }

  dropCascades(sink, takenWords);
  const ast = whole(limitTreeDepth(decls ?? [], sink));
  expandTemplates(ast, source, sink, keywordNames);
  const takenValues = keywordNames.flatMap((t) => (LITERAL_WORDS.has(t.image) ? [{ word: t.image, line: t.startLine ?? 0, meaning: LITERAL_WORDS.get(t.image)! }] : []));
  return takenValues.length ? { ast, diagnostics: sink.items, takenValues } : { ast, diagnostics: sink.items };
}

/** The error at a use of a word of the language that a declaration took as its name. */
function takenWordUse(t: IToken, declared: readonly IToken[]): StelaParser["problems"][number] {
  const line = declared.find((d) => d.image === t.image)?.startLine;
  return {
    code: "parse-unexpected-token",
    message: `\`${t.image}\` is a word of the language and cannot be a name`,
    span: tokenSpan(t),
    hint: `rename what line ${line} declares as \`${t.image}\`, and this use of it`,
    takenWord: true,
  };
}

/** The tokens with each word of the language among `words` read as a name, and those so read. */
function wordsAsNames(tokens: IToken[], words: ReadonlySet<string>): { tokens: IToken[]; renamed: IToken[] } {
  const renamed: IToken[] = [];
  const out = tokens.map((t) => {
    if (!words.has(t.image) || !t.tokenType.name.startsWith("Kw_")) return t;
    const named = createTokenInstance(Identifier, t.image, t.startOffset, t.endOffset ?? t.startOffset, t.startLine ?? 0, t.endLine ?? 0, t.startColumn ?? 0, t.endColumn ?? 0);
    renamed.push(named);
    return named;
  });
  return { tokens: out, renamed };
}

/** A reading of the tokens: what the parser made of them and the errors it met. */
interface Reading {
  decls: Decl[] | undefined;
  errors: IRecognitionException[];
  problems: StelaParser["problems"];
  /** Words of the language declarations took as their names (`declaredName`). */
  named: IToken[];
}

/** Re-readings at most: past this, the best reading so far stands. */
const MAX_NAME_REREADS = 10;

/**
 * How far back from a token the parser tripped on a use of a taken word is looked for. A word that
 * begins an expression (`count`, `all`, `sum`) is read as the word, and the parser trips a token
 * or more after it: `count > 0` (`count x in …` wants a name), `move c to all` and the `}` on the
 * next line.
 */
const LOOK_BACK = 6;

/** Words that begin a form with a name and `in` after them: `count x in …`, `all x in …: …`. */
const NAME_IN_FORMS = new Set(["count", "first", "any", "all", "no", "sort"]);
/** Words that begin a form with a `for` after its value: `sum e for x in …`. */
const FOR_FORMS = new Set(["sum", "highest", "lowest"]);
/** How far on a `for` is looked for after `sum` (a value to sum is short). */
const FOR_LOOK_AHEAD = 40;

/**
 * Can the word at `i` begin its form where it stands? False for an aggregate (`count`, `sum`) the
 * form cannot follow: `count` not followed by a name and `in`, `sum` with no `for` after it in its
 * brackets before a `{` or `}`. Such a word can only be a name, wherever the parser trips on it.
 */
function formFollows(tokens: IToken[], i: number): boolean {
  const word = tokens[i]!.image;
  if (NAME_IN_FORMS.has(word)) {
    const name = tokens[i + 1]?.tokenType;
    return !!name && (name === Identifier || name.name.startsWith("Kw_")) && tokens[i + 2]?.tokenType === kw("in");
  }
  if (!FOR_FORMS.has(word)) return true;
  let depth = 0;
  for (let j = i + 1; j < Math.min(tokens.length, i + FOR_LOOK_AHEAD); j++) {
    const type = tokens[j]!.tokenType;
    if (type === LBrace || type === RBrace) return false;
    if (type === LParen || type === LBracket) depth++;
    else if (type === RParen || type === RBracket) {
      if (--depth < 0) return false;
    } else if (depth === 0 && type === kw("for")) return true;
  }
  return true;
}

/** The syntax errors and the parser actions' own problems of a reading, but the taken words'. */
function troubles(r: Reading): number {
  return r.errors.length + r.problems.filter((p) => !p.takenWord).length;
}

/**
 * Reads the tokens again with each use of a word of the language that a declaration took as its
 * name (`zone table`) read as that name wherever the parser tripped on it, on the word itself or
 * a few tokens after it (`count > 0`). Every such use of one reading is read as the name in the
 * next, and again, as each re-reading can reach uses the last one lost in its cascade. A
 * re-reading is kept only when it leaves fewer errors than the one before (the word may be meant
 * as the word there); uses found a few tokens back are tried first with the others, then the
 * others alone. Undefined when no use is read as a name.
 */
function readingWordsAsNames(tokens: IToken[], first: Reading): { reading: Reading; uses: IToken[] } | undefined {
  const words = new Set(first.named.map((t) => t.image));
  const current = tokens.slice();
  const indexAt = new Map<number, number>();
  current.forEach((t, i) => indexAt.set(t.startOffset, i));
  // Where the last reading saw a declaration take the word: a reading that lost its way may have
  // taken a use for one, and the next, read as meant, does not.
  let sites = new Set(first.named.map((t) => t.startOffset));
  const isUse = (i: number): boolean => {
    const t = current[i]!;
    return words.has(t.image) && t.tokenType.name.startsWith("Kw_") && !sites.has(t.startOffset);
  };
  let uses: IToken[] = [];
  let best: Reading | undefined;
  let last = first;
  const reread = (renames: ReadonlySet<number>): Reading | undefined => {
    const tokensNow = current.slice();
    for (const i of renames) {
      const t = current[i]!;
      tokensNow[i] = createTokenInstance(Identifier, t.image, t.startOffset, t.endOffset ?? t.startOffset, t.startLine ?? 0, t.endLine ?? 0, t.startColumn ?? 0, t.endColumn ?? 0);
    }
    try {
      const decls = read(tokensNow, (q) => q.file());
      const reading: Reading = { decls, errors: parser().errors, problems: parser().problems, named: parser().keywordNames };
      if (troubles(reading) >= troubles(last)) return undefined;
      for (const i of [...renames].sort((a, b) => a - b)) {
        current[i] = tokensNow[i]!;
        uses.push(current[i]!);
      }
      return reading;
    } catch (e) {
      if (!(e instanceof TooManySyntaxErrors || e instanceof NestedTooDeeply || e instanceof RangeError)) throw e;
      return undefined;
    }
  };
  for (let round = 0; round < MAX_NAME_REREADS; round++) {
    const on = new Set<number>();
    const before = new Set<number>();
    const offsets = [...last.errors.map((e) => e.token.startOffset), ...last.problems.filter((p) => !p.takenWord).map((p) => p.span.start.offset)];
    for (const offset of offsets) {
      const i = indexAt.get(offset);
      if (i === undefined) continue;
      if (isUse(i)) {
        on.add(i);
        continue;
      }
      for (let j = i - 1; j >= Math.max(0, i - LOOK_BACK); j--) {
        const type = current[j]!.tokenType;
        if (type === LBrace || type === RBrace) break;
        if (isUse(j)) {
          before.add(j);
          break;
        }
      }
    }
    // A word that begins a form read where the form cannot be (`count` not before `x in`, `sum`
    // with no `for` after it): the parser may trip far from it.
    current.forEach((_t, i) => {
      if (isUse(i) && !formFollows(current, i)) before.add(i);
    });
    if (on.size + before.size === 0) break;
    const reading = (before.size > 0 ? reread(new Set([...on, ...before])) : undefined) ?? (on.size > 0 ? reread(on) : undefined);
    if (!reading) break;
    best = reading;
    last = reading;
    sites = new Set(reading.named.map((t) => t.startOffset));
  }
  // A word read as a name that the reading then found declared (`give(setup: number)` read as a
  // use while the lines before it were lost) is that declaration's, with its own error.
  uses = uses.filter((t) => !sites.has(t.startOffset));
  return best && { reading: best, uses };
}

/** How many `{` are still open at the end of the tokens. */
function unclosedBraces(tokens: IToken[]): number {
  let depth = 0;
  for (const t of tokens) {
    if (t.tokenType === LBrace) depth++;
    else if (t.tokenType === RBrace && depth > 0) depth--;
  }
  return depth;
}

/** `n` made-up `}` tokens at the end of the source. */
function closingBraces(n: number, source: string): IToken[] {
  const end = positionAt(source, source.length);
  return Array.from({ length: n }, () =>
    createTokenInstance(RBrace, "}", source.length, source.length, end.line, end.line, end.column, end.column),
  );
}

/**
 * After a syntax error, error recovery often stumbles again on the same line;
 * only the first syntax error of each line is the designer's mistake. `alone`: errors that are
 * each the designer's own wherever they are (a word of the language as a name and its uses),
 * kept beside the first of their line.
 */
function dropCascades(sink: DiagnosticSink, alone: ReadonlySet<Diagnostic> = new Set()): void {
  const firstPerLine = new Map<number, number>();
  // A character the lexer dropped is the cause of whatever the parser then trips on.
  const lexLines = new Set(sink.items.filter((d) => d.code.startsWith("lex-")).map((d) => d.span.start.line));
  sink.items.forEach((d, i) => {
    if (d.code.startsWith("lex-")) return;
    if (!d.code.startsWith("parse-") || d.code === "parse-too-many-errors") return;
    if (lexLines.has(d.span.start.line) || lexLines.has(d.span.start.line - 1)) return;
    const prev = firstPerLine.get(d.span.start.line);
    if (prev === undefined || sink.items[prev]!.span.start.offset > d.span.start.offset) firstPerLine.set(d.span.start.line, i);
  });
  const keep = new Set(firstPerLine.values());
  const kept = sink.items.filter((d, i) => !d.code.startsWith("parse-") || d.code === "parse-too-many-errors" || keep.has(i) || alone.has(d));
  sink.items.length = 0;
  // One at a time: a file may have more diagnostics than can be spread as arguments.
  for (const d of kept) sink.items.push(d);
}

/** Characters a text of the rules may not hold: C0 and C1 controls but the tab, and bidirectional overrides and isolates. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The span of `t`, or (for the end of input, which has no position) just after the last real token. */
function atToken(t: IToken, tokens: IToken[], source: string, previous?: IToken): Span {
  if (!Number.isNaN(t.startOffset)) return tokenSpan(t);
  const prev = previous ?? tokens[tokens.length - 1];
  const at: Position = prev && !Number.isNaN(prev.startOffset) ? tokenSpan(prev).end : positionAt(source, source.length);
  return { start: at, end: at };
}

function reportParserErrors(errors: IRecognitionException[], tokens: IToken[], source: string, sink: DiagnosticSink): void {
  const seen = new Set<string>();
  for (const e of errors) {
    const span = atToken(e.token, tokens, source, (e as IRecognitionException & { previousToken?: IToken }).previousToken);
    const key = `${span.start.offset}:${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sink.error(EXCEPTION_CODES[e.name] ?? "parse-unexpected-token", e.message, span, parseHints.get(e.token) ?? takenWordHint(e.token, tokens) ?? unfinishedLineHint(span.start, tokens, e.message));
  }
}

/**
 * A word of the language written as a name (`define total(sum: number)`, `let from: …`): the
 * parser expected something else there (a `)`: the name was optional), so its message alone does
 * not say the word is taken. A keyword followed by `:` is a name being declared.
 */
function takenWordHint(t: IToken, tokens: IToken[]): string | undefined {
  if (!t.tokenType.name.startsWith("Kw_")) return undefined;
  const next = tokens[tokens.indexOf(t) + 1];
  return next?.image === ":" ? `\`${t.image}\` is a word of the language and cannot be a name; choose another` : undefined;
}

/**
 * Tokens that cannot end a statement: an operator, a `.` or an opening bracket still waits for
 * what follows it. Line breaks mean nothing to the grammar, so a line left unfinished
 * (`let x =`) takes in the next line, and the error shows there (`p.score += 1`: "expected a
 * statement but found `+=`"), a line below the mistake.
 */
const WAITING_FOR_MORE = new Set([
  "Equals", "PlusEq", "MinusEq", "EqEq", "NotEq", "LtEq", "GtEq", "Lt", "Gt", "Plus", "Minus", "Star", "Slash", "Percent",
  "Dot", "DotDot", "Comma", "Colon", "LParen", "LBracket", "Arrow",
  "Kw_and", "Kw_or", "Kw_not", "Kw_in", "Kw_from", "Kw_where", "Kw_log", "Kw_move", "Kw_to", "Kw_at", "Kw_is", "Kw_let",
]);

/**
 * When the line of the token an error is at follows a line that ends waiting for more
 * (`WAITING_FOR_MORE`), says so: that line's end is most likely the mistake. A hint, not a new
 * place for the error: a long expression continued on purpose on the next line ends its first
 * line the same way, and there the error is where the parser says.
 */
function unfinishedLineHint(at: Position, tokens: IToken[], message: string): string | undefined {
  if (Number.isNaN(at.offset)) return undefined;
  // The first token of the error's line, then the one before it: the last of an earlier line.
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.startOffset < at.offset) lo = mid + 1;
    else hi = mid;
  }
  // Only when the parser wanted it closed here: a bracket left open on purpose over several
  // lines, with a mistake inside, is closed further on.
  const closer = /expected `([)\]])`/.exec(message)?.[1];
  const open = closer ? unclosedBracket(tokens, lo) : undefined;
  if (open && open.startLine !== undefined && open.startLine < at.line && closer === (open.image === "(" ? ")" : "]") && !closedLater(tokens, lo)) {
    return `the \`${open.image}\` on line ${open.startLine} is not closed, so what follows was read as part of it`;
  }
  if (message.startsWith("expected `}`")) {
    const brace = unclosedBraceHint(tokens, at.offset, at.line);
    if (brace) return brace;
  }
  const i = lineStart(tokens, lo, at.line);
  const before = tokens[i - 1];
  if (i < 0 || !before || !WAITING_FOR_MORE.has(before.tokenType.name)) return undefined;
  // A continuation meant as one is indented deeper than the line it continues (`define f(p) =`
  // and its body below); a statement left unfinished is followed by the next one at its level.
  const j = lineStart(tokens, i - 1, before.startLine!);
  if (j < 0 || (tokens[i]?.startColumn ?? 0) > (tokens[j]!.startColumn ?? 0)) return undefined;
  return `line ${before.startLine} ends with \`${before.image}\`, so the next line was read as its continuation: is something missing at the end of line ${before.startLine}?`;
}

/**
 * How far back, in tokens, a hint looks: every syntax error asks for one, and a file of a
 * hundred thousand mistakes on one line or in one block must not make each walk to its start.
 */
const HINT_WALK = 256;

/** The index of the first token on `line` from token `from` back, or -1 when it is further than `HINT_WALK`. */
function lineStart(tokens: IToken[], from: number, line: number): number {
  let i = from;
  for (let n = 0; i > 0 && tokens[i - 1]!.startLine === line; i--) if (++n > HINT_WALK) return -1;
  return i;
}

/**
 * Is the bracket open at token `from` closed further on (within `HINT_WALK` tokens, before a
 * `{` or `}`)? Then it was laid over several lines on purpose, and the mistake is inside it (a
 * missing `,`), not a bracket left open.
 */
function closedLater(tokens: IToken[], from: number): boolean {
  let depth = 0;
  for (let i = from; i < Math.min(tokens.length, from + HINT_WALK); i++) {
    const name = tokens[i]!.tokenType.name;
    if (name === "LBrace" || name === "RBrace") return false;
    if (name === "LParen" || name === "LBracket") depth++;
    else if (name === "RParen" || name === "RBracket") {
      if (depth === 0) return true;
      depth--;
    }
  }
  return false;
}

/**
 * The innermost `(` or `[` still open before token `end`, within the statement it is in (the
 * walk back stops at a `{` or `}`, which brackets never span). `let xs = [1, 2` left open
 * reads the next line as more items, and the error shows there.
 */
function unclosedBracket(tokens: IToken[], end: number): IToken | undefined {
  let depth = 0;
  for (let i = end - 1; i >= Math.max(0, end - HINT_WALK); i--) {
    const name = tokens[i]!.tokenType.name;
    if (name === "LBrace" || name === "RBrace") return undefined;
    if (name === "RParen" || name === "RBracket") depth++;
    else if (name === "LParen" || name === "LBracket") {
      if (depth === 0) return tokens[i];
      depth--;
    }
  }
  return undefined;
}

// ------------------------------------------------------------------ templates

/**
 * Replaces every string literal whose source text holds `{expr}` by a
 * template node. Done after the main parse so the shared parser can read the
 * embedded expressions; their spans point into the file.
 */
function expandTemplates(root: FileAst, source: string, sink: DiagnosticSink, taken: readonly IToken[]): void {
  expandIn(root.decls, 0, source, sink, taken);
}

/**
 * `expandTemplates` over one part of the tree, `depth` syntax nodes below its declaration (as
 * `limitTreeDepth` counts them): the file's declarations, or the expression of a text's `{…}`,
 * whose own texts may read `{…}` too (`"{["<{p.seat}>" for p in players]}"`).
 */
function expandIn(node: unknown, depth: number, source: string, sink: DiagnosticSink, taken: readonly IToken[]): unknown {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = expandIn(node[i], depth, source, sink, taken);
    return node;
  }
  if (node && typeof node === "object") {
    const obj = node as Record<string, unknown>;
    if (obj["kind"] === "StringLit") return template(obj as Extract<Expr, { kind: "StringLit" }>, depth + 1, source, sink, taken);
    const below = typeof obj["kind"] === "string" ? depth + 1 : depth;
    for (const k of Object.keys(obj)) if (k !== "span") obj[k] = expandIn(obj[k], below, source, sink, taken);
  }
  return node;
}

/** The template a text literal `depth` nodes deep in its declaration reads as (the literal itself when it has no `{…}`). */
function template(lit: Extract<Expr, { kind: "StringLit" }>, depth: number, source: string, sink: DiagnosticSink, taken: readonly IToken[]): Expr {
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
      const close = closingBrace(raw, i);
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
      parts.push(parseEmbedded(raw.slice(i + 1, close), exprStart, depth, source, sink, taken));
      i = close + 1;
      continue;
    }
    text += ch;
    i++;
  }
  if (text) parts.push(text);
  return { kind: "TemplateLit", parts, span: lit.span };
}

/**
 * Where the `{` at `open` of a text's source closes: its `}`, past texts of its own inside it
 * (`{if lit then " [R]" else ""}`) and braces they or it hold; -1 when it never does.
 */
function closingBrace(raw: string, open: number): number {
  let depth = 0;
  for (let i = open; i < raw.length - 1; i++) {
    const ch = raw[i]!;
    if (ch === "\\") i++;
    else if (ch === '"') {
      // A text inside: to its own closing quote (the last one closes the text itself).
      i = flatTextEnd(raw, i);
      if (i < 0 || i >= raw.length - 1) return -1;
    } else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i;
  }
  return -1;
}

/**
 * The expression of a text's `{…}` at `at`, in a template `depth` nodes deep in its declaration.
 * `taken`: words of the language the file's declarations took as names (`var sum`); one that
 * trips the reading (`"{sum}"`) is read as the name, one error at it, as in the file's code.
 */
function parseEmbedded(text: string, at: Position, depth: number, source: string, sink: DiagnosticSink, taken: readonly IToken[]): Expr {
  const lexed = lexer.tokenize(text);
  const shiftSpan = (s: Span): Span => ({ start: shift(s.start, at), end: shift(s.end, at) });
  const whole: Span = { start: at, end: shift(positionAt(text, text.length), at) };
  // A text is one token, so the file's nesting check did not see inside it.
  const deep = new DiagnosticSink(sink.file);
  if (!checkNesting(lexed.tokens, deep)) {
    const d = deep.items[0]!;
    sink.error(d.code, d.message, whole, d.hint);
    return { kind: "ErrorExpr", span: whole };
  }
  const p = parser();
  const readExpr = (tokens: IToken[]): Expr | undefined => {
    try {
      return read(tokens, (q) => q.expression());
    } catch (e) {
      if (!(e instanceof TooManySyntaxErrors || e instanceof NestedTooDeeply || e instanceof RangeError)) throw e;
      return undefined;
    }
  };
  let expr = readExpr(lexed.tokens);
  if ((p.errors.length || !expr) && taken.length > 0) {
    const named = wordsAsNames(lexed.tokens, new Set(taken.map((t) => t.image)));
    const again = named.renamed.length > 0 ? readExpr(named.tokens) : undefined;
    if (again && p.errors.length === 0) {
      expr = again;
      for (const t of named.renamed) {
        const use = takenWordUse(t, taken);
        sink.error(use.code, use.message, shiftSpan(use.span), use.hint);
      }
    } else expr = readExpr(lexed.tokens);
  }
  if (lexed.errors.length || p.errors.length || !expr || lexed.tokens.length === 0) {
    sink.error("parse-invalid-template", `cannot read \`{${text}}\` as a value`, whole, "write `\\{` for a literal brace");
    return { kind: "ErrorExpr", span: whole };
  }
  const consumed = lexed.tokens[lexed.tokens.length - 1]!;
  if (p.errors.length === 0 && expr.span.end.offset < consumed.endOffset! + 1) {
    sink.error("parse-invalid-template", `cannot read \`{${text}}\` as one value`, whole);
  }
  shiftAll(expr, shiftSpan);
  // Read after the file's tree was measured (`limitTreeDepth`): an unbracketed chain (`{t[0][0]…}`,
  // `{a + a + …}`) the count of brackets above does not see is measured here, where it stands.
  if (!checkEmbeddedDepth(expr, depth, sink)) return { kind: "ErrorExpr", span: whole };
  // Its texts read their own `{…}`; their spans point into the file now, as the reading needs.
  return expandIn(expr, depth, source, sink, taken) as Expr;
}

function shift(p: Position, at: Position): Position {
  // Embedded expressions are on one line (texts cannot span lines).
  return { line: at.line, column: at.column + p.column - 1, offset: at.offset + p.offset };
}

/**
 * Moves every span of an embedded expression by `f`. Iterative: the expression is not yet
 * measured (`limitTreeDepth` runs after every text is read), and may be thousands deep.
 */
function shiftAll(root: unknown, f: (s: Span) => Span): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    const obj = node as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      if (k === "span" && v && typeof v === "object") obj[k] = f(v as Span);
      else stack.push(v);
    }
  }
}
