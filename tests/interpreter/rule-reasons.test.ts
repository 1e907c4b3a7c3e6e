import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * A refused option is explained in the rules' own words: the failing `require`'s `else` text. A
 * rule may ask another rule (`require follows(p, c)`): with no words of its own, that `require` is
 * explained in the rule it asks. Before, the refusal read "this must hold: follows(p, c)", and a
 * designer who split a rule in two lost its message (found writing a card game's rules).
 */
const GAME = gameFromSource(`
game "Colours" {
  players 2
  ask always
}
enum Colour { red, blue }
kind Card {
  colour: Colour
  show { label: "{this.colour}" }
}
zone deck: Card hidden
zone hand per player: Card owner
zone pile: Card public
components Card in deck {
  x3 { colour: red }
  x2 { colour: blue }
}
rule follows(p: player, c: Card) {
  require size(pile) == 0 or c.colour == top(pile).colour or no k in p.hand: k.colour == top(pile).colour
    else "Play the colour asked for: you hold {top(pile).colour}"
}
rule playable(p: player, c: Card) {
  require follows(p, c)
  require size(p.hand) > 0 else "No card to play"
}
rule strict(p: player, c: Card) {
  require follows(p, c) else "Not that card"
}
flow {
  move first k in deck where k.colour == red to pile
  for c in deck { move c to players[0].hand }
  turn players[0] {
    let c = choose c from players[0].hand prompt "Play" where playable(players[0], c)
    move c to players[1].hand
  }
  turn players[0] {
    let c = choose c from players[0].hand prompt "Again" where strict(players[0], c)
    move c to players[1].hand
  }
}
scoring p { points 0 }
`);

describe("a rule that asks another rule", () => {
  it("is explained in the words of the rule it asks", () => {
    const m = GAME.start({ players: 2, seed: 1 });
    // A red card lies on the pile; the hand holds two red cards and two blue ones.
    expect(m.apply("blue", 0)).toEqual({ ok: false, code: "illegal-option", reason: "blue is not allowed: Play the colour asked for: you hold red" });
  });

  it("keeps its own words when it has them", () => {
    const m = GAME.start({ players: 2, seed: 1 });
    expect(m.apply("red", 0)).toEqual({ ok: true });
    expect(m.apply("blue", 0)).toEqual({ ok: false, code: "illegal-option", reason: "blue is not allowed: Not that card" });
  });
});

describe("a filter that joins a rule with another condition", () => {
  it("is explained in the words of the rule when the rule is what fails", () => {
    // A user's route game: `where small(n) and n != 2` read "this must hold: small(n) and n != 2"
    // where the rule said "Too big".
    const g = gameFromSource(`
game "Reason" { players 1 ask always }
var taken: number = 0
rule small(n: number) {
  require n < 3 else "Too big"
}
flow {
  turn players[0] {
    taken = choose n from 1..5 prompt "Pick" where small(n) and n != 2
  }
}
scoring p { points taken }
`);
    const m = g.start({ players: 1, seed: 1 });
    expect(m.apply("4")).toMatchObject({ ok: false, reason: "4 is not allowed: Too big" });
    // The rule holds; the other condition fails, and reads as written.
    expect(m.apply("2")).toMatchObject({ ok: false, reason: "2 is not allowed: this must hold: small(n) and n != 2" });
  });
});

describe("a rule guarded by the condition before it in an 'and'", () => {
  it("is not asked, nor its arguments read, when that condition fails", () => {
    // `n > 0 and small(stock[n - 1] * 10)`: with n = 0 the rule is never asked; explaining the
    // refusal read stock[-1], failed, and the refusal read "not one of the options".
    const g = gameFromSource(`
game "Guard" { players 1 ask always }
var taken: number = 0
var stock: list of number = [0, 1, 2]
rule small(n: number) {
  require n < 3 else "Too big"
}
flow {
  turn players[0] {
    taken = choose n from 0..2 prompt "Pick" where n > 0 and small(stock[n - 1] * 10)
  }
}
scoring p { points taken }
`);
    const m = g.start({ players: 1, seed: 1 });
    expect(m.apply("0")).toMatchObject({ ok: false, code: "illegal-option", reason: "0 is not allowed: this must hold: n > 0 and small(stock[n - 1] * 10)" });
    expect(m.apply("2")).toMatchObject({ ok: false, code: "illegal-option", reason: "2 is not allowed: Too big" });
  });
});
