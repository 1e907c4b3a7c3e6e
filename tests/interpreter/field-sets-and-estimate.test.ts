import { describe, expect, it } from "vitest";
import { makeBot } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";
import { choose } from "../support/scenario.ts";

/** Field sets shared between kinds, and the designer's running estimate, at run time. */

describe("field sets", () => {
  const game = gameFromSource(`game "Works" { players 1 }
fields Effects { gain: number = 1  state used: bool = false  show { text: "+{this.gain}" } }
kind Building with Effects { cost: number }
kind Monument with Effects { points: number }
zone works: piece
components Building in works { x1 { gain: 3, cost: 2 } }
components Monument in works { x1 { points: 7 } }
per player { score: number = 0 }
procedure use(p: player, e: Effects) {
  p.score += e.gain
  e.used = true
}
flow {
  turn players[0] {
    let w = choose w from works prompt "Use"
    use(current, w)
    for m in works where m is Monument { current.score += 10 * m.points }
    current.score += 100 * count x in works where x.used
  }
}
scoring p { points p.score }`);
  it("gives every kind with the set its fields, defaults, states and show", () => {
    const m = game.start({ players: 1 });
    expect(m.options().length).toBe(2);
    const pieces = m.view(0).zones.find((z) => z.name === "works")!.pieces!;
    expect(pieces.map((q) => [q.kind, q.fields, q.show?.text])).toEqual([
      ["Building", { gain: 3, cost: 2 }, "+3"],
      ["Monument", { gain: 1, points: 7 }, "+1"],
    ]);
    choose(m, /Building/);
    expect(m.result!.scores).toEqual([3 + 70 + 100]);
    const n = game.start({ players: 1 });
    choose(n, /Monument/);
    // The monument takes the set's default gain of 1.
    expect(n.result!.scores).toEqual([1 + 70 + 100]);
  });
});

describe("estimate", () => {
  const source = (estimate: string) => `game "Race" { players 2 }
per player { steps: number = 0  coins: number = 0 }
flow {
  for p in players { turn p { choose prompt "Go" { option "Step" { current.steps += 1 } option "Coin" { current.coins += 3 } } } }
  for p in players { turn p { choose prompt "Go" { option "Step" { current.steps += 1 } option "Coin" { current.coins += 3 } } } }
}
${estimate}
scoring p { points p.steps * 10 }`;
  it("reads the estimate while the game is on, the score once it is over", () => {
    const game = gameFromSource(source("estimate p { p.steps * 10 + p.coins }"));
    const m = game.start({ players: 2 });
    choose(m, "coin");
    expect(m.estimate(0)).toBe(3);
    choose(m, "step");
    expect(m.estimate(1)).toBe(10);
    choose(m, "step");
    choose(m, "coin");
    expect(m.over).toBe(true);
    // Over: the final score, without the coins.
    expect([m.estimate(0), m.estimate(1)]).toEqual([10, 10]);
  });
  it("is written as a define's block: named parts (`let`) first, then its value", () => {
    const m = gameFromSource(source("estimate p {\n  let worth = 10\n  p.steps * worth + p.coins\n}")).start({ players: 2 });
    choose(m, "coin");
    expect(m.estimate(0)).toBe(3);
    choose(m, "step");
    expect(m.estimate(1)).toBe(10);
  });
  it("is what a bot steers by while the game is on", () => {
    // The estimate here values coins, the scoring steps: a greedy bot's first move shows which it read.
    const firstMove = (estimate: string): string => {
      const m = gameFromSource(source(estimate)).start({ players: 2, seed: 1 });
      return makeBot("greedy", 1).choose(m, 0)!;
    };
    expect(firstMove("estimate p { p.coins }")).toBe("coin");
    expect(firstMove("")).toBe("step");
  });
  it("falls back to scoring without an estimate", () => {
    const game = gameFromSource(source(""));
    const m = game.start({ players: 2 });
    choose(m, "coin");
    choose(m, "step");
    expect([m.estimate(0), m.estimate(1)]).toEqual([0, 10]);
  });
});

describe("constants in counts, places in tables", () => {
  const game = gameFromSource(`game "Camp" { players 2 }
const WORKERS = 3
kind Worker { strength: number = 1 }
zone camp: Worker
zone north: Worker
zone south: Worker
board field: grid(2, 2)
board hill: grid(1, 1)
table road { 1 -> north  2 -> south }
table ground { 1 -> field  2 -> hill }
components Worker in camp { x WORKERS  "Chief" x1 { strength: 5 } }
per player { score: number = 0 }
flow {
  move top(camp) to road[1]
  move top(camp) to road[2]
  move top(camp) to road[2]
  players[0].score = 100 * size(camp) + 10 * size(road[1]) + size(road[2])
  players[1].score = size(spaces(ground[1])) * 10 + size(spaces(ground[2]))
}
scoring p { points p.score }`);
  it("makes `x WORKERS` pieces and reads zones and boards out of tables", () => {
    const m = game.start({ players: 2 });
    expect(m.result!.scores).toEqual([100 + 10 + 2, 41]);
  });
});

describe("state on spaces", () => {
  const game = gameFromSource(`game "Marks" { players 2 }
board field: grid(3, 1) {
  space bonus: number = 2
  space state marked: bool = false
  space state visits: number = 0
}
per player { score: number = 0 }
flow {
  for p in players {
    turn p {
      let s = choose s from spaces(field) where not s.marked else "Already marked" prompt "Mark"
      s.marked = true
      s.visits += p.seat + 1
      p.score = s.bonus + sum t.visits for t in spaces(field)
    }
  }
}
scoring p { points p.score }`);
  it("keeps each space's state in the match, refuses by it, and saves it", () => {
    const m = game.start({ players: 2 });
    choose(m, "a1");
    expect(m.options().map((o) => o.id)).toEqual(["field:1,0", "field:2,0"]);
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    choose(m, "c1");
    expect(m.result!.scores).toEqual([3, 5]);
    const again = (m.constructor as typeof import("../../interpreter/match.ts").Match).fromJSON(game, saved);
    choose(again, "b1");
    expect(again.result!.scores).toEqual([3, 5]);
  });
});

describe("state on spaces in a copy", () => {
  it("a clone's space state changes apart from the original's", () => {
    const game = gameFromSource(`game "Marks" { players 1 }
board field: grid(2, 1) { space state marked: bool = false }
flow {
  turn players[0] {
    let s = choose s from spaces(field) prompt "Mark"
    s.marked = true
    let t = choose t from spaces(field) where not t.marked prompt "Mark again" ask always
    t.marked = true
  }
}
scoring p { points count s in spaces(field) where s.marked }`);
    const m = game.start({ players: 1 });
    choose(m, "a1");
    const copy = m.clone();
    expect(copy.options().map((o) => o.id)).toEqual(["field:1,0"]);
    choose(copy, "b1");
    expect(copy.result!.scores).toEqual([2]);
    expect(m.options().map((o) => o.id)).toEqual(["field:1,0"]);
    expect(m.toJSON().spaces).toEqual({ "field:0,0": { marked: true } });
  });
});
