import { describe, expect, it } from "vitest";
import { exampleText, localName, pieceExpr, placeExpr, textLiteral, wordsOf } from "../../editor/src/playtest/position-edit.ts";
import { cannotSetUp, openingOf, previewPosition } from "../../editor/src/playtest/position-preview.ts";
import { PlaytestSession } from "../../editor/src/playtest/playtest-session.ts";
import { compile, runExamples } from "../../interpreter/index.ts";
import { readGame } from "../support/games.ts";

/** The position editor: changes made on screen become an example's `position` block that replays them. */
describe("position editor", () => {
  const source = readGame("mayan-city.stela");
  const rules = { source, file: "games/mayan-city.stela" };
  const seats = { persons: [0, 1], viewAs: "auto" as const };

  /**
   * Mayan City after the card picks (seed 1, first card each time): four are asked, the last
   * two are each player's only option and taken without asking; Player 2 must place a piece.
   */
  function afterPicks(): PlaytestSession {
    const s = new PlaytestSession(compile(source, rules.file).game!, { players: 2, seed: 1 });
    s.persons = new Set([0, 1]);
    for (let i = 0; i < 4; i++) {
      const p = s.current.decision!.players[0]!;
      expect(s.apply(p, s.current.options(p)[0]!.id).ok).toBe(true);
    }
    return s;
  }

  it("will not open while a secret choice is half answered, and says so before anything is moved", () => {
    // Yaxha's first card choice: each player picks in secret. A bot's answer came at once; the
    // position editor then took a move and refused it ("cannot lay out a position while …").
    const yaxha = readGame("yaxha.stela");
    const s = new PlaytestSession(compile(yaxha, "games/yaxha.stela").game!, { players: 3, seed: 1 });
    s.persons = new Set([0, 1, 2]);
    expect(s.current.state.pending?.kind).toBe("secret");
    expect(cannotSetUp(s)).toBeUndefined();
    expect(s.apply(0, s.current.options(0)[0]!.id).ok).toBe(true);
    expect(cannotSetUp(s)).toMatch(/^A secret choice is half answered here \(some players gave theirs\).*Undo to before it \(bots answer at once: make every seat a person and Restart\), then set up the position\.$/);
  });

  it("names places and texts as the rules write them", () => {
    expect([placeExpr("city"), placeExpr("picked#1"), placeExpr("display[2]")]).toEqual(["city", "players[1].picked", "display[2]"]);
    expect(textLiteral('a "b" {c}')).toBe('"a \\"b\\" \\{c\\}"');
  });

  it("moves a piece onto the board, turned, sets a variable, and the example replays it in `stela test`", () => {
    const s = afterPicks();
    const opening = openingOf(s);
    expect(opening.decisions.map((d) => d.label)).toEqual(["Palace", "Plaza", "Pyramid", "Reservoir"]);
    const plaza = s.snapshot().view.zones.find((z) => z.key === "picked#1")!.pieces!.find((p) => p.name === "Plaza")!.id!;
    expect(pieceExpr(s.snapshot().view, plaza)).toBe('first q in players[1].picked where q.name == "Plaza"');

    const title = "Plaza laid out";
    const one = previewPosition(rules, opening, { title, statements: [], edit: { kind: "move", piece: plaza, to: { space: "city:3,3", rotation: 1 } } }, seats);
    expect(one.error).toBeUndefined();
    // The piece is named once, by a `let` (the rules use the word `plaza`, so the local is `plaza_2`).
    expect(one.statements).toEqual(['let plaza_2 = first q in players[1].picked where q.name == "Plaza"\nplace plaza_2 at first pl in placements(plaza_2, city) where pl.space == space_named(city, "d4") and pl.rotation == 1']);
    const onBoard = one.snapshot!.view.boards.find((b) => b.key === "city")!.pieces.find((p) => p.id === plaza)!;
    expect(onBoard.cells).toEqual(["city:3,3", "city:3,4"]);
    // Now the piece on the board is named by its space.
    expect(pieceExpr(one.snapshot!.view, plaza)).toBe(`piece_at(space_named(city, "d4"))`);

    const two = previewPosition(rules, opening, { title, statements: one.statements, edit: { kind: "set", seat: 0, name: "score", value: 7 } }, seats);
    expect(two.error).toBeUndefined();
    expect(two.statements.at(-1)).toBe("players[0].score = 7");
    expect(two.snapshot!.view.players[0]!.vars.score).toBe(7);
    // The example's own decisions are its opening: the designer's log starts empty, Player 1 decides next.
    expect(two.snapshot!.log).toEqual([]);
    expect(two.snapshot!.settings.example).toBe(title);

    // Saved into the rules, it is one more passing example.
    const saved = compile(`${source}\n\n${two.example}\n`, rules.file).game!;
    const results = runExamples(saved);
    expect(results.map((r) => [r.title, r.passed])).toContainEqual([title, true]);
    expect(two.example).toBe(
      [
        "// Set up in the editor's position editor.",
        `example "${title}" {`,
        "  players 2",
        "  seed 1",
        ...opening.decisions.map((d) => `  choose "${d.label}"`),
        "  position {",
        // The two-line statement (a `let`, then the `place`) is indented line by line.
        ...two.statements.flatMap((x) => x.split("\n")).map((x) => `    ${x}`),
        "  }",
        "  // expect …: what the rules must give from here",
        "}",
      ].join("\n"),
    );
  });

  it("refuses a change the rules cannot do, and keeps the position as it was", () => {
    const s = afterPicks();
    const opening = openingOf(s);
    const plaza = s.snapshot().view.zones.find((z) => z.key === "picked#1")!.pieces!.find((p) => p.name === "Plaza")!.id!;
    // Turned upright on the bottom row, the Plaza would stick out of the board.
    const r = previewPosition(rules, opening, { title: "Off the board", statements: [], edit: { kind: "move", piece: plaza, to: { space: "city:3,7", rotation: 1 } } }, seats);
    expect(r.statements).toEqual([]);
    expect(r.error).toMatch(/^let plaza_2 = .*\nplace plaza_2 at first pl in placements.*: the position failed: there is nowhere to place it/);
    expect(r.snapshot!.view.zones.find((z) => z.key === "picked#1")!.pieces!.some((p) => p.id === plaza)).toBe(true);
    // A title the rules already use for an example.
    const taken = previewPosition(rules, opening, { title: "Zone bonus: finishing Zone 2 gives +4", statements: [] }, seats);
    expect(taken.error).toMatch(/^there are two examples called "Zone bonus: finishing Zone 2 gives \+4" \(in the example, line \d+\)$/);
  });

  it("writes a secret choice with the player who took it", () => {
    expect(exampleText("t", { players: 3, seed: 2, variant: "V", decisions: [{ player: 2, label: "card 1", secret: true }] }, [])).toBe(
      ['// Set up in the editor\'s position editor.', 'example "t" {', "  players 3", "  seed 2", '  variant "V"', '  choose "card 1" by players[2]', "  // expect …: what the rules must give from here", "}"].join("\n"),
    );
  });
});

/** Setting up shows what no player may look into, so a piece can be taken out of it. */
describe("position editor: hidden zones", () => {
  const source = readGame("maya.stela");
  const rules = { source, file: "games/maya.stela" };

  it("shows a supply nobody may look into, and moves a tile out of it into a rack", () => {
    const s = new PlaytestSession(compile(source, rules.file).game!, { players: 2, seed: 3 });
    s.persons = new Set([0, 1]);
    const opening = openingOf(s);
    const seats = { persons: [0, 1], viewAs: 0 as const };
    // In play, Player 1 sees their own supply as a count only.
    expect(s.snapshot().view.zones.find((z) => z.key === "supply#0")!.pieces).toBeUndefined();
    const start = previewPosition(rules, opening, { title: "From the supply", statements: [] }, seats);
    expect(start.error).toBeUndefined();
    const supply = start.snapshot!.view.zones.find((z) => z.key === "supply#0")!;
    expect(start.snapshot!.setup).toBe(true);
    expect(start.snapshot!.revealed).toContain("supply#0");
    expect(start.snapshot!.revealed).not.toContain("rack#0");
    const tile = supply.pieces!.at(-1)!;
    expect(tile.id).toBeTypeOf("number");
    const rackBefore = start.snapshot!.view.zones.find((z) => z.key === "rack#0")!;
    const alike = (z: typeof rackBefore) => z.pieces!.filter((p) => JSON.stringify(p.fields) === JSON.stringify(tile.fields)).length;
    const moved = previewPosition(rules, opening, { title: "From the supply", statements: [], edit: { kind: "move", piece: tile.id!, to: { zone: "rack#0" } } }, seats);
    expect(moved.error).toBeUndefined();
    expect(moved.statements).toHaveLength(1);
    // Named by the fields that tell it from the other tiles (a place in a shuffled supply would not read).
    const crop = tile.fields!.crop as string;
    expect(moved.statements[0]).toBe(`move first q in players[0].supply where q.name == "Tile" and q.crop == ${crop} and q.crops == ${tile.fields!.crops} to players[0].rack`);
    const rack = moved.snapshot!.view.zones.find((z) => z.key === "rack#0")!;
    expect(rack.count).toBe(rackBefore.count + 1);
    // A tile alike (any one is the same position): one more of them in the rack.
    expect(alike(rack)).toBe(alike(rackBefore) + 1);
    // Saved, the example replays it.
    const saved = compile(`${source}\n\n${moved.example}\n`, rules.file).game!;
    expect(runExamples(saved).map((r) => [r.title, r.passed])).toContainEqual(["From the supply", true]);
  });
});

/** A piece among others alike but for their owner is named with its owner (it moved another player's worker). */
describe("position editor: pieces alike but for their owner", () => {
  const source = `game "Owners" { players 2 }
per player { score: number = 0 }
kind Worker { strength: number }
zone pool: Worker public
zone home per player: Worker public
components Worker per player in home { x2 { strength: 1 } }
flow {
  for p in players {
    move first w in p.home to pool
  }
  for p in players {
    turn p {
      let n = choose n from 1..3 prompt "Score"
      p.score += n
    }
  }
}
scoring p { points p.score + size([w for w in p.home where w.owner == p]) }
`;
  const rules = { source, file: "owners.stela" };

  it("names the clicked player's piece, not the first alike in fields", () => {
    const s = new PlaytestSession(compile(source, rules.file).game!, { players: 2, seed: 1 });
    s.persons = new Set([0, 1]);
    const opening = openingOf(s);
    const seats = { persons: [0, 1], viewAs: 0 as const };
    const start = previewPosition(rules, opening, { title: "T", statements: [] }, seats);
    const second = start.snapshot!.view.zones.find((z) => z.key === "pool")!.pieces!.find((p) => p.owner === 1)!;
    const moved = previewPosition(rules, opening, { title: "T", statements: [], edit: { kind: "move", piece: second.id!, to: { zone: "home#0" } } }, seats);
    expect(moved.statements).toEqual(['move first q in pool where q.name == "Worker" and q.owner == players[1] to players[0].home']);
    expect(moved.snapshot!.view.zones.find((z) => z.key === "home#0")!.pieces!.map((p) => p.owner)).toEqual([0, 1]);
  });
});

/** A game that flips its pieces: the position editor puts a piece down mirrored, as `placements(…, mirrored: true)` does. */
describe("position editor: mirrored pieces", () => {
  const quilt = (mirrored: boolean) => `game "Quilt" { players 1 }
kind Patch { form: shape }
zone bag: Patch
components Patch in bag {
  "L" { form:
    | # .
    | # .
    | # # }
  "Bar" { form:
    | # # }
}
board quilt: grid(4, 4)
flow {
  turn players[0] {
    let pl = choose pl from placements(bag, quilt${mirrored ? ", mirrored: true" : ""}) prompt "Where?"
    place pl.piece at pl
  }
}
scoring p { points 0 }
`;
  const seats = { persons: [0], viewAs: "auto" as const };

  it("puts a piece down mirrored and turned; the example replays it; a game that never flips says so", () => {
    const rules = { source: quilt(true), file: "quilt.stela" };
    const s = new PlaytestSession(compile(rules.source, rules.file).game!, { players: 1, seed: 1 });
    const plain = new PlaytestSession(compile(quilt(false), rules.file).game!, { players: 1, seed: 1 });
    const l = s.snapshot().view.zones.find((z) => z.key === "bag")!.pieces![0]!.id!;
    // The ways R steps through while setting up: the L's four turns and four mirror images, the
    // bar's two turns only (its mirror image and its other turns are the same ways).
    const bar = s.snapshot().view.zones.find((z) => z.key === "bag")!.pieces![1]!.id!;
    expect(s.snapshot({ setup: true }).facings).toEqual({ [l]: { quilt: [0, 1, 2, 3, 4, 5, 6, 7] }, [bar]: { quilt: [0, 1] } });
    expect(plain.snapshot({ setup: true }).facings![l]).toEqual({ quilt: [0, 1, 2, 3] });
    expect(s.snapshot().facings).toBeUndefined();
    const opening = openingOf(s);
    const as = (mirrored: boolean) => previewPosition(rules, opening, { title: "Flipped", statements: [], edit: { kind: "move", piece: l, to: { space: "quilt:1,0", rotation: 0, ...(mirrored ? { mirrored } : {}) } } }, seats);
    const printed = as(false);
    const flipped = as(true);
    expect(flipped.error).toBeUndefined();
    expect(flipped.statements).toEqual(['let l = first q in bag where q.name == "L"\nplace l at first pl in placements(l, quilt, mirrored: true) where pl.space == space_named(quilt, "b1") and pl.mirrored and pl.rotation == 0']);
    const cells = (r: typeof printed) => [...r.snapshot!.view.boards[0]!.pieces.find((p) => p.id === l)!.cells!].sort();
    // As printed its foot points right (x 1–2 on the bottom row); mirrored, left (x 0–1), from the same column.
    expect(cells(printed)).toEqual(["quilt:1,0", "quilt:1,1", "quilt:1,2", "quilt:2,2"]);
    expect(cells(flipped)).toEqual(["quilt:0,2", "quilt:1,0", "quilt:1,1", "quilt:1,2"]);
    const saved = compile(`${rules.source}\n\n${flipped.example}\n`, rules.file).game!;
    expect(runExamples(saved).map((r) => [r.title, r.passed])).toContainEqual(["Flipped", true]);
  });
});

/**
 * A game where a player with no buttons can only pass: setting Player 1's buttons to 0 left the
 * pending choice one option, the rules passed for them, and the position shown (and saved) was
 * the one after that pass.
 */
describe("position editor: a position that leaves one option", () => {
  const source = `game "Buttons" { players 2 }
per player {
  buttons: number = 5
  ahead: player
}
var on_top: player
flow {
  on_top = players[0]
  loop {
    for p in players {
      turn p {
        choose {
          option "Buy" when p.buttons > 0 { p.buttons -= 1 }
          option "Pass" { p.buttons += 1 }
        }
        p.ahead = p
      }
    }
    if all q in players: q.buttons > 20 { end game }
  }
}
scoring p { points p.buttons }
`;
  const rules = { source, file: "buttons.stela" };
  const seats = { persons: [0, 1], viewAs: "auto" as const };
  function opened() {
    const s = new PlaytestSession(compile(source, rules.file).game!, { players: 2, seed: 1 });
    s.persons = new Set([0, 1]);
    return openingOf(s);
  }

  it("stands at the position laid out: the one option left is asked, not taken, and the saved example stops there", () => {
    const opening = opened();
    const r = previewPosition(rules, opening, { title: "No buttons", statements: [], edit: { kind: "set", seat: 0, name: "buttons", value: 0 } }, seats);
    expect(r.error).toBeUndefined();
    expect(r.statements).toEqual(["players[0].buttons = 0"]);
    // Player 1 has 0 buttons and is asked, with Pass as the only option; nobody passed.
    expect(r.snapshot!.view.players.map((p) => p.vars.buttons)).toEqual([0, 5]);
    expect(r.snapshot!.owing).toEqual([0]);
    expect(r.snapshot!.view.decision!.options!.map((o) => o.label)).toEqual(["Pass"]);
    expect(r.snapshot!.view.messages.filter((m) => m.forced)).toEqual([]);
    expect(r.asks).toBe('Player 1 has one option left, "Pass": the example stops there and asks it (`ask always`), rather than let the rules take it.');
    expect(r.example).toContain("\n  ask always\n  position {\n    players[0].buttons = 0\n  }\n");
    // Saved, it passes, and an `expect` after it reads the position laid out.
    const saved = compile(`${source}\n\n${r.example.replace("  // expect …", "  expect players[0].buttons == 0\n  choose \"Pass\"\n  expect players[0].buttons == 1\n  // expect …")}\n`, rules.file).game!;
    expect(runExamples(saved).map((x) => [x.title, x.passed, x.failure?.message])).toContainEqual(["No buttons", true, undefined]);
    // A change that leaves two options writes no `ask always`.
    const plain = previewPosition(rules, opening, { title: "Two buttons", statements: [], edit: { kind: "set", seat: 0, name: "buttons", value: 2 } }, seats);
    expect(plain.asks).toBeUndefined();
    expect(plain.example).not.toContain("ask always");
  });

  it("takes the opening's choices taken without asking as steps of their own when it asks every choice", () => {
    expect(
      exampleText("t", { players: 2, seed: 1, decisions: [{ player: 0, label: "A" }], forced: [{ player: 1, label: "B", at: 1 }, { player: 0, label: "C", at: 0 }] }, ["x = 1"], true),
    ).toContain('  ask always\n  choose "C" by players[0]\n  choose "A"\n  choose "B" by players[1]\n  position {');
  });

  it("sets a player variable to a seat or none, and refuses a seat the game does not have, saying so", () => {
    const opening = opened();
    const start = previewPosition(rules, opening, { title: "Seats", statements: [] }, seats);
    expect(start.varKinds).toEqual({ globals: { on_top: "player" }, players: { buttons: "number", ahead: "player" } });
    const two = previewPosition(rules, opening, { title: "Seats", statements: [], edit: { kind: "set", seat: null, name: "on_top", value: 1, player: true } }, seats);
    expect(two.statements).toEqual(["on_top = players[1]"]);
    expect(two.snapshot!.view.globals.on_top).toBe(1);
    const none = previewPosition(rules, opening, { title: "Seats", statements: two.statements, edit: { kind: "set", seat: 1, name: "ahead", value: null, player: true } }, seats);
    expect(none.statements).toEqual(["on_top = players[1]", "players[1].ahead = none"]);
    const four = previewPosition(rules, opening, { title: "Seats", statements: two.statements, edit: { kind: "set", seat: null, name: "on_top", value: 3, player: true } }, seats);
    expect(four.statements).toEqual(["on_top = players[1]"]);
    expect(four.error).toBe("There is no Player 4 in this game of 2.");
  });

  it("names a `let` with none of the words the rules or the statements use", () => {
    expect(localName("O4", new Set())).toBe("o4");
    expect(localName("O4", new Set(["o4", "o4_2"]))).toBe("o4_3");
    expect(localName("4 x", new Set())).toBe("piece_4_x");
    expect(localName(undefined, new Set())).toBe("piece");
    // Never a word of the language (a piece named "Map" gave `let map = …`, which does not read),
    // nor `pl`, which the statement binds itself.
    expect(localName("Map", wordsOf("game \"G\" { players 2 }"))).toBe("map_2");
    expect(localName("Event", wordsOf(""))).toBe("event_2");
    expect(localName("PL", wordsOf(""))).toBe("pl_2");
  });
});
