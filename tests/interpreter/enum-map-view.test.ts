import { describe, expect, it } from "vitest";
import { formatValue } from "../../editor/src/playtest/present.ts";
import { gameFromSource } from "../support/games.ts";

/** A view names the members of a player's enum-keyed maps, so panels show `wood 2, stone 0`, not `[2, 0]`. */

describe("enum-keyed maps in a view", () => {
  const game = gameFromSource(`game "Granary" { players 2 }
enum Resource { wood, stone }
per player {
  stock: per Resource number = { wood: 2, stone: 0 }
  score: number = 0
}
flow { turn players[0] { let n = choose n from 1..2 prompt "Take"  current.stock[stone] += n } }
scoring p { points p.score }`);

  it("lists each map variable's members in the order of its values, and only map variables", () => {
    const m = game.start({ players: 2, seed: 1 });
    const p = m.view(null).players[0]!;
    expect(p.vars["stock"]).toEqual([2, 0]);
    expect(p.keys).toEqual({ stock: ["wood", "stone"] });
  });

  it("the playtest shows each value with its member's name", () => {
    const m = game.start({ players: 2, seed: 1 });
    m.apply(m.options(0)[1]!.id, 0);
    const p = m.view(null).players[0]!;
    expect(formatValue(p.vars["stock"]!, [], p.keys?.["stock"])).toBe("wood 2, stone 2");
    expect(formatValue(p.vars["score"]!, [], p.keys?.["score"])).toBe("0");
  });
});

describe("enum-keyed maps in the terminal", () => {
  it("stela play's text view names each member", async () => {
    const { renderText } = await import("../../interpreter/cli/text-view.ts");
    const game = gameFromSource(`game "Granary" { players 1 }
enum Resource { wood, stone }
per player { stock: per Resource number = { wood: 2, stone: 0 } }
flow { turn players[0] { let n = choose n from 1..2 prompt "Take"  current.stock[stone] += n } }
scoring p { points 0 }`);
    const m = game.start({ players: 1, seed: 1 });
    expect(renderText(m.view(0))).toContain("Player 1 (you): stock (wood 2, stone 0)");
  });
});
