import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * A decision's label that names a piece only its chooser sees reads otherwise to everyone else,
 * as a prompt or a `log` line does: `label "keep {top(p.hand)}"` told every player the card in
 * another's hand ("Player 1: keep card 8", a new user's card-market game).
 */
const rules = (choice: string) => `game "Leak" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
components Card in deck { for v in 1..9 { x1 { value: v } } }
per player { score: number = 0 }
setup { shuffle deck }
flow {
  for p in players {
    turn p {
      deal 1 from deck to p.hand
      ${choice}
    }
  }
}
scoring p { points p.score }
`;

const LABELLED = rules(`let n = choose n from 0..1 prompt "Keep or score?" label if n == 0 then "keep {top(p.hand)}" else "score {top(p.hand)}"
      if n == 1 { p.score += top(p.hand).value }`);
const NAMED = rules(`choose prompt "Now" {
        option "keep {top(p.hand)}" { }
        option "score {top(p.hand)}" { p.score += top(p.hand).value }
      }`);

describe("a label naming a hidden piece", () => {
  for (const [what, source] of [["a choice's label", LABELLED], ["a named option", NAMED]] as const) {
    it(`${what}: the chooser reads it, the others and their redrawn copies read "hidden card"`, () => {
      const m = gameFromSource(source).start({ players: 2, seed: 3 });
      const piece = m.view(0).zones.find((z) => z.label === "hand of Player 1")!.pieces![0]!;
      const card = piece.show?.label ?? piece.name;
      const taken = m.options(0)[0]!;
      expect(taken.label).toBe(`keep ${card}`);
      expect(m.apply(taken.id).ok).toBe(true);
      expect(m.view(0).log[0]!.label).toBe(`keep ${card}`);
      expect(m.view(1).log[0]!.label).toBe("keep hidden card");
      expect(m.view(null).log[0]!.label).toBe("keep hidden card");
      // What a bot of seat 2 is given: a copy whose log names nothing it cannot see.
      expect(m.resampleFor(1, 7).log[0]!.label).toBe("keep hidden card");
      // Nor its id, which a named option makes from its label.
      expect(m.resampleFor(1, 7).log[0]!.option).toBe("hidden");
      expect(m.resampleFor(0, 7).log[0]!.label).toBe(`keep ${card}`);
    });
  }

  it("a label naming only what everyone sees is read alike", () => {
    const open = LABELLED.replace("zone hand per player: Card owner", "zone hand per player: Card public");
    const m = gameFromSource(open).start({ players: 2, seed: 3 });
    const label = m.options(0)[0]!.label;
    m.apply(m.options(0)[0]!.id);
    expect(m.view(1).log[0]!.label).toBe(label);
    expect(label).toMatch(/^keep card \d$/);
  });

  it("a secret choice's label naming its own answer is revealed with it, as the same choice without a label is", () => {
    const secret = (label: string) => gameFromSource(`game "Bids" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
zone shown: Card public
components Card in deck { for v in 1..9 { x1 { value: v } } }
setup { shuffle deck
  for q in players { deal 2 from deck to q.hand } }
flow {
  let bids = secretly each q in players chooses c from q.hand prompt "Bid"${label}
  for q in players { move bids[q] to shown }
}
scoring p { points 0 }
`).start({ players: 2, seed: 3 });
    const read = (m: ReturnType<typeof secret>): string[] => {
      for (const p of [0, 1]) m.applyAt(0, p);
      return m.view(1).log.map((e) => e.label);
    };
    const plain = read(secret(""));
    expect(plain[0]).toMatch(/^card \d$/);
    expect(read(secret(' label "{c}"'))).toEqual(plain);
  });

  it("a revealed secret answer is named only to those who see its pieces where they lie: bids kept face down, cards passed", () => {
    // A designer's bids, tokens each player kept in a zone of their own, were named to every player
    // in the log at the reveal, while the zones showed them face down.
    const game = gameFromSource(`game "Pass" { players 3 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
zone bid per player: Card owner
zone shown: Card public
components Card in deck { for v in 1..12 { x1 { value: v } } }
setup { shuffle deck
  for q in players { deal 3 from deck to q.hand } }
flow {
  let bids = secretly each q in players chooses c from q.hand prompt "Bid"
  for q in players { move bids[q] to q.bid }
  let passes = secretly each q in players chooses c from q.hand prompt "Pass"
  for q in players { move passes[q] to next(q).hand }
  let shows = secretly each q in players chooses c from q.hand prompt "Show"
  for q in players { move shows[q] to shown }
  turn players[0] { let _n = choose n from 1..2 prompt "Go on" }
  for q in players { move shows[q] to q.hand }
  turn players[0] { let _m = choose n from 1..2 prompt "Once more" }
}
scoring p { points 0 }
`);
    const m = game.start({ players: 3, seed: 5 });
    for (let round = 0; round < 3; round++) for (const p of [0, 1, 2]) m.applyAt(0, p);
    m.applyAt(0, 0);
    const lines = (viewer: number | null) => m.view(viewer).log.map((e) => e.label);
    const named = /^card \d+$/;
    // Bids (0–2): each player reads their own, the others' stay hidden, a spectator reads none.
    for (const viewer of [0, 1, 2]) {
      lines(viewer).slice(0, 3).forEach((label, p) => expect(label).toMatch(p === viewer ? named : /^\(a hidden choice\)$/));
    }
    expect(lines(null).slice(0, 3)).toEqual(["(a hidden choice)", "(a hidden choice)", "(a hidden choice)"]);
    // Passes (3–5): the passer and the player who now holds the card read it; the third does not.
    for (const viewer of [0, 1, 2]) {
      lines(viewer).slice(3, 6).forEach((label, p) => expect(label).toMatch(p === viewer || (p + 1) % 3 === viewer ? named : /^\(a hidden choice\)$/));
    }
    // Shown (6–8): laid on the table by the next question, named to everyone, and still once the
    // cards are back in their hands (who reads a line is settled when the next question comes).
    for (const viewer of [0, 1, 2, null]) for (const label of lines(viewer).slice(6, 9)) expect(label).toMatch(named);
    expect(m.decision?.prompt).toBe("Once more");
    // A bot's redrawn copy reads its log as its player does.
    const copy = m.resampleFor(1, 9);
    expect(copy.view(1).log.map((e) => e.label).map((l) => named.test(l))).toEqual(lines(1).map((l) => named.test(l)));
    expect(copy.state.log.slice(0, 3).map((e) => e.label)).toEqual([expect.stringMatching(/^\(a hidden choice\)$/), expect.stringMatching(named), expect.stringMatching(/^\(a hidden choice\)$/)]);
  });

  it("a reveal whose last answer names a public card still settles who reads the others' hidden ones", () => {
    // Player 3 picks a card on the table, the others one of their hands: every hidden answer is
    // settled at the next question, and reads hidden still once the card is laid on the table.
    const m = gameFromSource(`game "Mixed" { players 3 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
zone shown: Card public
components Card in deck { for v in 1..12 { x1 { value: v } } }
setup { shuffle deck
  for q in players { deal 2 from deck to q.hand }
  deal 1 from deck to shown }
flow {
  let picks = secretly each q in players chooses c from [k for k in q.hand] + [k for k in shown] prompt "Pick"
  turn players[0] { let _n = choose n from 1..2 prompt "Go on" }
  move picks[players[0]] to shown
  turn players[0] { let _m = choose n from 1..2 prompt "Again" }
}
scoring p { points 0 }
`).start({ players: 3, seed: 2 });
    m.applyAt(0, 0);
    m.applyAt(0, 1);
    m.applyAt(m.optionCount(2) - 1, 2);
    m.applyAt(0, 0);
    expect(m.decision?.prompt).toBe("Again");
    const line = (viewer: number | null, i: number) => m.view(viewer).log[i]!.label;
    expect(line(0, 0)).toMatch(/^card \d+$/);
    for (const viewer of [1, 2, null]) expect(line(viewer, 0)).toBe("(a hidden choice)");
    for (const viewer of [0, 1, null]) expect(line(viewer, 2)).toMatch(/^card \d+$/);
  });

  it("a forced secret answer whose label names a hidden card is told to the others without it", () => {
    const m = gameFromSource(`game "Forced" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
components Card in deck { for v in 1..9 { x1 { value: v } } }
setup { shuffle deck
  for q in players { deal 1 from deck to q.hand } }
flow {
  let keep = secretly each q in players chooses n from [0] prompt "Keep?" label "keep {top(q.hand)}"
}
scoring p { points 0 }
`).start({ players: 2, seed: 3 });
    expect(m.over).toBe(true);
    const mine = m.view(0).messages.map((t) => t.text);
    const theirs = m.view(1).messages.map((t) => t.text);
    expect(mine[0]).toMatch(/^Player 1: keep card \d \(only option\)$/);
    expect(theirs[0]).toBe("Player 1: (a hidden choice)");
  });
});
