// `taskset -c 1 npm run bench [-- filter]`: the engine's speed, in one run of interleaved rounds
// (every measurement once per round, in turn, so machine noise hits all alike), medians over
// rounds, per CPU-second of this process. Figures, not assertions: speed is measured here, never
// asserted in tests.
//
//   1. Stela vs hand-written TypeScript: random playouts/s of each benchmark game and its twin
//      (same policy, same games: tests/bench/twins.test.ts proves the traces identical), ratio.
//   2. Every game file (games/ and tests/bench/games/): random playouts/s, clone() µs and the
//      state's size at mid-game, greedy-bot ms per decision, parse+check ms. Random playouts two
//      ways: as the random bot plays (`Match.applyRandom`: a choice's candidates weighed only as
//      drawn) and with every option weighed first (`optionCount` + `applyAt`, the twins' policy).
//   3. Random-play figures with 95% intervals: Stela's own playouts from the rounds, and a large
//      sample of the twins.
//
// STELA_BENCH_ROUNDS (default 5) rounds of STELA_BENCH_SECONDS (default 0.5) per measurement.
import { readdirSync, readFileSync } from "node:fs";
import { compileRules } from "../../dsl/compile.ts";
import { makeBot, playRandomly, type Game, type Match } from "../../interpreter/index.ts";
import { formatMean, formatRate, summarise } from "./figures.ts";
import type { PlayoutResult, Twin } from "./random-policy.ts";
import { loadGame, playStela } from "./stela-playout.ts";
import { TWINS } from "./twins/index.ts";

const root = new URL("../../", import.meta.url).pathname;
const filter = process.argv[2];
const rounds = Number(process.env["STELA_BENCH_ROUNDS"] ?? 5);
const slotMs = Number(process.env["STELA_BENCH_SECONDS"] ?? 0.5) * 1000;

const readFile = (p: string): string | undefined => {
  try {
    return readFileSync(root + p, "utf8");
  } catch {
    return undefined;
  }
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/**
 * Milliseconds of CPU time this process has used: the clock every figure is taken by. On a shared
 * machine the wall clock also counts other people's work; CPU time counts only ours.
 */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs `once` for about one slot of CPU time; gives how many runs and the CPU milliseconds they
 * took. Reading the CPU clock is a system call (microseconds): it is read after batches that
 * double while they take under a millisecond, so a fast twin's figure is not the clock's.
 */
function timed(once: () => number): { runs: number; units: number; ms: number } {
  let runs = 0;
  let units = 0;
  let batch = 1;
  const start = cpuMs();
  let now = start;
  do {
    for (let i = 0; i < batch; i++) units += once();
    runs += batch;
    const before = now;
    now = cpuMs();
    if (now - before < 1) batch *= 2;
  } while (now - start < slotMs);
  return { runs, units, ms: now - start };
}

interface GameEntry {
  file: string;
  game: Game;
  players: number;
  source: string;
  /** Seed counters, so each round plays new games. */
  seed: number;
  /** Random bot (`applyRandom`), and every option weighed first (`optionCount` + `applyAt`). */
  playouts: number[];
  weighed: number[];
  clones: number[];
  greedy: number[];
  parse: number[];
  stateBytes: number;
  /** A mid-game match to clone. */
  mid: Match;
}

const files = [
  ...readdirSync(root + "games").filter((f) => f.endsWith(".stela")).sort().map((f) => `games/${f}`),
  ...readdirSync(root + "tests/bench/games").filter((f) => f.endsWith(".stela")).sort().map((f) => `tests/bench/games/${f}`),
].filter((f) => !filter || f.includes(filter));

function midGame(game: Game, players: number): Match {
  const probe = game.start({ players, seed: 99 });
  const length = playRandomly(probe, 99);
  const m = game.start({ players, seed: 99 });
  const bot = makeBot("random", 99);
  for (let i = 0; i < Math.floor(length / 2); i++) {
    const d = m.decision;
    if (!d) break;
    const p = d.players[0]!;
    m.apply(bot.choose(m, p)!, p);
  }
  return m;
}

const entries: GameEntry[] = [];
for (const file of files) {
  const source = readFileSync(root + file, "utf8");
  let game: Game;
  try {
    game = loadGame(file);
  } catch (e) {
    console.log(`${file}: ${(e as Error).message}`);
    continue;
  }
  const twin = TWINS.find((t) => t.file === file);
  const players = twin?.players ?? Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
  const mid = midGame(game, players);
  entries.push({ file, game, players, source, seed: 1, playouts: [], weighed: [], clones: [], greedy: [], parse: [], stateBytes: JSON.stringify(mid.toJSON()).length, mid });
}

interface TwinEntry {
  twin: Twin;
  game: Game;
  seed: number;
  stela: number[];
  hand: number[];
  results: PlayoutResult[];
}
const twins: TwinEntry[] = TWINS.filter((t) => !filter || t.file.includes(filter)).map((twin) => ({ twin, game: loadGame(twin.file), seed: 1, stela: [], hand: [], results: [] }));

// Round 0 warms the JIT up and is not counted.
for (let round = -1; round < rounds; round++) {
  if (round === 0) for (const x of [...twins.map((t) => [t.stela, t.hand, t.results]), ...entries.map((e) => [e.playouts, e.weighed, e.clones, e.greedy, e.parse])]) for (const a of x) a.length = 0;
  process.stderr.write(`round ${round + 1}/${rounds}\r`);
  for (const t of twins) {
    // The twins' policy, which weighs every option before it picks one: the same games on both sides.
    const s = timed(() => {
      t.results.push(playStela(t.game, t.twin.players, t.seed, t.seed));
      t.seed++;
      return 1;
    });
    t.stela.push((s.runs / s.ms) * 1000);
    let seed = 1;
    const h = timed(() => {
      t.twin.play(seed, seed);
      seed++;
      return 1;
    });
    t.hand.push((h.runs / h.ms) * 1000);
  }
  for (const e of entries) {
    const p = timed(() => {
      playRandomly(e.game.start({ players: e.players, seed: e.seed }), e.seed);
      e.seed++;
      return 1;
    });
    e.playouts.push((p.runs / p.ms) * 1000);
    const w = timed(() => {
      playStela(e.game, e.players, e.seed, e.seed);
      e.seed++;
      return 1;
    });
    e.weighed.push((w.runs / w.ms) * 1000);
    const c = timed(() => {
      for (let i = 0; i < 10; i++) e.mid.clone();
      return 10;
    });
    e.clones.push((c.ms / c.units) * 1000);
    const bot = makeBot("greedy", round + 1);
    let m = e.game.start({ players: e.players, seed: round + 1 });
    const g = timed(() => {
      const d = m.decision;
      if (!d) {
        m = e.game.start({ players: e.players, seed: round + 100 });
        return 0;
      }
      const player = d.players[0]!;
      m.apply(bot.choose(m, player)!, player);
      return 1;
    });
    e.greedy.push(g.ms / Math.max(1, g.units));
    const q = timed(() => {
      compileRules(e.source, e.file, { readFile });
      return 1;
    });
    e.parse.push(q.ms / q.runs);
  }
}
process.stderr.write("\n");

const fmt = (x: number, digits = 0): string => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(x >= 10 ? Math.max(0, digits) : Math.max(1, digits)));

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const r of rows) console.log(line(r));
  console.log("");
}

console.log(`Stela benchmark: ${rounds} interleaved rounds of ${slotMs / 1000} CPU-seconds per measurement; medians over rounds, per CPU-second. Node ${process.version}.\n`);
if (twins.length) {
  console.log("Random playouts per second, Stela vs hand-written TypeScript (identical games):\n");
  table(
    ["game", "Stela", "hand-written", "Stela / hand"],
    twins.map((t) => {
      const a = median(t.stela);
      const b = median(t.hand);
      return [t.twin.name, fmt(a), fmt(b), `1/${fmt(b / a)}`];
    }),
  );
}
if (entries.length) {
  console.log("Every game file (random playouts; clone and state size at mid-game; greedy bot from the start):\n");
  table(
    ["file", "players", "playouts/s (random bot)", "all weighed", "clone() µs", "state KB", "greedy ms/decision", "parse+check ms"],
    entries.map((e) => [e.file, String(e.players), fmt(median(e.playouts)), fmt(median(e.weighed)), fmt(median(e.clones)), (e.stateBytes / 1024).toFixed(1), fmt(median(e.greedy), 2), fmt(median(e.parse), 2)]),
  );
}
if (twins.length) {
  console.log("Random-play figures, 95% intervals (seat 1 = first player; draw = no single top score):\n");
  const rows: string[][] = [];
  for (const t of twins) {
    const big = t.twin.name === "tic-tac-toe" || t.twin.name === "connect-four" ? 100_000 : 5_000;
    const hand: PlayoutResult[] = [];
    for (let i = 1; i <= big; i++) hand.push(t.twin.play(i, i));
    for (const [who, sample] of [["Stela", t.results], ["hand-written", hand]] as const) {
      const f = summarise(sample);
      rows.push([t.twin.name, who, String(f.games), ...f.wins.slice(0, 2).map(formatRate), formatRate(f.draws), formatMean(f.moves)]);
    }
  }
  table(["game", "by", "games", "seat 1 wins", "seat 2 wins", "draws", "moves"], rows);
  console.log("Known figures: Tic-Tac-Toe 58.5% / 28.8% / 12.7% draws, 7.63 moves; Connect Four 55.5% first-player wins, 21.3 moves; Reversi about 60 moves; Hex 11x11 52.4% first-player wins, 107.5 moves.");
}
