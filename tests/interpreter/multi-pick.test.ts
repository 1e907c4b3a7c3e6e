import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { pickComplete, pickId, runExamples } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** `choose 2 c from …`: several items at once, options numbered lazily, ids joined with `+`. */
describe("choosing several at once", () => {
  const resources = `
    game "Keep" { players 2 }
    enum Res { gold "Gold", wood "Wood", corn "Corn", stone "Stone" }
    var kept: list of Res = []
    flow {
      turn players[0] {
        kept = choose 2 r from [wood, gold, corn, corn, stone] where r != stone else "stone stays in the box" label "{r} tile" prompt "Keep two"
      }
    }
    scoring p { points 0 }
  `;

  it("offers every combination once, equal items picked together, in the items' order, with joined ids and labels", () => {
    const m = gameFromSource(resources).start({ players: 2, seed: 1 });
    expect(m.optionCount()).toBe(4);
    expect(m.options().map((o) => [o.id, o.label])).toEqual([
      ["gold+wood", "Gold tile and Wood tile"],
      ["gold+corn", "Gold tile and Corn tile"],
      ["wood+corn", "Wood tile and Corn tile"],
      ["corn+corn", "Corn tile and Corn tile"],
    ]);
    // The state keeps the candidate items and the count, not the combinations.
    const p = m.state.pending;
    expect(p?.kind === "choose" ? [p.choice.values, p.choice.k, p.choice.groups] : null).toEqual([["wood", "gold", "corn", "corn"], 2, [1, 1, 2]]);
    expect(m.apply("corn+corn").ok).toBe(true);
    expect(m.global("kept")).toEqual(["corn", "corn"]);
    expect(m.log).toEqual([{ player: 0, option: "corn+corn", label: "Corn tile and Corn tile", prompt: "Keep two" }]);
  });

  it("taking by position equals taking by id, and a combination with a refused item says why", () => {
    const m = gameFromSource(resources).start({ players: 2, seed: 1 });
    expect(m.apply("gold+stone")).toEqual({ ok: false, code: "illegal-option", reason: "Stone tile is not allowed: stone stays in the box" });
    expect(m.apply("gold+gold").ok).toBe(false);
    for (const o of m.options()) {
      const a = m.clone();
      const b = m.clone();
      a.apply(o.id);
      b.applyAt(o.index);
      expect(b.global("kept")).toEqual(a.global("kept"));
      expect(b.log).toEqual(a.log);
    }
  });

  it("the count is any number expression; fewer candidates than the count is a clear runtime diagnostic", () => {
    const src = (n: string) => `
      game "Few" { players 2 }
      var n: number = ${n}
      flow {
        turn players[0] { let got = choose n c from [1, 2, 3] where c > 1 ask always }
      }
      scoring p { points 0 }
    `;
    const ok = gameFromSource(src("2")).start({ players: 2, seed: 1 });
    expect(ok.options().map((o) => o.id)).toEqual(["2+3"]);
    const few = gameFromSource(src("3")).start({ players: 2, seed: 1 });
    expect(few.error?.code).toBe("runtime-no-options");
    expect(few.error?.message).toBe("Player 1 must choose 3 here but only 2 are allowed; guard the choice with an `if`, end it with `if any` (then it is `none`), or offer `stop`");
    expect(few.error?.span.start.line).toBe(5);
    const none = gameFromSource(src("0")).start({ players: 2, seed: 1 });
    expect(none.options().map((o) => [o.id, o.label])).toEqual([["nothing", "nothing"]]);
  });

  it("pieces: interchangeable ones are one item that can be picked twice; the value is a list of distinct pieces", () => {
    const game = gameFromSource(`
      game "Draft" { players 2 }
      kind Tile { crop: text }
      components Tile in pool {
        "Corn" x2 { crop: "corn" }
        "Bean" x1 { crop: "bean" }
      }
      zone pool: Tile public
      zone kept: Tile public
      flow {
        turn players[0] {
          let two = choose 2 t from pool label t.crop
          for t in two { move t to kept }
        }
      }
      scoring p { points 0 }
    `);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.options().map((o) => [o.id, o.label])).toEqual([
      ["bean+corn", "bean and corn"],
      ["corn+corn", "corn and corn"],
    ]);
    m.apply("corn+corn");
    const kept = m.view(null).zones.find((z) => z.key === "kept")!;
    expect(kept.pieces!.map((p) => p.name)).toEqual(["Corn", "Corn"]);
    expect(new Set(kept.pieces!.map((p) => p.id)).size).toBe(2);
  });

  it("a secret multi-pick reveals nothing until all have chosen; each player's value is a list", () => {
    const game = gameFromSource(`
      game "Secret draft" { players 2 }
      per player { picked: list of number = [] }
      flow {
        let picks = secretly each p in players chooses 2 c from [1, 2, 3] label "card {c}"
        for p in players { p.picked = picks[p] }
      }
      scoring p { points sum c for c in p.picked }
    `);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.options(0).map((o) => o.id)).toEqual(["1+2", "1+3", "2+3"]);
    m.apply("2+3", 0);
    expect(m.view(1).log.map((e) => e.label)).toEqual(["(a secret choice)"]);
    expect(m.view(0).decision?.chosen).toBe("card 2 and card 3");
    // A bot searching from player 1's seat redraws player 0's open answer: any of the three.
    const redrawn = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => JSON.stringify(m.resampleFor(1, seed).state.pending?.kind === "secret" ? (m.resampleFor(1, seed).state.pending as { chosen: Record<number, { value: unknown }> }).chosen[0]?.value : null)));
    expect(redrawn.size).toBeGreaterThan(1);
    m.apply("1+2", 1);
    expect(m.playerVar(0, "picked")).toEqual([2, 3]);
    expect(m.playerVar(1, "picked")).toEqual([1, 2]);
    expect(m.log.map((e) => e.label)).toEqual(["card 2 and card 3", "card 1 and card 2"]);
  });

  it("`up to n`: every pick of none to n items, fewer first by position, named as a dictionary lists them", () => {
    const game = gameFromSource(`
      game "Chapel" { players 2 }
      kind Card { v: number }
      zone hand per player: Card owner
      zone trash: Card public
      components Card per player in hand {
        "Copper" x3 { v: 1 }
        "Estate" x1 { v: 0 }
      }
      per player { picked: list of number = [] }
      flow {
        turn players[0] {
          let t = choose up to 2 c from current.hand prompt "Trash up to 2 cards"
          for c in t { move c to trash }
        }
        let picks = secretly each p in players chooses up to 5 n from [1, 2, 3] label "card {n}"
        for p in players { p.picked = picks[p] }
      }
      scoring p { points size(p.hand) + sum n for n in p.picked }
    `);
    const m = game.start({ players: 2, seed: 1 });
    // Three interchangeable Coppers are one item that can be taken twice; none is an option too.
    expect(m.options().map((o) => [o.id, o.label])).toEqual([
      ["nothing", "nothing"],
      ["copper", "Copper"],
      ["copper+copper", "Copper and Copper"],
      ["copper+estate", "Copper and Estate"],
      ["estate", "Estate"],
    ]);
    expect(m.optionCount()).toBe(5);
    // By position, fewer items first: none, then one item, then two; the same as taking by id.
    const sizes = [0, 1, 2, 3, 4].map((i) => {
      const a = m.clone();
      expect(a.applyAt(i).ok).toBe(true);
      return a.state.zones["trash"]!.length;
    });
    expect(sizes).toEqual([0, 1, 1, 2, 2]);
    for (const o of m.options()) {
      const a = m.clone();
      const b = m.clone();
      a.apply(o.id);
      b.applyAt(o.index);
      expect(b.state.zones["trash"]).toEqual(a.state.zones["trash"]);
    }
    expect(m.apply("copper+estate").ok).toBe(true);
    expect(m.state.zones["trash"]!.length).toBe(2);
    // Up to 5 of 3 items: at most all three, no error; 8 picks.
    expect(m.options(0).map((o) => o.id)).toEqual(["nothing", "1", "1+2", "1+2+3", "1+3", "2", "2+3", "3"]);
    m.apply("nothing", 0);
    m.apply("1+3", 1);
    expect(m.playerVar(0, "picked")).toEqual([]);
    expect(m.playerVar(1, "picked")).toEqual([1, 3]);
    expect(m.result?.scores).toEqual([2, 8]);
  });

  it("`at least n`: every pick of n items up to all of them, fewer first by position; fewer than n legal items is a runtime diagnostic", () => {
    const game = gameFromSource(`
      game "Tickets" { players 2 }
      kind Ticket { v: number }
      zone offer: Ticket public
      zone kept per player: Ticket owner
      zone box: Ticket public
      components Ticket in offer {
        "Short" x2 { v: 1 }
        "Long" x1 { v: 5 }
        "Coast" x1 { v: 3 }
      }
      flow {
        turn players[0] {
          let keep = choose at least 2 t from offer where t.v < 5 or size(offer) > 0 else "never" prompt "Keep at least 2 tickets"
          for t in keep { move t to current.kept }
          for t in offer { move t to box }
        }
      }
      scoring p { points sum t.v for t in p.kept }
    `);
    const m = game.start({ players: 2, seed: 1 });
    // Two interchangeable Shorts are one item taken up to twice; picks of 2, 3 and all 4.
    expect(m.options().map((o) => o.id)).toEqual([
      "coast+long", "coast+long+short", "coast+long+short+short", "coast+short",
      "coast+short+short", "long+short", "long+short+short", "short+short",
    ]);
    expect(m.optionCount()).toBe(8);
    // By position, the picks of two items come first, then three, then four.
    const sizes = Array.from({ length: 8 }, (_, i) => {
      const a = m.clone();
      expect(a.applyAt(i).ok).toBe(true);
      return a.state.zones["kept#0"]!.length;
    });
    expect(sizes).toEqual([2, 2, 2, 2, 3, 3, 3, 4]);
    for (const o of m.options()) {
      const a = m.clone();
      const b = m.clone();
      a.apply(o.id);
      b.applyAt(o.index);
      expect(b.state.zones["kept#0"]).toEqual(a.state.zones["kept#0"]);
    }
    // A person picks item by item: from 2 up to all 4 items.
    const pick = m.view(0).decision!.pick!;
    expect([pick.count, pick.least, pick.upTo]).toEqual([4, 2, false]);
    expect(pickComplete(pick, ["long"])).toBe(false);
    expect(pickComplete(pick, ["long", "coast", "short"])).toBe(true);
    expect(m.apply("long").ok).toBe(false);
    expect(m.apply("coast+long+short").ok).toBe(true);
    expect(m.result?.scores).toEqual([9, 0]);
    const few = gameFromSource(`
      game "Few" { players 2 }
      flow { turn players[0] { let got = choose at least 3 c from [1, 2, 3, 4] where c > 2 } }
      scoring p { points 0 }
    `).start({ players: 2, seed: 1 });
    expect(few.error?.message).toMatch(/must choose at least 3 here but only 2 are allowed/);
    // Numbering the picks of twenty thousand items took 38 s (a million would never end): refused at once.
    const huge = gameFromSource(`
      game "Huge" { players 2 }
      flow { turn players[0] { let _t = choose at least 1 c from 1..20000 prompt "Pick" } }
      scoring p { points 0 }
    `).start({ players: 2, seed: 1 });
    expect(huge.error?.message).toBe("choosing at least 1 of these 20000 items has too many picks to number; split the choice into smaller ones");
  });

  it("a count far past the items (a variable, `up to` or with `stop`) offers what the items allow, at once", () => {
    // The table of ways was as wide as the count: a hundred million made the first decision hang.
    const src = (pick: string) => `
      game "Big" { players 2 }
      var n: number = 100000000
      flow { turn players[0] { let t = ${pick} } }
      scoring p { points 0 }
    `;
    const upTo = gameFromSource(src('choose up to n c from [1, 2, 3] prompt "Pick"')).start({ players: 2, seed: 1 });
    expect(upTo.optionCount()).toBe(8);
    const exact = gameFromSource(src('choose n c from [1, 2, 3] prompt "Pick" stop "Pass" ask always')).start({ players: 2, seed: 1 });
    expect(exact.options().map((o) => o.label)).toEqual(["Pass"]);
  });

  it("a view gives the items one at a time (`pick`), and picking items names the combination's option", () => {
    const m = gameFromSource(resources).start({ players: 2, seed: 1 });
    const pick = m.view(0).decision!.pick!;
    // One item per group of like ones, in the order combination ids list them, with its copies.
    expect(pick).toEqual({
      count: 2,
      least: 2,
      upTo: false,
      items: [
        { id: "gold", label: "Gold tile", copies: 1 },
        { id: "wood", label: "Wood tile", copies: 1 },
        { id: "corn", label: "Corn tile", copies: 2 },
      ],
    });
    // Every option is the id of its items, whatever order they were picked in.
    const ids = m.options().map((o) => o.id);
    expect(pickId(pick, ["corn", "gold"])).toBe("gold+corn");
    expect(pickId(pick, ["corn", "corn"])).toBe("corn+corn");
    for (const id of ids) expect(pickId(pick, id.split("+").reverse())).toBe(id);
    expect(pickComplete(pick, ["corn", "corn"])).toBe(true);
    expect(pickComplete(pick, ["gold", "gold"])).toBe(false);
    expect(pickComplete(pick, ["gold"])).toBe(false);
    expect(pickComplete(pick, ["gold", "wood", "corn"])).toBe(false);
    // Only the player who owes it is given it; nobody once it is taken; never for a single pick.
    expect(m.view(1).decision!.pick).toBeUndefined();
    expect(m.apply(pickId(pick, ["wood", "corn"])).ok).toBe(true);
    expect(m.global("kept")).toEqual(["wood", "corn"]);
    expect(m.view(0).decision).toBeNull();
  });

  it("a secret pick of 3 from a hand of 13 (286 combinations) gives each player their 13 cards to pick from", () => {
    const hearts = gameFromSource(readFileSync(new URL("../fixtures/games/hearts.stela", import.meta.url), "utf8"), "hearts.stela");
    const m = hearts.start({ players: 4, seed: 2 });
    while (m.decision && !m.decision.simultaneous) m.applyAt(0);
    expect(m.decision!.prompt).toBe("Pass three cards");
    for (const p of [0, 1, 2, 3]) {
      const pick = m.view(p).decision!.pick!;
      expect(pick.count).toBe(3);
      expect(pick.upTo).toBe(false);
      // Each card of the hand is one item (no two cards alike), about that card.
      const byId = (a: number, b: number): number => a - b;
      expect(pick.items.map((i) => i.pieces![0]!).sort(byId)).toEqual([...m.state.zones[`hand#${p}`]!].sort(byId));
      expect(pick.items.every((i) => i.copies === 1 && i.pieces!.length === 1)).toBe(true);
      expect(m.options(p)).toHaveLength(286);
      const chosen = pick.items.slice(0, 3).map((i) => i.id);
      expect(m.apply(pickId(pick, [...chosen].reverse()), p).ok).toBe(true);
    }
    expect(m.decision!.simultaneous).toBe(false);
  });
});

describe("an example's step naming a pick of several", () => {
  it("takes the pick with its items in any order, as `expect offered` reads it", () => {
    // A user wrote `expect offered "corn and gold"` (passed) then `choose "corn and gold"`, which
    // failed: the engine names that pick "gold and corn".
    const g = gameFromSource(`game "Order" { players 1 }
enum Good { gold, wood, corn }
var kept: number = 0
flow {
  turn players[0] {
    let picks = choose up to 2 g from Good prompt "Pick goods"
    kept = size(picks)
  }
}
scoring p { points kept }
example "Same pick, other order" {
  expect offered "corn and gold"
  choose "corn and gold"
  expect kept == 2
}
example "A pick that is none" {
  choose "corn and iron"
}
`);
    const results = runExamples(g);
    expect(results[0]).toMatchObject({ passed: true });
    expect(results[1]!.passed).toBe(false);
    expect(results[1]!.failure?.message).toContain('has no option "corn and iron"');
  });
});
