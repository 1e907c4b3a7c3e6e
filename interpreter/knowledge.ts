import { hiddenSlot } from "./hidden-slot.ts";
import { seedState } from "./random.ts";
import type { Runtime } from "./runtime.ts";
import type { MatchState } from "./state.ts";

/**
 * What each player knows of the pieces they cannot see: which of them they can tell apart. For
 * each player every piece has a *class* (a number); a class is a set of pieces that player cannot
 * tell apart, though they know which identities the set holds between them (its multiset of
 * components and `state` fields). `resampleFor(player, …)` swaps identities only among that
 * player's unseen pieces of one class (and one kind and shape; on a board, one owner), never
 * across classes: a player who watched the five Golds go into their own face-down deck finds them there in every
 * redrawn copy, in some order, and an opponent's hand stays interchangeable with the deck it was
 * drawn from, never with cards that went elsewhere.
 *
 * How classes change, for each player P (why, beside each rule in the code below):
 * - At the start a piece's class is that of where it starts (its zone: everyone knows "7 Coppers
 *   and 3 Estates in each deck"; on a board, its own: its space is seen).
 * - The opening, before any chance is drawn and any decision taken, is known to everyone: the
 *   rules are deterministic, so whichever piece setup moves, every player knows which it is.
 * - A piece X goes from A to B (a move, a deal, a place, a remove). If P sees X at A or at B, P
 *   knows what X is: its class becomes "P knows it is in B" (one class per player and zone,
 *   `home`; on a board, a class of its own, as P knows its space). Otherwise P cannot tell which
 *   of A's unseen pieces went (the rules may have picked one by a hidden card's value, a bag
 *   draws at random, an opponent chose from their hand): the classes of A's unseen pieces merge
 *   into one, and X keeps it. Also when P sees X at B: which piece is left in A must not tell P
 *   which went; unless no piece of A's other classes could be like X, when P knows which class X
 *   left and the others keep theirs (`onlyClassLike`). From a board, where P sees which space was
 *   emptied, X keeps its class.
 * - A shuffle of a zone merges the classes of the pieces in it P cannot see, and what P puts in
 *   the zone after it is known apart from them (the zone's `home` class is started afresh).
 * - A piece turned face down on a board was seen: P knows exactly where it is (a class of its own).
 * Merging never lets P know more than the moves they saw tell; it may let them know less (a card
 * known to be on top of a deck, a hand's cards drawn from two generations of a deck, stay known
 * only as one of a set). A move inside a zone (a hand sorted, a card put back on top of its deck)
 * changes no class: the zone holds the same pieces, and their order is not modelled. A class is
 * read only where P cannot see the piece; a piece P sees keeps a stale number, which is never read
 * until P stops seeing it, and then it is set.
 *
 * All of it is plain data in the state (`MatchState.known`, saved by `toJSON`), worked out from
 * what happened in the match as every player saw it, so deterministic. `known` is absent while
 * every unseen piece is still in the class of where it is (its zone, or its own on a board): a
 * game that hides nothing, and every game before its first hidden move, pays nothing but the
 * check of who sees the piece at both ends of a move. Copies (`clone-state.ts`) share it until
 * one of them changes it (`own`).
 */
export interface Knowledge {
  /** By player, by piece id: the class of the piece for that player (read only where they cannot see it). */
  cls: number[][];
  /** By player: zone instance → the class of the pieces that player saw go into it (since its last shuffle), when one was made. */
  home: Record<string, number>[];
  /** The next class number not in use (one count for every player). */
  next: number;
}

/** `Runtime.seenBy`: everyone sees the piece, or no one does (else the one seat that does, or -3 - the one seat that does not). */
export const EVERYONE = -1;
export const NO_ONE = -2;

function sees(seers: number, player: number): boolean {
  // -3 - seat: an `others` zone, seen by every player but that seat (`Runtime.seenBy`).
  return seers === EVERYONE || seers === player || (seers <= -3 && seers !== -3 - player);
}

/**
 * What the engine keeps with a `Knowledge` record, invisible to JSON and comparisons: whether two
 * states share it (`own` copies it first), and, by player, zone → the one class every piece in the
 * zone has (`oneClass`; absent: not known, worked out by looking at the zone). The latter is a cache
 * of what `cls` says: a deal from a bag of 120 cubes looks it up instead of reading 120 classes.
 */
interface Meta {
  shared: boolean;
  uniform: Record<string, number>[] | undefined;
}

const metaSlot = hiddenSlot<Meta>();

/** Marks `k` as shared by two states (`cloneState`): neither changes it in place any more. */
export function shareKnowledge(k: Knowledge): Knowledge {
  const m = metaSlot.get(k);
  if (m) m.shared = true;
  else metaSlot.set(k, { shared: true, uniform: undefined });
  return k;
}

/** The knowledge of `s`, its own to change (a shared record is copied first). */
function own(s: MatchState): Knowledge {
  const k = s.known!;
  const m = metaSlot.get(k);
  if (m === undefined || !m.shared) return k;
  const copy: Knowledge = { cls: k.cls.map((c) => c.slice()), home: k.home.map((h) => ({ ...h })), next: k.next };
  if (m.uniform) metaSlot.set(copy, { shared: false, uniform: m.uniform.map((u) => ({ ...u })) });
  s.known = copy;
  return copy;
}

/** By player, zone → its one class, as far as known (`Meta.uniform`). */
function uniformOf(k: Knowledge): Record<string, number>[] {
  let m = metaSlot.get(k);
  if (m === undefined) metaSlot.set(k, (m = { shared: false, uniform: undefined }));
  if (m.uniform === undefined) {
    m.uniform = [];
    for (let q = 0; q < k.cls.length; q++) m.uniform.push({});
  }
  return m.uniform;
}

/** The generator's state before any draw, for the last seed asked about (`opening`). */
let openingSeed: number | undefined;
let openingRng: number[] = [];

/**
 * Is the match still in its opening: no decision taken and nothing drawn from the generator (its
 * state is still the seed's)? Then every player knows the whole state, hidden zones included:
 * where the rules start each component, and what setup did with them. Worked out from the state,
 * not marked when a draw happens: a view or a label that draws puts the generator back, and the
 * state must not change by being looked at. A redrawn copy (`resample.ts`) has a new generator,
 * so it is never in its opening.
 */
function opening(s: MatchState): boolean {
  const d = s.decisions;
  for (let i = 0; i < d.length; i++) if (d[i] !== 0) return false;
  if (openingSeed !== s.seed) {
    openingSeed = s.seed;
    openingRng = seedState(s.seed);
  }
  const r = s.rng;
  if (r.length !== openingRng.length) return false;
  for (let i = 0; i < r.length; i++) if (r[i] !== openingRng[i]) return false;
  return true;
}

/**
 * The classes as they stand while `known` is absent, written out: for each player, the pieces of
 * each zone they cannot see share one class (the zone's `home`), and each face-down piece on a
 * board has its own.
 */
function materialize(rt: Runtime, s: MatchState): Knowledge {
  const players = s.players;
  const n = s.pieces.length;
  const k: Knowledge = { cls: [], home: [], next: 1 };
  const uniform: Record<string, number>[] = [];
  for (let q = 0; q < players; q++) {
    const cls: number[] = [];
    // Pushed one by one: a packed array of small integers.
    for (let i = 0; i < n; i++) cls.push(0);
    const home: Record<string, number> = {};
    const u: Record<string, number> = {};
    for (const z in s.zones) {
      const list = s.zones[z]!;
      if (list.length === 0 || sees(rt.seenBy(z), q)) continue;
      const c = k.next++;
      home[z] = c;
      u[z] = c;
      for (let i = 0; i < list.length; i++) cls[list[i]!] = c;
    }
    for (const b in s.placed) {
      for (const id of s.placed[b]!) if (!s.pieces[id]!.up) cls[id] = k.next++;
    }
    k.cls.push(cls);
    k.home.push(home);
    uniform.push(u);
  }
  metaSlot.set(k, { shared: false, uniform });
  s.known = k;
  return k;
}

/**
 * The one class of the pieces in zone `z` (which player `q` cannot see, and which holds at least
 * one piece) for `q`, merging theirs into a new one when they differ: every piece that had one
 * of those classes, wherever it is now, has the new one.
 */
function oneClass(s: MatchState, k: Knowledge, q: number, z: string): number {
  const u = uniformOf(k)[q]!;
  const known = u[z];
  if (known !== undefined) return known;
  const list = s.zones[z]!;
  const cls = k.cls[q]!;
  const first = cls[list[0]!]!;
  let i = 1;
  while (i < list.length && cls[list[i]!] === first) i++;
  if (i === list.length) return (u[z] = first);
  const merged = new Set<number>();
  for (const id of list) merged.add(cls[id]!);
  const c = k.next++;
  for (let id = 0; id < cls.length; id++) if (merged.has(cls[id]!)) cls[id] = c;
  for (const other in u) if (merged.has(u[other]!)) u[other] = c;
  // A zone's `home` class that was merged has no piece left: it stays that zone's, to start afresh.
  return (u[z] = c);
}

/**
 * Piece `id` comes into zone `z`, which a player cannot see, with class `c`: whether the zone still
 * has one class for them (`u`, theirs of `Meta.uniform`). Returns `c`.
 */
function enter(s: MatchState, u: Record<string, number>, z: string, id: number, c: number): number {
  const list = s.zones[z]!;
  // Read before the move: the zone was empty, or held only this piece.
  if (list.length === 0 || (list.length === 1 && list[0] === id)) u[z] = c;
  else if (u[z] !== c) delete u[z];
  return c;
}

/** The class of "`q` knows it is in zone `z`". */
function homeOf(k: Knowledge, q: number, z: string): number {
  const home = k.home[q]!;
  return (home[z] ??= k.next++);
}

/**
 * Piece `id` is about to go to zone `toZone`, board `toBoard` (face up: `toUp`), or out of play
 * (both null): called before it moves, while it is still where it was. The common case, a piece
 * everyone sees at both ends, costs two look-ups of who sees a zone, and none in rules whose zones are all public.
 */
export function noteMove(rt: Runtime, s: MatchState, id: number, toZone: string | null, toBoard: string | null, toUp: boolean): void {
  const p = s.pieces[id]!;
  // Rules whose zones are all public ask nothing of a zone: only a face-down piece is hidden.
  const hides = rt.zonesHide;
  const a = p.board !== null ? (p.up ? EVERYONE : NO_ONE) : p.zone !== null && hides ? rt.seenBy(p.zone) : EVERYONE;
  const b = toBoard !== null ? (toUp ? EVERYONE : NO_ONE) : toZone !== null && hides ? rt.seenBy(toZone) : EVERYONE;
  if (a === EVERYONE && b === EVERYONE) return;
  trackMove(rt, s, id, p.zone, p.board, a, toZone, toBoard, b);
}

function trackMove(rt: Runtime, s: MatchState, id: number, fromZone: string | null, fromBoard: string | null, a: number, toZone: string | null, toBoard: string | null, b: number): void {
  // A piece put back into the zone it is in (a hand sorted, a card put on top of its deck) is still
  // there: no player learns or forgets which pieces the zone holds (its order is not modelled).
  // Merging the zone's classes here made a player forget where a card they passed went, and
  // whether they did depended on the moves the rules made unseen.
  if (fromZone !== null && fromZone === toZone) return;
  const players = s.players;
  let k = s.known;
  if (k === undefined) {
    // The opening: everyone knows which piece this is, and where it goes; every piece stays in the
    // class of where it is. (Once `known` is kept the opening is over for good: it is first kept
    // at a move after the opening, or at a shuffle, which draws.)
    if (opening(s)) return;
    // Without `known`, every piece is in the class of where it is. That still holds after this
    // move unless a player sees the piece at neither end and it changes place: it then keeps the
    // class of the zone it left (a piece that stays in its zone, or goes from space to space,
    // keeps the class of where it is).
    if (fromBoard !== null && toBoard !== null) return;
    let unseen = false;
    for (let q = 0; q < players && !unseen; q++) unseen = !sees(a, q) && !sees(b, q);
    if (!unseen) return;
    k = materialize(rt, s);
  }
  // Made this state's own (`own`) only when something changes: most moves change nothing (a piece
  // drawn into its owner's hand, laid face up from a hand), and a search tries each option on a
  // copy, which would otherwise copy every player's classes.
  let mine = metaSlot.get(k)?.shared !== true;
  for (let q = 0; q < players; q++) {
    const sa = sees(a, q);
    const sb = sees(b, q);
    if (sa) {
      // q knows what it is, and sees it go: "q knows it is in B" (on a board, exactly where).
      if (!sb) {
        if (!mine) {
          k = own(s);
          mine = true;
        }
        k.cls[q]![id] = toBoard !== null ? k.next++ : enter(s, uniformOf(k)[q]!, toZone!, id, homeOf(k, q, toZone!));
      }
      continue;
    }
    let c: number;
    if (fromZone !== null) {
      // Which of the zone's pieces went, q cannot tell: they become one class, and X keeps it.
      const known = uniformOf(k)[q]![fromZone];
      if (known !== undefined) c = known;
      else if (sb && onlyClassLike(rt, s, k, q, fromZone, id)) continue;
      else {
        if (!mine) {
          k = own(s);
          mine = true;
        }
        c = oneClass(s, k, q, fromZone);
      }
      // X takes the class out of the zone: what q sees go in later is known apart from it.
      if (!sb && k.home[q]![fromZone] === c) {
        if (!mine) {
          k = own(s);
          mine = true;
        }
        delete k.home[q]![fromZone];
      }
    } else c = k.cls[q]![id]!; // from a board, where q sees which space it left: X keeps its class
    if (!sb && toZone !== null && uniformOf(k)[q]![toZone] !== c) {
      if (!mine) {
        k = own(s);
        mine = true;
      }
      enter(s, uniformOf(k)[q]!, toZone, id, c);
    }
  }
}

/**
 * Piece `id` leaves zone `z` (whose pieces `q` cannot see, of several classes) for a place where
 * `q` sees it: could it only have been of its own class? So when no unseen piece of another class
 * found in `z` is like it (`Runtime.likeClasses`; state and owner not compared, which only errs
 * toward merging). Then `q`, seeing what it is, knows which class it left, and the zone's other
 * pieces keep theirs: an opponent who watched two blue cards taken from a face-up market into a
 * hand still knows them there after three black cards are played from it. Read only from the
 * classes and from what the pieces of each class are, both known to `q` (the class's pieces
 * outside `z` count too, since `q` cannot tell where in the class a like piece lies).
 */
function onlyClassLike(rt: Runtime, s: MatchState, k: Knowledge, q: number, z: string, id: number): boolean {
  const cls = k.cls[q]!;
  const own = cls[id]!;
  const others = new Set<number>();
  for (const o of s.zones[z]!) if (cls[o] !== own) others.add(cls[o]!);
  const like = rt.likeClasses;
  const kind = like[s.pieces[id]!.c];
  for (let o = 0; o < s.pieces.length; o++) {
    if (!others.has(cls[o]!)) continue;
    const p = s.pieces[o]!;
    if (like[p.c] !== kind) continue;
    // A piece q sees keeps a stale class number, which says nothing (out of play counts: unseen).
    const seers = p.board !== null ? (p.up ? EVERYONE : NO_ONE) : p.zone !== null ? rt.seenBy(p.zone) : NO_ONE;
    if (!sees(seers, q)) return false;
  }
  return true;
}

/** Zone `zone` is about to be shuffled. */
export function noteShuffle(rt: Runtime, s: MatchState, zone: string): void {
  const seers = rt.seenBy(zone);
  if (seers === EVERYONE || s.zones[zone]!.length < 2) return;
  const k = s.known === undefined ? materialize(rt, s) : own(s);
  for (let q = 0; q < s.players; q++) {
    if (sees(seers, q)) continue;
    // Which is where is unknown now: one class.
    oneClass(s, k, q, zone);
    // What q sees go in after the shuffle is known apart from what was shuffled (on top, say).
    delete k.home[q]![zone];
  }
}

/** Piece `id` is about to be turned face up (`up`) or down. */
export function noteFlip(s: MatchState, id: number, up: boolean): void {
  const p = s.pieces[id]!;
  // Only a piece on a board is hidden by its face; without `known`, a face-down piece is in its own class already.
  if (up || !p.up || p.board === null || s.known === undefined) return;
  // Everyone saw it face up: each knows exactly where it is.
  const k = own(s);
  const c = k.next++;
  for (let q = 0; q < s.players; q++) k.cls[q]![id] = c;
}

/**
 * The class of piece `id` for `player` (who cannot see it), as a key of `resample.ts`'s groups:
 * with no `known`, the zone it is in, or the piece itself on a board.
 */
export function classOf(s: MatchState, player: number, id: number): number | string {
  const k = s.known;
  if (k !== undefined) return k.cls[player]![id]!;
  const zone = s.pieces[id]!.zone;
  return zone !== null ? zone : `#${id}`;
}
