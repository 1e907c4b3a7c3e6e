import type { Match } from "./match.ts";

/**
 * A decision as a log keeps it, to be taken again: who took which option (its id), and where it
 * stood among the options then (`at`: its `Option.index`, the position `applyAt` takes, and how
 * many options there were), when the log knows.
 */
export interface LoggedChoice {
  player: number;
  option: string;
  at?: { index: number; of: number };
}

/** Sees the match just before and just after decision `index` is applied; it must not change the match. */
export type ReplayObserver = (match: Match, phase: "before" | "after", index: number) => void;

/**
 * Applies logged decisions to `match` in order (after a rule change, say), and stops at the first
 * the rules no longer allow, saying which and why.
 *
 * - A decision list recorded before choices with one option were taken without asking may hold
 *   such a choice as a decision: one that cannot be applied but matches a choice just taken for
 *   lack of options (same player, same option id) is passed over.
 * - An option id is made from names the designer writes (a card's `show` label, a component's
 *   name): rename a card and every id naming it changes, though the game does not. A decision
 *   whose id is no longer offered is taken by its position (`at`) when the choice still has as many
 *   options, as the same option in the rules' order; `byPosition` lists those decisions (by index)
 *   so a tool can say so. A choice with another number of options is not the one the log saw: it stops.
 */
export function replayDecisions(match: Match, decisions: readonly LoggedChoice[], observe?: ReplayObserver): { stoppedAt?: { index: number; reason: string }; byPosition: number[] } {
  const byPosition: number[] = [];
  // Messages before this one were written before the last decision replayed (or passed over).
  let seen = 0;
  for (let i = 0; i < decisions.length; i++) {
    const d = decisions[i]!;
    const before = match.state.messages.length;
    if (!match.over) observe?.(match, "before", i);
    let r = match.over ? undefined : match.apply(d.option, d.player);
    if (r && !r.ok && r.code === "unknown-option" && d.at && match.optionCount(d.player) === d.at.of) {
      r = match.applyAt(d.at.index, d.player);
      if (r.ok) byPosition.push(i);
    }
    if (r?.ok) {
      observe?.(match, "after", i);
      seen = before;
      continue;
    }
    const messages = match.state.messages;
    let j = seen;
    while (j < messages.length && !(messages[j]!.forced?.player === d.player && messages[j]!.forced?.option === d.option)) j++;
    if (j < messages.length) {
      seen = j + 1;
      continue;
    }
    return { stoppedAt: { index: i, reason: r ? (r as { reason: string }).reason : match.error ? match.error.message : "the match ended earlier under these rules" }, byPosition };
  }
  return { byPosition };
}
