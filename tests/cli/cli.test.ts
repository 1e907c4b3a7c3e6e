import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ruleFiles } from "./run-stela.ts";

/** The `stela` command as a user runs it: real processes, real exit codes and output. */

const root = new URL("../../", import.meta.url).pathname;
const bin = join(root, "interpreter/cli/stela.mjs");

function stela(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", input, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const broken = join(mkdtempSync(join(tmpdir(), "stela-cli-")), "broken.stela");
writeFileSync(
  broken,
  `game "Broken" { players 2 }
per player { score: number = 0 }
flow {
  for p in players { p.scor += 1 }
  let x = adjacnt(3)
}
scoring p { points p.score }
`,
);

describe("stela check", () => {
  it("prints file:line:col lines for every diagnostic and exits 1", () => {
    const r = stela(["check", broken]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${broken}:4:22: error not-assignable: players have no variable \`scor\``);
    expect(r.out).toMatch(/broken\.stela:5:11: error unknown-name: unknown function `adjacnt` \(did you mean `adjacent`\?\)/);
    expect(r.out).toContain(`${broken}: 2 errors`);
    expect(r.err).toBe("");
  });

  it("checks a folder, smoke-plays each game, lists variants, exits 0", () => {
    const r = stela(["check", "games/", "--smoke", "3"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/games\/mayan-city\.stela: ok, 0 warnings; 3\/3 smoke games \(2 to 4 players\) ended cleanly/);
  });

  it("has a JSON format", () => {
    const r = stela(["check", broken, "--format", "json"]);
    const report = JSON.parse(r.out) as { file: string; ok: boolean; diagnostics: { code: string; severity: string; span: { start: { line: number } } }[] }[];
    expect(report[0]).toMatchObject({ file: broken, ok: false, errors: 2, warnings: 1 });
    expect(report[0]!.diagnostics.map((d) => `${d.span.start.line} ${d.severity} ${d.code}`)).toEqual([
      "4 error not-assignable",
      "5 warning unused-variable",
      "5 error unknown-name",
    ]);
  });

  it("gives one clear line for a missing file or a bad flag, never a stack trace", () => {
    const missing = stela(["check", "no-such.stela"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe("stela: cannot read no-such.stela: no such file or folder\n");
    const flag = stela(["check", "games/", "--smoke", "many"]);
    expect(flag.code).toBe(2);
    expect(flag.err).toBe('stela: --smoke takes a whole number, not "many"\n');
    const unknown = stela(["simulate", "games/mayan-city.stela", "--players", "2", "--speed", "9"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe("stela: unknown option '--speed' (did you mean --seed?)\n");
  });
});

describe("stela simulate", () => {
  it("prints one JSON object with the agreed keys, the same for the same seed", () => {
    const args = ["simulate", "games/mayan-city.stela", "--players", "3", "--games", "30", "--seed", "4", "--json", "--workers", "1"];
    const a = JSON.parse(stela(args).out);
    expect(Object.keys(a).sort()).toEqual(
      ["balance", "bots", "clean", "command", "decisionsPerGame", "errors", "file", "firstPlayer", "game", "games", "length", "margin", "played", "players", "playoutsPerSecond", "precision", "engine", "scores", "seats", "seed", "top", "turnOrder", "turns", "winsBySeat"].sort(),
    );
    expect(a).toMatchObject({ game: "Mayan City", players: 3, games: 30, seed: 4, errors: [] });
    expect(a.winsBySeat.reduce((x: number, y: number) => x + y, 0)).toBeCloseTo(1, 3);
    expect(a.scores.mean).toHaveLength(3);
    const b = JSON.parse(stela(args).out);
    expect({ ...b, playoutsPerSecond: 0 }).toEqual({ ...a, playoutsPerSecond: 0 });
    // Worker processes give the same games.
    const c = JSON.parse(stela([...args.slice(0, -1), "2"]).out);
    expect({ ...c, playoutsPerSecond: 0 }).toEqual({ ...a, playoutsPerSecond: 0 });
  });

  it("plays chosen bots per seat and writes an HTML report with charts", () => {
    const report = join(mkdtempSync(join(tmpdir(), "stela-report-")), "r.html");
    const r = stela(["simulate", "games/mayan-city.stela", "--players", "2", "--games", "6", "--bots", "greedy,random", "--report", report, "--workers", "1"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/1 {5}greedy/);
    expect(r.out).toMatch(/2 {5}random/);
    const html = readFileSync(report, "utf8");
    expect(html).toContain("<canvas id=\"wins\">");
    expect(html).toContain("Seat 1 (greedy)");
    expect(html).toContain("Chart.defaults.animation = false");
    expect(stela(["simulate", "games/mayan-city.stela", "--players", "2", "--bots", "clever"]).err).toBe('stela: --bots: unknown bot "clever" (there are: random, greedy, mcts; mcts takes a budget: mcts:500 or mcts:200ms, greedy its redrawn copies: greedy:16)\n');
  });

  it("refuses a player count the game does not support", () => {
    const r = stela(["simulate", "games/mayan-city.stela", "--players", "7"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('stela: "Mayan City" is for 2 to 4 players, not 7\n');
  });

  it("refuses more games or workers than a run can hold, in one line, before playing anything", () => {
    // 10^11 games ran out of memory with V8's stack trace; 10,000 workers would start 10,000 processes.
    const games = stela(["simulate", "games/mayan-city.stela", "--players", "2", "--games", "100000000000"]);
    expect(games.code).toBe(2);
    expect(games.err).toBe("stela: --games takes at most 1,000,000 (a run keeps every game's outcome for its figures), not 100,000,000,000\n");
    const workers = stela(["compare", "games/mayan-city.stela", "--variant-b", "x", "--players", "2", "--workers", "10000"]);
    expect(workers.code).toBe(2);
    expect(workers.err).toBe("stela: --workers takes at most 64 (one process each; more than the machine's cores adds no speed), not 10,000\n");
    const smoke = stela(["check", "games/mayan-city.stela", "--smoke", "1000001"]);
    expect(smoke.code).toBe(2);
    expect(smoke.err).toMatch(/^stela: --smoke takes at most 1,000,000 \(/);
  });

  it("needs no --players for a game of a set number of players, and names the range of one that has a range", () => {
    const ttt = stela(["simulate", "tests/bench/games/tic-tac-toe.stela", "--games", "4", "--workers", "1"]);
    expect(ttt.code).toBe(0);
    expect(ttt.out).toContain("4 games, 2 players, seed 1");
    const maya = stela(["simulate", "games/maya.stela", "--games", "4"]);
    expect([maya.code, maya.err]).toEqual([2, 'stela: --players is needed: "Maya" is for 2 to 4 players\n']);
    // A rule file with errors gets them, as with --players given, not "--players is needed".
    for (const command of ["simulate", "play"]) {
      const r = stela([command, broken], "");
      expect(r.code, command).toBe(1);
      expect(r.out, command).toMatch(/broken\.stela:5:\d+: error unknown-name: .*adjacnt/);
      expect(r.err, command).toBe("");
    }
    // The missing flag no longer hides a mistake in another one.
    expect(stela(["play", "tests/bench/games/tic-tac-toe.stela", "--bots", "foo"]).err).toBe('stela: --bots takes a whole number of at least 1, not "foo"\n');
  });

  it("refuses a seed past 32 bits, which would replay the run of its remainder under another name", () => {
    // 4294967297 = 2^32 + 1 played exactly the games of seed 1 while the report said 4294967297.
    const over = "stela: --seed takes at most 4,294,967,295 (seeds are 32-bit numbers), not 4,294,967,297\n";
    for (const args of [
      ["simulate", "games/mayan-city.stela", "--players", "2", "--games", "2", "--seed", "4294967297"],
      ["compare", "games/mayan-city.stela", "--variant-b", "x", "--players", "2", "--seed", "4294967297"],
      ["play", "games/mayan-city.stela", "--players", "2", "--seed", "4294967297"],
    ]) {
      const r = stela(args);
      expect([r.code, r.err]).toEqual([2, over]);
    }
    expect(stela(["simulate", "games/mayan-city.stela", "--players", "2", "--games", "2", "--seed", "4294967295", "--workers", "1"]).code).toBe(0);
    // The words an example's `seed` gets too (`seedProblem`, one test for both).
    expect(stela(["simulate", "games/mayan-city.stela", "--players", "2", "--seed", "-1"])).toMatchObject({ code: 2, err: 'stela: --seed takes a whole number from 0 to 4,294,967,295, not "-1"\n' });
  });

  it("replays one game with the rules' log lines where they came, and refuses what only a whole run has", () => {
    const dice = ruleFiles({
      "dice.stela": `game "Dice" { players 2 }
per player { score: number = 0 }
flow {
  for p in players {
    turn p {
      let r = random(1..6)
      log "{p} rolls {r}"
      let keep = choose k from [true, false] prompt "Keep {r}?"
      if keep { p.score += r }
    }
  }
}
scoring p { points p.score }
`,
    })["dice.stela"]!;
    const r = stela(["simulate", dice, "--game", "3", "--seed", "7"]);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split("\n");
    // Each roll is told before the decision it leads to.
    expect(lines[0]).toMatch(/^ {6}· Player 1 rolls \d$/);
    expect(lines[1]).toMatch(/^ {3}1\. Player 1: option \d of 2: (yes|no)$/);
    expect(lines[2]).toMatch(/^ {6}· Player 2 rolls \d$/);
    // The match seed as the engine reads it: from 0 up.
    expect(lines.at(-1)).toMatch(/^game 3 \(match seed \d+\): over after 2 decisions/);
    // A choice with labels reads as people read it, its id after it in brackets, as in `stela play`.
    const paid = ruleFiles({
      "pay.stela": `game "Pay" { players 2 }
per player { score: number = 0 }
flow {
  turn players[0] {
    let k = choose k from 1..2 label "Pay {k} coins" prompt "How much?"
    current.score += k
  }
}
scoring p { points p.score }
`,
    })["pay.stela"]!;
    expect(stela(["simulate", paid, "--game", "1"]).out.split("\n")[0]).toMatch(/^ {3}1\. Player 1: option \d of 2: Pay \d coins \[\d\]$/);
    expect(stela(["simulate", dice, "--game", "3", "--json"])).toMatchObject({ code: 2, err: "stela: --game replays one game and prints its decisions; --json is for a whole run\n" });
    expect(stela(["simulate", dice, "--game", "11", "--games", "10"])).toMatchObject({ code: 2, err: "stela: --game 11 is not a game of a run of 10 games (they are numbered 1 to 10)\n" });
  });
});

describe("stela play", () => {
  it("plays hot-seat from typed numbers, with bots in the listed seats", () => {
    const answers = Array(200).fill("1").join("\n");
    const r = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "2", "--seed", "3"], answers);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Player 1: Pick a card");
    expect(r.out).toMatch(/Player 2 \(random bot\): /);
    expect(r.out).toMatch(/Game over\. 1\. Player/);
  });

  it("re-asks on an answer that is not an option", () => {
    const r = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "2"], "99\nq\n");
    expect(r.out).toContain('"99" is not an option');
    expect(r.out).toContain("stopped.");
  });
});
