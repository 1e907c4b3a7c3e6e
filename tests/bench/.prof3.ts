import { loadGame } from "./stela-playout.ts";
const file = process.argv[2]!; const n = Number(process.argv[3] ?? 200000);
const g = loadGame(file);
for (let i = 0; i < n; i++) g.start({ players: 2, seed: i + 1, quiet: true });
const t0 = performance.now();
for (let i = 0; i < n; i++) g.start({ players: 2, seed: i + 1, quiet: true });
console.log(file, "start", ((performance.now() - t0) / n * 1000).toFixed(3), "µs");
