import { describe, expect, it } from "vitest";
import { ruleFiles, stela } from "./run-stela.ts";

/** A game that never ends fails like every other game: a stable code and a place in the rules. */

const files = ruleFiles({
  // `end game` is reachable, so the checker passes it, but a score of 1 or 2 never passes 5.
  "endless.stela": `game "Endless" { players 2 }
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
`,
});
const file = files["endless.stela"]!;
const failure = `${file}:4:1: runtime-no-end: no end after 100,000 decisions: the flow never reached \`end game\``;

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
    expect(r.out).toContain(`${file}:4:1: error runtime-no-end: no end after 100,000 decisions: the flow never reached \`end game\` [smoke game 1 (2 players)`);
  });

  it("check --smoke --max-decisions fails it sooner, at the bound given", () => {
    // A deck-builder's designer waited minutes for a smoke game that never ended to reach 100,000.
    const r = stela(["check", file, "--smoke", "2", "--max-decisions", "500"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:4:1: error runtime-no-end: no end after 500 decisions: the flow never reached \`end game\` [smoke game 1 (2 players), decision 501;`);
    expect(stela(["check", file, "--max-decisions", "500"]).err).toBe("stela: --max-decisions bounds the games of --smoke: add --smoke <n>\n");
    expect(stela(["check", file, "--smoke", "1", "--max-decisions", "0"]).err).toContain('--max-decisions takes a whole number of at least 1, not "0"');
    expect(stela(["check", file, "--smoke", "1", "--max-decisions", "200000"]).err).toContain("--max-decisions takes at most 100,000 (a smoke game is stopped there anyway), not 200,000");
  });
});
