import type { Span } from "../dsl/span.ts";
import type { Exec } from "./exec.ts";
import { fail } from "./runtime-error.ts";
import { hiddenSlot } from "./hidden-slot.ts";
import { noteMove } from "./knowledge.ts";
import type { Runtime } from "./runtime.ts";
import { ownZone } from "./shared-zones.ts";
import { linkPut } from "./space-links.ts";
import { cellsShared, keepPosition, knownPosition, ownCells, setStack, stackAt, type BoardPosition, type MatchState, type PieceState } from "./state.ts";
import type { SpaceInfo, Topology } from "./topology.ts";

/**
 * Moving pieces between zones and boards. Every move goes through here so
 * that a piece is always in exactly one place (a zone, a board, or out of the
 * game) and the state's indexes agree.
 */

/**
 * Pieces a state shares with its copies. Copying a state (`clone-state.ts`) shares every piece
 * between the two (`sharePieces`; a search copies the match for every option it tries, and moves a
 * few pieces on each copy), so every change to a piece goes through `ownPiece`, which first gives
 * the changing state a copy of its own if it shares that piece. Kept beside each pieces list that
 * shares: which of its pieces it has made its own since (a bit each), or `NONE_OWNED` before the
 * first. A list not here shares nothing (a new match, one read back from JSON): it changes pieces in place,
 * and a random playout, which copies nothing, pays no more than a look-up per move. Kept in a
 * hidden slot (`hidden-slot.ts`), not a `WeakMap`: a copy marks two lists, and two `WeakMap`
 * writes cost about 1.5 µs, as much as the rest of copying a small game's state.
 */
const sharing = hiddenSlot<Uint8Array>();
const NONE_OWNED = new Uint8Array(0);

/**
 * The list `ownPiece` read last and what `sharing` holds for it (null: it shares nothing): a move
 * changes a piece or two of one state, and a look-up for each cost a short game's random
 * playouts several percent.
 */
let lastList: PieceState[] | undefined;
let lastOwned: Uint8Array | null = null;

/** The pieces of `s` for a copy of it: the same pieces, now shared, so neither state changes one in place. */
export function sharePieces(s: MatchState): PieceState[] {
  const copy = s.pieces.slice();
  sharing.set(s.pieces, NONE_OWNED);
  sharing.set(copy, NONE_OWNED);
  if (lastList === s.pieces) lastOwned = NONE_OWNED;
  return copy;
}

/** Piece `id` of `s`, to change: a piece `s` shares with a copy is copied first (`sharePieces`). */
export function ownPiece(s: MatchState, id: number): PieceState {
  const list = s.pieces;
  let mine: Uint8Array | null;
  if (lastList === list) mine = lastOwned;
  else {
    mine = sharing.get(list) ?? null;
    lastList = list;
    lastOwned = mine;
  }
  const p = list[id]!;
  if (mine === null) return p;
  if (mine === NONE_OWNED) {
    // A bit per piece: up to 512 pieces fit in 64 bytes, which V8 keeps in its heap (a longer
    // typed array gets a store of its own, about half a microsecond at every copy's first move).
    mine = new Uint8Array((list.length + 7) >> 3);
    sharing.set(list, mine);
    lastOwned = mine;
  }
  const bit = 1 << (id & 7);
  if ((mine[id >> 3]! & bit) !== 0) return p;
  // `cells`, `sides` and `st` are replaced whole, never changed in place: the copy shares them.
  const q: PieceState = { c: p.c, owner: p.owner, zone: p.zone, board: p.board, cells: p.cells, rot: p.rot, up: p.up, st: p.st };
  if (p.sides) q.sides = p.sides;
  list[id] = q;
  mine[id >> 3]! |= bit;
  return q;
}

export function piece(x: Exec, id: unknown, span: Span): PieceState {
  if (typeof id !== "number") fail("runtime-none-value", id === null ? "there is no piece here (the value is `none`)" : "this is not a piece", span);
  const p = x.s.pieces[id];
  if (!p) fail("runtime-none-value", `there is no piece ${id}`, span);
  return p;
}

/** The id of the piece `id` stands for, to change it (`ownPiece`); fails as `piece` does. */
export function pieceId(x: Exec, id: unknown, span: Span): number {
  piece(x, id, span);
  return id as number;
}

/**
 * The occupancy index: per space number (`SpaceInfo.id`), the id + 1 of the piece on top there,
 * 0 when the space is empty. Derived from `cells`, the plain-data truth, so it is kept on the
 * state under a symbol (`OCC`): JSON, `structuredClone` and `Object.keys` never see it,
 * `cloneState` copies it, and a state without one (just loaded, or copied by `structuredClone`)
 * gets it rebuilt on first use. Rules ask "what is on this space" more than anything else; this
 * answers with an array read instead of two string-keyed lookups.
 *
 * A plain array of small integers, not an `Int32Array`: reads cost the same, but a search
 * copies the index with every clone, and copying a typed array costs 4–12x more (0.68 µs
 * against 0.06 µs for 32 spaces, 1.1 µs against 0.4 µs for 250, measured on this machine):
 * each typed array owns a buffer outside the heap.
 */
const OCC = Symbol("occupancy");

interface Indexed {
  [OCC]?: number[];
}

/** Packed arrays of zeros by length, copied to make a new index (a copy is cheaper than filling). */
const zerosByLength = new Map<number, number[]>();

function zeros(n: number): number[] {
  let z = zerosByLength.get(n);
  if (!z) {
    // Pushed one by one, so the array is packed (`new Array(n)` makes a holey one, which every
    // read must check for holes) and its copies are too.
    z = [];
    for (let i = 0; i < n; i++) z.push(0);
    zerosByLength.set(n, z);
  }
  return z.slice();
}

/** The state's occupancy index, built from `cells` when missing; long enough for `minLength` spaces. */
export function occupancy(topo: Topology, s: MatchState, minLength = 0): number[] {
  let occ = (s as Indexed)[OCC];
  if (occ && occ.length >= minLength) return occ;
  const grown = zeros(Math.max(minLength, topo.spaceCount, 16) * 2);
  if (occ) for (let i = 0; i < occ.length; i++) grown[i] = occ[i]!;
  else {
    for (const board in s.cells) {
      const stacks = s.cells[board]!;
      for (let i = 0; i < stacks.length; i++) {
        const stack = stacks[i]!;
        if (stack === null || stack.length === 0) continue;
        const sid = topo.spaceIdAt(board, i);
        if (sid < 0) continue;
        if (sid >= grown.length) return occupancy(topo, s, sid + 1);
        grown[sid] = stack[stack.length - 1]! + 1;
      }
    }
  }
  occ = grown;
  setOccupancy(s, occ);
  return occ;
}

/** Gives a state its occupancy index (a clone gets a copy of the original's). */
export function setOccupancy(s: MatchState, occ: number[]): void {
  // A symbol-keyed property, set like any other: `Object.defineProperty` (a non-enumerable
  // property) cost a twentieth of a small game's playout, each match and each copy paying it once;
  // a private field (a hidden slot, `hidden-slot.ts`) made reading the index 2–4% slower.
  (s as Indexed)[OCC] = occ;
}

/** The state's occupancy index if it has one (for `cloneState`). */
export function occupancyOf(s: MatchState): number[] | undefined {
  return (s as Indexed)[OCC];
}

/** Records the top piece (or null) of space number `sid` in the index, when the state has one (-1: no such space). */
function markTopAt(topo: Topology, s: MatchState, sid: number, top: number | null): void {
  if (!(s as Indexed)[OCC] || sid < 0) return;
  occupancy(topo, s, sid + 1)[sid] = top === null ? 0 : top + 1;
}

/**
 * The top piece on space number `id` as an occupancy index (`occupancy`) holds it: its id plus one,
 * 0 when the space is empty (a space numbered after the index was built is empty). Walks over many
 * spaces fetch the index once and read it with this.
 */
export function topIn(occ: readonly number[], id: number): number {
  return id < occ.length ? occ[id]! : 0;
}

/** The top piece on a space, or null: the hot query, one array read. */
export function topOn(topo: Topology, s: MatchState, space: SpaceInfo): number | null {
  const t = topIn((s as Indexed)[OCC] ?? occupancy(topo, s), space.id);
  return t === 0 ? null : t - 1;
}

/** Takes a piece out of wherever it is, keeping the occupancy index up to date. */
export function lift(s: MatchState, id: number, topo: Topology): void {
  const at = s.pieces[id]!;
  // A piece out of the game changes nothing here: it stays shared.
  const p = at.zone === null && at.board === null ? at : ownPiece(s, id);
  if (p.zone !== null) {
    const z = ownZone(s, p.zone)!;
    const i = z.lastIndexOf(id);
    // Most pieces leave from the top of a zone: `pop` spares `splice` building the list of what it removed.
    if (i === z.length - 1) z.pop();
    else if (i >= 0) z.splice(i, 1);
    p.zone = null;
  }
  if (p.board !== null) {
    const stacks = ownCells(s, p.board);
    for (const c of p.cells) {
      const info = topo.cellInfo(p.board, c);
      const stack = info ? stackAt(stacks, info.index) : null;
      if (!info || !stack) continue;
      const i = stack.lastIndexOf(id);
      if (i < 0) continue;
      // A new stack, never the old one changed: copies of the state share stacks (`ownCells`).
      const rest = i === stack.length - 1 ? stack.slice(0, i) : stack.toSpliced(i, 1);
      markTopAt(topo, s, info.id, rest.length ? rest[rest.length - 1]! : null);
      stacks[info.index] = rest.length ? rest : null;
    }
    const order = s.placed[p.board]!;
    const i = order.indexOf(id);
    if (i >= 0) order.splice(i, 1);
    p.board = null;
    p.cells = [];
  }
}

/** Takes a piece out of play (`remove`), telling what each player knows of it (`knowledge.ts`). */
export function takeOut(rt: Runtime, s: MatchState, id: number): void {
  noteMove(rt, s, id, null, null, true);
  lift(s, id, rt.topo);
}

/** Puts a piece on top of a zone, or under its other pieces (`bottom`: `move c to bottom of deck`). */
export function putInZone(x: Exec, id: number, zone: string, span: Span, bottom = false): void {
  const z = x.s.zones[zone];
  if (!z) fail("runtime-invalid-move", `there is no zone \`${zone}\``, span);
  const def = x.rt.zoneDef(zone);
  const limit = def?.limit;
  if (limit !== undefined && z.length >= limit && x.s.pieces[id]!.zone !== zone) {
    fail("runtime-invalid-move", `${x.rt.zoneLabel(zone)} holds at most ${limit} pieces`, span);
  }
  // A zone of one kind holds only that kind: the checker refuses a move of another kind it can
  // see, and this the one it cannot (a `piece` from a zone of any kind; a position set up by hand
  // put a temple into a rack of tiles, and the example checked clean).
  const kind = def?.kind;
  if (kind !== undefined) {
    const has = x.rt.def.components[x.s.pieces[id]!.c]!.kind;
    if (has !== kind) fail("runtime-invalid-move", `${x.rt.zoneLabel(zone)} holds ${kind} pieces, and this is a ${has}`, span);
  }
  // What each player knows of it (`knowledge.ts`), while it is still where it was.
  noteMove(x.rt, x.s, id, zone, null, true);
  lift(x.s, id, x.rt.topo);
  // Owned after the lift: lifting from this same zone may have made it this state's own already.
  // Under the others (`move c to bottom of deck`): the next `deal` takes it last.
  if (bottom) ownZone(x.s, zone)!.unshift(id);
  else ownZone(x.s, zone)!.push(id);
  ownPiece(x.s, id).zone = zone;
}

/**
 * Gives a piece another owner. On a board, that changes whose pieces touch whose, so the links
 * kept with the position (`joins`) no longer hold; the rest of what is known (the pieces on top,
 * the fits) does not depend on owners. A board record shared with a copy of the state is made
 * this state's own first (`ownCells`): the copy keeps its owners and what it knows of them.
 */
export function setOwner(s: MatchState, id: number, owner: number | null): void {
  if (s.pieces[id]!.owner === owner) return;
  const p = ownPiece(s, id);
  if (p.board !== null) {
    if (cellsShared(s, p.board)) ownCells(s, p.board);
    else {
      const known = knownPosition(s, p.board);
      if (known) known.links = undefined;
    }
  }
  p.owner = owner;
}

/** What `ownCells` tells `putOnBoard` of the record it changes (one object, reused: puts never nest). */
const was: { before: BoardPosition | undefined; own: boolean } = { before: undefined, own: true };

/** Puts a piece on a board over `cells` (keys without the board), on top of anything there. */
export function putOnBoard(
  x: Exec,
  id: number,
  board: string,
  cells: string[],
  rotation: number,
  sides: Record<string, number[]> | undefined,
  faceUp: boolean,
  infos: readonly (SpaceInfo | undefined)[] = cellInfos(x.rt.topo, board, cells),
): void {
  const topo = x.rt.topo;
  const s = x.s;
  noteMove(x.rt, s, id, null, board, faceUp);
  lift(s, id, topo);
  const p = ownPiece(s, id);
  // What was known of the position (`before`): an open grid's next spaces, and the links of a
  // board whose pieces only come, are worked out from it. A record no other state shared (`own`)
  // leaves its position to this one: its links are changed in place.
  const stacks = ownCells(s, board, was);
  const { before, own } = was;
  let onEmpty = true;
  for (let k = 0; k < cells.length; k++) {
    // Each cell's numbers, looked up once for the whole put. Callers pass the board's own cells (a
    // placement's, a space looked up): one that is not has no number to keep the piece under.
    const info = infos[k];
    if (info === undefined) continue;
    const i = info.index;
    const stack = stackAt(stacks, i);
    // A new stack is made holding the piece, never the old one changed: copies of the state share
    // stacks (`ownCells`). An empty array grown by a push reserves room for 16.
    if (stack === null) setStack(stacks, i, [id]);
    else {
      if (stack.length > 0) onEmpty = false;
      stacks[i] = [...stack, id];
    }
    markTopAt(topo, s, info.id, id);
  }
  (s.placed[board] ??= []).push(id);
  if (before) {
    const after = positionAfterPut(x, id, board, before, infos, onEmpty, own);
    if (after) keepPosition(s, board, after);
  }
  p.board = board;
  p.cells = cells;
  p.rot = rotation;
  p.up = faceUp;
  if (sides) p.sides = sides;
}

/**
 * What can be known of a board's position after a piece is put on `cells` (the piece now on top
 * there; `onEmpty`: they were empty) from what was known `before`, or undefined. `own`: `before`
 * is this state's alone, so its links may change in place. Each is what working it out from
 * scratch would give:
 * - an open grid's spaces (`Topology.openSpacesAfter`);
 * - the pieces on top, when the piece covers none;
 * - the links of touching pieces of one owner, joined through the piece put on empty spaces
 *   (`space-links.ts`); a piece stacked on others may hide one of another owner, so then none.
 */
function positionAfterPut(
  x: Exec,
  id: number,
  board: string,
  before: BoardPosition,
  infos: readonly (SpaceInfo | undefined)[],
  onEmpty: boolean,
  own: boolean,
): BoardPosition | undefined {
  const topo = x.rt.topo;
  const s = x.s;
  let after = before.spaces ? topo.openSpacesAfter(board, before, infos.map((t) => t?.index ?? -1)) : undefined;
  // Where the space was taken from the empty list itself (`choose s from empty_spaces(b)`), its position there.
  if (before.empty) (after ??= {}).empty = withoutCells(before.empty, infos, x.takenFrom === before.empty ? x.takenAt : -1);
  // The pieces on top (`pieces(board)`): a piece put on empty spaces covers none and comes last,
  // as it does in `placed`. A copy, as lists handed to rules never change; filtering every piece
  // on the board again took a tenth of what a tile game's random playout allocates.
  if (onEmpty && before.tops && infos.every((t) => t !== undefined)) (after ??= {}).tops = [...before.tops, id];
  if (!onEmpty || !before.links) return after;
  // Links left half joined when a cell cannot be linked belong to no position any more: dropped.
  const links = own ? before.links : before.links.slice();
  for (const t of infos) {
    if (!t || !linkPut(topo, s, links, t)) return after;
  }
  (after ??= {}).links = links;
  return after;
}

/**
 * The empty spaces `list` (a board's, in board order) less those of `cells`, where a piece was just
 * put (those already taken are not in it): a copy, as lists handed to rules never change. `hint`:
 * where the one space may be in `list` (-1: unknown).
 */
function withoutCells(list: SpaceInfo[], infos: readonly (SpaceInfo | undefined)[], hint: number): SpaceInfo[] {
  if (infos.length === 1) {
    const t = infos[0];
    if (!t) return list;
    // A board's empty list holds each space once: the space at the hinted position is the one.
    const i = hint >= 0 && list[hint] === t ? hint : list.indexOf(t);
    if (i < 0) return list;
    // One copy without the space: a fifth cheaper than a copy and a splice (a move of memory),
    // which cost a third of pushing the rest one by one.
    return list.toSpliced(i, 1);
  }
  const gone = new Set(infos);
  return list.filter((t) => !gone.has(t));
}

/** What each cell of `board` stands for (undefined: not a space of it), looked up once for a whole put. */
function cellInfos(topo: Topology, board: string, cells: readonly string[]): (SpaceInfo | undefined)[] {
  return cells.map((c) => topo.cellInfo(board, c));
}

/** The top piece on a cell of a board instance, or null. */
export function topAt(topo: Topology, s: MatchState, board: string, cell: string): number | null {
  const stack = stackAt(s.cells[board], topo.cellIndex(board, cell));
  return stack && stack.length ? stack[stack.length - 1]! : null;
}

/** Is the piece on top of every cell it covers (not built over)? */
export function isTop(topo: Topology, s: MatchState, id: number): boolean {
  const p = s.pieces[id]!;
  if (p.board === null) return false;
  return p.cells.every((c) => topAt(topo, s, p.board!, c) === id);
}
