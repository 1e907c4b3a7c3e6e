import { describe, expect, it } from "vitest";
import { majority, minority } from "../../interpreter/builtins/scoring-builtins.ts";
import { Game } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** Tie policies of `majority`, with the examples the rulebooks give. */
describe("majority awards", () => {
  it("pool_round_up: a tie for first pools first and second and rounds up, with no second place", () => {
    expect(majority([5, 5, 1], [12, 6], "pool_round_up", 1)).toEqual([9, 9, 0]);
    expect(majority([5, 5, 5], [12, 6], "pool_round_up", 1)).toEqual([6, 6, 6]);
    expect(majority([5, 5, 5], [30, 15], "pool_round_up", 1)).toEqual([15, 15, 15]);
    expect(majority([5, 5, 5], [20, 10], "pool_round_up", 1)).toEqual([10, 10, 10]);
    expect(majority([5, 5, 5], [6, 3], "pool_round_up", 1)).toEqual([3, 3, 3]);
    expect(majority([7, 5, 5], [6, 3], "pool_round_up", 1)).toEqual([6, 2, 2]);
    expect(majority([7, 4, 1], [12, 6], "pool_round_up", 1)).toEqual([12, 6, 0]);
  });

  it("split_round_down: tied first split the first prize with no second; tied second split the second", () => {
    expect(majority([3, 3, 1], [6, 3], "split_round_down", 1)).toEqual([3, 3, 0]);
    expect(majority([3, 3, 3], [6, 3], "split_round_down", 1)).toEqual([2, 2, 2]);
    expect(majority([4, 2, 2], [6, 3], "split_round_down", 1)).toEqual([6, 1, 1]);
    expect(majority([4, 0, 0], [6, 3], "split_round_down", 1)).toEqual([6, 0, 0]);
  });

  it("next_place_each: tied players each drop one place (El Grande)", () => {
    // Two tied for first: second place's prize each, the next player third's.
    expect(majority([5, 5, 3, 1], [8, 5, 2], "next_place_each", 1)).toEqual([5, 5, 2, 0]);
    // Three tied for first: still second's each; the fourth player is past the prizes.
    expect(majority([5, 5, 5, 1], [8, 5, 2], "next_place_each", 1)).toEqual([5, 5, 5, 0]);
    // Tied for second: third's each. Tied for the last prize: nothing.
    expect(majority([6, 4, 4, 4], [8, 5, 2], "next_place_each", 1)).toEqual([8, 2, 2, 2]);
    expect(majority([6, 5, 4, 4], [8, 5, 2], "next_place_each", 1)).toEqual([8, 5, 0, 0]);
  });

  it("half_each and full_each", () => {
    expect(majority([5, 5, 5], [4], "half_each", 1)).toEqual([2, 2, 2]);
    expect(majority([5, 3, 0], [4], "half_each", 1)).toEqual([4, 0, 0]);
    expect(majority([5, 5, 1], [5], "full_each", 1)).toEqual([5, 5, 0]);
  });

  it("players below the minimum take part in nothing", () => {
    expect(majority([0, 0, 0], [6, 3], "pool_round_up", 1)).toEqual([0, 0, 0]);
    expect(majority([2, 0, 0], [6, 3], "split_round_down", 1)).toEqual([6, 0, 0]);
    expect(majority([2, 1, 1], [6, 3], "split_round_down", 2)).toEqual([6, 0, 0]);
  });

  it("minority: the fewest first, a penalty as a negative prize, the same tie policies", () => {
    // "Most puddings +6, fewest −6": the fewest lose 6; nobody left out for having none.
    expect(minority([0, 2, 5], [-6], "pool_round_up", null)).toEqual([-6, 0, 0]);
    // A penalty pooled among the tied rounds toward 0 ("ignore the remainder"), split_round_down away from it.
    expect(minority([1, 1, 1, 1], [-6], "pool_round_up", null)).toEqual([-1, -1, -1, -1]);
    expect(minority([1, 1, 1, 1], [-6], "split_round_down", null)).toEqual([-2, -2, -2, -2]);
    expect(minority([3, 1, 1], [6, 3], "split_round_down", null)).toEqual([0, 3, 3]);
    expect(minority([3, 1, 2], [6, 3], "pool_round_up", null)).toEqual([0, 6, 3]);
    // Players above the maximum take part in nothing.
    expect(minority([3, 1, 2], [6, 3], "pool_round_up", 2)).toEqual([0, 6, 3]);
    expect(minority([3, 1, 2], [6, 3], "pool_round_up", 1)).toEqual([0, 6, 0]);
    expect(minority([0, 0], [6], "split_round_down", null)).toEqual([3, 3]);
  });

  it("minority in the rules: named arguments, compiled and reference interpreters alike", () => {
    const src = `game "Desserts" { players 3 }
per player { puddings: number = 0 }
flow { for p in players { p.puddings = p.seat } }
scoring p {
  points minority(per player q: q.puddings, [-6]) [p] + minority(per player q: q.puddings, [4, 2], ties: split_round_down, maximum: 1)[p]
}`;
    const compiled = gameFromSource(src);
    for (const game of [compiled, new Game(compiled.def, {}, "closures")]) {
      const m = game.start({ players: 3, seed: 1 });
      expect(m.result?.scores).toEqual([-6 + 4, 2, 0]);
    }
  });

  it("unit: a tied share rounded to a multiple of it, in the policy's direction (Acquire's nearest $100)", () => {
    const hundreds = { unit: 100, alone: false };
    // Majority $3000 and minority $1500 pooled by two tied for first: $2250, rounded up to $2300.
    expect(majority([2, 2, 1], [3000, 1500], "pool_round_up", 1, hundreds)).toEqual([2300, 2300, 0]);
    // Two tied for the minority of $1500: $750 each, rounded up to $800; down, to $700.
    expect(majority([3, 1, 1], [3000, 1500], "pool_round_up", 1, hundreds)).toEqual([3000, 800, 800]);
    expect(majority([3, 1, 1], [3000, 1500], "pool_round_down", 1, hundreds)).toEqual([3000, 700, 700]);
    expect(majority([3, 1, 1], [3000, 1500], "split_round_down", 1, hundreds)).toEqual([3000, 700, 700]);
    // A player alone in a place keeps the prize as it is, whatever the unit.
    expect(majority([3, 1, 0], [3050, 1525], "pool_round_up", 1, hundreds)).toEqual([3050, 1525, 0]);
  });

  it("alone: a player alone in the ranking takes every prize (a sole stockholder's two bonuses)", () => {
    const alone = { unit: 1, alone: true };
    expect(majority([4, 0, 0], [3000, 1500], "pool_round_up", 1, alone)).toEqual([4500, 0, 0]);
    expect(majority([4, 0, 0], [3000, 1500], "pool_round_up", 1)).toEqual([3000, 0, 0]);
    // With a second player in the ranking, places are paid as usual.
    expect(majority([4, 1, 0], [3000, 1500], "pool_round_up", 1, alone)).toEqual([3000, 1500, 0]);
    expect(majority([0, 0, 0], [3000, 1500], "pool_round_up", 1, alone)).toEqual([0, 0, 0]);
  });

  it("unit and alone in the rules, compiled and reference interpreters alike; a unit of 0 is refused at its line", () => {
    const src = (unit: string) => `game "Stocks" { players 3 }
per player { held: number = 0 }
flow { for p in players { p.held = if p.seat == 2 then 0 else 2 } }
scoring p {
  points majority(per player q: q.held, [3000, 1500], unit: ${unit})[p] + majority(per player q: if q.seat == 0 then 1 else 0, [700, 350], alone: true)[p]
}`;
    const compiled = gameFromSource(src("100"));
    for (const game of [compiled, new Game(compiled.def, {}, "closures")]) {
      const m = game.start({ players: 3, seed: 1 });
      expect(m.result?.scores).toEqual([2300 + 1050, 2300, 0]);
    }
    const zero = gameFromSource(src("0")).start({ players: 3, seed: 1 });
    expect(zero.error?.code).toBe("runtime-invalid-number");
    expect(zero.error?.message).toContain("a number above 0");
    expect(zero.error?.span.start.line).toBe(5);
  });
});
