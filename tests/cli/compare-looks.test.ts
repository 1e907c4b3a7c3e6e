import { uniformInt } from "pure-rand/distribution/uniformInt";
import { describe, expect, it } from "vitest";
import { compareSummaries, comparisonLines, stopReason, type Comparison } from "../../interpreter/cli/compare-command.ts";
import type { GameOutcome } from "../../interpreter/cli/simulate-batch.ts";
import { summarise } from "../../interpreter/cli/simulate-summary.ts";
import { botRandom, lookSchedule, looksText, type RunSettings } from "../../interpreter/index.ts";
import { stela } from "./run-stela.ts";

/** `stela compare --stop-early`: looks at a run before its end, each widened so stopping stays as sure. */

const settings: RunSettings = { file: "a.stela", players: 2, bots: ["random"], seed: 1 };

/** The comparison of the first `n` games of two runs, read as one look of `looks`. */
function look(a: GameOutcome[], b: GameOutcome[], n: number, looks: number, failIf: string[] = [], players = 2): Comparison {
  const s = { ...settings, players };
  const ga = a.slice(0, n);
  const gb = b.slice(0, n);
  return compareSummaries(summarise("A", s, n, ga, 1), summarise("B", { ...s, file: "b.stela" }, n, gb, 1), { a: ga, b: gb }, failIf, "cmd", looks);
}

/** `n` games, each won by seat 1 with probability `p1` (else seat 2), from generator seed `seed`. */
function coinGames(n: number, p1: number, seed: number): GameOutcome[] {
  const rng = botRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const first = uniformInt(rng, 0, 999) < p1 * 1000;
    return { game: i + 1, seed: i, scores: first ? [10, 0] : [0, 10], winners: first ? [0] : [1], decisions: 30 };
  });
}

describe("looks at a comparison", () => {
  it("are planned from 50 games, doubling up to the run, at most five", () => {
    expect(lookSchedule(99)).toEqual([99]);
    expect(lookSchedule(100)).toEqual([50, 100]);
    expect(lookSchedule(200)).toEqual([50, 100, 200]);
    expect(lookSchedule(800)).toEqual([50, 100, 200, 400, 800]);
    expect(lookSchedule(1000)).toEqual([63, 125, 250, 500, 1000]);
    expect(lookSchedule(5000)).toEqual([313, 625, 1250, 2500, 5000]);
  });

  it("widen every interval so that a run where nothing changed rarely stops on a change", () => {
    // 300 runs of A against B where both sides' games are fair coins, drawn apart: nothing
    // changed. A run stops early when some look's seat interval leaves out 0.
    const planned = lookSchedule(800);
    let widened = 0;
    let naive = 0;
    for (let run = 0; run < 300; run++) {
      const a = coinGames(800, 0.5, 2 * run + 1);
      const b = coinGames(800, 0.5, 2 * run + 2);
      if (planned.some((n) => stopReason(look(a, b, n, planned.length)) !== undefined)) widened++;
      // The same looks, each read at a plain 95%: the luck of five looks adds up.
      if (planned.some((n) => stopReason(look(a, b, n, 1)) !== undefined)) naive++;
    }
    // About 5% at most with the looks widened (4.5% in a simulation of 20,000 normal runs), about
    // 18% without. These 300 runs: 11 widened (3.7%), 55 at a plain 95% (18.3%).
    expect(widened / 300).toBeLessThan(0.075);
    expect(naive / 300).toBeGreaterThan(0.1);
  });

  it("stop a run as soon as a seat's win share surely changes", () => {
    // B's seat 1 wins 80% of games against A's 50%: the first look, at 50 games, tells.
    const a = coinGames(200, 0.5, 7);
    const b = coinGames(200, 0.8, 8);
    const first = look(a, b, 50, 3);
    expect(stopReason(first)).toMatch(/^seat 1's win share surely changes, \+\d\d\.\d \[\+\d+\.\d, \+\d\d\.\d\] points$/);
    // Its intervals are those of three looks: wider than a lone run's.
    const lone = look(a, b, 50, 1);
    expect(first.seats[0]!.wins.high - first.seats[0]!.wins.low).toBeGreaterThan(lone.seats[0]!.wins.high - lone.seats[0]!.wins.low);
    // Nothing changed: play on.
    expect(stopReason(look(a, coinGames(200, 0.5, 9), 50, 3))).toBeUndefined();
  });

  it("with three seats, stop on a change that holds with every seat read at once, and say it by its value", () => {
    // Seat 1 takes every game seat 2 won in A: a change no look can miss, read with all three seats.
    const game = (i: number, winner: number): GameOutcome => ({ game: i + 1, seed: i, scores: [0, 1, 2].map((p) => (p === winner ? 10 : 0)), winners: [winner], decisions: 30 });
    const a = Array.from({ length: 200 }, (_, i) => game(i, i % 3));
    const b = a.map((g, i) => (g.winners[0] === 1 ? game(i, 0) : g));
    const c = look(a, b, 50, 3, [], 3);
    expect(c.sureTogether).toEqual([1, 2]);
    // The interval printed beside each seat is the look's, narrower than the one the decision read: none is quoted.
    expect(stopReason(c)).toBe("the win shares of seats 1 and 2 surely change, with every seat read at once");
    // Of the first 50 games, seat 1 takes six of seat 2's wins and six of seat 3's: its +24 points
    // hold with all three seats read at once (12 games up: score 12/√12 = 3.5, past z 2.77), and
    // neither loser's −12 does (6/√6 = 2.4).
    const taken = [0, 0, 0];
    const one = look(a, a.map((g, i) => (g.winners[0] !== 0 && taken[g.winners[0]!]!++ < 6 ? game(i, 0) : g)), 50, 3, [], 3);
    expect(one.sureTogether).toEqual([1]);
    expect(stopReason(one)).toBe("seat 1's win share surely changes (+24.0 points), with every seat read at once");
    expect(stopReason(look(a, a, 50, 3, [], 3))).toBeUndefined();
  });

  it("with --fail-if rules, stop once every rule on an interval is broken or surely holds", () => {
    const a = coinGames(200, 0.5, 7);
    const b = coinGames(200, 0.8, 8);
    // Seat 1 moves about +30 points: surely more than 5 (broken), surely less than 60 (holds).
    const decided = look(a, b, 50, 3, ["win-change>5@95", "win-change>60@95"]);
    expect(decided.thresholds.map((t) => [t.broken, t.settled])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(stopReason(decided)).toBe("every --fail-if rule is decided: win-change>5@95 breaks and win-change>60@95 surely holds");
    expect(decided.thresholds[0]!.detail).toMatch(/, 95% interval, over 3 looks, \[/);
    // A rule that holds says how: surely within its limit, or undecided (more games would tell).
    expect(decided.thresholds[1]!.detail).toMatch(/: at least [\d.]+ points; surely within the limit \(60\)$/);
    // A limit inside the interval: neither broken nor settled, so the run plays on.
    const open = look(a, b, 50, 3, ["win-change>5@95", "win-change>30@95"]);
    expect(open.thresholds[1]).toMatchObject({ broken: false, settled: false });
    expect(open.thresholds[1]!.detail).toMatch(/; undecided: not surely past the limit \(30\), nor surely within it: more games would tell$/);
    // Its line reads `undecided`, not `ok` (a designer skimming read "ok" as shown to be small).
    expect(open.thresholds[1]!.undecided).toBe(true);
    expect(comparisonLines(open).some((l) => l.startsWith("undecided --fail-if win-change>30@95: "))).toBe(true);
    expect(decided.thresholds[1]!.undecided).toBeUndefined();
    expect(comparisonLines(decided).some((l) => l.startsWith("ok   --fail-if win-change>60@95: "))).toBe(true);
    expect(stopReason(open)).toBeUndefined();
    // A broken `errors` rule stops any look: more games cannot mend it.
    const failed = b.map((g, i) => (i === 3 ? { ...g, error: { code: "runtime-error", message: "boom" } } : g)) as GameOutcome[];
    expect(stopReason(look(a, failed, 50, 3, ["errors>0", "win-change>30@95"]))).toBe("--fail-if errors>0 breaks (1 failed games in B)");
    // One that holds so far holds of those games only: the games to come may fail, so play on.
    expect(stopReason(look(a, b, 50, 3, ["errors>0"]))).toBeUndefined();
    expect(stopReason(look(a, b, 50, 3, ["errors>0", "win-change>5@95", "win-change>60@95"]))).toBeUndefined();
  });

  it("settle no rule at a look whose games all came out alike in what it reads", () => {
    // B changes 1 game in 20 or so: its first 50 games may all come out as A's. Their intervals
    // ([0, 0] for a score, ±4.95 points for a win share at 99%) bound nothing of the games to come.
    const a = coinGames(800, 0.5, 7);
    const rules = ["score-change>0.3@95", "win-change>5@95", "length-change>5@95", "margin-change>1@95"];
    const same = look(a, a, 50, 5, rules);
    expect(same.thresholds.map((t) => [t.broken, t.settled])).toEqual(rules.map(() => [false, false]));
    expect(stopReason(same)).toBeUndefined();
    // It says so, and not that more games would tell: a change the bots never react to never shows.
    for (const t of same.thresholds) expect(t.detail).toContain("; undecided: every game came out alike on both sides in what this rule reads, which settles nothing of the games to come");
    // Games that differ do settle a rule whose limit their intervals stay within.
    const b = coinGames(800, 0.5, 8).map((g) => ({ ...g, decisions: g.decisions + (g.game % 2) }));
    expect(look(a, b, 400, 5, ["win-change>30@95"]).thresholds[0]!.settled).toBe(true);
  });

  it("say in the report where the run stopped and how its intervals are read", () => {
    const a = coinGames(200, 0.5, 7);
    const b = coinGames(200, 0.8, 8);
    const c = look(a, b, 50, 3);
    c.looks = { planned: lookSchedule(200), played: 50, stopped: stopReason(c)! };
    const lines = comparisonLines(c);
    expect(lines[2]).toBe("50 games each (of 200: stopped early), 2 players, bots random,random, seed 1 (the same games' seeds on both sides)");
    expect(lines).toContain(
      `looks: looks at 50, 100 and 200 games; stopped at 50 games: ${c.looks.stopped}; every interval is widened to hold over all 3 looks (Bonferroni: a 95% interval reads 98.3% at each look), so stopping early leaves it as sure`,
    );
    expect(lines.find((l) => l.startsWith("precision:"))).toMatch(/^precision: each seat's change in win share known to ±\d+\.\d points at most \(95% over 3 looks\); in a run without looks, about/);
  });
});

describe("stela compare --stop-early", () => {

  it("stops at the first look that decides the rules, and refuses a rule on a point estimate", () => {
    const args = ["compare", "tests/fixtures/bots/goofspiel.stela", "tests/fixtures/bots/faulty-goofspiel.stela", "--players", "2", "--games", "200", "--workers", "1", "--stop-early"];
    const r = stela([...args, "--fail-if", "errors>0", "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    const c = JSON.parse(r.out);
    expect(c.a.played).toBe(50);
    expect(c.looks).toMatchObject({ planned: [50, 100, 200], played: 50 });
    expect(c.looks.stopped).toMatch(/^--fail-if errors>0 breaks \(\d+ failed games in B\)$/);
    expect(c.command).toMatch(/--games 200 .*--stop-early$/);
    const point = stela([...args, "--fail-if", "win-change>5"]);
    expect(point.code).toBe(2);
    expect(point.err).toBe("stela: --fail-if win-change>5: --stop-early reads intervals, and a rule on a point estimate is decided only by the whole run: write win-change>5@95\n");
  }, 240_000);
});

describe("a seat whose change came out the same in every game", () => {
  it("bounds a win share's change by how rarely a game could change unseen, and says which seat when it cannot", () => {
    // Three seats; seat 3 never wins on either side, seats 1 and 2 trade wins in 1 game in 10.
    const three: RunSettings = { file: "a.stela", players: 3, bots: ["random"], seed: 1 };
    const games = (flip: boolean, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const w = flip && i % 10 === 0 ? 1 - (i % 2) : i % 2;
        return { game: i + 1, seed: i, scores: [0, 1, 2].map((p) => (p === w ? 10 : p === 2 ? -100 : 0)), winners: [w], decisions: 30 };
      });
    const rule = (n: number, limit: number) => {
      const a = games(false, n);
      const b = games(true, n);
      return compareSummaries(summarise("A", three, n, a, 1), summarise("B", three, n, b, 1), { a, b }, [`win-change>${limit}@95`], "cmd").thresholds[0]!;
    };
    // 400 games: seat 3 alike in all of them changes in fewer than 3 in 400 (0.9 points at most,
    // all 3 seats at once), well within 30: settled.
    expect(rule(400, 30)).toMatchObject({ broken: false, settled: true });
    // 40 games bound it only to 9 points: not within 5, and the line names the seat.
    const few = rule(40, 5);
    expect(few).toMatchObject({ broken: false, settled: false, undecided: true });
    expect(few.detail).toMatch(/; undecided: seat 3's change came out the same in every game, which settles nothing/);
  });
});

describe("stela compare --fail-undecided", () => {
  it("exits 1 when a rule on an interval is undecided, where without it the run exits 0", () => {
    const args = ["compare", "tests/fixtures/bots/goofspiel.stela", "tests/fixtures/bots/faulty-goofspiel.stela", "--players", "2", "--games", "20", "--workers", "1", "--no-progress", "--fail-if", "win-change>10@95"];
    const plain = stela(args);
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^undecided --fail-if win-change>10@95: /m);
    const strict = stela([...args, "--fail-undecided"]);
    expect(strict.code).toBe(1);
    // The same comparison, its reproduce line keeping the flag.
    // The same text, but for the pace (each play's own time) and the command.
    const paceless = (out: string): string => out.replace(/^games per second: .*$/m, "");
    expect(paceless(strict.out)).toBe(paceless(plain.out).replace(/^(reproduce: .*)$/m, "$1 --fail-undecided"));
  }, 120_000);
});

describe("the looks line", () => {
  it("says whether the last look answered the question when no earlier one did", () => {
    expect(looksText([60, 120], 120, undefined, { answer: "seat 1's win share surely changes, +9.6 [+5.1, +17.3] points" })).toMatch(
      /^looks at 60 and 120 games; played all 120: no look before the last answered the question; the last look answered it: seat 1's win share surely changes, \+9\.6 \[\+5\.1, \+17\.3\] points; every interval/,
    );
    expect(looksText([60, 120], 120, undefined, {})).toContain("; even the last look left the question open;");
    // A caller that did not read the last look says nothing of it.
    expect(looksText([60, 120], 120)).not.toContain("last look");
  });
});
