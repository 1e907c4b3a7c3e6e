// `npx tsx tests/bench/ab.ts <other checkout> [filter, a regular expression over paths]`: engine A (another checkout of the
// repository, e.g. `git worktree add /tmp/base <sha>`) against engine B (this checkout), random
// playouts per second on every game file, in interleaved rounds: each round runs every game
// on both, each in a fresh process pinned like this one (run it under `taskset -c 1`), so
// machine noise hits both alike and neither engine's JIT state leaks into the other's. Medians
// over rounds, per CPU-second of the measuring process (so other work on
// a shared machine slows neither side's figure much). Figures, never assertions.
//
// STELA_AB_ROUNDS (default 5) rounds of STELA_AB_SECONDS (default 2) per measurement, after a
// warm-up of a quarter of that in the same process. Rounds alternate which engine runs first
// (A B, then B A), and the ratio reported is the median of each round's own B / A: noise on a
// shared machine comes in spells of seconds that can move both engines by a third (measured:
// one bundle at 7.9 and 11.5 playouts/s within a minute), and a pair run back to back shares
// its spell, where a ratio of medians over all rounds does not.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildSync } from "esbuild";

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

/** The measuring program for one checkout: its engine bundled, so no loader runs beside it. */
function runner(root: string, dir: string, name: string): string {
  const source = `
import { readFileSync } from "node:fs";
import { compile, playRandomly } from ${JSON.stringify(join(root, "interpreter/index.ts"))};
const [file, players, secs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const root = ${JSON.stringify(root + "/")};
const r = compile(readFileSync(root + file, "utf8"), file, { readFile: (p) => readFileSync(root + p, "utf8") });
if (!r.game) throw new Error(file + " does not compile");
let seed = 1;
// CPU time of this process, not wall time: on a shared machine the wall clock counts other people's work.
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const play = (ms) => {
  let n = 0;
  let batch = 1;
  const t0 = cpuMs();
  let t = t0;
  // The clock is a system call: read after batches that double while they take under a millisecond.
  do {
    for (let i = 0; i < batch; i++) { playRandomly(r.game.start({ players, seed }), seed); seed++; n++; }
    const before = t;
    t = cpuMs();
    if (t - before < 1) batch *= 2;
  } while (t - t0 < ms);
  return (n / (t - t0)) * 1000;
};
play(secs * 250);
console.log(String(play(secs * 1000)));
`;
  const out = join(dir, `${name}.mjs`);
  buildSync({ stdin: { contents: source, resolveDir: root, sourcefile: `${name}-runner.ts`, loader: "ts" }, bundle: true, platform: "node", format: "esm", outfile: out, logLevel: "error" });
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
  const engines = [
    { name: "A", root: base, bundle: runner(base, dir, "a") },
    { name: "B", root: here, bundle: runner(here, dir, "b") },
  ];
  const rates = new Map<string, number[][]>(files.map((f) => [f, [[], []]]));
  for (let round = 0; round < rounds; round++) {
    process.stderr.write(`round ${round + 1}/${rounds}\r`);
    for (const file of files) {
      const players = file.startsWith("tests/bench/") ? 2 : 3;
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const e = engines[i]!;
        // Each engine plays its own checkout's copy of the file (a rewrite of a bench game counts as B's).
        const out = execFileSync(process.execPath, [e.bundle, file, String(players), String(seconds)], { cwd: e.root, encoding: "utf8" });
        rates.get(file)![i]!.push(Number(out.trim()));
      }
    }
  }
  process.stderr.write("\n");
  console.log(`A = ${base}, B = ${here}; ${rounds} interleaved rounds of ${seconds} s, random playouts per CPU-second, medians (min–max); B / A is the median of the rounds' own ratios (min–max).\n`);
  console.log("| file | A | B | B / A |");
  console.log("|---|---:|---:|---:|");
  const fmt = (x: number): string => (x >= 100 ? Math.round(x).toString() : x.toFixed(1));
  for (const [file, [a, b]] of rates) {
    const range = (xs: number[]): string => `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
    const ratios = b!.map((v, i) => v / a![i]!);
    console.log(`| ${file} | ${range(a!)} | ${range(b!)} | ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
