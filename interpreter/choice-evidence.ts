import { cloneState } from "./clone-state.ts";
import { newExec, type Taken } from "./exec.ts";
import { instanceKey } from "./topology.ts";
import { identityFor } from "./marks.ts";
import { ownPiece } from "./pieces.ts";
import type { Runtime } from "./runtime.ts";
import type { MatchState, PieceState } from "./state.ts";
import { couldTake } from "./vm.ts";

/**
 * What players' choices showed of what they held. Where the rules say "play the colour asked for if
 * you can", a player who plays another colour has shown that they hold none of it: the option they
 * took was legal only because of what their hand did not hold. A redrawn copy (`resample.ts`) that
 * gives them that colour is a world that cannot be, and a bot searching it plays against cards that
 * are not there.
 *
 * So a match keeps, for each decision taken at a `choose` of one item or among named options (not
 * for lack of others, not in a secret choice), the state just before it, who took it and what they
 * took (`PastChoice`). A redrawn copy is *consistent* when, in each of those states with the
 * redrawn identities put on the same pieces, the chooser could still have taken what they took:
 * the value still among the choice's candidates and through its `where` filters, the named option
 * still offered. `resampleState` draws again until its copy is consistent.
 *
 * A past state takes the redrawn identities only where the pieces have not moved since (another
 * place, turned over): each piece takes the identity, as it was then, of the piece whose identity
 * it was given (a `state` field set since on an unseen card goes with that card). Once any
 * redrawn piece has moved since a decision (a hand dealt anew, a card drawn), that decision and
 * every earlier one are no longer checked: which piece is which then depends on moves the viewer
 * may not have seen (a shuffle), and a past state would be given identities that did not belong
 * there. (A move is seen, if not which piece made it; a field set on a hidden card may not be,
 * so it must not stop the check: whether the copies kept what a choice showed would tell the
 * viewer it was set.) In a card game dealt anew each round, that checks every card played since the deal.
 *
 * Kept by a match that was started or resumed, from its first redraw on (a match no bot redraws
 * pays nothing), not by the copies bots search (they redraw from the real match); and only for a
 * chooser who holds pieces in a zone of their own the others cannot look into (a hand): what a
 * choice can show of pieces held elsewhere (a face-down tile of one's own on a board, a card of
 * one's hand held facing out) is not kept. A match resumed from a saved state keeps what it sees
 * from then on.
 */
export interface PastChoice {
  /** The match just before the decision (a copy sharing what it can: `clone-state.ts`). */
  before: MatchState;
  who: number;
  taken: Taken;
}

/**
 * The zones of each player that the others cannot look into (`owner`, and `hidden` per player):
 * a player holding pieces there can show, by what they choose, what they hold.
 */
function heldZones(rt: Runtime): string[] {
  let names = held.get(rt);
  if (!names) held.set(rt, (names = Object.values(rt.def.zones).filter((z) => z.perPlayer && (z.visibility === "owner" || z.visibility === "hidden")).map((z) => z.name)));
  return names;
}

const held = new WeakMap<Runtime, string[]>();

/** Does `who` hold a piece the others cannot see (`heldZones`)? */
function holdsHidden(rt: Runtime, s: MatchState, who: number): boolean {
  for (const name of heldZones(rt)) if ((s.zones[instanceKey(name, true, who)]?.length ?? 0) > 0) return true;
  return false;
}

/**
 * The hook (`Exec.onTaken`) that records the decision about to be taken in `s` into `past`, or
 * undefined when there is nothing to record: a secret choice, or a chooser who holds nothing the
 * others cannot see, so whose options tell nothing hidden. (Decisions are recorded only then: a
 * copy of the state at every decision took up to a tenth of a random playout.)
 */
export function recordTaken(rt: Runtime, s: MatchState, past: PastChoice[]): ((who: number, taken: Taken) => void) | undefined {
  const p = s.pending;
  if (!p || (p.kind !== "choose" && p.kind !== "options") || !holdsHidden(rt, s, p.player)) return undefined;
  const before = cloneState(s);
  return (who, taken) => {
    // The oldest go first: a redraw seldom reaches them (a piece moved since stops it), and
    // each holds a copy of the state.
    if (past.length === PAST_KEPT) past.shift();
    past.push({ before, who, taken });
  };
}

/** How many decisions a match keeps for its redraws at most. */
const PAST_KEPT = 256;

/** Puts identity `from` (component, `state` fields, owner) on piece `id` of `s`: a redraw's swap. */
export function takeIdentity(rt: Runtime, s: MatchState, id: number, from: Pick<PieceState, "c" | "st" | "owner">): void {
  const p = ownPiece(s, id);
  p.c = from.c;
  p.st = from.st;
  // Unchanged on a board, where the owner is part of what a redraw keeps apart.
  p.owner = from.owner;
  if (p.sides && p.board !== null) p.sides = rt.turnedSides(s, id, p.rot, p.board) ?? p.sides;
}

/**
 * Has piece `id` stayed where it was in `before`, its fields aside? Unchanged, or changed in place
 * only (a `state` field set): then nothing moved into, out of or inside its zone (or board) since,
 * whose list is shared until one of them changes it (`shared-zones.ts`). A card gathered and dealt
 * back to the same hand has not stayed: which card it is was drawn anew.
 */
function inPlace(before: MatchState, real: MatchState, id: number): boolean {
  const a = before.pieces[id]!;
  const b = real.pieces[id]!;
  if (a === b) return true;
  if (a.zone !== b.zone || a.board !== b.board || a.up !== b.up || a.rot !== b.rot) return false;
  if (a.zone !== null) return before.zones[a.zone] === real.zones[a.zone];
  return a.board !== null && before.cells[a.board] === real.cells[a.board];
}

/**
 * How many of the past decisions `redrawn` contradicts (up to `limit`), newest first: `redrawn`
 * is `real` with the pieces of `groups` given other identities, each group's among themselves (the
 * pieces the viewer cannot tell apart: `resample.ts`), piece `id` that of piece `source[id]`. In a
 * past state a piece takes the identity its source had then: a `state` field set since on a card
 * the viewer cannot see (which the viewer may not know was set) goes with the card. Stops at the
 * first decision from before a move of one of those pieces (see above); a move the viewer saw is
 * what stops it, never a change they could not see. A piece taken unseen (one of a group: the
 * viewer does not know which) counts as any piece of its group that could have been taken: which
 * one it really was must not decide whether a copy stands, or the copies would tell the viewer.
 * `work`: how many decisions may still be looked at, counted down; once none, `limit` is returned.
 */
export function contradictions(
  rt: Runtime,
  real: MatchState,
  redrawn: MatchState,
  groups: readonly (readonly number[])[],
  source: readonly number[],
  past: readonly PastChoice[],
  limit: number,
  work?: { left: number },
): number {
  const ids = groups.flat();
  let found = 0;
  for (let i = past.length - 1; i >= 0; i--) {
    // Out of work: as bad as the limit, so no better than what the caller has.
    if (work !== undefined && work.left-- <= 0) return limit;
    const { before, who, taken } = past[i]!;
    for (const id of ids) if (!inPlace(before, real, id)) return found;
    const s = cloneState(before);
    for (const id of ids) {
      const from = source[id];
      if (from === id) continue;
      // Without a source (a copy redrawn elsewhere), the identity it has now.
      const was = from === undefined ? redrawn.pieces[id]! : before.pieces[from]!;
      const now = s.pieces[id]!;
      // With its own marks, which stay where they are (`marks.ts`).
      if (was.c !== now.c || was.st !== now.st || was.owner !== now.owner) takeIdentity(rt, s, id, identityFor(rt, s, id, was));
    }
    const v = "value" in taken ? taken.value : null;
    const alike = typeof v === "number" ? groups.find((g) => g.includes(v)) : undefined;
    if (!couldTake(newExec(rt, s), who, taken, alike) && ++found >= limit) return found;
  }
  return found;
}
