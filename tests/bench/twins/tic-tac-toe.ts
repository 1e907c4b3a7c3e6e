import { RandomPolicy, type PlayoutResult, type Twin } from "../random-policy.ts";

// Cells are numbered y * 3 + x: the rules choose from `spaces(square)`, which lists the board
// row by row, and ascending cell numbers give the same order.
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

function play(_matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult {
  const policy = new RandomPolicy(botSeed, trace);
  const board = new Int8Array(9).fill(-1);
  const free = new Int8Array(9);
  for (let moves = 0; moves < 9; moves++) {
    const p = moves & 1;
    let n = 0;
    for (let c = 0; c < 9; c++) if (board[c] === -1) free[n++] = c;
    const c = free[policy.pick(n)]!;
    board[c] = p;
    for (const [a, b, d] of LINES) {
      if ((a === c || b === c || d === c) && board[a!] === p && board[b!] === p && board[d!] === p) {
        const scores = [0, 0];
        scores[p] = 1;
        return { scores, decisions: moves + 1 };
      }
    }
  }
  return { scores: [0, 0], decisions: 9 };
}

/** Tic-Tac-Toe by hand: twin of `tests/bench/games/tic-tac-toe.stela`. */
export const ticTacToe: Twin = { name: "tic-tac-toe", file: "tests/bench/games/tic-tac-toe.stela", players: 2, play };
