import { loadGame, playStela } from "./stela-playout.ts";
const file = process.argv[2]!;
const ms = Number(process.argv[3] ?? 4000);
const g = loadGame(file);
let n = 0, dec = 0;
const t0 = performance.now();
while (performance.now() - t0 < ms) { dec += playStela(g, 2, n, n + 7).decisions; n++; }
const t = performance.now() - t0;
console.log(file, (n / t * 1000).toFixed(0), "playouts/s", (t * 1000 / dec).toFixed(3), "µs/decision");
