// `npm run bench`: one JSON line per game file with parse+check time (median of 20 runs),
// random playouts per second, mean ms per decision and peak RSS. Figures, not assertions:
// speed is measured here, never asserted in tests.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileRules } from "../../dsl/compile.ts";
import { playRandomly } from "../../interpreter/bots/random-bot.ts";
import { compile } from "../../interpreter/index.ts";

const dir = new URL("../../games/", import.meta.url).pathname;
const only = process.argv[2];
const seconds = Number(process.env["STELA_BENCH_SECONDS"] ?? 5);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const readFile = (p: string): string | undefined => {
  try {
    return readFileSync(p.startsWith("games/") ? join(dir, p.slice(6)) : p, "utf8");
  } catch {
    return undefined;
  }
};

for (const name of readdirSync(dir).filter((f) => f.endsWith(".stela")).sort()) {
  if (only && !name.includes(only)) continue;
  const source = readFileSync(join(dir, name), "utf8");
  const file = `games/${name}`;
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    compileRules(source, file, { readFile });
    times.push(performance.now() - t);
  }
  const r = compile(source, file, { readFile });
  if (!r.game) {
    console.log(JSON.stringify({ file, error: "does not compile" }));
    continue;
  }
  const game = r.game;
  const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
  // Warm up, then play for a fixed time.
  for (let i = 0; i < 3; i++) playRandomly(game.start({ players, seed: 1000 + i }), i);
  let games = 0;
  let decisions = 0;
  let errors = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const m = game.start({ players, seed: games + 1 });
    decisions += playRandomly(m, games);
    if (m.error) errors++;
    games++;
  }
  const elapsed = performance.now() - start;
  console.log(
    JSON.stringify({
      file,
      players,
      parseCheckMsMedian: Math.round(median(times) * 100) / 100,
      playoutsPerSecond: Math.round((games / elapsed) * 1000 * 10) / 10,
      meanMsPerDecision: Math.round((elapsed / decisions) * 1000) / 1000,
      decisionsPerGame: Math.round((decisions / games) * 10) / 10,
      games,
      errors,
      peakRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    }),
  );
}
