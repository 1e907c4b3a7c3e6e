import { describe, expect, it } from "vitest";
import { GreedyBot } from "../../interpreter/bots/greedy-bot.ts";
import { gameFromSource } from "../support/games.ts";

/** The greedy bot looks one decision ahead, and never at answers still secret. */

// Matching pennies: the second player scores by picking differently from the first.
const PENNIES = gameFromSource(`
game "Pennies" { players 2 }
per player { pick: number = 0 }
flow {
  let picks = secretly each p in players chooses n from 1..2 prompt "Heads (1) or tails (2)?"
  for p in players { p.pick = picks[p] }
}
scoring p {
  points if p.seat == 1 and p.pick != players[0].pick then 1 else 0
}
`);

// The same, but in the open: the second player picks after seeing the first.
const OPEN = gameFromSource(`
game "Open pennies" { players 2 }
per player { pick: number = 0 }
flow {
  for p in players {
    turn p {
      let n = choose n from 1..2 prompt "Heads (1) or tails (2)?"
      p.pick = n
    }
  }
}
scoring p {
  points if p.seat == 1 and p.pick != players[0].pick then 1 else 0
}
`);

describe("greedy bot", () => {
  it("answering a secret choice last, does not use the answers already given", () => {
    let differs = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const m = PENNIES.start({ players: 2, seed });
      m.apply("1", 0);
      const id = new GreedyBot(seed).choose(m, 1)!;
      if (id !== "1") differs++;
    }
    // Peeking would always pick tails; a fair guess does so about half the time.
    expect(differs).toBeGreaterThan(5);
    expect(differs).toBeLessThan(35);
  });

  it("in the open, picks what scores", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const m = OPEN.start({ players: 2, seed });
      m.apply("1", 0);
      expect(new GreedyBot(seed).choose(m, 1)).toBe("2");
    }
  });
});
