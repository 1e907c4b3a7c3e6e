/**
 * `npm run fuzz [-- --runs N --seed S --keep DIR]`: the hardening fuzzer at
 * scale. Feeds deeply nested and mutated rule files to `compile` (and plays
 * one random game of each file that still compiles), and prints one JSON
 * object: inputs, failures (a throw, an `internal-error`, or more than 2 s),
 * and the slowest inputs. `--keep DIR` writes the slowest inputs there.
 * Pin it to one core to compare runs: `taskset -c 1 npm run fuzz`.
 */
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile, playRandomly } from "../../interpreter/index.ts";
import { mutatedInput, nestedInput, type FuzzInput } from "../hardening/fuzz-inputs.ts";
import { gameFiles, readGame } from "../support/games.ts";

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const runs = Number(arg("runs", "2000"));
const seed = Number(arg("seed", "1"));
const keep = arg("keep", "");
const SLOW_MS = 2000;

const sources = gameFiles().map(readGame);
const inputs = fc.sample(fc.oneof(nestedInput(20_000), mutatedInput(sources, 20_000)), { numRuns: runs, seed });

interface Outcome {
  how: string;
  chars: number;
  ms: number;
  failure?: string;
  source: string;
}

const outcomes: Outcome[] = [];
let compiled = 0;
for (const input of inputs as FuzzInput[]) {
  const t0 = performance.now();
  let failure: string | undefined;
  try {
    const r = compile(input.source, "fuzz.stela");
    const internal = r.diagnostics.find((d) => d.code === "internal-error");
    if (internal) failure = internal.message;
    if (r.game) {
      compiled++;
      const m = r.game.start({ players: r.game.minPlayers, seed: 1 });
      playRandomly(m, 1);
      if (!m.over) failure = "the random game did not end";
    }
  } catch (e) {
    failure = `threw: ${e instanceof Error ? e.message : String(e)}`;
  }
  const ms = performance.now() - t0;
  if (!failure && ms > SLOW_MS) failure = `took ${ms.toFixed(0)} ms`;
  outcomes.push({ how: input.how, chars: input.source.length, ms, source: input.source, ...(failure ? { failure } : {}) });
  if (outcomes.length % 50 === 0) process.stderr.write(`${outcomes.length}/${runs} inputs, ${outcomes.filter((o) => o.failure).length} failures\n`);
}

const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 5);
if (keep) {
  mkdirSync(keep, { recursive: true });
  slowest.forEach((o, i) => writeFileSync(join(keep, `slow-${i + 1}.stela`), o.source));
}
const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      inputs: outcomes.length,
      seed,
      compiledAndPlayed: compiled,
      failures: outcomes.filter((o) => o.failure).map((o) => ({ how: o.how, chars: o.chars, failure: o.failure })),
      medianMs: Math.round(ms[Math.floor(ms.length / 2)]! * 10) / 10,
      slowest: slowest.map((o) => ({ how: o.how, chars: o.chars, ms: Math.round(o.ms) })),
    },
    null,
    2,
  ),
);
