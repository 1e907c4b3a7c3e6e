import type { Span } from "../dsl/span.ts";
import type { Exec } from "./exec.ts";
import { fail } from "./runtime-error.ts";
import type { MatchState, PieceState } from "./state.ts";

/**
 * Moving pieces between zones and boards. Every move goes through here so
 * that a piece is always in exactly one place (a zone, a board, or out of the
 * game) and the state's indexes agree.
 */

export function piece(x: Exec, id: unknown, span: Span): PieceState {
  if (typeof id !== "number") fail("runtime-none-value", id === null ? "there is no piece here (the value is `none`)" : "this is not a piece", span);
  const p = x.s.pieces[id];
  if (!p) fail("runtime-none-value", `there is no piece ${id}`, span);
  return p;
}

/** Takes a piece out of wherever it is. */
export function lift(s: MatchState, id: number): void {
  const p = s.pieces[id]!;
  if (p.zone !== null) {
    const z = s.zones[p.zone]!;
    const i = z.lastIndexOf(id);
    if (i >= 0) z.splice(i, 1);
    p.zone = null;
  }
  if (p.board !== null) {
    const cells = s.cells[p.board]!;
    for (const c of p.cells) {
      const stack = cells[c];
      if (!stack) continue;
      const i = stack.lastIndexOf(id);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0) delete cells[c];
    }
    const order = s.placed[p.board]!;
    const i = order.indexOf(id);
    if (i >= 0) order.splice(i, 1);
    p.board = null;
    p.cells = [];
  }
}

/** Puts a piece on top of a zone. */
export function putInZone(x: Exec, id: number, zone: string, span: Span): void {
  const z = x.s.zones[zone];
  if (!z) fail("runtime-invalid-move", `there is no zone \`${zone}\``, span);
  const limit = x.rt.zoneDef(zone)?.limit;
  if (limit !== undefined && z.length >= limit && x.s.pieces[id]!.zone !== zone) {
    fail("runtime-invalid-move", `${x.rt.zoneLabel(zone)} holds at most ${limit} pieces`, span);
  }
  lift(x.s, id);
  z.push(id);
  x.s.pieces[id]!.zone = zone;
}

/** Puts a piece on a board over `cells` (keys without the board), on top of anything there. */
export function putOnBoard(
  x: Exec,
  id: number,
  board: string,
  cells: string[],
  rotation: number,
  sides: Record<string, number[]> | undefined,
  faceUp: boolean,
): void {
  lift(x.s, id);
  const p = x.s.pieces[id]!;
  const boardCells = (x.s.cells[board] ??= {});
  for (const c of cells) (boardCells[c] ??= []).push(id);
  (x.s.placed[board] ??= []).push(id);
  p.board = board;
  p.cells = cells;
  p.rot = rotation;
  p.up = faceUp;
  if (sides) p.sides = sides;
}

/** The top piece on a cell of a board instance, or null. */
export function topAt(s: MatchState, board: string, cell: string): number | null {
  const stack = s.cells[board]?.[cell];
  return stack && stack.length ? stack[stack.length - 1]! : null;
}

/** Is the piece on top of every cell it covers (not built over)? */
export function isTop(s: MatchState, id: number): boolean {
  const p = s.pieces[id]!;
  if (p.board === null) return false;
  return p.cells.every((c) => topAt(s, p.board!, c) === id);
}
