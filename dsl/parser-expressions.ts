import type { Arg, BinaryOp, Expr, MapEntry, MatchArm, MatchPattern } from "./ast.ts";
import { StelaParserBase, tokenSpan } from "./parser-base.ts";
import type { IToken } from "chevrotain";
import { NO_SPAN } from "./span.ts";
import { Arrow, Colon, Comma, LBrace, RBrace, Dot, DotDot, EqEq, Gt, GtEq, Identifier, kw, Word, LBracket, LParen, Lt, LtEq, MapLine, Minus, NotEq, NumberLit, Percent, Plus, RBracket, RParen, Slash, Star, StringLit } from "./tokens.ts";

/** One `for x in xs where c` clause of a list comprehension, as read. */
interface ListClause {
  variable: IToken;
  source: Expr;
  where: Expr | undefined;
}

/** The operators of `cmpExpr`: two of them never chain (`a == b >= c` is refused). */
const COMPARISONS: ReadonlySet<string> = new Set(["==", "!=", "<=", ">=", "<", ">", "in"]);

/** Expressions, from `if … then … else` down to literals, lists and comprehensions. */
export abstract class ExpressionGrammar extends StelaParserBase {
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

  // Recovered (the parser skipped ahead after an error inside), it still gives an expression:
  // a `choose … from` whose source was lost would otherwise reach the checker as undefined.
  orExpr = this.RULE(
    "orExpr",
    (): Expr => {
      let left = this.SUBRULE(this.andExpr);
      this.MANY(() => {
        this.CONSUME(kw("or"));
        const right = this.SUBRULE2(this.andExpr);
        this.ACTION(() => (left = this.binary("or", left, right)));
      });
      return left;
    },
    { recoveryValueFunc: (): Expr => ({ kind: "ErrorExpr", span: NO_SPAN }) },
  );

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
            // The token before the operator: a `)` there brackets what it closes.
            const before = this.LA(-1);
            const right = this.SUBRULE2(this.rangeExpr);
            this.ACTION(() => {
              if (before.tokenType !== RParen) this.noteChainedComparison(left, op);
              left = this.binary(op.image as BinaryOp, left, right);
            });
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

  /**
   * `count z in piles where size(z) == 0 >= 3`: the `where` ends at its comparison (comparisons do
   * not chain), so the `>= 3` compared the count, silently, though the last clause of a
   * comprehension is read as taking everything after it. Refused as `a == b >= c` is, with both
   * readings; `(count … where a == b) >= 3` (a `)` before the operator) is meant.
   */
  private noteChainedComparison(left: Expr, op: IToken): void {
    if (left?.kind !== "ComprehensionExpr") return;
    let last = left.form === "any" || left.form === "all" || left.form === "no" || left.form === "sort" ? left.body : (left.where ?? left.body);
    // `where k.t == a and k.v == 1 == 5`: the clause's last comparison ends it all the same (it
    // compared the count silently, where the same clause without its `and` was refused).
    while (last?.kind === "BinaryExpr" && (last.op === "and" || last.op === "or")) last = last.right;
    if (last?.kind !== "BinaryExpr" || !COMPARISONS.has(last.op)) return;
    this.problems.push({
      code: "parse-unexpected-token",
      message: `comparisons do not chain: \`${op.image}\` here would compare what the ${left.form} gives, after its \`${last.op}\``,
      span: tokenSpan(op),
      hint: `bracket the reading you mean: \`(${left.form} …) ${op.image} …\`, or the last clause's comparison as a whole`,
    });
  }

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
    // A `[` or `(` that begins a line starts a new value (the list a define's last line gives
    // after its `let`s), never an index or a call of the line before: statements need no
    // separator, so `let top = min(7, n)` then `[k for k in 1..top]` on the next line would read
    // as `min(7, n)[k for …]` and fail on `for`.
    this.MANY({
      GATE: () => {
        const next = this.LA(1);
        return !((next.tokenType === LBracket || next.tokenType === LParen) && next.startLine! > (this.LA(0).endLine ?? this.LA(0).startLine!));
      },
      DEF: () =>
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
    });
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
            // `per player p: body`, or `per Colour c: body` for each member of an enum.
            const start = this.CONSUME(kw("per"));
            const key = this.CONSUME3(Identifier);
            const v = this.declaredName(this.CONSUME2(Word));
            this.CONSUME(Colon);
            const body = this.SUBRULE2(this.expression);
            return this.ACTION(
              (): Expr =>
                key.image === "player"
                  ? { kind: "PerPlayerExpr", variable: this.name(v), body, span: this.spanFrom(start) }
                  : { kind: "PerEnumExpr", enumName: this.name(key), variable: this.name(v), body, span: this.spanFrom(start) },
            );
          },
        },
        { ALT: () => this.SUBRULE(this.mapLit) },
        { ALT: () => this.SUBRULE(this.matchExpr) },
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

  /** `{ red: 2, blue: 1, else: 0 }`: a value for each member of an enum; `else` gives every other member. */
  mapLit = this.RULE("mapLit", (): Expr => {
    const start = this.CONSUME(LBrace);
    const entries: MapEntry[] = [];
    let dflt: Expr | undefined;
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            const key = this.CONSUME(Identifier);
            this.CONSUME(Colon);
            const value = this.SUBRULE(this.expression);
            this.ACTION(() => entries.push({ key: this.name(key), value, span: this.spanFrom(key) }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw("else"));
            this.CONSUME2(Colon);
            const value = this.SUBRULE2(this.expression);
            this.ACTION(() => (dflt = value));
          },
        },
      ]);
      this.OPTION(() => this.CONSUME(Comma));
    });
    this.CONSUME(RBrace);
    return this.ACTION((): Expr => {
      const e: Expr = { kind: "MapLit", entries, span: this.spanFrom(start) };
      if (dflt) e.default = dflt;
      return e;
    });
  });

  /** `match subject { pattern, pattern -> value  else -> value }` */
  matchExpr = this.RULE("matchExpr", (): Expr => {
    const start = this.CONSUME(kw("match"));
    const subject = this.SUBRULE(this.expression);
    const arms: MatchArm<Expr>[] = [];
    this.CONSUME(LBrace);
    this.MANY(() => {
      const first = this.LA(1);
      const patterns = this.SUBRULE(this.matchPatterns);
      this.CONSUME(Arrow);
      const body = this.SUBRULE2(this.expression);
      this.OPTION(() => this.CONSUME(Comma));
      this.ACTION(() => arms.push({ patterns, body, span: this.spanFrom(first) }));
    });
    this.CONSUME(RBrace);
    return this.ACTION((): Expr => ({ kind: "MatchExpr", subject, arms, span: this.spanFrom(start) }));
  });

  /** The patterns of one `match` arm, before its `->`. */
  matchPatterns = this.RULE("matchPatterns", (): MatchPattern[] => {
    const out: MatchPattern[] = [];
    this.AT_LEAST_ONE_SEP({
      SEP: Comma,
      DEF: () => {
        const p = this.SUBRULE(this.matchPattern);
        this.ACTION(() => out.push(p));
      },
    });
    return out;
  });

  matchPattern = this.RULE(
    "matchPattern",
    (): MatchPattern =>
      this.OR([
        {
          ALT: () => {
            const t = this.CONSUME(kw("else"));
            return this.ACTION((): MatchPattern => ({ kind: "ElsePattern", span: this.span(t) }));
          },
        },
        {
          ALT: () => {
            const first = this.LA(1);
            const from = this.SUBRULE(this.signedNumber);
            let to: number | null | undefined;
            this.OPTION(() => {
              this.CONSUME(DotDot);
              to = null;
              this.OPTION2(() => {
                to = this.SUBRULE2(this.signedNumber);
              });
            });
            return this.ACTION(
              (): MatchPattern =>
                to === undefined ? { kind: "NumberPattern", value: from, span: this.spanFrom(first) } : { kind: "RangePattern", from, to, span: this.spanFrom(first) },
            );
          },
        },
        {
          ALT: () => {
            const a = this.CONSUME(Identifier);
            const b = this.OPTION3(() => {
              this.CONSUME(Dot);
              return this.CONSUME2(Identifier);
            });
            return this.ACTION(
              (): MatchPattern =>
                b ? { kind: "NamePattern", name: this.name(b), qualifier: this.name(a), span: this.spanFrom(a) } : { kind: "NamePattern", name: this.name(a), span: this.span(a) },
            );
          },
        },
      ]),
    { recoveryValueFunc: (): MatchPattern => ({ kind: "ElsePattern", span: NO_SPAN }) },
  );

  signedNumber = this.RULE("signedNumber", (): number => {
    const neg = this.OPTION(() => this.CONSUME(Minus));
    const n = this.CONSUME(NumberLit);
    return this.ACTION(() => (neg ? -1 : 1) * Number(n.image));
  });

  listExpr = this.RULE("listExpr", (): Expr => {
    const start = this.CONSUME(LBracket);
    let result: Expr | undefined;
    const items: Expr[] = [];
    this.OPTION(() => {
      const first = this.SUBRULE(this.expression);
      this.OR([
        {
          ALT: () => {
            // `for a in A where c`, then further clauses alike: every pair (triple, …), the later
            // clause going over its list for each item of the earlier, which it may read.
            const clauses: ListClause[] = [this.SUBRULE(this.forClause)];
            this.MANY2(() => {
              const more = this.SUBRULE2(this.forClause);
              this.ACTION(() => clauses.push(more));
            });
            this.ACTION(() => {
              result = this.listClauses(clauses, first);
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

  /** One `for x in xs where c` of a comprehension (several go over pairs: `listClauses`). */
  forClause = this.RULE("forClause", (): ListClause => {
    this.CONSUME(kw("for"));
    const variable = this.declaredName(this.CONSUME(Word));
    this.CONSUME(kw("in"));
    const source = this.SUBRULE(this.rangeExpr);
    const where = this.OPTION(() => {
      this.CONSUME(kw("where"));
      return this.SUBRULE(this.expression);
    });
    return { variable, source, where };
  });

  /**
   * A list comprehension's clauses, nested: each later clause is the body of the one before, whose
   * lists are joined (`flat`). Spans are set by the caller for the outermost; each inner one spans
   * from its `for`'s list to the element, which is what its diagnostics point at.
   */
  private listClauses(clauses: ListClause[], body: Expr): Expr {
    let inner: Expr = body;
    for (let i = clauses.length - 1; i >= 0; i--) {
      const { variable, source, where } = clauses[i]!;
      const c: Expr = { kind: "ComprehensionExpr", form: "list", variable: this.name(variable), source, body: inner, span: i === 0 ? NO_SPAN : { start: body.span.start, end: (where ?? source).span.end } };
      if (where) c.where = where;
      if (i < clauses.length - 1) c.flat = true;
      inner = c;
    }
    return inner;
  }

  comprehension = this.RULE("comprehension", (): Expr => {
    const start = this.LA(1);
    return this.OR([
      {
        // count x in S where c  |  first x in S where c
        ALT: () => {
          const formTok = this.OR2([{ ALT: () => this.CONSUME(kw("count")) }, { ALT: () => this.CONSUME(kw("first")) }]);
          const v = this.declaredName(this.CONSUME(Word));
          this.CONSUME(kw("in"));
          const source = this.SUBRULE(this.rangeExpr);
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
          const v = this.declaredName(this.CONSUME2(Word));
          this.CONSUME2(kw("in"));
          const source = this.SUBRULE2(this.rangeExpr);
          const where = this.OPTION2(() => {
            this.CONSUME2(kw("where"));
            return this.SUBRULE3(this.expression);
          });
          const later: ListClause[] = [];
          // A `for` that begins a line is the next statement (`let due = sum … for p in players`,
          // then `for p in players { … }`), as a `[` that begins a line is a new value.
          this.MANY({
            GATE: () => this.LA(1).startLine === (this.LA(0).endLine ?? this.LA(0).startLine),
            DEF: () => {
              const more = this.SUBRULE(this.forClause);
              this.ACTION(() => later.push(more));
            },
          });
          return this.ACTION((): Expr => {
            // Over pairs (`sum a * b for a in xs for b in ys`): the values of the later clauses,
            // for each item, are a list of their own (`flat`), every value of which counts.
            const c: Expr = {
              kind: "ComprehensionExpr",
              form: formTok.image as "sum" | "highest" | "lowest",
              variable: this.name(v),
              source,
              body: later.length ? this.listClauses(later, body) : body,
              span: this.spanFrom(start),
            };
            if (later.length) {
              c.flat = true;
              (c.body as Extract<Expr, { kind: "ComprehensionExpr" }>).span = c.span;
            }
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
          const v = this.declaredName(this.CONSUME3(Word));
          this.CONSUME3(kw("in"));
          const source = this.SUBRULE3(this.rangeExpr);
          // `all q in players where q != p: q.gold > 0`: the items the question is asked of, as in `count`.
          const where = this.OPTION3(() => {
            this.CONSUME3(kw("where"));
            return this.SUBRULE6(this.expression);
          });
          this.CONSUME(Colon);
          const body = this.SUBRULE4(this.expression);
          return this.ACTION((): Expr => {
            const c: Expr = {
              kind: "ComprehensionExpr",
              form: formTok.image as "any" | "all" | "no",
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
        // sort x in S by key
        ALT: () => {
          this.CONSUME(kw("sort"));
          const v = this.declaredName(this.CONSUME4(Word));
          this.CONSUME4(kw("in"));
          const source = this.SUBRULE4(this.rangeExpr);
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

}
