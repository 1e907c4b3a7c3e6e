import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { renderText } from "../../interpreter/cli/text-view.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * `internal` variables: bookkeeping a rule file keeps (a leg counter, the last roll, counts for a
 * `measure`) off the players' screens. Four new users saw theirs on every player's screen
 * (`game: leg 1, race_over no, last_roll 0`) and hid them in pieces' state fields instead.
 */
describe("internal variables", () => {
  const source = `game "Race" { players 2 }
var leg: number = 1
var last_roll: number = 0 internal
per player {
  coins: number = 3
  guesses: number = 0 internal
}
flow {
  turn players[0] {
    let n = choose n from 1..3 prompt "Roll"
    last_roll = n
    current.guesses += 1
  }
}
scoring p { points p.coins }
measure "Guesses" p { p.guesses }
measure "Legs" { leg }
`;

  it("are left off the play screen and the view's lists of what to show, their values still read by the rules and in the view", () => {
    expect(compileRules(source, "race.stela").diagnostics).toEqual([]);
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    const v = m.view(0);
    expect(v.internalVars).toEqual(["last_roll", "guesses"]);
    // Public still: the values are in the view as every variable's.
    expect(v.globals).toEqual({ leg: 1, last_roll: 0 });
    const text = renderText(v);
    expect(text).toContain("game: leg 1\n");
    expect(text).toContain("Player 1 (you): coins 3\n");
    expect(text).not.toContain("guesses");
    m.apply("2");
    expect(m.global("last_roll")).toBe(2);
    expect(m.playerVar(0, "guesses")).toBe(1);
  });

  it("is for variables only: a piece's or a space's field is an error at it", () => {
    const bad = source.replace("scoring p", 'kind Coin { v: number = 1 internal }\nboard b: track(3) { space state seen: bool = false internal }\nscoring p');
    expect(compileRules(bad, "race.stela").diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.span.start.line])).toEqual([
      ["invalid-field", 15],
      ["invalid-field", 16],
    ]);
  });
});
