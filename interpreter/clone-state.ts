import { shareZones } from "./shared-zones.ts";
import type { Value } from "../dsl/ir.ts";
import { occupancyOf, setOccupancy, sharePieces } from "./pieces.ts";
import { shareKnowledge } from "./knowledge.ts";
import { keyedRecord, shareCells, type FrameState, type MatchState, type Pending } from "./state.ts";

/**
 * A copy of a match state that a search can change freely, made without
 * copying what no move ever changes in place.
 *
 * What is shared, and why that is safe:
 * - Values (lists, maps, placements) are never changed in place: the rules
 *   change a copy (`compile-code.ts` index targets, `+=` on lists), so
 *   globals, player variables and locals copy one level only.
 * - Pieces are shared until either state changes one (`pieces.ts`
 *   `ownPiece` copies it then; its state fields are replaced whole).
 * - Log and message entries are written once (revealing secret choices
 *   replaces entries, `vm.ts`), so the log is a new array of the same entries:
 *   the log is kept apart from what a search needs to copy.
 * - A pending choice's legal values, a piece's covered cells and turned
 *   sides, and the result are replaced whole, never edited.
 * - A board's cells are shared until either state changes that board
 *   (`state.ts` `ownCells` copies it then; its stacks stay shared, as a move replaces a stack).
 * - A zone's list is shared until either state changes it (`shared-zones.ts`).
 * - What the players know (`known`) is shared until either state changes it (`knowledge.ts` `own`).
 * What is copied: every other array the engine pushes to or splices (placement
 * order, the frame stack and its locals, the generator).
 */
export function cloneState(s: MatchState): MatchState {
  const out: MatchState = {
    version: s.version,
    // Same key order as a started match: a clone's JSON reads the same.
    ...(s.rules !== undefined ? { rules: s.rules } : {}),
    players: s.players,
    seed: s.seed,
    rng: s.rng.slice(),
    globals: { ...s.globals },
    pvars: s.pvars.map((v) => ({ ...v })),
    pieces: sharePieces(s),
    zones: {},
    cells: {},
    placed: copyArrays(s.placed),
    current: s.current,
    stack: s.stack.map(cloneFrame),
    pending: s.pending && clonePending(s.pending),
    log: s.log.slice(),
    messages: s.messages.slice(),
    decisions: s.decisions.slice(),
    turns: s.turns.slice(),
    firstChooser: s.firstChooser ?? null,
    over: s.over,
    result: s.result,
    error: s.error,
    // Shared until either state changes it (`knowledge.ts`); undefined as in a started match.
    known: s.known && shareKnowledge(s.known),
  };
  if (s.variant !== undefined) out.variant = s.variant;
  shareZones(s, out);
  // The occupancy index is derived from `cells`: copied rather than rebuilt (see `pieces.ts`).
  const occ = occupancyOf(s);
  if (occ) setOccupancy(out, occ.slice());
  // Boards are shared until either state changes one (`ownCells`): a move touches a board or two.
  for (const b in s.cells) out.cells[b] = shareCells(s.cells[b]!);
  // `space state` values are set in place per space (compile-code.ts): copy each space's record.
  if (s.spaces) {
    out.spaces = keyedRecord();
    for (const k in s.spaces) out.spaces[k] = { ...s.spaces[k]! };
  }
  return out;
}

function copyArrays<T>(o: Record<string, T[]>): Record<string, T[]> {
  const out: Record<string, T[]> = {};
  for (const k in o) out[k] = o[k]!.slice();
  return out;
}

function cloneFrame(f: FrameState): FrameState {
  const g: FrameState = { code: f.code, pc: f.pc, locals: f.locals.slice() as Value[] };
  if (f.detached) g.detached = true;
  return g;
}

function clonePending(p: Pending): Pending {
  // The choices themselves are shared: their names, cached per choice, stay valid for an equal state.
  if (p.kind === "secret") return { ...p, chosen: { ...p.chosen } };
  return { ...p };
}
