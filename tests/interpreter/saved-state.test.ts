import { describe, expect, it } from "vitest";
import { Match, SavedStateError } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

const RULES = `
  game "Counter" { players 2 }
  var total: number = 0
  flow {
    repeat 3 {
      turn players[0] {
        let n = choose n from [1, 2, 3] prompt "Add"
        total += n
      }
    }
  }
  scoring p { points total }
`;

/** A saved state resumes only on the rules it was played under. */
describe("saved states", () => {
  it("resume on the same rules, even with comments and spacing changed", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 3 });
    m.apply("2");
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    const moved = gameFromSource(`// a comment that moves every line\n\n${RULES}`);
    const resumed = Match.fromJSON(moved, saved);
    expect(resumed.apply("3")).toEqual({ ok: true });
    expect(resumed.global("total")).toBe(5);
  });

  it("are refused, with a clear error, on other rules", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 3 });
    m.apply("2");
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    const changed = gameFromSource(RULES.replace("repeat 3", "repeat 4"));
    expect(() => Match.fromJSON(changed, saved)).toThrow(SavedStateError);
    expect(() => Match.fromJSON(changed, saved)).toThrow(/played under other rules than this "Counter".*replay its log instead/);
  });

  it("are refused when written by another layout version", () => {
    const game = gameFromSource(RULES);
    const saved = { ...JSON.parse(JSON.stringify(game.start({ players: 2, seed: 3 }).toJSON())), version: 1 };
    expect(() => Match.fromJSON(game, saved)).toThrow(/layout version 1, expected 2/);
  });

  it("a clone shares nothing a move changes: moving one leaves the other as it was", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 3 });
    m.apply("1");
    const before = JSON.stringify(m.toJSON());
    const c = m.clone();
    c.apply("3");
    c.applyAt(0);
    expect(c.global("total")).toBe(5);
    expect(JSON.stringify(m.toJSON())).toBe(before);
    expect(m.log).toHaveLength(1);
  });
});
