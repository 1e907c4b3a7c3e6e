/**
 * `npm run fuzz [-- --runs N --seed S --max-chars C --keep DIR]`: the hardening
 * fuzzer at scale. Feeds deeply nested and mutated rule files to `compile`
 * (and plays one random game of each file that still compiles) and to the
 * formatter (`format`), and prints one JSON object: inputs, failures (a throw,
 * an `internal-error`, a game that does not end, a formatting that changes
 * the tokens or changes again when run twice, or more than 2 s), the time
 * of each input (compile, play and format)
 * as worst, p99 and median, in wall-clock time and in CPU time of this
 * process, by size of input (up to the largest file in games/, and up to four
 * times that), and the slowest inputs. `--max-chars` (default: four times the
 * largest file in games/) keeps the mutated inputs to that size. `--keep DIR`
 * writes the slowest inputs there, and every failing one (`failure-N.stela`).
 *
 * Wall-clock time counts whatever else the machine runs; CPU time is what the
 * input itself cost. A failure is more than 2 s of either, so pin the run to
 * one core on a quiet machine: `taskset -c 1 npm run fuzz -- --runs 300 --seed 1`.
 */
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "../../dsl/index.ts";
import { compile, playRandomly } from "../../interpreter/index.ts";
import { mutatedInput, nestedInput, type FuzzInput } from "../hardening/fuzz-inputs.ts";
import { gameFiles, readGame } from "../support/games.ts";
import { tokenImages } from "../support/token-images.ts";

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const runs = Number(arg("runs", "2000"));
const seed = Number(arg("seed", "1"));
const keep = arg("keep", "");
const SLOW_MS = 2000;

const sources = gameFiles().map(readGame);
/** The largest real rule file: the inputs are judged up to four times its size. */
const largest = Math.max(...sources.map((s) => s.length));
const maxChars = Number(arg("max-chars", String(4 * largest)));
// Each edit of a mutated input adds at most 20 x maxRepeat characters, and there are up to 3 of them.
const maxRepeat = Math.max(50, Math.floor(maxChars / 60));
const inputs = fc
  .sample(fc.oneof(nestedInput(20_000), mutatedInput(sources, maxRepeat)), { numRuns: runs, seed })
  .map((i) => (i.source.length > maxChars ? { how: `${i.how}, cut to ${maxChars} characters`, source: i.source.slice(0, maxChars) } : i));

interface Outcome {
  how: string;
  chars: number;
  /** Compile plus play, wall clock. */
  ms: number;
  /** Compile plus play, CPU time of this process. */
  cpuMs: number;
  compileMs: number;
  playMs: number;
  formatMs: number;
  failure?: string;
  source: string;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// The first compile builds the parser (grammar analysis): not an input's cost.
compile(sources[0]!, "warm-up.stela");

const outcomes: Outcome[] = [];
let compiled = 0;
for (const input of inputs as FuzzInput[]) {
  const t0 = performance.now();
  const c0 = cpuNow();
  let failure: string | undefined;
  let compileMs = 0;
  let formatMs = 0;
  try {
    const f = format(input.source, "fuzz.stela");
    // What `stela fmt` promises: only the space between tokens changes, and once is enough.
    if (f.diagnostics.length === 0 && f.text !== input.source) {
      if (format(f.text, "fuzz.stela").text !== f.text) failure = "formatting twice changed the text again";
      else if (tokenImages(f.text).join("\n") !== tokenImages(input.source).join("\n")) failure = "formatting changed the tokens";
    }
    formatMs = performance.now() - t0;
    const r = compile(input.source, "fuzz.stela");
    compileMs = performance.now() - t0 - formatMs;
    const internal = r.diagnostics.find((d) => d.code === "internal-error");
    if (internal) failure ??= internal.message;
    if (r.game) {
      compiled++;
      const m = r.game.start({ players: r.game.minPlayers, seed: 1 });
      playRandomly(m, 1);
      if (!m.over) failure ??= "the random game did not end";
    }
  } catch (e) {
    failure = `threw: ${e instanceof Error ? e.message : String(e)}`;
  }
  const ms = performance.now() - t0;
  const cpuMs = cpuNow() - c0;
  if (!failure && Math.max(ms, cpuMs) > SLOW_MS) failure = `took ${ms.toFixed(0)} ms (${cpuMs.toFixed(0)} ms of CPU)`;
  outcomes.push({ how: input.how, chars: input.source.length, ms, cpuMs, compileMs, playMs: ms - formatMs - compileMs, formatMs, source: input.source, ...(failure ? { failure } : {}) });
  if (outcomes.length % 50 === 0) process.stderr.write(`${outcomes.length}/${runs} inputs, ${outcomes.filter((o) => o.failure).length} failures\n`);
}

const round = (v: number): number => Math.round(v * 10) / 10;
/** The q-quantile (nearest rank) of the values. */
const rank = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
};
const times = (list: Outcome[]) => ({
  inputs: list.length,
  overTwoSeconds: list.filter((o) => o.ms > SLOW_MS).length,
  overTwoSecondsCpu: list.filter((o) => o.cpuMs > SLOW_MS).length,
  worstMs: round(Math.max(0, ...list.map((o) => o.ms))),
  p99Ms: round(rank(list.map((o) => o.ms), 0.99)),
  medianMs: round(rank(list.map((o) => o.ms), 0.5)),
  worstCpuMs: round(Math.max(0, ...list.map((o) => o.cpuMs))),
  p99CpuMs: round(rank(list.map((o) => o.cpuMs), 0.99)),
  medianCpuMs: round(rank(list.map((o) => o.cpuMs), 0.5)),
});

const slowest = [...outcomes].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 5);
if (keep) {
  mkdirSync(keep, { recursive: true });
  slowest.forEach((o, i) => writeFileSync(join(keep, `slow-${i + 1}.stela`), o.source));
  outcomes.filter((o) => o.failure).forEach((o, i) => writeFileSync(join(keep, `failure-${i + 1}.stela`), o.source));
}
console.log(
  JSON.stringify(
    {
      inputs: outcomes.length,
      seed,
      maxChars,
      largestGameChars: largest,
      compiledAndPlayed: compiled,
      failures: outcomes.filter((o) => o.failure).map((o) => ({ how: o.how, chars: o.chars, failure: o.failure })),
      all: times(outcomes),
      upToLargestGame: times(outcomes.filter((o) => o.chars <= largest)),
      upToFourTimesLargestGame: times(outcomes.filter((o) => o.chars > largest && o.chars <= 4 * largest)),
      overFourTimesLargestGame: times(outcomes.filter((o) => o.chars > 4 * largest)),
      largestChars: Math.max(...outcomes.map((o) => o.chars)),
      slowest: slowest.map((o) => ({ how: o.how, chars: o.chars, ms: Math.round(o.ms), cpuMs: Math.round(o.cpuMs), compileMs: Math.round(o.compileMs), playMs: Math.round(o.playMs), formatMs: Math.round(o.formatMs) })),
    },
    null,
    2,
  ),
);
