import type { Topology } from "./topology.ts";
import { copyData, copyWithSpaces, isSavedSpace } from "./space-info.ts";
import { emptyStacks, setStack, type MatchState, type SavedState } from "./state.ts";

/**
 * A match's state as it is saved: a copy, JSON-safe, naming each board's cells by key. The
 * engine keeps a board's pieces by cell number (`CellStacks`), and an open grid's numbers depend
 * on what the process met before, so they are turned back into keys here. Cells are written in
 * key order, so one game saves to the same text in any process. Spaces the rules hold
 * (variables, choices, frames) are the topology's objects (`space-info.ts`): written
 * `{ "$space": key }`.
 */
export function savedState(topo: Topology, s: MatchState): SavedState {
  const kept = s.cells;
  const cells: SavedState["cells"] = {};
  for (const board in kept) {
    const stacks = kept[board]!;
    const entries: [string, number[]][] = [];
    for (let i = 0; i < stacks.length; i++) {
      const stack = stacks[i]!;
      if (stack !== null && stack.length > 0) entries.push([topo.cellAt(board, i)!, stack.slice()]);
    }
    // In the order of their keys, not of their numbers: an open grid numbers its cells in the
    // order the process first asked about them, so one game saved in two processes gave two texts
    // (equal as data, but not byte for byte: a hash or a diff of saves told them apart).
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const record: Record<string, number[]> = {};
    for (const [key, stack] of entries) record[key] = stack;
    cells[board] = record;
  }
  // The cells in their place among the state's fields, as they were saved before they were numbered.
  const { known, ...rest } = s;
  const out = copyWithSpaces({ ...rest, cells: {} }, (t) => t.toJSON()) as SavedState;
  out.cells = cells;
  // Last, whenever it was first set (before or after the `spaces`): one match saves to one text.
  if (known !== undefined) out.known = copyData(known, () => undefined) as typeof known;
  return out;
}

/**
 * The state a saved one stands for, with its boards' pieces by cell number again; or, for a
 * board, cell or space these rules do not have, what is wrong (the caller refuses the state with it).
 */
export function loadedState(topo: Topology, json: SavedState): MatchState | string {
  const saved = json.cells;
  if (saved === null || typeof saved !== "object") return "it keeps no boards' cells";
  const pieceCount = Array.isArray(json.pieces) ? json.pieces.length : 0;
  const cells: MatchState["cells"] = {};
  for (const board in saved) {
    const record = saved[board]!;
    if (topo.shape(board) === undefined) return `there is no board \`${board}\``;
    if (record === null || typeof record !== "object") return `the board \`${board}\` holds no cells`;
    const stacks = emptyStacks(topo.cellCount(board));
    for (const cell in record) {
      const i = topo.cellIndex(board, cell);
      if (i < 0) return `the board \`${board}\` has no cell \`${cell}\``;
      const stack = record[cell]!;
      if (!Array.isArray(stack) || !stack.every((id) => Number.isInteger(id) && id >= 0 && id < pieceCount)) {
        return `the cell \`${cell}\` of the board \`${board}\` does not hold a list of pieces`;
      }
      setStack(stacks, i, stack.length > 0 ? stack.slice() : null);
    }
    cells[board] = stacks;
  }
  // Each space written `{ "$space": key }` becomes the space of these rules.
  let unknown: string | undefined;
  const out = copyData({ ...json, cells: {} }, (o) => {
    if (!isSavedSpace(o)) return undefined;
    const t = topo.info(o.$space);
    if (!t) unknown ??= o.$space;
    return t ?? null;
  }) as MatchState;
  if (unknown !== undefined) return `there is no space \`${unknown}\``;
  out.cells = cells;
  // A state saved before turns were counted resumes with none counted: only a run's figures read them.
  if (!Array.isArray(out.turns)) out.turns = out.decisions.map(() => 0);
  // Saved before the first chooser was kept: the first lone decision of its log, or none yet (a
  // choice taken without asking before it left no trace there).
  out.firstChooser ??= out.log.find((e) => !e.secret)?.player ?? null;
  return out;
}
