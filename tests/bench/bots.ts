/**
 * `npm run bench:bots -- [options]`: how strong the MCTS bot is and how fast
 * it decides. For every rule file (games/ and the Goofspiel fixture), MCTS
 * plays against random and against greedy, seats alternating (odd games MCTS
 * sits first, even games second) so a first-seat advantage cancels out.
 * Figures, not assertions: MCTS's share of the games won alone, its draws and
 * the opponent's wins, with Wilson 95% intervals; its decisions per second
 * (wall clock: a time budget is wall-clock time, so on a loaded machine a
 * decision gets less CPU and fewer playouts) and per CPU-second, its playouts
 * per CPU-second (the speed of search), and the mean game length; then its
 * record over every file's games together. A decision with one option is taken
 * without search and counts too.
 *
 * Long runs go in the background: every finished game is appended as one JSON
 * line to `--out DIR` (default .stela-bench/bots/), so a stopped run resumes where it
 * was (games already in DIR are skipped), and `--shard k/n` plays every n-th
 * game from the k-th, so n processes (one per core, or a batch system's
 * indexed jobs) share a run; each shard writes its own file in DIR. The table
 * is printed from everything in DIR that matches the settings, at the end of
 * each run, or alone with `--report`.
 *
 *   taskset -c 0 npm run bench:bots -- --budget mcts:200ms --games 100 --shard 1/2 &
 *   taskset -c 1 npm run bench:bots -- --budget mcts:200ms --games 100 --shard 2/2 &
 *   wait; npm run bench:bots -- --budget mcts:200ms --games 100 --report
 *
 * Options: `--games N` per pairing (100), `--budget mcts:200ms|mcts:500`
 * (a time or an iteration budget a decision; mcts:200ms), `--players N` (2),
 * `--seed S` (1), `--files REGEXP`, `--opponents random,greedy` (or `mcts`: MCTS
 * itself, with `--opponent-budget`: by default the same), `--settings JSON` (the measured MCTS's
 * `MctsSettings`, such as '{"priorWidth":0}'; default {}), `--opponent-settings
 * JSON` (an MCTS opponent's; default {}), `--out DIR`,
 * `--shard k/n`, `--report` (print the table from DIR, play nothing), `--json`
 * (the table as JSON). Game g of a pairing plays the match seed
 * `mixSeed(seed, g)` and seat p's bot `mixSeed(seed, g, p + 1)`, as `stela
 * simulate` numbers its games. With an iteration budget a run is
 * deterministic; with a time budget the machine's speed shapes the moves.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeBot, mixSeed, MctsBot, parseBotSpec, playOut, wilson, type Bot, type MctsBudget, type MctsSettings } from "../../interpreter/index.ts";
import { MCTS_DEFAULTS } from "../../interpreter/bots/mcts-bot.ts";
import { loadGame } from "./stela-playout.ts";

const root = new URL("../../", import.meta.url).pathname;

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

const games = Number(arg("games", "100"));
const budgetText = arg("budget", "mcts:200ms");
const players = Number(arg("players", "2"));
const seed = Number(arg("seed", "1"));
const filter = arg("files", "");
const opponents = arg("opponents", "random,greedy").split(",") as Opponent[];
const settingsText = arg("settings", "{}");
const opponentSettingsText = arg("opponent-settings", "{}");
const opponentBudgetText = arg("opponent-budget", budgetText);
const outDir = arg("out", ".stela-bench/bots");
const shardText = arg("shard", "1/1");
const reportOnly = flag("report");
const asJson = flag("json");

/** An MCTS budget as written (`--budget`, `--opponent-budget`), or a usage error. */
function budgetOf(flagName: string, text: string): MctsBudget {
  const spec = parseBotSpec(text);
  if (!spec || spec.kind !== "mcts" || !spec.budget) throw new Error(`--${flagName} takes mcts:<ms>ms or mcts:<iterations>, not "${text}"`);
  return spec.budget;
}
const budget = budgetOf("budget", budgetText);
const opponentBudget = budgetOf("opponent-budget", opponentBudgetText);
const shardMatch = /^(\d+)\/(\d+)$/.exec(shardText);
const shard = { k: Number(shardMatch?.[1]), n: Number(shardMatch?.[2]) };
if (!shardMatch || shard.k < 1 || shard.k > shard.n) throw new Error(`--shard takes k/n with 1 ≤ k ≤ n, not "${shardText}"`);
for (const o of opponents) if (o !== "random" && o !== "greedy" && o !== "mcts") throw new Error(`--opponents: random, greedy or mcts, not "${o}"`);
// Only an MCTS opponent thinks: a budget or settings given for none would be silently unused.
if (!opponents.includes("mcts") && (opponentBudgetText !== budgetText || opponentSettingsText !== "{}")) {
  throw new Error("--opponent-budget and --opponent-settings are for an MCTS opponent: add --opponents mcts");
}
/**
 * MCTS settings as JSON (`--settings`, `--opponent-settings`): an object of known settings with
 * numbers, or a usage error. A misspelt name would otherwise be ignored, and a run would measure
 * the defaults against the defaults while saying it measured a change.
 */
function settingsOf(flagName: string, text: string): Partial<MctsSettings> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = undefined;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error(`--${flagName} takes MCTS settings as a JSON object, such as '{"priorWidth":0}', not ${text}`);
  for (const [name, value] of Object.entries(v)) {
    if (!Object.hasOwn(MCTS_DEFAULTS, name)) throw new Error(`--${flagName}: there is no MCTS setting "${name}" (there are: ${Object.keys(MCTS_DEFAULTS).join(", ")})`);
    if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`--${flagName}: ${name} takes a number, not ${JSON.stringify(value)}`);
  }
  return v as Partial<MctsSettings>;
}
const settings = settingsOf("settings", settingsText);
const opponentSettings = settingsOf("opponent-settings", opponentSettingsText);
// Records name their settings in one spelling, so the same settings written otherwise find them.
const settingsKey = JSON.stringify(settings);
const opponentSettingsKey = JSON.stringify(opponentSettings);

const files = [
  "tests/fixtures/bots/goofspiel.stela",
  ...readdirSync(join(root, "games"))
    .filter((f) => f.endsWith(".stela"))
    .sort()
    .map((f) => `games/${f}`),
].filter((f) => !filter || new RegExp(filter).test(f));

/** Who MCTS plays against: a bot of the tools, or MCTS itself with `--opponent-budget` (by default the same) and `--opponent-settings`. */
type Opponent = "random" | "greedy" | "mcts";

/** One finished game: one line of a results file. */
interface GameRecord {
  file: string;
  opponent: string;
  budget: string;
  players: number;
  seed: number;
  /** The settings of the measured MCTS and of an MCTS opponent, as given (JSON); absent in records from before they could be set. */
  settings?: string;
  opponentSettings?: string;
  /** An MCTS opponent's budget; absent when it was the measured bot's (`budget`), and for other opponents. */
  opponentBudget?: string;
  game: number;
  /** The seat MCTS played (from 0). */
  mctsSeat: number;
  winners: number[];
  decisions: number;
  mctsDecisions: number;
  mctsCpuMs: number;
  /** Wall-clock time of the MCTS decisions (a time budget is wall-clock: under load they get less CPU). */
  mctsWallMs?: number;
  mctsPlayouts: number;
  error?: string;
}

const sameRun = (r: GameRecord): boolean =>
  r.budget === budgetText &&
  // Only an MCTS opponent has a budget; random and greedy games are the same whatever it is.
  (r.opponent !== "mcts" || (r.opponentBudget ?? r.budget) === opponentBudgetText) &&
  r.players === players &&
  r.seed === seed &&
  (r.settings ?? "{}") === settingsKey &&
  (r.opponentSettings ?? "{}") === opponentSettingsKey;
const key = (file: string, opponent: string, game: number): string => `${file}\u0000${opponent}\u0000${game}`;

/** Every record in the results folder that belongs to this run's settings, by file, opponent and game. */
function readRecords(): Map<string, GameRecord> {
  const done = new Map<string, GameRecord>();
  let names: string[] = [];
  try {
    names = readdirSync(outDir).filter((f) => f.endsWith(".jsonl"));
  } catch {
    return done;
  }
  for (const name of names) {
    for (const line of readFileSync(join(outDir, name), "utf8").split("\n")) {
      if (!line.trim()) continue;
      let r: GameRecord;
      try {
        r = JSON.parse(line) as GameRecord;
      } catch {
        continue; // a line cut short when a run was stopped mid-write: that game is played again
      }
      if (sameRun(r)) done.set(key(r.file, r.opponent, r.game), r);
    }
  }
  return done;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const compiled = new Map<string, ReturnType<typeof loadGame>>();

function play(file: string, opponent: Opponent, g: number): GameRecord {
  let game = compiled.get(file);
  if (!game) compiled.set(file, (game = loadGame(file)));
  const mctsSeat = (g - 1) % players;
  const mcts = new MctsBot(mixSeed(seed, g, mctsSeat + 1), budget, settings);
  let mctsDecisions = 0;
  let mctsCpuMs = 0;
  let mctsWallMs = 0;
  const timed: Bot = {
    choose: (m, p) => mcts.choose(m, p),
    chooseIndex: (m, p) => {
      const t = cpuMs();
      const w = performance.now();
      const i = mcts.chooseIndex(m, p);
      mctsCpuMs += cpuMs() - t;
      mctsWallMs += performance.now() - w;
      mctsDecisions++;
      return i;
    },
  };
  const other = (p: number): Bot => (opponent === "mcts" ? new MctsBot(mixSeed(seed, g, p + 1), opponentBudget, opponentSettings) : makeBot(opponent, mixSeed(seed, g, p + 1)));
  const bots = Array.from({ length: players }, (_, p) => (p === mctsSeat ? timed : other(p)));
  // Quiet, as `stela simulate` plays: only the outcome is read.
  const m = game.start({ players, seed: mixSeed(seed, g), quiet: true });
  const base = {
    file,
    opponent,
    budget: budgetText,
    ...(opponent === "mcts" && opponentBudgetText !== budgetText ? { opponentBudget: opponentBudgetText } : {}),
    players,
    seed,
    settings: settingsKey,
    opponentSettings: opponentSettingsKey,
    game: g,
    mctsSeat,
  };
  let decisions = 0;
  let error: string | undefined;
  try {
    decisions = playOut(m, bots);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  if (m.error) error = `${m.error.code}: ${m.error.message}`;
  else if (!error && !m.result) error = "the game did not end";
  return { ...base, winners: m.result?.winners ?? [], decisions, mctsDecisions, mctsCpuMs, mctsWallMs, mctsPlayouts: mcts.iterations, ...(error ? { error } : {}) };
}

// ------------------------------------------------------------------ play

/**
 * Plays this shard's games of the rule file `only` not yet in the results folder. Each rule file's
 * games are played in a process of their own (`STELA_BOTS_ONLY`), as `stela simulate` plays one
 * game a process: the engine's code is shared by every game, and in a process that has played
 * other games V8 has compiled it for all of them, so a time budget would buy later files fewer
 * playouts (`npm run bench` measured small games at about half speed among the others).
 */
function playShard(only: string): void {
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `shard-${shard.k}-of-${shard.n}.jsonl`);
  const done = readRecords();
  // Every game of the run in one order; this shard plays every n-th, those not yet done.
  const all = files.flatMap((file) => opponents.flatMap((opponent) => Array.from({ length: games }, (_, i) => ({ file, opponent, g: i + 1 }))));
  const mine = all.filter((_, i) => i % shard.n === shard.k - 1).filter((t) => t.file === only);
  const todo = mine.filter((t) => !done.has(key(t.file, t.opponent, t.g)));
  process.stderr.write(`bench:bots shard ${shard.k}/${shard.n}, ${only}: ${mine.length} games, ${mine.length - todo.length} already in ${outDir}/, ${todo.length} to play\n`);
  const started = performance.now();
  todo.forEach((t, i) => {
    const r = play(t.file, t.opponent, t.g);
    appendFileSync(outFile, `${JSON.stringify(r)}\n`);
    if ((i + 1) % 10 === 0 || i + 1 === todo.length) {
      const s = (performance.now() - started) / 1000;
      process.stderr.write(`  ${i + 1}/${todo.length} games (${t.file} against ${t.opponent}), ${s.toFixed(0)} s, about ${((s / (i + 1)) * (todo.length - i - 1)).toFixed(0)} s left\n`);
    }
  });
}

const only = process.env["STELA_BOTS_ONLY"];
if (only !== undefined) {
  // A file's process (started below): plays, and leaves the table to the process that started it.
  playShard(only);
  process.exit(0);
}
if (!reportOnly) {
  if (files.length === 1) playShard(files[0]!);
  else {
    // This very script again (its bundle), with the same options, once per file; pinned as this process is.
    for (const file of files) execFileSync(process.execPath, process.argv.slice(1), { stdio: "inherit", env: { ...process.env, STELA_BOTS_ONLY: file } });
  }
}

// ------------------------------------------------------------------ report

interface Row {
  file: string;
  opponent: string;
  /** Every file's games together: speed and length are not shown, as they differ by game. */
  pooled: boolean;
  played: number;
  failed: number;
  wins: ReturnType<typeof wilson>;
  draws: ReturnType<typeof wilson>;
  losses: ReturnType<typeof wilson>;
  mctsDecisionsPerCpuSecond: number;
  mctsDecisionsPerSecond: number;
  mctsPlayoutsPerCpuSecond: number;
  meanLength: number;
}

const records = readRecords();

/** One row of the table: the games of `list` (one file's, or every file's for `pooled`). */
function rowOf(file: string, opponent: string, list: GameRecord[], pooled: boolean): Row {
  const clean = list.filter((r) => !r.error);
  const alone = (r: GameRecord): boolean => r.winners.length === 1;
  const wins = clean.filter((r) => alone(r) && r.winners[0] === r.mctsSeat).length;
  const draws = clean.filter((r) => r.winners.length > 1).length;
  const losses = clean.filter((r) => alone(r) && r.winners[0] !== r.mctsSeat).length;
  const cpu = list.reduce((t, r) => t + r.mctsCpuMs, 0) / 1000;
  const wall = list.reduce((t, r) => t + (r.mctsWallMs ?? 0), 0) / 1000;
  return {
    file,
    opponent,
    pooled,
    played: list.length,
    failed: list.length - clean.length,
    wins: wilson(wins, clean.length),
    draws: wilson(draws, clean.length),
    losses: wilson(losses, clean.length),
    mctsDecisionsPerCpuSecond: cpu > 0 ? list.reduce((t, r) => t + r.mctsDecisions, 0) / cpu : 0,
    mctsDecisionsPerSecond: wall > 0 ? list.reduce((t, r) => t + r.mctsDecisions, 0) / wall : 0,
    mctsPlayoutsPerCpuSecond: cpu > 0 ? list.reduce((t, r) => t + r.mctsPlayouts, 0) / cpu : 0,
    meanLength: clean.length ? clean.reduce((t, r) => t + r.decisions, 0) / clean.length : 0,
  };
}

const rows: Row[] = [];
for (const opponent of opponents) {
  const all: GameRecord[] = [];
  for (const file of files) {
    const list = Array.from({ length: games }, (_, i) => records.get(key(file, opponent, i + 1))).filter((r): r is GameRecord => !!r);
    all.push(...list);
    rows.push(rowOf(file, opponent, list, false));
  }
  // A change to the bot that gains a little in every game shows sooner in all of them together
  // (each game's own row stays: a gain in one can hide a loss in another).
  if (files.length > 1) rows.push(rowOf(`all ${files.length} files`, opponent, all, true));
}

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
const ci = (r: Row["wins"]): string => `${pct(r.value)} [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}]`;
if (asJson) {
  console.log(JSON.stringify({ budget: budgetText, opponentBudget: opponentBudgetText, settings, opponentSettings, players, seed, games, rows }, null, 2));
} else {
  const tuned = (key: string): string => (key === "{}" ? "" : ` with settings ${key}`);
  console.log(
    `MCTS (${budgetText} a decision${tuned(settingsKey)}) against ${opponents.map((o) => (o === "mcts" ? `MCTS (${opponentBudgetText})${tuned(opponentSettingsKey) || " with the default settings"}` : o)).join(" and ")}; ${games} games per pairing, ${players} players, seats alternating, seed ${seed}; results in ${outDir}/.`,
  );
  console.log("game | opponent | games | MCTS wins alone [95% CI] | draws | opponent wins [95% CI] | MCTS decisions / s | MCTS decisions / CPU-s | MCTS playouts / CPU-s | mean length | failed");
  console.log("---|---|---|---|---|---|---|---|---|---|---");
  for (const r of rows) {
    const planned = r.pooled ? games * files.length : games;
    const speed = r.pooled
      ? "– | – | – | –"
      : `${r.mctsDecisionsPerSecond ? r.mctsDecisionsPerSecond.toFixed(1) : "–"} | ${r.mctsDecisionsPerCpuSecond.toFixed(1)} | ${r.mctsPlayoutsPerCpuSecond.toFixed(0)} | ${r.meanLength.toFixed(1)}`;
    console.log(`${r.pooled ? `**${r.file}**` : r.file} | ${r.opponent} | ${r.played}${r.played < planned ? ` of ${planned}` : ""} | ${ci(r.wins)} | ${pct(r.draws.value)} | ${ci(r.losses)} | ${speed} | ${r.failed}`);
  }
}
