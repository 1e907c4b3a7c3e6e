import { describe, expect, it } from "vitest";
import { alikeShareNote, pairedChange, sameWinnersText, winnerChangesText, winningMargin, winningScore } from "../../interpreter/index.ts";

/** How close games were: the top score less the next, alone and changed game by game. */

describe("winning margin", () => {
  it("is the top score less the next, 0 when first place is shared on points", () => {
    expect(winningMargin([12, 30, 21])).toBe(9);
    expect(winningMargin([30, 12, 21])).toBe(9);
    expect(winningMargin([5, 5, 1])).toBe(0);
    expect(winningMargin([-3, -7])).toBe(4);
    expect(winningMargin([7])).toBeUndefined();
    expect(winningMargin([])).toBeUndefined();
  });

  it("the winning score is the top score, whoever a tiebreak made the winner", () => {
    expect(winningScore([12, 30, 21])).toBe(30);
    expect(winningScore([5, 5, 1])).toBe(5);
    expect(winningScore([-3, -7])).toBe(-3);
    expect(winningScore([7])).toBeUndefined();
  });

  it("changes game by game between two runs of the same games", () => {
    // Three games; B widens the first two games' leads by 4 and 2 and leaves the third alike.
    const a = [
      { game: 1, scores: [10, 6], winners: [0], decisions: 5 },
      { game: 2, scores: [3, 8], winners: [1], decisions: 5 },
      { game: 3, scores: [4, 4], winners: [0, 1], decisions: 5 },
    ];
    const b = [
      { game: 1, scores: [14, 6], winners: [0], decisions: 5 },
      { game: 2, scores: [3, 10], winners: [1], decisions: 5 },
      { game: 3, scores: [4, 4], winners: [0, 1], decisions: 5 },
    ];
    const c = pairedChange(a, b, 2);
    expect(c.margin.n).toBe(3);
    expect(c.margin.value).toBe(2);
    // The top scores 10, 8, 4 became 14, 10, 4.
    expect(c.top.n).toBe(3);
    expect(c.top.value).toBe(2);
    // A game that stopped on an error on either side has no margin to compare.
    const broken = pairedChange(a, [b[0]!, { ...b[1]!, error: "line 3: boom" }, b[2]!], 2);
    expect(broken.margin.n).toBe(2);
    expect(broken.margin.value).toBe(2);
  });
});

/**
 * How often a change left who won as it was, game for game: a designer asked how often a variant
 * changes the outcome and worked it out from every game's outcome.
 */
describe("the same winners, game for game", () => {
  // Four games of two seats on each side: B moves game 2 to seat 1, and seat 2's half of game 3.
  const a = [
    { game: 1, scores: [10, 6], winners: [0], decisions: 5 },
    { game: 2, scores: [3, 10], winners: [1], decisions: 5 },
    { game: 3, scores: [4, 4], winners: [0, 1], decisions: 5 },
    { game: 4, scores: [4, 4], winners: [1, 0], decisions: 5 },
  ];
  const b = [
    { game: 1, scores: [14, 6], winners: [0], decisions: 5 },
    { game: 2, scores: [13, 10], winners: [0], decisions: 5 },
    { game: 3, scores: [5, 4], winners: [0], decisions: 5 },
    { game: 4, scores: [4, 4], winners: [0, 1], decisions: 5 },
  ];

  it("counts the pairs with the same winners on both sides, a shared first place as its players", () => {
    expect(pairedChange(a, b, 2).sameWinners).toBe(2);
    expect(sameWinnersText({ sameWinners: 2, pairs: 4 })).toBe("the same in 2 of 4 games (50.0% [15.0–85.0]), game for game");
    // Against chance: A's winners are {0} ¼, {1} ¼, {0,1} ½; B's {0} ¾, {0,1} ¼. Unrelated games would
    // agree ¼·¾ + ½·¼ = 5/16 of the time (two variants that start apart pair games sharing nothing).
    const c = pairedChange(a, b, 2);
    expect(c.sameWinnersByChance).toBeCloseTo(5 / 16, 12);
    expect(sameWinnersText(c)).toBe("the same in 2 of 4 games (50.0% [15.0–85.0]), game for game; 31.3% by chance alone, were the two sides' games unrelated");
    // A pair with a failed game is no pair.
    expect(pairedChange(a, [b[0]!, b[1]!, b[2]!, { ...b[3]!, error: "line 3: boom" }], 2).sameWinners).toBe(1);
  });

  // A designer asked how many games changed winner, and which way: seat 1's +37.5 points of win
  // share here is 1.5 games won and none lost, seat 2's -37.5 the same games lost.
  it("says which way the winner changed, seat by seat, a shared win as its share", () => {
    // Game 2: seat 1 wins what seat 2 won. Game 3: seat 1 takes seat 2's half.
    expect(winnerChangesText(pairedChange(a, b, 2))).toBe("the winner changed in 2 of 4 games: seat 1 won 1.5 it had lost and lost 0 it had won; seat 2 won 0 it had lost and lost 1.5 it had won");
    // Nothing changed: nothing to say.
    expect(winnerChangesText(pairedChange(a, a, 2))).toBeUndefined();
    expect(winnerChangesText(pairedChange([], [], 2))).toBeUndefined();
    // A seat whose change carries no count of games each way (a figure from elsewhere) is left out.
    const c = pairedChange(a, b, 2);
    expect(winnerChangesText({ ...c, seats: c.seats.map((s, p) => (p === 0 ? { wins: { ...s.wins, moved: undefined } } : s)) })).toBe("the winner changed in 2 of 4 games: seat 2 won 0 it had lost and lost 1.5 it had won");
  });

  it("words a yes/no share no game moved as a number's unchanged games are worded", () => {
    const games = Array.from({ length: 200 }, (_, i) => ({ game: i + 1, scores: [1, 0], winners: [0], decisions: 5 }));
    const alike = pairedChange(games, games, 2).seats[0]!.wins;
    // The interval keeps its width (the change 200 alike games could hide), and says why.
    expect(alike.high).toBeGreaterThan(0.01);
    expect(alikeShareNote(alike)).toBe("all 200 games alike: a change within the interval could be missed");
    const moved = pairedChange(games, [{ ...games[0]!, winners: [1] }, ...games.slice(1)], 2).seats[0]!.wins;
    expect(alikeShareNote(moved)).toBeUndefined();
  });
});
