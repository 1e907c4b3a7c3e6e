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

/** Named actions the rules turn down are listed with their words (a playtest showed only those offered). */
describe("refused named actions", () => {
  const CARDS = `game "Only option" { players 2  ask always }
kind Card { value: number  show { label: "card {this.value}" } }
zone hand per player: Card owner
zone played per player: Card public
zone pile: Card public
components Card per player in hand { x1 { value: 1 } x1 { value: 5 } }
rule playable(p: player, k: Card) {
  require k.value > 2 else "Only cards above 2 can be played"
}
flow {
  for p in players {
    turn p {
      let k = choose k from p.hand prompt "Pick a card"
      choose prompt "Play {k} or discard it?" {
        option "Play it" when playable(p, k) { move k to p.played }
        option "Discard it" { move k to pile }
        option "Keep it" when false else "Not in this game" { }
      }
    }
  }
}
scoring p { points sum k.value for k in p.played }
`;

  it("lists each with the rules' words, and leaves the match as it was", () => {
    const game = gameFromSource(CARDS);
    const s = new PlaytestSession(game, { players: 2, seed: 1 });
    s.persons = new Set([0, 1]);
    const card1 = s.current.options(0).find((o) => o.label === "card 1")!;
    expect(s.apply(0, card1.id).ok).toBe(true);
    const before = JSON.stringify(s.current.toJSON());
    expect(s.snapshot().refusedActions).toEqual([
      { label: "Play it", rule: "Only cards above 2 can be played" },
      { label: "Keep it", rule: "Not in this game" },
    ]);
    expect(JSON.stringify(s.current.toJSON())).toBe(before);
    expect(s.current.options(0).map((o) => o.label)).toEqual(["Discard it"]);
    // The other player, who owes nothing, is shown none.
    s.viewAs = 1;
    expect(s.snapshot().refusedActions).toBeUndefined();
    // A card that can be played: only "Keep it" is turned down.
    const m = game.start({ players: 2, seed: 1 });
    m.apply(m.options(0).find((o) => o.label === "card 5")!.id, 0);
    expect(refusedOptions(m, 0, {}).map((r) => r.label)).toEqual(["Keep it"]);
  });
});
