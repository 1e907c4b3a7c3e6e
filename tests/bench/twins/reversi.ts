import { RandomPolicy, type PlayoutResult, type Twin } from "../random-policy.ts";

const N = 8;
const DIRECTIONS = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]] as const;

/** How many discs of the opponent a disc of `p` at (x, y) outflanks along (dx, dy). */
function outflanked(board: Int8Array, p: number, x: number, y: number, dx: number, dy: number): number {
  for (let k = 1; ; k++) {
    const a = x + dx * k;
    const b = y + dy * k;
    if (a < 0 || a >= N || b < 0 || b >= N) return 0;
    const v = board[b * N + a]!;
    if (v === -1) return 0;
    if (v === p) return k - 1;
  }
}

function legal(board: Int8Array, p: number, c: number): boolean {
  if (board[c] !== -1) return false;
  const x = c % N;
  const y = (c / N) | 0;
  for (const [dx, dy] of DIRECTIONS) if (outflanked(board, p, x, y, dx, dy) > 0) return true;
  return false;
}

function play(_matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult {
  const policy = new RandomPolicy(botSeed, trace);
  // Cells are numbered y * 8 + x: the rules list the legal spaces in board order, row by row.
  const board = new Int8Array(N * N).fill(-1);
  board[3 * N + 3] = 1;
  board[4 * N + 4] = 1;
  board[4 * N + 3] = 0;
  board[3 * N + 4] = 0;
  const moves = new Int16Array(N * N);
  let passes = 0;
  let decisions = 0;
  for (;;) {
    for (let p = 0; p < 2; p++) {
      let n = 0;
      for (let c = 0; c < N * N; c++) if (legal(board, p, c)) moves[n++] = c;
      if (n === 0) {
        if (++passes === 2) {
          const scores = [0, 0];
          for (let c = 0; c < N * N; c++) if (board[c]! >= 0) scores[board[c]!]!++;
          return { scores, decisions };
        }
        continue;
      }
      passes = 0;
      decisions++;
      const c = moves[policy.pick(n)]!;
      const x = c % N;
      const y = (c / N) | 0;
      board[c] = p;
      for (const [dx, dy] of DIRECTIONS) {
        const k = outflanked(board, p, x, y, dx, dy);
        for (let i = 1; i <= k; i++) board[(y + dy * i) * N + x + dx * i] = p;
      }
    }
  }
}

/** Reversi 8x8 by hand: twin of `tests/bench/games/reversi.stela`. */
export const reversi: Twin = { name: "reversi", file: "tests/bench/games/reversi.stela", players: 2, play };
