import { RandomPolicy, type PlayoutResult, type Twin } from "../random-policy.ts";

const W = 7;
const H = 6;

/** How many discs of `p` run through (x, y) along (dx, dy), both ways, (x, y) included. */
function run(board: Int8Array, p: number, x: number, y: number, dx: number, dy: number): number {
  let n = 1;
  for (let k = 1; ; k++) {
    const a = x + dx * k;
    const b = y + dy * k;
    if (a < 0 || a >= W || b < 0 || b >= H || board[b * W + a] !== p) break;
    n++;
  }
  for (let k = 1; ; k++) {
    const a = x - dx * k;
    const b = y - dy * k;
    if (a < 0 || a >= W || b < 0 || b >= H || board[b * W + a] !== p) break;
    n++;
  }
  return n;
}

function play(_matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult {
  const policy = new RandomPolicy(botSeed, trace);
  const board = new Int8Array(W * H).fill(-1);
  const height = new Int8Array(W);
  const open = new Int8Array(W);
  for (let moves = 0; moves < W * H; moves++) {
    const p = moves & 1;
    let n = 0;
    for (let c = 0; c < W; c++) if (height[c]! < H) open[n++] = c;
    const x = open[policy.pick(n)]!;
    const y = H - 1 - height[x]!;
    height[x]!++;
    board[y * W + x] = p;
    if (run(board, p, x, y, 1, 0) >= 4 || run(board, p, x, y, 0, 1) >= 4 || run(board, p, x, y, 1, 1) >= 4 || run(board, p, x, y, 1, -1) >= 4) {
      const scores = [0, 0];
      scores[p] = 1;
      return { scores, decisions: moves + 1 };
    }
  }
  return { scores: [0, 0], decisions: W * H };
}

/** Connect Four (choose a column) by hand: twin of `tests/bench/games/connect-four.stela`. */
export const connectFour: Twin = { name: "connect-four", file: "tests/bench/games/connect-four.stela", players: 2, play };
