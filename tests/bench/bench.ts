// `taskset -c 1 npm run bench [-- filter]`: the engine's speed, in interleaved rounds (every
// measurement once per round, in turn, so machine noise hits all alike), medians over rounds, per
// CPU-second of the measuring process. Figures, not assertions: speed is measured here, never
// asserted in tests.
//
//   1. Stela vs hand-written TypeScript: random playouts/s of each benchmark game and its twin
//      (same policy, same games: tests/bench/twins.test.ts proves the traces identical). Each
//      round is a run of pairs of short slices (`PAIR_MS`) in which both sides play the same
//      games, back to back, alternating which goes first; the round's ratio is the median of its
//      pairs'. Two slices a tenth of a second apart share their spell of machine noise far more
//      often than two slots of a second each did, and the same games on both sides cancel long
//      and short games out. Ratio: the median of the rounds' ratios, its 95% interval (order
//      statistics over rounds) and their range. Measured: a twin's slice right after a Stela
//      slice runs as fast as one after the twin's own on Tic-Tac-Toe, Connect Four, Reversi and
//      Hex, and 2–5% slower on Mayan City (the cache Stela leaves): half the twin's slices follow
//      Stela, so Mayan City's ratio reads up to about 2% in Stela's favour. Then the engine's
//      floor: decisions/s of `floor.stela` (rules that only ask, every option weighed), beside
//      the decisions/s Stela needs for 1/3 of each twin, Stela's µs a decision on each twin's game
//      and the floor's share of it (the rest is the game's own rules and starting the match).
//   2. Every game file (games/ and tests/bench/games/): random playouts/s, clone() µs and the
//      state's size at mid-game, the greedy bot's cost over whole games (every seat greedy, as
//      `stela simulate --bots greedy` plays: ms a decision and a game), parse+check ms.
//      Random playouts three ways: as the random bot plays in `stela simulate`
//      (`Match.applyRandom`: a choice's candidates weighed only as drawn; the match quiet,
//      `Match.quiet`: no texts kept), the same narrated (a match the editor shows: every decision named in the log, every `log` line
//      kept), and quiet with every option weighed first (`optionCount` + `applyAt`, the twins'
//      policy). Stela's side of the twins plays quiet too: the twins keep no log either.
//   3. Random-play figures with 95% intervals: Stela's own playouts from the rounds, and a large
//      sample of the twins.
//
// Each game file (with its twin) is measured in a process of its own, as `stela simulate` and a
// search bot play one game a process. The engine's code is shared by every game: in a process that
// has played other games first, V8 has compiled that code for all of them, and a small game runs
// about half as fast as in a process of its own (measured: Tic-Tac-Toe 41.6k playouts/s alone,
// 19.0k among the others; Connect Four 10.8k and 5.7k; the euro games, whose own rules already
// meet that code in many shapes, lose little; the twins, one function each, nothing).
// STELA_BENCH_MIXED=1 measures every game in one process instead, as the editor's worker runs
// after a designer switched games.
//
// STELA_BENCH_ROUNDS (default 5) rounds of STELA_BENCH_SECONDS (default 0.5) per measurement (for
// the twins: of Stela's side, in pairs of slices).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { compileRules } from "../../dsl/compile.ts";
import { medianInterval } from "../../interpreter/bots/statistics.ts";
import { makeBot, playOut, playRandomly, type Game, type Match } from "../../interpreter/index.ts";
import { formatMean, formatRate, summarise, type Figures } from "./figures.ts";
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

/** What a measuring process reports of one game file: plain data, sent to the printing process as JSON. */
interface GameReport {
  file: string;
  players: number;
  /** Random bot (`applyRandom`) on a quiet match, and every option weighed first (`optionCount` + `applyAt`), quiet too. */
  playouts: number[];
  weighed: number[];
  /** The same playouts with every option weighed, as decisions per CPU-second. */
  weighedDecisions: number[];
  /** The random bot on a narrated match (`playouts` is on a quiet one). */
  narrated: number[];
  clones: number[];
  /**
   * Whole games with a greedy bot in every seat, played as `stela simulate` plays them (`playOut`,
   * quiet): CPU ms a decision, and a game. This read the opening of one game until 2 December 2026
   * (Maya at 3 players 4.8 ms a decision; whole games 3.4): a designer waits for whole games, whose
   * choices offer more or fewer options as the game goes on.
   */
  greedy: number[];
  greedyGame: number[];
  parse: number[];
  stateBytes: number;
}

/** A game file being measured: its report so far, and what measuring it needs. */
interface GameEntry extends GameReport {
  game: Game;
  source: string;
  /** Seed counters, so each round plays new games. */
  seed: number;
  greedySeed: number;
  /** A mid-game match to clone. */
  mid: Match;
}

/** What a measuring process reports of one twin: both sides' rates, and Stela's random-play figures. */
interface TwinReport {
  name: string;
  /** Per round: each side's playouts per CPU-second, and how many times slower Stela was. */
  stela: number[];
  hand: number[];
  ratio: number[];
  figures: Figures;
}

interface Report {
  games: GameReport[];
  twins: TwinReport[];
  errors: string[];
}

/** The engine's floor: a game whose rules only ask. */
const FLOOR_FILE = "tests/bench/games/floor.stela";

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

interface TwinEntry {
  twin: Twin;
  game: Game;
  seed: number;
  /** Games per slice: both sides play this many, the same ones (`pairOfSlices`). */
  count: number;
  /** Per round: each side's playouts per CPU-second, and how many times slower Stela was (the median of the round's pairs). */
  stela: number[];
  hand: number[];
  ratio: number[];
  results: PlayoutResult[];
}

/**
 * About how long a pair of slices runs, in CPU milliseconds, and the least the faster side (the
 * twin) runs in one: a slice much shorter would measure the clock more than the code.
 */
const PAIR_MS = 100;
const LEAST_SLICE_MS = 10;

/**
 * One pair of slices: Stela and the twin play the same `t.count` games (the same seeds), back to
 * back, `stelaFirst` or the twin first. Gives each side's CPU milliseconds.
 */
function pairOfSlices(t: TwinEntry, stelaFirst: boolean, keep: boolean): { stela: number; hand: number } {
  const from = t.seed;
  const n = t.count;
  t.seed += n;
  const stela = (): number => {
    const start = cpuMs();
    for (let i = 0; i < n; i++) {
      // The twins' policy, which weighs every option before it picks one: the same games on both sides.
      const r = playStela(t.game, t.twin.players, from + i, from + i);
      if (keep) t.results.push(r);
    }
    return cpuMs() - start;
  };
  const hand = (): number => {
    const start = cpuMs();
    for (let i = 0; i < n; i++) t.twin.play(from + i, from + i);
    return cpuMs() - start;
  };
  if (stelaFirst) {
    const s = stela();
    return { stela: s, hand: hand() };
  }
  const h = hand();
  return { stela: stela(), hand: h };
}

/** Sets `t.count` so that a pair of slices takes about `PAIR_MS` and the twin's slice at least `LEAST_SLICE_MS`. */
function calibrate(t: TwinEntry): void {
  t.count = 1;
  for (;;) {
    const took = pairOfSlices(t, true, false);
    if (took.stela + took.hand >= PAIR_MS && took.hand >= LEAST_SLICE_MS) return;
    t.count *= 2;
  }
}

/** Measures these game files (and their twins) in this process, in interleaved rounds. */
function measure(files: string[], progress: string): Report {
  const errors: string[] = [];
  const entries: GameEntry[] = [];
  for (const file of files) {
    const source = readFileSync(root + file, "utf8");
    let game: Game;
    try {
      game = loadGame(file);
    } catch (e) {
      errors.push(`${file}: ${(e as Error).message}`);
      continue;
    }
    const twin = TWINS.find((t) => t.file === file);
    const players = twin?.players ?? Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
    const mid = midGame(game, players);
    entries.push({ file, game, players, source, seed: 1, greedySeed: 1, playouts: [], weighed: [], weighedDecisions: [], narrated: [], clones: [], greedy: [], greedyGame: [], parse: [], stateBytes: JSON.stringify(mid.toJSON()).length, mid });
  }
  // A twin plays the game its file's entry measures: a second compiled copy of the same rules would
  // give V8 two sets of generated functions for the engine's call sites to meet.
  const twins: TwinEntry[] = entries.flatMap((e) => TWINS.filter((t) => t.file === e.file).map((twin) => ({ twin, game: e.game, seed: 1, count: 1, stela: [], hand: [], ratio: [], results: [] })));
  for (const t of twins) calibrate(t);

  // Round 0 warms the JIT up and is not counted.
  for (let round = -1; round < rounds; round++) {
    if (round === 0) {
      for (const x of [...twins.map((t) => [t.stela, t.hand, t.ratio, t.results]), ...entries.map((e) => [e.playouts, e.weighed, e.weighedDecisions, e.narrated, e.clones, e.greedy, e.greedyGame, e.parse])]) for (const a of x) a.length = 0;
      // Sized again once warm: a cold engine's slice of the same games takes several times longer.
      for (const t of twins) calibrate(t);
    }
    process.stderr.write(`${progress}round ${round + 1}/${rounds}   \r`);
    for (const t of twins) {
      // Pairs of slices until Stela's side has run a slot, alternating which side goes first.
      let stelaMs = 0;
      let handMs = 0;
      let games = 0;
      const ratios: number[] = [];
      for (let i = 0; stelaMs < slotMs; i++) {
        const took = pairOfSlices(t, i % 2 === 0, true);
        stelaMs += took.stela;
        handMs += took.hand;
        games += t.count;
        ratios.push(took.stela / took.hand);
      }
      t.stela.push((games / stelaMs) * 1000);
      t.hand.push((games / handMs) * 1000);
      t.ratio.push(median(ratios));
    }
    for (const e of entries) {
      // Quiet and narrated play the same seeds, in turn first from round to round: one process
      // plays both, and the one that goes second meets the heap the first left.
      const from = e.seed;
      let next = from;
      const randomBot = (quiet: boolean): number => {
        let seed = from;
        const t = timed(() => {
          playRandomly(e.game.start({ players: e.players, seed, quiet }), seed);
          seed++;
          return 1;
        });
        next = Math.max(next, seed);
        return (t.runs / t.ms) * 1000;
      };
      if (round % 2 === 0) {
        e.playouts.push(randomBot(true));
        e.narrated.push(randomBot(false));
      } else {
        e.narrated.push(randomBot(false));
        e.playouts.push(randomBot(true));
      }
      e.seed = next;
      const w = timed(() => {
        const seed = e.seed++;
        return playStela(e.game, e.players, seed, seed).decisions;
      });
      e.weighed.push((w.runs / w.ms) * 1000);
      e.weighedDecisions.push((w.units / w.ms) * 1000);
      const c = timed(() => {
        for (let i = 0; i < 10; i++) e.mid.clone();
        return 10;
      });
      e.clones.push((c.ms / c.units) * 1000);
      const g = timed(() => {
        const seed = e.greedySeed++;
        const bots = Array.from({ length: e.players }, (_, i) => makeBot("greedy", seed * 8 + i));
        return playOut(e.game.start({ players: e.players, seed, quiet: true }), bots);
      });
      e.greedy.push(g.ms / Math.max(1, g.units));
      e.greedyGame.push(g.ms / g.runs);
      const q = timed(() => {
        compileRules(e.source, e.file, { readFile });
        return 1;
      });
      e.parse.push(q.ms / q.runs);
    }
  }
  return {
    errors,
    games: entries.map(({ file, players, playouts, weighed, weighedDecisions, narrated, clones, greedy, greedyGame, parse, stateBytes }) => ({ file, players, playouts, weighed, weighedDecisions, narrated, clones, greedy, greedyGame, parse, stateBytes })),
    twins: twins.map((t) => ({ name: t.twin.name, stela: t.stela, hand: t.hand, ratio: t.ratio, figures: summarise(t.results) })),
  };
}

// A measuring process (started below): measures the files it is given and prints its report as JSON.
const childFiles = process.env["STELA_BENCH_CHILD"];
if (childFiles !== undefined) {
  const list = JSON.parse(childFiles) as string[];
  process.stdout.write(JSON.stringify(measure(list, process.env["STELA_BENCH_PROGRESS"] ?? "")));
  process.exit(0);
}

const mixed = process.env["STELA_BENCH_MIXED"] === "1";
const groups = mixed ? [files] : files.map((f) => [f]);
const report: Report = { games: [], twins: [], errors: [] };
groups.forEach((group, i) => {
  // The same script (this bundle) again, with the files to measure; pinned as this process is (`taskset` is inherited).
  const out = execFileSync(process.execPath, [process.argv[1]!], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, STELA_BENCH_CHILD: JSON.stringify(group), STELA_BENCH_PROGRESS: mixed ? "" : `${group[0]} (${i + 1}/${groups.length}) ` },
  });
  const part = JSON.parse(out) as Report;
  report.games.push(...part.games);
  report.twins.push(...part.twins);
  report.errors.push(...part.errors);
});
process.stderr.write("\n");
for (const e of report.errors) console.log(e);

const fmt = (x: number, digits = 0): string => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(x >= 10 ? Math.max(0, digits) : Math.max(1, digits)));

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const r of rows) console.log(line(r));
  console.log("");
}

console.log(`Stela benchmark: ${rounds} interleaved rounds of ${slotMs / 1000} CPU-seconds per measurement; medians over rounds, per CPU-second; ${mixed ? "every game in one process (STELA_BENCH_MIXED=1)" : "each game file in a process of its own"}. Node ${process.version}.\n`);
// In the twins' own order, whatever order the files were measured in.
const twinRows = TWINS.flatMap((twin) => report.twins.filter((t) => t.name === twin.name).map((t) => ({ t, twin })));
if (twinRows.length) {
  console.log(`Random playouts per second, Stela vs hand-written TypeScript (identical games, in pairs of slices of about ${PAIR_MS} ms that play the same games on both sides):\n`);
  table(
    ["game", "Stela", "hand-written", "Stela / hand", "95% interval", "rounds' range"],
    twinRows.map(({ t }) => {
      // Each round's own ratio, the median of its pairs': both sides of a pair ran back to back on
      // the same games, in the same spell of machine noise, which a ratio of the two medians would
      // not keep together. The interval is the median's order-statistic (sign-test) interval over
      // the rounds, not over the pairs: a round's pairs share its spell of noise (measured: round
      // medians from 1/2.4 to 1/3.1 within one run of Mayan City), so only rounds vary as runs do.
      // Whether a target such as 1/3 is met is read from it, not from the median alone.
      const m = medianInterval(t.ratio);
      const short = m.confidence < 0.95 ? ` (${(m.confidence * 100).toFixed(0)}%: too few rounds)` : "";
      return [t.name, fmt(median(t.stela)), fmt(median(t.hand)), `1/${fmt(m.value)}`, `1/${fmt(m.high)} – 1/${fmt(m.low)}${short}`, `1/${fmt(Math.max(...t.ratio))} – 1/${fmt(Math.min(...t.ratio))}`];
    }),
  );
  // Ludii is not installed here: its figures are quoted, so a reader can place Stela's beside them.
  console.log("For comparison, not measured in this run: Ludii 1.0.8 played Tic-Tac-Toe 352k, Connect Four 30k, Reversi 710 and Hex 11x11 10.6k random playouts/s on this kind of machine (issue 10).\n");
  // What a decision costs before a game's rules do anything bounds how close Stela can come to a
  // twin: a game whose hand-written version takes its decisions faster than three times the floor
  // cannot reach 1/3 by making its rules' own work cheaper; only a cheaper decision can. The
  // floor's share of Stela's own decision tells the other half: where it is small, a cheaper
  // decision alone cannot reach 1/3 either (on Connect Four it is about a fifth).
  const floor = report.games.find((e) => e.file === FLOOR_FILE);
  if (floor) {
    const perSecond = median(floor.weighedDecisions);
    console.log(`The engine's floor (${FLOOR_FILE}: rules that only ask, every option weighed as the twins' policy plays): ${fmt(perSecond)} decisions/s, ${fmt(1e6 / perSecond, 2)} µs a decision. Decisions/s Stela needs for 1/3 of each twin (the twin's decisions/s over 3), and what a decision costs Stela now (its side of the rounds above) with the floor's share of it:\n`);
    table(
      ["game", "moves", "hand-written decisions/s", "needed for 1/3", "floor / needed", "Stela µs/decision", "floor's share"],
      twinRows.map(({ t }) => {
        const moves = t.figures.moves.mean;
        const handDecisions = median(t.hand) * moves;
        const needed = handDecisions / 3;
        const stelaMicros = 1e6 / (median(t.stela) * moves);
        return [t.name, moves.toFixed(1), fmt(handDecisions), fmt(needed), `${(perSecond / needed).toFixed(2)}x`, fmt(stelaMicros, 2), `${((100 * 1e6) / perSecond / stelaMicros).toFixed(0)}%`];
      }),
    );
  }
}
if (report.games.length) {
  console.log("Every game file (random playouts; clone and state size at mid-game; whole games with a greedy bot in every seat, as `stela simulate --bots greedy` plays):\n");
  table(
    ["file", "players", "playouts/s (random bot, quiet)", "narrated", "all weighed", "clone() µs", "state KB", "greedy ms/decision", "greedy ms/game", "parse+check ms"],
    report.games.map((e) => [e.file, String(e.players), fmt(median(e.playouts)), fmt(median(e.narrated)), fmt(median(e.weighed)), fmt(median(e.clones)), (e.stateBytes / 1024).toFixed(1), fmt(median(e.greedy), 2), fmt(median(e.greedyGame), 2), fmt(median(e.parse), 2)]),
  );
}
if (twinRows.length) {
  console.log("Random-play figures, 95% intervals (seat 1 = first player; draw = no single top score):\n");
  const rows: string[][] = [];
  for (const { t, twin } of twinRows) {
    const big = twin.name === "tic-tac-toe" || twin.name === "connect-four" ? 100_000 : 5_000;
    const hand: PlayoutResult[] = [];
    for (let i = 1; i <= big; i++) hand.push(twin.play(i, i));
    for (const [who, f] of [["Stela", t.figures], ["hand-written", summarise(hand)]] as const) {
      rows.push([twin.name, who, String(f.games), ...f.wins.slice(0, 2).map(formatRate), formatRate(f.draws), formatMean(f.moves)]);
    }
  }
  table(["game", "by", "games", "seat 1 wins", "seat 2 wins", "draws", "moves"], rows);
  console.log("Known figures: Tic-Tac-Toe 58.5% / 28.8% / 12.7% draws, 7.63 moves; Connect Four 55.5% first-player wins, 21.3 moves; Reversi about 60 moves; Hex 11x11 52.4% first-player wins, 107.5 moves.");
}
