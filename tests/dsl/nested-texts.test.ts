import { describe, expect, it } from "vitest";
import { compileRules, format } from "../../dsl/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A text inside a text's `{…}`: `"{this.n}{if lit then " [R]" else ""}"`. The quote ended the
 * outer text, and a new user's one label gave 28 errors, 25 of them "a space has no field" for
 * fields the board declared. Now the inner text is read as one, braces inside it included.
 */
describe("texts inside a text's {…}", () => {
  const source = `game "Q" { players 2 }
var lit: bool = true
var n: number = 3
board b: graph(2, edges: [[0, 1]]) {
  space state k: number = 0
  show { label: "{this.k}{if lit then " [R]" else ""}" }
}
flow {
  log "n is {if n > 2 then "big" else "small"}, {"a}b"}, \\{ok\\}"
  turn players[0] { let _s = choose s from spaces(b) where s.k == 0 prompt "Pick" }
}
scoring p { points 0 }
`;

  it("reads and plays them, and formats the file as it is", () => {
    expect(compileRules(source, "q.stela").diagnostics).toEqual([]);
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.state.messages[0]!.text).toBe("n is big, a}b, {ok}");
    expect(m.view(0).boards[0]!.spaces.map((s) => s.show?.label)).toEqual(["0 [R]", "0 [R]"]);
    expect(format(source).text).toBe(source);
  });

  it("a `{` never closed is still told at the brace", () => {
    const bad = source.replace('log "n is', 'log "oops {n" + "x"\n  log "n is');
    expect(compileRules(bad, "bad.stela").diagnostics.map((d) => d.code)).toEqual(["parse-invalid-template"]);
  });

  it("a text inside `{…}` reads its own `{…}`, and a mistake there is told where it is", () => {
    const inner = `game "Q" { players 2 }
flow {
  log "{["<{p}>" for p in players]} {if true then "[{1 + 1}]" else ""}"
  turn players[0] { let _n = choose n from 1..2 prompt "Pick" }
}
scoring p { points 0 }
`;
    expect(compileRules(inner, "q.stela").diagnostics).toEqual([]);
    const m = gameFromSource(inner).start({ players: 2, seed: 1 });
    expect(m.state.messages[0]!.text).toBe("<Player 1>, <Player 2> [2]");
    const bad = inner.replace("[{1 + 1}]", "[{1 +}]");
    const d = compileRules(bad, "bad.stela").diagnostics;
    expect(d.map((x) => [x.code, x.span.start.line, x.span.start.column])).toEqual([["parse-invalid-template", 3, 54]]);
  });
});
