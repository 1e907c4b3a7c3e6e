import { loadGame } from "./stela-playout.ts";
import { playRandomly } from "../../interpreter/index.ts";
const file = process.argv[2]!;
const players = Number(process.argv[3] ?? 3);
const ms = Number(process.argv[4] ?? 4000);
const g = loadGame(file);
let n = 0;
const t0 = performance.now();
while (performance.now() - t0 < ms) { playRandomly(g.start({ players, seed: n, quiet: true }), n); n++; }
const t = performance.now() - t0;
console.log(file, (n / t * 1000).toFixed(1), "playouts/s");
