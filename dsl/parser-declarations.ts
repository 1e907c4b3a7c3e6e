import { EOF, tokenMatcher, type IToken } from "chevrotain";
import type { BoardMap, ComponentEntry, Decl, VariantInclude, Expr, FieldDecl, KnownDecl, LegendEntry, LetPart, Name, Param, Requirement, ShowEntry, TableKey, TableRow, Tiebreak } from "./ast.ts";
import { DECLARATION_WORDS, tokenSpan, unquote, isReal, isExampleWord, isIncludeWord, isMarkWord, isMeasureWord, isZoneWord, startsDeclaration, startsDeclarationLine } from "./parser-base.ts";
import { didYouMean } from "./suggest.ts";
import { NO_SPAN, type Span } from "./span.ts";
import { Arrow, Colon, Comma, Dot, DotDot, Equals, Identifier, kw, Word, LBrace, LBracket, LParen, MapLine, NumberLit, RBrace, RParen, StringLit } from "./tokens.ts";
import { ExampleGrammar } from "./parser-examples.ts";
import { LOWEST, LOWEST_WINS, POINTS_ONE_EXPRESSION, SCORING_LINES } from "./parser-messages.ts";

/** Words that start the next item of a kind's body on the line of a field (`v: number  state used: bool`). */
const KIND_ITEM_WORDS: ReadonlySet<string> = new Set(["state", "show", "mark", "known"]);

/** The file and its declarations (`game`, `kind`, `board`, `procedure`, …). */
export abstract class DeclarationGrammar extends ExampleGrammar {
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
            { ALT: () => this.skipUntil("a declaration (`game`, `kind`, `board`, `procedure`, …)", startsDeclaration, [...DECLARATION_WORDS, "example"], true) },
          ],
        }),
    });
    return decls;
  });


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
        { ALT: () => this.SUBRULE(this.fieldsDecl) },
        { ALT: () => this.SUBRULE(this.estimateDecl) },
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
        { GATE: () => isExampleWord(this.LA(1)), ALT: () => this.SUBRULE(this.exampleDecl) },
        // `measure Rounds { … }`, its label unquoted, is a measure too: it gets the error that says
        // so, not "expected a declaration" at a word that starts one.
        { GATE: () => isMeasureWord(this.LA(1), this.LA(2)) || (isMeasureWord(this.LA(1)) && tokenMatcher(this.LA(2), Word)), ALT: () => this.SUBRULE(this.measureDecl) },
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
      // A setting's value starts on its name's line. Without that, a stray word at the end of a
      // line (`players 2..4 oops`) would take the next line's name as its value, and the error
      // would be reported a line late, inside a setting that is right.
      const value = this.OPTION2({
        GATE: () => this.LA(1).startLine === key.startLine && this.LA(1).tokenType !== RBrace,
        DEF: () => this.SUBRULE(this.expression),
      });
      this.OPTION(() => this.CONSUME(Comma));
      this.ACTION(() => {
        if (value) items.push({ key: this.name(key), value, span: this.spanFrom(key) });
        else if (isReal(key)) {
          this.problems.push({
            code: "parse-expected-token",
            message: `\`${key.image}\` has no value on its line: a game setting is a name and its value, like \`players 2..4\``,
            span: tokenSpan(key),
          });
        }
      });
    });
    this.CONSUME(RBrace);
    return this.ACTION(() => ({ kind: "GameDecl", title: unquote(title.image), items, span: this.spanFrom(start) }));
  });

  constDecl = this.RULE("constDecl", (): Decl => {
    const start = this.CONSUME(kw("const"));
    const name = this.declaredName(this.CONSUME(Word));
    const type = this.OPTION(() => {
      this.CONSUME(Colon);
      return this.SUBRULE(this.typeExpr);
    });
    this.CONSUME(Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION((): Decl => ({ kind: "ConstDecl", name: this.name(name), ...(type ? { type } : {}), value, span: this.spanFrom(start) }));
  });

  enumDecl = this.RULE("enumDecl", (): Decl => {
    const start = this.CONSUME(kw("enum"));
    const name = this.declaredName(this.CONSUME(Word));
    const members: { name: Name; label?: string }[] = [];
    this.CONSUME(LBrace);
    this.MANY({
      // A word of the language as a member (`enum Terrain { forest, fields }`) is read as one, to say
      // the word is taken; without this the list ended there with a bare "expected `}`". Only
      // where a member goes on as one does (a `,`, a `}` or its label), never a declaration's word
      // opening the next line after a list left unclosed.
      GATE: () => {
        const t = this.LA(1);
        if (t.tokenType === Identifier) return true;
        const after = this.LA(2).tokenType;
        return t.tokenType.name.startsWith("Kw_") && (after === Comma || after === RBrace || after === StringLit) && !startsDeclarationLine(t);
      },
      DEF: () => {
        const m = this.declaredName(this.CONSUME2(Word), 1, true);
        const label = this.OPTION(() => this.CONSUME(StringLit));
        this.OPTION2(() => this.CONSUME(Comma));
        this.ACTION(() => members.push(label ? { name: this.name(m), label: unquote(label.image) } : { name: this.name(m) }));
      },
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
    // `money: number = 100 hidden`: a word after the field on its line that starts no next field
    // (no `:` after it) is one error here; read as the next field's name, it lost the whole block
    // and every use of its fields was "no such variable". `internal` is the one word that belongs
    // there (a variable kept off the players' screens; `internal` is a word only there).
    const extraWord = this.OPTION4({
      GATE: () =>
        tokenMatcher(this.LA(1), Word) && this.LA(1).startLine === this.LA(0).endLine && !tokenMatcher(this.LA(2), Colon) && !KIND_ITEM_WORDS.has(this.LA(1).image),
      DEF: () => {
        const extra = this.CONSUME2(Word);
        this.ACTION(() => {
          if (extra.image === "internal") return;
          const secret = ["hidden", "secret", "private", "owner"].includes(extra.image);
          // Said with the one word that may follow a variable, for one only kept off the screens.
          this.problems.push({
            code: "parse-unexpected-token",
            message: `\`${extra.image}\` after the field \`${name.image}\`: a field is \`name: type\`, with \`in low..high\` and \`= start\` if any`,
            span: tokenSpan(extra),
            ...(secret
              ? { hint: "player variables and fields are public; a number only its owner sees is a `state` field of a piece in a zone only its owner sees (see hidden information in the reference); `internal` keeps bookkeeping off the players' screens, public still" }
              : {}),
          });
        });
        return extra;
      },
    });
    this.OPTION3(() => this.CONSUME(Comma));
    return this.ACTION(() => {
      const f: FieldDecl = { name: this.name(name), type, span: this.spanFrom(name) };
      if (init) f.init = init;
      if (bounds) f.bounds = bounds;
      if (extraWord?.image === "internal") f.internal = true;
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

  /** The `{ … }` of a kind or a field set: fields, `state` and `mark` fields, `show` and `known` blocks. */
  kindBody = this.RULE("kindBody", (): { fields: FieldDecl[]; states: FieldDecl[]; show: ShowEntry[]; known: KnownDecl[] } => {
    const fields: FieldDecl[] = [];
    const states: FieldDecl[] = [];
    let show: ShowEntry[] = [];
    const known: KnownDecl[] = [];
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
            // `mark told: Colour? = none`: a `state` field that shows wherever the piece is.
            // `mark` is a name elsewhere (a field called `mark: number` reads as before).
            GATE: () => isMarkWord(this.LA(1)) && tokenMatcher(this.LA(2), Word) && this.LA(3).tokenType === Colon,
            ALT: () => {
              this.CONSUME(Identifier);
              const f = this.SUBRULE3(this.fieldDecl);
              this.ACTION(() => states.push({ ...f, mark: true }));
            },
          },
          {
            // `known { … }`: what a piece's marks say of it (`known` is a name elsewhere).
            GATE: () => this.LA(1).tokenType === Identifier && this.LA(1).image === "known" && this.LA(2).tokenType === LBrace,
            ALT: () => {
              const start = this.CONSUME2(Identifier);
              this.CONSUME2(LBrace);
              const value = this.SUBRULE(this.expression);
              this.CONSUME2(RBrace);
              this.ACTION(() => known.push({ value, span: this.spanFrom(start) }));
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
    return { fields, states, show, known };
  });

  /** `kind Building with Effects, Costs { … }` */
  kindDecl = this.RULE("kindDecl", (): Decl => {
    const start = this.CONSUME(kw("kind"));
    const name = this.declaredName(this.CONSUME(Word));
    const sets: Name[] = [];
    this.OPTION(() => {
      this.CONSUME(kw("with"));
      this.AT_LEAST_ONE_SEP({
        SEP: Comma,
        DEF: () => {
          const s = this.CONSUME2(Identifier);
          this.ACTION(() => sets.push(this.name(s)));
        },
      });
    });
    const body = this.SUBRULE(this.kindBody);
    return this.ACTION(() => ({ kind: "KindDecl", name: this.name(name), sets, ...body, span: this.spanFrom(start) }));
  });

  /** `fields Effects { … }`: fields shared by every kind declared `with Effects`. */
  fieldsDecl = this.RULE("fieldsDecl", (): Decl => {
    const start = this.CONSUME(kw("fields"));
    const name = this.CONSUME(Identifier);
    const body = this.SUBRULE(this.kindBody);
    return this.ACTION(() => ({ kind: "FieldsDecl", name: this.name(name), fields: body.fields, states: body.states, show: body.show, known: body.known, span: this.spanFrom(start) }));
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
            const v = this.declaredName(this.CONSUME(Word));
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
            let label: IToken | undefined;
            let countTok: IToken | undefined;
            this.OR2([
              {
                ALT: () => {
                  label = this.CONSUME(StringLit);
                  // A named entry without a count is one piece (`"Big tile" { … }`): a unique piece
                  // is written as a designer would, not `x1`. A count after the name, on its line or
                  // the next, is its count, as it always was.
                  countTok = this.OPTION6(() => this.CONSUME2(Identifier));
                },
              },
              { ALT: () => (countTok = this.CONSUME3(Identifier)) },
            ]);
            const extra = this.OPTION2({ GATE: () => countTok !== undefined, DEF: () => this.CONSUME(NumberLit) });
            // `x WORKERS`: a count named by a constant (only after a lone `x`, so `x3 x2` stays two entries).
            const countName = this.OPTION5({
              GATE: () => countTok?.image === "x" && this.LA(1).tokenType === Identifier && this.LA(1).startLine === countTok.startLine,
              DEF: () => this.CONSUME4(Identifier),
            });
            const fields: { name: Name; value: Expr; span: Span }[] = [];
            this.OPTION3(() => {
              this.CONSUME(LBrace);
              this.MANY(() => {
                // A field's name, as a kind declares it: a word of the language too (`from: 0`).
                const fname = this.CONSUME3(Word);
                this.CONSUME(Colon);
                const value = this.SUBRULE2(this.expression);
                this.OPTION4(() => this.CONSUME(Comma));
                this.ACTION(() => fields.push({ name: this.name(fname), value, span: this.spanFrom(fname) }));
              });
              this.CONSUME(RBrace);
            });
            return this.ACTION((): ComponentEntry => {
              const count = countName || !countTok ? 1 : this.readCount(countTok, extra);
              const e: ComponentEntry = { kind: "ComponentItem", count, fields, span: this.spanFrom(first) };
              if (countName) e.countName = this.name(countName);
              if (label) e.label = unquote(label.image);
              return e;
            });
          },
        },
      ]),
  );

  boardDecl = this.RULE("boardDecl", (): Decl => {
    const start = this.CONSUME(kw("board"));
    const name = this.declaredName(this.CONSUME(Word));
    const perPlayer = this.OPTION(() => {
      this.SUBRULE(this.perPlayer);
      return true;
    });
    this.CONSUME(Colon);
    const topology = this.SUBRULE(this.expression);
    const attributes: FieldDecl[] = [];
    const states: FieldDecl[] = [];
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
              // `space state marker: bool = false`: a space's value that rules change while playing.
              const isState = this.OPTION6({
                GATE: () => this.LA(1).tokenType === kw("state") && this.LA(2).tokenType !== Colon,
                DEF: () => this.CONSUME(kw("state")),
              });
              const f = this.SUBRULE(this.fieldDecl);
              this.ACTION(() => (isState ? states : attributes).push(f));
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
        states,
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
    const name = this.declaredName(this.CONSUME2(Word));
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
      // Only `limit` and `labels` take a value; without the gate `owner limit 7` would read `limit` as owner's value.
      const value = this.OPTION2({ GATE: () => o.image === "limit" || o.image === "labels", DEF: () => this.SUBRULE(this.expression) });
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
    // A kind's field may be a word of the language (`c.from`), read after a `.`; a variable is
    // read by its name alone, so a word of the language there is one error (`declaredName`).
    this.declaredName(this.LA(1), 2);
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
    const name = this.declaredName(this.CONSUME(Word));
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
      {
        ALT: () => {
          const e = this.CONSUME(kw("else"));
          return this.ACTION((): TableKey => ({ kind: "ElseKey", span: this.span(e) }));
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
        // A word of the language as a parameter's name (`from: space`) is one error, and the
        // declaration is read on (`declaredName`): read as a name only, the whole `define` was
        // lost, and every call of it was then "unknown".
        const n = this.declaredName(this.CONSUME(Word));
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
    const name = this.declaredName(this.CONSUME(Word));
    const params = this.SUBRULE(this.params);
    const returns = this.OPTION(() => {
      this.CONSUME(Colon);
      return this.SUBRULE(this.typeExpr);
    });
    const body = this.OR([
      {
        ALT: () => {
          this.CONSUME(Equals);
          return this.SUBRULE(this.expression);
        },
      },
      { ALT: () => this.SUBRULE(this.defineBlock) },
    ]);
    return this.ACTION(() => {
      const d: Decl = { kind: "DefineDecl", name: this.name(name), params, body, span: this.spanFrom(start) };
      if (returns) d.returns = returns;
      return d;
    });
  });

  /** `{ let a = …  let b = …  value }`: a `define` whose value is worked out in named parts. */
  defineBlock = this.RULE("defineBlock", (): Expr => {
    const start = this.CONSUME(LBrace);
    const lets: LetPart[] = [];
    this.MANY(() => {
      const l = this.CONSUME(kw("let"));
      const name = this.declaredName(this.CONSUME(Word));
      const type = this.OPTION(() => {
        this.CONSUME(Colon);
        return this.SUBRULE(this.typeExpr);
      });
      this.CONSUME(Equals);
      const value = this.SUBRULE(this.expression);
      this.ACTION(() => lets.push(type ? { name: this.name(name), type, value, span: this.spanFrom(l) } : { name: this.name(name), value, span: this.spanFrom(l) }));
    });
    const value = this.SUBRULE2(this.expression);
    this.CONSUME(RBrace);
    return this.ACTION((): Expr => ({ kind: "BlockExpr", lets, value, span: this.spanFrom(start) }));
  });

  ruleDecl = this.RULE("ruleDecl", (): Decl => {
    const start = this.CONSUME(kw("rule"));
    const name = this.declaredName(this.CONSUME(Word));
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
    const name = this.declaredName(this.CONSUME(Word));
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
    const name = this.declaredName(this.CONSUME(Word));
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
        const b = this.declaredName(this.CONSUME2(Word));
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
    const name = this.declaredName(this.CONSUME(Word));
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

  /** `estimate p { value }`: a running estimate of a player's standing, for bots while the game is on. */
  estimateDecl = this.RULE("estimateDecl", (): Decl => {
    const start = this.CONSUME(kw("estimate"));
    const player = this.declaredName(this.CONSUME(Word));
    // Written as a `define`'s block is, as a `measure` is: named parts (`let`) first (a user wrote
    // `let` there and was told `let` could not be a name).
    const block = this.SUBRULE(this.defineBlock);
    return this.ACTION(() => {
      const value = block.kind === "BlockExpr" && block.lets.length === 0 ? block.value : block;
      return { kind: "EstimateDecl", player: this.name(player), value, span: this.spanFrom(start) } as Decl;
    });
  });

  /** `measure "Label" { value }` or `measure "Label" p { value }`: a figure of a finished game, reported by simulation. */
  measureDecl = this.RULE("measureDecl", (): Decl => {
    // `measure` is contextual (`isMeasureWord`): a rule file may have a `define measure(…)`.
    const start = this.CONSUME(Identifier);
    const label = this.OR([
      { ALT: () => this.CONSUME(StringLit) },
      {
        ALT: () => {
          const word = this.CONSUME2(Word);
          this.ACTION(() => {
            if (isReal(word)) this.problems.push({ code: "parse-expected-token", message: `a measure's label is text in quotes, the name simulation reports it by: \`measure "${word.image}" { … }\` (a seat's: \`measure "Gold" p { … }\`)`, span: tokenSpan(word) });
          });
          return word;
        },
      },
    ]);
    const player = this.OPTION(() => this.declaredName(this.CONSUME(Word)));
    // Its value is written as a `define`'s block is: named parts (`let`) first, as a figure of a
    // finished game is often worked out in steps (two users wrote `let` there and read that `let`
    // was no value).
    const block = this.SUBRULE(this.defineBlock);
    return this.ACTION(() => {
      const value = block.kind === "BlockExpr" && block.lets.length === 0 ? block.value : block;
      const d: Decl = { kind: "MeasureDecl", label: label.tokenType === StringLit ? unquote(label.image) : label.image, labelSpan: tokenSpan(label), value, span: this.spanFrom(start) };
      if (player) d.player = this.name(player);
      return d;
    });
  });

  /**
   * What to say of a word found where a `scoring` line should start: the lowest-wins advice for a
   * word of it (`least wins`), or, for a word left on the line of a `points` or `tiebreak` after its
   * expression ended (`points fewest p.penalty`, `tiebreak most p.gold p.silver`), that a line holds
   * one expression.
   */
  private scoringWordHint(t: IToken): string | undefined {
    if (LOWEST.has(t.image)) return LOWEST_WINS;
    const before = this.LA(-1);
    if (before.endLine !== t.startLine) return undefined;
    return LOWEST.has(before.image) ? POINTS_ONE_EXPRESSION : "each `points` or `tiebreak` line is one expression: is an operator (`+`) missing?";
  }

  scoringDecl = this.RULE("scoringDecl", (): Decl => {
    const start = this.CONSUME(kw("scoring"));
    const player = this.declaredName(this.CONSUME(Word));
    let points: Expr | undefined;
    const tiebreaks: Tiebreak[] = [];
    this.CONSUME(LBrace);
    this.MANY({
      GATE: () => this.blockGoesOn(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          MAX_LOOKAHEAD: 1,
          DEF: [
            {
              GATE: () => this.LA(1).tokenType === Identifier,
              ALT: () => {
                const word = this.contextual(1, "points", "in `scoring`", (t) => this.scoringWordHint(t));
                const e = this.SUBRULE(this.expression);
                this.ACTION(() => {
                  // A second line would silently replace the first (and go unchecked).
                  if (points && isReal(word)) {
                    this.problems.push({ code: "parse-expected-token", message: "a `scoring` block has one `points` line: add the parts together, like `points a + b`", span: tokenSpan(word) });
                  } else points = e;
                });
              },
            },
            {
              GATE: () => this.LA(1).tokenType === kw("tiebreak"),
              ALT: () => {
                const t = this.CONSUME(kw("tiebreak"));
                // Any word, a keyword too (`highest`): a wrong one is told "expected `most` or `fewest`".
                // A word that starts the value (`tiebreak p.gold`) is no direction: the direction is missing.
                const dir = this.OPTION2({
                  GATE: () => this.LA(1).image === "most" || this.LA(1).image === "fewest" || ![Dot, LParen, LBracket].includes(this.LA(2).tokenType),
                  DEF: () => this.CONSUME2(Word),
                });
                const value = this.SUBRULE2(this.expression);
                this.ACTION(() => {
                  if (!dir) {
                    if (isReal(t)) this.problems.push({ code: "parse-expected-token", message: "a tiebreak says which way first: `tiebreak most …` or `tiebreak fewest …`", span: value.span });
                  } else if (isReal(dir) && dir.image !== "most" && dir.image !== "fewest") {
                    this.problems.push({ code: "parse-expected-token", message: `expected \`most\` or \`fewest\` but found \`${dir.image}\``, span: tokenSpan(dir) });
                  }
                  tiebreaks.push({ most: dir?.image !== "fewest", value, span: this.spanFrom(t) });
                });
              },
            },
            // Any other line (`lowest wins`, `let total = …`): one error with what the block holds, the line skipped.
            {
              ALT: () =>
                this.skipUntil("a `points` or `tiebreak` line in `scoring`", (t) => t.image === "points" || t.tokenType === kw("tiebreak") || startsDeclarationLine(t), [], false, (t) =>
                  LOWEST.has(t.image) ? LOWEST_WINS : SCORING_LINES,
                ),
            },
          ],
        }),
    });
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
    const items: { override: boolean; extend?: true; decl: Decl; span: Span }[] = [];
    const includes: VariantInclude[] = [];
    this.CONSUME(LBrace);
    this.MANY(() =>
      this.OR([
        {
          // `include` is contextual (`isIncludeWord`): a rule file may name a procedure `include`.
          GATE: () => isIncludeWord(this.LA(1), this.LA(2)),
          ALT: () => {
            const word = this.CONSUME(Identifier);
            this.OR2([
              {
                ALT: () => {
                  const name = this.CONSUME3(StringLit);
                  this.ACTION(() => includes.push({ name: unquote(name.image), nameSpan: this.span(name), span: this.spanFrom(word) }));
                },
              },
              {
                // `include Short`: said as what it lacks, not "expected a declaration" at `include`.
                ALT: () => {
                  const bare = this.CONSUME2(Word);
                  this.ACTION(() => {
                    if (isReal(bare)) this.problems.push({ code: "parse-expected-token", message: `\`include\` takes a variant's name in quotes: \`include "${bare.image}"\``, span: tokenSpan(bare) });
                  });
                },
              },
            ]);
          },
        },
        {
          ALT: () => {
            const first = this.LA(1);
            // `extend setup { … }`: `extend` is a word only here, before `setup`.
            const ext = this.OPTION3({
              GATE: () => this.LA(1).tokenType === Identifier && this.LA(1).image === "extend" && tokenMatcher(this.LA(2), kw("setup")),
              DEF: () => this.CONSUME2(Identifier),
            });
            // Recorded whatever `ext` is: Chevrotain records the grammar by running the rule once.
            const over = this.OPTION2(() => this.CONSUME(kw("override")));
            const decl = this.SUBRULE(this.declaration);
            this.ACTION(() => items.push(ext ? { override: false, extend: true as const, decl, span: this.spanFrom(first) } : { override: !!over, decl, span: this.spanFrom(first) }));
          },
        },
      ]),
    );
    this.CONSUME(RBrace);
    return this.ACTION(() => {
      const d: Decl = { kind: "VariantDecl", title: unquote(title.image), titleSpan: this.span(title), includes, items, span: this.spanFrom(start) };
      if (ext) d.extendsFile = { path: unquote(ext.image), span: this.span(ext) };
      return d;
    });
  });

}
