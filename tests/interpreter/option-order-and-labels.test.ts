import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/** How options are listed and named, whatever game asks. */
describe("options", () => {
  it("named options keep the order the rules list them in, and the chosen one runs its own block", () => {
    const game = gameFromSource(`
      game "Order" { players 2 }
      var picked: text = ""
      flow {
        turn players[0] {
          choose prompt "Pick" {
            option "Zebra" { picked = "zebra" }
            option "Apple" { picked = "apple" }
          }
        }
      }
      scoring p { points 0 }
    `);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.options().map((o) => o.id)).toEqual(["zebra", "apple"]);
    expect(m.apply("zebra").ok).toBe(true);
    expect(m.global("picked")).toBe("zebra");
  });

  it("identical pieces lying in different places are told apart by where they lie", () => {
    const game = gameFromSource(`
      game "Twins" { players 2 }
      kind Stone { weight: number = 1 }
      components Stone in pool { x2 }
      zone pool: Stone public
      board row: grid(3, 1)
      flow {
        place top(pool) at space_at(row, 0, 0)
        place top(pool) at space_at(row, 2, 0)
        turn players[0] { let s = choose s from pieces(row) prompt "Pick a stone" }
      }
      scoring p { points 0 }
    `);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.options().map((o) => o.label).sort()).toEqual(["Stone (1) on a1", "Stone (1) on c1"]);
    // The log names the stone taken by itself (never naming the list): the same id and label.
    for (const index of [0, 1]) {
      const taken = game.start({ players: 2, seed: 1 });
      expect(taken.applyAt(index).ok).toBe(true);
      const o = m.options().find((x) => x.index === index)!;
      expect([taken.log[0]!.option, taken.log[0]!.label]).toEqual([o.id, o.label]);
    }
  });

  it("a number is never taken for a piece: each number of a range is an option, even when identical pieces have those ids", () => {
    const game = gameFromSource(`
      game "Counting" { players 2 }
      kind Stone { weight: number = 1 }
      components Stone in pool { x4 }
      zone pool: Stone public
      flow {
        turn players[0] { let n = choose n from 0..3 prompt "How many?" }
      }
      scoring p { points 0 }
    `);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.options().map((o) => o.label)).toEqual(["0", "1", "2", "3"]);
  });
});
