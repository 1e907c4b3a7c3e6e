/**
 * The one codec for the keys the engine names places by (part of the IR: `BoardDef.cells` is keyed
 * by cell; the interpreter re-exports it). Every other file builds and reads
 * keys through these functions, never by hand, so the format can change in one place.
 *
 * - A board or zone *instance*: `main`; a per-player copy `rack#2` (seat 2); one of a row of
 *   numbered zones `display[1]`.
 * - A *cell* of a board, without the board: `3,4` (column, row), or `3,4,1` on a layered board
 *   (level last).
 * - A *space*: an instance and a cell, `main:3,4`, `tower#1:0,0,2`.
 */

/** The key of a per-player instance (`rack#2`), or the name itself when the place is shared. */
export function instanceKey(name: string, perPlayer: boolean, seat: number | null): string {
  if (!perPlayer) return name;
  // The same text every time for one place and seat: rules name `p.supply` at every turn, and a
  // text built anew must be hashed anew for every table it is looked up in.
  if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= SEATS_KEPT) return `${name}#${seat}`;
  let bySeat = instanceKeys.get(name);
  if (!bySeat) {
    if (instanceKeys.size >= NAMES_KEPT) instanceKeys.clear();
    instanceKeys.set(name, (bySeat = []));
  }
  return (bySeat[seat] ??= `${name}#${seat}`);
}

/** Per-player keys made so far, by place name then seat (`instanceKey`); bounded, as an editor session sees many games. */
const instanceKeys = new Map<string, string[]>();
const NAMES_KEPT = 4096;
const SEATS_KEPT = 64;

/** The key of one of several numbered zones: `display[2]`. */
export function numberedKey(name: string, index: number): string {
  return `${name}[${index}]`;
}

/** The instances of a numbered zone (`zone display x3`): `display[0]` … `display[2]`, in order. */
export function numberedKeys(name: string, copies: number): string[] {
  return Array.from({ length: copies }, (_, i) => numberedKey(name, i));
}

/** The declared name of an instance: `tower#1` → `tower`; `display[2]` → `display`. */
export function boardName(instance: string): string {
  let i = instance.indexOf("#");
  if (i < 0) i = instance.indexOf("[");
  return i < 0 ? instance : instance.slice(0, i);
}

/** The seat a per-player instance (`rack#2`) belongs to, or null. */
export function instanceOwner(instance: string): number | null {
  const i = instance.indexOf("#");
  return i < 0 ? null : Number(instance.slice(i + 1));
}

/** The number of one of several numbered zones (`display[2]` → 2), or null. */
export function instanceNumber(instance: string): number | null {
  const m = /\[(\d+)\]$/.exec(instance);
  return m ? Number(m[1]) : null;
}

/** A cell's key from its coordinates: `3,4`, or `3,4,1` when a level is given. */
export function cellKey(x: number, y: number, z?: number): string {
  return z === undefined ? `${x},${y}` : `${x},${y},${z}`;
}

/** A cell key's coordinates: `3,4` → [3, 4]; `3,4,1` → [3, 4, 1]. Not a cell: an empty list. */
export function cellCoords(cell: string): number[] {
  const parts = cell.split(",");
  if (parts.length < 2 || parts.length > 3) return [];
  const out = parts.map(Number);
  return out.every(Number.isInteger) ? out : [];
}

/** A space's key: its board instance and its cell (`main` + `3,4` → `main:3,4`). */
export function spaceKey(instance: string, cell: string): string {
  return `${instance}:${cell}`;
}

/** The board instance of a space key (`tower#1:0,0,2` → `tower#1`), or undefined. */
export function spaceBoard(key: string): string | undefined {
  const i = key.lastIndexOf(":");
  return i < 0 ? undefined : key.slice(0, i);
}

/** The cell of a space key (`tower#1:0,0,2` → `0,0,2`); a key without a board is its own cell. */
export function spaceCell(key: string): string {
  return key.slice(key.lastIndexOf(":") + 1);
}
