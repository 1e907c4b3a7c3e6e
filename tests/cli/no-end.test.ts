import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ruleFiles, stela } from "./run-stela.ts";

/** A game that never ends fails like every other game: a stable code and a place in the rules. */

// `end game` is reachable, so the checker passes it, but a score of 1 or 2 never passes 5.
const ENDLESS = `game "Endless" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  loop {
    turn players[0] {
      let n = choose n from 1..2
      current.score = n
    }
    if players[0].score > 5 { end game }
  }
}
`;
// The same with a choice of three: another game, as endless.
const files = ruleFiles({ "endless.stela": ENDLESS, "endless-3.stela": ENDLESS.replace("1..2", "1..3") });
const file = files["endless.stela"]!;
const failure = `${file}:4:1: runtime-no-end: no end after 100,000 decisions: the flow neither reached \`end game\` nor came to its end`;

describe("a game with no end", () => {
  it("simulate lists it as file:line:col (the flow) and the code runtime-no-end, and exits 1", () => {
    const r = stela(["simulate", file, "--players", "2", "--games", "1", "--workers", "1", "--no-progress"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`  game 1: ${failure}\n`);
    const json = JSON.parse(stela(["simulate", file, "--players", "2", "--games", "1", "--workers", "1", "--json"]).out);
    expect(json.errors[0].message).toBe(failure);
  });

  it("check --smoke gives it the same code and place", () => {
    const r = stela(["check", file, "--smoke", "1"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:4:1: error runtime-no-end: no end after 100,000 decisions: the flow neither reached \`end game\` nor came to its end [smoke game 1 (2 players)`);
  });

  it("check --smoke --max-decisions fails it sooner, at the bound given", () => {
    // A deck-builder's designer waited minutes for a smoke game that never ended to reach 100,000.
    const r = stela(["check", file, "--smoke", "2", "--max-decisions", "500"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:4:1: error runtime-no-end: no end after 500 decisions: the flow neither reached \`end game\` nor came to its end [smoke game 1 (2 players), decision 501;`);
    expect(stela(["check", file, "--max-decisions", "500"]).err).toBe("stela: --max-decisions bounds the games of --smoke: add --smoke <n>\n");
    expect(stela(["check", file, "--smoke", "1", "--max-decisions", "0"]).err).toContain('--max-decisions takes a whole number of at least 1, not "0"');
    expect(stela(["check", file, "--smoke", "1", "--max-decisions", "200000"]).err).toContain("--max-decisions takes at most 100,000 (a smoke game is stopped there anyway), not 200,000");
    // Its replay stops where the smoke game stopped.
    expect(r.out).toContain(`--seed 1 --bots random --max-decisions 500 --game 1`);
  });

  it("simulate and compare --max-decisions stop it at the bound, and say so in the commands that play it again", () => {
    const bounded = `${file}:4:1: runtime-no-end: no end after 300 decisions: the flow neither reached \`end game\` nor came to its end`;
    const r = stela(["simulate", file, "--players", "2", "--games", "2", "--workers", "1", "--no-progress", "--max-decisions", "300"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`  game 1: ${bounded}\n`);
    expect(r.out).toContain(`replay: stela simulate ${file} --players 2 --seed 1 --bots random --max-decisions 300 --game 1`);
    expect(r.out).toContain(`reproduce: stela simulate ${file} --players 2 --seed 1 --bots random --max-decisions 300 --games 2`);
    // The replay plays the same game to the same stop.
    const replay = stela(["simulate", file, "--players", "2", "--seed", "1", "--max-decisions", "300", "--game", "1"]);
    expect(replay.out).toContain(`game 1 (match seed`);
    expect(replay.out).toContain(bounded);
    expect(replay.out).toContain(" 301. Player 1:");
    expect(replay.out).not.toContain(" 302. Player 1:");
    const c = stela(["compare", file, files["endless-3.stela"]!, "--players", "2", "--games", "2", "--workers", "1", "--no-progress", "--max-decisions", "300"]);
    expect(c.out).toContain(`reproduce: stela compare ${file} ${files["endless-3.stela"]} --players 2 --games 2 --seed 1 --bots random --max-decisions 300`);
    expect(c.out).toContain("no end after 300 decisions");
    expect(stela(["simulate", file, "--players", "2", "--max-decisions", "100001"]).err).toContain("--max-decisions takes at most 100,000 (a game is stopped there anyway), not 100,001");
  });

  it("merge keeps a run's bound and refuses to pool runs of other bounds", () => {
    const dir = mkdtempSync(join(tmpdir(), "stela-no-end-"));
    const one = join(dir, "one.json");
    const two = join(dir, "two.json");
    const three = join(dir, "three.json");
    stela(["simulate", file, "--players", "2", "--games", "1", "--workers", "1", "--no-progress", "--max-decisions", "300", "--save", one]);
    stela(["simulate", file, "--players", "2", "--games", "1", "--seed", "2", "--workers", "1", "--no-progress", "--max-decisions", "300", "--save", two]);
    stela(["simulate", file, "--players", "2", "--games", "1", "--seed", "3", "--workers", "1", "--no-progress", "--save", three]);
    expect(JSON.parse(readFileSync(one, "utf8")).maxDecisions).toBe(300);
    const pooled = stela(["merge", one, two]);
    expect(pooled.out).toContain(`reproduce: stela simulate ${file} --players 2 --seed 1 --bots random --max-decisions 300 --games 1 && stela simulate ${file} --players 2 --seed 2 --bots random --max-decisions 300 --games 1`);
    expect(stela(["merge", one, three]).err).toBe(`stela: ${three} comes from another run than ${one}: --max-decisions differs\n`);
  });
});
