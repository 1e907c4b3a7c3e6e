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

  it("names each zone of a row as `labels` says, in views, options and the log; refuses labels that do not fit the row", () => {
    const named = SOURCE.replace("zone display x3: Gem public", 'zone display x3: Gem public labels ["Ruby pile", "Jade pile", "Onyx pile"]').replace(
      "for g in d { move g to players[0].taken }",
      'log "takes {d}"\n    for g in d { move g to players[0].taken }',
    );
    const m = gameFromSource(named).start({ players: 2, seed: 4 });
    expect(m.view(1).zones.filter((z) => z.name === "display").map((z) => z.label)).toEqual(["Ruby pile", "Jade pile", "Onyx pile"]);
    // Options by the label players read (their ids made from it), in the order of their ids.
    expect(m.options(0).map((o) => [o.id, o.label])).toEqual([
      ["jade-pile", "Jade pile"],
      ["onyx-pile", "Onyx pile"],
    ]);
    m.apply("onyx-pile", 0);
    expect(m.view(null).messages.map((x) => x.text)).toContain("takes Onyx pile");
    const errors = (zone: string) =>
      compile(`game "X" { players 2 }\nkind G { v: number }\n${zone}\nflow {}\nscoring p { points 0 }`, "x.stela").diagnostics.filter((d) => d.code !== "unused-declaration").map((d) => `${d.code} ${d.span.start.line}:${d.span.start.column} ${d.message}`);
    expect(errors('zone z x2: G labels ["A", "B"]')).toEqual([]);
    expect(errors('zone z: G labels ["A"]')).toEqual(["invalid-zone 3:11 only a numbered zone (`x3`) has `labels`, one for each of its zones; name a single zone by its own name"]);
    expect(errors('zone z x3: G labels ["A", "B"]')).toEqual(["invalid-zone 3:14 `z` is 3 zones: give 3 labels, not 2"]);
    expect(errors('zone z x2: G labels ["A", "A"]')).toEqual(['invalid-zone 3:14 two of `z`\'s zones would read alike ("A")']);
    expect(errors("zone z x2: G labels [1, 2]")).toEqual(['invalid-zone 3:14 a numbered zone\'s `labels` are a list of texts, one a zone: `labels ["Jade", "Scribe"]`']);
  });

  it("refuses a zone both per player and numbered, and pieces starting in a numbered zone", () => {
    const both = compile(`game "X" { players 2 }\nkind G { v: number }\nzone z x2 per player: G\nflow {}\nscoring p { points 0 }`, "x.stela");
    expect(both.diagnostics.map((d) => d.code)).toContain("invalid-zone");
    const start = compile(`game "X" { players 2 }\nkind G { v: number }\nzone z x2: G\ncomponents G in z { x3 { v: 1 } }\nflow {}\nscoring p { points 0 }`, "x.stela");
    expect(start.diagnostics.map((d) => d.code)).toContain("invalid-components");
  });
});
