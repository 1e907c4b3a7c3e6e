import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFailIf } from "../../interpreter/cli/compare-command.ts";
import { ruleFiles, stela } from "./run-stela.ts";

/**
 * `measure` blocks in the CLI: `simulate` reports each with its 95% interval, `compare` each
 * change game by game, shards merge to the single run's figures, and a failing measure fails
 * the smoke run at its line.
 */

const RACE = `game "Race" { players 2 }
const GOAL = 8
per player { position: number = 0 long: number = 0 }
var rounds: number = 0
flow {
  loop {
    rounds += 1
    for p in players {
      turn p {
        let n = choose n from 1..3 prompt "How far?"
        p.position += n
        if n == 3 { p.long += 1 }
        if p.position >= GOAL { end game }
      }
    }
  }
}
scoring p { points p.position }
measure "Rounds" { rounds }
measure "Short game" { rounds <= 3 }
measure "Long steps" p { p.long }
variant "Farther" {
  override const GOAL = 12
  measure "Only here" { 1 }
}
`;

describe("measures in the CLI", () => {
  const files = ruleFiles({ "still.stela": `${RACE}\nmeasure "Kept home" p { 0 }\n`, "race.stela": RACE, "broken.stela": RACE.replace('measure "Rounds" { rounds }', 'measure "Rounds" { rounds / (rounds - rounds) }') });
  const race = files["race.stela"]!;

  it("simulate reports each measure with its interval; --json has the figures", () => {
    const r = stela(["simulate", race, "--games", "100", "--no-progress", "--workers", "1"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("measures (95% interval each, over the games that ended cleanly):");
    expect(r.out).toMatch(/ {2}Rounds +\d\.\d\d \[\d\.\d\d, \d\.\d\d\] +sd [\d.]+, median [\d.]+, \d+ to \d+/);
    expect(r.out).toMatch(/ {2}Short game +\d+\.\d% \[\d+\.\d–\d+\.\d\] +how often it held/);
    expect(r.out).toMatch(/ {2}Long steps, seat 2 +\d/);
    // Then the seats together: each game's mean over the seats.
    expect(r.out).toMatch(/ {2}Long steps, all seats +\d\.\d\d \[/);
    const json = JSON.parse(stela(["simulate", race, "--games", "100", "--no-progress", "--workers", "1", "--json"]).out);
    const rounds = json.measures.find((m: { label: string }) => m.label === "Rounds");
    expect(rounds.figures).toHaveLength(1);
    expect(rounds.figures[0].n).toBe(100);
    expect(rounds.figures[0].low).toBeLessThan(rounds.figures[0].value);
    expect(json.measures.find((m: { label: string }) => m.label === "Long steps").figures.map((f: { seat: number }) => f.seat)).toEqual([1, 2]);
  });

  it("compare reports each shared measure's change game by game, and names those only one side has", () => {
    const r = stela(["compare", race, "--variant-b", "Farther", "--games", "100", "--no-progress", "--workers", "1"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("measures: A → B over the games both sides gave a figure in, B − A game by game (95% interval each):");
    // A longer race: more rounds, surely.
    const rounds = r.out.split("\n").find((l) => l.startsWith("  Rounds"))!;
    const [, low] = /\[\+(\d+\.\d+), \+\d+\.\d+\]/.exec(rounds) ?? [];
    expect(Number(low)).toBeGreaterThan(0);
    // Each side's figure with its own interval, then the change game by game.
    expect(r.out).toMatch(/ {2}Short game +\d+\.\d% \[\d+\.\d–\d+\.\d\] → \d+\.\d% \[\d+\.\d–\d+\.\d\] +-\d+\.\d \[-\d+\.\d, [-+]\d+\.\d\] points/);
    const json = JSON.parse(stela(["simulate", race, "--games", "100", "--no-progress", "--workers", "1", "--json"]).out);
    // A's figure is what simulate gives of A alone.
    const roundsA = json.measures.find((m: { label: string }) => m.label === "Rounds").figures[0];
    expect(r.out).toMatch(new RegExp(`^ {2}Rounds +${roundsA.value.toFixed(2)} \\[${roundsA.low.toFixed(2)}, ${roundsA.high.toFixed(2)}\\] → `, "m"));
    expect(r.out).toContain('note: measures only B has (no change to report): "Only here"');
  });

  it("compare says the note on rows no game moved in full once, and 'as above' after", () => {
    // A worker-placement designer's compare listed four rows of a measure that never varied, each
    // "(all 200 games alike: a change in fewer than 1 game in 66 could be missed)".
    const same = files["still.stela"]!;
    const r = stela(["compare", same, "--variant-b", "Farther", "--games", "30", "--no-progress", "--workers", "1"]);
    const rows = r.out.split("\n").filter((l) => l.startsWith("  Kept home"));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("(all 30 games alike: a change in fewer than 1 game in 10 could be missed)");
    expect(rows[1]).toContain("(all 30 games alike, as above)");
    expect(rows[2]).toContain("(all 30 games alike, as above)");
  });

  it("compare says over how many games a measure that some games give as none changed", () => {
    // A change "8.31 → 3.82" read as over every game was over 24 of 100.
    const file = ruleFiles({ "some.stela": RACE.replace('measure "Rounds" { rounds }', 'measure "Rounds" { rounds }\nmeasure "Long game" { if rounds > 3 then rounds else none }\nmeasure "Long, kept" { if rounds > 3 then 1 else none }') })["some.stela"]!;
    const r = stela(["compare", file, "--variant-b", "Farther", "--games", "100", "--no-progress", "--workers", "1"]);
    expect(r.code).toBe(0);
    const long = r.out.split("\n").find((l) => l.startsWith("  Long game"))!;
    expect(long).toMatch(/ \(in \d+ of 100 games\)$/);
    // Alike where both gave one, and given in some games only: both said in one bracket.
    expect(r.out.split("\n").find((l) => l.startsWith("  Long, kept"))).toMatch(/ \(all \d+ games alike: a change in fewer than 1 game in \d+ could be missed; in \d+ of 100 games\)$/);
    // A measure every game gives says nothing of it.
    expect(r.out.split("\n").find((l) => l.startsWith("  Rounds"))).not.toContain(" of 100 games)");
  });

  it("compare's --report gives the measures' changes as its text does, with the note on those one side has", () => {
    const report = join(files.dir, "compare.html");
    const r = stela(["compare", race, "--variant-b", "Farther", "--games", "20", "--no-progress", "--workers", "1", "--report", report]);
    expect(r.code).toBe(0);
    const html = readFileSync(report, "utf8");
    expect(html).toContain("<h2>Measures</h2>");
    // The row the text prints for "Rounds" (`  Rounds  3.10 [2.90, 3.30] → 4.20 [3.90, 4.50]  +1.10 [+0.80, +1.40]`), cell by cell.
    const [, means, change] = /^ {2}Rounds +(\S+ \[\S+ \S+\] → \S+ \[\S+ \S+\]) +(.+)$/m.exec(r.out) ?? [];
    expect(means).toBeDefined();
    expect(html).toContain(`<tr><td>Rounds</td><td>${means}</td><td>${change}</td></tr>`);
    expect(html).toContain("Note: measures only B has (no change to report): &quot;Only here&quot;.");
  });

  it("simulate --game g shows that game's own measures, as the run's figures read them", () => {
    const r = stela(["simulate", race, "--game", "2", "--no-progress"]);
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    const at = lines.indexOf("measures of this game:");
    expect(at).toBeGreaterThan(0);
    const [rounds, short, long] = lines.slice(at + 1, at + 4);
    const n = Number(/^ {2}Rounds +(\d+)$/.exec(rounds!)?.[1]);
    expect(n).toBeGreaterThan(0);
    // "Short game" is `rounds <= 3`: a bool reads yes or no, and agrees with the rounds shown.
    expect(short).toMatch(new RegExp(`^ {2}Short game +${n <= 3 ? "yes" : "no"}$`));
    expect(long).toMatch(/^ {2}Long steps +seat 1: \d+, seat 2: \d+$/);
  });

  it("--json gives a measure no game gave as null, not a mean of 0 (simulate and compare)", () => {
    const never = ruleFiles({ "never.stela": `${RACE}measure "Never" { if rounds < 0 then rounds else none }\nmeasure "Never held" { if rounds < 0 then true else none }\n` })["never.stela"]!;
    const sim = JSON.parse(stela(["simulate", never, "--games", "10", "--no-progress", "--workers", "1", "--json"]).out);
    for (const label of ["Never", "Never held"]) {
      expect(sim.measures.find((m: { label: string }) => m.label === label).figures).toEqual([{ n: 0, value: null, low: null, high: null }]);
    }
    const cmp = JSON.parse(stela(["compare", never, "--variant-b", "Farther", "--games", "10", "--no-progress", "--workers", "1", "--json"]).out);
    const change = cmp.measures.find((m: { label: string }) => m.label === "Never").changes[0];
    expect([change.a, change.b, change.change.n]).toEqual([null, null, 0]);
  });

  it("compare names a measure both sides label alike in another form as such, not as one only A and only B have", () => {
    const seats = ruleFiles({ "seats.stela": `${RACE}variant "By seat" {\n  override measure "Rounds" p { rounds }\n}\n` })["seats.stela"]!;
    const r = stela(["compare", seats, "--variant-b", "By seat", "--games", "4", "--no-progress", "--workers", "1"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('note: "Rounds" is the game\'s number in A and a seat\'s number in B (no change to report)');
    expect(r.out).not.toContain("measures only");
  });

  it("shards merge to the single run's measures", () => {
    const one = JSON.parse(stela(["simulate", race, "--games", "40", "--no-progress", "--workers", "1", "--json"]).out);
    const shard = (k: number): string => {
      const out = stela(["simulate", race, "--games", "40", "--no-progress", "--workers", "1", "--json", "--shard", `${k}/2`]).out;
      return ruleFiles({ [`s${k}.json`]: out })[`s${k}.json`]!;
    };
    const merged = JSON.parse(stela(["merge", shard(1), shard(2), "--json"]).out);
    expect(merged.measures).toEqual(one.measures);
  });

  it("a measure that fails fails the smoke run at its line, named", () => {
    const r = stela(["check", files["broken.stela"]!, "--smoke", "2"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${files["broken.stela"]}:19:20: error runtime-division-by-zero: the measure "Rounds" failed: division by zero`);
  });
});

describe("--fail-if on a measure", () => {
  const files = ruleFiles({ "race.stela": RACE });
  const race = files["race.stela"]!;

  it("breaks when the measure's interval lies beyond the limit, and names both sides' means", () => {
    const r = stela(["compare", race, "--variant-b", "Farther", "--games", "100", "--no-progress", "--workers", "1", "--fail-if", "measure-change[Rounds]>0.5@95", "--fail-if", "measure-change[Long steps]>500%@95"]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL --fail-if measure-change\[Rounds\]>0\.5@95: "Rounds" moves \+\d\.\d\d, 95% interval \[\+\d\.\d\d, \+\d\.\d\d\]: at least \d\.\d\d \(\d\.\d\d → \d\.\d\d\)/);
    // A seat's measure reads every seat at once, relative to A's mean with %.
    expect(r.out).toMatch(/ok {3}--fail-if measure-change\[Long steps\]>500%@95: "Long steps" for seat \d moves \+\d+\.\d\d%, 95% interval, all 2 seats at once, \[/);
  });

  it("breaks on a measure no game gave on both sides, estimate or interval, rather than read its change as 0", () => {
    const never = ruleFiles({ "never.stela": `${RACE}measure "Never" { if rounds < 0 then rounds else none }\n` })["never.stela"]!;
    const r = stela(["compare", never, "--variant-b", "Farther", "--games", "20", "--no-progress", "--workers", "1", "--fail-if", "measure-change[Never]>1", "--fail-if", "measure-change[Never]>10%", "--fail-if", "measure-change[Never]>1@95"]);
    expect(r.code).toBe(1);
    for (const rule of ["measure-change[Never]>1", "measure-change[Never]>10%", "measure-change[Never]>1@95"]) {
      expect(r.out).toContain(`FAIL --fail-if ${rule}: no game gave "Never" on both sides: there is no change to measure`);
    }
  });

  it("names a measure whose label holds brackets or quotes", () => {
    expect(parseFailIf('measure-change[Tiles [left] "now"]>2@95')).toEqual({ name: "measure-change", limit: 2, level: 95, measure: 'Tiles [left] "now"' });
    expect(parseFailIf("measure-change[a]b]>10%")).toEqual({ name: "measure-change", limit: 10, measure: "a]b", relative: true });
  });

  it("is refused before any game when a side has no such measure", () => {
    const r = stela(["compare", race, "--variant-b", "Farther", "--games", "100", "--no-progress", "--fail-if", "measure-change[Only here]>1"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--fail-if measure-change[Only here]>1: A has no measure "Only here" (its measures: "Rounds", "Short game", "Long steps")');
  });
});

describe("merging shards with measures", () => {
  it("refuses a shard whose measures are not labels with their forms, without a stack trace", () => {
    const race = ruleFiles({ "race.stela": RACE })["race.stela"]!;
    const shard = JSON.parse(stela(["simulate", race, "--games", "10", "--no-progress", "--workers", "1", "--json", "--shard", "1/1"]).out);
    const bad = ruleFiles({ "bad.json": JSON.stringify({ ...shard, measures: 5 }) })["bad.json"]!;
    const r = stela(["merge", bad]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not the output of `stela simulate --shard k/n --json` (its measures are not labels with their forms)");
  });
});
