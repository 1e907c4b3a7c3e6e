import { describe, expect, it } from "vitest";
import { cellCoords, cellKey, instanceKey, type Match } from "../../interpreter/index.ts";
import { loadGame } from "../support/games.ts";
import { choose, moveTo, option, pieces, put, reoffer, setVar, takeAway } from "../support/scenario.ts";

/**
 * Cacao (games/cacao.stela) played through rulebook situations: each test
 * lays out a table (which tiles lie where, what each player holds), lets the
 * rules take over from the first player's turn, and checks the exact outcome.
 */

const game = loadGame("cacao.stela");

/** A jungle tile on the table: its name and where it lies. */
type JungleAt = [name: string, x: number, y: number];
/** A worker tile on the table: its owner's seat, its name, where it lies and its quarter turns clockwise. */
type WorkerAt = [seat: number, name: string, x: number, y: number, rotation: number];
type Village = Partial<Record<"cacao" | "sun" | "gold" | "water", number>>;

interface Layout {
  jungle?: JungleAt[];
  workers?: WorkerAt[];
  display?: string[];
  /** The jungle draw pile, bottom first (the last one is drawn next). */
  pile?: string[];
  /** Each seat's hand; every supply is empty unless given. */
  hands?: string[][];
  supplies?: string[][];
  villages?: Village[];
}

const W1111 = "Worker tile 1-1-1-1";
const W2101 = "Worker tile 2-1-0-1";
const W3001 = "Worker tile 3-0-0-1";

/** Starts a match and clears the table down to exactly `layout`, then asks the first player again. */
function lay(players: number, layout: Layout): Match {
  const m = game.start({ players, seed: 7 });
  const all = pieces(m);
  for (const p of all) takeAway(m, p.id);
  const used = new Set<number>();
  const take = (kind: string, name: string, owner: number | null): number => {
    const p = all.find((q) => q.kind === kind && q.name === name && q.owner === owner && !used.has(q.id));
    if (!p) throw new Error(`no ${name} left for ${owner === null ? "the table" : `seat ${owner}`}`);
    used.add(p.id);
    return p.id;
  };
  for (const [name, x, y] of layout.jungle ?? []) put(m, take("Jungle", name, null), "jungle", [`(${x},${y})`]);
  for (const [seat, name, x, y, r] of layout.workers ?? []) put(m, take("Worker", name, seat), "jungle", [`(${x},${y})`], { rotation: r });
  for (const name of layout.pile ?? []) moveTo(m, take("Jungle", name, null), "jungle_pile");
  for (const name of layout.display ?? []) moveTo(m, take("Jungle", name, null), "display");
  (layout.supplies ?? []).forEach((names, seat) => names.forEach((n) => moveTo(m, take("Worker", n, seat), "supply", seat)));
  (layout.hands ?? []).forEach((names, seat) => names.forEach((n) => moveTo(m, take("Worker", n, seat), "hand", seat)));
  for (let seat = 0; seat < players; seat++) {
    const { water = 0, ...counts } = layout.villages?.[seat] ?? {};
    for (const [name, n] of Object.entries(counts)) setVar(m, seat, name, n);
    put(m, take("Carrier", "Water carrier", seat), "water_track", [`(${water},0)`], { owner: seat });
  }
  reoffer(m);
  return m;
}

/** Places a worker tile from the hand of whoever decides, its workers facing top-right-bottom-left as given. */
function placeWorker(m: Match, name: string, x: number, y: number, facing: string): void {
  choose(m, `${name} on (${x},${y}), workers ${facing} (top-right-bottom-left)`);
}

/** A player's stock, and the field of the water track (0 for -10 … 8 for 16) their carrier stands on. */
function village(m: Match, seat: number): Village {
  const v = m.state.pvars[seat]!;
  const field = Object.keys(m.toJSON().cells[instanceKey("water_track", true, seat)] ?? {}).map((c) => cellCoords(c)[0]!);
  expect(field).toHaveLength(1);
  return { cacao: v["cacao"] as number, sun: v["sun"] as number, gold: v["gold"] as number, water: field[0]! };
}

function zoneNames(m: Match, zone: string): string[] {
  const all = pieces(m);
  return (m.state.zones[zone] ?? []).map((id) => all[id]!.name);
}

function tileAt(m: Match, x: number, y: number): string[] {
  const all = pieces(m);
  return (m.toJSON().cells["jungle"]?.[cellKey(x, y)] ?? []).map((id) => `${all[id]!.name} of seat ${all[id]!.owner}`);
}

describe("Cacao: setup", () => {
  it.each([
    [2, 11, { "Worker tile 1-1-1-1": 4, "Worker tile 2-1-0-1": 5 }],
    [3, 10, { "Worker tile 1-1-1-1": 3, "Worker tile 2-1-0-1": 5 }],
    [4, 9, { "Worker tile 1-1-1-1": 3, "Worker tile 2-1-0-1": 4 }],
  ])("with %i players each player has %i worker tiles, 3 of them in hand", (players, tiles, counts) => {
    const m = game.start({ players, seed: 3 });
    for (let seat = 0; seat < players; seat++) {
      const mine = [...zoneNames(m, instanceKey("supply", true, seat)), ...zoneNames(m, instanceKey("hand", true, seat))];
      expect(mine).toHaveLength(tiles);
      expect(zoneNames(m, instanceKey("hand", true, seat))).toHaveLength(3);
      expect(mine.filter((n) => n === W1111)).toHaveLength(counts[W1111]);
      expect(mine.filter((n) => n === W2101)).toHaveLength(counts[W2101]);
      expect(mine.filter((n) => n === W3001)).toHaveLength(1);
      expect(mine.filter((n) => n === "Worker tile 3-1-0-0")).toHaveLength(1);
    }
  });

  it("starts with a single plantation and a market (price 2) placed diagonally, and 2 tiles on display", () => {
    const m = game.start({ players: 3, seed: 3 });
    expect(tileAt(m, 0, 0)).toEqual(["Single plantation of seat null"]);
    expect(tileAt(m, 1, 1)).toEqual(["Market, price 2 of seat null"]);
    expect(zoneNames(m, "display")).toHaveLength(2);
    expect(zoneNames(m, "jungle_pile")).toHaveLength(24);
    expect(m.decision).toEqual({ players: [0], prompt: "Place a worker tile", simultaneous: false });
  });

  it("with 2 players plays the 2-player set of 21 jungle tiles", () => {
    const m = game.start({ players: 2, seed: 3 });
    const jungle = [...zoneNames(m, "jungle_pile"), ...zoneNames(m, "display"), "Single plantation", "Market, price 2"];
    const count = (name: string) => jungle.filter((n) => n === name).length;
    expect(jungle).toHaveLength(21);
    expect({
      single: count("Single plantation"),
      double: count("Double plantation"),
      market2: count("Market, price 2"),
      market3: count("Market, price 3"),
      market4: count("Market, price 4"),
      mine1: count("Gold mine, 1 gold"),
      mine2: count("Gold mine, 2 gold"),
      water: count("Water"),
      sun: count("Sun-worshiping site"),
      temple: count("Temple"),
    }).toEqual({ single: 4, double: 2, market2: 2, market3: 3, market4: 1, mine1: 1, mine2: 1, water: 2, sun: 1, temple: 4 });
  });

  it("hides each hand from the other players", () => {
    const m = game.start({ players: 2, seed: 3 });
    const seen = (viewer: number, zone: string) => m.view(viewer).zones.find((z) => z.key === zone)!;
    expect(seen(0, "hand#0").pieces).toHaveLength(3);
    expect(seen(1, "hand#0").pieces).toBeUndefined();
    expect(seen(1, "hand#0").count).toBe(3);
    expect(seen(0, "supply#0").pieces).toBeUndefined();
  });
});

describe("Cacao: placing a worker tile", () => {
  it("offers each distinct way a tile can face", () => {
    const m = lay(2, { jungle: [["Temple", 0, 0]], hands: [[W1111, W2101]] });
    const at = (x: number, y: number) => m.options().filter((o) => o.label.includes(` on (${x},${y}),`)).map((o) => o.label.replace(/ on .*workers /, " "));
    expect(at(1, 0)).toEqual([
      "Worker tile 1-1-1-1 1-1-1-1 (top-right-bottom-left)",
      "Worker tile 2-1-0-1 2-1-0-1 (top-right-bottom-left)",
      "Worker tile 2-1-0-1 1-2-1-0 (top-right-bottom-left)",
      "Worker tile 2-1-0-1 0-1-2-1 (top-right-bottom-left)",
      "Worker tile 2-1-0-1 1-0-1-2 (top-right-bottom-left)",
    ]);
    // Only the 4 spots around the lone jungle tile.
    expect(new Set(m.options().map((o) => /on (\(.*?\))/.exec(o.label)![1])).size).toBe(4);
  });

  it("never puts a worker tile next to another worker tile, and says why", () => {
    // A position the checkerboard never produces in play, laid out to test the law itself.
    const m = lay(2, {
      jungle: [["Temple", 0, 0]],
      workers: [[1, W1111, 1, 1, 0]],
      hands: [[W1111]],
    });
    const labels = m.options().map((o) => o.label);
    expect(labels.some((l) => l.includes("on (1,0)"))).toBe(false);
    expect(labels.some((l) => l.includes("on (-1,0)"))).toBe(true);
    const legal = option(m, /on \(-1,0\)/);
    const r = m.apply(legal.id.replace("jungle:-1,0", "jungle:1,0"));
    expect(r).toEqual({
      ok: false,
      code: "illegal-option",
      reason: "Worker tile 1-1-1-1 on (1,0), workers 1-1-1-1 (top-right-bottom-left) is not allowed: Worker tiles never touch worker tiles along an edge",
    });
  });
});

describe("Cacao: a tile that fits nowhere", () => {
  it("is discarded (our choice: the rulebook is silent)", () => {
    // Player 1 closes the last free side of the only jungle tile; none is left to draw.
    const m = lay(2, {
      jungle: [["Temple", 0, 0]],
      workers: [
        [1, W1111, 1, 0, 0],
        [1, W1111, 0, 1, 0],
        [1, W1111, -1, 0, 0],
      ],
      hands: [[W1111], [W2101]],
    });
    placeWorker(m, W1111, 0, -1, "1-1-1-1");
    // One tile in hand: it is discarded without asking.
    expect(m.state.messages.map((x) => x.text)).toContain(`Player 2: ${W2101} (only option)`);
    expect(m.state.messages.map((x) => x.text)).toContain("Player 2 cannot place a worker tile and discards a Worker tile 2-1-0-1");
    expect(tileAt(m, 1, 1)).toEqual([]);
    expect(m.over).toBe(true);
  });
});

describe("Cacao: discarding, and overbuilding as an option (our reading)", () => {
  /** Player 1 closes the last free side of the only jungle tile; player 2 holds a 2-1-0-1 and has `sun` tokens. */
  function closed(sun: number): Match {
    const m = lay(2, {
      jungle: [["Temple", 0, 0]],
      workers: [
        [1, W1111, 1, 0, 0],
        [1, W1111, 0, 1, 0],
        [1, W1111, -1, 0, 0],
      ],
      hands: [[W1111], [W2101]],
      supplies: [[], [W3001]],
      villages: [{}, { sun }],
    });
    placeWorker(m, W1111, 0, -1, "1-1-1-1");
    return m;
  }

  it("a player who discards still draws a worker tile at the end of the turn", () => {
    // Player 2's one tile fits nowhere: discarded without asking; they draw the 3-0-0-1, which fits
    // nowhere either (player 1 has no tile left) and goes the same way. Then the game is over.
    const m = closed(0);
    const told = m.state.messages.map((x) => x.text);
    expect(told.filter((t) => t.startsWith("Player 2") && t.endsWith("(only option)"))).toEqual([`Player 2: ${W2101} (only option)`, `Player 2: ${W3001} (only option)`]);
    expect(told).toContain("Player 2 cannot place a worker tile and discards a Worker tile 2-1-0-1");
    expect(told).toContain("Player 2 cannot place a worker tile and discards a Worker tile 3-0-0-1");
    expect(zoneNames(m, "hand#1")).toEqual([]);
    expect(zoneNames(m, "supply#1")).toEqual([]);
    expect(m.over).toBe(true);
  });

  it("a player who could overbuild may keep the sun token and discard instead", () => {
    const m = closed(1);
    expect(m.decision).toEqual({ players: [1], prompt: "No worker tile fits next to the jungle: overbuild or discard?", simultaneous: false });
    expect(m.options().map((o) => o.label)).toEqual(["Overbuild one of your worker tiles for 1 sun token", "Keep your sun token and discard a worker tile"]);
    choose(m, "Keep your sun token and discard a worker tile");
    // The one tile in hand goes without asking.
    expect(m.state.messages.map((x) => x.text)).toContain(`Player 2: ${W2101} (only option)`);
    expect(m.state.messages.map((x) => x.text)).toContain("Player 2 cannot place a worker tile and discards a Worker tile 2-1-0-1");
    expect(village(m, 1)).toEqual({ cacao: 0, sun: 1, gold: 0, water: 0 });
    expect(zoneNames(m, "hand#1")).toEqual([W3001]);
  });

  it("or overbuild one of their own tiles for the token", () => {
    const m = closed(1);
    choose(m, "Overbuild one of your worker tiles for 1 sun token");
    expect(m.decision!.prompt).toBe("Overbuild one of your worker tiles");
    expect(new Set(m.options().map((o) => /on (\(.*?\))/.exec(o.label)![1]))).toEqual(new Set(["(1,0)", "(0,1)", "(-1,0)"]));
  });
});

describe("Cacao: filling the jungle", () => {
  it("fills every spot between 2 worker tiles, from the display and then the pile; the display is refilled at the end of the turn", () => {
    const m = lay(2, {
      jungle: [["Temple", 0, 0]],
      // Player 2's tiles each wait next to a spot the new tile will close.
      workers: [
        [1, W1111, 2, 1, 0],
        [1, W1111, -2, 1, 0],
        [1, W1111, 0, 3, 0],
      ],
      display: ["Gold mine, 2 gold", "Gold mine, 1 gold"],
      pile: ["Water", "Market, price 3", "Sun-worshiping site"],
      hands: [[W1111], [W1111]],
    });
    placeWorker(m, W1111, 0, 1, "1-1-1-1");
    expect(m.decision!.prompt).toBe("Place a jungle tile");
    expect(m.options().map((o) => o.label).sort()).toEqual([
      "Gold mine, 1 gold on (-1,1)",
      "Gold mine, 1 gold on (0,2)",
      "Gold mine, 1 gold on (1,1)",
      "Gold mine, 2 gold on (-1,1)",
      "Gold mine, 2 gold on (0,2)",
      "Gold mine, 2 gold on (1,1)",
    ]);
    choose(m, "Gold mine, 2 gold on (1,1)");
    // The display is not refilled yet: only the other tile is left for the two spots.
    expect(m.options().map((o) => o.label).sort()).toEqual(["Gold mine, 1 gold on (-1,1)", "Gold mine, 1 gold on (0,2)"]);
    choose(m, "Gold mine, 1 gold on (-1,1)");
    // The display is used up: the third tile comes from the pile, and has one spot left (taken without asking).
    expect(m.state.messages.map((x) => x.text)).toContain("Player 1: Sun-worshiping site on (0,2) (only option)");
    // Every worker on a new edge acts: the new tile's, and player 2's next to the new jungle tiles.
    expect(village(m, 0)).toEqual({ cacao: 0, sun: 1, gold: 3, water: 0 });
    expect(village(m, 1)).toEqual({ cacao: 0, sun: 1, gold: 3, water: 0 });
    expect(zoneNames(m, "display")).toEqual(["Market, price 3", "Water"]);
    expect(zoneNames(m, "jungle_pile")).toEqual([]);
    expect(m.decision!.players).toEqual([1]);
  });

  it("leaves a spot empty once no jungle tile is left", () => {
    const m = lay(2, {
      jungle: [["Temple", 0, 0]],
      workers: [[1, W1111, 2, 1, 0]],
      hands: [[W1111], [W1111]],
    });
    placeWorker(m, W1111, 0, 1, "1-1-1-1");
    expect(tileAt(m, 1, 1)).toEqual([]);
    expect(m.decision!.players).toEqual([1]);
  });
});

describe("Cacao: activating workers", () => {
  it("activates the new tile's workers, and another player's workers next to a new jungle tile, who decide for themselves", () => {
    const m = lay(2, {
      jungle: [
        ["Single plantation", 0, 0],
        ["Market, price 2", 1, 1],
      ],
      workers: [[1, W1111, 1, 0, 0]],
      display: ["Market, price 4", "Water"],
      hands: [[W2101], [W1111]],
      villages: [{ cacao: 3 }, { cacao: 2 }],
    });
    placeWorker(m, W2101, 2, 1, "2-1-0-1");
    choose(m, "Market, price 4 on (2,0)");
    // Player 1: 2 workers at the new market (price 4), then 1 at the old one (price 2).
    expect(m.decision).toEqual({ players: [0], prompt: "Sell how many cacao for 4 gold each?", simultaneous: false });
    expect(m.options().map((o) => o.label)).toEqual(["Sell nothing", "Sell 1 cacao for 4 gold", "Sell 2 cacao for 8 gold"]);
    choose(m, "2");
    expect(m.decision!.prompt).toBe("Sell how many cacao for 2 gold each?");
    expect(m.options().map((o) => o.label)).toEqual(["Sell nothing", "Sell 1 cacao for 2 gold"]);
    choose(m, "1");
    // Player 2's worker on the edge of the new market acts too, and player 2 decides.
    expect(m.decision).toEqual({ players: [1], prompt: "Sell how many cacao for 4 gold each?", simultaneous: false });
    expect(m.options(1).map((o) => o.label)).toEqual(["Sell nothing", "Sell 1 cacao for 4 gold"]);
    choose(m, "1", 1);
    expect(village(m, 0)).toEqual({ cacao: 0, sun: 0, gold: 10, water: 0 });
    expect(village(m, 1)).toEqual({ cacao: 1, sun: 0, gold: 4, water: 0 });
    // Player 2's worker next to the old tiles does not act again.
    expect(m.decision).toEqual({ players: [1], prompt: "Place a worker tile", simultaneous: false });
  });

  it("lets the owner choose whether the plantation or the market comes first", () => {
    const m = lay(2, {
      jungle: [
        ["Double plantation", 0, 0],
        ["Market, price 3", 2, 0],
      ],
      hands: [[W2101], [W1111]],
      villages: [{ cacao: 4 }],
    });
    // Left edge (2 workers) on the plantation, right edge (0) on the market: nothing to order.
    placeWorker(m, W2101, 1, 0, "1-0-1-2");
    expect(village(m, 0).cacao).toBe(5);
    expect(m.decision!.players).toEqual([1]);

    const n = lay(2, {
      jungle: [
        ["Double plantation", 0, 0],
        ["Market, price 3", 2, 0],
      ],
      hands: [[W1111], [W1111]],
      villages: [{ cacao: 5 }],
    });
    placeWorker(n, W1111, 1, 0, "1-1-1-1");
    expect(n.decision!.prompt).toBe("Which jungle tile do your workers use next?");
    expect(n.options().map((o) => o.label)).toEqual(["Double plantation", "Market, price 3"]);
    // Selling first makes room in the storage for the harvest.
    choose(n, "Market, price 3");
    choose(n, "1");
    expect(village(n, 0)).toEqual({ cacao: 5, sun: 0, gold: 3, water: 0 });
  });

  /** Player 1 places a tile with `workers` on its left edge, against a lone jungle tile. */
  function workAt(site: string, workers: number, before: Village = {}): Match {
    const m = lay(2, { jungle: [[site, 0, 0]], hands: [[W1111, W2101, W3001], [W1111]], villages: [before] });
    const facing: Record<number, [string, string]> = { 1: [W1111, "1-1-1-1"], 2: [W2101, "1-0-1-2"], 3: [W3001, "0-0-1-3"] };
    const [name, f] = facing[workers]!;
    placeWorker(m, name, 1, 0, f);
    return m;
  }

  it.each([
    ["Single plantation", 2, {}, { cacao: 2 }],
    ["Double plantation", 2, {}, { cacao: 4 }],
    ["Gold mine, 1 gold", 3, { gold: 1 }, { gold: 4 }],
    ["Gold mine, 2 gold", 2, {}, { gold: 4 }],
    ["Water", 3, {}, { water: 3 }],
    ["Sun-worshiping site", 2, {}, { sun: 2 }],
    ["Temple", 3, { cacao: 1, gold: 2 }, { cacao: 1, gold: 2 }],
  ])("%s with %i workers", (site, workers, before, after) => {
    const m = workAt(site, workers, before);
    expect(village(m, 0)).toEqual({ cacao: 0, sun: 0, gold: 0, water: 0, ...after });
    expect(m.decision!.players).toEqual([1]);
  });

  it.each([
    ["Market, price 2", 2],
    ["Market, price 3", 3],
    ["Market, price 4", 4],
  ])("%s sells up to 1 cacao per worker at its price", (site, price) => {
    const m = workAt(site, 3, { cacao: 5, gold: 1 });
    expect(m.options().map((o) => o.label)).toEqual(["Sell nothing", ...[1, 2, 3].map((k) => `Sell ${k} cacao for ${k * price} gold`)]);
    choose(m, "3");
    expect(village(m, 0)).toEqual({ cacao: 2, sun: 0, gold: 1 + 3 * price, water: 0 });
  });

  it("selling is optional, and a player without cacao is not asked", () => {
    const m = workAt("Market, price 4", 2, { cacao: 1 });
    expect(m.options().map((o) => o.label)).toEqual(["Sell nothing", "Sell 1 cacao for 4 gold"]);
    choose(m, "Sell nothing");
    expect(village(m, 0)).toEqual({ cacao: 1, sun: 0, gold: 0, water: 0 });
    const n = workAt("Market, price 4", 2, { cacao: 0 });
    expect(n.decision).toEqual({ players: [1], prompt: "Place a worker tile", simultaneous: false });
  });

  it("keeps at most 5 cacao, 3 sun tokens, and the water carrier stops at 16", () => {
    expect(village(workAt("Double plantation", 3, { cacao: 1 }), 0).cacao).toBe(5);
    expect(village(workAt("Sun-worshiping site", 3, { sun: 2 }), 0).sun).toBe(3);
    const m = workAt("Water", 3, { water: 6 });
    expect(village(m, 0).water).toBe(8);
    expect(m.state.messages.at(-1)!.text).toBe("Player 1 moves the water carrier to 16");
  });
});

describe("Cacao: overbuilding", () => {
  /** Player 2 has a tile next to a plantation and a market; the jungle tiles are all out. */
  function lateGame(sun: number): Match {
    const m = lay(2, {
      jungle: [
        ["Single plantation", 0, 0],
        ["Market, price 2", 1, 1],
        ["Temple", 5, 5],
      ],
      workers: [
        [1, W1111, 1, 0, 0],
        [1, W2101, 4, 5, 0],
      ],
      hands: [[W1111, W1111], [W3001, W1111]],
      villages: [{}, { sun }],
    });
    placeWorker(m, W1111, -1, 0, "1-1-1-1");
    return m;
  }

  it("once no jungle tile is left, a player may pay a sun token to build over their own tile, once a spot, and its workers act", () => {
    const m = lateGame(1);
    expect(m.decision!.prompt).toBe("Place a worker tile or overbuild?");
    choose(m, "Overbuild one of your worker tiles for 1 sun token");
    const spots = new Set(m.options().map((o) => /on (\(.*?\))/.exec(o.label)![1]));
    expect([...spots].sort()).toEqual(["(1,0)", "(4,5)"]);
    // 3 workers on the plantation, 1 on the market: the owner orders them.
    placeWorker(m, W3001, 1, 0, "0-0-1-3");
    choose(m, "Single plantation");
    choose(m, "1");
    expect(village(m, 1)).toEqual({ cacao: 2, sun: 0, gold: 2, water: 0 });
    expect(tileAt(m, 1, 0)).toEqual([`${W1111} of seat 1`, `${W3001} of seat 1`]);

    // Next turn, with a sun token again: the spot built over once is not offered.
    expect(m.decision!.players).toEqual([0]);
    setVar(m, 1, "sun", 1);
    placeWorker(m, W1111, 0, -1, "1-1-1-1");
    expect(m.decision!.players).toEqual([1]);
    choose(m, "Overbuild one of your worker tiles for 1 sun token");
    // Only (4,5) is left, and the tile in hand has one way to lie there: taken without asking.
    expect(m.state.messages.map((x) => x.text)).toContain(`Player 2: ${W1111} on (4,5), workers 1-1-1-1 (top-right-bottom-left) (only option)`);
    expect(m.state.messages.map((x) => x.text)).toContain(`Player 2 overbuilds with ${W1111} on (4,5), workers 1-1-1-1 (top-right-bottom-left)`);
  });

  it("costs a sun token: without one, a player places as usual", () => {
    const m = lateGame(0);
    expect(m.decision).toEqual({ players: [1], prompt: "Place a worker tile", simultaneous: false });
  });
});

describe("Cacao: temples and the final score", () => {
  /**
   * A temple at (0,0) with worker tiles around it (seat and workers facing it, clockwise from
   * the top); player 1 then places their last tile beside a plantation far away and the game ends.
   */
  function templeGame(around: ([seat: number, workers: number] | null)[], villages: Village[] = []): Match {
    // Which tile and turn put `n` workers on edge `edge` (0 top … 3 left) of a tile.
    const facing = (edge: number, n: number): [string, number] =>
      n === 3 ? [W3001, edge] : n === 2 ? [W2101, edge] : n === 1 ? [W1111, 0] : [W2101, (edge + 2) % 4];
    const spots: [number, number, number][] = [
      [0, -1, 2], // above the temple: its bottom edge faces it
      [1, 0, 3],
      [0, 1, 0],
      [-1, 0, 1],
    ];
    const workers: WorkerAt[] = [];
    around.forEach((a, i) => {
      if (!a) return;
      const [x, y, edge] = spots[i]!;
      const [name, r] = facing(edge, a[1]);
      workers.push([a[0], name, x, y, r]);
    });
    const m = lay(3, {
      jungle: [
        ["Temple", 0, 0],
        ["Single plantation", 10, 10],
      ],
      workers,
      hands: [[W1111]],
      villages,
    });
    placeWorker(m, W1111, 11, 10, "1-1-1-1");
    expect(m.over).toBe(true);
    expect(m.error).toBeNull();
    return m;
  }

  /** What the temples gave each player: their final score, less the -10 of a water carrier that never moved. */
  const gold = (m: Match) => {
    for (const s of [0, 1, 2]) expect(village(m, s)).toMatchObject({ gold: 0, sun: 0, water: 0 });
    return m.result!.scores.map((score) => score + 10);
  };

  it("a lone player at a temple takes 6 and nobody is second", () => {
    expect(gold(templeGame([null, [1, 2], null, null]))).toEqual([0, 6, 0]);
  });

  it("a clear first takes 6 and a clear second 3", () => {
    expect(gold(templeGame([[0, 3], [1, 2], [2, 1], null]))).toEqual([6, 3, 0]);
  });

  it("players tied for first split 6, rounded down, and nobody is second", () => {
    expect(gold(templeGame([[0, 2], [1, 2], [2, 1], null]))).toEqual([3, 3, 0]);
    expect(gold(templeGame([[0, 1], [1, 1], [2, 1], null]))).toEqual([2, 2, 2]);
  });

  it("players tied for second split 3, rounded down", () => {
    expect(gold(templeGame([[0, 3], [1, 1], null, [2, 1]]))).toEqual([6, 1, 1]);
  });

  it("counts the workers of each player's tiles together, and no one without a worker there", () => {
    expect(gold(templeGame([[0, 1], [1, 2], [0, 2], [2, 0]]))).toEqual([6, 3, 0]);
  });

  it("counts the temples as they stand in the running score, before the end", () => {
    const m = lay(3, {
      jungle: [["Temple", 0, 0]],
      workers: [
        [0, W3001, 0, -1, 2],
        [1, W1111, 1, 0, 0],
      ],
      hands: [[W1111], [W1111], [W1111]],
    });
    expect(m.over).toBe(false);
    expect(m.provisionalResult().scores).toEqual([6 - 10, 3 - 10, 0 - 10]);
  });

  it("counts only the top tile of a spot built over", () => {
    const m = lay(3, {
      jungle: [
        ["Temple", 0, 0],
        ["Single plantation", 10, 10],
      ],
      workers: [
        [0, W1111, 0, -1, 0],
        [1, W3001, 1, 0, 3], // 3 workers facing the temple, covered by the next tile
        [1, W2101, 1, 0, 1], // 0 workers facing the temple
      ],
      hands: [[W1111]],
    });
    placeWorker(m, W1111, 11, 10, "1-1-1-1");
    expect(gold(m)).toEqual([6, 0, 0]);
  });

  it("scores gold, temples, sun tokens and the water field, with most cacao breaking a tie", () => {
    const m = templeGame(
      [[0, 3], [1, 2], null, null],
      [
        { gold: 10, sun: 2, water: 5, cacao: 1 },
        { gold: 12, sun: 0, water: 0, cacao: 4 },
        { gold: 3, sun: 3, water: 8, cacao: 0 },
      ],
    );
    // Player 1 harvested 1 cacao with the last tile.
    expect(village(m, 0)).toEqual({ gold: 10, sun: 2, water: 5, cacao: 2 });
    expect(m.state.messages.map((x) => x.text).slice(-2)).toEqual([
      "Player 1 takes 6 gold at the temple on (0,0)",
      "Player 2 takes 3 gold at the temple on (0,0)",
    ]);
    expect(m.result).toEqual({
      scores: [10 + 6 + 2 + 4, 12 + 3 + 0 - 10, 3 + 0 + 3 + 16],
      tiebreaks: [[2, 4, 0]],
      ranking: [[0], [2], [1]],
      places: [1, 3, 2],
      winners: [0],
    });
  });

  it.each([
    [0, -10],
    [1, -4],
    [2, -1],
    [3, 0],
    [4, 2],
    [5, 4],
    [6, 7],
    [7, 11],
    [8, 16],
  ])("the water carrier on field %i scores %i", (field, points) => {
    const m = templeGame([null, null, null, null], [{ water: field }, { water: 3 }, { water: 3 }]);
    expect(m.result!.scores).toEqual([points, 0, 0]);
  });

  it("players tied on score and cacao share their place", () => {
    const m = templeGame([null, null, null, null], [{ gold: 9, cacao: 3 }, { gold: 10, cacao: 4 }, { gold: 10, cacao: 4 }]);
    expect(m.result!.scores).toEqual([-1, 0, 0]);
    expect(m.result!.ranking).toEqual([[1, 2], [0]]);
    expect(m.result!.winners).toEqual([1, 2]);
  });
});
