import type { TypeExpr } from "./ast.ts";
import { NO_SPAN } from "./span.ts";
import { Identifier, kw } from "./tokens.ts";
import { ExpressionGrammar } from "./parser-expressions.ts";

/** Type expressions: `list of T`, `per player T`, `per Colour T`, names. */
export abstract class TypeGrammar extends ExpressionGrammar {
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
            // `per player T`, or `per Colour T`: one value for each player, or for each member of an enum.
            const start = this.CONSUME(kw("per"));
            const key = this.CONSUME2(Identifier);
            const of = this.SUBRULE2(this.typeExpr);
            return this.ACTION(
              (): TypeExpr =>
                key.image === "player"
                  ? { kind: "PerPlayerType", of, span: this.spanFrom(start) }
                  : { kind: "PerEnumType", enumName: this.name(key), of, span: this.spanFrom(start) },
            );
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

}
