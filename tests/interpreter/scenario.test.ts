import { describe, expect, it } from "vitest";
import { Scenario, ScenarioError } from "../../interpreter/index.ts";
import { gameFromSource, loadGame } from "../support/games.ts";

/**
 * The public scenario API on Maya: a position laid out by the rule file's
 * names (zones, boards, spaces as players read them, variables), options
 * taken by label, offered or refused with the rules' own reason.
 */

const maya = loadGame("maya.stela");

/** A 2-player match past the area choice, with `me` to act and a rack of exactly `tiles`. */
function start(tiles: { crop: string; crops: number }[]): { sc: Scenario; me: number; other: number } {
  const sc = Scenario.start(maya, { players: 2, seed: 1 });
  sc.choose("green");
  const me = sc.match.decision!.players[0]!;
  for (const id of sc.zone("rack", me)) sc.move(id, "supply", me);
  for (const fields of tiles) sc.move(sc.piece({ kind: "Tile", owner: me, zone: "supply", fields }), "rack", me);
  sc.resume();
  return { sc, me, other: 1 - me };
}

describe("Scenario", () => {
  it("lays out pieces by zone and space names and lets the rules ask again", () => {
    const { sc, me } = start([{ crop: "corn", crops: 1 }]);
    expect(sc.zone("rack", me)).toHaveLength(1);
    expect(sc.pieces().filter((p) => p.zone?.name === "rack" && p.zone.owner === me).map((p) => p.label)).toEqual(["1 corn"]);
    expect(sc.at("land", "c4").map((id) => sc.pieces()[id]!.kind)).toEqual(["Temple"]);
    sc.choose("Plant crops");
    expect(sc.options().map((o) => o.label)).toEqual(["1 corn on b4", "1 corn on c3", "1 corn on c5", "1 corn on d4"]);
  });

  it("tells an offered option from a refused one, with the rule's reason", () => {
    const { sc, me, other } = start([{ crop: "corn", crops: 1 }, { crop: "pepper", crops: 1 }]);
    const black = sc.piece({ kind: "Tile", owner: other, zone: "supply", fields: { crop: "squash", crops: 1 } });
    sc.place(black, "land", ["b2"]);
    sc.resume();
    sc.choose("Plant crops");
    expect(sc.check("1 corn on c3")).toEqual({ offered: true });
    expect(sc.check("1 corn on b2")).toEqual({ offered: false, candidate: true, reason: "Tiles can only be played on empty spaces" });
    expect(sc.check("1 corn on j1")).toEqual({
      offered: false,
      candidate: true,
      reason: "A tile must always be placed adjacent to another tile (temple or plantation tile)",
    });
    expect(() => sc.choose("1 corn on b2")).toThrow(new ScenarioError('"1 corn on b2" is refused: Tiles can only be played on empty spaces'));
    sc.choose("1 pepper on c3");
    expect(sc.playerVar(me, "score")).toBe(1);
  });

  it("sets variables within their bounds and reads the result as if the game ended now", () => {
    const { sc, me, other } = start([{ crop: "corn", crops: 1 }]);
    sc.setPlayerVar(me, "score", 9);
    sc.setPlayerVar(other, "score", 4);
    expect(sc.result().scores[me]).toBe(9);
    expect(sc.result().winners).toEqual([me]);
  });

  it("calls a define with a space as the rules hold it, or its key", () => {
    const { sc } = start([]);
    // Green was chosen (\`start\`): blue's c4 and green's l1 are in play, the unused areas' l12 and g7 are not.
    expect(["c4", "l1", "l12", "g7"].map((label) => sc.call("in_play", sc.space("land", label)))).toEqual([true, true, false, false]);
    expect(sc.space("land", "c4")).toBe(sc.space("land", "c4"));
    expect(String(sc.space("land", "c4"))).toBe(sc.spaceKey("land", "c4"));
    expect(sc.call("in_play", sc.spaceKey("land", "l12"))).toBe(false);
    expect(() => sc.call("in_play", "land:99,99")).toThrow("`s` holds a space, and `land:99,99` is not one");
  });

  it("sets a space variable from a space or its key, as the rules hold it", () => {
    const game = gameFromSource(`game "Mark" { players 2 }
board g: grid(3, 3)
var last: space = none
var seen: list of space = []
var homes: per player space
define near(a: space, b: list of space): bool = a in b
flow { turn players[0] { let s = choose s from spaces(g) prompt "Pick" where s != last and not (s in seen) and s != homes[players[1]] } }
scoring p { points 0 }`);
    const sc = Scenario.start(game, { players: 2, seed: 1 });
    sc.setGlobal("last", "g:1,1");
    sc.setGlobal("seen", ["g:0,0", sc.space("g", "c1")]);
    sc.setGlobal("homes", ["g:0,1", "g:2,2"]);
    sc.resume();
    expect(sc.global("last")).toBe(sc.space("g", "b2"));
    // The rules compare them with the spaces they hold: four fewer spaces to pick.
    expect(sc.options()).toHaveLength(5);
    // A define's space arguments may be keys too.
    expect(sc.call("near", "g:2,2", ["g:0,0", "g:2,2"])).toBe(true);
    expect(() => sc.setGlobal("last", "g:5,5")).toThrow("`last` holds a space, and `g:5,5` is not one");
  });

  it("names what does not exist, with what does", () => {
    const { sc } = start([]);
    expect(() => sc.zone("racks", 0)).toThrow("there is no zone `racks` (there is: `supply`, `rack`, `temples`)");
    expect(() => sc.zone("rack")).toThrow("`rack` is a zone per player: say whose");
    expect(() => sc.spaceKey("land", "m1")).toThrow("`m1` is not a space of `land`");
    expect(() => sc.setPlayerVar(0, "points", 1)).toThrow("there is no player variable `points`");
    expect(() => sc.piece({ kind: "Tile", fields: { crop: "cacao" } })).toThrow('no piece is a Tile with crop "cacao"');
    // With an empty rack the only action, "Expand a city", is taken without asking: the space is asked next.
    expect(() => sc.choose("Dance")).toThrow(/has no option "Dance" \(prompt: Expand a city: choose the space; options: "b4", "c3", "c5", "d4"\)/);
  });
});
