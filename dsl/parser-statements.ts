import { EOF, type IToken } from "chevrotain";
import type { AssignOp, Block, ChoiceClauses, ChoiceOption, ChooseExpr, Expr, MatchArm, Name, SecretChooseExpr, Stmt } from "./ast.ts";
import { tokenSpan, isReal, startsDeclarationLine, STATEMENT_STARTS } from "./parser-base.ts";
import { NO_SPAN, type Span } from "./span.ts";
import { Arrow, Colon, Dot, Equals, Identifier, kw, LBrace, LBracket, LParen, Minus, MinusEq, Plus, PlusEq, RBrace, Semicolon, Word } from "./tokens.ts";
import { TypeGrammar } from "./parser-types.ts";
import { didYouMean } from "./suggest.ts";

/** What comes between `choose` and `from`: the item's name, and for several items their count and bound. */
type PickHead = { count?: Expr; variable: Name; upTo?: true; atLeast?: true };

/** The words a statement starts with, for "did you mean" on a lone name where one was meant. */
/** `into`, after `shuffle z` (`shuffle discard into deck`): not a word of the language, so a name to the lexer. */
function isIntoWord(t: IToken): boolean {
  return t.tokenType === Identifier && t.image === "into";
}

const STATEMENT_WORDS = ["let", "if", "for", "while", "repeat", "loop", "break", "continue", "end", "return", "turn", "choose", "move", "deal", "shuffle", "place", "flip", "remove", "trigger", "log"];

/** Tokens after `label` that make it a name in a statement, not a choice's clause. */
const NOT_AFTER_LABEL = new Set([Equals, PlusEq, MinusEq, Dot, LParen, LBracket]);

/** A choice's clauses without `by` (which only `choose` takes). */
function withoutBy(c: ChoiceClauses & { by?: Expr }): ChoiceClauses {
  const out: ChoiceClauses = { wheres: c.wheres };
  if (c.prompt) out.prompt = c.prompt;
  if (c.stop) out.stop = c.stop;
  if (c.label) out.label = c.label;
  if (c.askAlways) out.askAlways = c.askAlways;
  if (c.ifAny) out.ifAny = c.ifAny;
  return out;
}

/** Blocks and statements: control flow, choices, effects, assignments and calls. */
export abstract class StatementGrammar extends TypeGrammar {
  block = this.RULE(
    "block",
    (): Block => {
      const start = this.CONSUME(LBrace);
      const stmts: Stmt[] = [];
      this.MANY({
        GATE: () => this.blockGoesOn(),
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
        // `match` at the start of a statement is the statement form (arms with blocks), not an expression.
        IGNORE_AMBIGUITIES: true,
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
        { ALT: () => this.SUBRULE(this.matchStmt) },
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
    // A word of the language as the name is one error, and the statement is read on (`declaredName`).
    const name = this.declaredName(this.CONSUME(Word));
    const type = this.OPTION(() => {
      this.CONSUME(Colon);
      return this.SUBRULE(this.typeExpr);
    });
    const equals = this.CONSUME(Equals);
    const value = this.OR([
      // `let again = choose prompt "…" { option … }`: named options give no value. Read as the block
      // it is, with one error, rather than a cascade of them down the rest of the block.
      { GATE: () => this.atNamedOptions(), ALT: () => this.SUBRULE(this.chooseBlockStmt) as Stmt | Expr },
      { ALT: () => this.SUBRULE(this.chooseExpr) as Expr | ChooseExpr | SecretChooseExpr },
      { ALT: () => this.SUBRULE(this.secretChooseExpr) },
      { ALT: () => this.SUBRULE(this.expression) },
    ]);
    return this.ACTION(() => {
      if (value.kind === "ChooseBlockStmt") {
        this.storedOptionsBlock(start, equals);
        return value;
      }
      const s: Stmt = { kind: "LetStmt", name: this.name(name), value: value as Expr, span: this.spanFrom(start) };
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
    const v = this.declaredName(this.CONSUME(Word));
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
    let askAlways: Span | undefined;
    this.MANY({
      GATE: () => this.LA(1).tokenType !== Identifier || this.atAskAlways(),
      DEF: () =>
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
        {
          GATE: () => this.atAskAlways(),
          ALT: () => {
            const s = this.SUBRULE(this.askAlways);
            this.ACTION(() => (askAlways = s));
          },
        },
      ]),
    });
    const options: ChoiceOption[] = [];
    this.CONSUME(LBrace);
    this.AT_LEAST_ONE(() => {
      const o = this.CONSUME(kw("option"));
      const label = this.SUBRULE3(this.expression);
      const at = this.OPTION4(() => {
        this.CONSUME(kw("at"));
        return this.SUBRULE6(this.expression);
      });
      const when = this.OPTION(() => {
        // `option "X" if c`: one error that names `when`, and the option read on (it was "expected `{`").
        const word = this.or(40, [{ ALT: () => this.CONSUME(kw("when")) }, { ALT: () => this.CONSUME(kw("if")) }]);
        this.ACTION(() => {
          if (word.image === "if") {
            this.problems.push({ code: "parse-unexpected-token", message: "an option's condition is written with `when`, not `if`", span: tokenSpan(word), hint: `write \`option … when …\`` });
          }
        });
        const cond = this.SUBRULE4(this.expression);
        // `when c else "…"`: the reason a refusal gives, as `where c else "…"` does.
        const reason = this.OPTION3(() => {
          this.CONSUME(kw("else"));
          return this.SUBRULE5(this.expression);
        });
        return { cond, reason };
      });
      const body = this.SUBRULE(this.block);
      this.ACTION(() => {
        const opt: ChoiceOption = { label, body, span: this.spanFrom(o) };
        if (at) opt.at = at;
        if (when) opt.when = when.cond;
        if (when?.reason) opt.reason = when.reason;
        options.push(opt);
      });
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => {
      const s: Stmt = { kind: "ChooseBlockStmt", options, span: this.spanFrom(start) };
      if (by) s.by = by;
      if (prompt) s.prompt = prompt;
      if (askAlways) s.askAlways = askAlways;
      return s;
    });
  });

  /** `ask always` (two contextual words): the span of both. */
  askAlways = this.RULE("askAlways", (): Span => {
    const start = this.contextual(1, "ask", "");
    this.contextual(2, "always", "after `ask`");
    return this.ACTION(() => this.spanFrom(start));
  });

  /** At `ask always` (contextual words: `ask` stays a usable name elsewhere). */
  /** Does `up to` start here (`choose up to 2 c`, `deal up to 2 from …`)? `up` is a word only there. */
  protected atUpTo(): boolean {
    return this.LA(1).image === "up" && this.LA(1).tokenType === Identifier && this.LA(2).tokenType === kw("to");
  }

  /** Does `at least` start here (`choose at least 2 c from …`; `least` is a word only here)? */
  protected atAtLeast(): boolean {
    return this.LA(1).tokenType === kw("at") && this.LA(2).image === "least" && this.LA(2).tokenType === Identifier;
  }

  /** Does a block of named options start here (`choose` then `prompt`, `by`, `ask` or `{`, never `from`)? */
  protected atNamedOptions(): boolean {
    if (this.LA(1).tokenType !== kw("choose")) return false;
    const next = this.LA(2);
    return next.tokenType === LBrace || next.tokenType === kw("prompt") || next.tokenType === kw("by") || (next.tokenType === Identifier && next.image === "ask");
  }

  /** The error for a block of named options stored in a name (`let x = choose { option … }`), from its first token to its `=`. */
  protected storedOptionsBlock(from: IToken, equals: IToken): void {
    this.problems.push({
      code: "parse-unexpected-token",
      message: "a `choose { option … }` block gives no value to store: each option does what it means inside its block",
      span: { start: tokenSpan(from).start, end: tokenSpan(equals).end },
      hint: "drop the `let … =` (or `… =`) and write the block on its own; to store a value, choose among values (`let n = choose n from 1..3`)",
    });
  }

  protected atAskAlways(): boolean {
    return this.atAskAlwaysAt(1);
  }

  private atAskAlwaysAt(i: number): boolean {
    const a = this.LA(i);
    const b = this.LA(i + 1);
    return a.tokenType === Identifier && a.image === "ask" && b.tokenType === Identifier && b.image === "always";
  }

  /**
   * At a choice's `if any`: the words end their line or are followed by another clause. A name
   * after `any` on the same line is a quantifier (`if any x in xs: …`), so an `if` statement on
   * the line after a choice stays a statement.
   */
  protected atIfAny(): boolean {
    const a = this.LA(1);
    const b = this.LA(2);
    const c = this.LA(3);
    if (a.tokenType !== kw("if") || b.tokenType !== kw("any")) return false;
    return c.tokenType === EOF || c.tokenType !== Identifier || (c.startLine ?? 0) > (b.endLine ?? b.startLine ?? 0) || this.atLabelAt(3) || this.atAskAlwaysAt(3);
  }

  /** At `label …` (contextual: `label = 3` on the next line is a statement, not a clause). */
  protected atLabel(): boolean {
    return this.atLabelAt(1);
  }

  private atLabelAt(i: number): boolean {
    const a = this.LA(i);
    if (a.tokenType !== Identifier || a.image !== "label") return false;
    const next = this.LA(i + 1);
    // `label (if … then … else …)`, a bracketed label on the choice's line, is the clause;
    // `label(x)`, written as a call is, or `label (x)` starting a line, is a statement calling a
    // procedure of that name. A designer's bracketed label read as an unknown function `label`.
    if (next.tokenType === LParen) {
      const before = this.LA(i - 1);
      return next.startOffset > a.endOffset! + 1 && before.tokenType !== EOF && (before.endLine ?? 0) === (a.startLine ?? -1);
    }
    return !NOT_AFTER_LABEL.has(next.tokenType);
  }

  chooseClauses = this.RULE(
    "chooseClauses",
    (): ChoiceClauses & { by?: Expr } => {
      const out: ChoiceClauses & { by?: Expr } = { wheres: [] };
      this.MANY({
        // A name after a choice starts the next statement unless it is a contextual clause word; so
        // does an `if` unless it is the choice's `if any`.
        GATE: () => {
          const t = this.LA(1).tokenType;
          if (t === kw("if")) return this.atIfAny();
          return t !== Identifier || this.atLabel() || this.atAskAlways();
        },
        DEF: () =>
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
          {
            GATE: () => this.atLabel(),
            ALT: () => {
              this.CONSUME(Identifier);
              const e = this.SUBRULE7(this.expression);
              this.ACTION(() => (out.label = e));
            },
          },
          {
            GATE: () => this.atAskAlways(),
            ALT: () => {
              const s = this.SUBRULE(this.askAlways);
              this.ACTION(() => (out.askAlways = s));
            },
          },
          {
            GATE: () => this.atIfAny(),
            ALT: () => {
              const s = this.CONSUME(kw("if"));
              this.CONSUME(kw("any"));
              this.ACTION(() => (out.ifAny = this.spanFrom(s)));
            },
          },
        ]),
      });
      return out;
    },
  );

  /**
   * What comes between `choose`/`chooses` and `from`: `c` (one item, named
   * `c`), or a count and an optional name (`2 c`, `2`, `n c`) for several
   * items at once. A bare name is always the item's name, so a count held in a
   * name needs an item name after it (`choose n c from …`).
   */
  pickHead = this.RULE("pickHead", (): PickHead =>
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          // A word of the language as the item's name (`choose each from …`): one error, and the
          // choice is read on (`declaredName`); read as a value, the whole statement was lost.
          GATE: () => this.LA(1).tokenType.name.startsWith("Kw_") && this.LA(2).tokenType === kw("from"),
          ALT: () => {
            const name = this.declaredName(this.CONSUME3(Word));
            return this.ACTION(() => ({ variable: this.name(name) }));
          },
        },
        { ALT: () => this.SUBRULE(this.pickCount) },
      ],
    }),
  );

  /** `pickHead` but a word of the language as the item's name. */
  pickCount = this.RULE("pickCount", (): PickHead => {
    // `up to 2 c`: at most that many (`up` is a word only here; `choose up from …` names an item `up`);
    // `at least 2 c`: that many or more (`least` is a word only here).
    const bound = this.OPTION2({
      GATE: () => this.atUpTo() || this.atAtLeast(),
      DEF: () =>
        this.OR7([
          {
            GATE: () => this.atUpTo(),
            ALT: () => {
              this.CONSUME2(Identifier);
              this.CONSUME(kw("to"));
              return { upTo: true } as const;
            },
          },
          {
            ALT: () => {
              this.CONSUME(kw("at"));
              this.CONSUME4(Identifier);
              return { atLeast: true } as const;
            },
          },
        ]),
    });
    const first = this.SUBRULE(this.orExpr);
    // The name after a count is on its line: a name on the next line starts the next statement.
    const named = this.OPTION({ GATE: () => this.LA(1).startLine === this.LA(0).endLine, DEF: () => this.CONSUME(Identifier) });
    return this.ACTION(() => {
      if (bound) return { count: first, variable: named ? this.name(named) : { text: "it", span: first.span }, ...bound };
      if (named) return { count: first, variable: this.name(named) };
      if (first.kind === "NameExpr") return { variable: { text: first.name, span: first.span } };
      // `choose 2 from …`: the items are seen as `it`.
      return { count: first, variable: { text: "it", span: first.span } };
    });
  });

  chooseExpr = this.RULE("chooseExpr", (): ChooseExpr => {
    const start = this.CONSUME(kw("choose"));
    const head = this.SUBRULE(this.pickHead);
    // `choose n in 1..3` reads as a count (`n in 1..3` is a test) with the item's name still to
    // come, so the next line's first word was taken for it and the error came lines later: told
    // where it is, and read as meant.
    const after = this.LA(1);
    const inForm = this.ACTION(() =>
      head.count?.kind === "BinaryExpr" && head.count.op === "in" && head.count.left.kind === "NameExpr" && head.variable.text === "it" && after.tokenType !== kw("from")
        ? { variable: { text: head.count.left.name, span: head.count.left.span }, items: head.count.right, span: head.count.span }
        : undefined,
    );
    const fromSource = this.OPTION9({
      GATE: () => !inForm,
      DEF: () => {
        this.CONSUME(kw("from"));
        return this.SUBRULE(this.orExpr);
      },
    });
    const clauses = this.SUBRULE(this.chooseClauses);
    return this.ACTION(() => {
      let variable = head.variable;
      let count = head.count;
      let source = fromSource;
      if (inForm) {
        this.problems.push({ code: "parse-expected-token", message: "a choice reads `choose n from …`: write `from`, not `in`", span: inForm.span });
        variable = inForm.variable;
        count = undefined;
        source = inForm.items;
      } else if (!source) {
        this.problems.push({ code: "parse-expected-token", message: `expected \`from\` but found ${isReal(after) ? `\`${after.image}\`` : "the end of the file"}`, span: isReal(after) ? tokenSpan(after) : this.spanFrom(start) });
        source = this.errExpr();
      }
      const c: ChooseExpr = { kind: "ChooseExpr", variable, source, ...withoutBy(clauses), span: this.spanFrom(start) };
      if (count) c.count = count;
      if (count && head.upTo) c.upTo = true;
      if (count && head.atLeast) c.atLeast = true;
      if (clauses.by) c.by = clauses.by;
      return c;
    });
  });

  secretChooseExpr = this.RULE("secretChooseExpr", (): SecretChooseExpr => {
    const start = this.CONSUME(kw("secretly"));
    this.CONSUME(kw("each"));
    const chooser = this.declaredName(this.CONSUME(Word));
    this.CONSUME(kw("in"));
    const choosers = this.SUBRULE(this.orExpr);
    this.CONSUME(kw("chooses"));
    const head = this.SUBRULE(this.pickHead);
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
        variable: head.variable,
        source,
        ...withoutBy(clauses),
        span: this.spanFrom(start),
      };
      if (head.count) c.count = head.count;
      if (head.upTo) c.upTo = true;
      if (head.atLeast) c.atLeast = true;
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
          // `move c to bottom of deck`: `bottom` is a word only here, before `of`.
          const bottom = this.option(31, {
            GATE: () => this.LA(1).tokenType === Identifier && this.LA(1).image === "bottom" && this.LA(2).tokenType === kw("of"),
            DEF: () => {
              this.consume(31, Identifier);
              this.consume(32, kw("of"));
              return true as const;
            },
          });
          const to = this.SUBRULE2(this.expression);
          return this.ACTION((): Stmt => ({ kind: "MoveStmt", piece, to, ...(bottom ? { bottom } : {}), span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("deal"));
          // `deal up to 2 from …`: running out is meant (`up` is a word only here, as in `choose up to`).
          const upTo = this.OPTION9({
            GATE: () => this.atUpTo(),
            DEF: () => {
              this.CONSUME9(Identifier);
              this.CONSUME3(kw("to"));
              return true as const;
            },
          });
          const count = this.SUBRULE3(this.expression);
          this.CONSUME(kw("from"));
          const from = this.SUBRULE4(this.expression);
          this.CONSUME2(kw("to"));
          const to = this.SUBRULE5(this.expression);
          return this.ACTION((): Stmt => ({ kind: "DealStmt", count, from, to, ...(upTo ? { upTo } : {}), span: this.spanFrom(start) }));
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(kw("shuffle"));
          const zone = this.SUBRULE6(this.expression);
          // `shuffle p.discard into p.deck`: one error that says how, not "does nothing" at `into`.
          this.option(30, {
            GATE: () => isIntoWord(this.LA(1)) && this.LA(1).startLine === this.LA(0).endLine,
            DEF: () => {
              const into = this.consume(30, Identifier);
              const other = this.subrule(30, this.expression);
              this.ACTION(() => {
                this.problems.push({
                  code: "parse-unexpected-token",
                  message: "`shuffle` shuffles one zone where it lies: it has no `into`",
                  span: { start: tokenSpan(into).start, end: other.span.end },
                  hint: "move the pieces over, then shuffle where they went: `for k in A { move k to B }`, then `shuffle B`",
                });
              });
            },
          });
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

  /** `match subject { pattern, pattern -> { … }  else -> { … } }` */
  matchStmt = this.RULE("matchStmt", (): Stmt => {
    const start = this.CONSUME(kw("match"));
    const subject = this.SUBRULE(this.expression);
    const arms: MatchArm<Block>[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const first = this.LA(1);
      const patterns = this.SUBRULE(this.matchPatterns);
      this.CONSUME(Arrow);
      const body = this.SUBRULE(this.block);
      this.ACTION(() => arms.push({ patterns, body, span: this.spanFrom(first) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION((): Stmt => ({ kind: "MatchStmt", subject, arms, span: this.spanFrom(start) }));
  });

  /** `up` (true) or `down` (false). */
  protected contextualUpDown(idx: number): boolean {
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
        // `x = choose prompt "…" { option … }`: named options give no value (as in `letStmt`).
        { GATE: () => this.atNamedOptions(), ALT: () => this.SUBRULE(this.chooseBlockStmt) as Stmt | Expr },
        { ALT: () => this.SUBRULE(this.chooseExpr) as Expr | ChooseExpr | SecretChooseExpr },
        { ALT: () => this.SUBRULE(this.secretChooseExpr) },
        { ALT: () => this.SUBRULE(this.expression) },
      ]);
      return { op: op.image as AssignOp, value, equals: op };
    });
    return this.ACTION((): Stmt => {
      const span = this.spanFrom(start);
      if (assign?.value.kind === "ChooseBlockStmt") {
        this.storedOptionsBlock(start, assign.equals);
        return assign.value;
      }
      if (assign) return { kind: "AssignStmt", target, op: assign.op, value: assign.value as Expr, span };
      if (target.kind === "CallExpr") return { kind: "CallStmt", call: target, span };
      if (target.kind !== "ErrorExpr") {
        // A lone name where a statement starts is most often a misspelt statement word (`trun p { … }`);
        // `n++` is another language's way to add one.
        const [a, b] = [this.LA(1), this.LA(2)];
        const step = a.tokenType === b.tokenType && (a.tokenType === Plus || a.tokenType === Minus) && b.startOffset === a.endOffset! + 1;
        const named = target.kind === "NameExpr" ? target.name : "…";
        const hint = step ? `to ${a.tokenType === Plus ? "add" : "take away"} one, write \`${named} ${a.image}= 1\`` : target.kind === "NameExpr" ? didYouMean(target.name, STATEMENT_WORDS) : undefined;
        this.problems.push({
          code: "parse-invalid-statement",
          message: "this expression does nothing on its own: a statement is a call or an assignment",
          span,
          ...(hint ? { hint } : {}),
        });
      }
      return { kind: "ErrorStmt", span };
    });
  });

}
