import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * The public log never tells other players which piece a player chose from
 * a zone they cannot see (or from face-down pieces); choices of visible
 * things stay readable.
 */

const source = (handVisibility: string) => `game "Hidden" { players 2 ask always }
kind Card { value: number }
components Card per player in hand {
  x1 { value: 1 }
  x1 { value: 2 }
}
zone hand per player: Card ${handVisibility}
zone shown: Card public
board spots: grid(2, 1)
flow {
  for p in players {
    turn p {
      let c = choose c from p.hand prompt "Put a card face down"
      let s = choose s from spaces(spots) where empty(s) prompt "Where"
      place c at s face down
    }
  }
  turn players[0] {
    let c = choose c from pieces(spots) prompt "Turn one over"
    flip c face up
    move c to shown
    let d = choose d from shown prompt "Name the card on the table"
  }
}
scoring p { points 0 }
`;

describe("hidden choices in the log", () => {
  it("a piece chosen from an owner-only zone reads as a hidden choice to the others; one its chooser cannot see either, by its place", () => {
    const game = gameFromSource(source("owner"));
    const m = game.start({ players: 2 });
    while (m.decision) m.apply(m.options().at(-1)!.id);
    expect(m.error).toBeNull();
    const labels = (viewer: number | null) => m.view(viewer).log.map((e) => e.label);
    // Player 1 turns over a face-down piece: they cannot see which card it is either, so their own
    // option (and its log line) names it by its place.
    expect(labels(0)).toEqual(["Card (2)", "b1", "(a hidden choice)", "a1", "the face-down piece on b1", "Card (2)"]);
    // Named by its place, which tells nothing: everyone reads it as Player 1 does.
    expect(labels(1)).toEqual(["(a hidden choice)", "b1", "Card (2)", "a1", "the face-down piece on b1", "Card (2)"]);
    expect(labels(null)).toEqual(["(a hidden choice)", "b1", "(a hidden choice)", "a1", "the face-down piece on b1", "Card (2)"]);
    // The full log (for tools, replays and tests) keeps everything.
    expect(m.log.map((e) => e.label)[0]).toBe("Card (2)");
  });

  it("a view of everything (for a tool setting up a position) shows every zone and face-down piece; the log still reads as the viewer's", () => {
    const m = gameFromSource(source("owner")).start({ players: 2 });
    for (let i = 0; i < 4; i++) m.apply(m.options().at(-1)!.id);
    const hand = (v: ReturnType<typeof m.view>) => v.zones.find((z) => z.key === "hand#0")!.pieces;
    const onBoard = (v: ReturnType<typeof m.view>) => v.boards[0]!.pieces.map((p) => p.name ?? "hidden");
    expect(hand(m.view(1))).toBeUndefined();
    expect(onBoard(m.view(1))).toEqual(["hidden", "hidden"]);
    const all = m.view(1, { everything: true });
    expect(hand(all)!.map((p) => p.fields!.value)).toEqual([1]);
    expect(onBoard(all)).toEqual(["Card", "Card"]);
    expect(all.boards[0]!.pieces.every((p) => p.faceUp === false)).toBe(true);
    expect(all.log.map((e) => e.label)).toEqual(m.view(1).log.map((e) => e.label));
  });

  it("a piece chosen from a public zone is readable by everyone", () => {
    const game = gameFromSource(source("public"));
    const m = game.start({ players: 2 });
    m.apply(m.options()[0]!.id);
    expect(m.view(1).log[0]!.label).toBe("Card (1)");
  });
});

describe("texts for everyone that name a hidden piece", () => {
  // The card is chosen from a hand only its owner sees: the log of decisions calls the choice "(a
  // hidden choice)", so the next question and the rules' `log` lines must not name the card either.
  const leak = `game "Leak" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone hand per player: Card owner
zone vault per player: Card hidden
zone shown: Card public
components Card per player in hand { for v in 1..3 { x1 { value: v } } }
flow {
  turn players[0] {
    let k = choose k from current.hand prompt "Pick a card to hide" ask always
    log "{current} picks the {k}"
    let n = choose n from 1..2 prompt "Hide the {k} how deep?" ask always
    move k to current.vault
    log "{current} hid the {k}"
    let t = choose t from current.hand prompt "Show a card" ask always
    move t to shown
    log "{current} shows the {t}"
  }
}
scoring p { points 0 }
`;

  it("reads as written to the one who sees the piece, and by what shows of it to everyone else", () => {
    const m = gameFromSource(leak).start({ players: 2, seed: 1 });
    m.apply(m.options(0).find((o) => o.label === "card 2")!.id, 0);
    expect(m.view(0).decision!.prompt).toBe("Hide the card 2 how deep?");
    for (const viewer of [1, null]) {
      expect(m.view(viewer).decision!.prompt).toBe("Hide the hidden card how deep?");
      expect(m.view(viewer).messages.map((x) => x.text)).toEqual(["Player 1 picks the hidden card"]);
    }
    expect(m.view(0).messages.map((x) => x.text)).toEqual(["Player 1 picks the card 2"]);
    m.apply("1", 0);
    // The question stays as each read it in the log of decisions.
    expect(m.view(0).log[1]!.prompt).toBe("Hide the card 2 how deep?");
    expect(m.view(1).log[1]!.prompt).toBe("Hide the hidden card how deep?");
    m.apply(m.options(0).find((o) => o.label === "card 3")!.id, 0);
    // In the vault nobody sees it, its owner neither; a card put on the table everyone reads.
    expect(m.view(0).messages.map((x) => x.text)).toEqual(["Player 1 picks the card 2", "Player 1 hid the hidden card", "Player 1 shows the card 3"]);
    expect(m.view(1).messages.map((x) => x.text)).toEqual(["Player 1 picks the hidden card", "Player 1 hid the hidden card", "Player 1 shows the card 3"]);
  });

  it("a piece in a hand held facing out (`others`) reads as written to every player but its owner", () => {
    const m = gameFromSource(leak.replace("zone hand per player: Card owner", "zone hand per player: Card others")).start({ players: 2, seed: 1 });
    // Player 1 cannot see their own hand: they pick by place, and the others read the card.
    m.apply(m.options(0).find((o) => o.label === "hidden piece 2 of hand of Player 1")!.id, 0);
    expect(m.view(1).messages.map((x) => x.text)).toEqual(["Player 1 picks the card 2"]);
    expect(m.view(1).decision!.prompt).toBe("Hide the card 2 how deep?");
    // The pick itself, named by its place: Player 2, who sees the card, reads it as Player 1 does.
    expect(m.view(1).log[0]!.label).toBe("hidden piece 2 of hand of Player 1");
    for (const viewer of [0, null]) {
      expect(m.view(viewer).messages.map((x) => x.text)).toEqual(["Player 1 picks the hidden card"]);
      expect(m.view(viewer).decision!.prompt).toBe("Hide the hidden card how deep?");
    }
    expect(JSON.stringify(m.resampleFor(0, 7).state.messages)).not.toContain("card 2");
  });

  it("a copy redrawn for another player (what bots get) keeps only what that player reads", () => {
    const m = gameFromSource(leak).start({ players: 2, seed: 1 });
    m.apply(m.options(0).find((o) => o.label === "card 2")!.id, 0);
    const copy = m.resampleFor(1, 7);
    expect(JSON.stringify(copy.state.messages)).not.toContain("card 2");
    expect(JSON.stringify(copy.state.log)).not.toContain("card 2");
    expect(m.resampleFor(0, 7).view(0).decision!.prompt).toBe("Hide the card 2 how deep?");
  });

  it("a quiet match (simulation) plays the same game and keeps no texts", () => {
    const loud = gameFromSource(leak).start({ players: 2, seed: 3 });
    const quiet = gameFromSource(leak).start({ players: 2, seed: 3, quiet: true });
    for (const m of [loud, quiet]) while (m.decision) m.applyAt(0, 0);
    expect(quiet.result).toEqual(loud.result);
    expect(quiet.state.messages).toEqual([]);
  });
});
