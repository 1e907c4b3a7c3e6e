import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";

/**
 * `return 3` where nothing gives a value names the block it is in: in the flow it was told
 * "this procedure gives no value", and the flow is no procedure to declare a type for.
 */
const source = `game "Returns" { players 2 }
per player { score: number = 0 }
event scored(p: player)
on scored(p) { return 1 }
setup { return 2 }
procedure give(p: player) { p.score += 1
  return 4 }
flow {
  for p in players {
    if p.score > 0 { return 3 }
  }
  trigger scored(players[0])
  give(players[0])
  end game
}
scoring p { points p.score }
`;

describe("a returned value where none is given", () => {
  it("names the flow, the setup, the handler or the procedure it is in", () => {
    const got = compileRules(source, "returns.stela").diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code}: ${d.message}`);
    expect(got).toEqual([
      "4:23 type-mismatch: the handler `on scored` gives no value: write `return` alone to end it",
      "5:16 type-mismatch: the setup gives no value: write `return` alone to end it",
      "7:10 type-mismatch: procedure `give` gives no value: declare one with `procedure give(…): type`",
      "10:29 type-mismatch: the flow gives no value: write `return` alone to end it",
    ]);
  });
});
