import { describe, expect, it } from "vitest";
import { gameFromSource, inBothEngines } from "../support/games.ts";
import { choose } from "../support/scenario.ts";

/** Maps keyed by an enum and `match`, at run time. */

describe("maps keyed by an enum", () => {
  const game = gameFromSource(`game "Granary" { players 2 }
enum Crop { corn, wood, stone, gold }
table cost { 1 -> { wood: 2, stone: 1, else: 0 }  2 -> { gold: 1, else: 0 } }
per player {
  stock: per Crop number = { corn: 3, wood: 4, else: 1 }
  points: number = 0
}
var seen: per Crop bool
var price: per Crop number = per Crop c: 2
flow {
  for p in players {
    p.stock[corn] += 2
    p.stock -= cost[1]
  }
  players[1].stock += per Crop c: 10
  seen[gold] = true
  for p in players {
    p.points = sum v for v in p.stock
    if any v in p.stock: v == 0 { p.points += 100 }
    if all c in Crop: p.stock[c] >= 1 { p.points += 1000 }
    log "{p.name}: {p.stock}"
  }
  if seen[gold] and not seen[corn] and price[wood] == 2 { players[0].points += 10000 }
}
scoring p { points p.points }`);
  it("indexes, adds member by member, iterates and defaults", () => {
    const m = game.start({ players: 2 });
    // seat 0: corn 5, wood 2, stone 0, gold 1 → 8, +100 for a zero, +10000 for `seen`.
    // seat 1: corn 15, wood 12, stone 10, gold 11 → 48, +1000 for all at least 1.
    expect(m.result!.scores).toEqual([10108, 1048]);
    expect(m.toJSON().messages.map((e) => e.text)).toEqual([
      "Player 1: corn 5, wood 2, stone 0, gold 1",
      "Player 2: corn 15, wood 12, stone 10, gold 11",
    ]);
  });
});

describe("a per player map", () => {
  it("is gone over as its values in seat order, as a map keyed by an enum is", () => {
    const source = `game "Votes" { players 3 }
per player { gold: number = 0 }
flow {
  players[0].gold = 2
  players[2].gold = 5
  let votes = per player p: p.gold * 2
  log "top {highest v for v in votes}, all {sum v for v in votes}, {[v + 1 for v in votes]}, any {any v in votes: v > 9}, {size(votes)}"
}
scoring p { points 0 }`;
    for (const { engine, match } of inBothEngines(source, 3)) expect(match.toJSON().messages.map((e) => e.text), engine).toEqual(["top 10, all 14, 5, 1, 11, any yes, 3"]);
  });
});

describe("a map literal that names no member", () => {
  it("takes its enum from what it is declared to be: a local, a variable, a player variable, a field", () => {
    const m = gameFromSource(`game "Crates" { players 2 }
enum Res { wood, stone }
per player { stock: per Res number = { else: 2 } }
var marks: per Res bool = { else: true }
kind Crate { holds: per Res number = { else: 1 } }
zone shelf: Crate
components Crate in shelf { x1 {} }
flow {
  let sold: per Res bool = { else: false }
  sold[wood] = true
  players[0].stock[stone] += top(shelf).holds[stone]
  log "{sold} {marks} {players[0].stock}"
}
scoring p { points 0 }`).start({ players: 2 });
    expect(m.toJSON().messages.map((e) => e.text)).toEqual(["wood yes, stone no wood yes, stone yes wood 2, stone 3"]);
  });
});

describe("match", () => {
  const game = gameFromSource(`game "Dial" { players 1 }
enum Action { gain, pay, skip }
kind Coin { value: number }
kind Gem { colour: text }
zone pile: piece
components Coin in pile { x1 { value: 3 } }
components Gem in pile { x1 { colour: "red" } }
per player { score: number = 0 }
define bonus(n: number): number = match n { 0 -> 0  1..2, 4 -> 5  3 -> 7  10.. -> 50  else -> -1 }
define worth(x: piece): number = match x { Coin -> 1  Gem -> 2  else -> 0 }
flow {
  turn players[0] {
    let a = choose a from Action prompt "Act"
    match a {
      gain -> { current.score += 100 }
      Action.pay -> { current.score -= 1 }
      skip -> { }
    }
    current.score += bonus(0) + bonus(2) + bonus(3) + bonus(4) + bonus(12) + bonus(6)
    current.score += sum worth(x) * 1000 for x in pile
  }
}
scoring p { points p.score }`);
  it("runs the first matching arm, with ranges, several patterns, kinds and else", () => {
    const m = game.start({ players: 1 });
    choose(m, "gain");
    // 0 + 5 + 7 + 5 + 50 - 1 = 66; a coin and a gem: 3000.
    expect(m.result!.scores).toEqual([100 + 66 + 3000]);
    const n = game.start({ players: 1 });
    choose(n, "pay");
    expect(n.result!.scores).toEqual([-1 + 66 + 3000]);
  });
});
