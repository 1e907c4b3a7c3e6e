import { describe, expect, it } from "vitest";
import { BUILTINS } from "../../dsl/builtins/catalogue.ts";
import { BUILTIN_IMPLS } from "../../interpreter/builtins/index.ts";
import { MAX_DIRECT, type DirectBuiltin } from "../../interpreter/builtins/impl.ts";
import { Game } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** The built-ins compiled rules call with their arguments one by one (`direct` in `builtins/impl.ts`). */
const direct = Object.entries(BUILTIN_IMPLS).filter((e): e is [string, DirectBuiltin] => typeof (e[1] as Partial<DirectBuiltin>).direct === "function");

describe("built-ins called with their arguments one by one", () => {
  it("most built-ins are, and each reads exactly the catalogue's parameters", () => {
    expect(direct.length).toBeGreaterThan(40);
    for (const [name, impl] of direct) {
      const params = BUILTINS.get(name)?.params.length;
      // A parameter added to the catalogue but not to the implementation would be read as `none`.
      expect({ name, reads: Math.max(0, impl.direct.length - 2) }).toEqual({ name, reads: params ?? 0 });
      expect(impl.direct.length - 2).toBeLessThanOrEqual(MAX_DIRECT);
    }
  });

  it("give the same answers as through a list of arguments, in both engines", () => {
    const source = `
      game "Drops" { players 2 }
      kind Disc { }
      components Disc in pool { x6 }
      zone pool: Disc public
      board rack: grid(3, 2)
      flow {
        place top(pool) at drop_space(rack, 1)
        place top(pool) at drop_space(rack, 1)
        turn players[0] {
          let c = choose c from 0..2 prompt "Drop" where empty(space_at(rack, c, 0))
          log "{c} {size(empty_spaces(rack))} {max(3, 4)} {clamp(9, 0, 5)}"
        }
      }
      scoring p { points longest_line(space_at(rack, 1, 1), none) }
    `;
    const played = (engine: "compiled" | "closures") => {
      const compiled = gameFromSource(source);
      const game = engine === "compiled" ? compiled : new Game(compiled.def, compiled.variantDefs, "closures");
      const m = game.start({ players: 2, seed: 1 });
      const offered = m.options().map((o) => o.label);
      m.applyAt(0);
      return { offered, log: m.state.messages.at(-1)?.text, scores: m.result?.scores };
    };
    const compiled = played("compiled");
    // Column 1 is full (two discs on a rack two high): 0 and 2 are offered.
    expect(compiled).toEqual({ offered: ["0", "2"], log: "0 4 4 5", scores: [2, 2] });
    expect(played("closures")).toEqual(compiled);
  });
});
