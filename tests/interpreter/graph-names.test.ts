import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../interpreter/index.ts";
import { renderText } from "../../interpreter/cli/text-view.ts";

/**
 * `graph(n, names: […], edges: …)`: a map's spaces by name. Three new users wrote maps (towns,
 * cities, territories) whose spaces read "world 7" everywhere, and kept a name attribute by hand.
 */
describe("graphs with named spaces", () => {
  const source = `game "Map" { players 2 }
board world: graph(4, names: ["Alaska", "Kamchatka", "Alberta", "Ontario"], edges: [["Alaska", "Kamchatka"], ["Alaska", "Alberta"], ["Alberta", "Ontario"]]) {
  space state armies: number = 0
}
flow {
  turn players[0] {
    let s = choose s from spaces(world) prompt "Where?"
    s.armies += 1
    log "{current} reinforces {s}"
  }
}
scoring p { points sum s.armies for s in spaces(world) }
example "named spaces" {
  ask always
  expect space_named(world, "Alberta").x == 2
  expect space_named(world, "2") == none
  choose "Ontario"
  expect space_named(world, "Ontario").armies == 1
  expect [n.label for n in neighbours(space_named(world, "Alaska"))] == ["Kamchatka", "Alberta"]
}
`;

  it("label the spaces for options, the log, space_named and stela play; edges may name them", () => {
    const r = compile(source, "map.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => x.failure?.message ?? "passed")).toEqual(["passed"]);
    const m = r.game!.start({ players: 2, seed: 1 });
    expect(m.options().map((o) => o.label)).toEqual(["Alaska", "Kamchatka", "Alberta", "Ontario"]);
    expect(renderText(m.view(0))).toContain("    0 Alaska     → 1 Kamchatka, 2 Alberta\n");
    m.apply(m.options()[1]!.id);
    expect(m.state.messages.at(-1)!.text).toBe("Player 1 reinforces Kamchatka");
  });

  it("read once in stela play when the board's show writes each space's name on it", () => {
    // A route game's towns showed `label: this.label` and read "0 Avon Avon".
    const shown = source.replace("space state armies: number = 0", 'space state armies: number = 0\n  show { label: if this.x < 2 then this.label else "{this.armies} armies" }');
    const r = compile(shown, "map.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const text = renderText(r.game!.start({ players: 2, seed: 1 }).view(0));
    expect(text).toContain("    0 Alaska            → 1 Kamchatka, 2 Alberta 0 armies\n    1 Kamchatka         → 0 Alaska\n    2 Alberta 0 armies  → 0 Alaska, 3 Ontario 0 armies\n");
  });

  it("are one text per space, each different; an edge naming no space says so, with the nearest name", () => {
    const errors = (from: string, to: string) => compile(source.replace(from, to), "map.stela").diagnostics.map((d) => `${d.code}: ${d.message}${d.hint ? ` (${d.hint})` : ""}`);
    expect(errors('"Ontario"], edges', '"Ontario", "Quebec"], edges')[0]).toBe('invalid-board: a graph\'s `names` lists one text for each of its 4 spaces, in the order of their numbers: `names: ["Alaska", "Kamchatka", …]`');
    expect(errors('"Alberta", "Ontario"], edges', '"Alberta", "Alaska"], edges')[0]).toBe('invalid-board: two spaces are called "Alaska" (spaces 0 and 3): each name says which space it is');
    expect(errors('["Alberta", "Ontario"]]', '["Alberta", "Ontaro"]]')).toEqual(['invalid-board: the edge `["Alberta", "Ontaro"]` names "Ontaro", which is none of the graph\'s `names` (did you mean `Ontario`?)']);
    expect(readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8")).toContain("names: [");
  });
});
