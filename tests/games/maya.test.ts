import { describe, expect, it } from "vitest";
import { instanceKey, type Match } from "../../interpreter/index.ts";
import { loadGame } from "../support/games.ts";
import { choose, findPiece, moveTo, option, pieces, put, reoffer, scenario, setVar, takeAway, zoneOf } from "../support/scenario.ts";

/**
 * Maya (`games/maya.stela`) against its rulebook (seed 000): the rulebook's
 * examples laid out on the board, the forbidden placements of both actions,
 * cities closed by plantations, the board edge and unused areas, the rack
 * limit, the end and both tiebreaks, and the variants.
 *
 * Spaces are named as players read them: column a-l, row 1-12 from the top.
 * Temple spaces (our reading's map): b2 e3 c4=Tikal b6 | k2 h3=Palenque j5 |
 * e8 b9=Uxmal d11 | i8=Coba k9 h11.
 */

const game = loadGame("maya.stela");
const rules = loadGame("maya-house-rules.stela");

type Crop = "pepper" | "squash" | "potato" | "corn";

/** A match past setup: the areas chosen (2-3 players), the starting player to act. */
function start(players: number, opts: { seed?: number; areas?: string; variant?: string } = {}): Match {
  const base = { players, seed: opts.seed ?? 1 };
  const m = game.start(opts.variant === undefined ? base : { ...base, variant: opts.variant });
  if (players === 2) choose(m, opts.areas ?? "green");
  if (players === 3) choose(m, opts.areas ?? "red"); // the area left out
  return m;
}

/** Whoever decides now, and the next player. */
function seats(m: Match): { me: number; other: number } {
  const me = m.decision!.players[0]!;
  return { me, other: (me + 1) % m.state.players };
}

const rack = (p: number) => instanceKey("rack", true, p);
const supply = (p: number) => instanceKey("supply", true, p);
const zone = (m: Match, key: string) => m.state.zones[key]!;
const score = (m: Match, p: number) => m.playerVar(p, "score") as number;
/** The id of a space in option ids (`land:3,3`), from its name (`d4`). */
const names = scenario(game.start({ players: 2 }));
const sp = (label: string) => names.spaceKey("land", label);

/** A tile of `owner` not yet on the board: from their supply, else from their rack. */
function tile(m: Match, owner: number, crop: Crop, crops: 1 | 2): number {
  const of = (z: string) => (p: { kind: string; owner: number | null; zone: string | null; zoneOwner: number | null; fields: Record<string, unknown> }) =>
    p.kind === "Tile" && p.owner === owner && p.zone === z && p.zoneOwner === owner && p.fields["crop"] === crop && p.fields["crops"] === crops;
  const inSupply = pieces(m).some(of("supply"));
  return findPiece(m, of(inSupply ? "supply" : "rack"));
}

/** Takes every tile of a player's supply out of the game but `keep`. */
function emptySupply(m: Match, p: number, keep = 0): void {
  for (const id of zoneOf(m, "supply", p).slice(keep)) takeAway(m, id);
}

/** Empties a player's rack back into their supply, then gives them these tiles. */
function setRack(m: Match, p: number, tiles: [Crop, 1 | 2][]): void {
  for (const id of zoneOf(m, "rack", p)) moveTo(m, id, "supply", p);
  for (const [crop, crops] of tiles) moveTo(m, tile(m, p, crop, crops), "rack", p);
}

/** Lays a tile of `owner` on the board (as if played earlier; nothing scores, no temple rises). */
function lay(m: Match, owner: number, crop: Crop, crops: 1 | 2, at: string, faceUp = true): number {
  const id = tile(m, owner, crop, crops);
  put(m, id, "land", [at], { faceDown: !faceUp });
  return id;
}

function temple(m: Match, at: string): number {
  const id = findPiece(m, (p) => p.kind === "Temple" && p.zone === "temples");
  put(m, id, "land", [at]);
  return id;
}

function pieceOn(m: Match, at: string): number | undefined {
  return scenario(m).at("land", at).at(-1);
}

const kindOf = (m: Match, id: number | undefined) => (id === undefined ? undefined : pieces(m)[id]!.kind);

/** The reason an option id is refused (it must be refused). */
function refusal(m: Match, id: string): string {
  const r = m.apply(id);
  expect(r.ok, `${id} should be refused`).toBe(false);
  return r.ok ? "" : r.reason;
}

/** Plants tiles one by one (`["1 corn", "d5"]`), then stops when more could be planted. */
function plant(m: Match, ...tiles: [string, string][]): void {
  choose(m, "Plant crops");
  for (const [label, at] of tiles) choose(m, `${label} on ${at}`);
  if (m.decision && m.options().some((o) => o.label === "Done planting")) choose(m, "Done planting");
}

function expand(m: Match, at: string, label?: string): void {
  choose(m, "Expand a city");
  choose(m, at);
  if (label) choose(m, new RegExp(`^${label}$`));
}

// ------------------------------------------------------------------ setup

describe("Maya: setup", () => {
  it("each player has 32 tiles (6 one-crop and 2 two-crop tiles per crop), 5 on a hidden rack", () => {
    const m = start(2);
    for (const p of [0, 1]) {
      expect(zone(m, rack(p))).toHaveLength(5);
      expect(zone(m, supply(p))).toHaveLength(27);
      const mine = pieces(m).filter((q) => q.kind === "Tile" && q.owner === p);
      expect(mine).toHaveLength(32);
      for (const crop of ["pepper", "squash", "potato", "corn"]) {
        expect(mine.filter((q) => q.fields["crop"] === crop && q.fields["crops"] === 1)).toHaveLength(6);
        expect(mine.filter((q) => q.fields["crop"] === crop && q.fields["crops"] === 2)).toHaveLength(2);
      }
    }
    expect(kindOf(m, pieceOn(m, "c4"))).toBe("Temple"); // Tikal
    expect(zone(m, "temples")).toHaveLength(12);
  });

  it("with 2 players the starting player adds one area to blue; with 3, leaves one out; with 4, all are used", () => {
    const two = game.start({ players: 2, seed: 3 });
    expect(two.decision!.prompt).toBe("Choose the area played besides blue");
    // Our reading: the areas in play form one region joined along edges; red touches blue only at a corner.
    expect(two.options().map((o) => o.label)).toEqual(["green", "yellow"]);
    expect(two.apply("red").ok).toBe(false);
    expect(two.decision!.players).toEqual([two.global("start_player")]);
    choose(two, "yellow");
    expect(two.global("areas")).toEqual(["blue", "yellow"]);

    const three = game.start({ players: 3, seed: 3 });
    expect(three.decision!.prompt).toBe("Choose the area left out of play");
    // Any one left out keeps the other three joined (red beside green or yellow); the rulebook's order.
    expect(three.options().map((o) => o.label)).toEqual(["green", "yellow", "red"]);
    choose(three, "green");
    expect(three.global("areas")).toEqual(["blue", "yellow", "red"]);

    const four = game.start({ players: 4, seed: 3 });
    expect(four.decision!.prompt).toBe("Choose an action");
    expect(four.global("areas")).toEqual(["blue", "green", "yellow", "red"]);
  });

  it("a rack is seen by its owner only, a supply by nobody", () => {
    const m = start(2);
    const { me, other } = seats(m);
    const v = m.view(other);
    expect(v.zones.find((z) => z.key === rack(me))!.pieces).toBeUndefined();
    expect(v.zones.find((z) => z.key === rack(me))!.count).toBe(5);
    expect(v.zones.find((z) => z.key === rack(other))!.pieces).toHaveLength(5);
    expect(v.zones.find((z) => z.key === supply(other))!.pieces).toBeUndefined();
  });
});

// ------------------------------------------------------------------ action A

describe("Maya: plant crops", () => {
  it("rulebook example: Red plays 2 tiles with 3 corn and scores 3, not the corn belonging to Black", () => {
    const m = start(2);
    const { me: red, other: black } = seats(m);
    lay(m, black, "corn", 2, "d4");
    setRack(m, red, [["corn", 1], ["corn", 2], ["pepper", 1]]);
    reoffer(m);
    plant(m, ["1 corn", "d5"], ["2 corn", "e5"]);
    expect(score(m, red)).toBe(3);
    expect(score(m, black)).toBe(0);
  });

  it("rulebook example: Red plays 2 corn tiles that grow their own corn group, and scores the whole group: 5", () => {
    const m = start(2);
    const { me: red, other: black } = seats(m);
    lay(m, red, "corn", 2, "d4"); // Red's group of corn
    lay(m, red, "potato", 2, "c3"); // Red's, another crop: not part of the group
    lay(m, black, "corn", 2, "f5"); // Black's corn next to the new tiles: not Red's
    setRack(m, red, [["corn", 1], ["corn", 2]]);
    reoffer(m);
    plant(m, ["1 corn", "d5"], ["2 corn", "e5"]);
    expect(score(m, red)).toBe(5);
  });

  it("rulebook example: tiles of one turn may not create or expand two groups", () => {
    const m = start(2);
    const { me } = seats(m);
    setRack(m, me, [["corn", 1], ["corn", 1], ["pepper", 1]]);
    reoffer(m);
    choose(m, "Plant crops");
    choose(m, "1 corn on b4");
    // d4 touches Tikal but not b4: a second group.
    expect(refusal(m, `1-corn@${sp("d4")}`)).toContain("Tiles played in the same turn must be placed in a continuous group");
    expect(refusal(m, `1-pepper@${sp("b5")}`)).toContain("Tiles played in one turn show the same crop");
    expect(option(m, "1 corn on b5").label).toBe("1 corn on b5");
    expect(m.options().map((o) => o.label)).toEqual(["1 corn on a4", "1 corn on b3", "1 corn on b5", "Done planting"]);
  });

  it("refuses occupied spaces, temple spaces, spaces next to no tile and spaces outside the playing area", () => {
    const m = start(2, { areas: "green" });
    const { me, other } = seats(m);
    lay(m, other, "squash", 1, "b3"); // next to the temple space b2, laid without raising a temple
    lay(m, other, "squash", 1, "c6"); // on the edge of blue, next to yellow (not in play)
    setRack(m, me, [["corn", 1]]);
    reoffer(m);
    choose(m, "Plant crops");
    expect(refusal(m, `1-corn@${sp("c4")}`)).toContain("Tiles can only be played on empty spaces");
    expect(refusal(m, `1-corn@${sp("b2")}`)).toContain("Plantation tiles may not be placed on temple spaces");
    expect(refusal(m, `1-corn@${sp("j1")}`)).toContain("A tile must always be placed adjacent to another tile");
    expect(refusal(m, `1-corn@${sp("c7")}`)).toContain("That space is outside the playing area");
    // Green is in play: a tile may cross from blue into it.
    lay(m, other, "squash", 1, "f1");
    reoffer(m);
    expect(option(m, "1 corn on g1").id).toBe(`1-corn@${sp("g1")}`);
  });

  it("a plantation next to an empty temple space raises a temple there at once", () => {
    const m = start(2);
    const { me } = seats(m);
    setRack(m, me, [["corn", 1], ["corn", 1], ["corn", 1]]);
    reoffer(m);
    choose(m, "Plant crops");
    choose(m, "1 corn on c3");
    expect(pieceOn(m, "b2")).toBeUndefined();
    choose(m, "1 corn on b3");
    expect(kindOf(m, pieceOn(m, "b2"))).toBe("Temple"); // before the turn ends
    expect(zone(m, "temples")).toHaveLength(11);
    expect(m.options().map((o) => o.label)).toEqual(["1 corn on a3", "1 corn on b4", "1 corn on c2", "1 corn on d3", "Done planting"]);
  });

  it("ends without asking when no tile of the turn's crop can be added", () => {
    const m = start(2);
    const { me, other } = seats(m);
    setRack(m, me, [["corn", 1], ["pepper", 1]]);
    reoffer(m);
    choose(m, "Plant crops");
    choose(m, "1 corn on c3");
    expect(m.decision!.players).toEqual([other]);
    expect(m.decision!.prompt).toBe("Choose an action");
    expect(score(m, me)).toBe(1);
  });

  it("cannot be chosen with an empty rack", () => {
    const m = start(2);
    const { me } = seats(m);
    setRack(m, me, []);
    reoffer(m);
    // The only action left is taken without asking, its player told why the other was refused: the space to expand is asked next.
    expect(m.state.messages.at(-1)!.text).toBe(`Player ${me + 1}: Expand a city (only option; Plant crops is not allowed: this must hold: can_plant(p))`);
    expect(m.decision!.prompt).toBe("Expand a city: choose the space");
  });
});

// ------------------------------------------------------------------ action B

describe("Maya: expand a city", () => {
  it("rulebook example A, B, C: not next to the city, joining two cities, next to an empty temple space", () => {
    const m = start(2);
    const { other } = seats(m);
    temple(m, "e3"); // a second city
    lay(m, other, "corn", 1, "d4", false); // Tikal's city: c4 + d4
    lay(m, other, "corn", 1, "c5", false); // Tikal's city: + c5
    reoffer(m);
    choose(m, "Expand a city");
    expect(refusal(m, sp("g2"))).toContain("The tile must be placed adjacent to a temple tile or a face-down tile"); // A
    expect(refusal(m, sp("d3"))).toContain("Two cities can never be connected with each other"); // B: e3 and d4
    expect(refusal(m, sp("b5"))).toContain("It is not allowed to place a face-down tile adjacent to an empty temple space"); // C: b6
    expect(refusal(m, sp("c4"))).toContain("Tiles can only be played on empty spaces");
    const legal = m.options().map((o) => o.label);
    expect(legal).toContain("c3");
    expect(legal).toContain("f3"); // next to the temple e3 only
    expect(legal).not.toContain("d3");
  });

  it("places a rack tile face down, then draws 3, never past 7 on the rack (6 left: 1, 5 left: 2)", () => {
    for (const [before, after] of [
      [7, 7],
      [6, 7],
      [3, 5],
      [1, 3],
    ] as const) {
      const m = start(2);
      const { me } = seats(m);
      const mine: [Crop, 1][] = Array.from({ length: before }, (_, i) => [(["pepper", "squash", "potato", "corn"] as const)[i % 4]!, 1]);
      setRack(m, me, mine);
      reoffer(m);
      const inSupply = zone(m, supply(me)).length;
      expand(m, "c3", "1 pepper");
      expect(zone(m, rack(me)), `${before} on the rack`).toHaveLength(after);
      expect(zone(m, supply(me))).toHaveLength(inSupply - (after - before + 1));
      const fd = pieceOn(m, "c3")!;
      expect(m.state.pieces[fd]!.up).toBe(false);
      expect(pieces(m)[fd]!.fields["crop"]).toBe("pepper");
    }
  });

  it("with an empty rack, places the top of the supply unseen and draws only 2", () => {
    const m = start(2);
    const { me } = seats(m);
    setRack(m, me, []);
    reoffer(m);
    const top = zone(m, supply(me)).at(-1)!;
    const inSupply = zone(m, supply(me)).length;
    choose(m, "Expand a city");
    choose(m, "c3"); // no tile to choose
    expect(pieceOn(m, "c3")).toBe(top);
    expect(m.state.pieces[top]!.up).toBe(false);
    expect(zone(m, rack(me))).toHaveLength(2);
    expect(zone(m, supply(me))).toHaveLength(inSupply - 3);
  });

  it("draws what is left when the supply runs short", () => {
    const m = start(2);
    const { me } = seats(m);
    setRack(m, me, [["corn", 1], ["corn", 1]]);
    emptySupply(m, me, 1);
    reoffer(m);
    expand(m, "c3", "1 corn");
    expect(zone(m, rack(me))).toHaveLength(2);
    expect(zone(m, supply(me))).toHaveLength(0);
  });

  it("the other players see neither the face-down tile nor which rack tile it was", () => {
    const m = start(2);
    const { me, other } = seats(m);
    setRack(m, me, [["corn", 2], ["pepper", 1]]);
    reoffer(m);
    expand(m, "c3", "2 corn");
    const theirs = m.view(other);
    expect(theirs.log.at(-1)!.label).toBe("(a hidden choice)");
    expect(theirs.log.at(-2)!.label).toBe("c3");
    const fd = theirs.boards[0]!.pieces.find((p) => p.cells?.[0] === sp("c3"))!;
    expect(fd.hidden).toBe(true);
    expect(fd.fields).toBeUndefined();
    expect(m.view(me).log.at(-1)!.label).toBe("2 corn");
    expect(m.view(null).log.at(-1)!.label).toBe("(a hidden choice)");
  });
});

// ------------------------------------------------------------------ scoring a city

/**
 * Tikal's city c4 + d4 + d5 (3 tiles), whose 7 neighbours are c3 b4 c5 d3 e4
 * d6 e5; all but c5 filled with these tiles, then `planter` closes it on c5
 * with a 1-crop pepper (which scores 1 for itself).
 */
function cityOfThree(m: Match, planter: number, around: [number, Crop, 1 | 2, string][]): void {
  lay(m, planter, "squash", 1, "d4", false);
  lay(m, planter, "squash", 1, "d5", false);
  for (const [owner, crop, crops, at] of around) lay(m, owner, crop, crops, at);
  setRack(m, planter, [["pepper", 1]]);
  reoffer(m);
  plant(m, ["1 pepper", "c5"]);
}

describe("Maya: scoring a city", () => {
  it("rulebook example: a closed city of 3, Red 5 crops around it scores 12, Blue 4 crops scores 6", () => {
    const m = start(2);
    const { me: red, other: blue } = seats(m);
    cityOfThree(m, red, [
      [red, "corn", 2, "c3"],
      [red, "corn", 1, "b4"],
      [red, "potato", 1, "d6"],
      [blue, "corn", 1, "d3"],
      [blue, "corn", 1, "e4"],
      [blue, "squash", 2, "e5"],
    ]);
    expect(score(m, red)).toBe(1 + 12);
    expect(score(m, blue)).toBe(6);
    expect(m.state.pieces[pieceOn(m, "c4")!]!.st["scored"]).toBe(true);
  });

  it("a tie for first: first and second added and split, rounded up; no second place", () => {
    const m = start(2);
    const { me: red, other: blue } = seats(m);
    cityOfThree(m, red, [
      [red, "corn", 1, "c3"],
      [red, "corn", 1, "b4"],
      [red, "potato", 1, "d6"],
      [blue, "corn", 1, "d3"],
      [blue, "corn", 1, "e4"],
      [blue, "squash", 2, "e5"],
    ]);
    expect(score(m, red)).toBe(1 + 9); // (12 + 6) / 2
    expect(score(m, blue)).toBe(9);
  });

  it("a tie for first rounds up: a city of 2 split between 2 is 5 each", () => {
    const m = start(2);
    const { me: red, other: blue } = seats(m);
    // Tikal + d4: neighbours c3 b4 c5 d3 e4 d5.
    lay(m, blue, "squash", 1, "d4", false);
    lay(m, red, "corn", 1, "c3");
    lay(m, red, "corn", 1, "b4");
    lay(m, blue, "corn", 1, "d3");
    lay(m, blue, "corn", 1, "e4");
    lay(m, blue, "corn", 1, "d5");
    setRack(m, red, [["pepper", 1]]);
    reoffer(m);
    plant(m, ["1 pepper", "c5"]);
    expect(score(m, red)).toBe(1 + 5); // (6 + 3) / 2 = 4.5
    expect(score(m, blue)).toBe(5);
  });

  it("a tie for second (our reading): the tied players split the second place, rounded up", () => {
    const m = start(3);
    const red = seats(m).me;
    const [blue, black] = [(red + 1) % 3, (red + 2) % 3];
    cityOfThree(m, red, [
      [red, "corn", 2, "c3"],
      [red, "corn", 1, "b4"],
      [red, "potato", 1, "d6"],
      [blue, "corn", 1, "d3"],
      [blue, "corn", 1, "e4"],
      [black, "squash", 2, "e5"],
    ]);
    expect(score(m, red)).toBe(1 + 12);
    expect(score(m, blue)).toBe(3);
    expect(score(m, black)).toBe(3);
  });

  it("a player with no crop next to the city takes no place", () => {
    const m = start(2);
    const { me: red, other: blue } = seats(m);
    cityOfThree(m, red, [
      [red, "corn", 2, "c3"],
      [red, "corn", 1, "b4"],
      [red, "potato", 1, "d6"],
      [red, "corn", 1, "d3"],
      [red, "corn", 1, "e4"],
      [red, "squash", 2, "e5"],
    ]);
    expect(score(m, blue)).toBe(0);
    expect(score(m, red)).toBe(1 + 12);
  });

  it("a city against the board edge closes when its other neighbours are planted", () => {
    const m = start(2);
    const { me: red, other: blue } = seats(m);
    temple(m, "b2");
    lay(m, blue, "corn", 1, "b1", false); // city b2 + b1 on the top edge: neighbours a1 c1 a2 c2 b3
    lay(m, blue, "corn", 1, "a1");
    lay(m, blue, "corn", 1, "c1");
    lay(m, blue, "corn", 1, "a2");
    lay(m, blue, "corn", 1, "c2");
    setRack(m, red, [["pepper", 2]]);
    reoffer(m);
    plant(m, ["2 pepper", "b3"]);
    expect(score(m, blue)).toBe(6); // 4 crops, city of 2
    expect(score(m, red)).toBe(2 + 3);
  });

  it("an area out of play closes a city like border tiles; in play, it does not", () => {
    const setUp = (m: Match) => {
      const { me: red, other: blue } = seats(m);
      temple(m, "b6");
      lay(m, blue, "corn", 1, "a6", false); // city b6 + a6: neighbours a5 b5 c6, and a7 b7 in yellow
      lay(m, blue, "corn", 1, "a5");
      lay(m, blue, "corn", 1, "c6");
      setRack(m, red, [["pepper", 1]]);
      reoffer(m);
      plant(m, ["1 pepper", "b5"]);
      return { red, blue, closed: m.state.pieces[pieceOn(m, "b6")!]!.st["scored"] };
    };
    const out = start(2, { areas: "green" });
    const a = setUp(out);
    expect(a.closed).toBe(true);
    expect(score(out, a.blue)).toBe(6);
    expect(score(out, a.red)).toBe(1 + 3);

    const inPlay = start(2, { areas: "yellow" });
    const b = setUp(inPlay);
    expect(b.closed).toBe(false);
    expect(score(inPlay, b.blue)).toBe(0);
    expect(score(inPlay, b.red)).toBe(1);
  });

  it("an open city does not score", () => {
    const m = start(2);
    const { me: red, other: blue } = seats(m);
    lay(m, blue, "corn", 1, "d4", false);
    setRack(m, red, [["pepper", 1]]);
    reoffer(m);
    plant(m, ["1 pepper", "c3"]);
    expect(score(m, red)).toBe(1);
    expect(score(m, blue)).toBe(0);
  });
});

// ------------------------------------------------------------------ the end

describe("Maya: the end and the tiebreaks", () => {
  it("ends at the end of the turn in which a player places their last tile; open cities are not scored", () => {
    const m = start(2);
    const { me, other } = seats(m);
    lay(m, other, "corn", 2, "b4");
    setRack(m, me, [["corn", 1]]);
    emptySupply(m, me);
    reoffer(m);
    plant(m, ["1 corn", "c3"]);
    expect(m.over).toBe(true);
    expect(m.error).toBeNull();
    expect(m.result!.scores[me]).toBe(1);
    expect(m.result!.scores[other]).toBe(0);
  });

  it("ends when the last tile goes face down from the supply", () => {
    const m = start(2);
    const { me } = seats(m);
    setRack(m, me, []);
    emptySupply(m, me, 1);
    reoffer(m);
    expand(m, "c3");
    expect(m.over).toBe(true);
  });

  /** Ends the game with `me` placing their last tile for 1 point; scores and turns set beforehand. */
  function finish(setup: (m: Match, me: number, other: number) => void): { m: Match; me: number; other: number } {
    const m = start(2);
    const { me, other } = seats(m);
    setRack(m, me, [["pepper", 1]]);
    emptySupply(m, me);
    setup(m, me, other);
    reoffer(m);
    plant(m, ["1 pepper", "c3"]);
    expect(m.over).toBe(true);
    return { m, me, other };
  }

  it("a tie on points goes to the player with the most tiles left on rack and supply", () => {
    const { m, me, other } = finish((m, me, other) => {
      setVar(m, me, "score", 9);
      setVar(m, other, "score", 10);
    });
    expect(m.result!.scores).toEqual([10, 10]);
    expect(m.result!.winners).toEqual([other]);
    expect(m.result!.tiebreaks[0]![other]).toBe(32);
    expect(m.result!.tiebreaks[0]![me]).toBe(0);
  });

  it("then to the player who played the fewest turns; still tied, they share the win", () => {
    const noTiles = (m: Match, p: number) => {
      for (const id of [...zoneOf(m, "supply", p), ...zoneOf(m, "rack", p)]) takeAway(m, id);
    };
    const fewer = finish((m, me, other) => {
      noTiles(m, other);
      setVar(m, me, "score", 9);
      setVar(m, other, "score", 10);
      setVar(m, me, "turns", 3); // 4 after this turn
      setVar(m, other, "turns", 5);
    });
    expect(fewer.m.result!.winners).toEqual([fewer.me]);
    expect(fewer.m.result!.tiebreaks[1]![fewer.me]).toBe(4);

    const same = finish((m, me, other) => {
      noTiles(m, other);
      setVar(m, me, "score", 9);
      setVar(m, other, "score", 10);
      setVar(m, me, "turns", 4);
      setVar(m, other, "turns", 5);
    });
    expect(same.m.result!.winners).toEqual([0, 1]);
  });

  it("a player with no legal action passes (our reading); when nobody can act, the game ends", () => {
    const m = start(2);
    const { me, other } = seats(m);
    // Tikal closed in; `other` has nothing on the rack and no city to expand.
    lay(m, me, "corn", 1, "c3");
    lay(m, me, "corn", 1, "b4");
    lay(m, me, "corn", 1, "c5");
    lay(m, me, "corn", 1, "d4");
    setRack(m, other, []);
    setRack(m, me, [["potato", 1]]);
    reoffer(m);
    plant(m, ["1 potato", "a4"]);
    // `other` passed; `me` is to act again but has no tile on the rack and no city to expand either.
    expect(m.state.messages.map((x) => x.text)).toContain(`Player ${other + 1} cannot act and passes`);
    expect(m.state.messages.map((x) => x.text)).toContain(`Player ${me + 1} cannot act and passes`);
    expect(m.over).toBe(true);
    expect(m.playerVar(other, "turns")).toBe(0);
    expect(m.playerVar(me, "turns")).toBe(1);
  });
});

// ------------------------------------------------------------------ variants

describe("Maya: variants", () => {
  it('"A new beginning": the first temple goes on any temple space in play, chosen in setup', () => {
    const m = game.start({ players: 2, seed: 4, variant: "A new beginning" });
    choose(m, "green");
    expect(m.decision!.prompt).toBe("Choose the temple space of the first temple");
    expect(m.options().map((o) => o.label)).toEqual(["b2", "b6", "c4", "e3", "h3", "j5", "k2"]);
    choose(m, "j5");
    expect(kindOf(m, pieceOn(m, "j5"))).toBe("Temple");
    expect(pieceOn(m, "c4")).toBeUndefined();
    expect(m.decision!.prompt).toBe("Choose an action");
  });

  it('"A new beginning" with 2 or 3 players offers only the temple spaces of the joined region in play', () => {
    const two = game.start({ players: 2, seed: 4, variant: "A new beginning" });
    expect(two.options().map((o) => o.label)).toEqual(["green", "yellow"]);
    choose(two, "yellow");
    expect(two.options().map((o) => o.label)).toEqual(["b2", "b6", "b9", "c4", "d11", "e3", "e8"]);
    const three = game.start({ players: 3, seed: 4, variant: "A new beginning" });
    choose(three, "yellow"); // left out: blue, green and red are in play, red joined to blue through green
    expect(three.options().map((o) => o.label)).toEqual(["b2", "b6", "c4", "e3", "h3", "h11", "i8", "j5", "k2", "k9"]);
  });

  it('"Two cities": temples on two of Tikal, Palenque, Uxmal and Coba (those in play), chosen by name', () => {
    const two = game.start({ players: 2, seed: 4, variant: "Two cities" });
    choose(two, "green");
    expect(two.decision!.prompt).toBe("Choose a named temple space for a first temple");
    expect(two.options().map((o) => `${o.id}=${o.label}`)).toEqual(["tikal=Tikal", "palenque=Palenque"]);
    choose(two, "Palenque");
    // Tikal is the only one left: taken without asking.
    expect(two.state.messages.at(-1)!.text).toMatch(/^Player \d: Tikal \(only option\)$/);
    expect(kindOf(two, pieceOn(two, "h3"))).toBe("Temple");
    expect(kindOf(two, pieceOn(two, "c4"))).toBe("Temple");

    const four = game.start({ players: 4, seed: 4, variant: "Two cities" });
    expect(four.options().map((o) => o.label)).toEqual(["Tikal", "Palenque", "Uxmal", "Coba"]);
    choose(four, "Uxmal");
    expect(four.options().map((o) => o.label)).toEqual(["Tikal", "Palenque", "Coba"]);
    choose(four, "Coba");
    expect(zone(four, "temples")).toHaveLength(11);
    expect(pieceOn(four, "c4")).toBeUndefined();
  });

  it('house rule "Open racks" (a separate file extending maya.stela): racks and the face-down choice are public', () => {
    expect(rules.variants).toEqual(["Open racks", "Big racks", "Big cities pay more"]);
    const m = rules.start({ players: 2, seed: 1, variant: "Open racks" });
    choose(m, "green");
    const { me, other } = seats(m);
    expect(m.view(other).zones.find((z) => z.key === rack(me))!.pieces).toHaveLength(5);
    setRack(m, me, [["corn", 2], ["pepper", 1]]);
    reoffer(m);
    expand(m, "c3", "2 corn");
    expect(m.view(other).log.at(-1)!.label).toBe("2 corn");
  });

  it('house rule "Big racks": 6 tiles to start, racks of 9', () => {
    const m = rules.start({ players: 2, seed: 1, variant: "Big racks" });
    choose(m, "green");
    const { me } = seats(m);
    expect(zone(m, rack(me))).toHaveLength(6);
    setRack(m, me, [["corn", 1], ["corn", 1], ["corn", 1], ["corn", 1], ["pepper", 1], ["pepper", 1], ["pepper", 1], ["pepper", 1]]);
    reoffer(m);
    expand(m, "c3", "1 corn");
    expect(zone(m, rack(me))).toHaveLength(9);
  });
});
