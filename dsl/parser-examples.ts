import { EOF, type IToken } from "chevrotain";
import type { Decl, ExampleStep, Expr } from "./ast.ts";
import { startsDeclarationLine, unquote } from "./parser-base.ts";
import { StatementGrammar } from "./parser-statements.ts";
import { Identifier, kw, LBrace, LBracket, RBrace, StringLit } from "./tokens.ts";

/** Words that start a step of an example; each is an ordinary name anywhere else. */
const STEP_WORDS = new Set(["players", "seed", "position", "expect", "ask", "random"]);

function isWord(t: IToken, ...words: string[]): boolean {
  return t.tokenType === Identifier && words.includes(t.image);
}

/** Starts a step: a setting, `position`, `choose`, `expect` (what recovery skips to). */
function startsStep(t: IToken): boolean {
  return (t.tokenType === Identifier && STEP_WORDS.has(t.image)) || t.tokenType === kw("variant") || t.tokenType === kw("choose");
}

/**
 * `example "…" { … }`: a rulebook example as a test. Its steps: settings
 * (`players 2`, `seed 7`, `variant "…"`, `ask always`), `position [with triggers] { … }`,
 * `random [6, 5, 1]` (what the rules' next `random` calls give),
 * `choose "label" [by p]` and the expectations (`expect <condition>`,
 * `expect offered "label"`, `expect refused "label" [because "text"]` (each with `by p` before or after the reason), `expect not offered "label"`,
 * `expect over`, `expect scores [..]`, `expect ranking [..]`).
 */
export abstract class ExampleGrammar extends StatementGrammar {
  exampleDecl = this.RULE("exampleDecl", (): Decl => {
    const start = this.CONSUME(Identifier);
    const title = this.CONSUME(StringLit);
    const steps: ExampleStep[] = [];
    this.CONSUME(LBrace);
    this.MANY({
      GATE: () => this.blockGoesOn(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          MAX_LOOKAHEAD: 1,
          DEF: [
            {
              GATE: () => startsStep(this.LA(1)),
              ALT: () => {
                const s = this.SUBRULE(this.exampleStep);
                this.ACTION(() => {
                  if (s) steps.push(s);
                });
              },
            },
            { ALT: () => this.skipUntil("a step of an example (`players`, `seed`, `variant`, `ask always`, `position`, `random`, `choose`, `expect`)", startsStep) },
          ],
        }),
    });
    this.CONSUME(RBrace);
    return this.ACTION((): Decl => ({ kind: "ExampleDecl", title: unquote(title.image), titleSpan: this.span(title), steps, span: this.spanFrom(start) }));
  });

  exampleStep = this.RULE(
    "exampleStep",
    (): ExampleStep | null =>
      this.OR({
        IGNORE_AMBIGUITIES: true,
        MAX_LOOKAHEAD: 1,
        DEF: [
          {
            GATE: () => isWord(this.LA(1), "players", "seed"),
            ALT: () => {
              const key = this.CONSUME(Identifier);
              const value = this.SUBRULE(this.expression);
              return this.ACTION((): ExampleStep => ({ kind: "ExampleSetting", key: this.name(key), value, span: this.spanFrom(key) }));
            },
          },
          {
            ALT: () => {
              const key = this.CONSUME(kw("variant"));
              const value = this.SUBRULE2(this.expression);
              return this.ACTION((): ExampleStep => ({ kind: "ExampleSetting", key: this.name(key), value, span: this.spanFrom(key) }));
            },
          },
          {
            GATE: () => this.atAskAlways(),
            ALT: () => {
              const ask = this.CONSUME7(Identifier);
              this.CONSUME8(Identifier);
              return this.ACTION((): ExampleStep => ({ kind: "ExampleAskAlways", span: this.spanFrom(ask) }));
            },
          },
          {
            GATE: () => isWord(this.LA(1), "position"),
            ALT: () => {
              const start = this.CONSUME2(Identifier);
              const triggers = this.OPTION(() => {
                this.CONSUME(kw("with"));
                this.contextual(4, "triggers", "after `position with`");
                return true;
              });
              const body = this.SUBRULE(this.block);
              return this.ACTION((): ExampleStep => ({ kind: "ExamplePosition", triggers: triggers === true, body, span: this.spanFrom(start) }));
            },
          },
          {
            ALT: () => {
              const start = this.CONSUME(kw("choose"));
              const label = this.CONSUME(StringLit);
              const by = this.OPTION2(() => {
                this.CONSUME(kw("by"));
                return this.SUBRULE3(this.expression);
              });
              return this.ACTION((): ExampleStep => {
                const s: ExampleStep = { kind: "ExampleChoose", label: unquote(label.image), labelSpan: this.span(label), span: this.spanFrom(start) };
                if (by) s.by = by;
                return s;
              });
            },
          },
          {
            GATE: () => isWord(this.LA(1), "random"),
            ALT: () => {
              const start = this.CONSUME9(Identifier);
              const values = this.SUBRULE4(this.expression);
              return this.ACTION((): ExampleStep => ({ kind: "ExampleRandom", values, span: this.spanFrom(start) }));
            },
          },
          {
            GATE: () => isWord(this.LA(1), "expect"),
            ALT: () => this.SUBRULE(this.expectStep),
          },
        ],
      }),
    { recoveryValueFunc: (): ExampleStep | null => null },
  );

  expectStep = this.RULE("expectStep", (): ExampleStep => {
    const start = this.CONSUME(Identifier);
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      MAX_LOOKAHEAD: 1,
      DEF: [
        {
          // `expect not offered "label"`: absent or refused, either way not offered (a label the
          // rules never make is no refusal, which `expect refused` insists on).
          GATE: () => this.LA(1).tokenType === kw("not") && isWord(this.LA(2), "offered") && this.LA(3).tokenType === StringLit,
          ALT: () => {
            this.CONSUME(kw("not"));
            this.CONSUME6(Identifier);
            const label = this.CONSUME3(StringLit);
            const by = this.OPTION3(() => {
              this.CONSUME2(kw("by"));
              return this.SUBRULE4(this.expression);
            });
            return this.ACTION((): ExampleStep => {
              const s: ExampleStep = { kind: "ExpectOption", offered: false, absent: true, label: unquote(label.image), labelSpan: this.span(label), span: this.spanFrom(start) };
              if (by) s.by = by;
              return s;
            });
          },
        },
        {
          GATE: () => isWord(this.LA(1), "offered", "refused") && this.LA(2).tokenType === StringLit,
          ALT: () => {
            const word = this.CONSUME2(Identifier);
            const label = this.CONSUME(StringLit);
            // `by p` may come before `because "…"` as well as after it: both read as English, and
            // `expect refused "x" by p because "…"` was a parse error at `because`.
            const byFirst = this.OPTION4(() => {
              this.CONSUME3(kw("by"));
              return this.SUBRULE5(this.expression);
            });
            const reason = this.OPTION({
              GATE: () => isWord(this.LA(1), "because"),
              DEF: () => {
                this.CONSUME3(Identifier);
                return this.CONSUME2(StringLit);
              },
            });
            const by =
              this.OPTION2({
                GATE: () => byFirst === undefined,
                DEF: () => {
                  this.CONSUME(kw("by"));
                  return this.SUBRULE(this.expression);
                },
              }) ?? byFirst;
            return this.ACTION((): ExampleStep => {
              const s: ExampleStep = { kind: "ExpectOption", offered: word.image === "offered", label: unquote(label.image), labelSpan: this.span(label), span: this.spanFrom(start) };
              if (reason) s.reason = unquote(reason.image);
              if (by) s.by = by;
              return s;
            });
          },
        },
        {
          // `over` alone on its line (a name `over` in a condition goes on).
          GATE: () => isWord(this.LA(1), "over") && (this.LA(2).tokenType === RBrace || this.LA(2).tokenType === EOF || this.LA(2).startLine !== this.LA(1).startLine),
          ALT: () => {
            this.CONSUME4(Identifier);
            return this.ACTION((): ExampleStep => ({ kind: "ExpectOver", span: this.spanFrom(start) }));
          },
        },
        {
          // `not over` alone on its line: the game goes on (read as a condition, `over` would be an unknown name).
          GATE: () =>
            this.LA(1).tokenType === kw("not") &&
            isWord(this.LA(2), "over") &&
            (this.LA(3).tokenType === RBrace || this.LA(3).tokenType === EOF || this.LA(3).startLine !== this.LA(2).startLine),
          ALT: () => {
            this.CONSUME2(kw("not"));
            this.CONSUME7(Identifier);
            return this.ACTION((): ExampleStep => ({ kind: "ExpectOver", negated: true, span: this.spanFrom(start) }));
          },
        },
        {
          GATE: () => isWord(this.LA(1), "scores", "ranking") && this.LA(2).tokenType === LBracket,
          ALT: () => {
            const word = this.CONSUME5(Identifier);
            const value = this.SUBRULE2(this.expression);
            return this.ACTION((): ExampleStep => ({ kind: "ExpectResult", what: word.image === "scores" ? "scores" : "ranking", value, span: this.spanFrom(start) }));
          },
        },
        {
          ALT: () => {
            const cond: Expr = this.SUBRULE3(this.expression);
            return this.ACTION((): ExampleStep => ({ kind: "ExpectHolds", cond, span: this.spanFrom(start) }));
          },
        },
      ],
    });
  });
}
