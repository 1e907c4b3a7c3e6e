import { describe, expect, it } from "vitest";
import { Match, type Match as MatchType } from "../../interpreter/index.ts";
import { RandomBot } from "../../interpreter/bots/random-bot.ts";
import { gameFromSource, loadGame } from "../support/games.ts";

/**
 * What a player knows of the pieces they cannot see (`knowledge.ts`): `resampleFor` redraws
 * identities only among pieces the player cannot tell apart, never across what they saw.
 */

/** The components in a zone instance, bottom first. */
function inZone(m: MatchType, zone: string): number[] {
  return m.state.zones[zone]!.map((id) => m.state.pieces[id]!.c);
}

/** Takes the option of player `p` labelled `label`. */
function take(m: MatchType, p: number, label: string): void {
  const o = m.options(p).find((x) => x.label === label);
  expect(o, label).toBeDefined();
  expect(m.apply(o!.id, p)).toEqual({ ok: true });
}

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

// The designer review's repro (`pool.stela`): seat 1 watched the five Golds go into its own
// face-down deck, and the five Duds into the other's.
const POOL = `
game "Pool" { players 2 }
kind Card { value: number }
zone box: Card hidden
zone deck per player: Card hidden
components Card in box {
  "Gold" x5 { value: 1 }
  "Dud" x5 { value: 0 }
}
per player { bonus: number = 0 }
setup {
  for c in box where c.value == 1 { move c to players[0].deck }
  for c in box { move c to players[1].deck }
  players[1].bonus = 3
}
flow {
  turn players[0] {
    choose prompt "Your deck holds the 5 Golds" {
      option "Keep my deck" { }
      option "Trash my deck for 4 points" {
        for c in current.deck { remove c }
        current.bonus = 4
      }
    }
  }
}
scoring p { points p.bonus + sum c.value for c in p.deck }
`;

// Seat 2's deck is known to everyone when it is made (three As and three Bs), then shuffled and
// three cards dealt into seat 2's hand, which seat 1 cannot see. Seat 1's own deck holds the Cs.
const DRAW = `
game "Draw" { players 2 }
kind Card { value: number }
zone box: Card hidden
zone deck per player: Card hidden
zone hand per player: Card owner
zone left: Card hidden
zone right: Card hidden
components Card in box {
  "A" x3 { value: 1 }
  "B" x3 { value: 2 }
  "C" x4 { value: 3 }
  "L" x3 { value: 4 }
  "R" x3 { value: 5 }
}
setup {
  for c in box where c.value <= 2 { move c to players[1].deck }
  for c in box where c.value == 3 { move c to players[0].deck }
  for c in box where c.value == 4 { move c to left }
  for c in box where c.value == 5 { move c to right }
  shuffle players[1].deck
  deal 3 from players[1].deck to players[1].hand
}
flow {
  turn players[1] { choose { option "Pour" { for c in right { move c to left } } option "Wait" { } } }
  turn players[1] { choose { option "Shuffle" { shuffle left } option "Wait" { } } }
  turn players[0] { choose { option "Done" { } option "Wait" { } } }
}
scoring p { points 0 }
`;

// Seat 1 plays a card face up and the rules make it theirs (`c.owner = current`, as a trick-taking
// game marks who played what); it is shuffled back into the deck and seat 2 is dealt three cards.
// Seat 1 cannot tell where the marked card went: only how many cards each hidden zone holds shows.
const MARKED = `
game "Marked" { players 2 }
kind Card { value: number }
zone deck: Card hidden
zone hand per player: Card owner
zone played: Card public
components Card in deck {
  for v in 1..6 { x1 { value: v } }
}
setup {
  shuffle deck
  deal 1 from deck to players[0].hand
}
flow {
  turn players[0] {
    let c = choose c from current.hand prompt "Play" ask always
    move c to played
    c.owner = current
  }
  for c in played { move c to deck }
  shuffle deck
  deal 3 from deck to players[1].hand
  turn players[0] { choose { option "Done" { } option "Wait" { } } }
}
scoring p { points 0 }
`;

describe("what a player knows of the pieces they cannot see", () => {
  it("keeps a player's own hidden deck, whose cards they watched go in, exactly: only its order is redrawn", () => {
    const m = gameFromSource(POOL).start({ players: 2, seed: 1 });
    const golds = sorted(inZone(m, "deck#0"));
    const duds = sorted(inZone(m, "deck#1"));
    const orders = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      for (const p of [0, 1]) {
        const copy = m.resampleFor(p, seed);
        // Both players saw setup put every card: no Dud ever lands in the Golds' deck.
        expect(sorted(inZone(copy, "deck#0"))).toEqual(golds);
        expect(sorted(inZone(copy, "deck#1"))).toEqual(duds);
        if (p === 0) orders.add(inZone(copy, "deck#0").join(","));
      }
    }
    // A face-down deck's order is not known: it is redrawn.
    expect(orders.size).toBeGreaterThan(5);
  });

  it("keeps an opponent's hand interchangeable with the rest of the deck it was drawn from, and nothing else", () => {
    const m = gameFromSource(DRAW).start({ players: 2, seed: 4 });
    const hand = m.state.zones["hand#1"]!;
    const deck = m.state.zones["deck#1"]!;
    const real = (ids: number[]): number[] => sorted(ids.map((id) => m.state.pieces[id]!.c));
    const drawnFrom = sorted([...real(hand), ...real(deck)]);
    const stillInDeck = new Set(real(deck));
    let tookFromDeck = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const copy = m.resampleFor(0, seed);
      const copyHand = inZone(copy, "hand#1");
      // Seat 1 knows which six cards seat 2's deck held, not which three were dealt...
      expect(sorted([...copyHand, ...inZone(copy, "deck#1")])).toEqual(drawnFrom);
      if (copyHand.some((c) => stillInDeck.has(c))) tookFromDeck++;
      // ...and its own deck (the Cs) never mixes with them.
      expect(sorted(inZone(copy, "deck#0"))).toEqual(real(m.state.zones["deck#0"]!));
      // Seat 2 sees its own hand, and knows its deck holds the rest: nothing of theirs is redrawn but the order.
      const own = m.resampleFor(1, seed);
      expect(inZone(own, "hand#1")).toEqual(inZone(m, "hand#1"));
      expect(sorted(inZone(own, "deck#1"))).toEqual(real(deck));
    }
    // No leak: the copies' hands take cards that are really still in the deck.
    expect(tookFromDeck).toBeGreaterThan(30);
  });

  it("redraws the owner of a piece in a hidden zone with the piece: the owner shows only on a board", () => {
    for (const seed of [1, 2, 3]) {
      const m = gameFromSource(MARKED).start({ players: 2, seed });
      m.applyAt(0, 0);
      const marked = m.state.pieces.findIndex((p) => p.owner === 0);
      const c = m.state.pieces[marked]!.c;
      let inHand = 0;
      for (let s = 1; s <= 60; s++) {
        const copy = m.resampleFor(0, s);
        const owned = copy.state.pieces.flatMap((p, id) => (p.owner === 0 ? [id] : []));
        // One card is still seat 1's, and it is the card seat 1 played...
        expect(owned.map((id) => copy.state.pieces[id]!.c)).toEqual([c]);
        if (copy.state.zones["hand#1"]!.includes(owned[0]!)) inHand++;
      }
      // ...found in seat 2's hand in some copies and in the deck in others, wherever it really is.
      expect(inHand).toBeGreaterThan(10);
      expect(inHand).toBeLessThan(50);
    }
  });

  it("keeps a card a player watched go into their own hand held facing out (`others`) where it went", () => {
    // Each sees the other's hand, not their own: Player 2 hands Player 1 a card Player 1 saw in theirs.
    const game = gameFromSource(`
game "Gift" { players 2 }
kind Card { value: number }
zone deck: Card hidden
zone hand per player: Card others
components Card in deck { for v in 1..8 { x1 { value: v } } }
setup {
  shuffle deck
  for p in players { deal 3 from deck to p.hand }
}
flow {
  turn players[1] {
    let k = choose k from players[0].hand prompt "Take a card from Player 1"
    move k to players[1].hand
  }
  turn players[0] {
    let k = choose k from players[1].hand prompt "Give Player 2 a card"
    move k to players[0].hand
  }
  turn players[0] { let k = choose k from players[0].hand prompt "Look" }
}
scoring p { points 0 }
`);
    const m = game.start({ players: 2, seed: 5 });
    m.applyAt(0, 1);
    // The card Player 2 just took from Player 1's hand, on top of Player 2's: Player 1 saw it taken.
    const id = m.state.zones["hand#1"]!.at(-1)!;
    const given = m.state.pieces[id]!.c;
    expect(m.apply(m.options(0).find((o) => o.pieces?.includes(id) ?? o.label.endsWith(`(${given + 1})`))!.id, 0)).toEqual({ ok: true });
    for (let seed = 1; seed <= 20; seed++) {
      const copy = m.resampleFor(0, seed);
      // The card it saw come over is always in its hand; the rest of its hand is any of the unseen cards.
      expect(inZone(copy, "hand#0").at(-1)).toBe(given);
      expect(inZone(copy, "hand#1")).toEqual(inZone(m, "hand#1"));
    }
  });

  it("keeps a card passed into a hand there when the hand is sorted afterwards (a move inside a zone)", () => {
    // Seat 1 passes a card into seat 2's hand, which the rules then sort: the card is still there.
    // Sorting merged the hand's classes, so seat 1's copies let the passed card go back to the deck.
    const game = gameFromSource(`
game "Pass and sort" { players 2 }
kind Card { n: number }
zone deck: Card hidden
zone hand per player: Card owner
components Card in deck { for n in 1..12 { x1 { n: n } } }
flow {
  shuffle deck
  for p in players { deal 3 from deck to p.hand }
  turn players[0] {
    let c = choose c from players[0].hand prompt "Pass a card"
    move c to players[1].hand
  }
  for c in sort k in players[1].hand by k.n { move c to players[1].hand }
  turn players[1] { let c = choose c from players[1].hand prompt "Play" }
}
scoring p { points 0 }
`);
    for (let seed = 1; seed <= 5; seed++) {
      const m = game.start({ players: 2, seed });
      const passed = m.state.zones["hand#0"]![0]!;
      const c = m.state.pieces[passed]!.c;
      expect(m.applyAt(m.options(0).find((o) => o.pieces?.includes(passed))!.index, 0).ok).toBe(true);
      for (let s2 = 1; s2 <= 20; s2++) expect(inZone(m.resampleFor(0, s2), "hand#1")).toContain(c);
    }
  });

  it("keeps two hidden piles apart until they are shuffled together", () => {
    const m = gameFromSource(DRAW).start({ players: 2, seed: 4 });
    const ls = sorted(inZone(m, "left"));
    take(m, 1, "Pour"); // right poured onto left: the Ls still under the Rs
    for (let seed = 1; seed <= 30; seed++) {
      expect(sorted(inZone(m.resampleFor(0, seed), "left").slice(0, 3))).toEqual(ls);
    }
    take(m, 1, "Shuffle"); // shuffled: which is where is unknown
    const bottoms = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) bottoms.add(sorted(inZone(m.resampleFor(0, seed), "left").slice(0, 3)).join(","));
    expect(bottoms.size).toBeGreaterThan(3);
  });

  it("keeps a card seen taken from a face-up market in the hand, after another card of the hand is played face up", () => {
    // A route game: everyone watches which colours a player takes from the market. Playing a
    // Black from that hand shows which card went, so the Blue taken stays known; before, any card
    // leaving the hand merged its classes with the deck's, and a third of the copies lost the Blue.
    const MARKET = `
      game "Market" { players 2 }
      kind Card { colour: number }
      zone deck: Card hidden
      zone market: Card public
      zone hand per player: Card owner
      zone discards: Card public
      components Card in deck {
        "Blue" x6 { colour: 1 }
        "Black" x6 { colour: 2 }
      }
      setup {
        move first c in deck where c.colour == 1 to market
        shuffle deck
        deal 3 from deck to players[0].hand
      }
      flow {
        turn players[0] {
          let c = choose c from market prompt "Take" ask always
          move c to current.hand
          let d = choose d from current.hand where d.colour == 2 prompt "Play" ask always
          move d to discards
        }
        turn players[1] { choose { option "Done" { } option "Wait" { } } }
      }
      scoring p { points 0 }
    `;
    const game = gameFromSource(MARKET);
    const m = game.start({ players: 2, seed: 2 });
    take(m, 0, "Blue");
    take(m, 0, "Black");
    const isBlue = (c: number): boolean => game.def.components[c]!.fields["colour"] === 1;
    const hands = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const hand = inZone(m.resampleFor(1, seed), "hand#0");
      expect(hand.some(isBlue), `copy ${seed}: ${hand}`).toBe(true);
      hands.add(sorted(hand).join(","));
    }
    // The cards drawn from the deck are still redrawn from it.
    expect(hands.size).toBeGreaterThan(1);
  });

  // With and without a shuffle of the box first (which starts keeping classes piece by piece, `known`).
  for (const setup of ["", "setup { shuffle box }"]) {
    it(`keeps a tile turned face down where everyone saw it${setup ? " (after a shuffle)" : ""}`, () => {
      const TILES = `
        game "Tiles" { players 2 }
        kind Tile { value: number }
        board row: grid(4, 1)
        zone box: Tile hidden
        components Tile in box { "T" x4 { value: 1 } }
        ${setup}
        flow {
          turn players[0] { choose {
            option "Lay" {
              for t in box { place t at first s in empty_spaces(row) }
              for t in pieces(row) { flip t face down }
            }
            option "Wait" { }
          } }
          turn players[1] { choose { option "Done" { } option "Wait" { } } }
        }
        scoring p { points 0 }
      `;
      const m = gameFromSource(TILES).start({ players: 2, seed: 2 });
      take(m, 0, "Lay");
      const at = (x: MatchType): number[] => x.state.placed["row"]!.map((id) => x.state.pieces[id]!.c);
      expect(m.state.pieces.every((p) => !p.up)).toBe(true);
      for (let seed = 1; seed <= 20; seed++) expect(at(m.resampleFor(1, seed))).toEqual(at(m));
      expect(m.state.known !== undefined).toBe(setup !== "");
    });
  }

  it("is saved with the match: a match read back redraws and plays on as the original", () => {
    const game = gameFromSource(DRAW);
    const m = game.start({ players: 2, seed: 4 });
    take(m, 1, "Pour");
    const json = JSON.parse(JSON.stringify(m.toJSON()));
    expect(json.known).toBeDefined();
    const back = Match.fromJSON(game, json);
    expect(back.toJSON()).toEqual(m.toJSON());
    for (const seed of [1, 2, 3]) expect(back.resampleFor(0, seed).toJSON()).toEqual(m.resampleFor(0, seed).toJSON());
    // Both go on alike; a copy taken before does not change with them (they share what they know until one changes it).
    const copy = m.clone();
    const before = JSON.stringify(copy.toJSON());
    take(back, 1, "Shuffle");
    take(m, 1, "Shuffle");
    expect(back.toJSON()).toEqual(m.toJSON());
    expect(JSON.stringify(copy.toJSON())).toBe(before);
    expect(JSON.stringify(m.toJSON().known)).not.toBe(JSON.stringify(copy.toJSON().known));
  });

  it("is refused in a saved match when it is not in the engine's form", () => {
    const game = gameFromSource(DRAW);
    const m = game.start({ players: 2, seed: 4 });
    const json = JSON.parse(JSON.stringify(m.toJSON()));
    json.known.cls[0] = [1, 2];
    expect(() => Match.fromJSON(game, json)).toThrow(/what it says each player knows of the hidden pieces is not in the engine's form/);
  });

  // Copies share what the players know until one of them changes it, and a move that changes
  // nothing of it (most) leaves it shared: a copy and the original, each going on, end as a match
  // that was never copied.
  for (const file of ["cacao.stela", "maya.stela", "tzolkin.stela"]) {
    it(`is the same in copies that play on as in a match never copied: ${file}`, () => {
      const game = loadGame(file);
      const players = game.minPlayers;
      const m = game.start({ players, seed: 7, quiet: true });
      const bot = new RandomBot(3);
      const moves: [number, number][] = [];
      const copies: { at: number; match: MatchType }[] = [];
      for (let n = 0; n < 120 && m.decision; n++) {
        if (n % 12 === 0) copies.push({ at: moves.length, match: m.clone() });
        const p = m.decision.players[0]!;
        const i = bot.chooseIndex(m, p)!;
        moves.push([i, p]);
        m.applyAt(i, p);
      }
      const fresh = game.start({ players, seed: 7, quiet: true });
      for (const [i, p] of moves) fresh.applyAt(i, p);
      expect(m.toJSON().known).toBeDefined();
      expect(m.toJSON()).toEqual(fresh.toJSON());
      for (const { at, match } of copies) {
        for (const [i, p] of moves.slice(at)) match.applyAt(i, p);
        expect(match.toJSON()).toEqual(fresh.toJSON());
      }
    });
  }
});
