import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareSummaries, comparisonLines, parseFailIf } from "../../interpreter/cli/compare-command.ts";
import type { GameOutcome } from "../../interpreter/cli/simulate-batch.ts";
import { summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import { changeText, wilson, type RunSettings } from "../../interpreter/index.ts";
import { ruleFiles } from "./run-stela.ts";

/** `stela compare`: B against A per seat, thresholds for CI. */

const settings: RunSettings = { file: "a.stela", players: 2, bots: ["random"], seed: 1 };

/** A game of two picks, for the command's own runs. */
const TINY = `game "Tiny" { players 2 }
per player { score: number = 0 }
flow {
  for p in players {
    let k = choose k from 1..3 by p prompt "Pick"
    p.score += k
  }
  end game
}
scoring p { points p.score }
`;

/** `n` games of which seat 1 wins `first` alone, seat 2 the rest; every game `length` decisions long. */
function outcomes(n: number, first: number, length: number, score = 10): GameOutcome[] {
  return Array.from({ length: n }, (_, i) => ({ game: i + 1, seed: i, scores: i < first ? [score, 0] : [0, score], winners: i < first ? [0] : [1], decisions: length }));
}

describe("comparing two runs", () => {
  const gamesA = outcomes(200, 100, 40);
  const gamesB = outcomes(200, 130, 46);
  const a = summarise("A", settings, 200, gamesA, 1);
  const b = summarise("B", { ...settings, file: "b.stela" }, 200, gamesB, 1);
  const both = { a: gamesA, b: gamesB };

  it("gives B − A per seat with intervals, and the change of length", () => {
    const c = compareSummaries(a, b, both, [], "cmd");
    expect(c.seats[0]!.winsA.value).toBe(0.5);
    expect(c.seats[0]!.winsB.value).toBe(0.65);
    expect(c.seats[0]!.wins.value).toBeCloseTo(0.15, 12);
    expect(c.seats[0]!.wins.low).toBeGreaterThan(0.05);
    expect(c.seats[0]!.wins.high).toBeLessThan(0.25);
    expect(c.seats[1]!.wins.value).toBeCloseTo(-0.15, 12);
    expect(c.length.value).toBe(6);
    expect(c.length.relative).toBeCloseTo(0.15, 12);
  });

  it("says which way the winner changed, seat by seat", () => {
    // 30 games went from seat 2 to seat 1, none back: +15 points is 30 won and none lost.
    const lines = comparisonLines(compareSummaries(a, b, both, [], "cmd"));
    const at = lines.findIndex((l) => l.startsWith("winners: the same in 170 of 200 games"));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe("  the winner changed in 30 of 200 games: seat 1 won 30 it had lost and lost 0 it had won; seat 2 won 0 it had lost and lost 30 it had won");
    // Nothing changed: no such line.
    expect(comparisonLines(compareSummaries(a, a, { a: gamesA, b: gamesA }, [], "cmd")).join("\n")).not.toContain("the winner changed");
  });

  it("gives the change of the winning margin game by game", () => {
    // B's games are won by 10 points as A's are, but with 15 in the 30 games that moved to seat 1.
    const wider = gamesB.map((g, i) => (i >= 100 && i < 130 ? { ...g, scores: [15, 0] } : g));
    const c = compareSummaries(a, summarise("B", { ...settings, file: "b.stela" }, 200, wider, 1), { a: gamesA, b: wider }, [], "cmd");
    expect(c.margin!.value).toBeCloseTo(0.75, 12);
    expect(c.margin!.low).toBeGreaterThan(0.4);
    expect(comparisonLines(c)).toContain(`winning margin: 10.00 → 10.75 points, ${changeText(c.margin!, 1, 2)} (the top score less the next, game by game)`);
    // For CI: the margin moved 0.75 points, surely by more than 0.4 but not surely by more than 1.
    const rules = compareSummaries(a, summarise("B", { ...settings, file: "b.stela" }, 200, wider, 1), { a: gamesA, b: wider }, ["margin-change>0.5", "margin-change>1", "margin-change>0.4@95", "margin-change>1@95"], "cmd").thresholds;
    expect(rules.map((t) => t.broken)).toEqual([true, false, true, false]);
    expect(rules[0]!.detail).toBe("the winning margin moves +0.75 (10.00 → 10.75 points)");
    expect(rules[2]!.detail).toMatch(/^the winning margin moves \+0\.75, 95% interval \[\+0\.\d\d, \+\d\.\d\d\]: at least 0\.\d\d points \(10\.00 → 10\.75 points\)$/);
    // One player: no runner-up, so no margin to hold a rule to.
    const solo = (n: number): GameOutcome[] => Array.from({ length: n }, (_, i) => ({ game: i + 1, seed: i, scores: [i], winners: [0], decisions: 3 }));
    const one = { ...settings, players: 1 };
    const lone = compareSummaries(summarise("A", one, 5, solo(5), 1), summarise("B", one, 5, solo(5), 1), { a: solo(5), b: solo(5) }, ["margin-change>1"], "cmd");
    expect(lone.margin).toBeUndefined();
    expect(lone.thresholds[0]).toMatchObject({ broken: true, detail: "a game of one player has no winning margin (the top score less the next)" });
  });

  it("says whether B's seats are more even than A's in one figure, and holds a rule to it", () => {
    // B moves 30 of A's even games to seat 1.
    const c = compareSummaries(a, b, both, ["balance-change>5", "balance-change>20", "balance-change>2@95"], "cmd");
    expect(c.balance!.low).toBeGreaterThan(0);
    const line = comparisonLines(c).find((l) => l.startsWith("seat balance:"))!;
    expect(line).toBe(`seat balance: ${a.balance!.distance.toFixed(1)} → ${b.balance!.distance.toFixed(1)} points from the fair share, ${changeText(c.balance!, 1, 1, false)} (seat 1's distance from 50%, the noise of the games taken out; paired bootstrap, never surer than seat 1's own change): B's seats are surely less even`);
    expect(c.thresholds.map((t) => t.broken)).toEqual([true, false, true]);
    expect(c.thresholds[0]!.detail).toMatch(/^the seats' distance from the fair share moves \+\d+\.\d points \(0\.0 → \d+\.\d points from the fair share\)$/);
    // Each side's own figure, as simulate prints it.
    expect(summaryLines(b)).toContain(`seat balance: the seats' win shares lie ${b.balance!.distance.toFixed(1)} points from the fair share (root mean square over the seats, less the ${b.balance!.noise.toFixed(1)} points the noise of 200 games adds)`);
    expect(summaryLines(a)).toContain(`seat balance: the seats' win shares lie 0.0 points from the fair share (root mean square over the seats, less the ${a.balance!.noise.toFixed(1)} points the noise of 200 games adds: within what noise alone gives, as even as these games can tell)`);
  });

  it("gives how often each side's games were drawn and the change game by game, and holds a rule to it", () => {
    // B shares first place in 60 of A's games won alone (the first 60): 0% → 30% of games drawn.
    const drawn = gamesA.map((g, i) => (i < 60 ? { ...g, scores: [10, 10], winners: [0, 1] } : g));
    const c = compareSummaries(a, summarise("B", { ...settings, file: "b.stela" }, 200, drawn, 1), { a: gamesA, b: drawn }, ["draw-change>20", "draw-change>40", "draw-change>20@95", "draw-change>30@95"], "cmd");
    expect(c.draws).toMatchObject({ a: 0, b: 60 });
    expect(c.draws!.change.value).toBeCloseTo(0.3, 12);
    expect(comparisonLines(c)).toContain(`draws: 0.0% → 30.0% of games, ${changeText(c.draws!.change, 100, 1, false)} points (first place shared, game by game)`);
    expect(c.thresholds.map((t) => t.broken)).toEqual([true, false, true, false]);
    expect(c.thresholds[0]!.detail).toBe("the share of games drawn moves +30.0 points (0.0% → 30.0% of games drawn)");
    expect(c.thresholds[3]!.detail).toMatch(/^the share of games drawn moves \+30\.0 points, 95% interval \[\+2\d\.\d, \+3\d\.\d\]/);
    // A variant in which every game ties (both seats win alike, as a cooperative game reads): its draws are the point.
    const ties = gamesA.map((g) => ({ ...g, scores: [10, 10], winners: [0, 1] }));
    const allTied = compareSummaries(a, summarise("B", { ...settings, file: "b.stela" }, 200, ties, 1), { a: gamesA, b: ties }, ["draw-change>50"], "cmd");
    expect(allTied.b.shared).toBeDefined();
    expect(allTied.draws).toMatchObject({ a: 0, b: 200 });
    expect(allTied.thresholds[0]!.broken).toBe(true);
    // Neither side drew: no line, no figure.
    const none = compareSummaries(a, b, both, [], "cmd");
    expect(none.draws).toBeUndefined();
    expect(comparisonLines(none).some((l) => l.startsWith("draws:"))).toBe(false);
  });

  it("says, as simulate does, when a greedy seat found every option worth the same: its side's games are a random player's", () => {
    const greedy: RunSettings = { ...settings, bots: ["greedy"] };
    // Every decision weighed alike on A's side (20 of 20); B's greedy told its options apart.
    const blind = (games: GameOutcome[], even: number) => games.map((g) => ({ ...g, judged: [{ weighed: 20, even }, { weighed: 20, even }] }));
    const [ga, gb] = [blind(gamesA, 20), blind(gamesB, 0)];
    const c = compareSummaries(summarise("A", greedy, 200, ga, 1), summarise("B", { ...greedy, file: "b.stela" }, 200, gb, 1), { a: ga, b: gb }, [], "cmd");
    const notes = comparisonLines(c).filter((l) => l.startsWith("note: in A, greedy (seats 1, 2) found every option worth the same at 100.0% of the 8,000 decisions it weighed"));
    expect(notes).toHaveLength(1);
    expect(comparisonLines(c).some((l) => l.startsWith("note: in B,"))).toBe(false);
    // Note by note: A blind and never building, B only never building: the second said once for both.
    const site = { line: 5, column: 3, prompt: "Action", weighed: 1, even: 0, options: { "6:5": { label: "Build", line: 6, column: 5, offered: 1, taken: 0, short: 1 }, "7:5": { label: "Pass", line: 7, column: 5, offered: 1, taken: 1, short: 0 } } };
    const judgedAs = (games: GameOutcome[], even: number) => games.map((g) => ({ ...g, judged: [0, 1].map(() => ({ weighed: 20, even, sites: { "5:3": site } })) }));
    const [ja, jb] = [judgedAs(gamesA, 20), judgedAs(gamesB, 0)];
    const byKind = comparisonLines(compareSummaries(summarise("A", greedy, 200, ja, 1), summarise("B", { ...greedy, file: "b.stela" }, 200, jb, 1), { a: ja, b: jb }, [], "cmd")).filter((l) => l.startsWith("note: "));
    expect(byKind.map((l) => l.slice(0, 60))).toEqual(["note: in A, greedy (seats 1, 2) found every option worth the", 'note: on both sides, greedy (seats 1, 2) never took "Build" ']);
    // Both sides alike: said once.
    const both = compareSummaries(summarise("A", greedy, 200, ga, 1), summarise("B", { ...greedy, file: "b.stela" }, 200, ga, 1), { a: ga, b: ga }, [], "cmd");
    expect(comparisonLines(both).filter((l) => l.startsWith("note: on both sides, greedy (seats 1, 2) found every option worth the same"))).toHaveLength(1);
  });

  it("gives the change of the winning score game by game, and holds a rule to it", () => {
    // The 30 games that moved to seat 1 are won with 15 instead of 10: the top score rises 0.75 on average.
    const higher = gamesB.map((g, i) => (i >= 100 && i < 130 ? { ...g, scores: [15, 5] } : g));
    const c = compareSummaries(a, summarise("B", { ...settings, file: "b.stela" }, 200, higher, 1), { a: gamesA, b: higher }, ["top-score-change>0.5", "top-score-change>1", "top-score-change>0.4@95", "top-score-change>1@95"], "cmd");
    expect(c.top!.value).toBeCloseTo(0.75, 12);
    const lines = comparisonLines(c);
    expect(lines).toContain(`winning score: ${a.top!.mean.toFixed(2)} → ${(a.top!.mean + 0.75).toFixed(2)} points, ${changeText(c.top!, 1, 2)} (the top score, game by game)`);
    // Said before the margin, which this change left as it was.
    expect(lines.findIndex((l) => l.startsWith("winning score:"))).toBe(lines.findIndex((l) => l.startsWith("winning margin:")) - 1);
    expect(c.thresholds.map((t) => t.broken)).toEqual([true, false, true, false]);
    expect(c.thresholds[0]!.detail).toBe(`the winning score moves +0.75 (${a.top!.mean.toFixed(2)} → ${(a.top!.mean + 0.75).toFixed(2)} points)`);
    expect(parseFailIf("top-score-change>3@95")).toMatchObject({ name: "top-score-change", limit: 3, level: 95 });
  });

  it("says how sure the win changes are, and how many games each side would tell 5 or 2 points", () => {
    const lines = comparisonLines(compareSummaries(a, b, both, [], "cmd"));
    // Game by game, 30 of 200 games went from seat 2 to seat 1 and none back. Tango's interval of a
    // change only one way reaches as far up as Wilson's of 30 in 200, 20.6%: 5.6 points above the
    // estimate +15.0. Were games to change as these did, its farther end would come within 5 points
    // of the estimate at 246 games a side, and 2 points at 1,356 (the same distance the line reports,
    // solved for the count: more than the 200 played, as it must be).
    expect(lines).toContain("precision: each seat's change in win share known to ±5.6 points at most (95%); about 246 games each would give ±5, about 1,356 ±2");
    expect(lines).toContain("B − A: each game's own change, over the 200 games both sides played to the end (the same seeds and bots)");
    // Ten games alike on both sides do not show that nothing changed, only that little did: seen no
    // game move in n, the interval reads ±z²/(n + z²), ±3.84/13.84 = ±27.8 points; ±5 needs
    // z²(1/0.05 − 1) = 72.99 → 73 games, ±2 needs z²(1/0.02 − 1) = 188.2 → 189.
    const alwaysGames = outcomes(10, 10, 40);
    const always = summarise("A", settings, 10, alwaysGames, 1);
    const alike = comparisonLines(compareSummaries(always, always, { a: alwaysGames, b: alwaysGames }, [], "cmd"));
    expect(alike).toContain("precision: each seat's change in win share known to ±27.8 points at most (95%); about 73 games each would give ±5, about 189 ±2");
    // A score or length every game changed alike has an interval of no width: it says what it cannot
    // see (a change in a rare game: by the rule of three, under 3 in 10 here), not an exact change.
    expect(alike.join("\n")).toContain("+0.00 [+0.00, +0.00] (all 10 games alike: a change in fewer than 1 game in 3 could be missed)");
    // Every game as long on both sides, to other scores (a change of scoring): the bots may have
    // played the same games, and the lines say so.
    const rescored = alwaysGames.map((g) => ({ ...g, scores: [g.scores[0]!, g.scores[1]! + 1] }));
    const alikeLength = comparisonLines(compareSummaries(always, summarise("B", settings, 10, rescored, 1), { a: alwaysGames, b: rescored }, [], "cmd"));
    expect(alikeLength).toContain("note: every one of the 10 games took as many decisions under both rules: the bots may have played the very same games, not reacting to the change (random bots react only to a change in the options offered, never to one of scoring or of what players see); play greedy or mcts bots to see how players would");
    // Greedy or mcts bots played already: the note does not send the designer to them, and says
    // why such bots may play alike, or that the game's length is fixed by its rules (a card game's rounds).
    const weighed = { ...settings, bots: ["mcts:50", "greedy"] };
    const weighedRun = summarise("A", weighed, 10, alwaysGames, 1);
    const weighedLines = comparisonLines(compareSummaries(weighedRun, summarise("B", weighed, 10, rescored, 1), { a: alwaysGames, b: rescored }, [], "cmd"));
    expect(weighedLines).toContain("note: every one of the 10 games took as many decisions under both rules: the bots may have played the very same games, not reacting to the change (greedy and mcts steer by the game's `estimate`: a change that does not alter how it ranks their options leaves them playing as before), or the game takes as many decisions however it is played");
    // Five games alike are too few for the rule of three ("1 game in 1").
    const five = outcomes(5, 5, 20);
    const fiveAlike = comparisonLines(compareSummaries(summarise("A", settings, 5, five, 1), summarise("A", settings, 5, five, 1), { a: five, b: five }, [], "cmd"));
    expect(fiveAlike.join("\n")).toContain("(all 5 games alike: too few games to see a change in some of them)");
    // A change that rounds to nothing reads +0.0, never -0.0.
    expect(changeText({ value: -0.00001, low: -0.00001, high: -0.00001, n: 50, variance: 0 }, 1, 1, false)).toBe("+0.0 [+0.0, +0.0]");
    // An interval narrower than the digits asked for is given the digits it needs, not "+0.00 [+0.00, +0.00]".
    expect(changeText({ value: -0.00001, low: -0.00004, high: 0.00002, n: 50, variance: 1e-9 }, 1, 1)).toBe("-0.000010 [-0.000040, +0.000020]");
    expect(changeText({ value: 0.0011, low: -0.0004, high: 0.0026, n: 50, variance: 1e-6 }, 1, 2)).toBe("+0.0011 [-0.0004, +0.0026]");
    expect(changeText({ value: 0.11, low: -0.04, high: 0.26, n: 50, variance: 1e-2 }, 1, 2)).toBe("+0.11 [-0.04, +0.26]");
    // Floating-point noise around a value known exactly is no width.
    expect(changeText({ value: 0.1, low: 0.1 - 1e-17, high: 0.1 + 2e-17, n: 50, variance: 0 }, 1, 2, false)).toBe("+0.10 [+0.10, +0.10]");
  });

  it("tells games played move for move alike from games that only take as many decisions", () => {
    const digest = (games: GameOutcome[], moves: (i: number) => number) => games.map((g, i) => ({ ...g, moves: moves(i) }));
    const base = outcomes(10, 5, 40);
    const lines = (a: GameOutcome[], b: GameOutcome[]) => comparisonLines(compareSummaries(summarise("A", settings, 10, a, 1), summarise("B", settings, 10, b, 1), { a, b }, [], "cmd"));
    // The same moves in every game, to other scores: the bots did not react, and the note says so for sure.
    const scoredOtherwise = base.map((g) => ({ ...g, scores: g.scores.map((v) => v + 1) }));
    const same = lines(digest(base, (i) => i), digest(scoredOtherwise, (i) => i));
    expect(same).toContain("note: every one of the 10 games was played move for move alike under both rules: the bots did not react to the change (random bots react only to a change in the options offered, never to one of scoring or of what players see); play greedy or mcts bots to see how players would");
    // As many decisions, other moves (a tile-laying game asks the same questions every turn, however
    // greedy bots answer them): the bots reacted, and nothing is said.
    const other = lines(digest(base, (i) => i), digest(scoredOtherwise, (i) => (i < 6 ? 99 + i : i)));
    expect(other.join("\n")).not.toContain("note:");
    // Most games alike but not all: the figures are mostly of games the change never touched
    // (random bots, 11 or 7 chips: 178 of 200 alike, every seat +0.0, and only the JSON said why).
    const most = lines(digest(base, (i) => i), digest(scoredOtherwise, (i) => (i === 3 ? 99 : i)));
    expect(most).toContain(
      "note: 9 of the 10 games (90.0%) were played move for move alike under both rules: in those the bots did not react to the change, so every change above is that of the other game, diluted (random bots react only to a change in the options offered, never to one of scoring or of what players see); play greedy or mcts bots to see how players would",
    );
  });

  it("says when the change never showed: every game to the same scores, whatever the moves' numbering", () => {
    const digest = (games: GameOutcome[], moves: (i: number) => number) => games.map((g, i) => ({ ...g, moves: moves(i) }));
    const base = outcomes(10, 5, 40);
    const lines = (a: GameOutcome[], b: GameOutcome[]) => comparisonLines(compareSummaries(summarise("A", { ...settings, bots: ["greedy"] }, 10, a, 1), summarise("B", { ...settings, bots: ["greedy"] }, 10, b, 1), { a, b }, [], "cmd"));
    const never = "the change never showed. It may never have come into play in these games (an option it refuses that no bot would have taken, a condition they never met: a rulebook example that reaches it tells), or the bots did not react to it (greedy and mcts steer by the game's `estimate`: a change that does not alter how it ranks their options leaves them playing as before)";
    // A "hook" on the last bid no game's bids reached: the very same games.
    expect(lines(digest(base, (i) => i), digest(base, (i) => i))).toContain(`note: every one of the 10 games was played move for move alike under both rules, to the same scores: ${never}`);
    // An option refused that no bot took numbers the others otherwise: other digests, the same games.
    expect(lines(digest(base, (i) => i), digest(base, (i) => 100 + i))).toContain(`note: every one of the 10 games ended with the same scores after as many decisions under both rules: ${never}`);
    // A tiebreak changed: the same scores, other winners: the change showed.
    const tied = base.map((g) => ({ ...g, scores: [5, 5] }));
    const otherWinner = tied.map((g, i) => (i === 0 ? { ...g, winners: [1 - g.winners[0]!] } : g));
    expect(lines(digest(tied, (i) => i), digest(otherWinner, (i) => 100 + i)).join("\n")).not.toContain("never showed");
    // One game's scores moved: the change showed, and nothing is said of it.
    const moved = base.map((g, i) => (i === 0 ? { ...g, scores: [11, 0] } : g));
    expect(lines(digest(base, (i) => i), digest(moved, (i) => 100 + i)).join("\n")).not.toContain("never showed");
  });

  it("breaks the thresholds it should, and only those", () => {
    const c = compareSummaries(a, b, both, ["win-off-fair>5", "win-off-fair>20", "win-change>10", "length-change>10%", "length-change>20%", "errors>0"], "cmd");
    expect(c.thresholds.map((t) => [t.rule, t.broken])).toEqual([
      ["win-off-fair>5", true],
      ["win-off-fair>20", false],
      ["win-change>10", true],
      ["length-change>10%", true],
      ["length-change>20%", false],
      ["errors>0", false],
    ]);
    expect(c.thresholds[0]!.detail).toBe("seat 1 wins 65.0% in B, 15.0 points from the fair 50.0%");
  });

  it("on intervals (`@level`), breaks only when the whole interval lies beyond the limit", () => {
    // B: seat 1 wins 130 of 200 games, Wilson 95% interval [58.2%, 71.3%]; at 99%, [56.0%, 72.8%].
    const c = compareSummaries(a, b, both, ["win-off-fair>5@95", "win-off-fair>10@95", "win-off-fair>5@99", "win-off-fair>6@99", "length-change>10%@95", "length-change>20%@95"], "cmd");
    expect(c.thresholds.map((t) => [t.rule, t.broken, t.level])).toEqual([
      ["win-off-fair>5@95", true, 95],
      ["win-off-fair>10@95", false, 95],
      ["win-off-fair>5@99", true, 99],
      ["win-off-fair>6@99", false, 99],
      ["length-change>10%@95", true, 95],
      ["length-change>20%@95", false, 95],
    ]);
    expect(c.thresholds[0]!.detail).toBe("seat 1 wins 65.0% in B, 95% interval [58.2%, 71.3%]: at least 8.2 points from the fair 50.0%");
    expect(c.thresholds[2]!.detail).toBe("seat 1 wins 65.0% in B, 99% interval [56.0%, 73.1%]: at least 6.0 points from the fair 50.0%");
    // Every game is 40 decisions in A and 46 in B: no spread, the interval is the point.
    expect(c.thresholds[4]!.detail).toBe("mean length moves +15.0%, 95% interval [+15.0%, +15.0%]: at least 15.0% (40.0 → 46.0 decisions)");
  });

  it("on intervals, noise that moves the point estimate past the limit does not break the rule", () => {
    // 56 of 100 against 50 of 100: 6 points off the fair share, but the interval [46.2%, 65.3%] holds it.
    // Noise: seat 1 wins games 1–50 in A and games 45–100 in B, so 44 games went its way in A alone
    // and 50 in B alone; game by game the change is +6 points give or take 19.
    const gamesA2 = outcomes(100, 50, 40);
    const gamesB2 = outcomes(100, 56, 40).reverse().map((o, i) => ({ ...o, game: i + 1, seed: i }));
    const a2 = summarise("A", settings, 100, gamesA2, 1);
    const b2 = summarise("B", { ...settings, file: "b.stela" }, 100, gamesB2, 1);
    const c = compareSummaries(a2, b2, { a: gamesA2, b: gamesB2 }, ["win-off-fair>5", "win-off-fair>5@95", "win-change>5", "win-change>5@95", "score-change>0.5", "score-change>0.5@90"], "cmd");
    expect(c.thresholds.map((t) => t.broken)).toEqual([true, false, true, false, true, false]);
    expect(c.thresholds[1]!.detail).toBe("seat 1 wins 56.0% in B, 95% interval [46.2%, 65.3%]: the interval includes the fair 50.0%; undecided: not surely past the limit (5), nor surely within it: more games would tell");
    expect(c.thresholds[3]!.detail).toMatch(/^seat 1's win rate moves \+6\.0 points, 95% interval \[-[\d.]+, \+[\d.]+\]: the interval includes 0: no sure change; undecided: not surely past the limit \(5\), nor surely within it: more games would tell$/);
  });

  it("works each change out game by game: six games that all went one way are a change, not noise", () => {
    // The same 100 seeds: seat 1 wins games 1–50 in A, and games 1–56 in B. Six games changed
    // hands, all to seat 1 and none back (a sign test gives p = 0.03): a change, which two
    // unpaired intervals ([40.4%, 59.6%] and [46.2%, 65.3%]) could not tell from noise.
    const gamesA2 = outcomes(100, 50, 40);
    const gamesB2 = outcomes(100, 56, 40);
    const c = compareSummaries(summarise("A", settings, 100, gamesA2, 1), summarise("B", settings, 100, gamesB2, 1), { a: gamesA2, b: gamesB2 }, ["win-change>0@95"], "cmd");
    expect(c.pairs).toBe(100);
    const w = c.seats[0]!.wins;
    expect(w.value).toBeCloseTo(0.06, 12);
    // Tango's interval: a change one way reaches as far up as Wilson's interval of 6 in 100 (12.5%),
    // and down to +2.1 points, where the score of the change (six up, its variance worked out under
    // that change) is 1.96.
    expect(w.low).toBeCloseTo(0.0208, 3);
    expect(w.high).toBeCloseTo(wilson(6, 100).high, 9);
    expect(c.thresholds[0]).toMatchObject({ broken: true });
    // A score change every game shares is known exactly: every game 10 points more for seat 1.
    const plus = gamesA2.map((o) => ({ ...o, scores: [o.scores[0]! + 10, o.scores[1]!] }));
    const d = compareSummaries(summarise("A", settings, 100, gamesA2, 1), summarise("B", settings, 100, plus, 1), { a: gamesA2, b: plus }, [], "cmd");
    expect(d.seats[0]!.score).toMatchObject({ value: 10, low: 10, high: 10 });
    expect(d.seats[1]!.score).toMatchObject({ value: 0, low: 0, high: 0 });
    // Win shares did not move: ±z²/(n + z²) = ±3.7 points (as far as no game in 100 moving can rule out), not ±0.
    expect(d.seats[0]!.wins.value).toBe(0);
    expect(d.seats[0]!.wins.high).toBeCloseTo(1.959963984540054 ** 2 / (100 + 1.959963984540054 ** 2), 9);
  });

  it("a rule on every seat reads all seats' intervals at once: a lone seat at the edge of its 95% interval does not break it", () => {
    // 3 players, 100 games; in B five of seat 2's wins went to seat 1 and nothing else changed.
    // Seat 1 alone: +5 points [+1.1, +11.2] leaves out 0 (Tango's score at no change is 5/√5 = 2.24,
    // past z 1.96). Read with the other two seats (Bonferroni, each at 98.3%: z 2.394) it is
    // [−0.7, +13.1]: no sure change. A rule
    // that took the worst of three 95% intervals would break in about one run of eight where
    // nothing changed at all.
    const three: RunSettings = { ...settings, players: 3 };
    const game = (i: number, winner: number): GameOutcome => ({ game: i + 1, seed: i, scores: [0, 1, 2].map((p) => (p === winner ? 10 : 0)), winners: [winner], decisions: 40 });
    const gamesA = Array.from({ length: 100 }, (_, i) => game(i, i % 3));
    let moved = 0;
    const gamesB = gamesA.map((g, i) => (g.winners[0] === 1 && moved++ < 5 ? game(i, 0) : g));
    const c = compareSummaries(summarise("A", three, 100, gamesA, 1), summarise("B", three, 100, gamesB, 1), { a: gamesA, b: gamesB }, ["win-change>0@95", "win-change>0@80"], "cmd");
    expect(c.seats[0]!.wins.low).toBeGreaterThan(0);
    expect(c.sureTogether).toEqual([]);
    expect(c.thresholds[0]).toMatchObject({ broken: false, level: 95, seatsAtOnce: 3 });
    expect(c.thresholds[0]!.detail).toMatch(/^seat 1's win rate moves \+5\.0 points, 95% interval, all 3 seats at once, \[-0\.7, \+13\.1\]: the interval includes 0: no sure change$/);
    // At 80% all three together (each at 93.3%: z 1.83) the change holds.
    expect(c.thresholds[1]).toMatchObject({ broken: true, seatsAtOnce: 3 });
  });

  it("reads the seats' changes in mean score at once too, and says when a lone seat's does not hold", () => {
    // 3 players, 100 games, the same winners; seat 1 scores 1 more in 60 games and 1 less in 40.
    // Alone: +0.20 [+0.005, +0.395] leaves out 0 (t, 99 degrees of freedom). With all 3 seats read
    // at once (each at 98.3%: t 2.43) it reaches −0.04: no sure change.
    const three: RunSettings = { ...settings, players: 3 };
    const gamesA = Array.from({ length: 100 }, (_, i): GameOutcome => ({ game: i + 1, seed: i, scores: [10, 10, 10], winners: [0, 1, 2], decisions: 40 }));
    const gamesB = gamesA.map((g, i) => ({ ...g, scores: [i < 60 ? 11 : 9, 10, 10] }));
    const c = compareSummaries(summarise("A", three, 100, gamesA, 1), summarise("B", three, 100, gamesB, 1), { a: gamesA, b: gamesB }, [], "cmd");
    expect(c.seats[0]!.score.low).toBeGreaterThan(0);
    expect(c.scoresSureTogether).toEqual([]);
    expect(comparisonLines(c)).toContain(
      "together: no seat's change in mean score holds once all 3 seats are read at once (Bonferroni: each interval at 98.3%): one 95% interval in twenty misses by chance; confirm with more games or another seed",
    );
    // Nothing left out of any interval: nothing to warn of.
    const same = compareSummaries(summarise("A", three, 100, gamesA, 1), summarise("B", three, 100, gamesA, 1), { a: gamesA, b: gamesA }, [], "cmd");
    expect(comparisonLines(same).some((l) => l.startsWith("together:"))).toBe(false);
  });

  it("a change too small to show at one decimal is still shown beside the FAIL it causes", () => {
    // Every game one decision longer out of 4,000: +0.025%, surely; "at least 0.0%" would read as no change.
    const gamesA4 = outcomes(100, 50, 4000);
    const gamesB4 = outcomes(100, 50, 4001);
    const c = compareSummaries(summarise("A", settings, 100, gamesA4, 1), summarise("B", settings, 100, gamesB4, 1), { a: gamesA4, b: gamesB4 }, ["length-change>0%@95"], "cmd");
    expect(c.thresholds[0]).toMatchObject({ broken: true });
    expect(c.thresholds[0]!.detail).toContain(": at least 0.025%");
  });

  it("pairs only the games both sides played to the end, and measures nothing without one", () => {
    // Game 2 failed in B: the other nine games are compared.
    const gamesA3 = outcomes(10, 5, 40);
    const gamesB3 = outcomes(10, 5, 40).map((o) => (o.game === 2 ? { ...o, error: "x.stela:1:1: runtime-error: boom" } : o));
    const sa = summarise("A", settings, 10, gamesA3, 1);
    const c = compareSummaries(sa, summarise("B", settings, 10, gamesB3, 1), { a: gamesA3, b: gamesB3 }, [], "cmd");
    expect(c.pairs).toBe(9);
    expect(c.seats[0]!.score).toMatchObject({ value: 0, n: 9 });
    // Every game of B failed: no rule on a change passes on nothing.
    const failed = gamesA3.map((o) => ({ ...o, error: "x.stela:1:1: runtime-error: boom" }));
    const none = compareSummaries(sa, summarise("B", settings, 10, failed, 1), { a: gamesA3, b: failed }, ["win-change>5", "win-change>5@95", "score-change>3", "length-change>10%@95", "win-off-fair>45"], "cmd");
    expect(none.pairs).toBe(0);
    expect(none.thresholds.map((t) => [t.rule, t.broken])).toEqual([
      ["win-change>5", true],
      ["win-change>5@95", true],
      ["score-change>3", true],
      ["length-change>10%@95", true],
      // B alone: no clean game is a 0% share, as before pairing.
      ["win-off-fair>45", true],
    ]);
    expect(none.thresholds[0]!.detail).toBe("no game ended cleanly on both sides: there is no change to measure");
    const lines = comparisonLines(none);
    expect(lines.some((l) => l.startsWith("precision"))).toBe(false);
    expect(lines.find((l) => l.startsWith("1 "))).toContain("[too few games]");
    // One game: a score or length change has no interval, and a rule on one says so and breaks.
    const one = compareSummaries(sa, sa, { a: gamesA3.slice(0, 1), b: gamesA3.slice(0, 1) }, ["score-change>3@95", "length-change>10%@99", "score-change>3"], "cmd");
    expect(one.pairs).toBe(1);
    expect(one.thresholds.map((t) => [t.broken, t.detail])).toEqual([
      [true, "1 game ended cleanly on both sides: too few to bound the change"],
      [true, "1 game ended cleanly on both sides: too few to bound the change"],
      [false, "seat 1's mean score moves +0.00"],
    ]);
    // Runs of other games cannot be paired.
    expect(() => compareSummaries(sa, sa, { a: gamesA3, b: gamesA3.slice(1) }, [], "cmd")).toThrow("paired runs must hold the same games: 10 against 9");
  });

  it("with three seats, says whether a seat's change holds with all the seats read at once", () => {
    const three: RunSettings = { file: "a.stela", players: 3, bots: ["random"], seed: 1 };
    // Seat w = g mod 3 wins game g; in B the first `flips` of seat 1's wins go to seat 2 instead.
    const run = (flips: number) =>
      Array.from({ length: 100 }, (_, i) => {
        const w = i % 3 === 0 && i / 3 < flips ? 1 : i % 3;
        return { game: i + 1, seed: i, scores: [0, 1, 2].map((p) => (p === w ? 10 : 0)), winners: [w], decisions: 30 };
      });
    const base = run(0);
    const compare = (flips: number) => compareSummaries(summarise("A", three, 100, base, 1), summarise("B", three, 100, run(flips), 1), { a: base, b: run(flips) }, [], "cmd");
    // Five games flipped: seat 1's 95% interval [−11.2, −1.1] leaves out 0 (Tango's score at no change,
    // 5/√5 = 2.24, is past 1.96), but widened to 98.3% (z = 2.394) it does not.
    const five = compare(5);
    expect(five.seats[0]!.wins.high).toBeLessThan(0);
    expect(five.sureTogether).toEqual([]);
    expect(comparisonLines(five)).toContain(
      "together: no seat's change in win share holds once all 3 seats are read at once (Bonferroni: each interval at 98.3%): one 95% interval in twenty misses by chance; confirm with more games or another seed",
    );
    // Ten flipped: seats 1 and 2 hold together; seat 3 did not move.
    const ten = compare(10);
    expect(ten.sureTogether).toEqual([1, 2]);
    expect(comparisonLines(ten)).toContain("together: the changes in win share of seats 1 and 2 hold with all 3 seats read at once (Bonferroni: each interval at 98.3%)");
    // Six flipped (6/√6 = 2.45): past 2.394, short of the 2.935 of 99% together (99.67% each): said
    // to be weak, as the first-player test says of p above 0.01. A change that moves no seat reads
    // as much about one run in twenty, and a designer acted on one such run.
    const six = compare(6);
    expect([six.sureTogether, six.firmTogether]).toEqual([[1, 2], []]);
    expect(comparisonLines(six)).toContain(
      "together: the changes in win share of seats 1 and 2 hold with all 3 seats read at once (Bonferroni: each interval at 98.3%), but they do not at 99% together: a change that moves no seat reads so up to one run in twenty, so confirm with another --seed before acting on it",
    );
    expect(ten.firmTogether).toEqual([1, 2]);
    // Each side's first-player and turn-order tests, as simulate gives them (only --json had them).
    const lines = comparisonLines(ten);
    const at = lines.indexOf("first player, each side on its own:");
    expect(lines.slice(at + 1, at + 5)).toEqual([
      "  A: the first to decide won 34 of 100 decisive games, 34.0% [25.5–43.7] against a fair 33.3% (p = 0.9156, no evidence of a first-player effect)",
      "     by place in the turn order (the first to decide, then clockwise), the games won alone were 34, 33, 33 of 100 (p = 0.9900, no evidence that the place in the turn order matters)",
      "  B: the first to decide won 24 of 100 decisive games, 24.0% [16.7–33.2] against a fair 33.3% (p = 0.0556, not shown, but close when random plays every seat: the first player leans behind, as a fair game reads once in ten to twenty runs; a new run of more games (another --seed) would tell)",
      "     by place in the turn order (the first to decide, then clockwise), the games won alone were 24, 43, 33 of 100 (p = 0.0665, no evidence that the place in the turn order matters)",
    ]);
    // Only B's test reads an effect: said not to be a change by itself, with the change game by game.
    expect(lines.some((l) => l.includes("reads a first-player effect"))).toBe(false);
    const fifteen = comparisonLines(compare(15));
    const c15 = compare(15);
    // Seat 1 decides first in every game here: the first player's change is seat 1's.
    expect(c15.firstPlayerChange!.value).toBeCloseTo(c15.seats[0]!.wins.value, 12);
    expect(fifteen).toContain(`  B − A, game by game: the first to decide's win share ${changeText(c15.firstPlayerChange!, 100, 1, false)} points`);
    expect(fifteen).toContain(`  only B reads a first-player effect; that alone does not show that B changed it (each test reads one in a fair game about one run in twenty, either of the two at most about one in ten): the change is the first to decide's win share game by game (above: ${changeText(c15.firstPlayerChange!, 100, 1, false)} points)`);
    // Nothing moved: nothing to warn about.
    expect(comparisonLines(compare(0)).some((l) => l.startsWith("together") || l.includes("reads a first-player effect"))).toBe(false);
    // Two seats mirror each other: no such line, no such figure.
    expect(compareSummaries(a, b, both, [], "cmd").sureTogether).toBeUndefined();
  });

  it("reads the first player's change game by game from each game's own first player, when the start player rotates", () => {
    // The first to decide alternates between the seats. A: fair (the first player wins half the
    // games); B: the first player wins 60 of every 100. Seat 1's own share does not move.
    const rotating = (firstWins: number) =>
      Array.from({ length: 400 }, (_, i) => {
        const first = i % 2;
        const won = i % 100 < firstWins ? first : 1 - first;
        return { game: i + 1, seed: i, scores: [0, 1].map((p) => (p === won ? 10 : 0)), winners: [won], decisions: 20, ...(first ? { first } : {}) };
      });
    const [ga, gb] = [rotating(50), rotating(60)];
    const c = compareSummaries(summarise("A", settings, 400, ga, 1), summarise("B", { ...settings, file: "b.stela" }, 400, gb, 1), { a: ga, b: gb }, [], "cmd");
    expect(c.seats[0]!.wins.value).toBeCloseTo(0, 12);
    expect(c.firstPlayerChange!.value).toBeCloseTo(0.1, 12);
    expect(c.firstPlayerChange!.low).toBeGreaterThan(0);
    const lines = comparisonLines(c);
    expect(lines).toContain(`  B − A, game by game: the first to decide's win share ${changeText(c.firstPlayerChange!, 100, 1, false)} points`);
    // Only B reads an effect: the note points at the first player's change, not at seat 1's +0.0.
    expect(lines.find((l) => l.startsWith("  only B reads"))).toContain(`(above: ${changeText(c.firstPlayerChange!, 100, 1, false)} points)`);
    // The other way round: only A reads one.
    const back = compareSummaries(summarise("A", settings, 400, gb, 1), summarise("B", { ...settings, file: "b.stela" }, 400, ga, 1), { a: gb, b: ga }, [], "cmd");
    expect(comparisonLines(back).some((l) => l.startsWith("  only A reads a first-player effect;"))).toBe(true);
  });

  it("refuses a rule it cannot read", () => {
    expect(() => parseFailIf("win-rate<3")).toThrow("--fail-if: cannot read");
    // Unquoted in a shell, `win-change>5@95` reaches the tool as `win-change`.
    expect(() => parseFailIf("win-change")).toThrow(`--fail-if: "win-change" has no limit: unquoted, the shell reads \`>\` as "write to a file" (and has made one named after the limit); quote the rule: --fail-if 'win-change>5@95'`);
    expect(parseFailIf("length-change>10%")).toEqual({ name: "length-change", limit: 10 });
    expect(parseFailIf("win-off-fair>5@95")).toEqual({ name: "win-off-fair", limit: 5, level: 95 });
    expect(parseFailIf("length-change > 10% @ 99.9%")).toEqual({ name: "length-change", limit: 10, level: 99.9 });
    expect(() => parseFailIf("win-off-fair>5@97")).toThrow('--fail-if: "win-off-fair>5@97": the level after @ is one of 80, 90, 95, 99, 99.9 (percent)');
    expect(() => parseFailIf("errors>0@95")).toThrow("errors counts failed games and has no interval");
  });
});

describe("stela compare", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const stela = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(root, "interpreter/cli/stela.mjs"), ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it("plays the same seeds on both files and exits 1 when a threshold breaks", () => {
    const args = ["compare", "tests/fixtures/bots/goofspiel.stela", "tests/fixtures/bots/faulty-goofspiel.stela", "--players", "2", "--games", "30", "--workers", "1"];
    const r = stela([...args, "--fail-if", "errors>0", "--fail-if", "length-change>10%", "--fail-if", "win-off-fair>45@95", "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    const c = JSON.parse(r.out);
    expect(c.a.played).toBe(30);
    expect(c.b.errors.length).toBeGreaterThan(0);
    // The changes are measured over the games both sides played to the end.
    expect(c.a.errors).toEqual([]);
    expect(c.pairs).toBe(30 - c.b.errors.length);
    expect(c.b.errors[0].replay).toMatch(/^stela simulate tests\/fixtures\/bots\/faulty-goofspiel\.stela --players 2 --seed 1 --bots random --game \d+$/);
    expect(c.thresholds[0]).toMatchObject({ rule: "errors>0", broken: true });
    // The games that did not fail are as long on both sides: Goofspiel always takes 10 decisions
    // (6 rounds of 2 secret bids; the last round's one card each is played without asking).
    expect(c.thresholds[1]).toMatchObject({ rule: "length-change>10%", broken: false, detail: "mean length moves +0.0% (10.0 → 10.0 decisions)" });
    // No seat of a symmetric game is surely 45 points off its fair share after 30 games.
    expect(c.thresholds[2]).toMatchObject({ rule: "win-off-fair>45@95", broken: false, level: 95 });
    expect(c.command).toContain("--fail-if 'win-off-fair>45@95'");
    expect(stela(["compare", "tests/fixtures/bots/goofspiel.stela", "--players", "2"]).err).toBe("stela: compare needs two rule files, or two variants of one (--variant-a, --variant-b)\n");
    // An empty variant name is the base game: against no variant it is the same rules twice.
    expect(stela(["compare", "tests/fixtures/bots/goofspiel.stela", "--variant-b", "", "--players", "2"]).err).toBe("stela: compare needs two rule files, or two variants of one (--variant-a, --variant-b)\n");
  }, 240_000);

  it("warns that two files are not the same game (other titles, few names shared), and still compares a renamed version", () => {
    const files = ruleFiles({
      "tiny.stela": TINY,
      "other.stela": `game "Other" { players 2 }
per player { gold: number = 0 }
var turns: number = 0
flow {
  for p in players {
    let k = choose k from 1..4 by p prompt "Take"
    p.gold += k
    turns += 1
  }
  end game
}
scoring p { points p.gold }
`,
    });
    const warning = 'A is the game "Tiny" and B is "Other", which share few names: not the same game, so B − A compares two games, not two versions or variants of one';
    const args = ["--games", "5", "--workers", "1", "--no-progress"];
    const text = stela(["compare", files["tiny.stela"]!, files["other.stela"]!, ...args]);
    expect(text.code).toBe(0);
    expect(text.err).toBe(`stela: warning: ${warning}\n`);
    expect(text.out.split("\n").slice(0, 3)).toEqual([`A: ${files["tiny.stela"]}`, `B: ${files["other.stela"]}`, `warning: ${warning}`]);
    const json = stela(["compare", files["tiny.stela"]!, files["other.stela"]!, ...args, "--json"]);
    expect(JSON.parse(json.out).differentGames).toEqual({ a: "Tiny", b: "Other" });
    // Faulty Goofspiel is Goofspiel renamed, with a bug planted: the same game's names.
    const renamed = stela(["compare", "tests/fixtures/bots/goofspiel.stela", "tests/fixtures/bots/faulty-goofspiel.stela", ...args, "--json"]);
    expect(renamed.err).toBe("");
    expect(JSON.parse(renamed.out).differentGames).toBeUndefined();
  }, 120_000);

  it("refuses two sides with the same rules, and names the first variant a file of variants plays when none is named", () => {
    const base = TINY;
    const files = ruleFiles({
      "tiny.stela": base,
      // The same rules, another file and comments: every game would be played alike.
      "copy.stela": "// a copy\n" + base,
      "house.stela": `variant "Spare constant" extends "tiny.stela" {
  const SPARE = 1
}
variant "Double" extends "tiny.stela" {
  override scoring p { points 2 * p.score }
}
variant "Steer" extends "tiny.stela" {
  estimate p { 0 - p.score }
}
`,
    });
    const args = ["--games", "4", "--workers", "1", "--no-progress"];
    const copy = stela(["compare", files["tiny.stela"]!, files["copy.stela"]!, ...args]);
    expect(copy.code).toBe(2);
    expect(copy.err).toBe(`stela: A and B play the same rules: ${files["tiny.stela"]} and ${files["copy.stela"]}, so every game would be played alike; change B, or name another variant with --variant-a or --variant-b\n`);
    // A file of variants plays its first when none is named: said on B's line and in the command.
    const first = stela(["compare", files["tiny.stela"]!, files["house.stela"]!, ...args]);
    expect(first.err).toBe("");
    expect(first.out.split("\n")[1]).toBe(`B: ${files["house.stela"]} (Spare constant)`);
    expect(first.out).toContain("--variant-b 'Spare constant'");
    // `simulate` names it too: its summary read as the base game's.
    expect(stela(["simulate", files["house.stela"]!, ...args]).out.split("\n")[0]).toBe("Tiny (Spare constant): 4 games, 2 players, seed 1");
    const double = stela(["compare", files["tiny.stela"]!, files["house.stela"]!, "--variant-b", "Double", ...args, "--json"]);
    expect(JSON.parse(double.out).b.variant).toBe("Double");
    expect(JSON.parse(double.out).sameRules).toBeUndefined();
    // Only the bots' estimate changes: the same rules, said before the figures.
    const steer = stela(["compare", files["tiny.stela"]!, files["house.stela"]!, "--variant-b", "Steer", ...args]);
    expect(steer.out.split("\n")[2]).toBe("note: A and B play the same rules: they differ only in the bots' `estimate`, the `measure`s or the examples, so every change below comes from how the bots steer (or is none), not from the game");
  }, 120_000);
});
