import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";

/**
 * A second `let` of a name in one block is a mistake (`duplicate-name`), but an example's
 * positions are separate blocks that share one scope (so its expectations see their names):
 * each may say `let me = …`.
 */
const game = (example: string): string[] =>
  compileRules(
    `game "Names" { players 2 }
per player { score: number = 0 }
flow { for p in players { turn p { let n = choose n from 1..3 prompt "How many?"  p.score += n } } end game }
scoring p { points p.score }
${example}`,
    "names.stela",
  ).diagnostics.map((d) => `${d.code} ${d.message}`);

describe("a name declared again", () => {
  it("in one block is an error", () => {
    expect(game("procedure twice() { let k = 1  let k = 2  log k }").filter((d) => d.startsWith("duplicate-name"))).toEqual([
      "duplicate-name `k` is already declared in this block (line 5): to change it, write `k = …`",
    ]);
  });

  it("in two positions of one example is fine", () => {
    expect(
      game(`example "two positions" {
  players 2
  position { let me = players[0]  me.score = 1 }
  expect players[0].score == 1
  position { let me = players[0]  me.score = 2 }
  expect players[0].score == 2
}`),
    ).toEqual([]);
  });
});
