import { playRandomly } from "../../interpreter/index.ts";
import { loadGame } from "./stela-playout.ts";
const file = process.argv[2]!; const secs = Number(process.argv[3] ?? 10); const players = Number(process.argv[4] ?? 2);
const g = loadGame(file);
let n = 0; const t0 = performance.now();
while (performance.now() - t0 < secs * 1000) { const m = g.start({ players, seed: n + 1, quiet: true }); playRandomly(m, n + 99); n++; }
console.log(file, (n / secs).toFixed(1), "playouts/s");
