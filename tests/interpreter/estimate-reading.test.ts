import { describe, expect, it } from "vitest";
import { estimateReadsChanged, estimateReadsSeat, firstPlayerVerdict } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";
import { estimateNote, type Comparison } from "../../interpreter/cli/compare-command.ts";
import { ruleFiles, stela } from "../cli/run-stela.ts";

const SOURCE = `game "Est" { players 2 }
const BONUS = 4
const ROUNDS = 3
table rank { 1..5 -> 1  else -> 2 }
per player { gold: number = 0 }
define worth(p: player): number = p.gold * BONUS + rank[p.gold]
flow {
  repeat ROUNDS { for p in players { turn p { let n = choose n from 1..3 prompt "Gold"
    p.gold += n } } }
}
scoring p { points p.gold }
estimate p { worth(p) }
variant "Small" { override const BONUS = 2 }
variant "Long" { override const ROUNDS = 4 }
variant "Ranked" { override table rank { 1..9 -> 1  else -> 2 } }
variant "Guess" { override estimate p { p.gold } }
variant "Flat" { override define worth(p: player): number = p.gold }
`;

describe("what the bots' estimate reads", () => {
  const game = gameFromSource(SOURCE);
  const base = game.definition("");
  const changed = (variant: string): string[] => estimateReadsChanged(base, game.definition(variant));

  it("differs where a variant changes a constant, a table or the estimate it reaches, and not elsewhere", () => {
    // A constant is folded into the define that reads it.
    expect(changed("Small")).toEqual(["worth"]);
    expect(changed("Ranked")).toEqual(["rank"]);
    // What only one side reaches is reached through what changed, which is named: not the base's
    // own `worth` and `rank`, which the new estimate no longer reads (a designer looked for changes
    // to them that were not there).
    expect(changed("Guess")).toEqual(["estimate"]);
    expect(changed("Flat")).toEqual(["worth"]);
    // The flow changed, not what the estimate is made of.
    expect(changed("Long")).toEqual([]);
    // One side steers by an estimate, the other by the score.
    const none = gameFromSource(SOURCE.replace("estimate p { worth(p) }", "").replace(/variant "Guess"[^\n]*\n/, ""));
    expect(estimateReadsChanged(none.definition(""), base)).toEqual(["estimate"]);
    expect(estimateReadsChanged(none.definition(""), none.definition("Small"))).toEqual([]);
  });

  it("differs where a variant changes only the components' values of a field the estimate reads", () => {
    const cards = `game "Cards" { players 2 }
kind Card { worth: number  colour: text }
components Card in deck {
  "Low" x3 { worth: 1, colour: "red" }
  "High" x2 { worth: 5, colour: "blue" }
}
zone deck: Card hidden
zone kept per player: Card public
flow { for p in players { turn p { let c = choose c from deck prompt "Take"
  move c to p.kept } } }
scoring p { points sum c.worth for c in p.kept }
define value(p: player): number = sum c.worth for c in p.kept
estimate p { value(p) }
variant "Dear" { override components Card in deck {
  "Low" x3 { worth: 1, colour: "red" }
  "High" x2 { worth: 9, colour: "blue" }
} }
variant "Painted" { override components Card in deck {
  "Low" x3 { worth: 1, colour: "green" }
  "High" x2 { worth: 5, colour: "blue" }
} }
variant "More high" { override components Card in deck {
  "Low" x2 { worth: 1, colour: "red" }
  "High" x3 { worth: 5, colour: "blue" }
} }
`;
    const g = gameFromSource(cards);
    // The define reads \`worth\` (not the estimate's own block): still the estimate's reading.
    expect(estimateReadsChanged(g.definition(""), g.definition("Dear"))).toEqual(["field:worth"]);
    // A field the estimate never reads changes nothing of it.
    expect(estimateReadsChanged(g.definition(""), g.definition("Painted"))).toEqual([]);
    // Nor do other counts of the same cards: each is valued as before, and the bots steer alike.
    expect(estimateReadsChanged(g.definition(""), g.definition("More high"))).toEqual([]);
    // Two tiles whose gain and cost are swapped between them are valued otherwise, though each
    // field's values are the same: the fields of a piece are read together.
    const tiles = (a: string, b: string) => `game "Tiles" { players 2 }
kind Tile { gain: number  cost: number }
components Tile in pool { x2 ${a}  x2 ${b} }
zone pool: Tile public
zone kept per player: Tile public
flow { for p in players { turn p { let t = choose t from pool prompt "Take"
  move t to p.kept } } }
scoring p { points sum t.gain - t.cost for t in p.kept }
estimate p { sum t.gain - t.cost for t in p.kept }
variant "Swapped" { override components Tile in pool { x2 { gain: 1, cost: 4 }  x2 { gain: 5, cost: 1 } } }
`;
    const t = gameFromSource(tiles("{ gain: 1, cost: 1 }", "{ gain: 5, cost: 4 }"));
    expect(estimateReadsChanged(t.definition(""), t.definition("Swapped"))).toEqual(["field:cost", "field:gain"]);
    expect(estimateNote({ estimateReadsChanged: ["field:worth"], pairs: 4 } as Comparison)).toContain("reads what B changes (the components' `worth`)");
  });

  it("is said in compare's notes with the names", () => {
    const c = { estimateReadsChanged: ["estimate", "worth"] } as Comparison;
    expect(estimateNote(c)).toBe(
      "the bots' estimate reads what B changes (the estimate itself and `worth`): each side's bots judge positions by their own, so a change below may come from how they steer (what they buy, keep or avoid) as much as from the game; a measure of what they do tells which",
    );
    expect(estimateNote({} as Comparison)).toBeUndefined();
    // Read by compare when the bots steer by the estimate; random bots never read it.
    const file = ruleFiles({ "est.stela": SOURCE })["est.stela"]!;
    const run = (bots: string) => stela(["compare", file, "--variant-a", "", "--variant-b", "Small", "--games", "4", "--bots", bots, "--workers", "1", "--no-progress", "--json"]);
    expect(JSON.parse(run("greedy").out).estimateReadsChanged).toEqual(["worth"]);
    expect(JSON.parse(run("random").out).estimateReadsChanged).toBeUndefined();
  }, 60_000);
});

/**
 * A variant that gives one seat another estimate (as the README suggests, to test an estimate) makes
 * bots judge the seats apart: a first-player verdict then cannot tell the first seat from its
 * estimate. A designer read "a first-player advantage, p = 2e-6" from such a run.
 */
describe("an estimate that reads the seat", () => {
  const rules = (estimate: string) => `game "Race" { players 2 }
per player { score: number = 0 }
define mine(p: player): number = if p.seat == 0 then p.score else 0
flow { for p in players { turn p { let n = choose n from 1..3 prompt "Step"  p.score += n } } }
${estimate}
scoring p { points p.score }`;

  it("is found in the estimate and in what it calls", () => {
    expect(estimateReadsSeat(gameFromSource(rules("estimate p { if p.seat == 1 then 0 else p.score }")).definition())).toBe(true);
    expect(estimateReadsSeat(gameFromSource(rules("estimate p { mine(p) }")).definition())).toBe(true);
    expect(estimateReadsSeat(gameFromSource(rules("estimate p { p.score }")).definition())).toBe(false);
    expect(estimateReadsSeat(gameFromSource(rules("")).definition())).toBe(false);
  });

  it("makes the first-player verdict say it cannot tell the seat from its estimate, for bots that judge", () => {
    const test = { wins: 161, decisive: 180, fairShare: 0.5, pValue: 3e-29, seatEstimate: true as const };
    expect(firstPlayerVerdict(["greedy"], test)).toMatch(/^the game's `estimate` reads each player's seat, so bots that judge by it may judge the seats apart/);
    // Random bots read no estimate.
    expect(firstPlayerVerdict(["random"], { ...test, pValue: 0.5 })).toBe("no evidence of a first-player effect");
  });
});
