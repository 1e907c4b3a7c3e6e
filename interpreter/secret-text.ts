import type { Value } from "../dsl/ir.ts";
import type { Exec } from "./exec.ts";
import { instanceOwner } from "./topology.ts";
import { seenByAll } from "./visibility.ts";

/**
 * Texts the rules write for everyone (a `log` line, a choice's `prompt`) that name a piece some
 * players cannot see. `log "{p} hides {card}"` with the card still in a hand would tell everyone
 * what it is, though the log of decisions calls that very choice "(a hidden choice)". Such a text
 * is worked out twice: as written, for the one player who sees every piece it names (the owner of
 * the hand), and with each of those pieces named by what shows of it ("hidden card", "face-down
 * tile") for everyone else.
 *
 * Only a piece named in the text itself is seen to: a piece first turned into a text elsewhere
 * (`let name = "{card}"`, a `define` giving a text) reaches it as words, which tell nothing of
 * where they came from.
 */

/**
 * A text some players read otherwise: only `to` (when set) reads it as written, or every player
 * but `allBut` (when set: it named a piece of that player's `others` zone); everyone else reads `others`.
 */
export interface PrivateText {
  to?: number;
  allBut?: number;
  others: string;
}

/** Nothing unseen named yet (`unseenIn`). */
const NONE_UNSEEN = -2;
// (-3 - seat in `unseenIn`: every player but that seat sees every unseen piece named.)
/** Unseen pieces named that no single player sees all of (`unseenIn`). */
const NOBODY = -1;

/**
 * While a text for everyone is worked out (`textForAll`; texts are worked out start to end, one at
 * a time): who sees every piece it named that some cannot see (a seat, `NOBODY`, or `NONE_UNSEEN`),
 * and whether such pieces are named by what shows of them instead. Kept here, not on the context
 * every rule runs with: two more fields there slowed a small game's decisions by a tenth.
 */
let unseenIn = NONE_UNSEEN;
let redacting = false;
/** Pieces the text is about that everyone is to see anyway (a secret choice's answers, shown at the reveal). */
let shownAnyway: readonly Value[] | undefined;

/**
 * Called as a piece is named in a text: notes whether some players cannot see it, and gives what
 * to call it instead while the text is worked out for them (`undefined`: its own name).
 */
export function unseenName(x: Exec, id: number): string | undefined {
  if (seenByAll(x, id) || (shownAnyway !== undefined && shownAnyway.includes(id))) return undefined;
  const p = x.s.pieces[id]!;
  // Who sees it: the owner of a zone only its owner looks into (a seat), every player but the owner
  // of an `others` zone (-3 - the owner's seat); on a board face down, or in a hidden zone, nobody.
  const visibility = p.board === null && p.zone !== null ? x.rt.zoneDef(p.zone)?.visibility : undefined;
  const owner = visibility === "owner" || visibility === "others" ? instanceOwner(p.zone!) : null;
  const sees = owner === null ? NOBODY : visibility === "others" ? -3 - owner : owner;
  unseenIn = unseenIn === NONE_UNSEEN || unseenIn === sees ? sees : NOBODY;
  if (!redacting) return undefined;
  const kind = x.rt.def.components[p.c]!.kind.toLowerCase();
  return p.board === null ? `hidden ${kind}` : `face-down ${kind}`;
}

/**
 * Works out a text everyone may read (`make` names pieces through `label`, which asks
 * `unseenName`): the text as written, and when it names a piece some cannot see, what they read.
 * `shown`: pieces everyone will see anyway, named as they are (a secret choice's answers, which its
 * reveal shows to all: the label of `chooses c from q.hand label "{c}"` hides nothing the choice
 * without a label would not show).
 */
export function textForAll(x: Exec, make: () => string, shown?: readonly Value[]): { text: string; private?: PrivateText } {
  const outer = unseenIn;
  const outerRedacting = redacting;
  const outerShown = shownAnyway;
  unseenIn = NONE_UNSEEN;
  redacting = false;
  shownAnyway = shown;
  try {
    const text = make();
    const sees = unseenIn;
    if (sees === NONE_UNSEEN) return { text };
    redacting = true;
    // Worked out again only to name things otherwise: the match goes on from the first working.
    const rng = x.s.rng.slice();
    let others: string;
    try {
      others = make();
    } finally {
      x.s.rng = rng;
    }
    return { text, private: sees >= 0 ? { to: sees, others } : sees <= -3 ? { allBut: -3 - sees, others } : { others } };
  } finally {
    unseenIn = outer;
    redacting = outerRedacting;
    shownAnyway = outerShown;
  }
}
