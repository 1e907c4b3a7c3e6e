import { changeText, leavesOutZero } from "./paired-change.ts";
import { levelPerLook, type PairedDifference } from "./statistics.ts";

/**
 * Looks at a run before its end: a comparison of 1,000 games that reads its figures after 63,
 * 125, 250, 500 and 1,000 can stop as soon as they answer the question, and a large change is
 * told in a fraction of the games. Reading a 95% interval at each look and stopping at the first that
 * leaves out 0 would not be 95% sure: each look is another chance for the luck of the games to
 * cross the line, and with looks at 50, 100, 200, 400 and 800 games a change of nothing "showed"
 * in 18% of 20,000 simulated runs, not 5%. So each look's intervals are widened as if all the
 * looks were read at once (Bonferroni: at 95%, each of 5 looks at 99%; 4.5% of those runs then
 * showed a change); the answer, wherever the run stops, is at least as sure as the level it
 * names. Planned looks, doubling the games each time, keep the widening small: what an interval
 * loses in width, the games played at the last look win back. A run stopped early stops on a
 * change that looked large, so its value leans away from 0: read its interval.
 */

/** The fewest games a look reads: fewer leave every interval too wide to answer anything. */
export const FIRST_LOOK = 50;
/** The most looks a run takes: each one more widens every look's intervals. */
export const MOST_LOOKS = 5;

/**
 * The games played by each look of a run of `games` games on each side: the last is the whole
 * run, each one before it half the next (rounded), none under `FIRST_LOOK`, at most `MOST_LOOKS`.
 * A run of fewer than twice `FIRST_LOOK` games has a single look, at its end.
 */
export function lookSchedule(games: number): number[] {
  const n = Math.max(1, Math.floor(games));
  const looks = n < 2 * FIRST_LOOK ? 1 : Math.min(MOST_LOOKS, Math.floor(Math.log2(n / FIRST_LOOK)) + 1);
  return Array.from({ length: looks }, (_, k) => Math.round(n / 2 ** (looks - 1 - k)));
}

/**
 * The answer a run with looks stops on when it has no rules to decide (`stela compare
 * --stop-early` without `--fail-if`, the editor's "stop when sure"): does the change move who
 * wins? `wins`: each seat's change of win share, its interval widened for the looks; `together`:
 * with three seats or more, the seats whose change holds with every seat read at once
 * (`seatsSureTogether`, widened for the looks too). Undefined while no seat's change is sure.
 */
export function sureWinChange(wins: readonly PairedDifference[], together?: readonly number[]): string | undefined {
  const sure = wins.length >= 3 ? [...(together ?? [])] : wins.flatMap((d, p) => (leavesOutZero(d) ? [p + 1] : []));
  if (sure.length === 0) return undefined;
  const first = sure[0]!;
  // Two seats' changes mirror each other: the first says it, with the interval it was read by.
  if (wins.length < 3) return `seat ${first}'s win share surely changes, ${changeText(wins[first - 1]!, 100, 1)} points`;
  // With more, the decision read intervals wider than `wins` (every seat at once): the value alone.
  const value = wins[first - 1]!.value * 100;
  const who = sure.length === 1 ? `seat ${first}'s win share surely changes (${value >= 0 ? "+" : ""}${value.toFixed(1)} points)` : `the win shares of seats ${listed(sure.map(String))} surely change`;
  return `${who}, with every seat read at once`;
}

/** "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What a run with looks did, in words: "looks at 50, 100 and 200 games; stopped at 50 games: …;
 * every interval is widened …". `planned`: the games of each look (`lookSchedule`); `played`: the
 * games played; `stopped`: why the run stopped before its end, if it did.
 */
export function looksText(planned: readonly number[], played: number, stopped?: string, last?: { answer?: string | undefined }): string {
  const at =
    planned.length === 1
      ? `one look, at the end (${planned[0]} games): a run looks first at ${FIRST_LOOK} games, so a run of fewer than ${2 * FIRST_LOOK} cannot stop early`
      : `looks at ${listed(planned.map(String))} games`;
  // The last look reads the whole run: whether it answers is said too (it read "no look before the
  // last answered", and a reader took the run for undecided when its last look had decided it).
  // `last`, when the caller read the last look too.
  const lastText = !last || planned.length < 2 ? "" : last.answer ? `; the last look answered it: ${last.answer}` : "; even the last look left the question open";
  const how = stopped ? `stopped at ${played} games: ${stopped}` : `played all ${played}: no look before the last answered the question${lastText}`;
  const widened = planned.length > 1 ? `; every interval is widened to hold over all ${planned.length} looks (Bonferroni: a 95% interval reads ${levelPerLook(95, planned.length)} at each look), so stopping early leaves it as sure` : "";
  return `${at}; ${how}${widened}`;
}
