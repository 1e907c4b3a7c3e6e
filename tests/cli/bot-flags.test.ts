import { describe, expect, it } from "vitest";
import { stela } from "./run-stela.ts";

/** `--bots` of simulate and compare: a known bot misused, or more bots than seats, says so before any game. */

const simulate = ["simulate", "games/mayan-city.stela", "--players", "2", "--games", "2", "--workers", "1", "--no-progress"];

describe("--bots", () => {
  it("an MCTS budget below 1 is named as such, not as an unknown bot", () => {
    const zero = stela([...simulate, "--bots", "mcts:0"]);
    expect(zero.code).toBe(2);
    expect(zero.err).toBe('stela: --bots: the budget of mcts must be at least 1 (playouts), not 0: "mcts:0" (e.g. mcts:200 or mcts:200ms)\n');
    const negative = stela([...simulate, "--bots", "random,mcts:-1"]);
    expect(negative.code).toBe(2);
    expect(negative.err).toBe('stela: --bots: the budget of mcts must be at least 1 (playouts), not -1: "mcts:-1" (e.g. mcts:200 or mcts:200ms)\n');
    expect(stela([...simulate, "--bots", "mcts:0ms"]).err).toBe('stela: --bots: the budget of mcts must be at least 1 (milliseconds), not 0: "mcts:0ms" (e.g. mcts:200 or mcts:200ms)\n');
  });

  it("greedy takes a whole number of redrawn copies, at least 1", () => {
    const zero = stela([...simulate, "--bots", "greedy:0"]);
    expect(zero.code).toBe(2);
    expect(zero.err).toBe('stela: --bots: the redrawn copies of greedy must be at least 1, not 0: "greedy:0" (e.g. greedy:16)\n');
    expect(stela([...simulate, "--bots", "greedy:5ms"]).err).toBe('stela: --bots: greedy takes a number of redrawn copies, not milliseconds: "greedy:5ms" (e.g. greedy:16)\n');
    expect(stela([...simulate, "--bots", "random:3"]).err).toBe('stela: --bots: random takes no budget, not "random:3" (only mcts does: mcts:500 or mcts:200ms; and greedy its redrawn copies: greedy:16)\n');
    const two = stela([...simulate, "--bots", "greedy:2,random"]);
    expect(two.code).toBe(0);
    expect(two.out).toContain("greedy:2 ");
  });

  it("more bots than players is a usage error saying how many players there are", () => {
    const r = stela([...simulate, "--bots", "random,greedy,random"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("stela: --bots: 3 bots for 2 players: give at most one per seat (a shorter list is repeated)\n");
    expect(r.out).toBe("");
    const compare = stela(["compare", "games/mayan-city.stela", "--variant-b", "x", "--players", "2", "--games", "2", "--bots", "random,random,random", "--no-progress"]);
    expect(compare.code).toBe(2);
    expect(compare.err).toBe("stela: --bots: 3 bots for 2 players: give at most one per seat (a shorter list is repeated)\n");
  });

  it("as many bots as players, or fewer (repeated), still play", () => {
    expect(stela([...simulate, "--bots", "random,greedy"]).code).toBe(0);
    expect(stela([...simulate, "--bots", "random"]).code).toBe(0);
  });
});
