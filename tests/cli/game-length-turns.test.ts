import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ruleFiles, stela } from "./run-stela.ts";

/**
 * A game's length in turns beside decisions, in `simulate`, `compare` (and what `length-change`
 * reads) and `merge`. A designer's variant that played fewer cards a turn read −33% decisions in
 * −24% rounds: decisions count every question of a turn, turns count what a player calls the game's
 * length.
 */
describe("game length in turns", () => {
  const rules = `game "Turns" { players 2 }
per player { n: number = 0 }
const ASKS = 2
flow {
  repeat 5 {
    for p in players {
      turn p {
        repeat ASKS {
          let k = choose k from 1..3 prompt "Take"
          p.n += k
        }
      }
    }
  }
}
scoring p { points p.n }
variant "One ask" { override const ASKS = 1 }
`;
  const files = ruleFiles({ "one.stela": rules.replace("let k = choose k from 1..3", "let k = choose k from 1..(if p == players[0] then 3 else 1)").replace("const ASKS = 2", "const ASKS = 1"), "turns.stela": rules, "plain.stela": rules.replace(/turn p \{/, "if true {").replace(`prompt "Take"`, `by p prompt "Take"`) });

  it("simulate gives the length in turns, then in decisions, and both in --json", () => {
    const r = stela(["simulate", files["turns.stela"]!, "--games", "20"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("game length: 10.0 ± 0.0 turns (median 10, 10–10); 20.0 ± 0.0 decisions (median 20, 20–20)");
    const j = JSON.parse(stela(["simulate", files["turns.stela"]!, "--games", "4", "--json"]).out);
    expect(j.turns.mean).toBe(10);
    expect(j.length.mean).toBe(20);
  });

  it("says why there are fewer decisions than turns: a question with one option counts none", () => {
    // A deck-builder's designer read "65.2 turns; 63.8 decisions" as a mistake.
    const one = files["one.stela"]!;
    const r = stela(["simulate", one, "--games", "4"]);
    expect(r.out).toContain("game length: 10.0 ± 0.0 turns (median 10, 10–10); 5.0 ± 0.0 decisions (median 5, 5–5) (a question with one option is taken without asking, and counts no decision)");
    expect(stela(["simulate", files["turns.stela"]!, "--games", "4"]).out).not.toContain("counts no decision");
  });

  it("leaves turns out of rules that take none", () => {
    const r = stela(["simulate", files["plain.stela"]!, "--games", "5"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("game length: 20.0 ± 0.0 decisions (median 20, 20–20)");
    expect(r.out).not.toContain("turns");
  });

  it("compare gives each change and length-change reads turns: half the questions, as many turns", () => {
    const r = stela(["compare", files["turns.stela"]!, "--variant-b", "One ask", "--games", "20", "--fail-if", "length-change>10%"]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain("game length: 10.0 → 10.0 turns, +0.0 [+0.0, +0.0]");
    // The percent and the note on a change every game made alike, in one bracket.
    expect(r.out).toContain("(+0.0%; all 20 games alike: a change in fewer than 1 game in 6 could be missed); 20.0 → 10.0 decisions, -10.0 [-10.0, -10.0]");
    // Each side's median and longest game under the means: a few long games show against them.
    expect(r.out).toContain("(-50.0%; all 20 games alike: a change in fewer than 1 game in 6 could be missed)\n  median 10 → 10 turns, longest 10 → 10\n");
    expect(r.out).toMatch(/ok {3}--fail-if length-change>10%: mean length moves \+0\.0% \(10\.0 → 10\.0 turns\)/);
    const j = JSON.parse(stela(["compare", files["turns.stela"]!, "--variant-b", "One ask", "--games", "6", "--json"]).out);
    expect(j.turns.value).toBe(0);
    expect(j.length.value).toBe(-10);
    expect(j.length.relative).toBe(-0.5);
  });

  it("reads decisions when only one side takes turns (a change from 10 turns to none is no change of length)", () => {
    const mixed = ruleFiles({ "m.stela": `${rules}variant "No turns" { override flow {
  repeat 5 { for p in players { repeat ASKS { let k = choose k from 1..3 by p prompt "Take"
    p.n += k } } }
} }
` })["m.stela"]!;
    const r = stela(["compare", mixed, "--variant-b", "No turns", "--games", "10", "--fail-if", "length-change>10%"]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain("game length: 20.0 → 20.0 decisions");
    expect(r.out).not.toContain("turns,");
    expect(r.out).toMatch(/ok {3}--fail-if length-change>10%: mean length moves \+0\.0% \(20\.0 → 20\.0 decisions\)/);
  });

  it("merge keeps the turns of its shards' games", () => {
    const shards = [1, 2].map((k) => {
      const r = stela(["simulate", files["turns.stela"]!, "--games", "6", "--shard", `${k}/2`, "--json"]);
      expect(r.code, r.err).toBe(0);
      const path = `${files.dir}/shard${k}.json`;
      writeFileSync(path, r.out);
      return path;
    });
    const merged = stela(["merge", ...shards]);
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toContain("game length: 10.0 ± 0.0 turns");
  });
});
