import { makeBot, mixSeed, MctsBot } from "../../interpreter/index.ts";
import { loadGame } from "./stela-playout.ts";
const game = loadGame("games/tzolkin.stela");
const g = Number(process.argv[2] ?? 17);
const mcts = new MctsBot(mixSeed(1, g, 1), { milliseconds: 50 });
const rnd = makeBot("random", mixSeed(1, g, 2));
const m = game.start({ players: 2, seed: mixSeed(1, g) });
let n = 0; const t0 = performance.now();
while (m.decision && n < 3000) {
  const p = m.decision.players[0]!;
  const t = performance.now();
  if (p === 0) { const i = mcts.chooseIndex(m, p)!; m.applyAt(i, p); } else { m.apply(rnd.choose(m, p)!, p); }
  const dt = performance.now() - t;
  if (dt > 300) console.log("slow decision", n, p, m.decision?.prompt, dt.toFixed(0));
  n++;
  if (n % 100 === 0) console.log(n, (performance.now() - t0).toFixed(0), "ms", m.decision?.prompt, (m as any).state?.pvars?.map((v: any) => v.corn));
}
console.log("end", n, m.over, m.error?.message, m.result?.scores);
