import { describe, expect, it } from "vitest";
import { ruleFiles, stela } from "./run-stela.ts";

/** `stela check --smoke`: the choices no smoke game offered, as notes in every format, never a failure. */

const files = ruleFiles({
  // A choice that can never be made: every smoke game fails there, and no note repeats it.
  "fails.stela": `game "Fails" { players 2 }
enum Gem { a, b }
flow { turn players[0] { let _x = choose 3 g from Gem prompt "Take three" } }
scoring p { points 0 }
`,
  // Line 6 is always offered; line 8 is behind a condition that never holds (n is at most 3).
  "guarded.stela": `game "Guarded" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let n = choose n from 1..3 prompt "Pick a number"
    if n > 5 {
      let k = choose k from 1..2 prompt "Trade {n} cubes"
      current.score = k
    }
    current.score += n
  }
}
`,
  // A block of named options: "Rest" is always offered, "Trade a cube" never (its \`when\` never holds).
  "options.stela": `game "Options" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    choose prompt "Act" {
      option "Grow" { current.score += 1 }
      option "Trade a cube" when current.score > 9 { current.score += 2 }
      option "Rest" {}
    }
  }
}
`,
  // The variant's own choice is never offered; smoke games take the base rules and the variant in
  // turn, so it is judged over the variant's games only.
  "variant.stela": `game "Variant" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
procedure act(p: player) {
  p.score = choose n from 1..2 by p prompt "Score"
}
flow {
  turn players[0] { act(current) }
}
variant "Picky" {
  override procedure act(p: player) {
    let n = choose n from 1..2 by p prompt "Score"
    if n > 2 {
      p.score = choose m from 1..3 by p prompt "Never"
    }
  }
}
`,
  // Each choice has one option whenever it comes up: taken without asking, still a rule that happened.
  "forced.stela": `game "Forced" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    current.score = choose n from [4] prompt "Only four"
    choose prompt "Act" {
      option "Grow" when current.score > 9 {}
      option "Rest" {}
    }
  }
}
`,
  // Five cards for 2 to 3 players dealt 2 each: short at 3 players (line 8); the draw of line 9 is
  // meant to run out (\`up to\`), and line 10 never comes up short.
  "short.stela": `game "Short" { players 2..3 }
kind Card { v: number }
zone deck: Card hidden
zone hand per player: Card owner
components Card in deck { x5 { v: 1 } }
scoring p { points size(p.hand) }
flow {
  for p in players { deal 2 from deck to p.hand }
  for p in players { deal up to 1 from deck to p.hand }
  deal 0 from deck to players[0].hand
}
`,
  // A variant file: the base's choice never offered is the base file's to report, not this one's.
  "house.stela": `variant "House" extends "guarded.stela" {}
`,
});

describe("stela check --smoke: choices never offered", () => {
  it("a choice the smoke games failed at is not also noted as never offered (its error says more)", () => {
    const r = stela(["check", "--smoke", "2", files["fails.stela"]!]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("runtime-no-options");
    expect(r.out).not.toContain("smoke-never-offered");
  });

  it("text: a note at exactly the choice no smoke game offered, with its prompt and the games played", () => {
    const file = files["guarded.stela"]!;
    const r = stela(["check", "--smoke", "20", file]);
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split("\n")).toEqual([
      `${file}:8:15: note smoke-never-offered: this choice was never offered in 20 smoke games ("Trade {n} cubes")`,
      `${file}: ok, 0 warnings; 20/20 smoke games (2 players) ended cleanly, 1 choice never offered`,
      "✔ 1 file checked, no problems",
    ]);
  });

  it("json: a neverOffered list in the file's smoke object", () => {
    const [report] = JSON.parse(stela(["check", "--format", "json", "--smoke", "20", files["guarded.stela"]!]).out);
    expect(report.ok).toBe(true);
    expect(report.smoke.neverOffered).toEqual([{ line: 8, column: 15, endLine: 8, endColumn: 58, kind: "choose", prompt: "Trade {n} cubes", games: 20 }]);
  });

  it("an option whose `when` never holds is noted on its own, the options offered are not", () => {
    const file = files["options.stela"]!;
    const [report] = JSON.parse(stela(["check", "--format", "json", "--smoke", "5", file]).out);
    expect(report.smoke.neverOffered).toEqual([{ line: 8, column: 7, endLine: 8, endColumn: 74, kind: "option", prompt: "Trade a cube", games: 5 }]);
    expect(stela(["check", "--smoke", "5", file]).out).toContain(`${file}:8:7: note smoke-never-offered: this option was never offered in 5 smoke games ("Trade a cube")\n`);
  });

  it("a variant's own choice counts only the smoke games played with that variant", () => {
    const file = files["variant.stela"]!;
    const [report] = JSON.parse(stela(["check", "--format", "json", "--smoke", "6", file]).out);
    // Games 1, 3, 5 play the base rules, 2, 4, 6 the variant: the base's `act` is offered in its 3.
    expect(report.smoke.neverOffered).toEqual([{ line: 14, column: 17, endLine: 14, endColumn: 55, kind: "choose", prompt: "Never", games: 3 }]);
    expect(stela(["check", "--smoke", "6", file]).out).toContain(`${file}:14:17: note smoke-never-offered: this choice was never offered in the 3 of 6 smoke games played with rules that have it ("Never")\n`);
  });

  it("is a note: it passes --max-warnings 0 and leaves the exit status 0 in every format", () => {
    const file = files["guarded.stela"]!;
    const text = stela(["check", "--smoke", "3", "--max-warnings", "0", file]);
    expect(text.code).toBe(0);
    expect(text.out.trimEnd().split("\n").at(-1)).toBe("✔ 1 file checked, no problems");
    const gh = stela(["check", "--format", "github", "--smoke", "3", "--max-warnings", "0", file]);
    expect(gh.code).toBe(0);
    const f = file.replace(/:/g, "%3A").replace(/,/g, "%2C");
    expect(gh.out.split("\n")[0]).toBe(`::notice file=${f},line=8,col=15,endLine=8,endColumn=58,title=stela smoke-never-offered::this choice was never offered in 3 smoke games ("Trade {n} cubes")`);
    const junit = stela(["check", "--format", "junit", "--smoke", "3", "--max-warnings", "0", file]);
    expect(junit.code).toBe(0);
    expect(junit.out).toContain('<testsuites name="stela check" tests="3" failures="0" errors="0">');
    expect(junit.out).toContain(
      `<testcase classname="stela.smoke" name="${file}: 3 smoke games">\n      <system-out>${file}:8:15: note smoke-never-offered: this choice was never offered in 3 smoke games (&quot;Trade {n} cubes&quot;)</system-out>\n    </testcase>`,
    );
    const sarif = JSON.parse(stela(["check", "--format", "sarif", "--smoke", "3", file]).out);
    expect(sarif.runs[0].results.map((x: { ruleId: string; level: string }) => `${x.ruleId} ${x.level}`)).toEqual(["smoke-never-offered note"]);
  });

  it("a choice that came up with one option, taken without asking, was offered (its block's other options were not)", () => {
    const [report] = JSON.parse(stela(["check", "--format", "json", "--smoke", "4", files["forced.stela"]!]).out);
    expect(report.smoke.neverOffered).toEqual([{ line: 8, column: 7, endLine: 8, endColumn: 46, kind: "option", prompt: "Grow", games: 4 }]);
  });

  it("a variant file leaves its base file's choices to the base's own report", () => {
    const [report] = JSON.parse(stela(["check", "--format", "json", "--smoke", "4", files["house.stela"]!]).out);
    expect(report.extends).toBe(files["guarded.stela"]);
    expect(report.smoke).toEqual({ games: 4, players: [2], failures: [], neverOffered: [], shortDeals: [] });
  });

  it("says nothing without --smoke, or when every choice was offered", () => {
    expect(stela(["check", files["guarded.stela"]!]).out).not.toContain("smoke-never-offered");
    expect(stela(["check", "--smoke", "4", "games/mayan-city.stela"]).out).not.toContain("smoke-never-offered");
  });
});

describe("stela check --smoke: deals that came up short", () => {
  it("notes a plain deal that found fewer pieces than it was to deal, with how often and how short; never `deal up to`", () => {
    const file = files["short.stela"]!;
    const r = stela(["check", "--smoke", "10", file]);
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split("\n")).toEqual([
      `${file}:8:22: note smoke-short-deal: this deal found fewer pieces than it was to deal in 5 of 10 smoke games (first in smoke game 2, 3 players): 1 of the 2 at worst (where running out is meant (draw if you can), write \`deal up to …\`; where it is not, there are too few pieces for this player count, or the rules should say what happens then (the discards shuffled back))`,
      `${file}: ok, 0 warnings; 10/10 smoke games (2 to 3 players) ended cleanly`,
      "✔ 1 file checked, no problems",
    ]);
    const [report] = JSON.parse(stela(["check", "--format", "json", "--smoke", "10", file]).out);
    expect(report.smoke.shortDeals).toEqual([{ line: 8, column: 22, endLine: 8, endColumn: 48, games: 5, asked: 2, dealt: 1, first: 2, players: 3 }]);
  });
});
