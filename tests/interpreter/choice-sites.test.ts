import { describe, expect, it } from "vitest";
import { siteKey, type ChoiceSite } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * `Game.choiceSites` lists where the rules may ask someone to decide; `Match.decisionSites` says
 * where the pending decision was asked, with the same spans, so a tool can tell which choices a
 * run of matches never offered (`stela check --smoke`).
 */
describe("choice sites", () => {
  const game = gameFromSource(`
game "Sites" { players 2 }
per player { score: number = 0 }
procedure bonus(p: player) {
  let _b = choose b from 1..2 by p prompt "Bonus {p.score}"
}
flow {
  turn players[0] {
    let n = choose n from 1..3
    choose prompt "Act" {
      option "Grow" { current.score += n }
      option "Trade" when n > 9 { bonus(current) }
      option "Rest" {}
    }
    let _s = secretly each p in players chooses x from 1..2 prompt "Bid"
  }
}
scoring p { points p.score }
`);
  const at = (s: { start: { line: number; column: number } }): string => `${s.start.line}:${s.start.column}`;

  it("lists every choose, secret choice, block of named options and option, with the prompt as written", () => {
    const sites = game.choiceSites();
    expect(sites.map((s: ChoiceSite) => [s.kind, at(s.span), s.prompt ?? null, s.block ? at(s.block) : null])).toEqual([
      ["choose", "5:12", "Bonus {p.score}", null],
      ["choose", "9:13", null, null],
      ["options", "10:5", "Act", null],
      ["option", "11:7", "Grow", "10:5"],
      ["option", "12:7", "Trade", "10:5"],
      ["option", "13:7", "Rest", "10:5"],
      ["secret", "15:14", "Bid", null],
    ]);
  });

  it("a pending decision names its site, and a block of named options the options it offers", () => {
    const m = game.start({ players: 2, seed: 1 });
    expect(m.decisionSites.map(at)).toEqual(["9:13"]);
    m.applyAt(0);
    // "Trade" is not offered (its `when` does not hold): only the block, "Grow" and "Rest".
    expect(m.decisionSites.map(at)).toEqual(["10:5", "11:7", "13:7"]);
    m.applyAt(0);
    expect(m.decisionSites.map(at)).toEqual(["15:14"]);
    const keys = new Set(game.choiceSites().map((s) => siteKey(s.span)));
    expect(m.decisionSites.every((s) => keys.has(siteKey(s)))).toBe(true);
    m.applyAt(0, 0);
    m.applyAt(0, 1);
    expect(m.over).toBe(true);
    expect(m.decisionSites).toEqual([]);
  });

  it("a choice taken without asking (one legal option) is told with its sites, from setup on; a copy is not told", () => {
    const forced = gameFromSource(`
game "Forced" { players 2 }
setup {
  let _s = choose s from [7] by players[0] prompt "Only seven"
}
flow {
  turn players[0] {
    choose prompt "Act" {
      option "Grow" when false {}
      option "Rest" {}
    }
    let _n = choose n from 1..2 prompt "Two"
    let _o = choose o from [1] prompt "One"
  }
}
scoring p { points 0 }
`);
    const told: string[][] = [];
    const m = forced.start({ players: 2, seed: 1, onForcedChoice: (sites) => told.push(sites.map(at)) });
    // Setup's choice and the block with one option offered were taken before the first decision.
    expect(told).toEqual([["4:12"], ["8:5", "10:7"]]);
    expect(m.decisionSites.map(at)).toEqual(["12:14"]);
    // The choice after "Two" has one option: taken on a copy, nobody is told; on the match, it is.
    m.clone().applyAt(0);
    expect(told).toHaveLength(2);
    m.applyAt(0);
    expect(told.at(-1)).toEqual(["13:14"]);
    // Without a listener nothing is told, and the game is the same.
    const quiet = forced.start({ players: 2, seed: 1 });
    expect(quiet.onForcedChoice).toBeUndefined();
    expect(quiet.decisionSites.map(at)).toEqual(["12:14"]);
  });

  it("a variant lists its own rules' sites, not those it replaces", () => {
    const v = gameFromSource(`
game "V" { players 2 }
procedure act() { let _a = choose a from 1..2 prompt "Base" }
flow { turn players[0] { act() } }
scoring p { points 0 }
variant "Other" {
  override procedure act() { let _a = choose a from 1..2 prompt "Other" }
}
`);
    expect(v.choiceSites().map((s) => s.prompt)).toEqual(["Base"]);
    expect(v.choiceSites("Other").map((s) => s.prompt)).toEqual(["Other"]);
  });
});
