import { describe, expect, it } from "vitest";
import { refusedOptions } from "../../interpreter/index.ts";
import { PlaytestSession } from "../../editor/src/playtest/playtest-session.ts";
import { gameFromSource } from "../support/games.ts";

const GAME = `
game "Spots" { players 2..2 }
kind Stone { }
components Stone in supply { x4 {} }
zone supply: Stone public
board field: grid(3, 3) {
  space v: number = 0
  map {
    | x x x
    | x x x
    | x x x
  }
  legend {
    x: v = 1
  }
}
flow {
  repeat 2 {
    for p in players {
      turn p {
        let s = choose s from spaces(field) prompt "Where?" where empty(s) else "That space is taken"
        place top(supply) at s
      }
    }
  }
}
scoring p { points 0 }
`;

describe("why a would-be option is refused (refusedOptions)", () => {
  it("gives the rules' own words for a taken space, and nothing for a free one", () => {
    const s = new PlaytestSession(gameFromSource(GAME), { players: 2, seed: 1 });
    const m = s.current;
    const first = m.options(0)[0]!;
    expect(s.apply(0, first.id).ok).toBe(true);
    const taken = first.spaces![0]!;
    const r = refusedOptions(s.current, 1, { space: taken });
    expect(r.map((o) => o.rule)).toEqual(["That space is taken"]);
    expect(r[0]!.reason).toBe(`${r[0]!.label} is not allowed: That space is taken`);
    const free = s.current.options(1)[0]!.spaces![0]!;
    expect(refusedOptions(s.current, 1, { space: free })).toEqual([]);
    // Asking changed nothing.
    expect(s.current.log.length).toBe(1);
    expect(s.current.options(1).length).toBe(8);
  });
});
