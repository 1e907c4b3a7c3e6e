import { describe, expect, it } from "vitest";
import { Match, playRandomly, SavedStateError } from "../../interpreter/index.ts";
import { gameFromSource, loadGame } from "../support/games.ts";

const RULES = `
  game "Counter" { players 2 }
  var total: number = 0
  flow {
    repeat 3 {
      turn players[0] {
        let n = choose n from [1, 2, 3] prompt "Add"
        total += n
      }
    }
  }
  scoring p { points total }
`;

/** A saved state resumes only on the rules it was played under. */
describe("saved states", () => {
  it("resume on the same rules, even with comments and spacing changed", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 3 });
    m.apply("2");
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    const moved = gameFromSource(`// a comment that moves every line\n\n${RULES}`);
    const resumed = Match.fromJSON(moved, saved);
    expect(resumed.apply("3")).toEqual({ ok: true });
    expect(resumed.global("total")).toBe(5);
  });

  it("are refused, with a clear error, on other rules", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 3 });
    m.apply("2");
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    const changed = gameFromSource(RULES.replace("repeat 3", "repeat 4"));
    expect(() => Match.fromJSON(changed, saved)).toThrow(SavedStateError);
    expect(() => Match.fromJSON(changed, saved)).toThrow(/played under other rules than this "Counter".*replay its log instead/);
  });

  it("are refused, with a clear error, when their data nests too deeply to copy", () => {
    const game = gameFromSource(RULES);
    const saved = JSON.parse(JSON.stringify(game.start({ players: 2, seed: 3 }).toJSON()));
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    saved.globals.total = deep;
    expect(() => Match.fromJSON(game, saved)).toThrow(SavedStateError);
    expect(() => Match.fromJSON(game, saved)).toThrow(/nests too deeply/);
  });

  it("are refused when written by another layout version", () => {
    const game = gameFromSource(RULES);
    // Version 4 wrote a space the rules hold as its bare key, which reads back as a text.
    const saved = { ...JSON.parse(JSON.stringify(game.start({ players: 2, seed: 3 }).toJSON())), version: 4 };
    expect(() => Match.fromJSON(game, saved)).toThrow(/layout version 4, expected 6/);
    // Version 5 kept no record of what each player knows (`known`): read now, it would say nothing hidden had moved.
    expect(() => Match.fromJSON(game, { ...saved, version: 5 })).toThrow(/layout version 5, expected 6/);
  });

  // Spaces the rules hold (variables, lists, a pending choice's values, a turn's locals) are the
  // engine's own objects, one per space: saved tagged, and loaded as the spaces of the rules the
  // state resumes on.
  const MARKS = `game "Marks" { players 2 }
kind Stone { }
zone supply per player: Stone
components Stone per player in supply { x4 { } }
board g: grid(3, 3)
var last: space = none
var seen: list of space = []
flow {
  loop {
    for p in players {
      if size(p.supply) == 0 { end game }
      turn p {
        let s = choose s from empty_spaces(g) prompt "Place"
        place top(p.supply) at s
        last = s
        seen += [s]
      }
    }
  }
}
scoring p { points count t in seen where t.x == p.seat }`;

  it("keep the spaces the rules hold, and resume with them as the spaces of the rules they load on", () => {
    const first = gameFromSource(MARKS).start({ players: 2, seed: 6 });
    for (const id of ["g:1,1", "g:0,0", "g:2,0"]) expect(first.apply(id)).toEqual({ ok: true });
    const saved = JSON.parse(JSON.stringify(first.toJSON()));
    expect(saved.globals.last).toEqual({ $space: "g:2,0" });
    expect(saved.globals.seen).toEqual([{ $space: "g:1,1" }, { $space: "g:0,0" }, { $space: "g:2,0" }]);
    const resumed = Match.fromJSON(gameFromSource(MARKS), saved);
    expect(String(resumed.global("last"))).toBe("g:2,0");
    expect(resumed.toJSON()).toEqual(saved);
    // The same space is the same value: a rule comparing them, or listing the empty ones, agrees.
    expect(resumed.options(resumed.decision!.players[0]!).map((o) => o.id)).toEqual(first.options(first.decision!.players[0]!).map((o) => o.id));
    playRandomly(first, 12);
    playRandomly(resumed, 12);
    expect(resumed.toJSON()).toEqual(first.toJSON());
    expect(resumed.result).toEqual(first.result);
  });

  it("are refused, with a clear error, when they hold a space the rules do not have", () => {
    const game = gameFromSource(MARKS);
    const m = game.start({ players: 2, seed: 6 });
    m.applyAt(0);
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    expect(() => Match.fromJSON(game, { ...saved, globals: { ...saved.globals, last: { $space: "g:7,7" } } })).toThrow(/does not fit "Marks": there is no space `g:7,7`/);
    expect(() => Match.fromJSON(game, saved)).not.toThrow();
  });

  // An open grid numbers its cells as they are first asked about, and the engine keeps a board's
  // pieces by those numbers (`CellStacks`): a saved state names cells by key, so it resumes on a
  // copy of the rules whose grid met its cells in another order.
  const SPRAWL = `game "Sprawl" { players 2 }
kind Tile { }
zone supply per player: Tile
components Tile per player in supply { x8 { } }
board field: open_grid()
board row: grid(4, 1)
flow {
  place top(players[0].supply) at space_at(row, 2)
  loop {
    for p in players {
      if size(p.supply) == 0 { end game }
      turn p {
        let s = choose s from spaces(field) prompt "Lay a tile" where empty(s)
        place top(p.supply) at s
      }
    }
  }
}
scoring p { points count t in pieces(field) where t.owner == p }`;

  it("name each board's cells by key, and resume on rules whose open grid numbered its cells in another order", () => {
    const first = gameFromSource(SPRAWL).start({ players: 2, seed: 4 });
    for (let i = 0; i < 5; i++) first.applyAt(i % 2 === 0 ? 0 : first.optionCount(first.decision!.players[0]!) - 1);
    const saved = JSON.parse(JSON.stringify(first.toJSON()));
    expect(Object.keys(saved.cells["row"])).toEqual(["2,0"]);
    expect(saved.cells["row"]["2,0"]).toHaveLength(1);
    const field = Object.keys(saved.cells["field"]);
    // The first tile has one space to go to (an empty open grid's origin): taken without asking, not logged.
    expect(field).toHaveLength(first.log.length + 1);
    for (const cell of field) expect(cell).toMatch(/^-?\d+,-?\d+$/);
    // Another copy of the rules plays a different game first: its grid meets cells in another order.
    const other = gameFromSource(SPRAWL);
    playRandomly(other.start({ players: 2, seed: 99 }), 5);
    const resumed = Match.fromJSON(other, saved);
    expect(resumed.toJSON()).toEqual(saved);
    // Byte for byte too: the cells in the order of their keys, whatever order the process numbered them in.
    expect(JSON.stringify(resumed.toJSON())).toBe(JSON.stringify(first.toJSON()));
    expect(field).toEqual([...field].sort());
    expect(resumed.options(resumed.decision!.players[0]!).map((o) => o.label)).toEqual(first.options(first.decision!.players[0]!).map((o) => o.label));
    playRandomly(first, 11);
    playRandomly(resumed, 11);
    expect(resumed.toJSON()).toEqual(first.toJSON());
    expect(resumed.result).toEqual(first.result);
  });

  it("are refused, with a clear error, when they put pieces on a board or cell the rules do not have", () => {
    const game = gameFromSource(SPRAWL);
    const saved = JSON.parse(JSON.stringify(game.start({ players: 2, seed: 4 }).toJSON()));
    expect(() => Match.fromJSON(game, { ...saved, cells: { ...saved.cells, nowhere: { "0,0": [1] } } })).toThrow(/does not fit "Sprawl": there is no board `nowhere`/);
    expect(() => Match.fromJSON(game, { ...saved, cells: { ...saved.cells, row: { "9,0": [0] } } })).toThrow(/the board `row` has no cell `9,0`/);
    expect(() => Match.fromJSON(game, { ...saved, cells: { ...saved.cells, row: { "2,0": [99] } } })).toThrow(/the cell `2,0` of the board `row` does not hold a list of pieces/);
    expect(() => Match.fromJSON(game, { ...saved, cells: { ...saved.cells, row: saved.cells.row } })).not.toThrow();
  });

  it("are refused, with a clear error, when a field is missing or out of shape, never left to throw a TypeError later", () => {
    const game = loadGame("mayan-city.stela");
    const m = game.start({ players: 3, seed: 42 });
    for (let i = 0; i < 5; i++) m.applyAt(0, m.decision!.players[0]);
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    expect(() => Match.fromJSON(game, JSON.parse(JSON.stringify(saved))).view(null)).not.toThrow();
    const broken: [string, (s: Record<string, unknown>) => void, RegExp][] = [
      ["no generator", (s) => delete s.rng, /it keeps no generator state/],
      ["no frames", (s) => delete s.stack, /it keeps no frames/],
      ["no player variables", (s) => delete s.pvars, /it lacks the players' variables/],
      ["no zones", (s) => delete s.zones, /it keeps no zones/],
      ["no log", (s) => delete s.log, /its log of decisions is not one/],
      ["99 players", (s) => (s.players = 99), /its player count \(99\) is not one/],
      ["players as a text", (s) => (s.players = "3"), /its player count \(3\) is not one/],
      ["a frame past its code", (s) => ((s.stack as { pc: number }[]).at(-1)!.pc = 99999), /a frame of `.*` stands outside its code/],
      ["no pending decision", (s) => (s.pending = null), /waits for a decision, and this one waits for none/],
      ["a piece that is none", (s) => ((s.pieces as unknown[])[3] = null), /its piece 3 is not a piece of these rules/],
      ["a placed piece past the pieces", (s) => (s.placed = { ...(s.placed as object), city: [99999] }), /the board `city` does not hold a list of pieces/],
      ["no variables", (s) => delete s.globals, /it lacks the rules' variables/],
    ];
    for (const [what, edit, message] of broken) {
      const copy = JSON.parse(JSON.stringify(saved));
      edit(copy);
      let thrown: unknown;
      try {
        Match.fromJSON(game, copy);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, what).toBeInstanceOf(SavedStateError);
      expect((thrown as Error).message, what).toMatch(message);
    }
  });

  it("a clone shares nothing a move changes: moving one leaves the other as it was", () => {
    const m = gameFromSource(RULES).start({ players: 2, seed: 3 });
    m.apply("1");
    const before = JSON.stringify(m.toJSON());
    const c = m.clone();
    c.apply("3");
    c.applyAt(0);
    expect(c.global("total")).toBe(5);
    expect(JSON.stringify(m.toJSON())).toBe(before);
    expect(m.log).toHaveLength(1);
  });

  it("a clone shares each board with its original until one of them moves a piece there: moves on either leave the other as it was", () => {
    for (const file of ["maya.stela", "yaxha.stela", "cacao.stela"]) {
      const game = loadGame(file);
      const m = game.start({ players: 3, seed: 5 });
      for (let i = 0; i < 30 && m.decision; i++) m.applyAt(0, m.decision.players[0]);
      const original = JSON.stringify(m.toJSON());
      const c = m.clone();
      const cc = c.clone();
      playRandomly(c, 7);
      expect(c.over, file).toBe(true);
      expect(JSON.stringify(m.toJSON()), file).toBe(original);
      const clone = JSON.stringify(c.toJSON());
      playRandomly(m, 8);
      expect(JSON.stringify(c.toJSON()), file).toBe(clone);
      // The clone of the clone still stands where both were, and plays as the original would have.
      expect(JSON.stringify(cc.toJSON()), file).toBe(original);
      playRandomly(cc, 7);
      expect(JSON.stringify(cc.toJSON()), file).toBe(clone);
    }
  });
});

describe("a state saved before the first chooser was kept", () => {
  it("reads it from its log's first lone decision, so a later decision does not take its place", () => {
    const game = loadGame("mayan-city.stela");
    const m = game.start({ players: 2, seed: 3 });
    m.applyAt(0, m.decision!.players[0]);
    // Saved where the next to decide is another player than the first: the one a late fill-in would name.
    for (let i = 0; i < 20 && m.decision!.players[0] === m.log[0]!.player; i++) m.applyAt(0, m.decision!.players[0]);
    expect(m.decision!.players[0]).not.toBe(m.log[0]!.player);
    const saved = JSON.parse(JSON.stringify(m.toJSON()));
    expect(saved.firstChooser).toBe(m.log[0]!.player);
    delete saved.firstChooser;
    const resumed = Match.fromJSON(game, saved);
    resumed.applyAt(0, resumed.decision!.players[0]);
    expect(resumed.state.firstChooser).toBe(m.log[0]!.player);
  });
});
