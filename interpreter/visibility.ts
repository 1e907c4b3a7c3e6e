import type { Visibility } from "../dsl/ir.ts";
import type { Runtime } from "./runtime.ts";
import type { LogEntry, MatchState } from "./state.ts";
import { instanceOwner } from "./topology.ts";

/**
 * Who may see what: the one place that decides it for views, options, the
 * log and bots (`resampleFor` redraws exactly what this module hides).
 * A viewer of `null` is a spectator, who sees only what is public.
 */

/** What visibility questions need: the game's runtime and the match state. */
export interface Seen {
  rt: Runtime;
  s: MatchState;
}

/** May `viewer` look into a zone of this visibility, owned by `owner`? */
export function seesZone(visibility: Visibility, owner: number | null, viewer: number | null): boolean {
  if (visibility === "public") return true;
  if (visibility === "owner") return viewer !== null && viewer === owner;
  // A hand held facing out: every player at the table but its owner (a spectator sees only what is public).
  if (visibility === "others") return viewer !== null && owner !== null && viewer !== owner;
  return false;
}

/** May `viewer` look into the zone instance `zone` (`deck`, `hand#1`)? */
export function seesZoneInstance(x: Seen, zone: string, viewer: number | null): boolean {
  return seesZone(x.rt.zoneDef(zone)?.visibility ?? "public", instanceOwner(zone), viewer);
}

/** Can `viewer` tell what a piece is: face up on a board, out of play, or in a zone they may look into? */
export function seesPiece(x: Seen, id: number, viewer: number | null): boolean {
  const p = x.s.pieces[id];
  if (!p) return false;
  if (p.board !== null) return p.up;
  if (p.zone === null) return true;
  return seesZoneInstance(x, p.zone, viewer);
}

/**
 * Does everyone see what this piece is? Choosing a piece that someone cannot
 * see (one in a zone that is not public, or face down on a board) must not
 * tell them which it is, so its log line is hidden from them.
 */
export function seenByAll(x: Seen, id: number): boolean {
  const p = x.s.pieces[id];
  if (!p) return true;
  if (p.board !== null) return p.up;
  return p.zone === null || (x.rt.zoneDef(p.zone)?.visibility ?? "public") === "public";
}

/**
 * A log line as `viewer` reads it: others' secret answers stay secret until revealed, hidden pieces
 * unnamed; a revealed answer of pieces (`LogEntry.pieces`) is named only to its `readers`.
 */
export function logLabel(x: Seen, e: LogEntry, viewer: number | null): string {
  if (e.player === viewer) return e.label;
  return hiddenFrom(x, e, viewer) ?? readBy(e.label, e.labelFor, viewer);
}

/** What `viewer` reads in place of a log line's answer they may not read, or undefined when they may. */
export function hiddenFrom(x: Seen, e: LogEntry, viewer: number | null): string | undefined {
  if (e.player === viewer) return undefined;
  if (e.secret && !e.revealed) return "(a secret choice)";
  if (e.hidden) return "(a hidden choice)";
  // Settled at the next question (`fixReaders`); until then, read where the pieces lie.
  if (e.pieces && (e.readers ? viewer === null || !e.readers.includes(viewer) : e.pieces.some((id) => !seesPiece(x, id, viewer)))) return "(a hidden choice)";
  return undefined;
}

/** Who reads a text as written when it named a piece some cannot see (`secret-text.ts`). */
interface Readers {
  /** The one player who reads it as written. */
  to?: number;
  /** Every player but this one reads it as written (it named a piece in their `others` zone). */
  allBut?: number;
  /** What everyone else reads. */
  others?: string;
}

/**
 * A text everyone reads (a message, a choice's prompt) as `viewer` reads it: as written, unless
 * `others` is set (it named a piece some cannot see: `secret-text.ts`), which all but `to` (or
 * only `allBut`, and spectators) read.
 */
export function readBy(text: string, priv: Readers | undefined, viewer: number | null): string {
  return readsAsWritten(priv, viewer) ? text : priv!.others!;
}

/** Does `viewer` read such a text as written (`readBy`)? */
export function readsAsWritten(priv: Readers | undefined, viewer: number | null): boolean {
  return priv?.others === undefined || priv.to === viewer || (priv.allBut !== undefined && viewer !== null && viewer !== priv.allBut);
}
