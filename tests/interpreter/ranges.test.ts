import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/** `a..b`: the whole numbers from a to b. */
describe("ranges", () => {
  const run = (range: string) => {
    const m = gameFromSource(`game "R" { players 2 }
var held: number = 10
var out: list of number = []
flow {
  out = ${range}
  end game
}
scoring p { points 0 }`).start({ players: 2, seed: 1 });
    return { out: m.global("out"), error: m.error?.message };
  };

  it("count whole numbers, none when the end is before the start", () => {
    expect(run("1..4")).toEqual({ out: [1, 2, 3, 4], error: undefined });
    expect(run("3..1")).toEqual({ out: [], error: undefined });
    expect(run("-2..0")).toEqual({ out: [-2, -1, 0], error: undefined });
    expect(run("1..floor(held / 3)")).toEqual({ out: [1, 2, 3], error: undefined });
  });

  it("refuse an end with a fraction (a division left unrounded), which counted from it silently", () => {
    expect(run("1..held / 3").error).toBe("a range counts whole numbers, and its end is 3.3333333333333335: round it with `floor`, `ceil` or `round`");
    expect(run("held / 4..5").error).toBe("a range counts whole numbers, and its start is 2.5: round it with `floor`, `ceil` or `round`");
  });
});
