import { describe, expect, it } from "vitest";
import { majority } from "../../interpreter/builtins/scoring-builtins.ts";

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
});
