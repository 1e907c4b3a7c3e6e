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
  it("a piece chosen from an owner-only zone, or face down, reads as a hidden choice to the others", () => {
    const game = gameFromSource(source("owner"));
    const m = game.start({ players: 2 });
    while (m.decision) m.apply(m.options().at(-1)!.id);
    expect(m.error).toBeNull();
    const labels = (viewer: number | null) => m.view(viewer).log.map((e) => e.label);
    // Player 1 turns over a face-down piece: they cannot see which card it is either, so their own
    // option (and its log line) names it by its place.
    expect(labels(0)).toEqual(["Card (2)", "b1", "(a hidden choice)", "a1", "the face-down piece on b1", "Card (2)"]);
    expect(labels(1)).toEqual(["(a hidden choice)", "b1", "Card (2)", "a1", "(a hidden choice)", "Card (2)"]);
    expect(labels(null)).toEqual(["(a hidden choice)", "b1", "(a hidden choice)", "a1", "(a hidden choice)", "Card (2)"]);
    // The full log (for tools, replays and tests) keeps everything.
    expect(m.log.map((e) => e.label)[0]).toBe("Card (2)");
  });

  it("a piece chosen from a public zone is readable by everyone", () => {
    const game = gameFromSource(source("public"));
    const m = game.start({ players: 2 });
    m.apply(m.options()[0]!.id);
    expect(m.view(1).log[0]!.label).toBe("Card (1)");
  });
});
