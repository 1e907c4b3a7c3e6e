import { describe, expect, it } from "vitest";
import { playRandomly } from "../../interpreter/bots/random-bot.ts";
import { gameFromSource } from "../support/games.ts";
import { choose } from "../support/scenario.ts";

/** Language features at run time, each in a game small enough to read in one go. */

describe("hooks and modifiers", () => {
  const game = gameFromSource(`game "Harvest" { players 2 }
per player { corn: number = 0  level: number = 0 }
hook harvest(p: player, base: number): number = base
modify harvest when p.level >= 1 = value + 1
modify harvest when p.level >= 3 = value + 2
flow {
  players[1].level = 3
  players[0].level = 1
  for p in players { p.corn += harvest(p, 5) }
}
scoring p { points p.corn }`);
  it("applies every modify whose condition holds, in order", () => {
    const m = game.start({ players: 2 });
    expect(m.result!.scores).toEqual([6, 8]);
  });
});

describe("events", () => {
  const game = gameFromSource(`game "Echo" { players 2 }
kind Stone { weight: number }
zone pile: Stone
components Stone in pile { x3 { weight: 2 } }
board field: grid(3, 1)
per player { score: number = 0 }
on placed(s) where s is Stone { current.score += 10 }
event bonus(p: player, n: number)
on bonus(p, n) { p.score += n }
flow {
  turn players[1] {
    let c = choose c from spaces(field) prompt "Where?"
    place top(pile) at c
    trigger bonus(current, 5)
  }
}
scoring p { points p.score }`);
  it("runs handlers after a placement and on trigger", () => {
    const m = game.start({ players: 2 });
    choose(m, "b1");
    expect(m.result!.scores).toEqual([0, 15]);
    expect(m.view(null).boards[0]!.pieces[0]!.cells).toEqual(["field:1,0"]);
  });
});

describe("named options and stop", () => {
  const game = gameFromSource(`game "Menu" { players 2 }
per player { score: number = 0 }
flow {
  turn players[0] {
    choose prompt "Act" ask always {
      option "Gain two" { current.score += 2 }
      option "Gain five" when current.score > 100 { current.score += 5 }
    }
    loop {
      let n = choose n from 1..3 prompt "More?" stop "Done" when current.score > 2
      if n == none { break }
      current.score += n
    }
  }
}
scoring p { points p.score }`);
  it("offers options whose condition holds (one, asked all the same: \`ask always\`), and stop only once allowed", () => {
    const m = game.start({ players: 2 });
    expect(m.options().map((o) => o.label)).toEqual(["Gain two"]);
    choose(m, "Gain two");
    expect(m.options().map((o) => o.id)).toEqual(["1", "2", "3"]);
    choose(m, "1");
    expect(m.options().map((o) => o.id)).toEqual(["1", "2", "3", "stop"]);
    choose(m, "Done");
    expect(m.result!.scores).toEqual([3, 0]);
  });
});

describe("secret choices", () => {
  const game = gameFromSource(`game "Secret" { players 2..4 }
per player { score: number = 0 }
flow {
  let picks = secretly each p in players chooses n from 1..3 prompt "Pick a number"
  for p in players { p.score = picks[p] }
}
scoring p { points p.score }`);

  it("asks everyone at once and reveals nothing until all have chosen", () => {
    const m = game.start({ players: 3 });
    expect(m.decision).toMatchObject({ players: [0, 1, 2], simultaneous: true });
    expect(m.apply("2", 1)).toEqual({ ok: true });
    expect(m.decision!.players).toEqual([0, 2]);
    expect(m.view(0).log).toEqual([{ player: 1, label: "(a secret choice)", prompt: "Pick a number" }]);
    expect(m.view(null).log).toEqual([{ player: 1, label: "(a secret choice)", prompt: "Pick a number" }]);
    expect(m.view(1).log).toEqual([{ player: 1, label: "2", prompt: "Pick a number" }]);
    expect(m.view(1).decision!.chosen).toBe("2");
    expect(JSON.stringify(m.view(0))).not.toContain('"chosen"');
    expect(m.apply("3", 1)).toMatchObject({ ok: false, code: "not-your-turn" });
    m.apply("3", 0);
    m.apply("1", 2);
    expect(m.result!.scores).toEqual([3, 2, 1]);
    expect(m.view(0).log.map((e) => e.label)).toEqual(["2", "3", "1"]);
  });

  it("bots answer decisions several players owe at once", () => {
    const m = game.start({ players: 4, seed: 2 });
    expect(playRandomly(m, 5)).toBe(4);
    expect(m.over).toBe(true);
  });
});

describe("clamped counters", () => {
  const game = gameFromSource(`game "Store" { players 2 }
per player { cacao_like: number in 0..5 = 4 }
flow { players[0].cacao_like += 3  players[1].cacao_like -= 9 }
scoring p { points p.cacao_like }`);
  it("keep every assignment within the declared bounds", () => {
    expect(game.start({ players: 2 }).result!.scores).toEqual([5, 0]);
  });
});

describe("choosing pieces one cannot see", () => {
  const game = gameFromSource(`game "Blind" { players 2 }
kind Card { value: number }
zone hand per player: Card hidden
zone taken: Card public
components Card per player in hand { x2 { value: 1 }  x1 { value: 9 } }
per player { score: number = 0 }
flow {
  turn players[0] {
    let c = choose c from players[1].hand prompt "Take one of your rival's cards, unseen"
    move c to taken
    current.score = c.value
  }
}
scoring p { points p.score }`);

  it("names each by where it is: no name, no merging of like cards, no piece id", () => {
    const m = game.start({ players: 2 });
    const opts = m.options(0);
    expect(opts.map((o) => o.label)).toEqual(["hidden piece 1 of hand of Player 2", "hidden piece 2 of hand of Player 2", "hidden piece 3 of hand of Player 2"]);
    expect(opts.map((o) => o.id)).toEqual(["hidden-hand-of-player-2-1", "hidden-hand-of-player-2-2", "hidden-hand-of-player-2-3"]);
    for (const o of opts) expect(o.pieces).toBeUndefined();
    m.apply(opts[2]!.id, 0);
    expect(m.result!.scores[0]).toBe(9);
  });
});

describe("storing a choice by assignment", () => {
  const game = gameFromSource(`game "Store" { players 2 }
per player { pick: number = 0 }
var last: number = 0
flow {
  turn players[0] { players[0].pick = choose n from 1..3 prompt "Pick" }
  last = choose n from [7, 8] by players[1] prompt "Pick again"
  players[1].pick = last
}
scoring p { points p.pick }`);
  it("puts the chosen value in a player variable or a var, as `let` does for a new name", () => {
    const m = game.start({ players: 2 });
    choose(m, "2");
    choose(m, "8");
    expect(m.result!.scores).toEqual([2, 8]);
    expect(m.global("last")).toBe(8);
  });

  it("checks the choice's type against the target", () => {
    const bad = `game "Bad" { players 2 }
per player { pick: text = "" }
flow { turn players[0] { players[0].pick = choose n from 1..3 } }
scoring p { points 0 }`;
    expect(() => gameFromSource(bad)).toThrow(/3:44 type-mismatch this stores a number in a text/);
  });
});

describe("list built-ins", () => {
  // Scores are whole numbers: each case is scored through a player's points.
  const game = gameFromSource(`game "Lists" { players 2 }
per player { score: number = 0 }
flow {
  players[0].score = max([3, -7, 12, 5]) * 1000 + min([3, -7, 12, 5]) + 100 * size(flatten([[1, 2], [], [3]]))
  players[1].score = max([]) + min([]) + 10 * max([-4, -9]) + min([8]) + 1000 * size(flatten([[[1, 2]], [[3]]]))
}
scoring p { points p.score }`);
  it("max and min of a list (0 for an empty one), and flatten one level deep", () => {
    const m = game.start({ players: 2 });
    // 12 * 1000 - 7 + 100 * 3; then 0 + 0 - 40 + 8 + 1000 * 2 (the inner list stays one item).
    expect(m.result!.scores).toEqual([12293, 1968]);
  });
});

describe("a zone indexed like a list", () => {
  const src = `game "Offer" { players 2 }
kind Card { value: number }
zone offer: Card
components Card in offer { for v in 1..3 { x1 { value: v } } }
per player { score: number = 0 }
flow {
  players[0].score = offer[0].value * 10 + offer[2].value
  players[1].score = offer[3].value
}
scoring p { points p.score }`;

  it("reads bottom first, as `for k in z` visits it, and names an index past its end", async () => {
    const { Game } = await import("../../interpreter/index.ts");
    const compiled = gameFromSource(src);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      const m = game.start({ players: 2 });
      expect(m.state.pvars[0]!["score"], mode).toBe(13);
      expect(m.error, mode).toMatchObject({ code: "runtime-index-out-of-range", message: "index 3 is outside this zone of 3 pieces", span: { start: { line: 8 } } });
    }
  });
});

describe("a loop over a zone", () => {
  it("goes over the pieces the zone held when it began, so its body may move them all out", async () => {
    const { Game } = await import("../../interpreter/index.ts");
    const compiled = gameFromSource(`game "Gather" { players 2 }
kind Card { value: number }
zone hand: Card
zone deck: Card
components Card in hand { for v in 1..5 { x1 { value: v } } }
per player { score: number = 0 }
flow {
  for c in hand { move c to deck }
  players[0].score = size(hand) * 10 + size(deck)
}
scoring p { points p.score }`);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      expect(game.start({ players: 2 }).result!.scores[0], mode).toBe(5);
    }
  });
});

describe("a named option about a space", () => {
  it("`option … at s` points at the space (a board offers it there); `none` points nowhere", () => {
    const game = gameFromSource(`game "At" { players 2 }
board row: grid(3, 1)
per player { score: number = 0 }
flow {
  turn players[0] {
    choose prompt "Act" ask always {
      option "Build" at space_at(row, 1, 0) { players[0].score = 1 }
      option "Nowhere" at space_at(row, 5, 0) { players[0].score = 2 }
      option "Rest" { players[0].score = 3 }
    }
  }
}
scoring p { points p.score }`);
    const m = game.start({ players: 2 });
    expect(m.options(0).map((o) => [o.label, o.spaces])).toEqual([["Build", ["row:1,0"]], ["Nowhere", undefined], ["Rest", undefined]]);
    expect(m.view(0).decision!.options!.find((o) => o.label === "Build")!.spaces).toEqual(["row:1,0"]);
    m.apply("build", 0);
    expect(m.result!.scores).toEqual([1, 0]);
  });
});
