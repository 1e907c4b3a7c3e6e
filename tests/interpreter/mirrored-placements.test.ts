import { describe, expect, it } from "vitest";
import { compile, Match, runExamples, type Game } from "../../interpreter/index.ts";

/**
 * `placements(…, mirrored: true)`: a polyomino a player may flip over (a quilt patch, a Blokus
 * piece) is offered each turn of its mirror image too, those covering the same cells as an
 * unmirrored turn once; `.mirrored` and `.rotation` tell how a placement or a placed piece faces,
 * and `sides` values are mirrored with the piece.
 */
function game(source: string): Game {
  const r = compile(source, "mirror.stela");
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return r.game!;
}

/** A 4x4 board and one piece of each form, counted through `count pl in placements(…)`. */
const FORMS = `
game "Forms" { players 1 }
kind Patch { form: shape }
zone bag: Patch
components Patch in bag {
  "L" { form:
    | # .
    | # .
    | # # }
  "S" { form:
    | . # #
    | # # . }
  "T" { form:
    | # # #
    | . # . }
  "Corner" { form:
    | # .
    | # # }
  "Square" { form:
    | # #
    | # # }
}
board quilt: grid(4, 4)
define ways(name: text, both: bool): number = count pl in placements([q for q in bag where q.name == name], quilt, mirrored: both)
define faces(name: text, both: bool): number = size(distinct([pl.rotation + (if pl.mirrored then 4 else 0) for pl in placements([q for q in bag where q.name == name], quilt, mirrored: both)]))
flow { end game }
scoring p { points 0 }
example "Each form's ways on a 4x4 board, unmirrored and mirrored" {
  expect ways("L", false) == 24
  expect ways("L", true) == 48
  expect faces("L", true) == 8
  expect ways("S", false) == 12
  expect ways("S", true) == 24
  expect faces("S", true) == 4
  // A form that is its own mirror image gains nothing: its mirrored ways cover cells an unmirrored one does.
  expect ways("T", true) == ways("T", false)
  expect ways("Corner", true) == ways("Corner", false)
  expect faces("Corner", true) == 4
  expect ways("Square", true) == 9
}
`;

describe("mirrored placements", () => {
  it("are told from the rules (Game.mirrorsPieces): a `mirrored:` that is not `false`, in play, not in an example", () => {
    const rules = (flow: string, example = "") => `game "Flips" { players 1 }
kind Patch { form: shape }
zone bag: Patch
components Patch in bag {
  "L" { form:
    | # .
    | # # }
}
board quilt: grid(4, 4)
flow { ${flow} }
scoring p { points 0 }
${example}`;
    const place = (how: string) => `turn players[0] {
    let pl = choose pl from placements(bag, quilt${how}) prompt "Where?"
    place pl.piece at pl
  }`;
    expect(game(rules(place(", mirrored: true"))).mirrorsPieces()).toBe(true);
    expect(game(rules(place(", mirrored: size(pieces(quilt)) > 99"))).mirrorsPieces()).toBe(true);
    expect(game(rules(place(", mirrored: false"))).mirrorsPieces()).toBe(false);
    expect(game(rules(place(""))).mirrorsPieces()).toBe(false);
    expect(game(rules(place(""), 'example "flipped" {\n  expect size(placements(bag, quilt, mirrored: true)) > 0\n}')).mirrorsPieces()).toBe(false);
  });

  it("offer each turn of a piece's mirror image, those alike an unmirrored turn once", () => {
    const results = runExamples(game(FORMS));
    expect(results.map((x) => [x.title, x.passed, x.failure?.message])).toEqual([["Each form's ways on a 4x4 board, unmirrored and mirrored", true, undefined]]);
  });

  it("put the piece down mirrored: its cells, .mirrored and .rotation say how it faces", () => {
    const g = game(`
game "Flip" { players 1 }
kind Patch { form: shape }
zone bag: Patch
components Patch in bag {
  "L" x2 { form:
    | # .
    | # .
    | # # }
}
board quilt: grid(4, 4)
flow {
  turn players[0] {
    let pl = choose pl from placements(bag, quilt, mirrored: true) where pl.space == space_at(quilt, 1, 0) prompt "Sew a patch"
    place pl.piece at pl
  }
}
scoring p { points 0 }
example "The L mirrored covers the other side of its stem" {
  position {
    let l = top(bag)
    place l at first pl in placements(l, quilt, mirrored: true) where pl.mirrored and pl.rotation == 0 and pl.space == space_at(quilt, 1, 0)
  }
  expect l.mirrored
  expect l.rotation == 0
  expect [c.label for c in l.cells] == ["b1", "b2", "a3", "b3"]
}
example "Turned once after mirroring" {
  position {
    let l = top(bag)
    place l at first pl in placements(l, quilt, mirrored: true) where pl.mirrored and pl.rotation == 1 and pl.space == space_at(quilt, 0, 0)
  }
  expect l.mirrored and l.rotation == 1
  expect [c.label for c in l.cells] == ["a1", "a2", "b2", "c2"]
}
example "A label typed with plain hyphens names the placement its en dashes read" {
  expect offered "L on b1-b2-a3-b3, mirrored"
  choose "L on b1-b2-a3-b3, mirrored"
  expect size(pieces(quilt)) == 1
}
example "Unmirrored as before" {
  position {
    let l = top(bag)
    place l at first pl in placements(l, quilt) where pl.rotation == 0 and pl.space == space_at(quilt, 0, 0)
  }
  expect not l.mirrored and l.rotation == 0
  expect [c.label for c in l.cells] == ["a1", "a2", "a3", "b3"]
}
`);
    const results = runExamples(g);
    expect(results.map((x) => [x.title, x.passed, x.failure?.message])).toEqual([
      ["The L mirrored covers the other side of its stem", true, undefined],
      ["Turned once after mirroring", true, undefined],
      ["A label typed with plain hyphens names the placement its en dashes read", true, undefined],
      ["Unmirrored as before", true, undefined],
    ]);
    // Offered from b1: the L's ways whose first cell is b1, the mirrored ones named so.
    const m = g.start({ players: 1, seed: 1 });
    const labels = m.options().map((o) => o.label);
    expect(labels).toContain("L on b1–b2–a3–b3, mirrored");
    expect(labels).toContain("L on b1–b2–b3–c3");
    const mirrored = m.options().find((o) => o.label === "L on b1–b2–a3–b3, mirrored")!;
    expect(m.view(0).decision?.options?.find((o) => o.id === mirrored.id)).toMatchObject({ rotation: 4, mirrored: true });
    expect(m.apply(mirrored.id).ok).toBe(true);
    const placed = m.view(0).boards[0]!.pieces[0]!;
    expect(placed).toMatchObject({ cells: ["quilt:1,0", "quilt:1,1", "quilt:0,2", "quilt:1,2"], rotation: 4, mirrored: true });
    // A saved match keeps how the piece faces.
    const back = Match.fromJSON(g, JSON.parse(JSON.stringify(m.toJSON())));
    expect(back.view(0).boards[0]!.pieces[0]).toMatchObject({ rotation: 4, mirrored: true });
  });

  it("mirror a piece's sides with it, on a square grid and on a hex grid", () => {
    const g = game(`
game "Sided" { players 1 }
kind Tile { edges: sides }
kind Hex { edges: sides }
zone bag: Tile
zone hexes: Hex
components Tile in bag {
  "Square" { edges: [1, 2, 3, 4] }
}
components Hex in hexes {
  "Hex" { edges: [1, 2, 3, 4, 5, 6] }
}
board ground: grid(3, 3)
board field: hex(3, 3)
flow {
  turn players[0] { let n = choose n from 1..2 prompt "Wait" }
}
scoring p { points 0 }
example "A square tile mirrored swaps its right and left; turned, it goes round" {
  position {
    let t = top(bag)
    let here = space_at(ground, 1, 1)
    let flipped = first pl in placements(t, ground, mirrored: true) where pl.space == here and pl.mirrored and pl.rotation == 0
    let turned = first pl in placements(t, ground, mirrored: true) where pl.space == here and pl.mirrored and pl.rotation == 1
  }
  expect size([pl for pl in placements(t, ground, mirrored: true) where pl.space == here]) == 8
  expect side(flipped, toward: space_at(ground, 1, 0)) == 1
  expect side(flipped, toward: space_at(ground, 2, 1)) == 4
  expect side(flipped, toward: space_at(ground, 0, 1)) == 2
  expect side(turned, toward: space_at(ground, 1, 0)) == 2
  expect side(turned, toward: space_at(ground, 2, 1)) == 1
}
example "A hex tile mirrored reads its sides the other way round" {
  position {
    let h = top(hexes)
    let here = space_at(field, 1, 1)
    let flipped = first pl in placements(h, field, mirrored: true) where pl.space == here and pl.mirrored and pl.rotation == 0
    place h at flipped
  }
  expect size([pl for pl in placements(h, field, mirrored: true) where pl.space == here]) == 12
  expect h.mirrored and h.rotation == 0
  // Upper right (direction 0) now shows what the upper left showed: the sixth value.
  expect h.edges == [6, 5, 4, 3, 2, 1]
  expect side(h, toward: space_at(field, 2, 0)) == 6
  expect side(h, toward: space_at(field, 2, 1)) == 5
}
example "A square tile's four values mirrored on a hex board are mirrored as a square's" {
  position {
    let t = top(bag)
    place t at first pl in placements(t, field, mirrored: true) where pl.space == space_at(field, 0, 0) and pl.mirrored and pl.rotation == 0
  }
  expect t.edges == [1, 4, 3, 2]
}
`);
    const results = runExamples(g);
    expect(results.map((x) => [x.title, x.passed, x.failure?.message])).toEqual([
      ["A square tile mirrored swaps its right and left; turned, it goes round", true, undefined],
      ["A hex tile mirrored reads its sides the other way round", true, undefined],
      ["A square tile's four values mirrored on a hex board are mirrored as a square's", true, undefined],
    ]);
  });

  it("name a sided piece's mirrored ways apart from its turns (option ids)", () => {
    const g = game(`
game "Ids" { players 1 }
kind Tile { edges: sides }
zone bag: Tile
components Tile in bag {
  "Square" { edges: [1, 2, 3, 4] }
}
board ground: grid(1, 1)
flow {
  turn players[0] {
    let pl = choose pl from placements(bag, ground, mirrored: true) prompt "Lay it"
    place pl.piece at pl
  }
}
scoring p { points 0 }
`);
    const ids = g.start({ players: 1, seed: 1 }).options().map((o) => o.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    expect(ids.filter((id) => id.endsWith("/m1"))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith("/r1"))).toHaveLength(1);
  });

  it("add nothing on a board pieces do not turn on", () => {
    const results = runExamples(
      game(`
game "Track" { players 1 }
kind Pawn { form: shape }
zone bag: Pawn
components Pawn in bag {
  "Long" { form: | # # }
}
board road: track(5)
flow { end game }
scoring p { points 0 }
example "The same ways either way" {
  expect count pl in placements(bag, road, mirrored: true) == count pl in placements(bag, road)
  expect no pl in placements(bag, road, mirrored: true): pl.mirrored
}
`),
    );
    expect(results.map((x) => [x.passed, x.failure?.message])).toEqual([[true, undefined]]);
  });
});
