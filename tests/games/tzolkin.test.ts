import { describe, expect, it } from "vitest";
import { playRandomly, type Match } from "../../interpreter/index.ts";
import { loadGame } from "../support/games.ts";
import { choose, option, pieces, put, reoffer, scenario, setVar, takeAway } from "../support/scenario.ts";

/**
 * Tzolk'in (games/tzolkin.stela) played through the rulebook's worked
 * examples: each test lays out the gears, lets the rules take over at the
 * first player's turn and checks the exact outcome. The examples that need
 * no decision (temples at the end and middle of an age, feeding, monuments,
 * technologies) are `example` blocks in the rule file itself, run by
 * tests/dsl/examples.test.ts. Every decision these scripts take offers at
 * least two options, so choices taken without asking (a single legal
 * option) leave them unchanged.
 */

const game = loadGame("tzolkin.stela");

const pvar = (m: Match, seat: number, name: string) => m.state.pvars[seat]![name];
const global = (m: Match, name: string) => scenario(m).global(name);
const labels = (m: Match, seat: number) => m.options(seat).map((o) => o.label);

/** Answers every secret wealth-tile pick with the first tile offered. */
function draft(m: Match): void {
  while (m.decision?.simultaneous) {
    for (const p of [...m.decision.players]) m.apply(m.options(p)[0]!.id, p);
  }
}

interface Stock {
  corn?: number;
  wood?: number;
  stone?: number;
  gold?: number;
}

/** The option a player who just wants round 1 over takes: no begging, one cheap worker, then stop. */
function plainMove(m: Match, seat: number): string {
  const ls = labels(m, seat);
  return (
    ls.find((l) => l === "Do not beg") ??
    ls.find((l) => l === "Stop placing") ??
    ls.find((l) => l === "Place workers") ??
    ls.find((l) => l.startsWith("Place a worker on") && !l.includes("Starting Player")) ??
    ls[0]!
  );
}

/**
 * A match at the first player's first question of round 2 (a turn that has
 * not started: "Your turn"), after the draft and a round of one worker each,
 * laid out afresh: every worker off the gears, no non-player workers, every
 * player with `corn[seat]` corn and nothing else (no resources, points or
 * technologies, every temple marker on its start step (0)); then `layout`, and
 * the question asked again.
 */
function lay(players: number, corn: number[], layout: (m: Match) => void = () => {}): Match {
  const m = game.start({ players, seed: 1 });
  draft(m);
  for (let seat = 0; seat < players; seat++) setVar(m, seat, "corn", 20);
  reoffer(m);
  while (global(m, "round_number") === 1) {
    const seat = m.decision!.players[0]!;
    choose(m, plainMove(m, seat), seat);
  }
  expect(m.decision?.players).toEqual([0]);
  expect(m.decision?.prompt).toBe("Your turn");
  for (const p of pieces(m)) {
    if (p.kind === "Dummy" && p.board !== null) takeAway(m, p.id);
    if (p.kind === "Worker" && p.board !== null) scenario(m).move(p.id, "available", p.owner!);
  }
  for (let seat = 0; seat < players; seat++) {
    setVar(m, seat, "corn", corn[seat] ?? 0);
    setVar(m, seat, "stock", [0, 0, 0]);
    setVar(m, seat, "skulls", 0);
    setVar(m, seat, "points", 0);
    setVar(m, seat, "temple", [0, 0, 0]);
    setVar(m, seat, "tech", [0, 0, 0, 0]);
  }
  layout(m);
  reoffer(m);
  return m;
}

const GEAR_BOARD: Record<string, string> = { Palenque: "palenque", Yaxchilan: "yaxchilan", Tikal: "tikal", Uxmal: "uxmal", "Chichen Itza": "chichen_itza" };

/** Puts one of `seat`'s available workers on a gear's action space (`"Palenque", 3`). */
function worker(m: Match, seat: number, gear: string, space: number): void {
  const w = pieces(m).find((p) => p.kind === "Worker" && p.owner === seat && p.zone === "available");
  if (!w) throw new Error(`seat ${seat} has no available worker`);
  put(m, w.id, GEAR_BOARD[gear]!, [`${GEAR_BOARD[gear]} ${space}`]);
}


describe("Tzolk'in: placing workers", () => {
  it("three workers on spaces 0, 0 and 2 cost 0 + 1 + 4 = 5 corn", () => {
    const m = lay(4, [5], (m) => {
      worker(m, 1, "Uxmal", 0);
      worker(m, 1, "Uxmal", 1);
    });
    choose(m, "Place workers");
    expect(labels(m, 0)).toContain("Place a worker on Uxmal 2 for 2 corn");
    // Each gear's option points at the space the worker goes to (`option … at`): the board offers it there.
    expect(m.options(0).find((o) => o.label === "Place a worker on Uxmal 2 for 2 corn")!.spaces).toEqual(["uxmal:2,0"]);
    choose(m, "Place a worker on Palenque 0 for 0 corn");
    choose(m, "Place a worker on Yaxchilan 0 for 1 corn");
    choose(m, "Place a worker on Uxmal 2 for 4 corn");
    expect(pvar(m, 0, "corn")).toBe(0);
    // Every worker placed: the turn passes to the next player.
    expect(m.decision?.players).toEqual([1]);
  });

  it("two workers on Palenque take spaces 3 and 4 and cost 3 + 5 = 8 corn; a third is unaffordable", () => {
    const m = lay(4, [8], (m) => {
      worker(m, 1, "Palenque", 0);
      worker(m, 1, "Palenque", 1);
      worker(m, 2, "Palenque", 2);
    });
    choose(m, "Place workers");
    choose(m, "Place a worker on Palenque 3 for 3 corn");
    choose(m, "Place a worker on Palenque 4 for 5 corn");
    expect(pvar(m, 0, "corn")).toBe(0);
    expect(scenario(m).at("palenque", "palenque 4")).toHaveLength(1);
    // 0 corn left, and the cheapest third worker would cost 0 + 2: the turn is over.
    expect(m.decision?.players).toEqual([1]);
  });

  it("the Starting Player Space costs only the surcharge and takes one worker", () => {
    const m = lay(4, [3]);
    choose(m, "Place workers");
    choose(m, "Place a worker on Tikal 0 for 0 corn");
    choose(m, "Place a worker on the Starting Player Space for 1 corn");
    expect(labels(m, 0)).not.toContain("Place a worker on the Starting Player Space for 2 corn");
    choose(m, "Stop placing");
    // 3 - 1, and the corn that waited on the calendar since round 1.
    expect(pvar(m, 0, "corn")).toBe(3);
    expect(scenario(m).zone("starting_player_space")).toHaveLength(1);
  });
});

describe("Tzolk'in: picking up workers", () => {
  // "She picks up the worker on action space 2, for which she receives 1 stone and 1 corn. She
  // removes her worker from action space 3 and pays 1 corn to use action 2 … She ends up with
  // 2 stone and 1 corn."
  it("Red picks up the worker on Yaxchilan 2, then the one on 3 stepping back to 2: 2 stone and 1 corn", () => {
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Yaxchilan", 1);
      worker(m, 0, "Yaxchilan", 2);
      worker(m, 0, "Yaxchilan", 3);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Yaxchilan 3");
    // With no corn she cannot step back yet: only action 3 or nothing.
    expect(labels(m, 0)).toEqual(["Yaxchilan 3: take 1 gold and 2 corn", "No action"]);
    const again = lay(4, [0], (m) => {
      worker(m, 0, "Yaxchilan", 1);
      worker(m, 0, "Yaxchilan", 2);
      worker(m, 0, "Yaxchilan", 3);
    });
    choose(again, "Pick up workers");
    choose(again, "worker on Yaxchilan 2");
    choose(again, "Yaxchilan 2: take 1 stone and 1 corn");
    choose(again, "worker on Yaxchilan 3");
    choose(again, "Yaxchilan 2: take 1 stone and 1 corn (pay 1 corn to step back)");
    expect(labels(again, 0)).toEqual(["worker on Yaxchilan 1", "Stop picking up"]);
    choose(again, "Stop picking up");
    expect(pvar(again, 0, "stock")).toEqual([0, 2, 0]);
    expect(pvar(again, 0, "corn")).toBe(1);
  });

  // "She picks up the worker on action space 3 to take a Wood Harvest Tile and gain 2 wood … she
  // uses the worker on action space 4 to burn the forest and harvest 7 corn. She moves her
  // marker down one step on one of the temples."
  it("Red takes a wood tile on Palenque 3, then burns the forest on 4 for 7 corn and a step down", () => {
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Palenque", 1);
      worker(m, 0, "Palenque", 3);
      worker(m, 0, "Palenque", 4);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Palenque 3");
    expect(labels(m, 0)).toEqual([
      "Palenque 3: take a wood harvest tile (2 wood)",
      "Palenque 3: burn the forest for a corn tile (5 corn, one temple step down)",
      "No action",
    ]);
    choose(m, "Palenque 3: take a wood harvest tile (2 wood)");
    choose(m, "worker on Palenque 4");
    choose(m, "Palenque 4: burn the forest for a corn tile (7 corn, one temple step down)");
    choose(m, "Step down Kukulcan (green) to step -1");
    choose(m, "Stop picking up");
    expect(pvar(m, 0, "stock")).toEqual([2, 0, 0]);
    expect(pvar(m, 0, "corn")).toBe(7);
    expect(pvar(m, 0, "temple")).toEqual([0, 0, -1]);
    expect(pvar(m, 0, "corn_tiles")).toBe(1);
    expect(pvar(m, 0, "wood_tiles")).toBe(1);
    // The burnt wood tile is gone with its corn tile; the wood tile taken uncovered a corn tile on 3.
    expect(m.state.spaces!["palenque:4,0"]).toEqual({ corn_tiles: 3, wood_tiles: 3 });
    expect(m.state.spaces!["palenque:3,0"]).toEqual({ corn_tiles: 4, wood_tiles: 3 });
  });

  // "Red can pay 1 corn to enable the worker on action space 4 to perform action 3 and harvest 5
  // corn without angering the gods … she ends up with 4 more than she had before."
  it("after the wood tile, the worker on 4 pays 1 corn for the corn tile it uncovered on 3: 4 more corn", () => {
    const m = lay(4, [1], (m) => {
      worker(m, 0, "Palenque", 3);
      worker(m, 0, "Palenque", 4);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Palenque 3");
    choose(m, "Palenque 3: take a wood harvest tile (2 wood)");
    choose(m, "worker on Palenque 4");
    choose(m, "Palenque 3: take a corn harvest tile (5 corn) (pay 1 corn to step back)");
    expect(pvar(m, 0, "corn")).toBe(5);
    expect(pvar(m, 0, "temple")).toEqual([0, 0, 0]);
  });

  it("a free-choice space offers every action of its gear at no cost; Chichen Itza's skull spaces are used once", () => {
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Chichen Itza", 10);
      worker(m, 0, "Chichen Itza", 4);
      setVar(m, 0, "skulls", 2);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Chichen Itza 10");
    expect(labels(m, 0)).toHaveLength(10);
    choose(m, "Chichen Itza 9: place a crystal skull for 13 points and a step on Quetzalcoatl (yellow) and a resource block");
    choose(m, "Take 1 gold");
    expect(pvar(m, 0, "points")).toBe(13);
    expect(pvar(m, 0, "temple")).toEqual([0, 1, 0]);
    expect(pvar(m, 0, "stock")).toEqual([0, 0, 1]);
    choose(m, "worker on Chichen Itza 4");
    expect(labels(m, 0)).toContain("Chichen Itza 4: place a crystal skull for 7 points and a step on Kukulcan (green)");
    const later = lay(4, [0], (m) => {
      worker(m, 0, "Chichen Itza", 10);
      worker(m, 0, "Uxmal", 1);
      setVar(m, 0, "skulls", 1);
      m.state.spaces!["chichen_itza:9,0"] = { skull: true };
    });
    choose(later, "Pick up workers");
    choose(later, "worker on Chichen Itza 10");
    expect(labels(later, 0).filter((l) => l.startsWith("Chichen Itza 9"))).toEqual([]);
    expect(labels(later, 0)).toHaveLength(9);
  });
});

describe("Tzolk'in: begging for corn", () => {
  /** Seat 0 places one worker on Tikal and stops: then seat 1's turn starts. */
  function firstTurn(m: Match): void {
    choose(m, "Place workers");
    choose(m, "Place a worker on Tikal 0 for 0 corn");
    choose(m, "Stop placing");
  }

  it("with 2 corn or less a player may beg: discard the corn, take 3, step down a temple", () => {
    const m = lay(4, [5, 2]);
    firstTurn(m);
    expect(m.decision?.players).toEqual([1]);
    expect(labels(m, 1)).toEqual(["Beg for corn: discard your corn, take 3, step down a temple", "Do not beg"]);
    choose(m, "Beg for corn: discard your corn, take 3, step down a temple", 1);
    choose(m, "Step down Chaac (brown) to step -1", 1);
    expect(pvar(m, 1, "corn")).toBe(3);
    expect(pvar(m, 1, "temple")).toEqual([-1, 0, 0]);
  });

  /** Every space 0 taken (and the Starting Player Space): seat 1, with no corn and no worker on a gear, cannot place. */
  function blocked(temple: number[]): Match {
    return lay(4, [5, 0], (m) => {
      for (const [seat, gear] of [[2, "Palenque"], [2, "Yaxchilan"], [2, "Tikal"], [3, "Uxmal"], [3, "Chichen Itza"]] as const) worker(m, seat, gear, 0);
      const w = pieces(m).find((p) => p.kind === "Worker" && p.owner === 3 && p.zone === "available")!;
      scenario(m).move(w.id, "starting_player_space");
      setVar(m, 1, "temple", temple);
    });
  }

  it("a player who cannot place and has no worker to pick up must beg", () => {
    const m = blocked([0, 0, 0]);
    choose(m, "Place workers");
    choose(m, "Place a worker on Palenque 1 for 1 corn");
    choose(m, "Stop placing");
    // Seat 1 is not asked whether to beg: only which temple to step down.
    expect(m.decision?.prompt).toBe("Step down a temple");
    choose(m, "Step down Kukulcan (green) to step -1", 1);
    expect(pvar(m, 1, "corn")).toBe(3);
  });

  it("at the bottom of every temple a player cannot beg: one worker on a cheapest space, and all corn to the bank", () => {
    const m = blocked([-1, -1, -1]);
    setVar(m, 1, "corn", 0);
    choose(m, "Place workers");
    choose(m, "Place a worker on Palenque 1 for 1 corn");
    choose(m, "Stop placing");
    expect(labels(m, 1)).toEqual([
      "Place a worker on Yaxchilan 1 and give up your corn",
      "Place a worker on Tikal 1 and give up your corn",
      "Place a worker on Uxmal 1 and give up your corn",
      "Place a worker on Chichen Itza 1 and give up your corn",
    ]);
    choose(m, "Place a worker on Tikal 1 and give up your corn", 1);
    expect(scenario(m).at("tikal", "tikal 1")).toHaveLength(1);
    expect(pvar(m, 1, "corn")).toBe(0);
  });
});

describe("Tzolk'in: Tikal and Uxmal", () => {
  /** Empties the building row back into the Age 1 pile and lays out the named buildings in it. */
  function row(m: Match, names: string[]): void {
    const all = pieces(m).filter((p) => p.kind === "Building");
    for (const b of all.filter((p) => p.zone === "building_row")) scenario(m).move(b.id, "age1_deck");
    const used = new Set<number>();
    for (const n of names) {
      const b = all.find((p) => p.fields["text"] === n && !used.has(p.id))!;
      used.add(b.id);
      scenario(m).move(b.id, "building_row");
    }
  }

  it("Tikal 3 advances two technologies, paying 1 then 2 blocks", () => {
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Tikal", 3);
      worker(m, 0, "Uxmal", 1);
      setVar(m, 0, "stock", [2, 2, 0]);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Tikal 3");
    choose(m, "Tikal 3: advance one or two technologies");
    expect(labels(m, 0)).toEqual([
      "Agriculture: level 1 for 1 resource blocks",
      "Resource extraction: level 1 for 1 resource blocks",
      "Architecture: level 1 for 1 resource blocks",
      "Theology: level 1 for 1 resource blocks",
    ]);
    choose(m, "Agriculture: level 1 for 1 resource blocks");
    choose(m, "Pay 1 stone (of your 2)");
    choose(m, "Advance a second technology");
    choose(m, "Agriculture: level 2 for 2 resource blocks");
    choose(m, "Pay 1 wood (of your 2)");
    choose(m, "Pay 1 stone (of your 1)");
    expect(pvar(m, 0, "tech")).toEqual([2, 0, 0, 0]);
    expect(pvar(m, 0, "stock")).toEqual([1, 0, 0]);
  });

  it("past level 3 an advance costs 1 block and gives the bonus: Architecture's 3 points", () => {
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Tikal", 1);
      worker(m, 0, "Uxmal", 1);
      setVar(m, 0, "stock", [0, 1, 1]);
      setVar(m, 0, "tech", [0, 0, 3, 0]);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Tikal 1");
    choose(m, "Tikal 1: advance one technology");
    choose(m, "Architecture: take the bonus (3 points) for 1 resource blocks");
    choose(m, "Pay 1 gold (of your 1)");
    expect(pvar(m, 0, "stock")).toEqual([0, 1, 0]);
    expect(pvar(m, 0, "points")).toBe(3);
    expect(pvar(m, 0, "tech")).toEqual([0, 0, 3, 0]);
  });

  it("Tikal 4 builds two buildings; Architecture 1's corn counts for one of them only", () => {
    const farm = "Farm: one worker needs no corn";
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Tikal", 4);
      worker(m, 0, "Uxmal", 1);
      setVar(m, 0, "stock", [3, 0, 0]);
      setVar(m, 0, "tech", [0, 0, 1, 0]);
      row(m, [farm, farm, "Civic: Agriculture +1"]);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Tikal 4");
    choose(m, "Tikal 4: construct one or two buildings");
    choose(m, "Architecture for the first building");
    choose(m, `${farm} (costs 1 wood)`);
    choose(m, "Construct a second building");
    choose(m, `${farm} (costs 1 wood)`);
    expect(pvar(m, 0, "corn")).toBe(1);
    expect(scenario(m).zone("built", 0)).toHaveLength(2);
    expect(pvar(m, 0, "stock")).toEqual([1, 0, 0]);
  });

  // "If the first building gives you a new architecture technology, you may apply that effect …
  // to the second building, as long as you applied no architecture effects to the first one."
  it("Tikal 4 at Architecture 0: a first building giving Architecture 1 earns the second its corn", () => {
    const shrine = "Shrine: Architecture +1";
    const farm = "Farm: one worker needs no corn";
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Tikal", 4);
      worker(m, 0, "Uxmal", 1);
      setVar(m, 0, "stock", [1, 0, 1]);
      row(m, [shrine, farm]);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Tikal 4");
    choose(m, "Tikal 4: construct one or two buildings");
    // No Architecture to place yet: no question which building gets it.
    choose(m, `${shrine} (costs 1 gold)`);
    expect(pvar(m, 0, "tech")).toEqual([0, 0, 1, 0]);
    expect(pvar(m, 0, "corn")).toBe(0);
    choose(m, "Construct a second building");
    choose(m, `${farm} (costs 1 wood)`);
    expect(pvar(m, 0, "corn")).toBe(1);
    expect(scenario(m).zone("built", 0)).toHaveLength(2);
  });

  it("Uxmal 4 builds paying 2 corn a block: the 1 wood, 2 stone tomb costs 6 corn and climbs two temples", () => {
    const tomb = "Tomb: Chaac +1, Kukulcan +1";
    const m = lay(4, [10], (m) => {
      worker(m, 0, "Uxmal", 4);
      worker(m, 0, "Tikal", 1);
      row(m, [tomb, "Shrine: Architecture +1"]);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Uxmal 4");
    choose(m, "Uxmal 4: construct a building paying corn");
    choose(m, `${tomb} (costs 1 wood, 2 stone)`);
    expect(pvar(m, 0, "corn")).toBe(4);
    expect(pvar(m, 0, "temple")).toEqual([1, 0, 1]);
  });

  it("Uxmal 2's market: wood 2, stone 3, gold 4 corn each way; a resource sold is not bought back in the same exchange", () => {
    const m = lay(4, [5], (m) => {
      worker(m, 0, "Uxmal", 2);
      worker(m, 0, "Tikal", 1);
      setVar(m, 0, "stock", [1, 1, 0]);
    });
    choose(m, "Pick up workers");
    choose(m, "worker on Uxmal 2");
    choose(m, "Uxmal 2: exchange at the market");
    choose(m, "Sell 1 stone for 3 corn");
    expect([pvar(m, 0, "corn"), pvar(m, 0, "stock")]).toEqual([8, [1, 0, 0]]);
    expect(labels(m, 0)).not.toContain("Buy 1 stone for 3 corn");
    choose(m, "Buy 1 gold for 4 corn");
    choose(m, "Buy 1 wood for 2 corn");
    expect([pvar(m, 0, "corn"), pvar(m, 0, "stock")]).toEqual([2, [2, 0, 1]]);
    // Bought: not sold again here. What is left: one more wood, or stop.
    expect(labels(m, 0)).toEqual(["Buy 1 wood for 2 corn", "Done trading"]);
    choose(m, "Done trading");
    expect([pvar(m, 0, "corn"), pvar(m, 0, "stock")]).toEqual([2, [2, 0, 1]]);
  });

  /** Seat 0 with one skull, no corn and Theology at `theology`, picking up its worker on Chichen Itza `space` (and one on Uxmal 1 waits). */
  function chichenPickUp(space: number, theology: number): Match {
    const m = lay(4, [0], (m) => {
      worker(m, 0, "Chichen Itza", space);
      worker(m, 0, "Uxmal", 1);
      setVar(m, 0, "skulls", 1);
      setVar(m, 0, "tech", [0, 0, 0, theology]);
    });
    choose(m, "Pick up workers");
    choose(m, `worker on Chichen Itza ${space}`);
    return m;
  }

  it("Theology 1 lets a worker on Chichen Itza 3 use the space ahead, for nothing", () => {
    const m = chichenPickUp(3, 1);
    expect(labels(m, 0)).toEqual([
      "Chichen Itza 3: place a crystal skull for 6 points and a step on Chaac (brown)",
      "Chichen Itza 4: place a crystal skull for 7 points and a step on Kukulcan (green)",
      "No action",
    ]);
    choose(m, "Chichen Itza 4: place a crystal skull for 7 points and a step on Kukulcan (green)");
    expect(pvar(m, 0, "points")).toBe(7);
    expect(pvar(m, 0, "skulls")).toBe(0);
  });

  // Theology 1: "the action 1 space ahead"; ahead of 9 is space 10, "any one of 1–9 without extra corn".
  it("Theology 1 on Chichen Itza 9 reaches the free-choice space: any skull action, for nothing", () => {
    const m = chichenPickUp(9, 1);
    expect(labels(m, 0)).toHaveLength(10);
    expect(labels(m, 0).filter((l) => l.includes("to step back"))).toEqual([]);
    choose(m, "Chichen Itza 2: place a crystal skull for 5 points and a step on Chaac (brown)");
    expect(pvar(m, 0, "points")).toBe(5);
    expect(pvar(m, 0, "corn")).toBe(0);
    // Without Theology, the same worker with no corn has only its own space's action.
    const plain = chichenPickUp(9, 0);
    expect(labels(plain, 0)).toEqual(["Chichen Itza 9: place a crystal skull for 13 points and a step on Quetzalcoatl (yellow) and a resource block", "No action"]);
  });
});

describe("Tzolk'in: the calendar", () => {
  /** Seat 1 on the Starting Player Space, seat 0 with a worker on Tikal `space`; both place a worker and stop (round 2, day 1). */
  function roundWith(space: number): Match {
    const m = lay(2, [0, 5], (m) => {
      worker(m, 0, "Tikal", space);
      const w = pieces(m).find((p) => p.kind === "Worker" && p.owner === 1 && p.zone === "available")!;
      scenario(m).move(w.id, "starting_player_space");
    });
    expect(global(m, "day")).toBe(1);
    choose(m, "Place workers");
    // With no corn left for a second worker the turn ends by itself.
    choose(m, "Place a worker on Palenque 0 for 0 corn");
    choose(m, "Place a worker on Yaxchilan 0 for 0 corn");
    choose(m, "Stop placing");
    return m;
  }

  it("a worker on Tikal 6 forbids the 2-day advance: the calendar moves 1 day", () => {
    const m = roundWith(6);
    expect(global(m, "day")).toBe(2);
    expect(global(m, "start_player")).toBe(1);
    expect(pvar(m, 1, "light_side")).toBe(true);
    expect(scenario(m).at("tikal", "tikal 7")).toHaveLength(1);
  });

  it("a worker on Tikal 7 does not (it is pushed off anyway): 2 days, and the board turns dark", () => {
    const m = roundWith(7);
    expect(m.decision?.players).toEqual([1]);
    expect(labels(m, 1)).toEqual(["Advance the calendar 1 day", "Advance the calendar 2 days (turn your board to its dark side)"]);
    choose(m, "Advance the calendar 2 days (turn your board to its dark side)", 1);
    expect(global(m, "day")).toBe(3);
    expect(pvar(m, 1, "light_side")).toBe(false);
    // Pushed off on the first day: back with the 2 workers seat 0 did not place.
    expect(scenario(m).zone("available", 0)).toHaveLength(2);
    // The workers placed this round moved 2 spaces.
    expect(scenario(m).at("palenque", "palenque 2")).toHaveLength(1);
    expect(scenario(m).at("yaxchilan", "yaxchilan 2")).toHaveLength(1);
  });

  it("nobody took the Starting Player Space in round 1: its corn waits for whoever takes it", () => {
    const m = lay(2, [0, 0]);
    expect(global(m, "accumulated_corn")).toBe(1);
    choose(m, "Place workers");
    choose(m, "Place a worker on the Starting Player Space for 0 corn");
    expect(global(m, "accumulated_corn")).toBe(0);
    expect(pvar(m, 0, "corn")).toBe(1);
  });
});

describe("Tzolk'in: setup", () => {
  function dummies(m: Match): string[] {
    return pieces(m)
      .filter((p) => p.kind === "Dummy" && p.board !== null)
      .map((p) => scenario(m).pieces()[p.id]!.spaces[0]!)
      .sort();
  }

  it("2 players: 12 non-player workers, the first on each small gear with a second opposite it; 2 fields a jungle group", () => {
    for (const seed of [1, 2, 3]) {
      const m = game.start({ players: 2, seed });
      const spots = dummies(m);
      expect(spots).toHaveLength(12);
      expect(new Set(spots).size).toBe(12);
      for (const gear of ["palenque", "yaxchilan", "tikal", "uxmal"]) {
        const on = spots.filter((s) => s.startsWith(gear + " ")).map((s) => Number(s.split(" ")[1]));
        // The first on a gear brings a second opposite it, unless it was the last one to place.
        if (on.length > 1) expect(on.some((x) => on.includes((x + 5) % 10))).toBe(true);
      }
      expect(m.state.spaces!["palenque:5,0"]).toEqual({ corn_tiles: 2, wood_tiles: 2 });
      expect(scenario(m).zone("monuments")).toHaveLength(4);
    }
  });

  it("3 players: 6 non-player workers; 4 players: none; 5 and 6 monuments", () => {
    const three = game.start({ players: 3, seed: 4 });
    expect(dummies(three)).toHaveLength(6);
    expect(scenario(three).zone("monuments")).toHaveLength(5);
    const four = game.start({ players: 4, seed: 4 });
    expect(dummies(four)).toHaveLength(0);
    expect(scenario(four).zone("monuments")).toHaveLength(6);
    expect(four.state.spaces!["palenque:2,0"]).toEqual({ corn_tiles: 4 });
  });

  it("each player keeps 2 of 4 wealth tiles in one secret pick, and gains them", () => {
    const m = game.start({ players: 2, seed: 5 });
    expect(m.decision?.simultaneous).toBe(true);
    // The 6 pairs of 4 tiles.
    expect(m.options(0)).toHaveLength(6);
    const kept = m.options(0)[0]!;
    expect(kept.label).toMatch(/^.+ and .+$/);
    m.apply(kept.id, 0);
    // The other player sees nothing of it until both have chosen.
    expect(m.view(1).log.map((l) => l.label)).not.toContain(kept.label);
    m.apply(m.options(1)[0]!.id, 1);
    expect(scenario(m).zone("kept", 0)).toHaveLength(2);
    expect(scenario(m).zone("dealt", 0)).toHaveLength(0);
    expect(m.view(1).log.map((l) => l.label)).toContain(kept.label);
  });
});

describe("Tzolk'in: a whole game", () => {
  it("random players reach the 4th Food Day (day 26), and the ranking follows the points", () => {
    const m = game.start({ players: 4, seed: 11 });
    playRandomly(m, 11);
    expect(m.error).toBeNull();
    expect(m.over).toBe(true);
    expect(global(m, "food_days")).toBe(4);
    expect(global(m, "day")).toBe(26);
    const r = m.result!;
    expect(r.scores).toHaveLength(4);
    const order = r.ranking.flat();
    for (let i = 1; i < order.length; i++) expect(r.scores[order[i - 1]!]!).toBeGreaterThanOrEqual(r.scores[order[i]!]!);
    // The final points: points, a quarter point a corn (resources at the market rate), 3 a skull, monuments.
    for (let seat = 0; seat < 4; seat++) expect(r.scores[seat]).toBe(scenario(m).call("final_points", seat));
  });

  it("tied on points, more workers staying on the gears after one more advance wins (a worker on 7 would not stay)", () => {
    const m = lay(2, [0, 0], (m) => {
      worker(m, 0, "Tikal", 3);
      worker(m, 0, "Uxmal", 7);
      worker(m, 0, "Chichen Itza", 10);
      worker(m, 1, "Tikal", 4);
      worker(m, 1, "Yaxchilan", 6);
      setVar(m, 0, "points", 20);
      setVar(m, 1, "points", 20);
    });
    expect(scenario(m).call("staying", 0)).toBe(1);
    expect(scenario(m).call("staying", 1)).toBe(2);
    scenario(m).end();
    const r = m.result!;
    expect(r.scores[0]).toBe(r.scores[1]);
    expect(r.ranking).toEqual([[1], [0]]);
  });
});
