import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { botRandom, firstToDecide, formatPValue, makeBot, mixSeed, MctsBot, playOut, type RunSettings } from "../../interpreter/index.ts";
import { mergeShards, readShard } from "../../interpreter/cli/merge-command.ts";
import { keepGame, playGame, runBatch } from "../../interpreter/cli/simulate-batch.ts";
import { loadRules } from "../../interpreter/cli/load-rules.ts";
import { batchRanges, playRange, runSimulate, shardRange, type ShardOutput } from "../../interpreter/cli/simulate-command.ts";
import { balanceLine, firstSeatVerdict, summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import { simulationReport } from "../../interpreter/cli/simulate-report.ts";
import { wilson } from "../../interpreter/bots/statistics.ts";
import { LINE_DEPTH } from "../../interpreter/bots/one-step.ts";
import { gameFromSource } from "../support/games.ts";
import { ruleFiles } from "../cli/run-stela.ts";

/** Simulation that tells the truth: independent streams, rare failures found and replayed, shards that add up. */

const GOOF = new URL("../fixtures/bots/goofspiel.stela", import.meta.url).pathname;
const FAULTY = new URL("../fixtures/bots/faulty-goofspiel.stela", import.meta.url).pathname;
const BLIND = new URL("../fixtures/bots/blind.stela", import.meta.url).pathname;
const goofspiel = gameFromSource(readFileSync(GOOF, "utf8"), GOOF);

describe("random streams", () => {
  it("mixes neighbouring seeds into unrelated ones", () => {
    const seeds = new Set<number>();
    for (let game = 1; game <= 200; game++) for (let seat = 0; seat < 4; seat++) seeds.add(mixSeed(7, game, seat));
    expect(seeds.size).toBe(800);
    // The first draws of neighbouring seeds' generators: about half of their bits differ.
    let differing = 0;
    for (let s = 0; s < 100; s++) {
      const a = botRandom(s).next() >>> 0;
      const b = botRandom(s + 1).next() >>> 0;
      differing += (a ^ b).toString(2).replace(/0/g, "").length;
    }
    expect(differing / 100).toBeGreaterThan(12);
    expect(differing / 100).toBeLessThan(20);
  });

  it("a symmetric game comes out fair: each seat wins its share within its 95% interval", () => {
    const s: RunSettings = { file: GOOF, players: 2, bots: ["random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 1201 });
    const summary = summarise("Goofspiel", s, 1200, outcomes, 1);
    expect(summary.errors).toEqual([]);
    // Every game opens with a secret bid: the games won alone are all left out of the first-player test.
    const decisive = summary.firstPlayer.atOnce!;
    expect(summary.firstPlayer.decisive).toBe(0);
    for (const seat of summary.seats) {
      // Among the games someone won alone, each seat's share: 1/2 lies in its Wilson interval.
      const r = wilson(seat.wins.count, decisive);
      expect(r.low).toBeLessThan(0.5);
      expect(r.high).toBeGreaterThan(0.5);
    }
    expect(summary.firstPlayer.pValue).toBeGreaterThan(0.05);
    expect(summary.seats[0]!.draws.count).toBe(summary.seats[1]!.draws.count);
  });

  it("finds no first player in a game that opens with a choice all players make at once", () => {
    // The bots answer a secret bid in seat order; the rules never see who answered first. Seat 1
    // "decided first" in every game before, and a draft of 500 games read "a first-player
    // advantage" (p = 0.048) that 3,000 games did not bear out.
    const s: RunSettings = { file: GOOF, players: 2, bots: ["random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 41 });
    expect(outcomes.every((o) => o.atOnce === true && o.first === undefined)).toBe(true);
    const summary = summarise("Goofspiel", s, 40, outcomes, 1);
    expect(summaryLines(summary).join("\n")).toContain(
      "no first player: every game opened with a choice all players make at once: no seat decides first, so there is no first player to test",
    );
    expect(simulationReport(summary, outcomes)).toContain("No first player: every game opened with a choice all players make at once");
    // Its seats are still tested against each other: a drafting game's seat 2 won 63% of 200 games, unsaid.
    const alone = outcomes.filter((o) => o.winners.length === 1);
    const bySeat = [0, 1].map((seat) => alone.filter((o) => o.winners[0] === seat).length);
    expect(summary.firstPlayer!.bySeat!.wins).toEqual(bySeat);
    expect(summaryLines(summary).join("\n")).toContain(`so there is no first player to test; by seat, the games won alone were ${bySeat.join(", ")} of ${alone.length} (p = `);
    const lopsided = summarise("Goofspiel", s, 40, outcomes.map((o) => ({ ...o, winners: [1], scores: [0, 1] })), 1);
    expect(summaryLines(lopsided).join("\n")).toContain("by seat, the games won alone were 0, 40 of 40 (p = 2.54e-10, evidence that the seat matters when random plays every seat)");
    // A run of games that open both ways tests only those with a first player, and says how many it left out.
    const mixed = summarise("Mixed", s, 40, outcomes.map((o, i) => (i < 30 ? o : { ...o, atOnce: undefined, first: o.winners[0] ?? 0 })), 1);
    const won = outcomes.filter((o) => o.winners.length === 1);
    expect(mixed.firstPlayer).toMatchObject({ decisive: won.filter((o) => o.game > 30).length, atOnce: won.filter((o) => o.game <= 30).length });
    expect(summaryLines(mixed).join("\n")).toMatch(/decisive games, [^;]*; \d+ decided only by choices made at once left out \(p = /);
  });

  it("finds the first player of the turns after a setup choice all players make at once", () => {
    // A route game's setup has each player keep tickets in secret, then turns begin: the first
    // player of those turns is tested. Read from the setup choice, every such game had "no first
    // player", and the line said so. Here whoever is drawn to start wins.
    const file = ruleFiles({
      "keep-then-turns.stela": `game "Keep then turns" { players 2 }
per player { score: number = 0 }
flow {
  let kept = secretly each p in players chooses n from 1..2 prompt "Keep" ask always
  let starter = random(players)
  turn starter {
    let n = choose n from 1..2 prompt "Pick"
    starter.score = n + kept[starter]
  }
  end game
}
scoring p { points p.score }
`,
    })["keep-then-turns.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 61 });
    expect(outcomes.some((o) => o.atOnce)).toBe(false);
    const summary = summarise("Keep then turns", s, 60, outcomes, 1);
    expect(summary.firstPlayer).toMatchObject({ wins: 60, decisive: 60 });
    expect(firstSeatVerdict(summary)).toBe("evidence of a first-player advantage when random plays every seat");
    // Only choices made at once: nobody decided first.
    expect(firstToDecide([{ player: 0, secret: true }, { player: 1, secret: true }])).toEqual({ atOnce: true });
    expect(firstToDecide([{ player: 0, secret: true }, { player: 1 }])).toEqual({ first: 1 });
    expect(firstToDecide([])).toEqual({});
  });

  it("counts a first turn taken for lack of options as the first act, not the next player's decision", () => {
    // A user's push-your-luck game: seat 1 always moves first, but a roll of 1 leaves its first
    // turn one option, taken without asking. The log's first decision was then seat 2's, and the
    // test read seat 2 as "the first to decide" in about a quarter of the games.
    const file = ruleFiles({
      "first-act.stela": `game "First act" { players 2 }
per player { score: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        let top = random(1..2)
        let n = choose n from 1..top prompt "Take"
        p.score += n
      }
    }
  }
}
scoring p { points p.score  tiebreak fewest p.seat }
`,
    })["first-act.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 81 });
    // Seat 1 acts first in every game, whatever its first roll.
    expect(outcomes.every((o) => o.first === undefined && !o.atOnce)).toBe(true);
    const summary = summarise("First act", s, 80, outcomes, 1);
    expect(summary.firstPlayer!.wins).toBe(outcomes.filter((o) => o.winners.length === 1 && o.winners[0] === 0).length);
    // Some first turns were taken without asking: the log alone would have named seat 2.
    const m = gameFromSource(readFileSync(file, "utf8")).start({ players: 2, seed: outcomes.find((o) => o.game > 0)!.seed, quiet: true });
    expect(m.state.firstChooser).toBe(0);
    expect(firstToDecide([{ player: 1 }], 0)).toEqual({ first: 0 });
  });

  it("says how sure a seat's wins are, and how many games would give ±5 and ±2 points", () => {
    const s: RunSettings = { file: GOOF, players: 2, bots: ["random"], seed: 1 };
    const summary = summarise("Goofspiel", s, 200, Array.from({ length: 200 }, (_, i) => ({ game: i + 1, seed: i, scores: i < 100 ? [1, 0] : [0, 1], winners: i < 100 ? [0] : [1], decisions: 5 })), 1);
    // 100 of 200: the Wilson interval reaches 6.9 points either side, and 381 games bring it to 5.
    expect(summaryLines(summary)).toContain("precision: each seat's win share known to ±6.9 points at most (95%); about 381 games would give ±5, about 2,398 ±2");
    // One seat winning 291 of 300: its interval [94.4, 98.4] is lopsided, 2.6 points on the far
    // side, so the forecast for ±2 is more than the 300 games already played (the normal
    // approximation, 1.96² · 0.97 · 0.03 / 0.02², had said 280: fewer games for a surer figure).
    const lopsided = summarise("Goofspiel", s, 300, Array.from({ length: 300 }, (_, i) => ({ game: i + 1, seed: i, scores: [1, 0], winners: i < 291 ? [0] : [1], decisions: 5 })), 1);
    // The ±5 its 300 games reached already (114 would do) is not forecast: only ±2.
    expect(summaryLines(lopsided)).toContain("precision: each seat's win share known to ±2.6 points at most (95%); about 457 games would give ±2");
    expect(lopsided.precision).toMatchObject({ for5: 114, for2: 457, each: false });
    // Every game won by 1 point (scores 1 and 0): the margin line says so, with its spread.
    expect(summaryLines(summary)).toContain("winning margin: 1.00 ± 0.00 points (median 1, 1–1): the top score less the next");
    // One seat winning every game of 20 (so the other none): 100% is not settled, its interval
    // [83.9, 100] says how far it may be, and the forecast is Wilson's at 100%.
    const sure = summarise("Goofspiel", s, 20, Array.from({ length: 20 }, (_, i) => ({ game: i + 1, seed: i, scores: [1, 0], winners: [0], decisions: 5 })), 1);
    expect(summaryLines(sure)).toContain("precision: each seat's win share known to ±16.1 points at most (95%); about 73 games would give ±5, about 189 ±2");
  });

  it("reads the fair share against each seat's win share, ties split, not its games won alone", () => {
    // A fair game with many ties: 60 games won by each seat alone, 80 shared. Each seat won 30% of
    // the games alone, whose interval [24.1, 36.6] leaves out the fair 50% though nothing is unfair;
    // its share, 0.3 + 0.4 / 2 = 50%, is what the fair share is read against.
    const s: RunSettings = { file: GOOF, players: 2, bots: ["random"], seed: 1 };
    const winners = (i: number): number[] => (i < 60 ? [0] : i < 120 ? [1] : [0, 1]);
    const summary = summarise("Goofspiel", s, 200, Array.from({ length: 200 }, (_, i) => ({ game: i + 1, seed: i, scores: [1, 1], winners: winners(i), decisions: 5 })), 1);
    const seat = summary.seats[0]!;
    expect(seat.wins.high).toBeLessThan(0.5);
    expect(seat.share).toMatchObject({ value: 0.5 });
    expect(seat.share.low).toBeLessThan(0.5);
    expect(seat.share.high).toBeGreaterThan(0.5);
    const lines = summaryLines(summary);
    expect(lines).toContain("1     random     50.0% [43.1–56.9]      30.0%      40.0% [33.5–46.9]    1.00 ± 0.00       1       [1–1]");
    expect(lines.find((l) => l.startsWith("fair share:"))).toMatch(/^fair share: 50\.0% per seat \(share: games won, a shared first place split among its winners\)/);
  });

  it("writes the report's score quantiles as read, without interpolation's rounding noise", () => {
    // 24 games, seat 1 scoring 5 … 28: its 10% quantile is 5 + 23 × 0.1, 7.300000000000001 in floating point.
    const s: RunSettings = { file: GOOF, players: 2, bots: ["random"], seed: 1 };
    const outcomes = Array.from({ length: 24 }, (_, i) => ({ game: i + 1, seed: i, scores: [5 + i, 0], winners: [0], decisions: 5 }));
    const html = simulationReport(summarise("Goofspiel", s, 24, outcomes, 1), outcomes);
    expect(html).toContain("<td>7.3 / 16.5 / 25.7</td>");
    expect(html).not.toContain("7.300000000000001");
  });

  it("writes the turn-order test and the winning margin into the report, as the summary reads them", () => {
    // 3 players, 60 games: the third to decide never wins alone.
    const s: RunSettings = { file: GOOF, players: 3, bots: ["random"], seed: 1 };
    const outcomes = Array.from({ length: 60 }, (_, i) => ({ game: i + 1, seed: i, scores: i % 2 ? [3, 1, 0] : [1, 4, 0], winners: [i % 2 ? 0 : 1], decisions: 5 }));
    const summary = summarise("Goofspiel", s, 60, outcomes, 1);
    const html = simulationReport(summary, outcomes);
    expect(html).toContain("By place in the turn order (the first to decide, then clockwise), the games won alone were 30, 30, 0 of 60 (p = ");
    expect(html).toContain("winning margin: 2.50 ± 0.50 points (median 2.5, 2–3): the top score less the next.");
    // Games won with 3 and with 4: the winning score, before the margin.
    expect(html).toContain("winning score: 3.50 ± 0.50 points (median 3.5, 3–4): the top score.");
    // Seats 1 and 2 win half the games each, seat 3 none: about 23.6 points from a third (root mean square), less the noise.
    expect(html).toContain(`${balanceLine(summary.balance!)}.`);
    expect(summary.balance!.distance).toBeGreaterThan(20);
    const lines = summaryLines(summary);
    expect(lines.indexOf("winning score: 3.50 ± 0.50 points (median 3.5, 3–4): the top score")).toBe(lines.findIndex((l) => l.startsWith("winning margin:")) - 1);
  });

  it("says which way a first-seat effect goes, and never prints a p-value of 0", () => {
    const s: RunSettings = { file: GOOF, players: 2, bots: ["random"], seed: 1 };
    const run = (firstWins: number, games: number) =>
      summarise("Goofspiel", s, games, Array.from({ length: games }, (_, i) => ({ game: i + 1, seed: i, scores: i < firstWins ? [1, 0] : [0, 1], winners: i < firstWins ? [0] : [1], decisions: 5 })), 1);
    expect(firstSeatVerdict(run(140, 200))).toBe("evidence of a first-player advantage when random plays every seat");
    expect(firstSeatVerdict(run(60, 200))).toBe("evidence of a first-player handicap when random plays every seat");
    expect(firstSeatVerdict(run(104, 200))).toBe("no evidence of a first-player effect");
    // 3,000 of 3,000: the exact test's sum underflows to 0; the true p is below 10^-300, not 0.
    const sweep = run(3000, 3000);
    expect(sweep.firstPlayer.pValue).toBe(0);
    expect(summaryLines(sweep).join("\n")).toContain("the first to decide won 3000 of 3000 decisive games, 100.0% [99.9–100.0] against a fair 50.0% (p < 1e-300, evidence of a first-player advantage when random plays every seat)");
    expect(formatPValue(0.17752)).toBe("p = 0.1775");
    expect(formatPValue(1.907e-6)).toBe("p = 1.91e-6");
  });

  it("tests the player who decides first, not seat 1, in a game that draws who starts", () => {
    // Whoever is drawn to start wins: seat 1 wins half the games, the first player all of them.
    const file = ruleFiles({
      "starter.stela": `game "Starter" { players 2 }
per player { score: number = 0 }
flow {
  let starter = random(players)
  turn starter {
    let n = choose n from 1..2 prompt "Pick"
    starter.score = n
  }
  end game
}
scoring p { points p.score }
`,
    })["starter.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["random"], seed: 1 };
    const summary = summarise("Starter", s, 200, runBatch({ ...s, from: 1, to: 201 }), 1);
    expect(summary.errors).toEqual([]);
    expect(summary.seats[0]!.wins.count).toBeGreaterThan(70);
    expect(summary.seats[0]!.wins.count).toBeLessThan(130);
    expect(summary.firstPlayer).toMatchObject({ wins: 200, decisive: 200 });
    expect(firstSeatVerdict(summary)).toBe("evidence of a first-player advantage when random plays every seat");
  });

  it("never calls a stronger bot in the first seat a first-seat advantage", () => {
    const file = ruleFiles({
      "turns.stela": `game "Turns" { players 2 }
per player { score: number = 0 }
flow {
  for p in players { turn p { let n = choose n from 1..3 prompt "Pick"  p.score = n } }
}
scoring p { points p.score }
`,
    })["turns.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["greedy", "random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 41 });
    const summary = summarise("Turns", s, 40, outcomes, 1);
    // Whatever the test finds, the first seat's share is its bot's as much as the seat's.
    expect(firstSeatVerdict(summary)).toMatch(/cannot tell the first player from their bot/);
    expect(summaryLines(summary).join("\n")).toMatch(/different bots/);
  });
});

describe("a bot that cannot tell its options apart", () => {
  it("says the estimate failed, not that it is blind, when greedy found every option alike because its estimate broke", () => {
    const file = ruleFiles({
      "broken.stela": `game "Broken" { players 2 }
per player { score: number = 0 }
flow {
  for p in players { turn p { let n = choose n from 1..3 prompt "Pick"  p.score = n } }
}
scoring p { points p.score }
estimate p { [1, 2][p.score + 5] }
`,
    })["broken.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["greedy", "random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 11 });
    expect(outcomes[0]!.judged![0]).toMatchObject({ weighed: 1, even: 1, failed: 1 });
    const summary = summarise("Broken", s, 10, outcomes, 1);
    expect(summary.seats[0]!.judged).toMatchObject({ weighed: 10, even: 10, failed: 10 });
    const note = summaryLines(summary).find((l) => l.startsWith("note: the game's `estimate` failed"));
    expect(note).toMatch(/^note: the game's `estimate` failed at 10 of the 10 decisions greedy \(seat 1\) weighed \(the estimate for Player 1 failed: .+ \(line 7\)\): a failing estimate reads 0 for every option/);
    expect(summaryLines(summary).some((l) => l.includes("write an `estimate` that does"))).toBe(false);
  });

  it("is said to have played as random when greedy found every option worth the same", () => {
    // Points come only at the end, after a draw no choice changes: one move ahead, scoring as if
    // the game ended now tells no pick from another, so greedy picks at random every time.
    const file = BLIND;
    const s: RunSettings = { file, players: 2, bots: ["greedy", "random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 21 });
    // Only the seat whose bot judges options counts: 3 decisions a game, all even.
    expect(outcomes[0]!.judged).toEqual([{ weighed: 3, even: 3, sites: { "8:45": { line: 8, column: 45, prompt: "Pick", weighed: 3, even: 3 } } }, null]);
    const summary = summarise("Blind", s, 20, outcomes, 1);
    expect(summary.seats.map((x) => x.judged && { weighed: x.judged.weighed, even: x.judged.even })).toEqual([{ weighed: 60, even: 60 }, undefined]);
    expect(summaryLines(summary)).toContain(
      "note: greedy (seat 1) found every option worth the same at 100.0% of the 60 decisions it weighed, and took one at random: it played as the random bot does; what it judges by (the game's `estimate`, else its scoring as if the game ended now) does not tell the options apart one move ahead: write an `estimate` that does (or, while the game has none, play `mcts`, whose playouts then go on to the end of the game)",
    );
    // Goofspiel's scoring tells greedy's options apart: no note.
    const goof: RunSettings = { file: GOOF, players: 2, bots: ["greedy"], seed: 1 };
    const judged = summarise("Goofspiel", goof, 20, runBatch({ ...goof, from: 1, to: 21 }), 1);
    expect(judged.seats[0]!.judged!.weighed).toBeGreaterThan(0);
    expect(summaryLines(judged).some((l) => l.includes("played as the random bot"))).toBe(false);
  });

  it("is said to have played as random at one choice, when it told the options apart at the others", () => {
    // The points come from the first pick; the second changes nothing greedy can see. Over both,
    // half its decisions were even, which says nothing; at the second, every one was.
    const file = ruleFiles({
      "half.stela": `game "Half blind" { players 2 }
per player { score: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        let n = choose n from 1..3 prompt "Score"
        p.score += n
        let _guess = choose g from 1..3 prompt "Guess after {n}"
      }
    }
  }
}
scoring p { points p.score }
`,
    })["half.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["greedy"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 21 });
    const summary = summarise("Half blind", s, 20, outcomes, 1);
    expect(summary.seats.map((x) => [x.judged!.weighed, x.judged!.even])).toEqual([
      [120, 60],
      [120, 60],
    ]);
    expect(summaryLines(summary).filter((l) => l.startsWith("note:"))).toEqual([
      "note: greedy (seats 1, 2) found every option worth the same at 100.0% of the 120 decisions it weighed at \"Guess after {n}\" (line 9), and took one at random there: what it judges by (the game's `estimate`, else its scoring as if the game ended now) does not tell that choice's options apart one move ahead, so it played as a random player there that often: write an `estimate` that does (or, while the game has none, play `mcts`, whose playouts then go on to the end of the game), or ask the turn as one choice whose options the scoring tells apart",
    ]);
    // The prompt as the rules write it, not one decision's ("Guess after 2"): the note is of them all.
    // The HTML report says so too.
    expect(simulationReport(summary, outcomes)).toContain("<p>Note: greedy (seats 1, 2) found every option worth the same at 100.0% of the 120 decisions it weighed at &quot;Guess after {n}&quot; (line 9)");
  });

  it("names the base game's file at a choice written there, when a variant file's run meets it", () => {
    // A designer's 11-line variant file read "(line 184)" of a choice in the base game it extends,
    // and went looking for a fault in the variant.
    const files = ruleFiles({
      "base.stela": `game "Half blind" { players 2 }
per player { score: number = 0 }
const MOST = 3
flow {
  repeat 3 {
    for p in players {
      turn p {
        let n = choose n from 1..MOST prompt "Score"
        p.score += n
        let _guess = choose g from 1..3 prompt "Guess after {n}"
      }
    }
  }
}
scoring p { points p.score }
`,
      "more.stela": `variant "More" extends "base.stela" {
  override const MOST = 4
}
`,
    });
    const s: RunSettings = { file: files["more.stela"]!, players: 2, bots: ["greedy"], seed: 1 };
    const summary = summarise("Half blind", s, 10, runBatch({ ...s, from: 1, to: 11 }), 1);
    const note = summaryLines(summary).find((l) => l.startsWith("note:"))!;
    // The base's text is not at hand: its interpolation reads {…}.
    expect(note).toContain(`at "Guess after {…}" (line 10 of ${files["base.stela"]!}), and took one at random there`);
  });

  it("is said never to have taken an action whose gain comes more of its own choices later than it looks", () => {
    // A user's route game: "Claim a route", then which route, then which cards to pay with. Greedy
    // judged the claim where the colour was asked, before the route was paid for or scored, found it
    // worth nothing against drawing a card, and never claimed: two comparisons measured that. It
    // now looks through a line of its own choices in the turn (`LINE_DEPTH`): the claim is seen
    // through, and only an action deeper than the line goes untaken, with the note.
    const game = (paySteps: number) => `game "Depth" { players 2 }
per player { coins: number = 1  points: number = 0 }
procedure build(p: player) {
  let _site = choose s from 1..2 prompt "Where?"
  repeat ${paySteps} {
    let _how = choose h from 1..2 prompt "Pay how?"
  }
  p.coins -= 1
  p.points += 3
}
flow {
  repeat 10 {
    for p in players {
      turn p {
        choose prompt "Action" {
          option "Take a coin" { p.coins += 1 }
          option "Build" when p.coins >= 1 { build(p) }
        }
      }
    }
  }
}
scoring p { points p.points }
estimate p { p.points + p.coins / 2 }
`;
    // The action, its follow-up, then the line: one pay step more than the line takes stays unseen.
    const files = ruleFiles({ "deeper.stela": game(LINE_DEPTH + 1), "deep.stela": game(LINE_DEPTH), "shallow.stela": game(0) });
    const run = (file: string, bot = "greedy") => {
      const s: RunSettings = { file, players: 2, bots: [bot], seed: 1 };
      const outcomes = runBatch({ ...s, from: 1, to: 4 });
      const summary = summarise("Depth", s, 3, outcomes, 1);
      return { lines: summaryLines(summary).filter((l) => l.includes("never took")), report: simulationReport(summary, outcomes), points: outcomes.map((o) => o.scores.join(",")) };
    };
    const deeper = run(files["deeper.stela"]!);
    expect(deeper.lines).toEqual([
      `note: greedy (seats 1, 2) never took "Build" (line 17, offered at 60 of its decisions) at "Action" (line 15): it judges an option where the rules next stop, or through at most ${1 + LINE_DEPTH} of its own choices after it in that turn, so an action whose gain comes more of its own choices later looks worth nothing to it and it never plays it; if players would, ask some of those choices as one (where and how to pay together), or give the \`estimate\` a term for what the action leads to, and check a game of these bots (\`--game N\`)`,
    ]);
    expect(deeper.report).toContain("never took &quot;Build&quot;");
    expect(deeper.points).toEqual(["0,0", "0,0", "0,0"]);
    // Judged on several redrawn copies, greedy's look is told short the same way.
    expect(run(files["deeper.stela"]!, "greedy:3").lines.map((l) => l.slice(0, 40))).toEqual(['note: greedy:3 (seats 1, 2) never took "']);
    // Within the line, and one choice after the action: greedy sees the gain, builds, and nothing is said.
    for (const file of [files["deep.stela"]!, files["shallow.stela"]!]) {
      const r = run(file);
      expect(r.lines).toEqual([]);
      expect(r.points).toEqual(["15,15", "15,15", "15,15"]);
    }
  });
});

describe("a choice judged blind at most of its decisions", () => {
  it("is named at 75% too, not only at 90% or more (a turn split into questions whose points come with the last)", () => {
    // "Score" counts only in the last of 4 rounds: greedy sees the options apart there alone.
    const file = ruleFiles({
      "late.stela": `game "Late points" { players 2 }
per player { score: number = 0 }
flow {
  let round = 0
  repeat 4 {
    round += 1
    for p in players {
      turn p {
        let n = choose n from 1..3 prompt "Score"
        if round == 4 { p.score += n }
      }
    }
  }
}
scoring p { points p.score }
`,
    })["late.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["greedy"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 21 });
    const summary = summarise("Late points", s, 20, outcomes, 1);
    expect(summary.seats.map((x) => [x.judged!.weighed, x.judged!.even])).toEqual([
      [80, 60],
      [80, 60],
    ]);
    const notes = summaryLines(summary).filter((l) => l.startsWith("note:"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('found every option worth the same at 75.0% of the 160 decisions it weighed at "Score" (line 9)');
  });
});

describe("failures", () => {
  it("finds a rule error that fires in about 1 game in 9, and each replays exactly from its number", () => {
    const s: RunSettings = { file: FAULTY, players: 2, bots: ["random"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 181 });
    const failed = outcomes.filter((o) => o.error);
    // 1 in 9 of 180 is 20; its 95% range for a binomial count is about 12 to 29.
    expect(failed.length).toBeGreaterThanOrEqual(10);
    expect(failed.length).toBeLessThanOrEqual(32);
    for (const o of failed) expect(o.error).toMatch(/faulty-goofspiel\.stela:32:\d+: runtime-division-by-zero/);
    const summary = summarise("Faulty", s, 180, outcomes, 1);
    expect(summary.errors[0]!.replay).toBe(`stela simulate ${FAULTY} --players 2 --seed 1 --bots random --game ${failed[0]!.game}`);
    const game = gameFromSource(readFileSync(FAULTY, "utf8"), FAULTY);
    for (const o of failed.slice(0, 3)) {
      const again = playGame(game, s, o.game);
      expect(again.outcome).toEqual(o);
      expect(again.match.error?.code).toBe("runtime-division-by-zero");
    }
  });
});

describe("shards", () => {
  it("split games into contiguous parts that cover each game once", () => {
    const parts = [1, 2, 3].map((k) => shardRange(100, k, 3));
    expect(parts).toEqual([
      { from: 1, to: 34 },
      { from: 34, to: 67 },
      { from: 67, to: 101 },
    ]);
  });

  it("cut a worker's games into tasks that keep every worker busy: in order, each game once, 1 to 25 a task", () => {
    const covers = (from: number, to: number, workers: number) => {
      const tasks = batchRanges(from, to, workers);
      // Contiguous and in order: each task starts where the last ended, the last ends at `to`.
      expect(tasks.map((t) => t.from)).toEqual([from, ...tasks.slice(0, -1).map((t) => t.to)]);
      expect(tasks.at(-1)?.to).toBe(to);
      for (const t of tasks) expect(t.to - t.from).toBeGreaterThanOrEqual(1);
      for (const t of tasks) expect(t.to - t.from).toBeLessThanOrEqual(25);
      return tasks;
    };
    // Twenty slow games on two workers: one game a task, not one task of all twenty.
    expect(covers(1, 21, 2)).toHaveLength(20);
    // Enough games for eight tasks a worker: 100 games on two workers in tasks of 6.
    expect(covers(1, 101, 2).map((t) => t.to - t.from)).toEqual([...Array(16).fill(6), 4]);
    // Many games: tasks of 25 at most.
    expect(covers(1, 10_001, 2)).toHaveLength(400);
    // A shard of 33 games on one worker: tasks of 4, so its bar moves too.
    expect(covers(34, 67, 1)).toHaveLength(9);
    expect(covers(5, 6, 8)).toEqual([{ from: 5, to: 6 }]);
  });

  it("merged, equal the run on one machine", async () => {
    const base = { players: 2, games: 40, seed: 9, json: true, workers: 1, progress: false, bots: ["random", "greedy"] };
    const run = async (extra: object): Promise<ShardOutput> => {
      const lines: string[] = [];
      await runSimulate(GOOF, { ...base, ...extra }, (l) => lines.push(l));
      return JSON.parse(lines.join("\n"));
    };
    const whole = await run({});
    const shards = [await run({ shard: { k: 2, n: 3 } }), await run({ shard: { k: 1, n: 3 } }), await run({ shard: { k: 3, n: 3 } })];
    expect(shards.map((s) => s.played)).toEqual([13, 13, 14]);
    const { summary } = mergeShards(shards, ["b", "a", "c"]);
    expect({ ...summary, playoutsPerSecond: 0, shards: undefined }).toEqual({ ...whole, playoutsPerSecond: 0, shards: undefined });
    // Its pace is one machine's over the shards' times added up, and says so: not the run's.
    expect(summary.shards).toBe(3);
    expect(whole.shards).toBeUndefined();
    expect(summaryLines(summary).join("\n")).toMatch(/games per second: [\d.]+.* per shard \(3 shards, their running times added up/);
    expect(() => mergeShards([shards[0]!, shards[1]!], ["b", "a"])).toThrow("missing shard 3/3");
    // Each output names the engine that played it; shards of two engines are not one run.
    expect(whole.engine).toMatch(/^[0-9a-f]{16}$/);
    expect(summary.engine).toBe(whole.engine);
    const other = { ...shards[2]!, engine: "0123456789abcdef" };
    expect(() => mergeShards([shards[0]!, shards[1]!, other], ["b", "a", "c"])).toThrow(`c was played by another engine than b (engine 0123456789abcdef, not ${whole.engine})`);
  });

  it("are refused when an outcome is not as simulate writes it (a score not a number, a winner past the seats)", async () => {
    const lines: string[] = [];
    await runSimulate(GOOF, { players: 2, games: 6, seed: 3, json: true, workers: 1, progress: false, bots: ["random"], shard: { k: 1, n: 2 } }, (l) => lines.push(l));
    const good = JSON.parse(lines.join("\n")) as ShardOutput;
    const dir = mkdtempSync(join(tmpdir(), "stela-shards-"));
    const write = (name: string, edit: (s: ShardOutput) => unknown): string => {
      const copy = JSON.parse(JSON.stringify(good)) as ShardOutput;
      const out = edit(copy) ?? copy;
      writeFileSync(join(dir, name), JSON.stringify(out));
      return join(dir, name);
    };
    expect(readShard(write("good.json", () => undefined)).outcomes).toHaveLength(3);
    // The table simulate prints without --json, the likeliest mistake, says what merge reads.
    writeFileSync(join(dir, "table.txt"), "Goofspiel: 3 of 6 games, 2 players, seed 3\n");
    expect(() => readShard(join(dir, "table.txt"))).toThrow("it is not JSON; merge reads what `stela simulate --shard k/n --json` prints (add --json to each shard's run)");
    const refused = (edit: (s: ShardOutput) => unknown): string => {
      try {
        readShard(write("bad.json", edit));
        return "accepted";
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(refused((s) => void ((s.outcomes[0] as unknown as { scores: unknown }).scores = ["x", "y"]))).toMatch(/is not the output of `stela simulate --shard k\/n --json` \(its outcome 1 does not have 2 finite scores\)$/);
    expect(refused((s) => void (s.outcomes[1]!.winners = [7]))).toMatch(/its outcome 2 names a winner who is not a seat/);
    expect(refused((s) => void ((s.outcomes as unknown[])[0] = null))).toMatch(/its outcome 1 is not a game's outcome/);
    expect(refused((s) => void (s.outcomes[0]!.scores = [1e308 * 10, 0]))).toMatch(/finite scores/);
    // What a greedy seat found: one entry a seat, counts no larger than the decisions weighed.
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 3 }, null]))).toBe("accepted");
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 4 }, null]))).toMatch(/its outcome 1 has judged counts that are not one per seat/);
    expect(refused((s) => void (s.outcomes[0]!.judged = [null]))).toMatch(/judged counts that are not one per seat/);
    // The estimate's failures are among the even decisions, with a text for the first.
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 2, failed: 2, failure: "x (line 3)" }, null]))).toBe("accepted");
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 2, failed: 3 }, null]))).toMatch(/judged counts that are not one per seat/);
    // By choice too: where it is, a prompt, the same counts.
    const site = { line: 3, column: 5, prompt: "Pick", weighed: 3, even: 3 };
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 3, sites: { "3:5": site } }, null]))).toBe("accepted");
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 3, sites: { "3:5": { ...site, even: 4 } } }, null]))).toMatch(/judged counts that are not one per seat/);
    expect(refused((s) => void (s.outcomes[0]!.judged = [{ weighed: 3, even: 3, sites: { "3:5": { ...site, prompt: 7 } } } as never, null]))).toMatch(/judged counts/);
  });

  it("of runs with other seeds pool into one summary: every run whole, each game counted once, replayed with its own seed", async () => {
    const shard = async (seed: number, k: number, n: number, games = 6, file = GOOF): Promise<ShardOutput> => {
      const lines: string[] = [];
      await runSimulate(file, { players: 2, games, seed, json: true, workers: 1, progress: false, bots: ["random"], shard: { k, n } }, (l) => lines.push(l));
      return JSON.parse(lines.join("\n"));
    };
    const a = [await shard(3, 1, 2), await shard(3, 2, 2)];
    const b = [await shard(4, 1, 1, 8)];
    const pooled = mergeShards([b[0]!, ...a], ["b", "a1", "a2"]);
    // Seed 3's six games and seed 4's eight, each counted once: the figures of the fourteen outcomes together.
    const outcomes = [...a.flatMap((s) => s.outcomes), ...b[0]!.outcomes];
    expect(pooled.summary.played).toBe(14);
    expect(pooled.summary.games).toBe(14);
    expect(pooled.outcomes.map((o) => `${o.run}:${o.game}`)).toEqual([...[1, 2, 3, 4, 5, 6].map((g) => `3:${g}`), ...[1, 2, 3, 4, 5, 6, 7, 8].map((g) => `4:${g}`)]);
    const wonBy = (p: number) => outcomes.filter((o) => o.winners.length === 1 && o.winners[0] === p).length;
    expect(pooled.summary.seats.map((x) => x.wins.count)).toEqual([wonBy(0), wonBy(1)]);
    expect(pooled.summary.seats[0]!.wins.total).toBe(14);
    expect(pooled.summary.seeds).toEqual([3, 4]);
    const lines = summaryLines(pooled.summary);
    expect(lines[0]).toBe("Goofspiel: 14 games, 2 players, seeds 3, 4 (2 runs pooled)");
    expect(pooled.summary.command).toBe(`stela simulate ${GOOF} --players 2 --seed 3 --bots random --games 6 && stela simulate ${GOOF} --players 2 --seed 4 --bots random --games 8`);
    // One seed's run alone reads as before.
    expect(summaryLines(mergeShards(a, ["a1", "a2"]).summary)[0]).toBe("Goofspiel: 6 games, 2 players, seed 3");
    // Each run must be whole, and no run given twice.
    expect(() => mergeShards([a[0]!, ...b], ["a1", "b"])).toThrow("missing shard 2/2 of seed 3");
    expect(() => mergeShards([...a, a[1]!, ...b], ["a1", "a2", "a2 again", "b"])).toThrow("shard 2/2 of seed 3 is given twice (a2 again)");
    // Other bots are another question, not more games of this one.
    const greedy = JSON.parse(JSON.stringify(b[0]!)) as ShardOutput;
    greedy.bots = ["greedy", "greedy"];
    expect(() => mergeShards([...a, greedy], ["a1", "a2", "g"])).toThrow("g comes from another run than a1: the bots differ");
    // Every setting that differs is named, none that does not.
    const bounded = { ...greedy, maxDecisions: 300, variant: "Short" };
    expect(() => mergeShards([...a, bounded], ["a1", "a2", "g"])).toThrow("g comes from another run than a1: the variant, the bots and --max-decisions differ");
  });

  it("are refused when the rule file changed between them, though its name is the same", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "stela-shards-")), "goofspiel.stela");
    const text = readFileSync(GOOF, "utf8");
    const shard = async (k: number): Promise<ShardOutput> => {
      const lines: string[] = [];
      await runSimulate(file, { players: 2, games: 10, seed: 3, json: true, workers: 1, progress: false, bots: ["random"], shard: { k, n: 2 } }, (l) => lines.push(l));
      return JSON.parse(lines.join("\n"));
    };
    writeFileSync(file, text);
    const one = await shard(1);
    const two = await shard(2);
    expect(mergeShards([one, two], ["1", "2"]).summary.played).toBe(10);
    // A comment moved changes nothing; a rule changed is other rules.
    writeFileSync(file, `// moved\n${text}`);
    expect(mergeShards([one, await shard(2)], ["1", "2"]).summary.played).toBe(10);
    // An example added plays in no run: the same run still (a designer added one between two seeds).
    writeFileSync(file, `${text}\nexample "Nothing yet" {\n  players 2\n  expect scores [0, 0]\n}\n`);
    expect(mergeShards([one, await shard(2)], ["1", "2"]).summary.played).toBe(10);
    // A measure added is read by a run: other rules.
    writeFileSync(file, `${text}\nmeasure "One" { 1 }\n`);
    const measured = await shard(2);
    expect(() => mergeShards([one, measured], ["1", "2"])).toThrow("2 was played on other rules than 1: a rule, the bots' `estimate` or a `measure` changed between them (examples do not count)");
    writeFileSync(file, text.replace(/points /, "points 1 + "));
    const changed = await shard(2);
    expect(() => mergeShards([one, changed], ["1", "2"])).toThrow("2 was played on other rules than 1");
  });
});

describe("worker processes", () => {
  const run: RunSettings = { file: GOOF, players: 2, bots: ["random", "greedy"], seed: 5 };

  it("play the same games as this process, which hands them a run that would take it long enough", async () => {
    const alone = await playRange(run, 1, 31, 1, false);
    // Handed over after the first task (of one game): the two workers play the other 29, or fewer
    // when one fails to start on a loaded machine (its tasks are then played here: seen once in a
    // full run of the suite beside other work, 28). The games are the same either way.
    const shared = await playRange(run, 1, 31, 2, false, { aloneSeconds: 0, from: 0 });
    expect(alone.byWorkers).toBe(0);
    expect(shared.byWorkers).toBeGreaterThan(0);
    expect(shared.byWorkers).toBeLessThanOrEqual(29);
    expect(shared.outcomes).toEqual(alone.outcomes);
    expect(shared.outcomes.map((o) => o.game)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("that fail leave their games to this process, which plays them the same", async () => {
    // Rules this process holds under a name no file has: a worker cannot read them, and fails.
    keepGame("kept-only-here.stela", loadRules(GOOF).game!);
    const elsewhere = { ...run, file: "kept-only-here.stela" };
    const shared = await playRange(elsewhere, 1, 11, 2, false, { aloneSeconds: 0, from: 0 });
    expect(shared.byWorkers).toBe(0);
    expect(shared.outcomes).toEqual((await playRange(run, 1, 11, 1, false)).outcomes);
  });

  it("are not started for a run this process finishes sooner alone", async () => {
    // The rest would take it far less than an hour.
    const r = await playRange(run, 1, 11, 2, false, { aloneSeconds: 0, from: 3600 });
    expect(r.byWorkers).toBe(0);
    expect(r.outcomes.map((o) => o.game)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
});

describe("MCTS bot", () => {
  const PENNIES = gameFromSource(`
game "Pennies" { players 2 }
per player { pick: number = 0 }
flow {
  let picks = secretly each p in players chooses n from 1..2 prompt "Heads (1) or tails (2)?"
  for p in players { p.pick = picks[p] }
}
scoring p {
  points if p.seat == 1 and p.pick != players[0].pick then 1 else 0
}
`);

  it("is deterministic for a seed with an iteration budget", () => {
    const play = (seed: number): string[] => {
      const m = goofspiel.start({ players: 2, seed: 4 });
      playOut(m, [new MctsBot(seed, { iterations: 40 }), makeBot("random", seed)]);
      return m.log.map((e) => `${e.player}:${e.option}`);
    };
    expect(play(3)).toEqual(play(3));
    expect(play(3)).not.toEqual(play(4));
  });

  it("answering a secret choice last, does not use the answer already given", () => {
    let tails = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const m = PENNIES.start({ players: 2, seed });
      m.apply("1", 0);
      if (new MctsBot(seed, { iterations: 30 }).choose(m, 1) === "2") tails++;
    }
    // Peeking would always pick tails; without it, each is as good as the other.
    expect(tails).toBeGreaterThan(5);
    expect(tails).toBeLessThan(25);
  });

  it("decides the same on the real match and on any world its player cannot tell from it", () => {
    const m = goofspiel.start({ players: 2, seed: 8 });
    m.applyAt(2, 0);
    m.applyAt(4, 1);
    for (const seed of [1, 2, 3]) {
      const other = m.resampleFor(0, 100 + seed);
      expect(new MctsBot(seed, { iterations: 60 }).chooseIndex(other, 0)).toBe(new MctsBot(seed, { iterations: 60 }).chooseIndex(m, 0));
    }
  });

  // One take each, the larger total wins; a take shows at once in the score. Totals start at 5, so
  // a lead is judged against a rival's score that is not 0. Takes are `step` apart.
  const take = (options: number, step: number) =>
    gameFromSource(`
game "Take" { players 2 }
per player { total: number = 5 }
flow {
  for p in players {
    turn p {
      let n = choose n from 1..${options} prompt "Take"
      p.total += n * ${step}
    }
  }
}
scoring p {
  points p.total
}
`);
  const TAKE = take(9, 1);

  it("with one playout, takes the option one step of look-ahead judges best", () => {
    // What the judgement adds over many playouts (counted as playouts, `priorVisits`) shows only in
    // whole games: the head-to-head runs in the notes of the commit that added it.
    const taken = (settings: { priorWidth?: number }): Set<number> => {
      const out = new Set<number>();
      for (let seed = 1; seed <= 20; seed++) out.add(new MctsBot(seed, { iterations: 1 }, settings).chooseIndex(TAKE.start({ players: 2, seed }), 0)!);
      return out;
    };
    // Judged one step on first (the default): the 9, every time.
    expect([...taken({})]).toEqual([8]);
    // Without the judgement, one playout tries one option at random: this game tells the two apart.
    expect(taken({ priorWidth: 0 }).size).toBeGreaterThan(3);
  });

  it("searches only the root options it judged", () => {
    // Takes of 1, 5 and 9, two of them judged (drawn): a long search picks the better of those two,
    // as a one-playout search does, and the 9 only when it was drawn.
    const game = take(3, 4);
    const picks = new Set<number>();
    for (let seed = 1; seed <= 10; seed++) {
      const m = game.start({ players: 2, seed: 1 });
      const long = new MctsBot(seed, { iterations: 60 }, { priorWidth: 2 }).chooseIndex(m, 0)!;
      expect(long).toBe(new MctsBot(seed, { iterations: 1 }, { priorWidth: 2 }).chooseIndex(m, 0));
      picks.add(long);
    }
    expect(picks.has(1)).toBe(true);
    // Judging all three, the same long search finds the 9.
    expect(new MctsBot(1, { iterations: 60 }).chooseIndex(game.start({ players: 2, seed: 1 }), 0)).toBe(2);
  });

  // A blind draw filtered by what the drawer cannot see: how many options a world offers depends
  // on the cards it redrew (the deck and the rival's hand), so some worlds number their options
  // otherwise than the real match.
  const BLIND = gameFromSource(`
game "Blind" { players 2 ask always }
kind Card { value: number }
zone hand per player: Card owner
zone deck: Card hidden
zone taken per player: Card public
components Card in deck {
  for v in 1..12 { x1 { value: v } }
}
flow {
  shuffle deck
  for p in players { deal 3 from deck to p.hand }
  for p in players {
    turn p {
      let c = choose c from deck where c.value > 5 prompt "Draw blind"
      move c to p.taken
    }
  }
}
scoring p {
  points sum c.value for c in p.taken
}
`);

  it("searches on when the world it judges in offers another option count, and falls back to the best judged option when no playout reached one", () => {
    let otherCount = 0;
    let fellBack = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const m = BLIND.start({ players: 2, seed });
      const n = m.optionCount(0);
      if (n < 2) continue;
      // The worlds a fresh bot's first decision uses (`chooseIndex`): one to judge in, then one a
      // `playoutsPerWorld` (4) playouts.
      const judging = m.resampleFor(0, mixSeed(seed, 0));
      const playing = m.resampleFor(0, mixSeed(seed, 0, 0));
      if (judging.optionCount(0) !== n) {
        // Its judgements would be of other options: dropped, and the search widens at random, as
        // one that judges nothing (with as few options, judging drew nothing from the generator).
        otherCount++;
        for (const iterations of [1, 4, 40]) {
          const i = new MctsBot(seed, { iterations }).chooseIndex(m, 0)!;
          expect(i).toBe(new MctsBot(seed, { iterations }, { priorWidth: 0 }).chooseIndex(m, 0));
          expect(i).toBeLessThan(n);
        }
      } else if (playing.optionCount(0) !== n) {
        // Four playouts in a world offering another count reach no root option: the option judged
        // best one step on (the highest card in the judging world; the first of equals) is taken.
        fellBack++;
        judging.quiet = true;
        let best = 0;
        let bestScore = -Infinity;
        for (let k = 0; k < n; k++) {
          const trial = judging.clone();
          trial.applyAt(k, 0);
          if (trial.estimate(0) > bestScore) {
            best = k;
            bestScore = trial.estimate(0);
          }
        }
        expect(new MctsBot(seed, { iterations: 4 }).chooseIndex(m, 0)).toBe(best);
      }
    }
    // Both cases met (seeds 1–60 give several of each).
    expect(otherCount).toBeGreaterThan(2);
    expect(fellBack).toBeGreaterThan(2);
  });

  it("beats random play at Goofspiel", () => {
    // At 40 playouts a decision it wins about 3 games in 4 (73% [64, 81] over 100 games); random play wins half.
    let won = 0;
    const games = 20;
    for (let g = 1; g <= games; g++) {
      const m = goofspiel.start({ players: 2, seed: mixSeed(5, g) });
      playOut(m, [new MctsBot(g, { iterations: 40 }), makeBot("random", g)]);
      if (m.result!.winners.length === 1 && m.result!.winners[0] === 0) won++;
    }
    expect(won).toBeGreaterThanOrEqual(12);
  });
});

describe("the note on an action greedy never took", () => {
  it("is not given for a poor action of a turn of several actions, judged whole", () => {
    // The review's case: six actions a turn, "Throw a coin away" loses a coin at once. Greedy
    // rightly never takes it; the look stopping at the next action of the same turn is no sign
    // it could not see the action's end.
    const file = ruleFiles({
      "actions.stela": `game "Actions" { players 2 }
per player { coins: number = 0 }
flow {
  repeat 5 {
    for p in players {
      turn p {
        repeat 6 {
          choose prompt "Action" {
            option "Take a coin" { p.coins += 1 }
            option "Throw a coin away" when p.coins >= 1 { p.coins -= 1 }
          }
        }
      }
    }
  }
}
scoring p { points p.coins }
`,
    })["actions.stela"]!;
    const s: RunSettings = { file, players: 2, bots: ["greedy"], seed: 1 };
    const outcomes = runBatch({ ...s, from: 1, to: 11 });
    const summary = summarise("Actions", s, 10, outcomes, 1);
    const site = Object.values(summary.seats[0]!.judged!.sites!)[0]!;
    expect(Object.values(site.options!).map((o) => [o.label, o.taken === 0, o.short])).toEqual([
      ["Take a coin", false, 0],
      ["Throw a coin away", true, 0],
    ]);
    expect(summaryLines(summary).some((l) => l.includes("never took"))).toBe(false);
  });
});
