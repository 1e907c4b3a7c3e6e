import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { drawsChance } from "../../interpreter/memo.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * The engine remembers what the game's functions answer while the match
 * stands still (`interpreter/memo.ts`). Remembering must never show: every
 * change of the match (a variable, a piece, a turn, a procedure's result stored, a
 * decision) gives fresh answers, and calls that draw on the generator run
 * every time.
 */

const MEMO = gameFromSource(`
game "Memo" { players 2 }
kind Token { }
zone pool: Token
zone hand per player: Token
components Token in pool { x5 { } }
var counter: number = 0
var seen: list of number = []
var hand_sizes: list of number = []
var whose: list of number = []
var rolls: list of number = []
var after_call: number = 0
var chosen: list of number = []
var last: number = 7
var cleared: bool = false
per player { score: number = 0 }

define now(): number = counter
define held(p: player): number = size(p.hand)
define seat_now(): number = current.seat
define roll(): number = random(1..1000)
define at_least(n: number): bool = counter >= n
define last_now(): number = last

procedure bump(): number {
  counter += 10
  return counter
}

// Ends without \`return\` (its result is \`none\`) once it has read \`last\`.
procedure clear_last(): number {
  if last_now() > 100 { return 1 }
}

// Changes nothing itself: only where the caller stores its result changes the match.
procedure plus_five(): number {
  return now() + 5
}

flow {
  // A global changed between two reads.
  seen = seen + [now()]
  counter += 1
  seen = seen + [now()]
  counter += 1
  seen = seen + [now(), now()]
  // Pieces moved between two reads, read in the same statement twice.
  hand_sizes = hand_sizes + [held(players[0])]
  move top(pool) to players[0].hand
  hand_sizes = hand_sizes + [held(players[0]), held(players[0])]
  // The current player changes with each turn.
  for p in players {
    turn p { whose = whose + [seat_now()] }
  }
  // A turn begins right after a read, in the same player's turn.
  turn players[0] {
    if seat_now() == 0 {
      turn players[1] { whose = whose + [seat_now()] }
    }
  }
  // A procedure's result is stored, then read through a function.
  let r = bump()
  after_call = r
  seen = seen + [now()]
  // A procedure's result stored straight into a global, read right after.
  counter = plus_five()
  seen = seen + [now()]
  counter = counter - 5
  // The same, from a procedure that ends without \`return\`.
  last = clear_last()
  cleared = last_now() == none
  // Chance is drawn on every call, even with the same arguments.
  rolls = [roll() for i in 1..20]
  // A decision between two reads.
  turn players[0] {
    let n = choose n from 1..3 prompt "How many" where at_least(n) or n == 1
    counter = n
  }
  chosen = [n for n in 1..30 where at_least(n)]
}

scoring p { points 0 }
`);

describe("remembered function results", () => {
  it("give fresh answers after every change of the match", () => {
    const m = MEMO.start({ players: 2, seed: 3 });
    expect(m.global("seen")).toEqual([0, 1, 2, 2, 12, 17]);
    expect(m.global("hand_sizes")).toEqual([0, 1, 1]);
    expect(m.global("whose")).toEqual([0, 1, 1]);
    expect(m.global("after_call")).toBe(12);
    expect(m.global("cleared")).toBe(true);
    // `at_least` is asked for every candidate: the counter (12) lets all three through.
    expect(m.optionCount()).toBe(3);
    expect(m.applyAt(2).ok).toBe(true);
    expect(m.global("chosen")).toEqual([1, 2, 3]);
  });

  it("give the scoring fresh answers when the match ends inside a turn, and the same answers when it ends outside one", () => {
    // The scoring asks `whose_turn()`, which the flow asked just before ending: inside a turn it
    // answered the player's seat; the scoring runs with no current player and must not reuse that.
    const ask = `asked = whose_turn()
  log "{whose_turn()}"`;
    const INSIDE = `turn players[1] {
    ${ask}
    end game
  }`;
    const OUTSIDE = ask;
    const ending = (inTurn: boolean) =>
      gameFromSource(`
game "Ending" { players 2 }
var asked: number = 0
define whose_turn(): number = if current == none then 9 else current.seat
flow {
  ${inTurn ? INSIDE : OUTSIDE}
}
scoring p { points whose_turn() + asked }
`);
    const inside = ending(true).start({ players: 2, seed: 1 });
    expect(inside.error).toBeNull();
    expect(inside.global("asked")).toBe(1);
    expect(inside.result?.scores).toEqual([10, 10]);
    const outside = ending(false).start({ players: 2, seed: 1 });
    expect(outside.error).toBeNull();
    expect(outside.result?.scores).toEqual([18, 18]);
  });

  it("never keep a call that draws on the generator", () => {
    const rolls = MEMO.start({ players: 2, seed: 3 }).global("rolls") as number[];
    expect(rolls).toHaveLength(20);
    expect(new Set(rolls).size).toBeGreaterThan(10);
    // The same seed draws the same rolls: remembering changes nothing in what is played.
    expect(MEMO.start({ players: 2, seed: 3 }).global("rolls")).toEqual(rolls);
  });

  it("charge the step budget as if worked out again: a rule out of steps without the memo is out of steps with it, at the same line", () => {
    // `heavy()` adds 1..n, and the flow asks it 100 times in one statement.
    const repeated = (n: number) =>
      gameFromSource(`
game "Repeated" { players 2 }
var total: number = 0
define heavy(): number = sum i for i in 1..${n}
flow {
  total = sum heavy() for k in 1..100
}
scoring p { points 0 }
`);
    const m = repeated(100000).start({ players: 2, seed: 1 });
    expect(m.error?.code).toBe("runtime-step-budget");
    expect(m.error?.span.start.line).toBe(4);
    // Within the budget, the answer is the same as working each call out.
    const n = repeated(1000).start({ players: 2, seed: 1 });
    expect(n.error).toBeNull();
    expect(n.global("total")).toBe(100 * 500500);
  });

  it("finds which calls draw on the generator, through other calls too", () => {
    const r = compileRules(
      `game "Draws" { players 2 }
define a(): number = random(1..6)
define b(): number = a() + 1
define c(): number = 3
rule d(n: number) { require b() > n }
flow { }
scoring p { points c() }`,
      "draws.stela",
    );
    expect(r.def).toBeDefined();
    const draws = drawsChance(r.def!);
    expect([...draws].sort()).toEqual(["fn:a", "fn:b", "rule:d"]);
  });
});
