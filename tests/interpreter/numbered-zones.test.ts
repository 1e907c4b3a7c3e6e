import { describe, expect, it } from "vitest";
import { compile, numberedKey } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** `zone name xN`: a row of like zones, read as a list. */

const SOURCE = `
game "Rows" { players 2..3 }
kind Gem { value: number }
bag gems: Gem hidden
zone display x3: Gem public
zone taken per player: Gem public
components Gem in gems { for v in 1..4 { x5 { value: v } } }
flow {
  let i = 0
  for d in display { i += 1  deal i from gems to d }
  turn players[0] {
    let d = choose d from display where size(d) > 1 prompt "Take a display"
    for g in d { move g to players[0].taken }
  }
}
scoring p { points sum g.value for g in p.taken }
`;

describe("numbered zones", () => {
  it("take pieces at the start by number (`components … in supply[2]`), each pile its own", () => {
    const m = gameFromSource(`game "Supply" { players 2 }
kind Card { cost: number }
zone supply x3: Card public
const GOLD = 2
components Card in supply[0] { "Copper" x4 { cost: 0 } }
components Card in supply[GOLD] { "Gold" x2 { cost: 6 } }
flow { }
scoring p { points 0 }`).start({ players: 2, seed: 1 });
    const piles = m.view(null).zones.filter((z) => z.name === "supply");
    expect(piles.map((z) => [z.label, (z.pieces ?? []).map((p) => p.name)])).toEqual([
      ["supply 1", ["Copper", "Copper", "Copper", "Copper"]],
      ["supply 2", []],
      ["supply 3", ["Gold", "Gold"]],
    ]);
  });

  it("makes one zone per number, each filled on its own, labelled from 1", () => {
    const m = gameFromSource(SOURCE).start({ players: 2, seed: 4 });
    expect(Object.keys(m.state.zones).filter((k) => k.startsWith("display"))).toEqual(["display[0]", "display[1]", "display[2]"]);
    expect([0, 1, 2].map((i) => m.state.zones[numberedKey("display", i)]!.length)).toEqual([1, 2, 3]);
    // Only the displays holding 2 or more are offered, by the name players read.
    expect(m.options(0).map((o) => [o.id, o.label])).toEqual([
      ["display-2", "display 2"],
      ["display-3", "display 3"],
    ]);
    const view = m.view(1);
    const rows = view.zones.filter((z) => z.name === "display");
    expect(rows.map((z) => [z.label, z.owner, z.count])).toEqual([
      ["display 1", null, 1],
      ["display 2", null, 2],
      ["display 3", null, 3],
    ]);
    const third = [...m.state.zones["display[2]"]!];
    m.apply("display-3", 0);
    expect(m.over).toBe(true);
    expect(m.state.zones["taken#0"]).toEqual(third);
  });

  it("refuses a zone both per player and numbered, and pieces starting in a numbered zone", () => {
    const both = compile(`game "X" { players 2 }\nkind G { v: number }\nzone z x2 per player: G\nflow {}\nscoring p { points 0 }`, "x.stela");
    expect(both.diagnostics.map((d) => d.code)).toContain("invalid-zone");
    const start = compile(`game "X" { players 2 }\nkind G { v: number }\nzone z x2: G\ncomponents G in z { x3 { v: 1 } }\nflow {}\nscoring p { points 0 }`, "x.stela");
    expect(start.diagnostics.map((d) => d.code)).toContain("invalid-components");
  });
});
