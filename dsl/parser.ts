import { EmbeddedActionsParser, EOF, type IToken, type TokenType } from "chevrotain";
import type {
  Arg,
  AssignOp,
  BinaryOp,
  Block,
  BoardMap,
  ChoiceOption,
  ChooseExpr,
  ComponentEntry,
  Decl,
  Expr,
  FieldDecl,
  LegendEntry,
  Name,
  Param,
  Requirement,
  SecretChooseExpr,
  ShowEntry,
  Stmt,
  StopClause,
  TableKey,
  TableRow,
  Tiebreak,
  TypeExpr,
  WhereClause,
} from "./ast.ts";
import { errorMessages } from "./parser-messages.ts";
import { didYouMean } from "./suggest.ts";
import { NO_SPAN, type Span } from "./span.ts";
import {
  ALL_TOKENS,
  AnyToken,
  Arrow,
  Colon,
  Comma,
  Dot,
  DotDot,
  EqEq,
  Equals,
  Gt,
  GtEq,
  Identifier,
  kw,
  Word,
  LBrace,
  LBracket,
  LParen,
  Lt,
  LtEq,
  MapLine,
  Minus,
  MinusEq,
  NotEq,
  NumberLit,
  Percent,
  Plus,
  PlusEq,
  RBrace,
  RBracket,
  RParen,
  Semicolon,
  Slash,
  Star,
  StringLit,
} from "./tokens.ts";

/** A problem the parser's actions find in otherwise well-formed input (e.g. `x3x`). */
export interface ActionProblem {
  code: "parse-invalid-count" | "parse-invalid-statement" | "parse-expected-token" | "parse-unexpected-token";
  message: string;
  span: Span;
  hint?: string;
}

const DECLARATION_WORDS = [
  "game", "const", "enum", "kind", "components", "board", "var", "per", "table", "define", "rule",
  "procedure", "setup", "flow", "event", "on", "hook", "modify", "scoring", "variant",
] as const;
const DECLARATION_STARTS = new Set<TokenType>(DECLARATION_WORDS.map((w) => kw(w)));

function isZoneWord(t: IToken): boolean {
  return t.tokenType === Identifier && (t.image === "zone" || t.image === "bag");
}

function startsDeclaration(t: IToken): boolean {
  return DECLARATION_STARTS.has(t.tokenType) || isZoneWord(t);
}

/**
 * A declaration keyword at the start of a line inside a block almost always
 * means a `}` is missing: stop the block there instead of swallowing the rest
 * of the file. (`per` and `on` also start expressions or follow other words,
 * so they do not count.)
 */
function startsDeclarationLine(t: IToken): boolean {
  return t.startColumn === 1 && startsDeclaration(t) && t.tokenType !== kw("per");
}

/** Tokens that can begin a statement: anything else inside a block is skipped to the next line. */
const STATEMENT_STARTS = new Set<TokenType>([
  ...(["let", "if", "for", "while", "repeat", "loop", "break", "continue", "end", "return", "turn", "choose",
    "move", "deal", "shuffle", "place", "flip", "remove", "trigger", "log", "current", "this", "count", "first",
    "sum", "highest", "lowest", "any", "all", "no", "sort", "per", "true", "false", "none"] as const).map((w) => kw(w)),
  Identifier, NumberLit, StringLit, LParen, LBracket, MapLine, Semicolon,
]);

function isReal(t: IToken | undefined): t is IToken {
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
 * The Stela grammar. Every rule builds its AST node inside `ACTION` (the
 * grammar-recording pass runs rule bodies without real tokens) and returns an
 * `Error…` node when error recovery abandons it, so one broken declaration
 * never hides the rest of the file.
 */
export class StelaParser extends EmbeddedActionsParser {
  /** Problems found by the actions (not by the grammar) during the last parse. */
  problems: ActionProblem[] = [];

  constructor() {
    super(ALL_TOKENS, { recoveryEnabled: true, maxLookahead: 3, errorMessageProvider: errorMessages });
    this.performSelfAnalysis();
  }

  // ------------------------------------------------------------ span helpers

  /** The span from token `start` to the last consumed token. */
  private spanFrom(start: IToken): Span {
    const first = isReal(start) ? start : this.lastReal();
    const last = this.lastReal() ?? first;
    if (!first || !last) return NO_SPAN;
    const a = tokenSpan(first);
    const b = tokenSpan(last);
    return b.end.offset >= a.start.offset ? { start: a.start, end: b.end } : a;
  }

  private lastReal(): IToken | undefined {
    for (let i = 0; i > -8; i--) {
      const t = this.LA(i);
      if (isReal(t)) return t;
    }
    return undefined;
  }

  private span(t: IToken): Span {
    return isReal(t) ? tokenSpan(t) : this.spanFrom(t);
  }

  private name(t: IToken): Name {
    return { text: t.image ?? "", span: this.span(t) };
  }

  private errExpr(): Expr {
    return { kind: "ErrorExpr", span: this.lastReal() ? tokenSpan(this.lastReal()!) : NO_SPAN };
  }

  /** Consumes an identifier that must read `word` (a contextual keyword). */
  private contextual(idx: number, word: string, what: string): IToken {
    const t = this.consume(idx, Identifier);
    this.ACTION(() => {
      if (isReal(t) && t.image !== word) {
        this.problems.push({ code: "parse-expected-token", message: `expected \`${word}\` ${what} but found \`${t.image}\``, span: tokenSpan(t) });
      }
    });
    return t;
  }

  // ------------------------------------------------------------ file

  file = this.RULE("file", (): Decl[] => {
    const decls: Decl[] = [];
    this.MANY({
      GATE: () => this.LA(1).tokenType !== EOF,
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          MAX_LOOKAHEAD: 1,
          DEF: [
            {
              GATE: () => startsDeclaration(this.LA(1)),
              ALT: () => {
                const d = this.SUBRULE(this.declaration);
                this.ACTION(() => decls.push(d));
              },
            },
            { ALT: () => this.skipUntil("a declaration (`game`, `kind`, `board`, `procedure`, …)", startsDeclaration) },
          ],
        }),
    });
    return decls;
  });

  /**
   * Error recovery: reports the unexpected token once, then skips to the next
   * token that `resume` accepts on a later line, so one mistake gives one
   * diagnostic instead of a cascade.
   */
  private skipUntil(expected: string, resume: (t: IToken) => boolean): void {
    // High DSL indices: this helper runs inside the calling rule, whose own indices are low.
    const first = this.consume(200, AnyToken);
    this.ACTION(() => {
      this.problems.push({ code: "parse-unexpected-token", message: `expected ${expected} but found \`${first.image}\``, span: tokenSpan(first) });
    });
    this.many(200, {
      GATE: () => {
        const t = this.LA(1);
        if (t.tokenType === EOF || t.tokenType === RBrace) return false;
        return t.startLine === first.startLine || !resume(t);
      },
      DEF: () => this.consume(201, AnyToken),
    });
  }

  declaration = this.RULE(
    "declaration",
    (): Decl =>
      this.OR1({
        MAX_LOOKAHEAD: 1,
        DEF: [
        { ALT: () => this.SUBRULE(this.gameDecl) },
        { ALT: () => this.SUBRULE(this.constDecl) },
        { ALT: () => this.SUBRULE(this.enumDecl) },
        { ALT: () => this.SUBRULE(this.kindDecl) },
        { ALT: () => this.SUBRULE(this.componentsDecl) },
        { ALT: () => this.SUBRULE(this.boardDecl) },
        { GATE: () => isZoneWord(this.LA(1)), ALT: () => this.SUBRULE(this.zoneDecl) },
        { ALT: () => this.SUBRULE(this.varDecl) },
        { ALT: () => this.SUBRULE(this.perPlayerDecl) },
        { ALT: () => this.SUBRULE(this.tableDecl) },
        { ALT: () => this.SUBRULE(this.defineDecl) },
        { ALT: () => this.SUBRULE(this.ruleDecl) },
        { ALT: () => this.SUBRULE(this.procedureDecl) },
        { ALT: () => this.SUBRULE(this.setupDecl) },
        { ALT: () => this.SUBRULE(this.flowDecl) },
        { ALT: () => this.SUBRULE(this.eventDecl) },
        { ALT: () => this.SUBRULE(this.onDecl) },
        { ALT: () => this.SUBRULE(this.hookDecl) },
        { ALT: () => this.SUBRULE(this.modifyDecl) },
        { ALT: () => this.SUBRULE(this.scoringDecl) },
        { ALT: () => this.SUBRULE(this.variantDecl) },
        ],
      }),
    { recoveryValueFunc: (): Decl => ({ kind: "ErrorDecl", span: NO_SPAN }) },
  );

  gameDecl = this.RULE("gameDecl", (): Decl => {
    const start = this.CONSUME(kw("game"));
    const title = this.CONSUME(StringLit);
    const items: { key: Name; value: Expr; span: Span }[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const key = this.CONSUME(Identifier);
      const value = this.SUBRULE(this.expression);
      this.OPTION(() => this.CONSUME(Comma));
      this.ACTION(() => items.push({ key: this.name(key), value, span: this.spanFrom(key) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "GameDecl", title: unquote(title.image), items, span: this.spanFrom(start) }));
  });

  constDecl = this.RULE("constDecl", (): Decl => {
    const start = this.CONSUME(kw("const"));
    const name = this.CONSUME(Identifier);
    this.CONSUME(Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: "ConstDecl", name: this.name(name), value, span: this.spanFrom(start) }));
  });

  enumDecl = this.RULE("enumDecl", (): Decl => {
    const start = this.CONSUME(kw("enum"));
    const name = this.CONSUME(Identifier);
    const members: { name: Name; label?: string }[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const m = this.CONSUME2(Identifier);
      const label = this.OPTION(() => this.CONSUME(StringLit));
      this.OPTION2(() => this.CONSUME(Comma));
      this.ACTION(() => members.push(label ? { name: this.name(m), label: unquote(label.image) } : { name: this.name(m) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "EnumDecl", name: this.name(name), members, span: this.spanFrom(start) }));
  });

  /** `name: type [in bounds] [= init]` */
  fieldDecl = this.RULE("fieldDecl", (): FieldDecl => {
    const name = this.CONSUME(Word);
    this.CONSUME(Colon);
    const type = this.SUBRULE(this.typeExpr);
    // Bounds come first: `= 0 in 0..5` would read as a membership test.
    const bounds = this.OPTION(() => {
      this.CONSUME(kw("in"));
      return this.SUBRULE(this.expression);
    });
    const init = this.OPTION2(() => {
      this.CONSUME(Equals);
      return this.SUBRULE2(this.expression);
    });
    this.OPTION3(() => this.CONSUME(Comma));
    return this.ACTION(() => {
      const f: FieldDecl = { name: this.name(name), type, span: this.spanFrom(name) };
      if (init) f.init = init;
      if (bounds) f.bounds = bounds;
      return f;
    });
  });

  showBlock = this.RULE("showBlock", (): ShowEntry[] => {
    const entries: ShowEntry[] = [];
    this.CONSUME(kw("show"));
    this.CONSUME(LBrace);
    this.MANY(() => {
      const name = this.CONSUME(Identifier);
      this.CONSUME(Colon);
      const value = this.SUBRULE(this.expression);
      this.OPTION(() => this.CONSUME(Comma));
      this.ACTION(() => entries.push({ name: this.name(name), value, span: this.spanFrom(name) }));
    });
    this.CONSUME(RBrace);
    return entries;
  });

  kindDecl = this.RULE("kindDecl", (): Decl => {
    const start = this.CONSUME(kw("kind"));
    const name = this.CONSUME(Identifier);
    const fields: FieldDecl[] = [];
    const states: FieldDecl[] = [];
    let show: ShowEntry[] = [];
    this.CONSUME(LBrace);
    // Chosen by the first token (with a look at the second for `state` and `show`, which may
    // also name fields), so `crops number` is reported as a missing `:`, not as no item at all.
    this.MANY(() =>
      this.OR({
        MAX_LOOKAHEAD: 1,
        IGNORE_AMBIGUITIES: true,
        DEF: [
          {
            GATE: () => this.LA(1).tokenType === kw("state") && this.LA(2).tokenType !== Colon,
            ALT: () => {
              this.CONSUME(kw("state"));
              const f = this.SUBRULE2(this.fieldDecl);
              this.ACTION(() => states.push(f));
            },
          },
          {
            GATE: () => this.LA(1).tokenType === kw("show") && this.LA(2).tokenType === LBrace,
            ALT: () => {
              const s = this.SUBRULE(this.showBlock);
              this.ACTION(() => (show = show.concat(s)));
            },
          },
          {
            ALT: () => {
              const f = this.SUBRULE(this.fieldDecl);
              this.ACTION(() => fields.push(f));
            },
          },
        ],
      }),
    );
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "KindDecl", name: this.name(name), fields, states, show, span: this.spanFrom(start) }));
  });

  /** `per player` */
  perPlayer = this.RULE("perPlayer", (): void => {
    this.CONSUME(kw("per"));
    this.contextual(1, "player", "after `per`");
  });

  componentsDecl = this.RULE("componentsDecl", (): Decl => {
    const start = this.CONSUME(kw("components"));
    const kindName = this.CONSUME(Identifier);
    const perPlayer = this.OPTION(() => {
      this.SUBRULE(this.perPlayer);
      return true;
    });
    const zone = this.OPTION2(() => {
      this.CONSUME(kw("in"));
      return this.SUBRULE(this.expression);
    });
    const entries = this.SUBRULE(this.componentEntries);
    return this.ACTION(() => {
      const d: Decl = { kind: "ComponentsDecl", kindName: this.name(kindName), perPlayer: !!perPlayer, entries, span: this.spanFrom(start) };
      if (zone) d.zone = zone;
      return d;
    });
  });

  componentEntries = this.RULE("componentEntries", (): ComponentEntry[] => {
    const entries: ComponentEntry[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const e = this.SUBRULE(this.componentEntry);
      this.ACTION(() => entries.push(e));
    });
    this.CONSUME(RBrace);
    return entries;
  });

  componentEntry = this.RULE(
    "componentEntry",
    (): ComponentEntry =>
      this.OR([
        {
          ALT: () => {
            const start = this.CONSUME(kw("for"));
            const v = this.CONSUME(Identifier);
            this.CONSUME(kw("in"));
            const source = this.SUBRULE(this.expression);
            const entries = this.SUBRULE(this.componentEntries);
            return this.ACTION(
              (): ComponentEntry => ({ kind: "ComponentFor", variable: this.name(v), source, entries, span: this.spanFrom(start) }),
            );
          },
        },
        {
          ALT: () => {
            const first = this.LA(1);
            const label = this.OPTION(() => this.CONSUME(StringLit));
            const countTok = this.CONSUME2(Identifier);
            const extra = this.OPTION2(() => this.CONSUME(NumberLit));
            const fields: { name: Name; value: Expr; span: Span }[] = [];
            this.OPTION3(() => {
              this.CONSUME(LBrace);
              this.MANY(() => {
                const fname = this.CONSUME3(Identifier);
                this.CONSUME(Colon);
                const value = this.SUBRULE2(this.expression);
                this.OPTION4(() => this.CONSUME(Comma));
                this.ACTION(() => fields.push({ name: this.name(fname), value, span: this.spanFrom(fname) }));
              });
              this.CONSUME(RBrace);
            });
            return this.ACTION((): ComponentEntry => {
              const count = this.readCount(countTok, extra);
              const e: ComponentEntry = { kind: "ComponentItem", count, fields, span: this.spanFrom(first) };
              if (label) e.label = unquote(label.image);
              return e;
            });
          },
        },
      ]),
  );

  /** `x3`, or `x 3`. */
  private readCount(tok: IToken, extra: IToken | undefined): number {
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

  boardDecl = this.RULE("boardDecl", (): Decl => {
    const start = this.CONSUME(kw("board"));
    const name = this.CONSUME(Identifier);
    const perPlayer = this.OPTION(() => {
      this.SUBRULE(this.perPlayer);
      return true;
    });
    this.CONSUME(Colon);
    const topology = this.SUBRULE(this.expression);
    const attributes: FieldDecl[] = [];
    const maps: BoardMap[] = [];
    const legend: LegendEntry[] = [];
    let show: ShowEntry[] = [];
    this.OPTION2(() => {
      this.CONSUME(LBrace);
      this.MANY(() =>
        this.OR1({
          MAX_LOOKAHEAD: 1,
          DEF: [
          {
            ALT: () => {
              this.CONSUME(kw("space"));
              const f = this.SUBRULE(this.fieldDecl);
              this.ACTION(() => attributes.push(f));
            },
          },
          {
            ALT: () => {
              const mstart = this.CONSUME(kw("map"));
              const rows: { text: string; span: Span }[] = [];
              this.CONSUME2(LBrace);
              this.MANY2(() => {
                const line = this.CONSUME(MapLine);
                this.ACTION(() => rows.push({ text: line.image.slice(1), span: tokenSpan(line) }));
              });
              this.CONSUME(RBrace);
              this.ACTION(() => maps.push({ rows, span: this.spanFrom(mstart) }));
            },
          },
          {
            ALT: () => {
              this.CONSUME(kw("legend"));
              this.CONSUME3(LBrace);
              this.MANY3(() => {
                const e = this.SUBRULE(this.legendEntry);
                this.ACTION(() => legend.push(e));
              });
              this.CONSUME2(RBrace);
            },
          },
          {
            ALT: () => {
              const s = this.SUBRULE(this.showBlock);
              this.ACTION(() => (show = show.concat(s)));
            },
          },
          ],
        }),
      );
      this.CONSUME3(RBrace);
    });
    return this.ACTION(
      (): Decl => ({
        kind: "BoardDecl",
        name: this.name(name),
        perPlayer: !!perPlayer,
        topology,
        attributes,
        maps,
        legend,
        show,
        span: this.spanFrom(start),
      }),
    );
  });

  legendEntry = this.RULE("legendEntry", (): LegendEntry => {
    const keyTok = this.OR([
      { ALT: () => this.CONSUME(Identifier) },
      { ALT: () => this.CONSUME(NumberLit) },
      { ALT: () => this.CONSUME(StringLit) },
    ]);
    this.CONSUME(Colon);
    const assigns: { name: Name; value?: Expr; span: Span }[] = [];
    let hole = false;
    // `none` is also a word; listed first, it wins: an attribute cannot be called `none`.
    this.OR2({
      IGNORE_AMBIGUITIES: true,
      DEF: [
      {
        ALT: () => {
          this.CONSUME(kw("none"));
          hole = true;
        },
      },
      {
        ALT: () => {
          this.AT_LEAST_ONE_SEP({
            SEP: Comma,
            DEF: () => {
              const n = this.CONSUME2(Word);
              const value = this.OPTION(() => {
                this.CONSUME(Equals);
                return this.SUBRULE(this.expression);
              });
              this.ACTION(() => assigns.push(value ? { name: this.name(n), value, span: this.spanFrom(n) } : { name: this.name(n), span: this.spanFrom(n) }));
            },
          });
        },
      },
      ],
    });
    return this.ACTION(() => ({
      key: keyTok.tokenType === StringLit ? unquote(keyTok.image) : keyTok.image,
      hole,
      assigns,
      span: this.spanFrom(keyTok),
    }));
  });

  zoneDecl = this.RULE("zoneDecl", (): Decl => {
    // `zone` and `bag` are contextual: a board may well have a space attribute called `zone`.
    const start = this.CONSUME(Identifier);
    this.ACTION(() => {
      if (isReal(start) && start.image !== "zone" && start.image !== "bag") {
        this.problems.push({
          code: "parse-expected-token",
          message: `expected a declaration but found \`${start.image}\``,
          span: tokenSpan(start),
          ...(didYouMean(start.image, ["zone", "bag"]) ? { hint: didYouMean(start.image, ["zone", "bag"])! } : {}),
        });
      }
    });
    const name = this.CONSUME2(Identifier);
    // `zone market x4: …`: several numbered zones of one name (a row of displays, factories, tiles).
    const copies = this.OPTION3({
      GATE: () => /^x\d*$/.test(this.LA(1).image) && this.LA(1).tokenType === Identifier,
      DEF: () => {
        const countTok = this.CONSUME5(Identifier);
        const extra = this.OPTION4(() => this.CONSUME(NumberLit));
        return this.ACTION(() => this.readCount(countTok, extra));
      },
    });
    const perPlayer = this.OPTION(() => {
      this.SUBRULE(this.perPlayer);
      return true;
    });
    this.CONSUME(Colon);
    const kindName = this.CONSUME4(Identifier);
    const options: { name: Name; value?: Expr; span: Span }[] = [];
    // The next line may start another `zone`: that is never an option.
    this.MANY({
      GATE: () => !isZoneWord(this.LA(1)),
      DEF: () => {
      const o = this.CONSUME3(Identifier);
      // Only `limit` takes a value; without the gate `owner limit 7` would read `limit` as owner's value.
      const value = this.OPTION2({ GATE: () => o.image === "limit", DEF: () => this.SUBRULE(this.expression) });
      this.ACTION(() => options.push(value ? { name: this.name(o), value, span: this.spanFrom(o) } : { name: this.name(o), span: this.spanFrom(o) }));
      },
    });
    return this.ACTION(() => ({
      kind: "ZoneDecl",
      name: this.name(name),
      perPlayer: !!perPlayer,
      bag: start.image === "bag",
      kindName: this.name(kindName),
      options,
      ...(copies !== undefined ? { copies } : {}),
      span: this.spanFrom(start),
    }));
  });

  varDecl = this.RULE("varDecl", (): Decl => {
    const start = this.CONSUME(kw("var"));
    const field = this.SUBRULE(this.fieldDecl);
    return this.ACTION(() => ({ kind: "VarDecl", field, span: this.spanFrom(start) }));
  });

  perPlayerDecl = this.RULE("perPlayerDecl", (): Decl => {
    const start = this.LA(1);
    this.SUBRULE(this.perPlayer);
    const fields: FieldDecl[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const f = this.SUBRULE(this.fieldDecl);
      this.ACTION(() => fields.push(f));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "PerPlayerDecl", fields, span: this.spanFrom(start) }));
  });

  tableDecl = this.RULE("tableDecl", (): Decl => {
    const start = this.CONSUME(kw("table"));
    const name = this.CONSUME(Identifier);
    const rows: TableRow[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const first = this.LA(1);
      const key = this.SUBRULE(this.tableKey);
      this.CONSUME(Arrow);
      const value = this.SUBRULE(this.expression);
      this.OPTION(() => this.CONSUME(Comma));
      this.ACTION(() => rows.push({ key, value, span: this.spanFrom(first) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "TableDecl", name: this.name(name), rows, span: this.spanFrom(start) }));
  });

  signedNumber = this.RULE("signedNumber", (): number => {
    const neg = this.OPTION(() => this.CONSUME(Minus));
    const n = this.CONSUME(NumberLit);
    return this.ACTION(() => (neg ? -1 : 1) * Number(n.image));
  });

  tableKey = this.RULE("tableKey", (): TableKey =>
    this.OR([
      {
        ALT: () => {
          const first = this.LA(1);
          const from = this.SUBRULE(this.signedNumber);
          let to: number | null = from;
          this.OPTION(() => {
            this.CONSUME(DotDot);
            to = null;
            this.OPTION2(() => {
              to = this.SUBRULE2(this.signedNumber);
            });
          });
          return this.ACTION((): TableKey => ({ kind: "NumberKey", from, to, span: this.spanFrom(first) }));
        },
      },
      {
        ALT: () => {
          const n = this.CONSUME(Identifier);
          return this.ACTION((): TableKey => ({ kind: "NameKey", name: this.name(n), span: this.span(n) }));
        },
      },
    ]),
  );

  params = this.RULE("params", (): Param[] => {
    const list: Param[] = [];
    this.CONSUME(LParen);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        const n = this.CONSUME(Identifier);
        this.CONSUME(Colon);
        const type = this.SUBRULE(this.typeExpr);
        this.ACTION(() => list.push({ name: this.name(n), type, span: this.spanFrom(n) }));
      },
    });
    this.CONSUME(RParen);
    return list;
  });

  defineDecl = this.RULE("defineDecl", (): Decl => {
    const start = this.CONSUME(kw("define"));
    const name = this.CONSUME(Identifier);
    const params = this.SUBRULE(this.params);
    const returns = this.OPTION(() => {
      this.CONSUME(Colon);
      return this.SUBRULE(this.typeExpr);
    });
    this.CONSUME(Equals);
    const body = this.SUBRULE(this.expression);
    return this.ACTION(() => {
      const d: Decl = { kind: "DefineDecl", name: this.name(name), params, body, span: this.spanFrom(start) };
      if (returns) d.returns = returns;
      return d;
    });
  });

  ruleDecl = this.RULE("ruleDecl", (): Decl => {
    const start = this.CONSUME(kw("rule"));
    const name = this.CONSUME(Identifier);
    const params = this.SUBRULE(this.params);
    const requires: Requirement[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const r = this.CONSUME(kw("require"));
      const cond = this.SUBRULE(this.expression);
      const reason = this.OPTION(() => {
        this.CONSUME(kw("else"));
        return this.SUBRULE2(this.expression);
      });
      this.ACTION(() => requires.push(reason ? { cond, reason, span: this.spanFrom(r) } : { cond, span: this.spanFrom(r) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "RuleDecl", name: this.name(name), params, requires, span: this.spanFrom(start) }));
  });

  procedureDecl = this.RULE("procedureDecl", (): Decl => {
    const start = this.CONSUME(kw("procedure"));
    const name = this.CONSUME(Identifier);
    const params = this.SUBRULE(this.params);
    const returns = this.OPTION(() => {
      this.CONSUME(Colon);
      return this.SUBRULE(this.typeExpr);
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => {
      const d: Decl = { kind: "ProcedureDecl", name: this.name(name), params, body, span: this.spanFrom(start) };
      if (returns) d.returns = returns;
      return d;
    });
  });

  setupDecl = this.RULE("setupDecl", (): Decl => {
    const start = this.CONSUME(kw("setup"));
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "SetupDecl", body, span: this.spanFrom(start) }));
  });

  flowDecl = this.RULE("flowDecl", (): Decl => {
    const start = this.CONSUME(kw("flow"));
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "FlowDecl", body, span: this.spanFrom(start) }));
  });

  eventDecl = this.RULE("eventDecl", (): Decl => {
    const start = this.CONSUME(kw("event"));
    const name = this.CONSUME(Identifier);
    const params = this.SUBRULE(this.params);
    return this.ACTION(() => ({ kind: "EventDecl", name: this.name(name), params, span: this.spanFrom(start) }));
  });

  onDecl = this.RULE("onDecl", (): Decl => {
    const start = this.CONSUME(kw("on"));
    const event = this.CONSUME(Identifier);
    const binds: Name[] = [];
    this.CONSUME(LParen);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        const b = this.CONSUME2(Identifier);
        this.ACTION(() => binds.push(this.name(b)));
      },
    });
    this.CONSUME(RParen);
    const where = this.OPTION(() => {
      this.CONSUME(kw("where"));
      return this.SUBRULE(this.expression);
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => {
      const d: Decl = { kind: "OnDecl", event: this.name(event), binds, body, span: this.spanFrom(start) };
      if (where) d.where = where;
      return d;
    });
  });

  hookDecl = this.RULE("hookDecl", (): Decl => {
    const start = this.CONSUME(kw("hook"));
    const name = this.CONSUME(Identifier);
    const params = this.SUBRULE(this.params);
    this.CONSUME(Colon);
    const returns = this.SUBRULE(this.typeExpr);
    this.CONSUME(Equals);
    const body = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: "HookDecl", name: this.name(name), params, returns, body, span: this.spanFrom(start) }));
  });

  modifyDecl = this.RULE("modifyDecl", (): Decl => {
    const start = this.CONSUME(kw("modify"));
    const hook = this.CONSUME(Identifier);
    const when = this.OPTION(() => {
      this.CONSUME(kw("when"));
      return this.SUBRULE(this.expression);
    });
    this.CONSUME(Equals);
    const value = this.SUBRULE2(this.expression);
    return this.ACTION(() => {
      const d: Decl = { kind: "ModifyDecl", hook: this.name(hook), value, span: this.spanFrom(start) };
      if (when) d.when = when;
      return d;
    });
  });

  scoringDecl = this.RULE("scoringDecl", (): Decl => {
    const start = this.CONSUME(kw("scoring"));
    const player = this.CONSUME(Identifier);
    let points: Expr | undefined;
    const tiebreaks: Tiebreak[] = [];
    this.CONSUME(LBrace);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.contextual(1, "points", "in `scoring`");
            const e = this.SUBRULE(this.expression);
            this.ACTION(() => (points = e));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw("tiebreak"));
            const dir = this.CONSUME2(Identifier);
            const value = this.SUBRULE2(this.expression);
            this.ACTION(() => {
              if (isReal(dir) && dir.image !== "most" && dir.image !== "fewest") {
                this.problems.push({ code: "parse-expected-token", message: `expected \`most\` or \`fewest\` but found \`${dir.image}\``, span: tokenSpan(dir) });
              }
              tiebreaks.push({ most: dir.image !== "fewest", value, span: this.spanFrom(t) });
            });
          },
        },
      ]),
    );
    this.CONSUME(RBrace);
    return this.ACTION(() => {
      const d: Decl = { kind: "ScoringDecl", player: this.name(player), tiebreaks, span: this.spanFrom(start) };
      if (points) d.points = points;
      return d;
    });
  });

  variantDecl = this.RULE("variantDecl", (): Decl => {
    const start = this.CONSUME(kw("variant"));
    const title = this.CONSUME(StringLit);
    const ext = this.OPTION(() => {
      this.CONSUME(kw("extends"));
      return this.CONSUME2(StringLit);
    });
    const items: { override: boolean; decl: Decl; span: Span }[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const first = this.LA(1);
      const over = this.OPTION2(() => this.CONSUME(kw("override")));
      const decl = this.SUBRULE(this.declaration);
      this.ACTION(() => items.push({ override: !!over, decl, span: this.spanFrom(first) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => {
      const d: Decl = { kind: "VariantDecl", title: unquote(title.image), titleSpan: this.span(title), items, span: this.spanFrom(start) };
      if (ext) d.extendsFile = { path: unquote(ext.image), span: this.span(ext) };
      return d;
    });
  });

  // ------------------------------------------------------------ types

  typeExpr = this.RULE(
    "typeExpr",
    (): TypeExpr =>
      this.OR([
        {
          ALT: () => {
            const start = this.CONSUME(kw("list"));
            this.CONSUME(kw("of"));
            const of = this.SUBRULE(this.typeExpr);
            return this.ACTION((): TypeExpr => ({ kind: "ListType", of, span: this.spanFrom(start) }));
          },
        },
        {
          ALT: () => {
            const start = this.LA(1);
            this.SUBRULE(this.perPlayer);
            const of = this.SUBRULE2(this.typeExpr);
            return this.ACTION((): TypeExpr => ({ kind: "PerPlayerType", of, span: this.spanFrom(start) }));
          },
        },
        {
          ALT: () => {
            const t = this.OR2([{ ALT: () => this.CONSUME(kw("space")) }, { ALT: () => this.CONSUME(kw("board")) }]);
            return this.ACTION((): TypeExpr => ({ kind: "TypeName", name: this.name(t), span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(Identifier);
            return this.ACTION((): TypeExpr => ({ kind: "TypeName", name: this.name(t), span: this.span(t) }));
          },
        },
      ]),
    { recoveryValueFunc: (): TypeExpr => ({ kind: "TypeName", name: { text: "?", span: NO_SPAN }, span: NO_SPAN }) },
  );

  // ------------------------------------------------------------ statements

  block = this.RULE(
    "block",
    (): Block => {
      const start = this.CONSUME(LBrace);
      const stmts: Stmt[] = [];
      this.MANY({
        GATE: () => this.LA(1).tokenType !== RBrace && this.LA(1).tokenType !== EOF && !startsDeclarationLine(this.LA(1)),
        DEF: () =>
          this.OR({
            IGNORE_AMBIGUITIES: true,
            MAX_LOOKAHEAD: 1,
            DEF: [
              {
                GATE: () => STATEMENT_STARTS.has(this.LA(1).tokenType),
                ALT: () => {
                  const s = this.SUBRULE(this.statement);
                  this.ACTION(() => {
                    if (s) stmts.push(s);
                  });
                },
              },
              { ALT: () => this.skipUntil("a statement", (t) => STATEMENT_STARTS.has(t.tokenType)) },
            ],
          }),
      });
      this.CONSUME(RBrace);
      return this.ACTION(() => ({ kind: "Block", stmts, span: this.spanFrom(start) }));
    },
    { recoveryValueFunc: (): Block => ({ kind: "Block", stmts: [], span: NO_SPAN }) },
  );

  statement = this.RULE(
    "statement",
    (): Stmt | null =>
      this.OR1({
        MAX_LOOKAHEAD: 1,
        DEF: [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.repeatStmt) },
        { ALT: () => this.SUBRULE(this.loopStmt) },
        { ALT: () => this.SUBRULE(this.simpleStmt) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        { ALT: () => this.SUBRULE(this.turnStmt) },
        { ALT: () => this.SUBRULE(this.chooseBlockStmt) },
        { ALT: () => this.SUBRULE(this.effectStmt) },
        { ALT: () => this.SUBRULE(this.exprStmt) },
        {
          ALT: () => {
            this.CONSUME(Semicolon);
            return null;
          },
        },
        ],
      }),
    { recoveryValueFunc: (): Stmt => ({ kind: "ErrorStmt", span: NO_SPAN }) },
  );

  letStmt = this.RULE("letStmt", (): Stmt => {
    const start = this.CONSUME(kw("let"));
    const name = this.CONSUME(Identifier);
    const type = this.OPTION(() => {
      this.CONSUME(Colon);
      return this.SUBRULE(this.typeExpr);
    });
    this.CONSUME(Equals);
    const value = this.OR([
      { ALT: () => this.SUBRULE(this.chooseExpr) as Expr | ChooseExpr | SecretChooseExpr },
      { ALT: () => this.SUBRULE(this.secretChooseExpr) },
      { ALT: () => this.SUBRULE(this.expression) },
    ]);
    return this.ACTION(() => {
      const s: Stmt = { kind: "LetStmt", name: this.name(name), value, span: this.spanFrom(start) };
      if (type) s.type = type;
      return s;
    });
  });

  ifStmt = this.RULE("ifStmt", (): Stmt => {
    const start = this.CONSUME(kw("if"));
    const cond = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block);
    const otherwise = this.OPTION(() => {
      this.CONSUME(kw("else"));
      return this.OR([
        { ALT: () => this.SUBRULE(this.ifStmt) as Block | Stmt },
        { ALT: () => this.SUBRULE2(this.block) },
      ]);
    });
    return this.ACTION(() => {
      const s: Stmt = { kind: "IfStmt", cond, then, span: this.spanFrom(start) };
      if (otherwise) s.else = otherwise as Block | Extract<Stmt, { kind: "IfStmt" }>;
      return s;
    });
  });

  forStmt = this.RULE("forStmt", (): Stmt => {
    const start = this.CONSUME(kw("for"));
    const v = this.CONSUME(Identifier);
    this.CONSUME(kw("in"));
    const source = this.SUBRULE(this.orExpr);
    const where = this.OPTION(() => {
      this.CONSUME(kw("where"));
      return this.SUBRULE(this.expression);
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => {
      const s: Stmt = { kind: "ForStmt", variable: this.name(v), source, body, span: this.spanFrom(start) };
      if (where) s.where = where;
      return s;
    });
  });

  whileStmt = this.RULE("whileStmt", (): Stmt => {
    const start = this.CONSUME(kw("while"));
    const cond = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "WhileStmt", cond, body, span: this.spanFrom(start) }));
  });

  repeatStmt = this.RULE("repeatStmt", (): Stmt => {
    const start = this.CONSUME(kw("repeat"));
    const count = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "RepeatStmt", count, body, span: this.spanFrom(start) }));
  });

  loopStmt = this.RULE("loopStmt", (): Stmt => {
    const start = this.CONSUME(kw("loop"));
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "LoopStmt", body, span: this.spanFrom(start) }));
  });

  /** Statements made of keywords only. */
  simpleStmt = this.RULE("simpleStmt", (): Stmt =>
    this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(kw("break"));
          return this.ACTION((): Stmt => ({ kind: "BreakStmt", span: this.span(t) }));
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(kw("continue"));
          return this.ACTION((): Stmt => ({ kind: "ContinueStmt", span: this.span(t) }));
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(kw("end"));
          this.CONSUME(kw("game"));
          return this.ACTION((): Stmt => ({ kind: "EndStmt", span: this.spanFrom(t) }));
        },
      },
    ]),
  );

  returnStmt = this.RULE("returnStmt", (): Stmt => {
    const start = this.CONSUME(kw("return"));
    // A value follows only on the same line: `return` alone ends a procedure.
    const value = this.OPTION({
      GATE: () => this.LA(1).startLine === start.startLine,
      DEF: () => this.SUBRULE(this.expression),
    });
    return this.ACTION(() => {
      const s: Stmt = { kind: "ReturnStmt", span: this.spanFrom(start) };
      if (value) s.value = value;
      return s;
    });
  });

  turnStmt = this.RULE("turnStmt", (): Stmt => {
    const start = this.CONSUME(kw("turn"));
    const player = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "TurnStmt", player, body, span: this.spanFrom(start) }));
  });

  chooseBlockStmt = this.RULE("chooseBlockStmt", (): Stmt => {
    const start = this.CONSUME(kw("choose"));
    let by: Expr | undefined;
    let prompt: Expr | undefined;
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(kw("by"));
            const e = this.SUBRULE(this.expression);
            this.ACTION(() => (by = e));
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw("prompt"));
            const e = this.SUBRULE2(this.expression);
            this.ACTION(() => (prompt = e));
          },
        },
      ]),
    );
    const options: ChoiceOption[] = [];
    this.CONSUME(LBrace);
    this.AT_LEAST_ONE(() => {
      const o = this.CONSUME(kw("option"));
      const label = this.SUBRULE3(this.expression);
      const when = this.OPTION(() => {
        this.CONSUME(kw("when"));
        return this.SUBRULE4(this.expression);
      });
      const body = this.SUBRULE(this.block);
      this.ACTION(() => options.push(when ? { label, when, body, span: this.spanFrom(o) } : { label, body, span: this.spanFrom(o) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => {
      const s: Stmt = { kind: "ChooseBlockStmt", options, span: this.spanFrom(start) };
      if (by) s.by = by;
      if (prompt) s.prompt = prompt;
      return s;
    });
  });

  chooseClauses = this.RULE(
    "chooseClauses",
    (): { by?: Expr; prompt?: Expr; stop?: StopClause; wheres: WhereClause[] } => {
      const out: { by?: Expr; prompt?: Expr; stop?: StopClause; wheres: WhereClause[] } = { wheres: [] };
      this.MANY(() =>
        this.OR([
          {
            ALT: () => {
              this.CONSUME(kw("by"));
              const e = this.SUBRULE(this.expression);
              this.ACTION(() => (out.by = e));
            },
          },
          {
            ALT: () => {
              this.CONSUME(kw("prompt"));
              const e = this.SUBRULE2(this.expression);
              this.ACTION(() => (out.prompt = e));
            },
          },
          {
            ALT: () => {
              const s = this.CONSUME(kw("stop"));
              const label = this.SUBRULE3(this.expression);
              const when = this.OPTION(() => {
                this.CONSUME(kw("when"));
                return this.SUBRULE4(this.expression);
              });
              this.ACTION(() => (out.stop = when ? { label, when, span: this.spanFrom(s) } : { label, span: this.spanFrom(s) }));
            },
          },
          {
            ALT: () => {
              const w = this.CONSUME(kw("where"));
              const cond = this.SUBRULE5(this.expression);
              const reason = this.OPTION2(() => {
                this.CONSUME(kw("else"));
                return this.SUBRULE6(this.expression);
              });
              this.ACTION(() => out.wheres.push(reason ? { cond, reason, span: this.spanFrom(w) } : { cond, span: this.spanFrom(w) }));
            },
          },
        ]),
      );
      return out;
    },
  );

  chooseExpr = this.RULE("chooseExpr", (): ChooseExpr => {
    const start = this.CONSUME(kw("choose"));
    const v = this.CONSUME(Identifier);
    this.CONSUME(kw("from"));
    const source = this.SUBRULE(this.orExpr);
    const clauses = this.SUBRULE(this.chooseClauses);
    return this.ACTION(() => {
      const c: ChooseExpr = { kind: "ChooseExpr", variable: this.name(v), source, wheres: clauses.wheres, span: this.spanFrom(start) };
      if (clauses.by) c.by = clauses.by;
      if (clauses.prompt) c.prompt = clauses.prompt;
      if (clauses.stop) c.stop = clauses.stop;
      return c;
    });
  });

  secretChooseExpr = this.RULE("secretChooseExpr", (): SecretChooseExpr => {
    const start = this.CONSUME(kw("secretly"));
    this.CONSUME(kw("each"));
    const chooser = this.CONSUME(Identifier);
    this.CONSUME(kw("in"));
    const choosers = this.SUBRULE(this.orExpr);
    this.CONSUME(kw("chooses"));
    const v = this.CONSUME2(Identifier);
    this.CONSUME(kw("from"));
    const source = this.SUBRULE2(this.orExpr);
    const clauses = this.SUBRULE(this.chooseClauses);
    return this.ACTION(() => {
      if (clauses.by) {
        this.problems.push({ code: "parse-expected-token", message: "a secret choice has no `by`: each player in the list chooses", span: clauses.by.span });
      }
      const c: SecretChooseExpr = {
        kind: "SecretChooseExpr",
        chooser: this.name(chooser),
        choosers,
        variable: this.name(v),
        source,
        wheres: clauses.wheres,
        span: this.spanFrom(start),
      };
      if (clauses.prompt) c.prompt = clauses.prompt;
      if (clauses.stop) c.stop = clauses.stop;
      return c;
    });
  });

  effectStmt = this.RULE("effectStmt", (): Stmt =>
    this.OR([
      {
        ALT: () => {
          const start = this.CONSUME(kw("move"));
          const piece = this.SUBRULE(this.expression);
          this.CONSUME(kw("to"));
          const to = this.SUBRULE2(this.expression);
          return this.ACTION((): Stmt => ({ kind: "MoveStmt", piece, to, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("deal"));
          const count = this.SUBRULE3(this.expression);
          this.CONSUME(kw("from"));
          const from = this.SUBRULE4(this.expression);
          this.CONSUME2(kw("to"));
          const to = this.SUBRULE5(this.expression);
          return this.ACTION((): Stmt => ({ kind: "DealStmt", count, from, to, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("shuffle"));
          const zone = this.SUBRULE6(this.expression);
          return this.ACTION((): Stmt => ({ kind: "ShuffleStmt", zone, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("place"));
          const piece = this.SUBRULE7(this.expression);
          this.CONSUME(kw("at"));
          const at = this.SUBRULE8(this.expression);
          let faceDown = false;
          this.OPTION(() => {
            this.CONSUME(kw("face"));
            const d = this.contextualUpDown(1);
            this.ACTION(() => (faceDown = !d));
          });
          return this.ACTION((): Stmt => ({ kind: "PlaceStmt", piece, at, faceDown, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("flip"));
          const piece = this.SUBRULE9(this.expression);
          this.CONSUME2(kw("face"));
          const up = this.contextualUpDown(2);
          return this.ACTION((): Stmt => ({ kind: "FlipStmt", piece, up, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("remove"));
          const piece = this.subrule(10, this.expression);
          return this.ACTION((): Stmt => ({ kind: "RemoveStmt", piece, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("trigger"));
          const event = this.CONSUME(Identifier);
          const args = this.SUBRULE(this.args);
          return this.ACTION((): Stmt => ({ kind: "TriggerStmt", event: this.name(event), args, span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("log"));
          const value = this.subrule(11, this.expression);
          return this.ACTION((): Stmt => ({ kind: "LogStmt", value, span: this.spanFrom(start) }));
        },
      },
    ]),
  );

  /** `up` (true) or `down` (false). */
  private contextualUpDown(idx: number): boolean {
    const t = this.consume(idx + 10, Identifier);
    return this.ACTION(() => {
      if (isReal(t) && t.image !== "up" && t.image !== "down") {
        this.problems.push({ code: "parse-expected-token", message: `expected \`up\` or \`down\` after \`face\` but found \`${t.image}\``, span: tokenSpan(t) });
      }
      return t.image !== "down";
    });
  }

  /** A call, or an assignment to a name, field or index. */
  exprStmt = this.RULE("exprStmt", (): Stmt => {
    const start = this.LA(1);
    const target = this.SUBRULE(this.postfixExpr);
    const assign = this.OPTION(() => {
      const op = this.OR([
        { ALT: () => this.CONSUME(Equals) },
        { ALT: () => this.CONSUME(PlusEq) },
        { ALT: () => this.CONSUME(MinusEq) },
      ]);
      // `x = choose …` stores a choice anywhere a value can go, as `let` does for a new name.
      const value = this.OR2([
        { ALT: () => this.SUBRULE(this.chooseExpr) as Expr | ChooseExpr | SecretChooseExpr },
        { ALT: () => this.SUBRULE(this.secretChooseExpr) },
        { ALT: () => this.SUBRULE(this.expression) },
      ]);
      return { op: op.image as AssignOp, value };
    });
    return this.ACTION((): Stmt => {
      const span = this.spanFrom(start);
      if (assign) return { kind: "AssignStmt", target, op: assign.op, value: assign.value, span };
      if (target.kind === "CallExpr") return { kind: "CallStmt", call: target, span };
      if (target.kind !== "ErrorExpr") {
        this.problems.push({
          code: "parse-invalid-statement",
          message: "this expression does nothing on its own: a statement is a call or an assignment",
          span,
        });
      }
      return { kind: "ErrorStmt", span };
    });
  });

  // ------------------------------------------------------------ expressions

  expression = this.RULE(
    "expression",
    (): Expr =>
      this.OR([
        {
          ALT: () => {
            const start = this.CONSUME(kw("if"));
            const cond = this.SUBRULE(this.expression);
            this.CONSUME(kw("then"));
            const then = this.SUBRULE2(this.expression);
            this.CONSUME(kw("else"));
            const otherwise = this.SUBRULE3(this.expression);
            return this.ACTION((): Expr => ({ kind: "IfExpr", cond, then, else: otherwise, span: this.spanFrom(start) }));
          },
        },
        { ALT: () => this.SUBRULE(this.orExpr) },
      ]),
    { recoveryValueFunc: (): Expr => ({ kind: "ErrorExpr", span: NO_SPAN }) },
  );

  orExpr = this.RULE("orExpr", (): Expr => {
    let left = this.SUBRULE(this.andExpr);
    this.MANY(() => {
      this.CONSUME(kw("or"));
      const right = this.SUBRULE2(this.andExpr);
      this.ACTION(() => (left = this.binary("or", left, right)));
    });
    return left;
  });

  andExpr = this.RULE("andExpr", (): Expr => {
    let left = this.SUBRULE(this.notExpr);
    this.MANY(() => {
      this.CONSUME(kw("and"));
      const right = this.SUBRULE2(this.notExpr);
      this.ACTION(() => (left = this.binary("and", left, right)));
    });
    return left;
  });

  notExpr = this.RULE("notExpr", (): Expr =>
    this.OR([
      {
        ALT: () => {
          const start = this.CONSUME(kw("not"));
          const operand = this.SUBRULE(this.notExpr);
          return this.ACTION((): Expr => ({ kind: "UnaryExpr", op: "not", operand, span: this.spanFrom(start) }));
        },
      },
      { ALT: () => this.SUBRULE(this.cmpExpr) },
    ]),
  );

  cmpExpr = this.RULE("cmpExpr", (): Expr => {
    const start = this.LA(1);
    let left = this.SUBRULE(this.rangeExpr);
    this.OPTION(() =>
      this.OR([
        {
          ALT: () => {
            const op = this.OR2([
              { ALT: () => this.CONSUME(EqEq) },
              { ALT: () => this.CONSUME(NotEq) },
              { ALT: () => this.CONSUME(LtEq) },
              { ALT: () => this.CONSUME(GtEq) },
              { ALT: () => this.CONSUME(Lt) },
              { ALT: () => this.CONSUME(Gt) },
              { ALT: () => this.CONSUME(kw("in")) },
            ]);
            const right = this.SUBRULE2(this.rangeExpr);
            this.ACTION(() => (left = this.binary(op.image as BinaryOp, left, right)));
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw("is"));
            const k = this.CONSUME(Identifier);
            this.ACTION(() => (left = { kind: "IsExpr", value: left, kindName: this.name(k), span: this.spanFrom(start) }));
          },
        },
      ]),
    );
    return left;
  });

  rangeExpr = this.RULE("rangeExpr", (): Expr => {
    let left = this.SUBRULE(this.addExpr);
    this.OPTION(() => {
      this.CONSUME(DotDot);
      const right = this.SUBRULE2(this.addExpr);
      this.ACTION(() => {
        // While recovering from a syntax error a side may be missing: stand in an error expression.
        const from = left ?? this.errExpr();
        const to = right ?? this.errExpr();
        left = { kind: "RangeExpr", from, to, span: { start: from.span.start, end: to.span.end } };
      });
    });
    return left;
  });

  addExpr = this.RULE("addExpr", (): Expr => {
    let left = this.SUBRULE(this.mulExpr);
    this.MANY(() => {
      const op = this.OR([{ ALT: () => this.CONSUME(Plus) }, { ALT: () => this.CONSUME(Minus) }]);
      const right = this.SUBRULE2(this.mulExpr);
      this.ACTION(() => (left = this.binary(op.image as BinaryOp, left, right)));
    });
    return left;
  });

  mulExpr = this.RULE("mulExpr", (): Expr => {
    let left = this.SUBRULE(this.unaryExpr);
    this.MANY(() => {
      const op = this.OR([
        { ALT: () => this.CONSUME(Star) },
        { ALT: () => this.CONSUME(Slash) },
        { ALT: () => this.CONSUME(Percent) },
      ]);
      const right = this.SUBRULE2(this.unaryExpr);
      this.ACTION(() => (left = this.binary(op.image as BinaryOp, left, right)));
    });
    return left;
  });

  unaryExpr = this.RULE("unaryExpr", (): Expr =>
    this.OR([
      {
        ALT: () => {
          const start = this.CONSUME(Minus);
          const operand = this.SUBRULE(this.unaryExpr);
          return this.ACTION((): Expr =>
            operand.kind === "NumberLit"
              ? { kind: "NumberLit", value: -operand.value, span: this.spanFrom(start) }
              : { kind: "UnaryExpr", op: "-", operand, span: this.spanFrom(start) },
          );
        },
      },
      { ALT: () => this.SUBRULE(this.postfixExpr) },
    ]),
  );

  postfixExpr = this.RULE("postfixExpr", (): Expr => {
    const start = this.LA(1);
    let e = this.SUBRULE(this.primary);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(Dot);
            const f = this.CONSUME(Word);
            this.ACTION(() => (e = { kind: "FieldExpr", object: e, field: this.name(f), span: this.spanFrom(start) }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(LBracket);
            const index = this.SUBRULE(this.expression);
            this.CONSUME(RBracket);
            this.ACTION(() => (e = { kind: "IndexExpr", object: e, index, span: this.spanFrom(start) }));
          },
        },
        {
          ALT: () => {
            const args = this.SUBRULE(this.args);
            this.ACTION(() => {
              if (e.kind === "NameExpr") {
                e = { kind: "CallExpr", callee: { text: e.name, span: e.span }, args, span: this.spanFrom(start) };
              } else {
                this.problems.push({
                  code: "parse-invalid-statement",
                  message: "only a name can be called: write `f(x)`",
                  span: this.spanFrom(start),
                });
              }
            });
          },
        },
      ]),
    );
    return e;
  });

  args = this.RULE("args", (): Arg[] => {
    const list: Arg[] = [];
    this.CONSUME(LParen);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        const first = this.LA(1);
        const a = this.OR([
          {
            ALT: () => {
              const n = this.CONSUME(Identifier);
              this.CONSUME(Colon);
              const value = this.SUBRULE(this.expression);
              return this.ACTION((): Arg => ({ name: this.name(n), value, span: this.spanFrom(first) }));
            },
          },
          {
            ALT: () => {
              const value = this.SUBRULE2(this.expression);
              return this.ACTION((): Arg => ({ value, span: this.spanFrom(first) }));
            },
          },
        ]);
        this.ACTION(() => list.push(a));
      },
    });
    this.CONSUME(RParen);
    return list;
  });

  primary = this.RULE(
    "primary",
    (): Expr =>
      this.OR([
        {
          ALT: () => {
            const t = this.CONSUME(NumberLit);
            return this.ACTION((): Expr => ({ kind: "NumberLit", value: Number(t.image), span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(StringLit);
            return this.ACTION((): Expr => this.stringExpr(t));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw("true"));
            return this.ACTION((): Expr => ({ kind: "BoolLit", value: true, span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw("false"));
            return this.ACTION((): Expr => ({ kind: "BoolLit", value: false, span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw("none"));
            return this.ACTION((): Expr => ({ kind: "NoneLit", span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw("current"));
            return this.ACTION((): Expr => ({ kind: "CurrentExpr", span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw("this"));
            return this.ACTION((): Expr => ({ kind: "ThisExpr", span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(Identifier);
            return this.ACTION((): Expr => ({ kind: "NameExpr", name: t.image, span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(LParen);
            const e = this.SUBRULE(this.expression);
            this.CONSUME(RParen);
            return e;
          },
        },
        { ALT: () => this.SUBRULE(this.listExpr) },
        { ALT: () => this.SUBRULE(this.comprehension) },
        {
          ALT: () => {
            const start = this.LA(1);
            this.SUBRULE(this.perPlayer);
            const v = this.CONSUME2(Identifier);
            this.CONSUME(Colon);
            const body = this.SUBRULE2(this.expression);
            return this.ACTION((): Expr => ({ kind: "PerPlayerExpr", variable: this.name(v), body, span: this.spanFrom(start) }));
          },
        },
        {
          ALT: () => {
            const start = this.LA(1);
            const rows: string[] = [];
            this.AT_LEAST_ONE(() => {
              const line = this.CONSUME(MapLine);
              this.ACTION(() => rows.push(line.image.slice(1)));
            });
            return this.ACTION((): Expr => ({ kind: "ShapeLit", rows, span: this.spanFrom(start) }));
          },
        },
      ]),
    { recoveryValueFunc: (): Expr => ({ kind: "ErrorExpr", span: NO_SPAN }) },
  );

  listExpr = this.RULE("listExpr", (): Expr => {
    const start = this.CONSUME(LBracket);
    let result: Expr | undefined;
    const items: Expr[] = [];
    this.OPTION(() => {
      const first = this.SUBRULE(this.expression);
      this.OR([
        {
          ALT: () => {
            this.CONSUME(kw("for"));
            const v = this.CONSUME(Identifier);
            this.CONSUME(kw("in"));
            const source = this.SUBRULE(this.orExpr);
            const where = this.OPTION2(() => {
              this.CONSUME(kw("where"));
              return this.SUBRULE2(this.expression);
            });
            this.ACTION(() => {
              const c: Expr = { kind: "ComprehensionExpr", form: "list", variable: this.name(v), source, body: first, span: NO_SPAN };
              if (where) c.where = where;
              result = c;
            });
          },
        },
        {
          ALT: () => {
            this.ACTION(() => items.push(first));
            this.MANY(() => {
              this.CONSUME(Comma);
              const e = this.SUBRULE3(this.expression);
              this.ACTION(() => items.push(e));
            });
          },
        },
      ]);
    });
    this.CONSUME(RBracket);
    return this.ACTION((): Expr => {
      const span = this.spanFrom(start);
      if (result) return { ...result, span };
      return { kind: "ListExpr", items, span };
    });
  });

  comprehension = this.RULE("comprehension", (): Expr => {
    const start = this.LA(1);
    return this.OR([
      {
        // count x in S where c  |  first x in S where c
        ALT: () => {
          const formTok = this.OR2([{ ALT: () => this.CONSUME(kw("count")) }, { ALT: () => this.CONSUME(kw("first")) }]);
          const v = this.CONSUME(Identifier);
          this.CONSUME(kw("in"));
          const source = this.SUBRULE(this.orExpr);
          const where = this.OPTION(() => {
            this.CONSUME(kw("where"));
            return this.SUBRULE(this.expression);
          });
          return this.ACTION((): Expr => {
            const c: Expr = {
              kind: "ComprehensionExpr",
              form: formTok.image === "first" ? "first" : "count",
              variable: this.name(v),
              source,
              span: this.spanFrom(start),
            };
            if (where) c.where = where;
            return c;
          });
        },
      },
      {
        // sum e for x in S where c
        ALT: () => {
          const formTok = this.OR3([
            { ALT: () => this.CONSUME(kw("sum")) },
            { ALT: () => this.CONSUME(kw("highest")) },
            { ALT: () => this.CONSUME(kw("lowest")) },
          ]);
          const body = this.SUBRULE2(this.expression);
          this.CONSUME(kw("for"));
          const v = this.CONSUME2(Identifier);
          this.CONSUME2(kw("in"));
          const source = this.SUBRULE2(this.orExpr);
          const where = this.OPTION2(() => {
            this.CONSUME2(kw("where"));
            return this.SUBRULE3(this.expression);
          });
          return this.ACTION((): Expr => {
            const c: Expr = {
              kind: "ComprehensionExpr",
              form: formTok.image as "sum" | "highest" | "lowest",
              variable: this.name(v),
              source,
              body,
              span: this.spanFrom(start),
            };
            if (where) c.where = where;
            return c;
          });
        },
      },
      {
        // any x in S: c
        ALT: () => {
          const formTok = this.OR4([
            { ALT: () => this.CONSUME(kw("any")) },
            { ALT: () => this.CONSUME(kw("all")) },
            { ALT: () => this.CONSUME(kw("no")) },
          ]);
          const v = this.CONSUME3(Identifier);
          this.CONSUME3(kw("in"));
          const source = this.SUBRULE3(this.orExpr);
          this.CONSUME(Colon);
          const body = this.SUBRULE4(this.expression);
          return this.ACTION((): Expr => ({
            kind: "ComprehensionExpr",
            form: formTok.image as "any" | "all" | "no",
            variable: this.name(v),
            source,
            body,
            span: this.spanFrom(start),
          }));
        },
      },
      {
        // sort x in S by key
        ALT: () => {
          this.CONSUME(kw("sort"));
          const v = this.CONSUME4(Identifier);
          this.CONSUME4(kw("in"));
          const source = this.SUBRULE4(this.orExpr);
          this.CONSUME(kw("by"));
          const body = this.SUBRULE5(this.expression);
          return this.ACTION((): Expr => ({
            kind: "ComprehensionExpr",
            form: "sort",
            variable: this.name(v),
            source,
            body,
            span: this.spanFrom(start),
          }));
        },
      },
    ]);
  });

  // ------------------------------------------------------------ action helpers

  private binary(op: BinaryOp, left: Expr | undefined, right: Expr | undefined): Expr {
    // While recovering from a syntax error a side may be missing: stand in an error expression.
    const l = left ?? this.errExpr();
    const r = right ?? this.errExpr();
    return { kind: "BinaryExpr", op, left: l, right: r, span: { start: l.span.start, end: r.span.end } };
  }

  /** Set by `parse.ts`: turns a string token into a literal or a template. */
  stringExpr: (t: IToken) => Expr = (t) => ({ kind: "StringLit", value: unquote(t.image), span: this.span(t) });
}

/** Tokens the error messages name by their label. */
export const TOKEN_LABEL = (t: TokenType): string => (t.LABEL ? t.LABEL : t.name);
