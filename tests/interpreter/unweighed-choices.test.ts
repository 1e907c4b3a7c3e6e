import { uniformInt } from "pure-rand/distribution/uniformInt";
import { describe, expect, it } from "vitest";
import { botRandom } from "../../interpreter/bots/seeds.ts";
import { playOut, RandomBot, type Match } from "../../interpreter/index.ts";
import { gameFromSource, loadGame } from "../support/games.ts";

/**
 * A choice whose `where` filters may wait (`ChoiceState.unweighed`): its candidates are weighed
 * only when someone needs to know, and a random draw weighs only what it draws.
 */
describe("unweighed choices", () => {
  // 25 candidates, 9 legal (the left column and the top row), or with `stop`, 10 options.
  const source = (where: string, extra = "") => `
    game "Edge" { players 2 }
    kind Mark { mark: number }
    zone supply per player: Mark
    components Mark per player in supply { x5 { mark: 1 } }
    board b: grid(5, 5)
    var taken: list of space = []
    flow {
      turn players[0] {
        let s = choose s from spaces(b) where ${where} prompt "Mark a space" ${extra}
        if s != none { place top(players[0].supply) at s  taken = [s] }
      }
    }
    scoring p { points 0 }
  `;
  const edge = "s.x == 0 or s.y == 0";

  it("keeps its candidates, weighs them when asked, and listing them changes nothing in the state", () => {
    const m = gameFromSource(source(edge)).start({ players: 2, seed: 1 });
    const p = m.state.pending;
    expect(p?.kind === "choose" && p.choice.unweighed).toBe(true);
    expect(p?.kind === "choose" ? p.choice.values.length : 0).toBe(25);
    const before = JSON.stringify(m.toJSON());
    expect(m.optionCount()).toBe(9);
    expect(m.options().map((o) => o.label)).toEqual(["a1", "a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"]);
    // Counted again, it is read off what the first count weighed (no rule runs); nobody else owes.
    expect(m.optionCount()).toBe(9);
    expect(m.optionCount(0)).toBe(9);
    expect(m.optionCount(1)).toBe(0);
    expect(JSON.stringify(m.toJSON())).toBe(before);
  });

  it("is taken without asking when one candidate passes, as any choice", () => {
    const m = gameFromSource(source("s.x == 3 and s.y == 2")).start({ players: 2, seed: 1 });
    expect(m.over).toBe(true);
    expect(m.state.messages.map((x) => x.text)).toEqual(["Player 1: d3 (only option)"]);
  });

  it("draws each legal option (and the stop option) as often as any other", () => {
    for (const [extra, n] of [["", 9], ['stop "Pass"', 10]] as const) {
      const start = gameFromSource(source(edge, extra)).start({ players: 2, seed: 1 });
      const rng = botRandom(42);
      const pick = (k: number): number => uniformInt(rng, 0, k - 1);
      const counts = new Map<string, number>();
      const draws = 1000 * n;
      for (let i = 0; i < draws; i++) {
        const m = start.clone();
        expect(m.applyRandom(pick).ok).toBe(true);
        const label = m.log[0]!.label;
        counts.set(label, (counts.get(label) ?? 0) + 1);
      }
      // Each option 1000 times expected; the binomial standard deviation is about 30, so ±150 is five of them.
      expect(counts.size).toBe(n);
      for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(150);
    }
  });

  it("refuses a draw outside 0..n-1, taking nothing", () => {
    const m = gameFromSource(source(edge)).start({ players: 2, seed: 1 });
    const before = JSON.stringify(m.toJSON());
    expect(m.applyRandom((n) => n)).toEqual({ ok: false, code: "unknown-option", reason: "a draw among 25 must be a whole number from 0 to 24, not 25" });
    expect(() => m.randomIndex(() => 0.5)).toThrow(/must be a whole number from 0 to 24, not 0.5/);
    expect(JSON.stringify(m.toJSON())).toBe(before);
    expect(m.over).toBe(false);
  });

  it("passes on an error the caller's pick throws, the match left as it was (the rules are not blamed)", () => {
    const m = gameFromSource(source(edge)).start({ players: 2, seed: 1 });
    const before = JSON.stringify(m.toJSON());
    const mine = new TypeError("mine");
    const throwing = (): number => {
      throw mine;
    };
    expect(() => m.applyRandom(throwing)).toThrow(mine);
    expect(() => m.randomIndex(throwing)).toThrow(mine);
    expect(m.over).toBe(false);
    expect(m.error).toBeNull();
    expect(JSON.stringify(m.toJSON())).toBe(before);
  });

  it("names a drawn option as listing the options names it", () => {
    const start = gameFromSource(source(edge, 'stop "Pass"')).start({ players: 2, seed: 1 });
    const rng = botRandom(7);
    const pick = (k: number): number => uniformInt(rng, 0, k - 1);
    for (let i = 0; i < 40; i++) {
      const m = start.clone();
      m.applyRandom(pick);
      const listed = start.options().find((o) => o.label === m.log[0]!.label);
      expect(m.log[0]!.option).toBe(listed?.id);
    }
  });

  it("names a drawn placement as listing names it, numbering pieces of one name apart only when both are offered", () => {
    // Two alike pieces in different zones read the same but are both offered; the filter lets both, or only the first, be placed.
    const bars = (where: string) => `
      game "Bars" { players 2 }
      kind Bar { v: number }
      zone left: Bar
      zone right: Bar
      components Bar in left { x1 { v: 1 } }
      components Bar in right { x1 { v: 1 } }
      board b: grid(6, 6)
      flow { turn players[0] { let pl = choose pl from placements([top(left), top(right)], b) where ${where} prompt "Place a bar"  place pl.piece at pl } }
      scoring p { points 0 }
    `;
    // `pl.space.y > 3`: each piece's first placements fail, so naming one looks past them for one of the other's that passes.
    for (const [where, numbered] of [["pl.space.x < 2", true], ["pl.space.y > 3", true], ["pl.piece == top(left) and pl.space.x < 2", false]] as const) {
      const start = gameFromSource(bars(where)).start({ players: 2, seed: 1 });
      const p = start.state.pending;
      expect(p?.kind === "choose" && p.choice.unweighed).toBe(true);
      const listed = new Set(start.options().map((o) => `${o.id} | ${o.label}`));
      expect([...listed].every((o) => (numbered ? /^bar-1-\d+@/ : /^bar-1@/).test(o))).toBe(true);
      const rng = botRandom(3);
      const pick = (k: number): number => uniformInt(rng, 0, k - 1);
      for (let i = 0; i < 30; i++) {
        const m = start.clone();
        expect(m.applyRandom(pick).ok).toBe(true);
        expect(listed).toContain(`${m.log[0]!.option} | ${m.log[0]!.label}`);
      }
    }
  });

  it("draws the same when a draw runs inside another's `pick`: each draw keeps its own candidates", () => {
    // Most candidates fail the filter, so each draw takes several picks. Inside the first match's
    // picks, the second match draws too: if both drew from one pool, the first would lose track.
    const start = gameFromSource(source(edge)).start({ players: 2, seed: 1 });
    const labels = (nested: boolean): string[] => {
      const out: string[] = [];
      for (let seed = 1; seed <= 30; seed++) {
        const rng = botRandom(seed);
        const innerRng = botRandom(seed + 1000);
        const pick = (k: number): number => {
          if (nested) expect(start.clone().applyRandom((n) => uniformInt(innerRng, 0, n - 1)).ok).toBe(true);
          return uniformInt(rng, 0, k - 1);
        };
        const m = start.clone();
        expect(m.applyRandom(pick).ok).toBe(true);
        out.push(m.log[0]!.label);
      }
      return out;
    };
    expect(labels(true)).toEqual(labels(false));
  });

  it("a filter that fails on a candidate no one weighed yet ends the match at the filter's line when the options are asked for", () => {
    // The first two candidates pass; from the fifth column on, `piece_at(s)` is none.
    const src = source("s.x < 4 or piece_at(s).mark == 1");
    const line = src.split("\n").findIndex((l) => l.includes("piece_at(s).mark")) + 1;
    const count = gameFromSource(src).start({ players: 2, seed: 1 });
    expect(count.over).toBe(false);
    expect(count.optionCount()).toBe(0);
    expect(count.error?.span.start.line).toBe(line);
    expect(count.error?.message).toMatch(/none/);
    const listed = gameFromSource(src).start({ players: 2, seed: 1 });
    expect(listed.options()).toEqual([]);
    expect(listed.error?.span.start.line).toBe(line);
  });
});

/** The bundled games: a random bot takes the same decisions however the match is driven or watched. */
describe("random draws in the bundled games", () => {
  const files = ["maya", "maya-house-rules", "yaxha", "cacao", "mayan-city", "tzolkin"].map((g) => `${g}.stela`);
  const final = (m: Match): string => JSON.stringify({ state: m.toJSON(), over: m.over });

  for (const file of files) {
    it(`${file}: drawing, drawing by position, and drawing after listing the options give one game`, () => {
      const game = loadGame(file);
      const players = game.minPlayers;
      // Drawn and taken at once (the path simulation and search playouts take).
      const drawn = game.start({ players, seed: 11 });
      playOut(drawn, [new RandomBot(5)]);
      // The same draws, recorded by position and taken by position.
      const byIndex = game.start({ players, seed: 11 });
      const positions: number[] = [];
      playOut(byIndex, [new RandomBot(5)], 100_000, (_, i) => positions.push(i));
      // The same draws after listing every option (all weighed), taken by id.
      const byId = game.start({ players, seed: 11 });
      const bot = new RandomBot(5);
      let unweighed = 0;
      for (let d = byId.decision; d; d = byId.decision) {
        for (const p of d.players) {
          if (!byId.decision?.players.includes(p)) continue;
          const pending = byId.state.pending;
          if ((pending?.kind === "choose" && pending.choice.unweighed) || (pending?.kind === "secret" && pending.choices[p]?.unweighed)) unweighed++;
          byId.options(p);
          const id = bot.choose(byId, p)!;
          expect(byId.apply(id, p).ok).toBe(true);
        }
      }
      expect(drawn.error).toBeNull();
      expect(drawn.over).toBe(true);
      expect(final(byIndex)).toBe(final(drawn));
      expect(final(byId)).toBe(final(drawn));
      expect(positions.length).toBe(drawn.state.decisions.reduce((a, b) => a + b, 0));
      // The games choose placements and spaces under filters: those choices wait to be weighed.
      if (!file.includes("tzolkin")) expect(unweighed).toBeGreaterThan(0);
    });
  }
});

