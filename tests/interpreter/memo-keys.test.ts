import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import type { GameDef } from "../../dsl/ir.ts";
import { memoKeys, placementsBySpaces } from "../../interpreter/memo-keys.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * A callee that reads a placement only by the spaces it covers is remembered once per spot,
 * not once per piece and turn (`interpreter/memo-keys.ts`). Which parameters qualify is decided
 * from the rules; a wrong "yes" would hand one piece's answer to another, so both sides are tested.
 */

const RULES = `game "Keys" { players 2 }
kind Tile { colour: number  form: shape }
zone hand: Tile
components Tile in hand {
  x2 { colour: 1  form: | # # }
  x1 { colour: 2  form: | # # }
}
board land: grid(4, 3)
rule by_spaces(pl: placement) {
  require all s in pl.cells: empty(s)
  require size(adjacent_pieces(pl)) == 0 and pl.space != none
}
rule by_spaces_empty(pl: placement) {
  require empty(pl)
  require size(adjacent_pieces(pl)) == 0
}
rule by_piece(pl: placement) {
  require pl.piece.colour == 1
}
rule by_turn(pl: placement) {
  require pl.rotation == 0
}
rule passes_on(pl: placement) {
  require by_spaces(pl)
}
rule compares(pl: placement, other: placement) {
  require all s in pl.cells: empty(s)
  require pl == other
}
define mixed(n: number, pl: placement, again: placement): bool = n > 0 and size(cells(pl)) == 2 and again.piece.colour == 1
rule mixed_rule(n: number, pl: placement, again: placement) {
  require mixed(n, pl, again)
}
var fit_spaces: number = 0
var fit_pieces: number = 0
var fit_turns: number = 0
flow {
  fit_spaces = count pl in placements(hand, land) where by_spaces(pl)
  fit_pieces = count pl in placements(hand, land) where by_piece(pl) and by_spaces(pl)
  fit_turns = count pl in placements(hand, land) where by_turn(pl) and by_spaces(pl) and by_piece(pl)
}
scoring p { points 0 }`;

function definition(): GameDef {
  const r = compileRules(RULES, "keys.stela");
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return r.def!;
}

describe("placements remembered by the spaces they cover", () => {
  it("qualify only when the callee reads nothing but their spaces", () => {
    const def = definition();
    const rule = (name: string) => placementsBySpaces(def.rules[name]!.params, [def.rules[name]!.requires]);
    expect(rule("by_spaces")).toEqual([true]);
    expect(rule("by_spaces_empty")).toEqual([true]);
    // Its piece, its turn, passing it on or comparing it: told apart as before.
    expect(rule("by_piece")).toBeUndefined();
    expect(rule("by_turn")).toBeUndefined();
    expect(rule("passes_on")).toBeUndefined();
    expect(rule("compares")).toBeUndefined();
    const fn = def.functions["mixed"]!;
    expect(placementsBySpaces(fn.params, [fn.body])).toEqual([false, true, false]);
  });

  it("are looked up by their list of spaces, never changing the callee's frame", () => {
    const cells = [{ key: "land:0,0", board: "land" }, { key: "land:1,0", board: "land" }];
    const a = { piece: 0, board: "land", cells, rotation: 0 };
    const b = { piece: 2, board: "land", cells, rotation: 1 };
    const argsA = [4, a, a, null];
    const keysA = memoKeys(argsA, 3, [false, true, false]);
    const keysB = memoKeys([4, b, a, null], 3, [false, true, false]);
    expect(keysA).toEqual([4, cells, a]);
    expect(keysB[1]).toBe(keysA[1]);
    expect(argsA).toEqual([4, a, a, null]);
    // Nothing to rekey: the arguments themselves.
    expect(memoKeys(argsA, 3, undefined)).toBe(argsA);
    // `none` in a placement parameter stays `none`.
    expect(memoKeys([0, null], 2, [false, true])).toEqual([0, null]);
  });

  it("give every piece and turn its own answer where it is read", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 1 });
    expect(m.error).toBeNull();
    // Two pieces alike (one placement each per spot and turn) and one other; a domino on a 4x3
    // grid has 9 spots lying down and 8 standing up.
    expect(m.global("fit_spaces")).toBe(2 * (9 + 8));
    expect(m.global("fit_pieces")).toBe(9 + 8);
    expect(m.global("fit_turns")).toBe(9);
  });
});
