import { share } from "./paired-change.ts";
import { binomialPValue, chiSquarePValue, pairedShareDifference, percent, rateText, wilson, Z95, type PairedDifference } from "./statistics.ts";

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
  /**
   * Games one seat won alone that opened with a choice several players make at once (`secretly
   * each`) and had no other kind (`firstToDecide`): no seat decided first (the bots answer in seat
   * order, which the rules never see), so the test leaves them out. Absent when none did.
   */
  atOnce?: number;
  /**
   * Of those games (`atOnce`), how many each seat won alone, and a chi-square test of them against
   * equal counts: a game of choices made at once has no first player, but its seats may still
   * differ (who passes to whom, a tie broken by seat). Absent when no game was decided so.
   */
  bySeat?: { wins: number[]; pValue: number };
  /**
   * The seat (from 0) that decided first in every game counted, when that was always the same seat
   * and not seat 1 (a game whose dealer is seat 1 and whose first decision is the next player's
   * bid): the text names it, since "the first to decide" is then not the seat a reader assumes.
   */
  firstSeat?: number;
  /**
   * The first to decide was not the same seat in every game counted (a game that draws its start
   * player): the text says so, as a designer read "seat 1 won 50.0%" beside "the first to decide
   * won 61 of 100" and took them for the same seat.
   */
  firstVaries?: true;
  /**
   * The game's `estimate` reads each player's seat (`estimateReadsSeat`): bots that judge by it may
   * judge each seat differently, so the first seat's share is its estimate's as much as the move's.
   * Set by the tool that knows the rules (`stela simulate`, the editor).
   */
  seatEstimate?: true;
}

/**
 * The seat that decided first in every one of `games` (counted as the tests count them: an absent
 * `first` is seat 1), when it is always the same one and not seat 1; otherwise undefined.
 */
function sameFirstSeat(games: readonly FirstMoveGame[]): number | undefined {
  if (games.length === 0) return undefined;
  const first = games[0]!.first ?? 0;
  return first !== 0 && games.every((g) => (g.first ?? 0) === first) ? first : undefined;
}

/**
 * A game of a run as the test reads it: its winners, and who took its first decision (absent:
 * seat 1), or `atOnce` when every decision was a choice several players make at once (`firstToDecide`).
 */
export interface FirstMoveGame {
  winners: readonly number[];
  first?: number | undefined;
  atOnce?: boolean | undefined;
}

/**
 * Who decided first in a game: the player of its first choice made alone, asked or taken for lack
 * of others (`firstChooser`, as the match keeps it: a first turn whose only option was taken
 * without asking is still the first act), else, from its log of decisions, the player of the
 * first decision taken alone. A choice all players make at once (`secretly each`) names nobody (the bots answer it in
 * seat order, which the rules never see), so it is passed over: a game whose setup has everyone
 * keep starting cards in secret, then plays turns, has the first player of those turns. `atOnce`
 * when every decision was such a choice (a draft, a game of secret bids): no seat decided first.
 * Neither for a game with no decision at all (seat 1, as the test reads an absent `first`).
 */
export function firstToDecide(log: readonly { player: number; secret?: boolean | undefined }[], firstChooser?: number | null): { first?: number; atOnce?: true } {
  // A choice taken for lack of others left no decision in the log but was the first act (`MatchState.firstChooser`).
  if (firstChooser !== undefined && firstChooser !== null) return { first: firstChooser };
  for (const e of log) if (!e.secret) return { first: e.player };
  return log.length > 0 ? { atOnce: true } : {};
}

/**
 * The change of the first player's win share (a shared win split), B − A game by game, over the
 * pairs that ended cleanly on both sides and had a first player on both (not decided only by
 * choices made at once), with its interval at `z`; undefined when none did. The first player is
 * each game's own: with a start player that rotates or is drawn, no seat's row of a comparison
 * tells the first player's change, and a designer sent to seat 1's read +0.0 where the first
 * player's share had surely moved.
 */
export function firstPlayerChange(a: readonly (FirstMoveGame & { error?: string | undefined })[], b: readonly (FirstMoveGame & { error?: string | undefined })[], z = Z95): PairedDifference | undefined {
  const d: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x.error !== undefined || y.error !== undefined || x.atOnce || y.atOnce) continue;
    d.push(share(y, y.first ?? 0) - share(x, x.first ?? 0));
  }
  return d.length ? pairedShareDifference(d, z) : undefined;
}

/** The first-player test of the games that ended cleanly, among `players` seats. */
export function firstPlayerTest(clean: readonly FirstMoveGame[], players: number): FirstPlayerTest {
  const won = clean.filter((g) => g.winners.length === 1);
  const decisive = won.filter((g) => !g.atOnce);
  const wins = decisive.filter((g) => g.winners[0] === (g.first ?? 0)).length;
  const test: FirstPlayerTest = { wins, decisive: decisive.length, fairShare: 1 / players, pValue: binomialPValue(wins, decisive.length, 1 / players) };
  if (won.length > decisive.length) {
    test.atOnce = won.length - decisive.length;
    const wins = Array.from({ length: players }, () => 0);
    for (const g of won) if (g.atOnce) wins[g.winners[0]!]!++;
    test.bySeat = { wins, pValue: chiSquarePValue(chiSquare(wins), players - 1) };
  }
  const firstSeat = sameFirstSeat(decisive);
  if (firstSeat !== undefined) test.firstSeat = firstSeat;
  // A game that draws its start player: said, as "the first to decide" then is no one seat.
  else if (decisive.some((g) => (g.first ?? 0) !== (decisive[0]!.first ?? 0))) test.firstVaries = true;
  return test;
}

/** Did every game one seat won open with a choice made at once, leaving no first player to test? */
function noFirstPlayer(test: FirstPlayerTest): boolean {
  return test.decisive === 0 && (test.atOnce ?? 0) > 0;
}

/**
 * What the test says, in words. With different bots in the seats (`bots`, one a seat), the first
 * player's share is their bot's strength as much as the move's: the test then cannot tell them
 * apart, and says so rather than report "a first-player advantage" that is only a stronger bot.
 * With one bot everywhere, the verdict names it: the effect is that bot's play.
 */
export function firstPlayerVerdict(bots: readonly string[], test: FirstPlayerTest): string {
  const readable = firstPlayerReadable(bots, test);
  if (readable !== true) return readable;
  // Just short of the mark is said as such: at p = 0.052 "no evidence" read as a fair game to a
  // designer whose runs, pooled, then read p = 0.008. A run of its own tells, not this one pooled
  // after the fact: read again at 0.05 once it looked close, a fair game reads an effect too often.
  if (test.pValue >= 0.05 && test.pValue < 0.1) {
    const lean = test.wins > test.decisive * test.fairShare ? "ahead" : "behind";
    const atOnce = test.atOnce ? "; the game has choices made at once, so the first to decide alone may not be the first in its turn order" : "";
    return `not shown, but close when ${bots[0] ?? "the bot"} plays every seat: the first player leans ${lean}, as a fair game reads once in ten to twenty runs; a new run of more games (another --seed) would tell${atOnce}`;
  }
  if (test.pValue >= 0.05) return "no evidence of a first-player effect";
  // Which way: the first player's share of the games one seat won alone against its fair share.
  // Named with the bot that showed it: a bot that plays badly (greedy without a good `estimate`
  // in an engine-building game) can make an effect of its own, which people would not see. It is
  // evidence, not a fact: one run of a few dozen games gives p < 0.05 one time in twenty with no
  // effect at all (ten games of a fair game read "a handicap" at p = 0.02 with one seed and two).
  const which = test.wins > test.decisive * test.fairShare ? "a first-player advantage" : "a first-player handicap";
  // Weak evidence is said so: two runs of one 3-player game on two seeds read an advantage at
  // p = 0.024 and a handicap at p = 0.013, and a designer took them for a contradiction.
  const few =
    test.decisive < FEW_DECISIVE
      ? `, from ${test.decisive} games only: play more, or another --seed, before acting on it`
      : test.pValue >= 0.01
        ? ", but weak (p above 0.01: about one run in twenty of a fair game reads as much): confirm with another --seed before acting on it"
        : "";
  // Games with choices made at once (a bid, a draft) may have their first lone decision anywhere
  // in a round (a tie broken after a bid), not at the start of a turn order.
  const atOnce = test.atOnce ? "; the game has choices made at once, so the first to decide alone may not be the first in its turn order" : "";
  return `evidence of ${which} when ${bots[0] ?? "the bot"} plays every seat${few}${atOnce}`;
}

/**
 * Whether the test reads evidence of a first-player effect (p < 0.05, with one bot in every seat
 * and a first player to test), as `firstPlayerVerdict` words it.
 */
export function firstPlayerEvidence(bots: readonly string[], test: FirstPlayerTest): boolean {
  return firstPlayerReadable(bots, test) === true && test.pValue < 0.05;
}

/** True when the test can tell the first player's effect apart at all; else why not, in words. */
export function firstPlayerReadable(bots: readonly string[], test: FirstPlayerTest): true | string {
  if (noFirstPlayer(test)) return "every game opened with a choice all players make at once: no seat decides first, so there is no first player to test";
  if (new Set(bots).size > 1) return "the seats have different bots, so this cannot tell the first player from their bot (play one bot in every seat to test the first move)";
  // A variant that gives one seat another estimate (to test it) makes the seats play apart as
  // different bots do: a seat that judged better read as "a first-player advantage, p = 2e-6".
  if (test.seatEstimate && bots.some((b) => b !== "random")) {
    return "the game's `estimate` reads each player's seat, so bots that judge by it may judge the seats apart: this cannot tell the first player from how their seat is judged (give every seat the same estimate to test the first move)";
  }
  return true;
}

/** Fewer games won alone than this, a verdict says how few they are (the share's interval is wide). */
const FEW_DECISIVE = 50;

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
  if (noFirstPlayer(test)) return `no first player: ${firstPlayerVerdict(bots, test)}${test.bySeat ? `; ${seatText(bots, test.bySeat)}` : ""}`;
  const left = test.atOnce ? `; ${atOnceLeftOut(test.atOnce)}` : "";
  const who = test.firstSeat !== undefined ? `the first to decide (seat ${test.firstSeat + 1} in every game)` : test.firstVaries ? "the first to decide (whoever it was in each game: not always seat 1)" : "the first to decide";
  // The share with its interval against the fair share: how big an effect is, or could be hiding.
  const share = test.decisive > 0 ? `, ${rateText(wilson(test.wins, test.decisive))} against a fair ${percent(test.fairShare)}` : "";
  return `${who} won ${test.wins} of ${test.decisive} decisive games${share}${left} (${formatPValue(test.pValue)}, ${firstPlayerVerdict(bots, test)})`;
}

/**
 * The seats of a game with no first player, tested against each other: "by seat, the games won
 * alone were 74, 126 of 200 (p = 0.0002, evidence that the seat matters when greedy plays every
 * seat)". A user's drafting game, whose every choice is made at once, read only "no first player"
 * while one seat won 63% of 200 games.
 */
function seatText(bots: readonly string[], s: NonNullable<FirstPlayerTest["bySeat"]>): string {
  const total = s.wins.reduce((a, b) => a + b, 0);
  const counts = `by seat, the games won alone were ${s.wins.join(", ")} of ${total}`;
  if (total < TURN_ORDER_EXPECTED * s.wins.length) return `${counts} (too few to test: the test wants ${TURN_ORDER_EXPECTED * s.wins.length} games won alone, ${TURN_ORDER_EXPECTED} a seat)`;
  const verdict =
    new Set(bots).size > 1
      ? "the seats have different bots, so this cannot tell a seat from its bot"
      : s.pValue >= 0.05
        ? "no evidence that the seat matters"
        : `evidence that the seat matters when ${bots[0] ?? "the bot"} plays every seat${s.pValue >= 0.01 ? ", but weak (p above 0.01): confirm with another --seed before acting on it" : ""}`;
  return `${counts} (${formatPValue(s.pValue)}, ${verdict})`;
}

/** The games left out of the tests for having no lone decision at all. */
function atOnceLeftOut(n: number): string {
  return `${n} decided only by choices made at once left out`;
}


/**
 * Does a place in the turn order win more (or less) than the fair share, whichever place it is?
 * With 3 players or more the first player can win its fair share while the last wins far less
 * (four greedy seats of a tile-laying game: 29%, 32%, 22%, 18% of 200 games, and "no evidence of
 * a first-player effect"). A chi-square test of the games one seat won alone, counted by the
 * winner's place after the first to decide, against equal counts.
 */
export interface TurnOrderTest {
  /** Games won alone by the first, second, … to decide (places counted clockwise from the first). */
  wins: number[];
  decisive: number;
  pValue: number;
  /** Games won alone that opened with a choice made at once (no first player, no place): left out. Absent when none did. */
  atOnce?: number;
  /** The seat that decided first in every game counted, when always the same and not seat 1 (`FirstPlayerTest.firstSeat`): the text names each place's seat. */
  firstSeat?: number;
}

/**
 * Fewest games won alone a place in the turn order must expect for the chi-square test to be read:
 * below it the test's p-value is not to be trusted (the usual rule for its approximation), and the
 * line says the games are too few rather than give one.
 */
const TURN_ORDER_EXPECTED = 5;

/** The turn-order test of the games that ended cleanly, among `players` seats. */
export function turnOrderTest(clean: readonly FirstMoveGame[], players: number): TurnOrderTest {
  const wins = Array.from({ length: players }, () => 0);
  let decisive = 0;
  let atOnce = 0;
  const counted: FirstMoveGame[] = [];
  for (const g of clean) {
    if (g.winners.length !== 1) continue;
    // No seat decided first: there is no place after the first to count the winner's by.
    if (g.atOnce) {
      atOnce++;
      continue;
    }
    decisive++;
    counted.push(g);
    wins[(g.winners[0]! - (g.first ?? 0) + players) % players]!++;
  }
  const test: TurnOrderTest = { wins, decisive, pValue: chiSquarePValue(chiSquare(wins), players - 1) };
  if (atOnce > 0) test.atOnce = atOnce;
  const firstSeat = sameFirstSeat(counted);
  if (firstSeat !== undefined) test.firstSeat = firstSeat;
  return test;
}

/** Pearson's statistic of counts against equal counts (0 for none). */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const expected = total / counts.length;
  return counts.reduce((t, w) => t + (w - expected) ** 2 / expected, 0);
}

/** The games won alone by place, each with its seat when the first to decide was always one seat other than seat 1. */
function placeCounts(test: TurnOrderTest): string {
  const first = test.firstSeat;
  const places = test.wins.length;
  return test.wins.map((w, i) => (first === undefined ? `${w}` : `${w} (seat ${((first + i) % places) + 1})`)).join(", ");
}

/**
 * The test as `stela simulate` prints it: "by place in the turn order, the games won alone were
 * 52, 57, 39, 32 of 180 (p = 0.0203, the place in the turn order matters when greedy plays every
 * seat)". With different bots in the seats it cannot tell a place from its bot, and says so; with
 * fewer games won alone than 5 a place, or none with a first player, it gives no verdict.
 */
export function turnOrderText(bots: readonly string[], test: TurnOrderTest): string {
  const places = test.wins.length;
  const left = test.atOnce ? `; ${atOnceLeftOut(test.atOnce)}` : "";
  if (test.decisive === 0 && test.atOnce) return "by place in the turn order: every game opened with a choice all players make at once, so there is no turn order to test";
  const counts = `by place in the turn order (the first to decide, then clockwise), the games won alone were ${placeCounts(test)} of ${test.decisive}${left}`;
  if (test.decisive < TURN_ORDER_EXPECTED * places) return `${counts} (too few to test: the test wants ${TURN_ORDER_EXPECTED * places} games won alone, ${TURN_ORDER_EXPECTED} a place)`;
  const verdict =
    new Set(bots).size > 1
      ? "the seats have different bots, so this cannot tell a place from its bot"
      : test.pValue >= 0.05
        ? "no evidence that the place in the turn order matters"
        : `evidence that the place in the turn order matters when ${bots[0] ?? "the bot"} plays every seat`;
  return `${counts} (${formatPValue(test.pValue)}, ${verdict})`;
}

/** One side of a comparison, as its first-player test read it: the bots of its seats and the test. */
export interface FirstPlayerSide {
  bots: readonly string[];
  test: FirstPlayerTest;
}

/**
 * When one side's test reads a first-player effect and the other's none: that is not B changing
 * the first player's chances. Each test alone reads an effect in one run of twenty of a fair game,
 * either of two in about one of ten; a designer read "A: no evidence, B: evidence of a first-player
 * advantage" from one seed as the variant's doing, and more seeds undid it. The change itself is
 * read game by game: the first to decide's win share, each game's own first player whatever seat
 * (`firstPlayerChange`), which `change` gives as the reader sees it. `names`: how the note calls each side's test
 * and what B did ("B changed it").
 */
export function oneSideFirstPlayerNote(a: FirstPlayerSide, b: FirstPlayerSide, change: string | undefined, names: { a: string; b: string; bChanged: string } = { a: "A", b: "B", bChanged: "B changed it" }): string | undefined {
  const inA = firstPlayerEvidence(a.bots, a.test);
  const inB = firstPlayerEvidence(b.bots, b.test);
  if (inA === inB) return undefined;
  // The other side's test must have been read, and read nothing (not "different bots").
  const other = inA ? b : a;
  if (firstPlayerReadable(other.bots, other.test) !== true) return undefined;
  const moved = change ? ` (${change})` : "";
  return `only ${inA ? names.a : names.b} reads a first-player effect; that alone does not show that ${names.bChanged} (each test reads one in a fair game about one run in twenty, either of the two at most about one in ten): the change is the first to decide's win share game by game${moved}`;
}
