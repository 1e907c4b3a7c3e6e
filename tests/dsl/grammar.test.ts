import { Lexer } from "chevrotain";
import { describe, expect, it } from "vitest";
import { StelaParser } from "../../dsl/parser.ts";
import { DeclarationGrammar } from "../../dsl/parser-declarations.ts";
import { ALL_TOKENS, Identifier } from "../../dsl/tokens.ts";

/**
 * The grammar is checked here, once: the parser and the lexers the tools build skip Chevrotain's
 * own checks of the grammar (ambiguous alternatives, left recursion, unreachable ones) and of the
 * token definitions, which took 120 ms of every start of the CLI, a worker process and the editor.
 */
describe("the grammar", () => {
  it("has token definitions that pass Chevrotain's checks", () => {
    const lexer = new Lexer(ALL_TOKENS, { positionTracking: "full", ensureOptimizations: false });
    expect(lexer.lexerDefinitionErrors).toEqual([]);
  });

  it("passes Chevrotain's checks of a grammar", () => {
    expect(() => new StelaParser(true)).not.toThrow();
  });

  it("would be refused with a mistake in it, only when checked", () => {
    // The same grammar with one rule whose two alternatives start alike.
    class WithAmbiguity extends DeclarationGrammar {
      twice = this.RULE("twice", () => {
        this.OR([{ ALT: () => this.CONSUME(Identifier) }, { ALT: () => this.CONSUME2(Identifier) }]);
      });
      constructor(validate: boolean) {
        super(validate);
        this.performSelfAnalysis();
      }
    }
    expect(() => new WithAmbiguity(true)).toThrow(/twice/);
    expect(() => new WithAmbiguity(false)).not.toThrow();
  });
});
