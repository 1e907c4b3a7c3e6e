import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";
import { gameFromSource } from "../support/games.ts";

/** `shuffled(list)`: a list's items in a random order, from the match's generator. */
describe("shuffled", () => {
  const source = `game "Deal" { players 2 }
board world: graph(8, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]) {
  space state held: player = none
}
var order: list of number = []
var rolled: number = 0
flow {
  let every = spaces(world)
  let drawn = shuffled(every)
  order = [s.x for s in drawn]
  // The list given is left as it was.
  if [s.x for s in every] != [0, 1, 2, 3, 4, 5, 6, 7] { order = [] }
  for i in 0..7 { drawn[i].held = players[i % 2] }
  rolled = random(1..1000)
  end game
}
scoring p { points count s in spaces(world) where s.held == p }
`;
  const run = (seed: number) => gameFromSource(source).start({ players: 2, seed });

  it("deals the same order for the same seed, another for another, every item once", () => {
    expect(compileRules(source, "deal.stela").diagnostics).toEqual([]);
    const a = run(3);
    const b = run(3);
    expect(a.error).toBeNull();
    expect(a.global("order")).toEqual(b.global("order"));
    expect([...(a.global("order") as number[])].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const orders = new Set([1, 2, 3, 4, 5].map((s) => JSON.stringify(run(s).global("order"))));
    expect(orders.size).toBeGreaterThan(1);
    expect(a.result!.scores).toEqual([4, 4]);
  });

  it("draws on the generator: what is drawn after it follows from the shuffle", () => {
    const without = gameFromSource(source.replace("let drawn = shuffled(every)", "let drawn = spaces(world)")).start({ players: 2, seed: 3 });
    expect(without.global("rolled")).not.toBe(run(3).global("rolled"));
  });

  it("`shuffle(…)` as a value says which to write", () => {
    const d = compileRules(source.replace("shuffled(every)", "shuffle(every)"), "deal.stela").diagnostics;
    expect(d[0]!.hint).toBe("`shuffle z` shuffles a zone in place, as a statement; `shuffled(list)` is a list's items in a random order");
  });
});
