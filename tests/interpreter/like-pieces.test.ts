import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * Interchangeable pieces (`like-pieces.ts`): a choice offers one of each group, and `placements`
 * tries one of each. Pieces are alike when component (kind, name, fields), owner, place, side up
 * and state all agree; any one of them differing keeps them apart.
 */
describe("interchangeable pieces", () => {
  const source = `
    game "Alike" { players 2 }
    kind Coin { value: number  state marked: bool = false }
    zone pool: Coin
    zone hand per player: Coin
    components Coin in pool { x4 { value: 1 }  x1 { value: 2 }  "Gold" x1 { value: 1 } }
    components Coin per player in hand { x2 { value: 1 } }
    board b: grid(3, 1)
    setup {
      // Two like coins on two spaces; of the two left in the pool, one is marked.
      let ones = [c for c in pool where c.value == 1 and c.name != "Gold"]
      place ones[0] at space_at(b, 0, 0)
      place ones[1] at space_at(b, 1, 0)
      ones[2].marked = true
    }
    flow {
      turn players[0] {
        let a = choose c from [c for c in pool] + [c for c in players[0].hand] + [c for c in players[1].hand] + pieces(b) prompt "Take a coin"
        let d = choose c from [top(players[0].hand), top(players[0].hand), top(players[1].hand)] prompt "Again"
        let q = choose pl from placements([c for c in players[0].hand] + [c for c in pool], b) prompt "Place"
      }
    }
    scoring p { points 0 }
  `;

  it("offers one of each group: the same component, owner, place, side and state; any difference keeps two apart", () => {
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    // Pool: the marked coin of 1, one of the two unmarked, the coin of 2, the Gold coin (a coin
    // of 1 under another name). Board: one per space. Hands: one per owner.
    const options = m.options();
    expect(options.length).toBe(8);
    expect(options.map((o) => o.label.replace(/ on .*/, "")).sort()).toEqual(["Coin (1)", "Coin (1)", "Coin (1)", "Coin (1)", "Coin (1)", "Coin (1)", "Coin (2)", "Gold"]);
    const pieces = m.state.pieces;
    const where = (id: string) => {
      const p = pieces[Number(/-(\d+)$/.exec(id)?.[1])]!;
      return `${p.owner}|${p.zone}|${p.board}:${p.cells.join()}|${p.st["marked"]}`;
    };
    // The six coins of 1 offered are each somewhere else, or marked.
    expect(new Set(options.filter((o) => o.label.startsWith("Coin (1)")).map((o) => where(o.id))).size).toBe(6);
  });

  it("a piece listed twice is one option, like another piece alike", () => {
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.applyAt(0).ok).toBe(true);
    // The same piece twice, and the other player's: two options.
    expect(m.optionCount()).toBe(2);
  });

  it("placements try one of each group: like coins in one hand give one set of placements", () => {
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    m.applyAt(0);
    m.applyAt(0);
    // One group in the hand and the pool's four (marked 1, unmarked 1, 2, Gold): five pieces, each
    // at the board's three spaces (\`placements\` leaves taken spaces to the rules).
    expect(m.optionCount()).toBe(15);
    expect(new Set(m.options().map((o) => o.id.replace(/@.*/, ""))).size).toBe(5);
  });
});
