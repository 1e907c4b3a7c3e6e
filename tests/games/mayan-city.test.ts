import { describe, expect, it } from "vitest";
import { playRandomly } from "../../interpreter/bots/random-bot.ts";
import type { Match } from "../../interpreter/index.ts";
import { gameFromSource, loadGame, readGame } from "../support/games.ts";
import { choose, findPiece, moveTo, option, pieces, put, reoffer, zoneOf } from "../support/scenario.ts";

/**
 * Mayan City (seed 003). Positions are laid out with `put`, which bypasses the
 * placing rules on purpose: what is under test is the one placement the rules
 * then make, and its exact score.
 */

const game = loadGame("mayan-city.stela");

/** Picks the first offered card until the draw phase is over. */
function pickAll(m: Match): void {
  while (m.decision?.prompt === "Pick a card") m.apply(m.options()[0]!.id);
}

/** A 2-player match at its first placement, with `hand` (piece names) as the placing player's only pieces. */
function placingWith(hand: string[]): { m: Match; p: number } {
  const m = game.start({ players: 2, seed: 3 });
  pickAll(m);
  const p = m.decision!.players[0]!;
  for (const id of zoneOf(m, "picked", p)) moveTo(m, id, "discarded");
  for (const name of hand) moveTo(m, findPiece(m, (q) => q.name === name && !(q.zone === "picked" && q.zoneOwner === p) && q.board === null), "picked", p);
  reoffer(m);
  return { m, p };
}

/** Puts a piece named `name` on the given cells. */
function lay(m: Match, name: string, cells: string[]): void {
  put(m, findPiece(m, (q) => q.name === name && q.board === null && q.zone !== "picked"), "city", cells);
}

function score(m: Match, p: number): number {
  return m.playerVar(p, "score") as number;
}

function place(m: Match, label: string): number {
  const p = m.decision!.players[0]!;
  const before = score(m, p);
  choose(m, label);
  return score(m, p) - before;
}

describe("Mayan City: scoring on placement", () => {
  it("scores one point per occupied space the piece is adjacent to", () => {
    const { m } = placingWith(["Palace"]);
    lay(m, "Temple", ["c4", "c5"]);
    lay(m, "Ball Court", ["e4", "f4"]);
    reoffer(m);
    // d4 touches c4 (Temple) and e4 (Ball Court); d3 and d5 are empty.
    expect(place(m, "Palace on d4")).toBe(2);
  });

  it("counts each occupied space once, even when the piece touches it twice", () => {
    const { m } = placingWith(["Temple"]);
    lay(m, "Pyramid", ["a1", "b1", "a2", "b2"]);
    reoffer(m);
    // A Temple on a3–b3 touches a2 and b2 (the Pyramid): 2 spaces, 1 piece.
    expect(place(m, "Temple on a3–b3")).toBe(2);
  });

  it("gives +4 for finishing Zone 2", () => {
    const { m } = placingWith(["Palace"]);
    lay(m, "Temple", ["c3", "d3"]);
    lay(m, "Ball Court", ["e3", "f3"]);
    lay(m, "Temple", ["f4", "f5"]);
    lay(m, "Temple", ["c5", "c6"]);
    lay(m, "Reservoir", ["d6", "e6", "e7"]);
    lay(m, "Pyramid", ["f6", "g6", "f7", "g7"]);
    reoffer(m);
    // c4 is the last empty space of Zone 2: c3 and c5 are occupied (2), plus 4.
    expect(place(m, "Palace on c4")).toBe(6);
  });

  it("gives +6 for finishing Zone 3, and nothing for Zone 2 when it is already full", () => {
    const { m } = placingWith(["Palace"]);
    // b3 and b5 touch the target b4: no palace (same type) and no causeway or plaza (bonus) there.
    const zone3 = ["b3", "b5", "b2", "c2", "d2", "e2", "f2", "g2", "g3", "g4", "g5", "b6", "g6", "b7", "c7", "d7", "e7", "f7", "g7"];
    const free = pieces(m).filter((q) => q.board === null && q.zone !== "picked");
    const plain = free.filter((q) => !["Palace", "Causeway", "Plaza"].includes(q.name));
    const others = free.filter((q) => ["Palace", "Causeway", "Plaza"].includes(q.name));
    // One free piece per cell, marking it occupied: only occupancy matters for the zone bonus.
    [...plain, ...others].slice(0, zone3.length).forEach((q, i) => put(m, q.id, "city", [zone3[i]!]));
    reoffer(m);
    // b4 is the last empty space of Zone 3: it touches b3 and b5 (2), plus 6.
    expect(place(m, "Palace on b4")).toBe(8);
  });

  it("gives +1 next to a causeway and +1 next to a plaza, once each however many touch", () => {
    const { m } = placingWith(["Palace"]);
    lay(m, "Causeway", ["b1", "b2", "b3"]);
    lay(m, "Causeway", ["d1", "d2", "d3"]);
    lay(m, "Plaza", ["c3", "c4"]);
    reoffer(m);
    // c2 touches b2, d2 (two causeways), c1 (empty) and c3 (plaza): 3 occupied + 1 + 1.
    expect(place(m, "Palace on c2")).toBe(5);
  });

  it("gives +1 for finishing the surround of a piece; the board edge counts as closed", () => {
    const { m } = placingWith(["Ball Court"]);
    lay(m, "Palace", ["a1"]); // in the corner: its only neighbours are a2 and b1
    lay(m, "Temple", ["a2", "a3"]);
    reoffer(m);
    // b1–c1 touches a1 (occupied), b2, c2, d1 (empty): 1; a1 is now surrounded: +1.
    // The Temple (a2–a3) still has empty neighbours and the new piece itself does not count.
    expect(place(m, "Ball Court on b1–c1")).toBe(2);
  });

  it("gives +1 for each of two surrounds finished at once", () => {
    const { m } = placingWith(["Palace"]);
    lay(m, "Temple", ["a1", "a2"]); // neighbours b1, b2, a3
    lay(m, "Temple", ["c1", "c2"]); // neighbours b1, d1, b2, d2, c3
    lay(m, "Reservoir", ["b2", "b3", "a3"]);
    lay(m, "Causeway", ["d1", "d2", "d3"]);
    lay(m, "Ball Court", ["c3", "c4"]);
    reoffer(m);
    // b1 touches a1, c1 and b2: 3; both Temples are now surrounded: +2. No causeway touches b1.
    expect(place(m, "Palace on b1")).toBe(5);
  });
});

describe("Mayan City: placing rules", () => {
  it("never offers a piece next to a piece of the same type, and refuses it with the rule's reason", () => {
    const { m } = placingWith(["Temple"]);
    lay(m, "Temple", ["d4", "d5"]);
    reoffer(m);
    const labels = m.options().map((o) => o.label);
    expect(labels).not.toContain("Temple on e4–e5");
    expect(labels).toContain("Temple on f4–f5");
    const id = option(m, "Temple on f4–f5").id.replace("city:5,3+5,4", "city:4,3+4,4");
    const before = JSON.stringify(m.toJSON());
    const r = m.apply(id);
    expect(r).toEqual({
      ok: false,
      code: "illegal-option",
      reason: "Temple on e4–e5 is not allowed: A piece may not be placed adjacent to another piece of the same type",
    });
    expect(JSON.stringify(m.toJSON())).toBe(before);
  });

  it("refuses an overlapping placement with the overlap rule's reason", () => {
    const { m } = placingWith(["Palace"]);
    lay(m, "Market", ["d4", "e4", "d5", "e5"]);
    reoffer(m);
    const id = option(m, "Palace on a1").id.replace("city:0,0", "city:3,3");
    expect(m.apply(id)).toMatchObject({ ok: false, reason: "Palace on d4 is not allowed: Pieces may not overlap" });
  });

  it("lets a piece be turned: both facings of a 1x2 piece are offered, once each", () => {
    const { m } = placingWith(["Temple"]);
    const labels = m.options().map((o) => o.label);
    expect(labels).toContain("Temple on a1–b1");
    expect(labels).toContain("Temple on a1–a2");
    // 8x8: 7 horizontal positions per row x 8 rows, and as many vertical.
    expect(labels).toHaveLength(2 * 7 * 8);
  });

  it("makes a blocked player discard a piece instead", () => {
    const m = game.start({ players: 2, seed: 3 });
    // The offer holds only pieces that cannot fit once every third diagonal is occupied:
    // any 2x2, 1x3 or 2x3 area then covers an occupied space.
    for (const q of pieces(m)) if (q.zone === "offer") moveTo(m, q.id, "deck");
    for (const name of ["Acropolis", "Acropolis", "Market", "Pyramid", "Pyramid", "Causeway"]) {
      moveTo(m, findPiece(m, (q) => q.name === name && q.zone === "deck"), "offer");
    }
    const stripes: string[] = [];
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) if ((x + y) % 3 === 0) stripes.push(`${"abcdefgh"[x]}${y + 1}`);
    const fillers = pieces(m).filter((q) => q.zone === "deck");
    // More occupied spaces than free pieces: a filler may mark several (only occupancy matters).
    fillers.forEach((q, i) => put(m, q.id, "city", stripes.filter((_, k) => k % fillers.length === i)));
    reoffer(m);
    pickAll(m);
    const p = m.decision!.players[0]!;
    expect(m.decision!.prompt).toBe("No piece fits: discard one");
    const hand = pieces(m).filter((q) => q.zone === "picked" && q.zoneOwner === p).map((q) => q.name);
    choose(m, hand.includes("Acropolis") ? "Acropolis" : hand[0]!);
    expect(pieces(m).filter((q) => q.zone === "discarded")).toHaveLength(1);
    expect(m.state.messages.at(-1)!.text).toMatch(new RegExp(`^Player ${p + 1} cannot place any piece and discards the `));
    expect(m.playerVar(p, "score")).toBe(0);
  });
});

describe("Mayan City: turn order", () => {
  // Every choice asked, even a last card or a single spot (`ask always`): the order of turns shows in
  // the decisions alone, one per pick and one per placement.
  const game = gameFromSource(readGame("mayan-city.stela").replace(/^game "Mayan City" \{/m, 'game "Mayan City" {\n  ask always'));

  /** Who took each decision, and what kind. */
  function sequence(m: Match): { player: number; prompt: string }[] {
    const out: { player: number; prompt: string }[] = [];
    while (m.decision) {
      const player = m.decision.players[0]!;
      out.push({ player, prompt: m.decision.prompt });
      m.apply(m.options()[0]!.id);
    }
    return out;
  }

  it("drafts clockwise from the player who picked second last, and places counter-clockwise from the last picker", () => {
    const m = game.start({ players: 3, seed: 8 });
    const first = m.global("first_picker") as number;
    const seq = sequence(m);
    expect(m.error).toBeNull();
    const turns: { player: number; prompt: string }[][] = [];
    let current: { player: number; prompt: string }[] = [];
    for (const d of seq) {
      if (d.prompt === "Pick a card" && current.length && current[current.length - 1]!.prompt !== "Pick a card") {
        turns.push(current);
        current = [];
      }
      current.push(d);
    }
    turns.push(current);
    // 24 cards with 3 players: turns of 9, 9 and the last 6 (each picks 2, our reading).
    expect(turns.map((t) => t.filter((d) => d.prompt === "Pick a card").length)).toEqual([9, 9, 6]);
    let picker = first;
    for (const t of turns) {
      const picks = t.filter((d) => d.prompt === "Pick a card").map((d) => d.player);
      const expected = picks.map((_, i) => (picker + i) % 3);
      expect(picks).toEqual(expected);
      const last = picks[picks.length - 1]!;
      const placements = t.filter((d) => d.prompt !== "Pick a card").map((d) => d.player);
      expect(placements).toEqual(placements.map((_, i) => (last - (i % 3) + 3) % 3));
      picker = picks[picks.length - 2]!;
    }
  });

  it("takes 4 turns of 6 cards with 2 players and 2 turns of 12 with 4", () => {
    for (const [players, turns] of [
      [2, 4],
      [4, 2],
    ] as const) {
      const m = game.start({ players, seed: 4 });
      const picksPerTurn: number[] = [];
      let inDraft = false;
      while (m.decision) {
        const drafting = m.decision.prompt === "Pick a card";
        if (drafting && !inDraft) picksPerTurn.push(0);
        if (drafting) picksPerTurn[picksPerTurn.length - 1]!++;
        inDraft = drafting;
        m.apply(m.options()[0]!.id);
      }
      expect(picksPerTurn).toEqual(new Array(turns).fill(3 * players));
    }
  });
});

describe("Mayan City: the end", () => {
  it("ends when every piece is placed or discarded, ranking by points", () => {
    const m = game.start({ players: 4, seed: 12 });
    playRandomly(m, 3);
    expect(m.over).toBe(true);
    const all = pieces(m);
    expect(all).toHaveLength(24);
    expect(all.every((q) => q.board === "city" || q.zone === "discarded")).toBe(true);
    const scores = [0, 1, 2, 3].map((p) => score(m, p));
    expect(m.result!.scores).toEqual(scores);
    const best = Math.max(...scores);
    expect(m.result!.winners).toEqual(scores.flatMap((s, p) => (s === best ? [p] : [])));
  });

  it("shares first place on a tie (the rules give no tiebreak)", () => {
    let tied: Match | undefined;
    for (let seed = 1; seed <= 300 && !tied; seed++) {
      const m = game.start({ players: 2, seed });
      playRandomly(m, seed);
      if (score(m, 0) === score(m, 1)) tied = m;
    }
    expect(tied, "some seed in 1..300 ends in a tie").toBeDefined();
    expect(tied!.result!.ranking).toEqual([[0, 1]]);
    expect(tied!.result!.places).toEqual([1, 1]);
    expect(tied!.result!.winners).toEqual([0, 1]);
  });
});
