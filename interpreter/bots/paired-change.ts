import { levelPerLook, pairedMeanDifference, pairedShareDifference, togetherZ, wilson, Z95, type PairedDifference } from "./statistics.ts";
import { winningMargin, winningScore } from "./winning-margin.ts";

/** What a played game leaves for comparing two runs: `stela compare`'s outcomes, the editor's. */
export interface PlayedGame {
  /** Its number in the run, when known: paired games must have the same. */
  game?: number;
  scores: readonly number[];
  winners: readonly number[];
  decisions: number;
  /** The turns begun in it (`Match.turns`); absent or 0 in rules without `turn`. */
  turns?: number | undefined;
  /**
   * A digest of its decisions (who took which option, in order; `movesDigest`): two games with
   * the same were, but for a chance of about 1 in 4 billion, played move for move alike.
   */
  moves?: number | undefined;
  /** Set when the game stopped on a rule error: it has no outcome to compare. */
  error?: string | undefined;
}

/** The digest `PlayedGame.moves` starts from, before any decision. */
export const NO_MOVES = 0x811c9dc5;

/** The digest after one more decision: FNV-1a over the player and the option's position. */
export function movesDigest(digest: number, player: number, index: number): number {
  let h = digest;
  for (const v of [player, index]) {
    for (let k = 0; k < 4; k++) h = Math.imul(h ^ ((v >>> (8 * k)) & 0xff), 0x01000193) >>> 0;
  }
  return h;
}

/** B − A seat by seat, and of game length, over the games both runs played to the end. */
export interface PairedChange {
  /** The pairs: games (the same number, so the same seeds and bots) that ended cleanly on both sides. */
  pairs: number;
  /** Per seat: the change of win share (a shared win split) and of mean score. */
  seats: { wins: PairedDifference; score: PairedDifference }[];
  /** The change of mean game length, in decisions. */
  length: PairedDifference;
  /** The change of mean game length in turns (`PlayedGame.turns`); absent unless both sides counted turns (rules with `turn` on each). */
  turns?: PairedDifference;
  /** The change of the mean winning margin (`winningMargin`), in points; no pairs with one player. */
  margin: PairedDifference;
  /** The change of the mean winning score (`winningScore`: the top score), in points; no pairs with one player. */
  top: PairedDifference;
  /**
   * The change of the share of games drawn (first place shared: more than one winner), game by
   * game, and how many of the pairs each side drew. A scoring variant that pays the runner-up read
   * "closer games" (the winning margin 2.3 → 0.4 points) where 91% of its games were now drawn
   * against 25%: only `simulate`, run on each side, told the designer.
   */
  draws: PairedDifference;
  drawsA: number;
  drawsB: number;
  /**
   * How many of the pairs were played move for move alike on both sides (`PlayedGame.moves`);
   * undefined when a game of a pair carries no digest (a shard from before it was kept).
   */
  sameMoves?: number;
  /**
   * How many of the pairs ended with the same scores, seat by seat, and the same winners (a tiebreak
   * changed moves who wins at equal scores) after as many decisions and turns: games the change
   * left unchanged in their outcome (the rules' measures aside), whether or not their moves were numbered
   * alike (a change that refuses an option no bot took moves the positions of the others, and the
   * digests of the same moves then differ).
   */
  sameOutcomes: number;
  /**
   * How many of the pairs ended with the same winners on both sides (the same players first,
   * alone or sharing): how often the change left who won as it was, game for game.
   */
  sameWinners: number;
  /**
   * The share of pairs that would end with the same winners were the two sides' games unrelated
   * (each side's winners as often as they came, drawn apart): what \`sameWinners\` reads against.
   * Two variants that start from other positions pair games that share nothing (3 seeds a pit
   * against 4 in a sowing game), and "the same in 84 of 200 games" then says only as much as chance does.
   */
  sameWinnersByChance: number;
}

/**
 * Two runs of the same game numbers (`a[i]` and `b[i]` played with the same seeds and bots) compared
 * game by game: each figure's change is the mean of the games' own changes, with its interval at
 * `z`. Pairing is what the same seeds are for: a change of how a game scores leaves random bots'
 * games as they were, and then each game's change varies far less than either side's figure. A
 * variant of one of our games that only raises some scores, 200 games, 3 players, random bots: a
 * seat's win share ±9 points from the two sides' rates, ±1.9–2.9 game by game; its mean score
 * ±6.0–6.7 against ±1.1 (README, `stela compare`). Where a change makes the games differ from the
 * first move, the interval is about as wide as from the two sides' figures; it is wider (up to
 * about 1.4 times) only when the two sides' outcomes run against each other game by game.
 * The two lists must hold the same games in the same order: a mismatch is a caller's mistake, and throws.
 */
export function pairedChange(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, z = Z95): PairedChange {
  const wins: number[][] = Array.from({ length: players }, () => []);
  const scores: number[][] = Array.from({ length: players }, () => []);
  const length: number[] = [];
  const turns: number[] = [];
  let turnsA = false;
  let turnsB = false;
  const margin: number[] = [];
  const top: number[] = [];
  const draws: number[] = [];
  let drawsA = 0;
  let drawsB = 0;
  let sameMoves: number | undefined = 0;
  let sameWinners = 0;
  let sameOutcomes = 0;
  // How often each side's games ended with each set of winners (seats sorted, joined).
  const winnersA = new Map<string, number>();
  const winnersB = new Map<string, number>();
  const count = (m: Map<string, number>, w: readonly number[]): void => {
    const k = [...w].sort((i, j) => i - j).join(",");
    m.set(k, (m.get(k) ?? 0) + 1);
  };
  if (a.length !== b.length) throw new Error(`paired runs must hold the same games: ${a.length} against ${b.length}`);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.game !== undefined && y.game !== undefined && x.game !== y.game) throw new Error(`paired runs must hold the same games: game ${x.game} against game ${y.game}`);
    if (x.error !== undefined || y.error !== undefined) continue;
    for (let p = 0; p < players; p++) {
      wins[p]!.push(share(y, p) - share(x, p));
      scores[p]!.push((y.scores[p] ?? 0) - (x.scores[p] ?? 0));
    }
    length.push(y.decisions - x.decisions);
    turns.push((y.turns ?? 0) - (x.turns ?? 0));
    if ((x.turns ?? 0) > 0) turnsA = true;
    if ((y.turns ?? 0) > 0) turnsB = true;
    const before = winningMargin(x.scores);
    const after = winningMargin(y.scores);
    if (before !== undefined && after !== undefined) margin.push(after - before);
    const topBefore = winningScore(x.scores);
    const topAfter = winningScore(y.scores);
    if (topBefore !== undefined && topAfter !== undefined) top.push(topAfter - topBefore);
    const drewA = x.winners.length > 1 ? 1 : 0;
    const drewB = y.winners.length > 1 ? 1 : 0;
    draws.push(drewB - drewA);
    drawsA += drewA;
    drawsB += drewB;
    if (sameWinnersOf(x, y)) sameWinners++;
    if (x.decisions === y.decisions && (x.turns ?? 0) === (y.turns ?? 0) && sameWinnersOf(x, y) && x.scores.length === y.scores.length && x.scores.every((v, p) => v === y.scores[p])) sameOutcomes++;
    count(winnersA, x.winners);
    count(winnersB, y.winners);
    if (x.moves === undefined || y.moves === undefined) sameMoves = undefined;
    else if (sameMoves !== undefined && x.moves === y.moves) sameMoves++;
  }
  const out: PairedChange = {
    pairs: length.length,
    seats: wins.map((w, p) => ({ wins: pairedShareDifference(w, z), score: pairedMeanDifference(scores[p]!, z) })),
    length: pairedMeanDifference(length, z),
    margin: pairedMeanDifference(margin, z),
    top: pairedMeanDifference(top, z),
    draws: pairedShareDifference(draws, z),
    drawsA,
    drawsB,
    sameWinners,
    sameOutcomes,
    sameWinnersByChance: byChance(winnersA, winnersB, length.length),
  };
  // Both sides must take turns: rules without `turn` count none, and a change from 6 turns to
  // none is no change of length (the games may be played move for move alike).
  if (turnsA && turnsB) out.turns = pairedMeanDifference(turns, z);
  if (sameMoves !== undefined) out.sameMoves = sameMoves;
  return out;
}

/**
 * How often the same players won on both sides, game for game, with its 95% interval: "the same
 * in 74 of 200 games (37.0% [30.6–43.9]), game for game"; in the rest B changed who won (or who
 * shared first place). A designer asked how often a variant changes the outcome, and worked it
 * out from every game's outcome.
 */
export function sameWinnersText(c: Pick<PairedChange, "sameWinners" | "pairs"> & { sameWinnersByChance?: number | undefined }, z = Z95): string {
  // `z`: widened with the other intervals of a run with looks (`togetherZ`).
  const r = wilson(c.sameWinners, c.pairs, z);
  const pct = (v: number): string => (v * 100).toFixed(1);
  const chance = c.sameWinnersByChance === undefined || c.pairs === 0 ? "" : `; ${pct(c.sameWinnersByChance)}% by chance alone, were the two sides' games unrelated`;
  return `the same in ${c.sameWinners} of ${c.pairs} games (${pct(r.value)}% [${pct(r.low)}–${pct(r.high)}]), game for game${chance}`;
}

/**
 * Which way the winner changed, seat by seat: "the winner changed in 6 of 200 games: seat 1 won 1
 * it had lost and lost 3 it had won; …". A change of +1 point of win share may be 2 games won and
 * none lost, or 30 won and 28 lost, and a designer asked which (one counted it from every game's
 * outcome). A shared win counts as its share: half a game for each of two winners. From each
 * seat's change of win share (`PairedDifference.moved`, game by game; a seat without it is left
 * out, as its net change alone cannot say); undefined with no pairs or when no winner changed.
 */
export function winnerChangesText(c: Pick<PairedChange, "sameWinners" | "pairs"> & { seats: readonly { wins: PairedDifference }[] }): string | undefined {
  const changed = c.pairs - c.sameWinners;
  if (c.pairs === 0 || changed === 0) return undefined;
  // Whole games, or halves and thirds of shared ones to one decimal.
  const games = (share: number): string => String(Math.round(share * c.pairs * 10) / 10);
  const seats = c.seats.flatMap(({ wins }, p) => (wins.moved ? [`seat ${p + 1} won ${games(wins.moved.up)} it had lost and lost ${games(wins.moved.down)} it had won`] : []));
  const head = `the winner changed in ${changed} of ${c.pairs} ${c.pairs === 1 ? "game" : "games"}`;
  return seats.length ? `${head}: ${seats.join("; ")}` : head;
}

/** The share of `n` pairs whose winners would agree by chance: each set of winners' share on one side times its share on the other, added up. */
function byChance(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, n: number): number {
  if (n === 0) return 0;
  let sum = 0;
  for (const [k, x] of a) sum += (x / n) * ((b.get(k) ?? 0) / n);
  return sum;
}

/** Does the change surely differ from none: is its interval bounded, and does it leave out 0? */
export function leavesOutZero(d: PairedDifference): boolean {
  return d.n > 0 && (d.low > 0 || d.high < 0);
}

/**
 * A change as the CLI and the editor print it: `+9.47 [+8.41, +10.53]` (`by` 100: points of a
 * share), or `+0.00 [too few games]` where no game, or one for a mean, bounds it.
 */
export function changeText(d: PairedDifference, by: number, digits: number, noted = true): string {
  const bounded = d.n > 0 && Number.isFinite(d.low) && Number.isFinite(d.high);
  // An interval narrower than the digits shown gets the digits it needs: a measure of a few
  // thousandths read "+0.00 [+0.00, +0.00]", as if known exactly.
  const width = bounded ? Math.abs(d.high - d.low) * by : 0;
  // Floating-point noise around a value known exactly is no width.
  const noise = 1e-9 * Math.max(1, Math.abs(d.value * by));
  const shown = width > noise && width < 10 ** -digits ? Math.min(6, Math.ceil(-Math.log10(width)) + 1) : digits;
  // A change that rounds to nothing reads +0.0, never −0.0.
  const signed = (v: number): string => {
    const t = (v * by).toFixed(shown);
    return Number(t) === 0 ? `+${(0).toFixed(shown)}` : `${v >= 0 ? "+" : ""}${t}`;
  };
  const text = `${signed(d.value)} ${bounded ? `[${signed(d.low)}, ${signed(d.high)}]` : "[too few games]"}`;
  const note = noted ? alikeNote(d) : undefined;
  return note ? `${text} (${note})` : text;
}

/**
 * Every game changed alike: the interval has no width, yet a change in a few games only (a rare
 * event) could have missed all of them. By the rule of three, what happened in none of n games
 * happens in fewer than about 3 in n: said, rather than the change claimed exactly. Undefined
 * for an interval with width.
 */
export function alikeNote(d: PairedDifference): string | undefined {
  const bounded = d.n >= 3 && Number.isFinite(d.low) && Number.isFinite(d.high);
  // Floating-point noise is no width: every game's change of a mean over three seats was 4/3, and
  // their spread came out a few 1e-16 wide, which read as an interval ("+1.33 [+1.33, +1.33]")
  // without the note its neighbours had.
  if (!bounded || d.high - d.low > 1e-9 * Math.max(1, Math.abs(d.value))) return undefined;
  // Below 6 games the rule of three says "fewer than 1 game in 1": nothing.
  return d.n < 6 ? `all ${d.n} games alike: too few games to see a change in some of them` : `all ${d.n} games alike: a change in fewer than 1 game in ${Math.floor(d.n / 3)} could be missed`;
}

/**
 * `alikeNote` for a change of a yes/no share (`pairedShareDifference`): no game moved either way,
 * yet its interval keeps a width, the change that many games could still hide. Said in the words
 * a number's unchanged games get, so a yes/no measure and a number one with nothing changed read
 * alike (a designer read "+0.0 [-1.9, +1.9] points" beside "(all 200 games alike: …)" as two
 * kinds of result). Undefined when some game moved, or for fewer than 3 games.
 */
export function alikeShareNote(d: PairedDifference): string | undefined {
  if (!d.moved || d.n < 3 || d.moved.up !== 0 || d.moved.down !== 0) return undefined;
  return `all ${d.n} games alike: a change within the interval could be missed`;
}

/**
 * The bots did not react to the change: a change of the rules they did not react to reads as no
 * change in who wins. A random bot never reacts to a change of scoring; a designer asking "does
 * this reward waiting?" needs bots that do. Told by the games' move digests when both sides kept
 * them (`sameMoves`): every game played move for move alike, or half of them or more. Without them, by the length alone:
 * every game took as many decisions under both rules, a hint only, since a game whose turns
 * always ask the same questions (a tile a turn) takes as many decisions however it is played.
 * `bots`: the run's bots (`random`, `greedy`, `mcts:50`), which say whether to advise others:
 * advising greedy or mcts to someone who played them reads as if the run had not. Undefined
 * otherwise.
 */
export function samePlayNote(length: PairedDifference, sameMoves?: number, bots: readonly string[] = ["random"], sameOutcomes?: number): string | undefined {
  const advice = bots.every((b) => b === "random")
    ? "(random bots react only to a change in the options offered, never to one of scoring or of what players see); play greedy or mcts bots to see how players would"
    : "(greedy and mcts steer by the game's `estimate`: a change that does not alter how it ranks their options leaves them playing as before)";
  // Everything a run reads alike, whatever the moves' numbering says.
  if (sameOutcomes !== undefined && length.n >= 6 && sameOutcomes === length.n && sameMoves !== length.n) return neverShowed(length.n, "ended with the same scores after as many decisions under both rules", advice);
  if (sameMoves !== undefined) {
    // Half or more alike: the figures are mostly of games the change never touched (random bots and
    // a change of starting coins: 178 of 200 games alike, every seat +0.0, and only the JSON said why).
    if (length.n < 6 || sameMoves < length.n / 2) return undefined;
    if (sameMoves < length.n) {
      return `${sameMoves} of the ${length.n} games (${((sameMoves / length.n) * 100).toFixed(1)}%) were played move for move alike under both rules: in those the bots did not react to the change, so every change above is that of the other ${length.n - sameMoves === 1 ? "game" : `${length.n - sameMoves} games`}, diluted ${advice}`;
    }
    if (sameOutcomes === length.n) return neverShowed(length.n, "was played move for move alike under both rules, to the same scores", advice);
    return `every one of the ${length.n} games was played move for move alike under both rules: the bots did not react to the change ${advice}`;
  }
  if (length.n < 6 || length.value !== 0 || length.low !== 0 || length.high !== 0) return undefined;
  // By length alone, bots that weigh their moves may also have played other games of a length
  // the rules fix (so many rounds of so many cards).
  const fixed = bots.every((b) => b === "random") ? "" : ", or the game takes as many decisions however it is played";
  return `every one of the ${length.n} games took as many decisions under both rules: the bots may have played the very same games, not reacting to the change ${advice}${fixed}`;
}

/**
 * Every game came out the same under both rules, scores and all: the change may never have come
 * into play. A trick-taking game's designer compared a "hook" on the last bid that no game's bids
 * ever reached; the note said only that the bots did not react, and sent them to the estimate.
 */
function neverShowed(n: number, how: string, advice: string): string {
  return `every one of the ${n} games ${how}: the change never showed. It may never have come into play in these games (an option it refuses that no bot would have taken, a condition they never met: a rulebook example that reaches it tells), or the bots did not react to it ${advice}`;
}

/** Did two games end with the same winners, alone or sharing? */
function sameWinnersOf(x: PlayedGame, y: PlayedGame): boolean {
  return x.winners.length === y.winners.length && x.winners.every((w) => y.winners.includes(w));
}

/** A seat's share of a game's win: 1 alone, 1/k of a win shared by k, 0 otherwise. */
export function share(g: Pick<PlayedGame, "winners">, p: number): number {
  return g.winners.includes(p) ? 1 / g.winners.length : 0;
}

/**
 * The seats (numbered from 1) whose change of win share still leaves out 0 when every seat's
 * interval is widened so that all of them hold at once with 95% confidence (Bonferroni: each at
 * 1 − 0.05/seats). Reading several seats' 95% intervals, one in twenty leaves out the true change
 * by chance; a designer acting on a lone seat wants to know whether its change survives that. On
 * one of our games (3 seats, 100 games, a variant that changes the racks) a seat read −16.0 points
 * [−29.4, −1.9], and −2.5 [−9.0, +4.0] in 400 games of another seed; taken together with the other
 * seats, its change did not hold in the first run either.
 */
export function seatsSureTogether(a: readonly PlayedGame[], b: readonly PlayedGame[], players: number, of: "wins" | "score" = "wins", looks = 1, level = 0.95): number[] {
  // A run with looks (`looks.ts`) widens them once more, to hold over every look too.
  const z = togetherZ(level, players * looks);
  const out: number[] = [];
  pairedChange(a, b, players, z).seats.forEach((c, p) => {
    if (leavesOutZero(c[of])) out.push(p + 1);
  });
  return out;
}

/**
 * In words, when some seat's change of win share leaves out 0 at 95% (`changes`, at 95%): whether
 * it still does with all the seats read at once (`sure`: `seatsSureTogether`). Undefined when no
 * seat's interval leaves out 0: a run where no seat moved needs no warning, and a designer about
 * to act on one seat needs this one. `firm`: the seats whose change holds together at 99% too
 * (`seatsSureTogether` at 0.99); one that holds at 95% only is said to be weak, as the first-player
 * test says of p above 0.01. A designer's variant that could not favour any seat read "seat 3's
 * change in win share holds with all 4 seats read at once" from one run of 400 games, and other
 * seeds showed nothing: at 95% a change that moves no seat reads so up to one run in twenty.
 */
export function togetherVerdict(changes: readonly PairedDifference[], sure: readonly number[], what = "win share", looks = 1, firm?: readonly number[]): string | undefined {
  if (!changes.some(leavesOutZero)) return undefined;
  const k = changes.length;
  const each = `(Bonferroni: each interval at ${levelPerLook(95, k * looks)}${looks > 1 ? `, for ${k} seats over ${looks} looks` : ""})`;
  if (sure.length === 0) return `no seat's change in ${what} holds once all ${k} seats are read at once ${each}: one 95% interval in twenty misses by chance; confirm with more games or another seed`;
  const which = sure.length === 1 ? `seat ${sure[0]}'s change in ${what} holds` : `the changes in ${what} of seats ${sure.slice(0, -1).join(", ")} and ${sure.at(-1)} hold`;
  const weak = firm === undefined ? [] : sure.filter((p) => !firm.includes(p));
  if (weak.length === 0) return `${which} with all ${k} seats read at once ${each}`;
  const them = weak.length === sure.length ? (sure.length === 1 ? "it does" : "they do") : `seat${weak.length === 1 ? "" : "s"} ${weak.join(", ")} ${weak.length === 1 ? "does" : "do"}`;
  return `${which} with all ${k} seats read at once ${each}, but ${them} not at 99% together: a change that moves no seat reads so up to one run in twenty, so confirm with another --seed before acting on it`;
}
