import { loadGame, playStela } from "./stela-playout.ts";
const file = process.argv[2]!; const n = Number(process.argv[3] ?? 20000);
const g = loadGame(file);
let t0 = performance.now();
for (let i = 0; i < n; i++) playStela(g, 2, i + 1, i + 7);
t0 = performance.now();
for (let i = 0; i < n; i++) playStela(g, 2, i + 1, i + 7);
const dt = performance.now() - t0;
console.log(file, (n / dt * 1000).toFixed(0), "playouts/s");
