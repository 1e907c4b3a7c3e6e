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

  it("named options are labelled when asked for: a label failing for an option not taken leaves the match going, taking that option ends it at the label", () => {
    const game = gameFromSource(`
      game "Labels" { players 2 }
      var picked: text = ""
      var costs: list of number = [3]
      define roll_text(): text = "roll {random(1..6)}"
      flow {
        turn players[0] {
          choose prompt "Pick" {
            option "Pay {costs[0]}" { picked = "pay" }
            option "Pay {costs[5]} more" { picked = "more" }
            option "Take a {roll_text()}" { picked = "roll" }
          }
        }
        picked = picked + " {random(1..1000)}"
      }
      scoring p { points 0 }
    `);
    // Taking an option by its number names that option alone.
    const byNumber = game.start({ players: 2, seed: 4 });
    expect(byNumber.applyAt(0).ok).toBe(true);
    expect(byNumber.error).toBeNull();
    expect(byNumber.log[0]).toMatchObject({ option: "pay-3", label: "Pay 3" });
    // Listing the options names the broken one by its place, and draws nothing: the game goes on
    // as if no one had looked.
    const listed = game.start({ players: 2, seed: 4 });
    const first = listed.options().map((o) => o.label);
    expect(first[0]).toBe("Pay 3");
    expect(first[1]).toBe("option 2");
    expect(listed.options().map((o) => o.label)).toEqual(first);
    expect(listed.apply("pay-3").ok).toBe(true);
    expect(listed.global("picked")).toBe(byNumber.global("picked"));
    // The option whose label fails ends the match with the label's diagnostic when taken.
    const broken = game.start({ players: 2, seed: 4 });
    broken.applyAt(1);
    expect(broken.over).toBe(true);
    expect(broken.error?.span.start.line).toBe(10);
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
