import { describe, expect, it } from "vitest";
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
  it("falls back to scoring without an estimate", () => {
    const game = gameFromSource(source(""));
    const m = game.start({ players: 2 });
    choose(m, "coin");
    choose(m, "step");
    expect([m.estimate(0), m.estimate(1)]).toEqual([0, 10]);
  });
});
