import { describe, expect, it } from "vitest";
import type { IrExpr } from "../../dsl/ir.ts";
import { Game } from "../../interpreter/index.ts";
import { fixedSlots } from "../../interpreter/fixed-values.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A value the game's definition alone decides (a board's sides, a space by its coordinates) is
 * worked out once by the compiled engine (`interpreter/fixed-values.ts`), and what is played
 * never shows it: the same steps charged, the same locals left, the same games.
 */
describe("values fixed by the game's definition", () => {
  const game = gameFromSource(`game "Sides" { players 2 }
kind Stone { }
zone supply per player: Stone
components Stone per player in supply { x50 { } }
board b: grid(10, 10)
board open: open_grid()
var total: number = 0
define row_of(r: number): list of space = [t for t in spaces(b) where t.y == r]
flow {
  let north = [t for t in spaces(b) where t.y == 0]
  let empties = [t for t in spaces(b) where empty(t)]
  let grown = spaces(open)
  let corner = space_at(b, 9, 9)
  let lucky = random(spaces(b))
  total = size(north) + size(row_of(3))
  turn players[0] { let s = choose s from north prompt "Pick" }
}
scoring p { points 0 }`);

  /** The expressions of the flow's `let`s, by the name they are given, as the rules wrote them. */
  function letValues(g: Game): Map<string, IrExpr> {
    const out = new Map<string, IrExpr>();
    const names = ["north", "empties", "grown", "corner", "lucky"];
    let i = 0;
    for (const st of g.def.flow.body) if (st.op === "let" && i < names.length) out.set(names[i++]!, st.value);
    return out;
  }

  it("are told apart from values that depend on the match", () => {
    const rt = game.runtime();
    const lets = letValues(game);
    // A bounded board's spaces and their coordinates: fixed. The comprehension's variable is the local it binds.
    expect(fixedSlots(lets.get("north")!, rt)).toHaveLength(1);
    expect(fixedSlots(lets.get("corner")!, rt)).toEqual([]);
    // What lies on the board, an open grid's spaces (they grow with its pieces), a random draw: not fixed.
    expect(fixedSlots(lets.get("empties")!, rt)).toBeUndefined();
    expect(fixedSlots(lets.get("grown")!, rt)).toBeUndefined();
    expect(fixedSlots(lets.get("lucky")!, rt)).toBeUndefined();
    // A function's body that reads its parameter is not fixed (the parameter is not bound in it).
    expect(fixedSlots(game.def.functions["row_of"]!.body, rt)).toBeUndefined();
  });

  it("leave a saved match as working them out leaves it, in the first match of a game and in later ones", () => {
    const reference = new Game(game.def, game.variantDefs, "closures");
    const expected = reference.start({ players: 2, seed: 3 }).toJSON();
    expect(expected.globals["total"]).toBe(20);
    // The first match works the fixed values out, the second is given them again: both save as the reference does.
    for (let i = 0; i < 2; i++) {
      const m = game.start({ players: 2, seed: 3 });
      expect(m.error).toBeNull();
      expect(m.toJSON()).toEqual(expected);
    }
  });

  it("never include what a zone holds, even named by a table", () => {
    // A table of zones names them by text, and \`size\` of that text counts the zone's pieces now.
    const compiled = gameFromSource(`game "Piles" { players 2 }
kind Stone { }
zone supply: Stone
zone pile: Stone
components Stone in supply { x10 { } }
table piles { 1 -> pile }
var seen: number = 0
flow {
  repeat 3 {
    move top(supply) to pile
    seen += size(piles[1])
    log "{size(piles[1])} in the pile"
  }
}
scoring p { points 0 }`);
    const reference = new Game(compiled.def, compiled.variantDefs, "closures");
    const a = reference.start({ players: 2, seed: 1 });
    expect(a.global("seen")).toBe(6);
    const b = compiled.start({ players: 2, seed: 1 });
    expect(b.global("seen")).toBe(6);
    expect(b.state.messages).toEqual(a.state.messages);
  });

  it("charge the steps working them out takes, every time", () => {
    // 100,000 times the 100 spaces of a board pass the step budget only if each is charged.
    const source = `game "Budget" { players 2 }
board b: grid(10, 10)
var v: number = 0
flow { repeat 100000 { v = size([t for t in spaces(b) where t.y == 0]) } }
scoring p { points 0 }`;
    const compiled = gameFromSource(source);
    const reference = new Game(compiled.def, compiled.variantDefs, "closures");
    const a = reference.start({ players: 2, seed: 1 }).error;
    expect(a?.code).toBe("runtime-step-budget");
    expect(compiled.start({ players: 2, seed: 1 }).error).toEqual(a);
  });
});
