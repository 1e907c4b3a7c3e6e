// `npx tsx tests/bench/ab.ts <other checkout> [filter, a regular expression over paths]`: engine A (another checkout of the
// repository, e.g. `git worktree add /tmp/base <sha>`) against engine B (this checkout), random
// playouts per CPU-second on every game file, run under `taskset -c 1`. Each engine plays its own
// checkout's copy of the file. Figures, never assertions. Two ways to interleave:
//
// Rounds (the default): each round runs every game on both, each in a fresh process, so neither
// engine's JIT state or garbage touches the other's. STELA_AB_ROUNDS (default 5) rounds of
// STELA_AB_SECONDS (default 2) per measurement, after a warm-up of a quarter of that in the same
// process. Rounds alternate which engine runs first (A B, then B A).
//
// Rounds of 2 s measure a good part of the JIT's warm-up, not only play at full speed: pinned to one
// core, V8 compiles on the same core it plays on, and the euro games reach full speed only after
// 2–3 s (Cacao, 0.5 s windows from the start: 16, 67, 146, 252, 273, 313, … playouts/s). Against
// the issue's baseline `171a337` the 2 s rounds read Cacao 17.7x, Maya 6.1x, Yaxha 8.1x, while rounds
// of 8 s (STELA_AB_SECONDS=8, 2 s of warm-up) read 26.6x, 12.4x and 16.0x (30 November 2026): quote
// the long rounds for the speed of a long run (balance runs), the short ones for a short one.
//
// Slices (STELA_AB_SLICES=n): one process per game loads both engines (two bundles, two module
// graphs) and alternates short slices of STELA_AB_SLICE_MS (default 200) ms, A B then B A, n
// pairs after a warm-up of 10. Noise on a shared machine comes in spells of seconds that can move
// both engines by a third (measured: one bundle at 7.9 and 11.5 playouts/s within a minute); two
// slices a fifth of a second apart share their spell far more often than two 2-second processes,
// and both engines play the same games (seeds) in a pair, so long and short games cancel out:
// the pairs' ratios scatter less, and 40 pairs pin the median down to a few percent (an engine
// against itself: Tic-Tac-Toe 0.98–1.02, the euro games within about ±5–9%). The price: the two
// engines share one heap and V8's shared caches, so each pays for the other's garbage and code.
// Between two versions close to each other that cost is alike on both sides; between engines far
// apart it is not, and slices understate the faster one badly (against the issue's baseline
// `171a337`, Cacao read 6.3x in slices and 16.8x in rounds): compare distant versions in rounds.
//
// STELA_AB_POLICY=weighed plays as `npm run bench` measures Stela against the hand-written twins
// (every option weighed, one taken by position: `random-policy.ts`, the same policy code for both
// engines) instead of as the random bot plays (`random`, the default). STELA_AB_POLICY=greedy
// measures the greedy bot (`makeBot("greedy")`, one step of look-ahead on copies of the match,
// taking options by position as `stela simulate` plays them): a unit is the greedy bot's choice
// (seeded with the seed) at each of the first GREEDY_DECISIONS decisions of the game of one seed
// (fewer when the game ends sooner; a whole game would not fit in a slice), while the random bot
// plays that game, so both engines' bots weigh the same positions even when they would choose
// differently. The bot is each checkout's own: against a checkout from before the greedy bot
// judged a redrawn copy by `estimate` (27f33f0, 272dbd4), it compares two bots, not two engines.
//
// STELA_AB_QUIET=a, b or both starts that side's matches quiet (`start({ quiet: true })`: no texts
// kept, as `stela simulate` and the bots play); a checkout from before quiet matches ignores it.
// Against this checkout itself (`ab.ts .`) with STELA_AB_QUIET=b, it measures what narrating costs.
//
// Either way the ratio reported is the median of each pair's own B / A, with its 95%
// order-statistic interval (`medianInterval`): a ratio of medians over all rounds would let one
// slow spell on one side decide it. Five rounds give only a 94% interval, from the smallest to
// the largest ratio; the coverage is printed when it falls short.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildSync } from "esbuild";
import { medianInterval } from "../../interpreter/bots/statistics.ts";

const here = resolve(new URL("../../", import.meta.url).pathname);
const other = process.argv[2];
if (!other) {
  console.error("usage: npx tsx tests/bench/ab.ts <other checkout> [filter]");
  process.exit(2);
}
const base = resolve(other);
const filter = process.argv[3];
const rounds = Number(process.env["STELA_AB_ROUNDS"] ?? 5);
const seconds = Number(process.env["STELA_AB_SECONDS"] ?? 2);
const slices = Number(process.env["STELA_AB_SLICES"] ?? 0);
const sliceMs = Number(process.env["STELA_AB_SLICE_MS"] ?? 200);
const policy = process.env["STELA_AB_POLICY"] ?? "random";
const weighed = policy === "weighed";
const GREEDY_DECISIONS = 12;
const quietSides = process.env["STELA_AB_QUIET"] ?? "";
if (!["", "a", "b", "both"].includes(quietSides)) {
  console.error("STELA_AB_QUIET is `a`, `b` or `both`: the side(s) whose matches start quiet");
  process.exit(2);
}
const quietOn = (side: "a" | "b"): boolean => quietSides === side || quietSides === "both";
if (policy !== "random" && policy !== "weighed" && policy !== "greedy") {
  console.error("STELA_AB_POLICY is `random` (the default: the random bot), `weighed` (every option weighed, as `npm run bench` measures Stela against the twins) or `greedy` (the greedy bot's first decisions of each game)");
  process.exit(2);
}

/** What both ways of measuring share: load one checkout's copy of a game, and play it for some CPU milliseconds. */
function playerSource(root: string, quiet: boolean): string {
  return `
import { readFileSync } from "node:fs";
import { compile, makeBot, playRandomly } from ${JSON.stringify(join(root, "interpreter/index.ts"))};
import { RandomPolicy } from ${JSON.stringify(join(here, "tests/bench/random-policy.ts"))};
/** The twins' policy (\`npm run bench\`): every option weighed, one taken by position. */
function playWeighed(m, seed) {
  const policy = new RandomPolicy(seed);
  for (let d = m.decision; d; d = m.decision) {
    for (const p of d.players) {
      const n = m.optionCount(p);
      if (n > 0) m.applyAt(policy.pick(n), p);
    }
  }
}
/**
 * The greedy bot's choice at each of the first decisions of a game (a whole game takes too long
 * for a slice), the game going on as the random bot plays it: both engines' greedy bots weigh the
 * same positions, even where they would take different options (a change to the bot may do that).
 */
function playGreedy(m, seed) {
  const bot = makeBot("greedy", seed);
  const random = makeBot("random", seed);
  for (let n = 0, d = m.decision; d && n < ${GREEDY_DECISIONS}; d = m.decision, n++) {
    const p = d.players[0];
    // By position, as stela simulate plays (playOut): no option named. Older checkouts' bots only name theirs.
    if (bot.chooseIndex) bot.chooseIndex(m, p);
    else bot.choose(m, p);
    if (random.play) random.play(m, p);
    else m.apply(random.choose(m, p), p);
  }
}
const play1 = ${{ random: "playRandomly", weighed: "playWeighed", greedy: "playGreedy" }[policy]};
// CPU time of this process, not wall time: on a shared machine the wall clock counts other people's work.
export const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
/** Plays games of one file: (first seed, count) → the CPU milliseconds they took. */
export function player(file, players) {
  const root = ${JSON.stringify(root + "/")};
  const r = compile(readFileSync(root + file, "utf8"), file, { readFile: (p) => readFileSync(root + p, "utf8") });
  if (!r.game) throw new Error(file + " does not compile");
  return (from, count) => {
    const t0 = cpuMs();
    for (let seed = from; seed < from + count; seed++) play1(r.game.start({ players, seed${quiet ? ", quiet: true" : ""} }), seed);
    return cpuMs() - t0;
  };
}
`;
}

/** The measuring program for one checkout (rounds): its engine bundled, so no loader runs beside it. */
function runner(root: string, dir: string, name: "a" | "b"): string {
  const source = `${playerSource(root, quietOn(name))}
const play = player(process.argv[2], Number(process.argv[3]));
const secs = Number(process.argv[4]);
let seed = 1;
// Games for some CPU milliseconds, per second: the clock is read after batches that double while they take under a millisecond.
const rate = (ms) => {
  let n = 0;
  let batch = 1;
  let t = 0;
  do {
    const took = play(seed, batch);
    seed += batch;
    n += batch;
    t += took;
    if (took < 1) batch *= 2;
  } while (t < ms);
  return (n / t) * 1000;
};
rate(secs * 250);
console.log(String(rate(secs * 1000)));
`;
  return bundle(source, root, join(dir, `${name}.mjs`));
}

/** One checkout's engine as a module exporting `player` (slices): the driver imports both. */
function playerModule(root: string, dir: string, name: "a" | "b"): string {
  return bundle(playerSource(root, quietOn(name)), root, join(dir, `${name}.mjs`));
}

function bundle(source: string, root: string, out: string): string {
  buildSync({ stdin: { contents: source, resolveDir: root, sourcefile: "ab-runner.ts", loader: "ts" }, bundle: true, platform: "node", format: "esm", outfile: out, logLevel: "error" });
  return out;
}

/** The slices driver: both engines in one process, paired slices, every pair's two rates as JSON. */
function sliceDriver(dir: string, a: string, b: string): string {
  const out = join(dir, "slices.mjs");
  writeFileSync(
    out,
    `
import { player as playerA, cpuMs } from ${JSON.stringify(a)};
import { player as playerB } from ${JSON.stringify(b)};
const [file, players, pairs, ms] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
// Each engine compiles its own checkout's copy of the file.
const playA = playerA(file, players);
const playB = playerB(file, players);
// Warm-up, and how many games make a slice of about \${ms} ms on A.
let count = 1;
let seed = 1;
for (const t0 = cpuMs(); cpuMs() - t0 < 10 * ms; ) {
  const took = playA(seed, count) + playB(seed, count);
  seed += count;
  if (took < ms) count *= 2;
}
const took = playA(seed, count);
seed += count;
count = Math.max(1, Math.round((count * ms) / Math.max(1e-3, took)));
// Both engines play the same games in a pair (the same seeds), so how long games run cancels out.
const rates = [[], []];
for (let i = 0; i < pairs; i++, seed += count) {
  const [first, second] = i % 2 === 0 ? [playA, playB] : [playB, playA];
  const t1 = first(seed, count);
  const t2 = second(seed, count);
  const [ta, tb] = i % 2 === 0 ? [t1, t2] : [t2, t1];
  rates[0].push((count / ta) * 1000);
  rates[1].push((count / tb) * 1000);
}
console.log(JSON.stringify(rates));
`,
  );
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

const files = [
  ...readdirSync(join(here, "games")).filter((f) => f.endsWith(".stela")).sort().map((f) => `games/${f}`),
  ...readdirSync(join(here, "tests/bench/games")).filter((f) => f.endsWith(".stela")).sort().map((f) => `tests/bench/games/${f}`),
].filter((f) => !filter || new RegExp(filter).test(f));

const dir = mkdtempSync(join(tmpdir(), "stela-ab-"));
try {
  const rates = new Map<string, number[][]>(files.map((f) => [f, [[], []]]));
  const playersOf = (file: string): number => (file.startsWith("tests/bench/") ? 2 : 3);
  if (slices > 0) {
    const driver = sliceDriver(dir, playerModule(base, dir, "a"), playerModule(here, dir, "b"));
    for (const [k, file] of files.entries()) {
      process.stderr.write(`${k + 1}/${files.length} ${file}\r`);
      const out = execFileSync(process.execPath, [driver, file, String(playersOf(file)), String(slices), String(sliceMs)], { encoding: "utf8" });
      rates.set(file, JSON.parse(out) as number[][]);
    }
  } else {
    const engines = [runner(base, dir, "a"), runner(here, dir, "b")];
    for (let round = 0; round < rounds; round++) {
      process.stderr.write(`round ${round + 1}/${rounds}\r`);
      for (const file of files) {
        for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
          const out = execFileSync(process.execPath, [engines[i]!, file, String(playersOf(file)), String(seconds)], { encoding: "utf8" });
          rates.get(file)![i]!.push(Number(out.trim()));
        }
      }
    }
  }
  process.stderr.write("\n");
  const how = slices > 0 ? `${slices} pairs of ${sliceMs} ms slices in one process` : `${rounds} interleaved rounds of ${seconds} s`;
  console.log(`A = ${base}, B = ${here}; ${how}, ${policy === "greedy" ? `greedy-bot games cut at ${GREEDY_DECISIONS} decisions per CPU-second` : `random playouts per CPU-second (${weighed ? "every option weighed, as npm run bench plays" : "as the random bot plays"})`}, medians (min–max); B / A is the median of the pairs' own ratios with its 95% interval.\n`);
  console.log("| file | A | B | B / A | 95% interval |");
  console.log("|---|---:|---:|---:|---:|");
  const fmt = (x: number): string => (x >= 100 ? Math.round(x).toString() : x.toFixed(1));
  for (const [file, [a, b]] of rates) {
    const range = (xs: number[]): string => `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
    const m = medianInterval(b!.map((v, i) => v / a![i]!));
    const short = m.confidence < 0.95 ? ` (${(m.confidence * 100).toFixed(0)}%: too few pairs)` : "";
    console.log(`| ${file} | ${range(a!)} | ${range(b!)} | ${m.value.toFixed(2)}x | ${m.low.toFixed(2)}–${m.high.toFixed(2)}${short} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
