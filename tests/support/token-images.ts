import { Lexer, type IToken } from "chevrotain";
import { ALL_TOKENS } from "../../dsl/tokens.ts";

const lexer = new Lexer(ALL_TOKENS, { positionTracking: "onlyOffset", ensureOptimizations: false });

/** Every token and comment of `source`, in order, as the lexer reads them. */
export function tokensAndComments(source: string): IToken[] {
  const r = lexer.tokenize(source);
  return [...r.tokens, ...(r.groups["comments"] ?? [])].sort((a, b) => a.startOffset - b.startOffset);
}

/**
 * Every token and comment, in order, as the lexer reads it (comments without trailing blanks):
 * what `stela fmt` must keep, since it only changes the space between them.
 */
export function tokenImages(source: string): string[] {
  return tokensAndComments(source).map((t) => (t.tokenType.name === "MapLine" ? t.image : t.image.replace(/[ \t]+$/, "")));
}
