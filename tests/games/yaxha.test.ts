import { describe, expect, it } from "vitest";
import type { Value } from "../../dsl/ir.ts";
import { playRandomly } from "../../interpreter/bots/random-bot.ts";
import { cellCoords, cellKey, instanceKey, numberedKey, spaceCell, type Match } from "../../interpreter/index.ts";
import { loadGame } from "../support/games.ts";
import { choose, moveTo, pieces, put, scenario, zoneOf } from "../support/scenario.ts";

/** The prompt of the secret market choice, which the log keeps with each choice. */
const MARKET_PROMPT = "Choose the Market tile whose cubes you want";

/**
 * Yaxha (games/yaxha.stela): the seed's four tie examples, placement on each level,
 * visibility, groups, the scoring table, a complete pyramid scored end to end, all 18 bonus
 * cards, and the secrecy of the simultaneous card choice. Positions are laid out by hand
 * (as a rulebook example is laid out on the table), then the rules take over.
 */

const game = loadGame("yaxha.stela");
// The rulebook's players, in seat order.
const [A, B, C, D] = [0, 1, 2, 3] as const;

type Colour = "orange" | "yellow" | "blue" | "green" | "white";
const COLOUR: Record<string, Colour> = { O: "orange", Y: "yellow", B: "blue", G: "green", W: "white" };

/** A match at the start of round 1: every player owes the secret card choice. */
function start(players: number, turnOrder?: number[], variant?: string): Match {
  const m = game.start(variant ? { players, seed: 7, variant } : { players, seed: 7 });
  if (turnOrder) {
    // Each player's Turn Order tile, as dealt in the test.
    const tiles = pieces(m).filter((q) => q.kind === "TurnOrderTile");
    for (const q of tiles) if (q.zone === "turn_order_tile") moveTo(m, q.id, "turn_order_box");
    turnOrder.forEach((t, p) => moveTo(m, tiles.find((q) => q.fields["number"] === t)!.id, "turn_order_tile", p));
  }
  return m;
}

/** Calls a `define` of the rule file, on the match as it stands. */
function call(m: Match, name: string, ...args: Value[]): Value {
  return scenario(m).call(name, ...args);
}

/** A cube of a colour not yet collected: from the bag, else from a Market tile. */
function cubeFromBag(m: Match, colour: Colour): number {
  const free = pieces(m).filter((p) => p.kind === "Cube" && p.fields["colour"] === colour);
  const found = free.find((p) => p.zone === "cloth_bag") ?? free.find((p) => p.zone === "market_tile");
  if (!found) throw new Error(`no ${colour} cube left`);
  return found.id;
}

/**
 * Lays out cubes in a player's pyramid: one drawing per level, rows from the top, each letter
 * a colour (`.` for none), the top-left letter at column `x0`, row `y0` (default: the middle
 * of the area, where the first cube goes). Level n's drawing is one smaller, as built.
 */
function build(m: Match, p: number, levels: string[][], x0 = 3, y0 = 3): number[] {
  const ids: number[] = [];
  levels.forEach((rows, z) =>
    rows.forEach((row, dy) =>
      [...row.replace(/\s/g, "")].forEach((ch, dx) => {
        if (ch === ".") return;
        const id = cubeFromBag(m, COLOUR[ch]!);
        put(m, id, "pyramid", [`(${x0 + dx},${y0 + dy},${z})`], { owner: p });
        ids.push(id);
      }),
    ),
  );
  return ids;
}

/** The cube at a position of a player's pyramid. */
function cubeAt(m: Match, p: number, x: number, y: number, z: number): number {
  const stack = m.toJSON().cells[instanceKey("pyramid", true, p)]?.[cellKey(x, y, z)];
  if (!stack?.length) throw new Error(`no cube at ${x},${y},${z}`);
  return stack[0]!;
}

/** Replaces the cubes on a Market tile (1-based) with cubes of the given colours. */
function setMarket(m: Match, tile: number, colours: Colour[]): number[] {
  for (const id of zoneOf(m, "market_tile", tile - 1)) moveTo(m, id, "cloth_bag");
  return colours.map((c) => {
    const id = cubeFromBag(m, c);
    moveTo(m, id, "market_tile", tile - 1);
    return id;
  });
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const collected = (m: Match, p: number) => sorted(m.state.zones[instanceKey("collected", true, p)]!);
/** The number on each player's Turn Order tile. */
const turnOrders = (m: Match) => m.state.pvars.map((_, p) => pieces(m).find((q) => q.zone === "turn_order_tile" && q.zoneOwner === p)!.fields["number"]);
const tileCubes = (m: Match) => [1, 2, 3, 4].map((t) => sorted(m.state.zones[numberedKey("market_tile", t - 1)] ?? []));

/** `p` takes their first option (for a player the test does not watch). */
function chooseFirst(m: Match, p: number): void {
  const r = m.apply(m.options(p)[0]!.id, p);
  if (!r.ok) throw new Error(r.reason);
}

/** A drawing with its colours swapped (`{ O: "G" }`). */
function recolour(levels: string[][], swap: Record<string, string>): string[][] {
  return levels.map((rows) => rows.map((row) => [...row].map((ch) => swap[ch] ?? ch).join("")));
}

/** Every player plays a card (`tiles[p]`), in seat order. */
function playCards(m: Match, tiles: number[]): void {
  tiles.forEach((t, p) => choose(m, `card of market tile ${t}`, p));
}

/** The messages the rules logged about taking cubes, in order. */
function takings(m: Match): string[] {
  return m.state.messages.map((x) => x.text).filter((t) => t.includes("takes the cubes"));
}

/** Ends the match now, as if the last round were over, and scores it. */
function finish(m: Match): void {
  scenario(m).end();
}

/** Shows exactly these bonus cards. */
function showBonus(m: Match, cards: number[]): void {
  for (const id of zoneOf(m, "bonus_cards")) moveTo(m, id, "bonus_deck");
  for (const id of cards) moveTo(m, id, "bonus_cards");
}

function bonusCard(m: Match, goal: string, colour: Colour | null = null): number {
  const found = pieces(m).find((p) => p.kind === "Bonus" && p.fields["goal"] === goal && p.fields["colour"] === colour);
  if (!found) throw new Error(`no bonus card ${goal} ${colour}`);
  return found.id;
}

/** Each player's points for one bonus card. */
function bonusPoints(m: Match, card: number): number[] {
  return m.state.pvars.map((_, p) => call(m, "bonus_points", p, card) as number);
}

// ------------------------------------------------------------------ collecting cubes

describe("collecting cubes: the seed's four examples", () => {
  // In every example B has Turn Order tile 1, A 2, C 3 and D 4 ("B takes their cubes first,
  // followed by A, C and then D").
  const ORDER = [2, 1, 3, 4];

  it("the choice is one decision all four players owe at once", () => {
    const m = start(4, ORDER);
    expect(m.decision).toMatchObject({ players: [A, B, C, D], simultaneous: true });
    for (const p of [A, B, C, D]) {
      expect(m.options(p).map((o) => o.label)).toEqual([1, 2, 3, 4].map((t) => `card of market tile ${t}`));
    }
    choose(m, "card of market tile 2", C);
    expect(m.decision).toMatchObject({ players: [A, B, D], simultaneous: true });
    expect(m.options(C)).toEqual([]);
    expect(m.apply(m.options(A)[0]!.id, C)).toMatchObject({ ok: false, code: "not-your-turn" });
  });

  it("Example 1: all different; each takes their tile's cubes, B first, then A, C, D; no swap", () => {
    const m = start(4, ORDER);
    const before = tileCubes(m);
    playCards(m, [1, 2, 3, 4]);
    expect([A, B, C, D].map((p) => collected(m, p))).toEqual(before);
    expect(takings(m)).toEqual([
      "Player 2 takes the cubes of market tile 2",
      "Player 1 takes the cubes of market tile 1",
      "Player 3 takes the cubes of market tile 3",
      "Player 4 takes the cubes of market tile 4",
    ]);
    expect(turnOrders(m)).toEqual(ORDER);
  });

  it("Example 2: B and C tie; B takes, then A and D, C takes the set left; B and C swap", () => {
    const m = start(4, ORDER);
    const [t1, t2, t3, t4] = tileCubes(m);
    playCards(m, [1, 2, 2, 4]);
    expect(collected(m, B)).toEqual(t2);
    expect(collected(m, A)).toEqual(t1);
    expect(collected(m, D)).toEqual(t4);
    expect(collected(m, C)).toEqual(t3);
    expect(takings(m)).toEqual([
      "Player 2 takes the cubes of market tile 2",
      "Player 1 takes the cubes of market tile 1",
      "Player 4 takes the cubes of market tile 4",
      "Player 3 takes the cubes of market tile 3",
    ]);
    expect(turnOrders(m)).toEqual([2, 3, 1, 4]);
  });

  it("Example 3: B, C and A tie; B takes, D takes, A chooses between the two left, C takes the last; B and C swap, A keeps", () => {
    const m = start(4, ORDER);
    const [t1, t2, t3, t4] = tileCubes(m);
    playCards(m, [1, 1, 1, 4]);
    expect(collected(m, B)).toEqual(t1);
    expect(collected(m, D)).toEqual(t4);
    // A decides alone, among the two sets nobody took.
    expect(m.decision).toMatchObject({ players: [A], simultaneous: false });
    expect(m.options(A).map((o) => o.label)).toEqual(["market tile 2", "market tile 3"]);
    choose(m, "market tile 3", A);
    expect(collected(m, A)).toEqual(t3);
    expect(collected(m, C)).toEqual(t2);
    expect(takings(m)).toEqual([
      "Player 2 takes the cubes of market tile 1",
      "Player 4 takes the cubes of market tile 4",
      "Player 1 takes the cubes of market tile 3",
      "Player 3 takes the cubes of market tile 2",
    ]);
    expect(turnOrders(m)).toEqual([2, 3, 1, 4]);
  });

  it("Example 4: all tie; B takes, A chooses of three, C of two, D takes the last; B and D swap, A and C swap", () => {
    const m = start(4, ORDER);
    const [t1, t2, t3, t4] = tileCubes(m);
    playCards(m, [1, 1, 1, 1]);
    expect(collected(m, B)).toEqual(t1);
    expect(m.options(A).map((o) => o.label)).toEqual(["market tile 2", "market tile 3", "market tile 4"]);
    choose(m, "market tile 4", A);
    expect(m.options(C).map((o) => o.label)).toEqual(["market tile 2", "market tile 3"]);
    choose(m, "market tile 2", C);
    expect(collected(m, A)).toEqual(t4);
    expect(collected(m, C)).toEqual(t2);
    expect(collected(m, D)).toEqual(t3);
    expect(turnOrders(m)).toEqual([3, 4, 2, 1]);
    expect(m.state.messages.map((x) => x.text).filter((t) => t.includes("swap"))).toEqual([
      "Player 2 and Player 4 swap Turn Order tiles",
      "Player 1 and Player 3 swap Turn Order tiles",
    ]);
  });

  it("with 3 players, the two tied swap and the third keeps; only cards of the 3 tiles in play", () => {
    const m = start(3, [3, 1, 2]);
    expect(m.options(A).map((o) => o.label)).toEqual([1, 2, 3].map((t) => `card of market tile ${t}`));
    const [t1, t2, t3] = tileCubes(m);
    expect(tileCubes(m)[3]).toEqual([]);
    playCards(m, [3, 3, 1]);
    expect(collected(m, B)).toEqual(t3);
    expect(collected(m, C)).toEqual(t1);
    expect(collected(m, A)).toEqual(t2);
    expect(turnOrders(m)).toEqual([1, 3, 2]);
  });

  it("during the secret choice, no player's view and no spectator's shows another's pick", () => {
    const m = start(3, [1, 2, 3]);
    const strip = (v: ReturnType<Match["view"]>) => JSON.stringify({ ...v, decision: { ...v.decision, players: [] }, log: [] });
    const before = [m.view(B), m.view(C), m.view(null)].map(strip);
    choose(m, "card of market tile 2", A);
    for (const viewer of [B, C, null]) {
      const v = m.view(viewer);
      expect(v.decision).toMatchObject({ players: [B, C], simultaneous: true });
      expect(v.decision!.chosen).toBeUndefined();
      expect(v.log).toEqual([{ player: A, label: "(a secret choice)", prompt: MARKET_PROMPT }]);
    }
    // Apart from who still owes a choice and that redacted line, nothing changed for them.
    expect([m.view(B), m.view(C), m.view(null)].map(strip)).toEqual(before);
    expect(m.view(A).decision!.chosen).toBe("card of market tile 2");
    choose(m, "card of market tile 1", B);
    expect(m.view(C).log).toEqual([
      { player: A, label: "(a secret choice)", prompt: MARKET_PROMPT },
      { player: B, label: "(a secret choice)", prompt: MARKET_PROMPT },
    ]);
    choose(m, "card of market tile 2", C);
    // All in: revealed to everyone.
    expect(m.view(null).log.slice(0, 3)).toEqual([
      { player: A, label: "card of market tile 2", prompt: MARKET_PROMPT },
      { player: B, label: "card of market tile 1", prompt: MARKET_PROMPT },
      { player: C, label: "card of market tile 2", prompt: MARKET_PROMPT },
    ]);
    expect(m.view(null).messages.map((x) => x.text).filter((t) => t.includes("plays"))).toEqual([
      "Player 1 plays the card of market tile 2",
      "Player 2 plays the card of market tile 1",
      "Player 3 plays the card of market tile 2",
    ]);
  });
});

// ------------------------------------------------------------------ building

/** The positions (`x,y,z`) where a player may put a cube of a colour now. */
function legal(m: Match, p: number, colour: Colour): string[] {
  return m
    .options(p)
    .filter((o) => o.label.startsWith(`${colour} cube`))
    .map((o) => spaceCell(o.spaces![0]!))
    .sort();
}

/** Round 1 with a prepared pyramid for player A, who collects the given cubes; now building. */
function building(levels: string[][], cubes: Colour[], x0 = 3, y0 = 3): Match {
  const m = start(2, [1, 2]);
  build(m, A, levels, x0, y0);
  setMarket(m, 1, cubes);
  playCards(m, [1, 2]);
  return m;
}

describe("Turn Order tiles", () => {
  it("are dealt one to each player, only those numbered up to the player count, and shown as tiles", () => {
    const m = game.start({ players: 3, seed: 7 });
    expect([...turnOrders(m)].sort()).toEqual([1, 2, 3]);
    expect(pieces(m).filter((q) => q.kind === "TurnOrderTile" && q.zone !== null).map((q) => `${q.zone} of seat ${q.zoneOwner}`).sort()).toEqual([
      "turn_order_tile of seat 0",
      "turn_order_tile of seat 1",
      "turn_order_tile of seat 2",
    ]);
    const v = m.view(0);
    const shown = v.zones.filter((z) => z.name === "turn_order_tile").map((z) => `${z.label}: ${z.pieces!.map((q) => q.show!.label).join()}`);
    expect(shown).toEqual([0, 1, 2].map((p) => `turn order tile of Player ${p + 1}: Turn Order tile ${turnOrders(m)[p]}`));
    // No bare number stands for the tile among the player's variables.
    expect(v.players.map((p) => Object.keys(p.vars))).toEqual([[], [], []]);
  });
});

describe("building the pyramid", () => {
  it("the first cube goes in the middle; each next one on level 1 touches one already placed", () => {
    const m = building([], ["blue", "white", "white"]);
    expect(m.decision).toMatchObject({ players: [A, B], simultaneous: true, prompt: "Place a cube in your pyramid" });
    expect(legal(m, A, "blue")).toEqual(["3,3,0"]);
    choose(m, "blue cube on d4 level 1", A);
    chooseFirst(m, B);
    expect(legal(m, A, "white")).toEqual(["2,3,0", "3,2,0", "3,4,0", "4,3,0"]);
  });

  it("the first level stays within a 4x4 square, wherever the cubes put it", () => {
    const m = building([["BBBB"]], ["white", "white", "white"]);
    // Right of the row is the area's edge; left of it the row would be 5 long.
    expect(legal(m, A, "white")).toEqual(["3,2,0", "3,4,0", "4,2,0", "4,4,0", "5,2,0", "5,4,0", "6,2,0", "6,4,0"]);
    const r = m.apply("white-cube@pyramid#0:2,3,0", A);
    expect(r).toMatchObject({ ok: false, code: "illegal-option" });
    expect(r.ok || r.reason).toMatch(/at most 4 cubes wide and 4 cubes deep/);
    const far = m.apply("white-cube@pyramid#0:0,0,0", A);
    expect(far.ok || far.reason).toMatch(/touches a cube already placed/);
  });

  it("level 2: only on 4 cubes, and on or next to a cube of the same colour", () => {
    // Level 1 (z 0):  B W W      a blue cube may go on the 2x2 holding the blue one;
    //                 W W W      a white one on either 2x2; a green one nowhere above.
    const m = building([["BWW", "WWW"]], ["blue", "white", "green"]);
    expect(legal(m, A, "blue").filter((s) => s.endsWith(",1"))).toEqual(["3,3,1"]);
    expect(legal(m, A, "white").filter((s) => s.endsWith(",1"))).toEqual(["3,3,1", "4,3,1"]);
    expect(legal(m, A, "green").filter((s) => s.endsWith(",1"))).toEqual([]);
    const r = m.apply("green-cube@pyramid#0:3,3,1", A);
    expect(r.ok || r.reason).toMatch(/on or next to a cube of its colour/);
    const r2 = m.apply("white-cube@pyramid#0:5,3,1", A);
    expect(r2.ok || r2.reason).toMatch(/rests on 4 cubes/);
  });

  it("level 2: next to a cube of the same colour on the same level is enough", () => {
    // Level 2 holds a blue cube on the left 2x2; the right 2x2 is all white below.
    const m = building([["WWW", "WWW"], ["B"]], ["blue", "green", "green"]);
    expect(legal(m, A, "blue").filter((s) => s.endsWith(",1"))).toEqual(["4,3,1"]);
    expect(legal(m, A, "green").filter((s) => s.endsWith(",1"))).toEqual([]);
  });

  it("levels 3 and 4 follow the same rules", () => {
    const m = building(
      [
        ["OOOO", "OOOO", "OOOO", "OOOO"],
        ["YYY", "YYY", "GGY"],
        ["Y.", "G."],
      ],
      ["yellow", "green", "blue"],
    );
    // Level 3 (z 2): (4,3) rests on Y Y / Y Y and touches the yellow at (3,3): yellow only.
    // (4,4) rests on Y Y / G Y: yellow or green (green is below it and beside it).
    expect(legal(m, A, "yellow").filter((s) => /,[23]$/.test(s))).toEqual(["4,3,2", "4,4,2"]);
    expect(legal(m, A, "green").filter((s) => /,[23]$/.test(s))).toEqual(["4,4,2"]);
    expect(legal(m, A, "blue").filter((s) => /,[23]$/.test(s))).toEqual([]);
    // Level 4 (z 3) needs the 2x2 of level 3 full.
    choose(m, "yellow cube on e4 level 3", A);
    chooseFirst(m, B);
    expect(legal(m, A, "green").filter((s) => s.endsWith(",3"))).toEqual([]);
    choose(m, "green cube on e5 level 3", A);
    chooseFirst(m, B);
    // Level 4 rests on yellow and green only: the blue cube fits nowhere, so A is not asked, and
    // it is discarded once B has placed this cube.
    expect(m.decision!.players).toEqual([B]);
    expect(m.state.zones["box"]).toEqual([]);
    chooseFirst(m, B);
    expect(m.state.zones["box"]!.map((id) => pieces(m)[id]!.fields["colour"])).toEqual(["blue"]);
  });

  it("a cube that fits nowhere is discarded, but only once no other cube of the player fits", () => {
    // A full first level, and all orange on the second but for one space: the whites fit
    // nowhere, the orange does.
    const m = building(
      [
        ["GGGG", "GGGG", "GGGG", "GGGG"],
        ["OOO", "OOO", "OO."],
      ],
      ["white", "orange", "white"],
    );
    expect(m.state.zones["box"]).toEqual([]);
    expect(legal(m, A, "white")).toEqual([]);
    expect(legal(m, A, "orange")).toEqual(["3,3,2", "3,4,2", "4,3,2", "5,5,1"]);
    choose(m, "orange cube on f6 level 2", A);
    chooseFirst(m, B);
    // Now nothing A holds fits: A is not asked while B places their next cube, and then both
    // whites go to the box (the game is the same as discarding them first: pyramids never interact).
    expect(m.decision!.players).toEqual([B]);
    expect(m.state.zones["box"]).toEqual([]);
    chooseFirst(m, B);
    expect(m.state.zones["box"]!.map((id) => pieces(m)[id]!.fields["colour"])).toEqual(["white", "white"]);
    expect(m.state.zones["collected#0"]).toEqual([]);
    expect(m.state.messages.map((x) => x.text).filter((t) => t.includes("discards"))).toEqual([
      "Player 1 cannot place the white cube and discards it",
      "Player 1 cannot place the white cube and discards it",
    ]);
  });
});

// ------------------------------------------------------------------ visibility and groups

describe("visibility and groups", () => {
  it("a cube is hidden when all 4 positions above it hold a cube", () => {
    const m = start(2);
    build(m, A, [["BBB", "BBB", "BBB"], ["BB", "B."]]);
    const visible = (x: number, y: number) => call(m, "visible", cubeAt(m, A, x, y, 0));
    // (4,4) has 3 of its 4 positions above filled: seen.
    expect(visible(4, 4)).toBe(true);
    put(m, cubeFromBag(m, "blue"), "pyramid", ["(4,4,1)"], { owner: 0 });
    expect(visible(4, 4)).toBe(false);
    // Edge and corner cubes always show.
    expect([visible(3, 3), visible(4, 3), visible(5, 5)]).toEqual([true, true, true]);
  });

  it("on the edge of the building area a cube has fewer than 4 positions above and always shows", () => {
    const m = start(2);
    // A first level pushed into the area's top-left corner.
    build(m, A, [["WW", "WW"], ["W"]], 0, 0);
    expect(call(m, "visible", cubeAt(m, A, 0, 0, 0))).toBe(true);
    expect((call(m, "shown", A) as number[]).length).toBe(5);
  });

  it("a complete pyramid shows 25 of its 30 cubes: not the 4 centre cubes of level 1 nor the centre of level 2", () => {
    const m = start(2);
    build(m, A, [["BBBB", "BWWG", "OWWG", "OOYY"], ["BBG", "OWG", "OYY"], ["GG", "YY"], ["G"]]);
    const hidden = [cubeAt(m, A, 4, 4, 0), cubeAt(m, A, 5, 4, 0), cubeAt(m, A, 4, 5, 0), cubeAt(m, A, 5, 5, 0), cubeAt(m, A, 4, 4, 1)];
    const shown = call(m, "shown", A) as number[];
    expect(shown.length).toBe(25);
    for (const id of hidden) expect(shown).not.toContain(id);
  });

  it("groups join across levels through the cubes on and under each other, but never through a hidden cube", () => {
    const m = start(2);
    // Two blue cubes apart on level 1 are joined through the two blue cubes resting on them.
    build(m, A, [["BWB", "WWW"], ["BB"]]);
    expect((call(m, "colour_groups", A, "blue") as number[][]).map((g) => g.length)).toEqual([4]);
    // B's blue cube (4,4) is hidden under 4 cubes: the blues around it do not join through it.
    build(m, B, [["BBWW", "WBBW", "WWWW"], ["WW", "WW"]]);
    expect(call(m, "visible", cubeAt(m, B, 4, 4, 0))).toBe(false);
    expect(call(m, "largest", B, "blue")).toBe(2);
    expect((call(m, "colour_groups", B, "blue") as number[][]).map((g) => g.length)).toEqual([2, 1]);
  });

  it("the largest group of each colour scores from the table, 12 or more for 36", () => {
    const TABLE = [0, 1, 2, 4, 6, 9, 12, 15, 18, 21, 25, 30, 36, 36, 36, 36, 36];
    // A snake through the 4x4 first level keeps the first n cubes one group.
    const SNAKE = [
      [0, 0], [1, 0], [2, 0], [3, 0],
      [3, 1], [2, 1], [1, 1], [0, 1],
      [0, 2], [1, 2], [2, 2], [3, 2],
      [3, 3], [2, 3], [1, 3], [0, 3],
    ];
    for (let n = 0; n <= 16; n++) {
      const m = start(2);
      for (const [x, y] of SNAKE.slice(0, n)) put(m, cubeFromBag(m, "green"), "pyramid", [`(${3 + x},${3 + y},0)`], { owner: 0 });
      expect([n, call(m, "largest", A, "green")]).toEqual([n, n]);
      expect([n, call(m, "group_score", A)]).toEqual([n, TABLE[n]]);
    }
  });
});

// ------------------------------------------------------------------ scoring

describe("scoring a complete pyramid end to end", () => {
  // Player 1 (A):                                 Player 2 (B):
  // level 1  B B B B   level 2  B B G   3  G G    level 1  Y Y Y Y   level 2  Y Y Y   3  Y Y
  //          B W W G            O W G      Y Y             O O O O            O O O      O O
  //          O W W G            O Y Y                      O O O O            W W W
  //          O O Y Y                     4  G              O O O O                     4  Y
  const PYRAMID_A = [["BBBB", "BWWG", "OWWG", "OOYY"], ["BBG", "OWG", "OYY"], ["GG", "YY"], ["G"]];
  const PYRAMID_B = [["YYYY", "OOOO", "OOOO", "OOOO"], ["YYY", "OOO", "WWW"], ["YY", "OO"], ["Y"]];

  it("groups: A blue 7, green 7, orange 5, yellow 6, white hidden; B yellow 10, orange 12, white 3", () => {
    const m = start(2);
    build(m, A, PYRAMID_A);
    build(m, B, PYRAMID_B);
    const sizes = (p: number) => (["orange", "yellow", "blue", "green", "white"] as const).map((c) => call(m, "largest", p, c));
    expect(sizes(A)).toEqual([5, 6, 7, 7, 0]);
    expect(sizes(B)).toEqual([12, 10, 0, 0, 3]);
    expect(call(m, "group_score", A)).toBe(9 + 12 + 15 + 15 + 0);
    expect(call(m, "group_score", B)).toBe(36 + 25 + 0 + 0 + 4);
  });

  it("with the bonus cards shown, the match ends with A 56 and B 75", () => {
    const m = start(2);
    build(m, A, PYRAMID_A);
    build(m, B, PYRAMID_B);
    // A has the only blue group; B's north side is all yellow; B shows exactly 3 colours.
    showBonus(m, [bonusCard(m, "largest_of", "blue"), bonusCard(m, "one_colour_side"), bonusCard(m, "three_colours")]);
    finish(m);
    expect(m.error).toBeNull();
    expect(m.result).toMatchObject({ scores: [51 + 5, 65 + 10], ranking: [[B], [A]], winners: [B] });
  });

  it("equal totals share the victory", () => {
    const m = start(2);
    build(m, A, recolour(PYRAMID_B, { O: "G", Y: "B" }));
    build(m, B, PYRAMID_B);
    showBonus(m, [bonusCard(m, "largest_any"), bonusCard(m, "one_colour_side"), bonusCard(m, "three_colours")]);
    finish(m);
    expect(m.result).toMatchObject({ scores: [80, 80], ranking: [[A, B]], winners: [A, B], places: [1, 1] });
  });
});

// ------------------------------------------------------------------ the 18 bonus cards

describe("bonus cards, 5 points each", () => {
  const COLOURS: Colour[] = ["orange", "yellow", "blue", "green", "white"];
  const letter = (c: Colour) => c[0]!.toUpperCase();

  for (const colour of COLOURS) {
    it(`largest group of ${colour}: ties all score; nobody scores with no ${colour} at all`, () => {
      const m = start(3);
      const x = letter(colour);
      build(m, A, [[`${x}${x}${x}`]]);
      build(m, B, [[`${x}.`, `${x}${x}`]]);
      build(m, C, [[`${x}${x}`]]);
      const card = bonusCard(m, "largest_of", colour);
      expect(bonusPoints(m, card)).toEqual([5, 5, 0]);
      const empty = start(3);
      expect(bonusPoints(empty, bonusCard(empty, "largest_of", colour))).toEqual([0, 0, 0]);
    });

    it(`larger group of ${colour} than the left neighbour's (the next player clockwise), strictly`, () => {
      const m = start(3);
      const x = letter(colour);
      // Groups of 3, 2 and 4; a bigger group of another colour counts for nothing.
      const other = colour === "white" ? "O" : "W";
      build(m, A, [[`${x}${x}${x}`]]);
      build(m, B, [[`${x}${x}`, `${other}${other}${other}${other}`]]);
      build(m, C, [[`${x}${x}${x}${x}`]]);
      // A 3 > B 2: yes. B 2 > C 4: no. C 4 > A 3: yes.
      expect(bonusPoints(m, bonusCard(m, "beats_left", colour))).toEqual([5, 0, 5]);
      // A tie is not larger.
      const t = start(2);
      build(t, A, [[`${x}${x}`]]);
      build(t, B, [[`${x}${x}`]]);
      expect(bonusPoints(t, bonusCard(t, "beats_left", colour))).toEqual([0, 0]);
    });
  }

  it("the neighbour cards are not used with 2 players; the first-game variant uses only the 8 ▶ cards", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const two = game.start({ players: 2, seed });
      const shown = two.state.zones["bonus_cards"]!.map((id) => pieces(two)[id]!.fields["goal"]);
      expect(shown).toHaveLength(3);
      expect(shown).not.toContain("beats_left");
      const first = game.start({ players: 4, seed, variant: "First game" });
      for (const id of [...first.state.zones["bonus_cards"]!, ...first.state.zones["bonus_deck"]!]) {
        expect(pieces(first)[id]!.fields["first_game"]).toBe(true);
      }
      expect(first.state.zones["bonus_cards"]!.length + first.state.zones["bonus_deck"]!.length).toBe(8);
    }
    const four = game.start({ players: 4, seed: 1 });
    expect(four.state.zones["bonus_cards"]!.length + four.state.zones["bonus_deck"]!.length).toBe(18);
  });

  it("largest group of a single colour, any colour", () => {
    const m = start(3);
    build(m, A, [["BBBB", "B..."]]);
    build(m, B, [["GGGG", "G.YY"]]);
    build(m, C, [["OOOO", "WW.."]]);
    expect(bonusPoints(m, bonusCard(m, "largest_any"))).toEqual([5, 5, 0]);
  });

  it("largest group on level 1, counting only its level-1 cubes", () => {
    const m = start(2);
    // A: 4 yellow cubes, all on level 1. B: a larger green group (5), only 3 of them on level 1.
    build(m, A, [["YYYY"]]);
    build(m, B, [["GGO", "GOO"], ["GG"]]);
    expect(call(m, "largest", A, "yellow")).toBe(4);
    expect(call(m, "largest", B, "green")).toBe(5);
    expect(bonusPoints(m, bonusCard(m, "largest_on_level_one"))).toEqual([5, 0]);
  });

  it("group across the most levels", () => {
    const m = start(2);
    // A: a yellow group over 3 levels (3 cubes); B: a larger white group on 2 levels.
    build(m, A, [["YOO", "OOO", "OOO"], ["YO", "OO"], ["Y"]]);
    build(m, B, [["WWWW", "WWWW"], ["WWW"]]);
    expect(call(m, "largest", B, "white")).toBe(11);
    expect(bonusPoints(m, bonusCard(m, "most_levels"))).toEqual([5, 0]);
  });

  it("second largest group: the second-largest distinct size among everyone's groups", () => {
    const m = start(3);
    // Sizes: A 5 and 2; B 5, 3 and 1; C 3. Distinct: 5, 3, 2, 1: the second is 3.
    build(m, A, [["BBBB", "B.GG"]]);
    build(m, B, [["OOOO", "OYYY", "W..."]]);
    build(m, C, [["WWW"]]);
    expect(bonusPoints(m, bonusCard(m, "second_largest"))).toEqual([0, 5, 5]);
    // All groups one size: there is no second largest.
    const same = start(2);
    build(same, A, [["BB"]]);
    build(same, B, [["GG"]]);
    expect(bonusPoints(same, bonusCard(same, "second_largest"))).toEqual([0, 0]);
  });

  it("5 colours visible on level 1 (a covered cube does not count)", () => {
    const m = start(2);
    build(m, A, [["OYB", "GWW"]]);
    // B's only green is covered by 4 cubes.
    build(m, B, [["OYBW", "WGWW", "WWWW"], ["WWW", "WWW"]]);
    expect(bonusPoints(m, bonusCard(m, "five_colours_level_one"))).toEqual([5, 0]);
  });

  it("5 colours visible on level 2", () => {
    const m = start(2);
    build(m, A, [["OOYY", "OOYY", "BBGG", "BBGG"], ["OYW", "BGW"]]);
    build(m, B, [["OOYY", "OOYY", "BBGG"], ["OYB", "BGG"]]);
    expect(bonusPoints(m, bonusCard(m, "five_colours_level_two"))).toEqual([5, 0]);
  });

  it("one side of the pyramid a single colour: the outermost cube of every row, on every level", () => {
    const m = start(3);
    // A: the east side (right column of each level) all green.
    build(m, A, [["OOG", "OOG", "OOG"], ["OG", "OG"], []]);
    // B: the east side has one orange cube, on level 2.
    build(m, B, [["OOG", "OOG", "OOG"], ["GO", "OG"]]);
    // C: the south side (bottom row of each level) all white.
    build(m, C, [["OOO", "OOO", "WWW"], ["OO", "WW"]]);
    expect(bonusPoints(m, bonusCard(m, "one_colour_side"))).toEqual([5, 0, 5]);
  });

  it("exactly 3 colours visible (a covered fourth colour does not count)", () => {
    const m = start(3);
    build(m, A, [["OOYB"]]);
    build(m, B, [["OOYB", "OWOO", "OOOO"], ["OOO", "OOO"]]);
    build(m, C, [["OOYY"]]);
    expect(call(m, "visible", cubeAt(m, B, 4, 4, 0))).toBe(false);
    expect(bonusPoints(m, bonusCard(m, "three_colours"))).toEqual([5, 5, 0]);
  });

  it("every one of the 18 cards is tested above", () => {
    const goals = pieces(start(4))
      .filter((p) => p.kind === "Bonus")
      .map((p) => `${p.fields["goal"]}${p.fields["colour"] ? ` ${p.fields["colour"]}` : ""}`);
    expect(goals).toHaveLength(18);
    expect(new Set(goals).size).toBe(18);
  });
});

// ------------------------------------------------------------------ whole games

/** Scores a pyramid the way the rulebook says, independently of the rule file. */
function referenceGroupScore(m: Match, p: number): number {
  const TABLE = [0, 1, 2, 4, 6, 9, 12, 15, 18, 21, 25, 30, 36];
  const cells = m.toJSON().cells[instanceKey("pyramid", true, p)] ?? {};
  const colour = (k: string) => pieces(m)[cells[k]![0]!]!.fields["colour"];
  const at = (x: number, y: number, z: number) => (cells[cellKey(x, y, z)]?.length ? cellKey(x, y, z) : undefined);
  const hidden = (x: number, y: number, z: number) => [at(x - 1, y - 1, z + 1), at(x, y - 1, z + 1), at(x - 1, y, z + 1), at(x, y, z + 1)].every(Boolean);
  const visible = Object.keys(cells).filter((k) => {
    const [x, y, z] = cellCoords(k) as [number, number, number];
    return !hidden(x, y, z);
  });
  let total = 0;
  for (const c of ["orange", "yellow", "blue", "green", "white"]) {
    const mine = new Set(visible.filter((k) => colour(k) === c));
    let best = 0;
    const seen = new Set<string>();
    for (const k of mine) {
      if (seen.has(k)) continue;
      let size = 0;
      const queue = [k];
      seen.add(k);
      while (queue.length) {
        const [x, y, z] = cellCoords(queue.pop()!) as [number, number, number];
        size++;
        const around = [
          [x + 1, y, z], [x - 1, y, z], [x, y + 1, z], [x, y - 1, z],
          [x, y, z - 1], [x + 1, y, z - 1], [x, y + 1, z - 1], [x + 1, y + 1, z - 1],
          [x - 1, y - 1, z + 1], [x, y - 1, z + 1], [x - 1, y, z + 1], [x, y, z + 1],
        ];
        for (const [a, b, d] of around) {
          const n = cellKey(a!, b!, d!);
          if (mine.has(n) && !seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
      }
      best = Math.max(best, size);
    }
    total += TABLE[Math.min(best, 12)]!;
  }
  return total;
}

describe("whole games", () => {
  it("4 players use all 120 cubes over 10 rounds; every pyramid and box adds up to 30 a player", () => {
    const m = game.start({ players: 4, seed: 12 });
    playRandomly(m, 5);
    expect(m.error).toBeNull();
    expect(m.state.zones["cloth_bag"]).toEqual([]);
    const inBox = m.state.zones["box"]!.length;
    const built = [0, 1, 2, 3].map((p) => m.state.placed[instanceKey("pyramid", true, p)]!.length);
    expect(built.reduce((a, b) => a + b, 0) + inBox).toBe(120);
    expect(m.global("round_number")).toBe(10);
  });

  it("the rule file's group scores agree with an independent count, game after game", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const players = 2 + (seed % 3);
      const m = game.start({ players, seed });
      playRandomly(m, seed);
      expect(m.error).toBeNull();
      for (let p = 0; p < players; p++) {
        expect([seed, p, call(m, "group_score", p)]).toEqual([seed, p, referenceGroupScore(m, p)]);
        expect(m.result!.scores[p]).toBe((call(m, "group_score", p) as number) + (call(m, "bonus_score", p) as number));
      }
    }
  });
});
