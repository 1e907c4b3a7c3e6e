import { describe, expect, it } from "vitest";
import { ruleFiles, stela } from "./run-stela.ts";

/**
 * A choice with one legal option is taken without asking in the command-line
 * tools too: `stela play` says so in its log, and `stela simulate` counts only
 * the decisions somebody made.
 */
describe("forced choices in the CLI", () => {
  // Each of 3 turns: a choice with one legal option (taken without asking), then a real one.
  const files = ruleFiles({
    "forced.stela": `game "Forced" { players 2 }
per player { score: number = 0 }
flow {
  repeat 3 {
    turn players[0] {
      let k = choose k from 1..3 where k == 2 label "take {k}" prompt "How many?"
      let j = choose j from 1..2 label "then {j}" prompt "And then?"
      players[0].score += k + j
    }
  }
}
scoring p { points p.score }
`,
  });

  it("stela play tells the choice taken without asking, and asks only the real one", () => {
    const r = stela(["play", files["forced.stela"]!, "--players", "2", "--bots", "1,2", "--seed", "3"]);
    expect(r.code).toBe(0);
    // The three forced choices, between the bot's real decisions: each told once, as it came,
    // not again under every screen after it.
    expect(r.out.match(/Player 1: take 2 \(only option\)/g)).toHaveLength(3);
    expect(r.out.match(/ {2}· Player 1: take 2 \(only option\)\nPlayer 1 \(random bot\): then \d\n/g)).toHaveLength(3);
    expect(r.out.match(/Player 1 \(random bot\): then \d/g)).toHaveLength(3);
    expect(r.out).not.toMatch(/How many\?/);
  });

  it("stela simulate counts only the decisions somebody made", () => {
    const r = stela(["simulate", files["forced.stela"]!, "--players", "2", "--games", "4", "--seed", "1", "--json"]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out) as { length: { mean: number; min: number; max: number } };
    expect([s.length.min, s.length.max]).toEqual([3, 3]);
  });

  it("stela simulate --game names a card taken from a hand as its only option, as it names the others", () => {
    const hands = ruleFiles({
      "hands.stela": `game "Hands" { players 2 }
kind Card { v: number  show { label: "card {this.v}" } }
zone deck: Card hidden
zone hand per player: Card owner
zone pile: Card public
components Card in deck { for v in 1..4 { x1 { v: v } } }
setup {
  deal 1 from deck to players[0].hand
  deal 2 from deck to players[1].hand
}
flow {
  for p in players {
    turn p {
      let c = choose c from p.hand prompt "Play a card"
      move c to pile
    }
  }
}
scoring p { points 0 }
`,
    });
    const r = stela(["simulate", hands["hands.stela"]!, "--players", "2", "--seed", "1", "--game", "1"]);
    expect(r.code).toBe(0);
    // Player 1 holds one card (taken without asking); Player 2 picks one of two.
    expect(r.out).toMatch(/^ {6}· Player 1: card \d \(only option\)\n {3}1\. Player 2: option \d of 2: card \d \[card-\d\]\n/);
    expect(r.out).not.toMatch(/\(a hidden choice\)/);
  });
});
