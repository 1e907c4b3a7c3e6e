import type { Match } from "./match.ts";
import type { PieceView } from "./view.ts";

/**
 * A decision as a log keeps it, to be taken again: who took which option (its id), and where it
 * stood among the options then (`at`: its `Option.index`, the position `applyAt` takes, and how
 * many options there were), when the log knows.
 */
export interface LoggedChoice {
  player: number;
  option: string;
  at?: OptionPlace;
}

/**
 * Where an option stood among the options when it was taken: its `Option.index` (the position
 * `applyAt` takes), how many there were, and what it was about whatever it is called (`trace`,
 * `optionTrace`): a replay takes it by its place only when the option there is about the same.
 */
export interface OptionPlace {
  index: number;
  of: number;
  trace?: string;
}

/**
 * What option `index` of `player` is about, whatever its name: the pieces it names by their kind
 * and fields (a card of a hand is the card it is, not its number among the game's pieces, which
 * another card added before it shifts) and the spaces by their keys, or that it is one of the
 * rules' named options (`option "…"`, told by its place); undefined for a plain value (a number,
 * a member of an enum), whose id is no name a designer writes and so never renamed.
 */
export function optionTrace(match: Match, player: number, index: number): string | undefined {
  if (match.decisionSites.length > 1) return "named";
  const o = match.options(player).find((x) => x.index === index);
  const view = o && match.view(player);
  const v = view?.decision?.options?.find((x) => x.id === o!.id);
  if (!view || !v) return undefined;
  const pieces = new Map<number, PieceView>();
  for (const z of view.zones) for (const p of z.pieces ?? []) if (p.id !== undefined) pieces.set(p.id, p);
  for (const b of view.boards) for (const p of b.pieces) if (p.id !== undefined) pieces.set(p.id, p);
  const parts = [
    ...(v.pieces ?? []).map((id) => {
      const p = pieces.get(id);
      return p ? JSON.stringify([p.kind, p.fields ?? null]) : `#${id}`;
    }),
    ...(v.spaces ?? []),
  ];
  return parts.length ? parts.join(" ") : undefined;
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
 *   whose id is no longer offered is taken by its place (`at`) when the choice still has as many
 *   options and the option there is about the same pieces and spaces (`optionTrace`; of named
 *   options, the same place); `byPosition` lists those decisions (by index) so a tool can say so.
 *   A choice with another number of options, or another piece there (a card not in this hand),
 *   is not the one the log saw: it stops.
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
    if (r && !r.ok && r.code === "unknown-option" && d.at?.trace !== undefined && match.optionCount(d.player) === d.at.of && optionTrace(match, d.player, d.at.index) === d.at.trace) {
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
