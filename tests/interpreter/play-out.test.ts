import { describe, expect, it } from "vitest";
import { makeBot, NoEndError, playOut } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** `playOut` stops a match its rules never end with a `NoEndError`, which tools report as a rule failure. */
describe("playOut", () => {
  it("throws a NoEndError past its limit of decisions", () => {
    const game = gameFromSource(`game "Endless" { players 2 }
flow {
  loop {
    // An end the bots never reach: the checker sees one, the rules never take it.
    for p in players { turn p { let n = choose n from 1..2 prompt "Pick"  if n > 2 { end game } } }
  }
}
scoring p { points 0 }`);
    const m = game.start({ players: 2, seed: 1 });
    let thrown: unknown;
    try {
      playOut(m, [makeBot("random", 1)], 50);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(NoEndError);
    expect((thrown as NoEndError).decisions).toBe(50);
    expect(m.decision).not.toBeNull();
  });
});
