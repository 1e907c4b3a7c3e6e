import { RandomPolicy, type PlayoutResult, type Twin } from "../random-policy.ts";

const N = 11;
/** The six neighbours on the rhombus, as in the engine's hex grid (column x, row y). */
const SIDES = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]] as const;
/** Virtual cells for the four edges, after the board's cells in the union-find. */
const TOP = N * N;
const BOTTOM = TOP + 1;
const LEFT = TOP + 2;
const RIGHT = TOP + 3;

function find(parent: Int16Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

function join(parent: Int16Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra !== rb) parent[ra] = rb;
}

function play(_matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult {
  const policy = new RandomPolicy(botSeed, trace);
  // Cells are numbered y * 11 + x: the rules choose from `spaces(hexes)`, row by row.
  const board = new Int8Array(N * N).fill(-1);
  const parent = new Int16Array(N * N + 4);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const free = new Int16Array(N * N);
  for (let moves = 0; moves < N * N; moves++) {
    const p = moves & 1;
    let n = 0;
    for (let c = 0; c < N * N; c++) if (board[c] === -1) free[n++] = c;
    const c = free[policy.pick(n)]!;
    board[c] = p;
    const x = c % N;
    const y = (c / N) | 0;
    for (const [dx, dy] of SIDES) {
      const a = x + dx;
      const b = y + dy;
      if (a >= 0 && a < N && b >= 0 && b < N && board[b * N + a] === p) join(parent, c, b * N + a);
    }
    // The first player joins the top and bottom rows, the second the left and right columns.
    if (p === 0) {
      if (y === 0) join(parent, c, TOP);
      if (y === N - 1) join(parent, c, BOTTOM);
      if (find(parent, TOP) === find(parent, BOTTOM)) return { scores: [1, 0], decisions: moves + 1 };
    } else {
      if (x === 0) join(parent, c, LEFT);
      if (x === N - 1) join(parent, c, RIGHT);
      if (find(parent, LEFT) === find(parent, RIGHT)) return { scores: [0, 1], decisions: moves + 1 };
    }
  }
  return { scores: [0, 0], decisions: N * N };
}

/** Hex 11x11 (no swap) by hand: twin of `tests/bench/games/hex.stela`. */
export const hex: Twin = { name: "hex", file: "tests/bench/games/hex.stela", players: 2, play };
