import { binomialPValue } from "./statistics.ts";

/**
 * Does the player who decides first win more (or less) than the fair share 1/players? An exact
 * binomial test over the games that one seat won alone. The first to decide, not seat 1: a game
 * that draws who starts gives every seat the first move as often, and seat 1 no edge to find.
 * The same test and words in `stela simulate` and the editor's simulate panel.
 */
export interface FirstPlayerTest {
  /** Games the first to decide won alone, of the `decisive` games one seat won alone. */
  wins: number;
  decisive: number;
  fairShare: number;
  pValue: number;
}

/** A game of a run as the test reads it: its winners, and who took its first decision (absent: seat 1). */
export interface FirstMoveGame {
  winners: readonly number[];
  first?: number | undefined;
}

/** The first-player test of the games that ended cleanly, among `players` seats. */
export function firstPlayerTest(clean: readonly FirstMoveGame[], players: number): FirstPlayerTest {
  const decisive = clean.filter((g) => g.winners.length === 1);
  const wins = decisive.filter((g) => g.winners[0] === (g.first ?? 0)).length;
  return { wins, decisive: decisive.length, fairShare: 1 / players, pValue: binomialPValue(wins, decisive.length, 1 / players) };
}

/**
 * What the test says, in words. With different bots in the seats (`bots`, one a seat), the first
 * player's share is their bot's strength as much as the move's: the test then cannot tell them
 * apart, and says so rather than report "a first-player advantage" that is only a stronger bot.
 * With one bot everywhere, the verdict names it: the effect is that bot's play.
 */
export function firstPlayerVerdict(bots: readonly string[], test: FirstPlayerTest): string {
  if (new Set(bots).size > 1) return "the seats have different bots, so this cannot tell the first player from their bot (play one bot in every seat to test the first move)";
  if (test.pValue >= 0.05) return "no evidence of a first-player effect";
  // Which way: the first player's share of the games one seat won alone against its fair share.
  // Named with the bot that showed it: a bot that plays badly (greedy without a good `estimate`
  // in an engine-building game) can make an effect of its own, which people would not see.
  return `${test.wins > test.decisive * test.fairShare ? "a first-player advantage" : "a first-player handicap"} when ${bots[0] ?? "the bot"} plays every seat`;
}

/**
 * A p-value as a person reads it: four decimals, tiny ones in powers of ten. Below about 10^-300
 * the exact test's sum underflows to 0 (each term under the smallest double): it is then less
 * than that, not 0.
 */
export function formatPValue(p: number): string {
  if (p < 1e-300) return "p < 1e-300";
  return `p = ${p < 0.0001 ? p.toExponential(2) : p.toFixed(4)}`;
}

/** The test as `stela simulate` prints it: "the first to decide won 12 of 38 decisive games (p = 0.8541, no evidence …)". */
export function firstPlayerText(bots: readonly string[], test: FirstPlayerTest): string {
  return `the first to decide won ${test.wins} of ${test.decisive} decisive games (${formatPValue(test.pValue)}, ${firstPlayerVerdict(bots, test)})`;
}
