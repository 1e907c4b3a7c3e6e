import type { TokenType } from "chevrotain";
import { DeclarationGrammar } from "./parser-declarations.ts";

export { tokenSpan, unquote, type ActionProblem } from "./parser-base.ts";

/**
 * The Stela grammar, assembled. Each grammar area lives in its own file, one
 * subclass per area (`parser-base.ts` → `parser-expressions.ts` →
 * `parser-types.ts` → `parser-statements.ts` → `parser-declarations.ts`);
 * this last class records the whole chain once every rule field exists.
 */
export class StelaParser extends DeclarationGrammar {
  /** `validate`: also check the grammar itself as it is built (`StelaParserBase`); a test does. */
  constructor(validate = false) {
    super(validate);
    this.performSelfAnalysis();
  }
}

/** Tokens the error messages name by their label. */
export const TOKEN_LABEL = (t: TokenType): string => (t.LABEL ? t.LABEL : t.name);
