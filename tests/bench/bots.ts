// `taskset -c 1 npm run bench:bots [-- regexp of files]`: how strong the MCTS bot is and how fast it decides.
// For every game in games/ (and the Goofspiel fixture), 2 players, MCTS against random and against
// greedy, seats alternating (odd games MCTS sits first, even games second) so a first-seat
// advantage cancels out. Figures, not assertions: MCTS's share of the games it won alone and its
// draws, with Wilson 95% intervals, and its decisions per CPU-second. Results print as each
// pairing finishes, so a long run can be stopped and still report what it did.
//
// STELA_BOTS_GAMES (default 100) games per pairing; STELA_BOTS_BUDGET (default 16) playouts per
// MCTS decision.
import { readdirSync } from "node:fs";
import { makeBot, mixSeed, MctsBot, playOut, type Bot } from "../../interpreter/index.ts";
import { wilson } from "../../interpreter/bots/statistics.ts";
import { loadGame } from "./stela-playout.ts";

const root = new URL("../../", import.meta.url).pathname;
const filter = process.argv[2];
const games = Number(process.env["STELA_BOTS_GAMES"] ?? 100);
const budget = Number(process.env["STELA_BOTS_BUDGET"] ?? 16);

const files = [
  "tests/fixtures/bots/goofspiel.stela",
  ...readdirSync(root + "games").filter((f) => f.endsWith(".stela")).sort().map((f) => `games/${f}`),
].filter((f) => !filter || new RegExp(filter).test(f));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

console.log(`MCTS (${budget} playouts a decision, rollouts of 8 decisions scored by the game's scoring, 4 playouts per redrawn world) against random and greedy; ${games} games per pairing, 2 players, seats alternating.`);
console.log("game | opponent | MCTS wins alone [95% CI] | draws | opponent wins | MCTS decisions / CPU-s | mean length");
console.log("---|---|---|---|---|---|---");
for (const file of files) {
  const game = loadGame(file);
  for (const opponent of ["random", "greedy"] as const) {
    let wins = 0;
    let draws = 0;
    let lost = 0;
    let errors = 0;
    let mctsDecisions = 0;
    let mctsMs = 0;
    let length = 0;
    for (let g = 1; g <= games; g++) {
      const seat = g % 2 === 1 ? 0 : 1;
      const mcts = new MctsBot(mixSeed(7, g, 1), { iterations: budget });
      // Count the MCTS bot's decisions and the CPU time they take.
      const timedMcts: Bot = {
        choose: (m, p) => mcts.choose(m, p),
        chooseIndex: (m, p) => {
          const t = cpuMs();
          const i = mcts.chooseIndex(m, p);
          mctsMs += cpuMs() - t;
          mctsDecisions++;
          return i;
        },
      };
      const other = makeBot(opponent, mixSeed(7, g, 2));
      const bots = seat === 0 ? [timedMcts, other] : [other, timedMcts];
      const m = game.start({ players: 2, seed: mixSeed(7, g) });
      try {
        length += playOut(m, bots);
      } catch {
        errors++;
        continue;
      }
      if (m.error) {
        errors++;
        continue;
      }
      const w = m.result!.winners;
      if (w.length > 1) draws++;
      else if (w[0] === seat) wins++;
      else lost++;
    }
    const clean = games - errors;
    const r = wilson(wins, clean);
    console.log(
      `${file} | ${opponent} | ${pct(r.value)} [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}] | ${pct(draws / Math.max(1, clean))} | ${pct(lost / Math.max(1, clean))} | ${((mctsDecisions / Math.max(1, mctsMs)) * 1000).toFixed(1)} | ${(length / Math.max(1, clean)).toFixed(1)}${errors ? ` | ${errors} failed games` : ""}`,
    );
  }
}
