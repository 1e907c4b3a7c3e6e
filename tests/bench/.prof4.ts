import { makeBot, playOut } from "../../interpreter/index.ts";
import { loadGame } from "./stela-playout.ts";
const file = process.argv[2]!; const games = Number(process.argv[3] ?? 5); const players = Number(process.argv[4] ?? 3); const bot = process.argv[5] ?? "greedy";
const g = loadGame(file);
const t0 = performance.now(); let dec = 0;
for (let i = 0; i < games; i++) { const m = g.start({ players, seed: i + 1, quiet: true }); const bots = Array.from({ length: players }, (_, k) => makeBot(bot as never, i * 10 + k + 1)); dec += playOut(m, bots, 100000); }
const dt = performance.now() - t0;
console.log(file, bot, (dt / games).toFixed(0), "ms/game", (dt / dec).toFixed(3), "ms/decision", dec / games, "decisions/game");
