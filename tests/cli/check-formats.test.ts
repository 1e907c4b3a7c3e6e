import { describe, expect, it } from "vitest";
import { mixSeed } from "../../interpreter/index.ts";
import { ruleFiles, stela } from "./run-stela.ts";

/** `stela check` in CI: annotation, SARIF and JUnit output, the summary line, warnings limits, smoke failures as data. */

const files = ruleFiles({
  "broken.stela": `game "Broken" { players 2 }
per player { score: number = 0 }
flow {
  for p in players { p.scor += 1 }
  let x = adjacnt(3)
}
scoring p { points p.score }
`,
  "warned.stela": `game "Warned" { players 2 }
per player { score: number = 0 }
flow {
  let unused = 1
  end game
}
scoring p { points p.score }
`,
  // The first decision is fine; the rule after it divides by zero.
  "faulty.stela": `game "Faulty" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let n = choose n from 1..2
    current.score = 1 / (n - n)
  }
}
`,
  // Only the last two of forty candidates break the filter: a random draw seldom weighs them.
  "far-filter.stela": `game "Far" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let n = choose n from 1..40 where n < 39 or 1 / (n - n) > 0
    current.score = n
  }
}
`,
  "notes.txt": "not rules\n",
});

describe("stela check formats", () => {
  it("text ends with a summary line counting problems and the files that have them", () => {
    const r = stela(["check", files["broken.stela"]!, files["warned.stela"]!, "games/mayan-city.stela"]);
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split("\n");
    expect(lines.at(-1)).toBe("✖ 4 problems (2 errors, 2 warnings) in 2 files");
    expect(lines).toContain(`${files["warned.stela"]}: ok, 1 warning`);
    expect(stela(["check", "games/mayan-city.stela", "games/cacao.stela"]).out.trimEnd().split("\n").at(-1)).toBe("✔ 2 files checked, no problems");
  });

  it("github: one workflow annotation per diagnostic, with file, line, column and the code as title", () => {
    const r = stela(["check", "--format", "github", files["broken.stela"]!]);
    expect(r.code).toBe(1);
    const f = files["broken.stela"]!.replace(/:/g, "%3A").replace(/,/g, "%2C");
    expect(r.out.split("\n").slice(0, 3)).toEqual([
      `::error file=${f},line=4,col=22,endLine=4,endColumn=28,title=stela not-assignable::players have no variable \`scor\` (declare it in \`per player { … }\`) (did you mean \`score\`?)`,
      `::warning file=${f},line=5,col=7,endLine=5,endColumn=8,title=stela unused-variable::\`x\` is never read (remove it, or start its name with \`_\`)`,
      `::error file=${f},line=5,col=11,endLine=5,endColumn=18,title=stela unknown-name::unknown function \`adjacnt\` (did you mean \`adjacent\`?)`,
    ]);
  });

  it("sarif: a SARIF 2.1.0 log with a rule per code used and a located result per diagnostic", () => {
    const r = stela(["check", "--format", "sarif", files["broken.stela"]!]);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.out);
    expect(log.version).toBe("2.1.0");
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe("stela");
    expect(run.tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(["not-assignable", "unknown-name", "unused-variable"]);
    expect(run.tool.driver.rules[1].shortDescription.text).toBe("A name that is not declared.");
    expect(run.results.map((x: { ruleId: string; level: string; ruleIndex: number }) => `${x.ruleId} ${x.level} ${x.ruleIndex}`)).toEqual([
      "not-assignable error 0",
      "unused-variable warning 2",
      "unknown-name error 1",
    ]);
    expect(run.results[2].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: files["broken.stela"] },
      region: { startLine: 5, startColumn: 11, endLine: 5, endColumn: 18 },
    });
  });

  it("junit: a test case per file and per smoke run, failures carrying the diagnostics", () => {
    const r = stela(["check", "--format", "junit", "--smoke", "1", files["broken.stela"]!, "games/mayan-city.stela"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('<testsuites name="stela check" tests="3" failures="1" errors="0">');
    expect(r.out).toContain(`<testcase classname="stela.check" name="${files["broken.stela"]}">`);
    expect(r.out).toContain('<failure type="not-assignable" message="2 errors: players have no variable `scor` (declare it in `per player { … }`)">');
    expect(r.out).toContain('<testcase classname="stela.check" name="games/mayan-city.stela"/>');
    expect(r.out).toContain('<testcase classname="stela.smoke" name="games/mayan-city.stela: 1 smoke game"/>');
  });

  it("--max-warnings fails a run with more warnings than allowed, and passes one at the limit", () => {
    const over = stela(["check", "--max-warnings", "0", files["warned.stela"]!]);
    expect(over.code).toBe(1);
    expect(over.out.trimEnd().split("\n").slice(-2)).toEqual(["✖ 1 problem (0 errors, 1 warning) in 1 file", "✖ 1 warning, more than --max-warnings 0"]);
    expect(stela(["check", "--max-warnings", "1", files["warned.stela"]!]).code).toBe(0);
    expect(stela(["check", "--max-warnings", "few", files["warned.stela"]!]).err).toBe('stela: --max-warnings takes a whole number, not "few"\n');
  });

  it("junit and github record a broken --max-warnings, with the warnings that broke it", () => {
    const warned = files["warned.stela"]!;
    const over = stela(["check", "--format", "junit", "--max-warnings", "0", warned]);
    expect(over.code).toBe(1);
    expect(over.out).toContain('<testsuites name="stela check" tests="2" failures="1" errors="0">');
    expect(over.out).toContain(
      `<testcase classname="stela.check" name="--max-warnings 0">\n      <failure type="max-warnings" message="1 warning, more than --max-warnings 0">${warned}:4:7: warning unused-variable: \`unused\` is never read (remove it, or start its name with \`_\`)</failure>\n    </testcase>`,
    );
    // Within the limit the case is there and passes; without the option there is no case.
    const within = stela(["check", "--format", "junit", "--max-warnings", "1", warned]);
    expect(within.code).toBe(0);
    expect(within.out).toContain('tests="2" failures="0"');
    expect(within.out).toContain('<testcase classname="stela.check" name="--max-warnings 1"/>');
    expect(stela(["check", "--format", "junit", warned]).out).toContain('tests="1" failures="0"');
    const gh = stela(["check", "--format", "github", "--max-warnings", "0", warned]);
    expect(gh.out.trimEnd().split("\n").at(-1)).toBe("::error title=stela max-warnings::1 warning, more than --max-warnings 0");
  });

  it("a failed smoke game is structured data: file, game, seed, decision, code, message, span", () => {
    const r = stela(["check", "--format", "json", "--smoke", "2", files["faulty.stela"]!]);
    expect(r.code).toBe(1);
    const [report] = JSON.parse(r.out);
    expect(report.ok).toBe(false);
    // Smoke game k is game k of `stela simulate` with seed 1: its match seed is mixed from (1, k).
    expect(report.smoke.failures).toEqual([1, 2].map((number) => ({
      file: files["faulty.stela"],
      game: "Faulty",
      players: 2,
      seed: mixSeed(1, number),
      number,
      replay: `stela simulate ${files["faulty.stela"]} --players 2 --seed 1 --bots random --game ${number}`,
      decision: 1,
      code: "runtime-division-by-zero",
      message: "division by zero",
      span: { start: { line: 7, column: 21, offset: 168 }, end: { line: 7, column: 31, offset: 178 } },
    })));
    const text = stela(["check", "--smoke", "1", files["faulty.stela"]!]).out.split("\n");
    expect(text[0]).toBe(`${files["faulty.stela"]}:7:21: error runtime-division-by-zero: division by zero [smoke game 1 (2 players), decision 1; replay: stela simulate ${files["faulty.stela"]} --players 2 --seed 1 --bots random --game 1]`);
  });

  it("a smoke game weighs every option of every decision: a filter failing on one candidate fails it", () => {
    const text = stela(["check", "--smoke", "1", files["far-filter.stela"]!]).out.split("\n");
    expect(text[0]).toMatch(/far-filter\.stela:6:\d+: error runtime-division-by-zero: division by zero \[smoke game 1/);
  });

  it("reads only .stela files, and says so on stderr when named another file", () => {
    const r = stela(["check", "--format", "json", files.dir]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).map((x: { file: string }) => x.file.slice(files.dir.length + 1))).toEqual(["broken.stela", "far-filter.stela", "faulty.stela", "warned.stela"]);
    const named = stela(["check", "--format", "json", files["notes.txt"]!, "games/mayan-city.stela"]);
    expect(named.err).toBe(`stela: skipped ${files["notes.txt"]}: not a .stela file\n`);
    expect(JSON.parse(named.out).map((x: { file: string }) => x.file)).toEqual(["games/mayan-city.stela"]);
    expect(stela(["check", files["notes.txt"]!]).err).toBe(`stela: skipped ${files["notes.txt"]}: not a .stela file\nstela: no .stela files in ${files["notes.txt"]}\n`);
  });
});

describe("stela check --smoke: one bug, many games", () => {
  it("tells a failure at one place of the rules once, with the other games' numbers and the rules' reasons", () => {
    const files = ruleFiles({
      "bug.stela": `game "Bug" { players 2 }
flow {
  for p in players {
    turn p {
      let _n = choose n from 1..3 where n > 1 else "Too small" where n > 5 else "Still too small"
    }
  }
}
scoring p { points 0 }
`,
    });
    const r = stela(["check", files["bug.stela"]!, "--smoke", "5"]);
    expect(r.code).toBe(1);
    const errors = r.out.split("\n").filter((l) => l.includes("error runtime-no-options"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('its `where` refuses all 3 candidates (refused: "Too small"; "Still too small")');
    expect(errors[0]).toMatch(/\[smoke game 1 \(2 players\), decision 0; replay: [^\]]+\] \(the same error here in 4 more smoke games: 2, 3, 4, 5\)/);
    expect(r.out).toContain("✖ 1 problem (0 errors, 0 warnings, 1 smoke failure in 5 games) in 1 file");
  });
});
