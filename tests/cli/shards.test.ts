import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stela } from "./run-stela.ts";
import { KEEP_HINT, worthKeeping } from "../../interpreter/cli/simulate-command.ts";

const A = "tests/fixtures/bots/goofspiel.stela";
const B = "tests/fixtures/bots/faulty-goofspiel.stela";
const RUN = ["compare", A, B, "--players", "2", "--games", "30", "--workers", "1", "--no-progress", "--fail-if", "errors>0", "--fail-if", "win-change>20@95"];


/** A comparison's text without its pace, which is each play's own time, and without the hint to keep a run's games (a merge's are kept). */
const paceless = (out: string): string => out.replace(/games per second: .*\n/, "").replace(`${KEEP_HINT}\n`, "");

describe("stela compare --shard and merge", () => {
  it("merge into exactly the comparison one run gives, with its exit code; shards of a run are checked whole", () => {
    const dir = mkdtempSync(join(tmpdir(), "stela-compare-shards-"));
    const files = [1, 2, 3].map((k) => {
      const r = stela([...RUN, "--shard", `${k}/3`, "--json"]);
      expect(r.code).toBe(0);
      const shard = JSON.parse(r.out);
      expect(shard.compareShard).toEqual({ k, n: 3 });
      expect(shard.a.outcomes.map((o: { game: number }) => o.game)).toEqual(Array.from({ length: 10 }, (_, i) => 10 * (k - 1) + i + 1));
      const file = join(dir, `s${k}.json`);
      writeFileSync(file, r.out);
      return file;
    });
    const whole = stela(RUN);
    const merged = stela(["merge", files[2]!, files[0]!, files[1]!]);
    // B's failed games break `errors>0` in both: the merge exits as the run does.
    expect(whole.code).toBe(1);
    expect(merged.code).toBe(1);
    // Line for line, but for the pace (each play's own time).
    expect(paceless(merged.out)).toBe(paceless(whole.out));
    expect(merged.out).toMatch(/games per second: A [\d.]+, B [\d.]+ per shard \(their running times added up\) \(wall clock, one side after the other: other work on the machine slows either; `stela strength` times bots in CPU time\)\n/);
    const json = (out: string) => {
      const c = JSON.parse(out);
      for (const side of [c.a, c.b]) {
        side.playoutsPerSecond = 0;
        delete side.shards;
      }
      return c;
    };
    expect(json(stela(["merge", ...files, "--json"]).out)).toEqual(json(stela([...RUN, "--json"]).out));
    expect(stela(["merge", files[0]!, files[1]!]).err).toBe("stela: missing shard 3/3\n");
    // The merged JSON names the engine the shards were played by, not the one merging them.
    const renamed = files.map((f, i) => {
      const shard = JSON.parse(readFileSync(f, "utf8"));
      shard.engine = "0123456789abcdef";
      const file = join(dir, `r${i}.json`);
      writeFileSync(file, JSON.stringify(shard));
      return file;
    });
    expect(JSON.parse(stela(["merge", ...renamed, "--json"]).out).engine).toBe("0123456789abcdef");
    const other = stela(["compare", A, B, "--players", "2", "--games", "30", "--seed", "2", "--workers", "1", "--no-progress", "--fail-if", "errors>0", "--fail-if", "win-change>20@95", "--shard", "3/3", "--json"]);
    writeFileSync(join(dir, "other.json"), other.out);
    // A part of another seed's run is a run of its own, and must be whole too.
    expect(stela(["merge", files[0]!, files[1]!, files[2]!, join(dir, "other.json")]).err).toBe("stela: missing shards 1/3, 2/3 of seed 2\n");
    // Whole, the other seed's run pools with this one: its pairs counted after this run's.
    const seed2 = stela(["compare", A, B, "--players", "2", "--games", "20", "--seed", "2", "--workers", "1", "--no-progress", "--fail-if", "errors>0", "--fail-if", "win-change>20@95", "--shard", "1/1", "--json"]);
    writeFileSync(join(dir, "seed2.json"), seed2.out);
    const pooled = stela(["merge", ...files, join(dir, "seed2.json"), "--json"]);
    const p = JSON.parse(pooled.out);
    expect([p.a.played, p.b.played, p.a.seeds, p.b.seeds]).toEqual([50, 50, [1, 2], [1, 2]]);
    const one = JSON.parse(stela([...RUN, "--json"]).out);
    const two = JSON.parse(stela(["merge", join(dir, "seed2.json"), "--json"]).out);
    // Seat 1's games won alone on A: the two runs' together.
    expect(p.a.seats[0].wins.count).toBe(one.a.seats[0].wins.count + two.a.seats[0].wins.count);
    expect(p.pairs).toBe(one.pairs + two.pairs);
    expect(stela(["merge", ...files, join(dir, "seed2.json")]).out).toContain("50 games each, 2 players, bots random,random, seeds 1, 2 (2 runs pooled; the same games' seeds on both sides)");
    // Other settings are another comparison.
    const more = stela(["compare", A, B, "--players", "2", "--games", "20", "--seed", "3", "--workers", "1", "--no-progress", "--fail-if", "errors>0", "--shard", "1/1", "--json"]);
    writeFileSync(join(dir, "more.json"), more.out);
    expect(stela(["merge", files[0]!, files[1]!, files[2]!, join(dir, "more.json")]).err).toMatch(/more\.json comes from another comparison than .*s1\.json: --fail-if differs\n/);
  }, 180_000);

  it("a whole run's --json (no --shard) is told apart, with how to keep its games for merge", () => {
    const dir = mkdtempSync(join(tmpdir(), "stela-whole-"));
    const cmp = join(dir, "cmp.json");
    writeFileSync(cmp, stela(["compare", A, B, "--players", "2", "--games", "4", "--workers", "1", "--no-progress", "--json"]).out);
    const sim = join(dir, "sim.json");
    writeFileSync(sim, stela(["simulate", A, "--players", "2", "--games", "4", "--workers", "1", "--json"]).out);
    for (const [file, what] of [[cmp, "stela compare --json"], [sim, "stela simulate --json"]] as const) {
      const r = stela(["merge", file]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${file} is the output of \`${what}\` without --shard: it holds the run's figures, not its games`);
      expect(r.err).toContain("run it with `--save FILE` (the text as usual, and FILE for merge), or `--shard 1/1 --json`");
    }
  });

  it("--save keeps a whole run for merge beside its text: one run's text and its pooling with another seed, from one play each", () => {
    // A designer ran each comparison twice, once to read it and once with --json to pool it later.
    const dir = mkdtempSync(join(tmpdir(), "stela-save-"));
    const [one, two] = [join(dir, "one.json"), join(dir, "two.json")];
    const first = stela([...RUN, "--save", one]);
    expect(paceless(first.out)).toBe(`${paceless(stela(RUN).out)}saved for \`stela merge\`: ${one}\n`);
    expect(JSON.parse(readFileSync(one, "utf8")).compareShard).toEqual({ k: 1, n: 1 });
    stela([...RUN, "--seed", "2", "--save", two]);
    const pooled = stela(["merge", one, two]);
    expect(pooled.out).toContain("60 games each, 2 players, bots random,random, seeds 1, 2 (2 runs pooled;");
    // The same for a simulation; refused where the run may stop short of its games.
    const sim = join(dir, "sim.json");
    const ran = stela(["simulate", A, "--players", "2", "--games", "12", "--workers", "1", "--no-progress", "--save", sim]);
    expect(ran.out).toContain(`saved for \`stela merge\`: ${sim}`);
    // Merged alone, it reads as the run did, but for its pace (the run's own, kept).
    const speed = /games per second: [\d.,]+/;
    expect(stela(["merge", sim]).out.replace(speed, "")).toBe(ran.out.replace(`saved for \`stela merge\`: ${sim}\n`, "").replace(speed, ""));
    expect(stela([...RUN, "--stop-early", "--save", one]).err).toContain("--save and --stop-early");
  });

  it("are refused without --json and with --stop-early", () => {
    expect(stela([...RUN, "--shard", "1/3"]).err).toBe("stela: --shard writes what `stela merge` reads: add --json (and merge the shards' outputs for the comparison)\n");
    expect(stela([...RUN.slice(0, -4), "--shard", "1/3", "--json", "--stop-early"]).err).toMatch(/^stela: --shard and --stop-early: /);
  });
});

describe("stela simulate --shard and merge", () => {
  it("merge shards holding failed games (which have no scores) into the run's summary, its command naming the bots as the run did", () => {
    const dir = mkdtempSync(join(tmpdir(), "stela-shards-"));
    const run = ["simulate", B, "--players", "2", "--games", "30", "--workers", "1", "--no-progress"];
    const files = [1, 2].map((k) => {
      const file = join(dir, `m${k}.json`);
      writeFileSync(file, stela([...run, "--shard", `${k}/2`, "--json"]).out);
      return file;
    });
    const whole = stela(run);
    expect(whole.out).toMatch(/^errors: [1-9]/m);
    const merged = stela(["merge", ...files]);
    expect(merged.err).toBe("");
    // Line for line, but for the pace (and a long run's hint to keep its games: a merge's are kept).
    const lines = (out: string) => out.split("\n").filter((l) => !l.startsWith("games per second") && l !== KEEP_HINT);
    expect(lines(merged.out)).toEqual(lines(whole.out));
  }, 60_000);
});

describe("the hint to keep a run", () => {
  it("is given to a run that took a while and whose figures more games would sharpen", () => {
    expect(worthKeeping(600, 200, 45)).toBe(true);
    // Sharp enough, or played again as fast as its file would be read: no hint.
    expect(worthKeeping(150, 200, 45)).toBe(false);
    expect(worthKeeping(undefined, 200, 45)).toBe(false);
    expect(worthKeeping(600, 200, 5)).toBe(false);
    expect(KEEP_HINT).toContain("--save FILE");
  });
});
