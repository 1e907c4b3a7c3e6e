import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileRules, format } from "../../dsl/index.ts";
import { compile, playRandomly } from "../../interpreter/index.ts";
import { tokenImages, tokensAndComments } from "../support/token-images.ts";
import { root, ruleFiles, stela } from "./run-stela.ts";
import { firstDifference } from "../../interpreter/cli/fmt-command.ts";

/**
 * `stela fmt` never changes meaning: every game and every fixture, formatted, keeps its tokens
 * (texts and drawn rows byte for byte), compiles to the same GameDef (spans aside) and plays the
 * same games; formatting twice gives the same text; messy spacing comes out canonical.
 */

const games = readdirSync(join(root, "games")).filter((f) => f.endsWith(".stela")).sort().map((f) => `games/${f}`);
/** The games written for the tests (Hearts, hex settlers, …): kept in the canonical layout too. */
const fixtureGames = readdirSync(join(root, "tests/fixtures/games")).filter((f) => f.endsWith(".stela")).sort().map((f) => `tests/fixtures/games/${f}`);
const fixtures = ["parse", "check"].flatMap((d) =>
  readdirSync(join(root, "tests/fixtures", d)).filter((f) => f.endsWith(".stela")).sort().map((f) => `tests/fixtures/${d}/${f}`),
);
const read = (f: string): string => readFileSync(join(root, f), "utf8");

/** A GameDef with every source position dropped: what is left is what the rules mean. */
function withoutSpans(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutSpans);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== "span" && k !== "spans" && k !== "source").map(([k, x]) => [k, withoutSpans(x)]));
  }
  return v;
}

/** Random games of every player count and variant: the decisions taken and the result. */
function playouts(source: string, file: string, base?: string): string[] {
  const r = compile(source, file, { readFile: (p) => (base !== undefined && p === "games/maya.stela" ? base : readFileSync(join(root, p), "utf8")) });
  const game = r.game!;
  const out: string[] = [];
  for (const variant of [undefined, ...game.variants]) {
    for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
      const m = game.start(variant === undefined ? { players, seed: players * 7 } : { players, seed: players * 7, variant });
      playRandomly(m, players);
      out.push(JSON.stringify({ variant, players, log: m.log.map((e) => e.option), result: m.result }));
    }
  }
  return out;
}

describe("stela fmt keeps the meaning of every game", () => {
  for (const file of games) {
    it(file, () => {
      const source = read(file);
      const { text, diagnostics } = format(source, file);
      expect(diagnostics).toEqual([]);
      expect(format(text, file).text).toBe(text);
      expect(tokenImages(text)).toEqual(tokenImages(source));
      const before = compileRules(source, file, { readFile: (p) => read(p) });
      const after = compileRules(text, file, { readFile: (p) => read(p) });
      expect(after.diagnostics).toEqual([]);
      expect(withoutSpans(after.def)).toEqual(withoutSpans(before.def));
      expect(withoutSpans(after.variants)).toEqual(withoutSpans(before.variants));
      expect(playouts(text, file)).toEqual(playouts(source, file));
    });
  }
});

describe("every game is in the canonical layout (what `stela fmt --check games/ tests/fixtures/games/` asks)", () => {
  // The test games too: two had been laid out by an indentation bug, and only a hand-run check saw it.
  for (const file of [...games, ...fixtureGames]) it(file, () => expect(format(read(file), file).text).toBe(read(file)));
});

describe("stela fmt keeps the diagnostics of every fixture", () => {
  for (const file of fixtures) {
    it(file, () => {
      const source = read(file);
      const { text } = format(source, file);
      expect(format(text, file).text).toBe(text);
      expect(tokenImages(text)).toEqual(tokenImages(source));
      const said = (src: string) => compileRules(src, file).diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`).sort();
      expect(said(text)).toEqual(said(source));
    });
  }
});

/** The same tokens as `source`, with messy spacing: odd indentation, extra blanks, spaces squeezed out or doubled. */
function mess(source: string, seed: number): string {
  const toks = tokensAndComments(source);
  let rnd = seed;
  const next = (n: number) => ((rnd = (rnd * 1103515245 + 12345) % 2147483648), rnd % n);
  const wordy = /^[A-Za-z0-9_"]/;
  let out = "";
  let last = 0;
  let prev = "";
  for (const t of toks) {
    const gap = source.slice(last, t.startOffset);
    const lines = (gap.match(/\n/g) ?? []).length;
    if (lines > 0) out += "\n".repeat(lines + (lines > 1 ? next(3) : 0)) + " ".repeat(1 + next(6));
    else if (out !== "") {
      // Squeeze out a space only between punctuation and anything (words must stay apart).
      const squeezable = !(wordy.test(prev) && wordy.test(t.image)) && !prev.startsWith("|") && !t.image.startsWith("/") && t.image !== "[" && !prev.endsWith("/");
      out += gap.length > 0 ? (squeezable && next(2) === 0 ? "" : " ".repeat(1 + next(3))) : squeezable && next(3) === 0 ? " " : "";
    }
    out += t.image;
    prev = t.image;
    last = t.startOffset + t.image.length;
  }
  return out + "\n";
}

describe("stela fmt makes messy files canonical", () => {
  for (const file of games) {
    it(`${file}, its spacing scrambled, formats to the same text as the original`, () => {
      const source = read(file);
      const messy = mess(source, 17);
      expect(tokenImages(messy)).toEqual(tokenImages(source));
      expect(messy).not.toBe(source);
      expect(format(messy, file).text).toBe(format(source, file).text);
    });
  }

  it("hugs a call of a function named measure or example to its bracket: the words start a declaration only before a label", () => {
    const source = `game "G" { players 2 }\ndefine measure(x: number): number = x\ndefine example(x: number): number = x\nflow { end game }\nscoring p { points measure (1) + example (2) }\nmeasure "M" { measure (3) }\n`;
    const { text } = format(source, "g.stela");
    expect(text).toContain("scoring p { points measure(1) + example(2) }");
    expect(text).toContain('measure "M" { measure(3) }');
  });

  it("lays out a small file exactly", () => {
    const messy = `game "Tiny"{players 2}
per player {score:number=0}



flow{
      for p in players{
  p.score+=1*(2-1)   // a comment
        let xs=[1,2 ,-3]
     let y = xs[0]  -  -1
 }
  let total = sum p.score for p in players
  where p.score>0
      end game
}
scoring p { points p.score }
`;
    expect(format(messy).text).toBe(`game "Tiny" { players 2 }
per player { score: number = 0 }

flow {
  for p in players {
    p.score += 1 * (2 - 1)  // a comment
    let xs = [1, 2, -3]
    let y = xs[0] - -1
  }
  let total = sum p.score for p in players
    where p.score > 0
  end game
}
scoring p { points p.score }
`);
  });

  it("sets two items of a block on one line two spaces apart, and nothing else", () => {
    // One space would read `0 -> 0 1 -> 9` as one run, and `{ pay(p) take(p) }` as one call's words.
    const messy = `game "Items" { players 2 }
kind Stone { v: number state used: bool = false }
zone bowl per player: Stone owner limit 3
table cost { 1 -> 2 2 -> 3 }
define m(d: number): number = match d { 1 -> 1 3 -> -1 else -> 0 }
procedure pay(p: player) { p.score -= 1 p.score += m(1) }
per player { score: number = 0 }
flow { turn players[0] { let s = choose s from [1, 2] where s > 0 where s < 3 pay(current) } }
scoring p { points p.score tiebreak most p.score }
`;
    expect(format(messy).text).toBe(`game "Items" { players 2 }
kind Stone { v: number  state used: bool = false }
zone bowl per player: Stone owner limit 3
table cost { 1 -> 2  2 -> 3 }
define m(d: number): number = match d { 1 -> 1  3 -> -1  else -> 0 }
procedure pay(p: player) { p.score -= 1  p.score += m(1) }
per player { score: number = 0 }
flow { turn players[0] { let s = choose s from [1, 2] where s > 0 where s < 3  pay(current) } }
scoring p { points p.score  tiebreak most p.score }
`);
  });

  it("keeps a `label:` field, an `else ->` arm and the `}` of a hanging `match` at their own level", () => {
    // Once read as a choice's `label` clause and as the `else` of an `if`, and the brace went to column 0.
    const src = `kind Tile {
  show {
    colour: "#ffffff"
    label: "T"
  }
}
define points(k: number): number =
  match k {
    1 -> 3
    else -> 0
  }
`;
    expect(format(src).text).toBe(src);
  });

  it("hangs a `for` that continues an aggregate, and lines a wrapped condition's block up with its `if`", () => {
    // The `for` went to column 0; the block after `and total != 6 {` went a level too deep, its `}` with it.
    const src = `define best(p: player): number =
  highest size(g) + total
      for g in groups
flow {
  if total > 3 and total < 10
         and total != 6 {
    total = 1
  } else {
    total = 2
  }
  if total > 3 and
  total < 10 {
    total = 1
  }
  for q in players {
    total = 3
  }
}
`;
    expect(format(src).text).toBe(`define best(p: player): number =
  highest size(g) + total
    for g in groups
flow {
  if total > 3 and total < 10
    and total != 6 {
    total = 1
  } else {
    total = 2
  }
  if total > 3 and
    total < 10 {
    total = 1
  }
  for q in players {
    total = 3
  }
}
`);
  });

  it("lines up the `else` lines of an `if` chain begun inside brackets", () => {
    // The last `else` went a level deeper than the `else if` above it, a staircase.
    const src = `estimate p {
  p.score + (if p.tricks > p.bid then p.tricks
    else if p.tricks == p.bid then 10 + p.bid
    else p.tricks)
}
`;
    expect(format(src).text).toBe(src);
  });

  it("lines up the `else` after a `then` whose value goes on the next line with its `if`", () => {
    // The `else` went a level deeper than the value above it, and each `else if` one more.
    const src = `define claim(n: number): number =
  if n == 0 then 0
  else if n > 3 then
    n * 2
      + 1
  else if n > 1 then
    n
  else 1
`;
    expect(format(src).text).toBe(src);
    expect(format(src.replace("\n  else if n > 1", "\n      else if n > 1").replace("\n  else 1", "\n        else 1")).text).toBe(src);
    // An \`if\` begun inside its line: the \`else\` one level in, as its \`else if\` lines are.
    const inline = `define pick(n: number): number = if n > 3 then
  n + 1
  else 0
`;
    expect(format(inline).text).toBe(inline);
    expect(format(inline.replace("\n  else 0", "\n    else 0")).text).toBe(inline);
  });

  it("keeps the space between a clause's word and a bracketed value (`points (a) + 1`): it is no call", () => {
    // Once written `points(sum …) + 1`, as if `points` were called. A word with a meaning in one
    // place only may name a function too (`define points`): its call stays as written.
    const src = `define points(k: number): number = k + 1
scoring p {
  points (sum x for x in [1, 2]) + points(1)
}
`;
    expect(format(src).text).toBe(src);
    expect(format(src.replace("points (sum", "points  (sum")).text).toBe(src);
  });

  it("breaks every long list of a line, not only its first (a graph's names and edges)", () => {
    const src = `board spain: graph(4, names: ["Galicia", "Asturias", "Pais Vasco", "Aragon"], edges: [["Galicia", "Asturias"], ["Asturias", "Pais Vasco"], ["Pais Vasco", "Aragon"], ["Galicia", "Aragon"]])
`;
    const out = format(src).text;
    expect(out).toBe(`board spain: graph(4, names: [
  "Galicia",
  "Asturias",
  "Pais Vasco",
  "Aragon"
], edges: [
  ["Galicia", "Asturias"],
  ["Asturias", "Pais Vasco"],
  ["Pais Vasco", "Aragon"],
  ["Galicia", "Aragon"]
])
`);
    expect(format(out).text).toBe(out);
  });

  it("a line continuing an expression after a bracket whose lines began their own keeps the expression's indentation", () => {
    // A worker-placement designer's define: the `+ (if …)` line after `where pl != hut)` went to the
    // left margin while the next `+` line stayed in: the bracket's `where` line had begun an
    // expression of its own, and closing the bracket did not give back the one it was opened in.
    const src = `define pending(p: player): number =
  (sum p.placed[pl] * 2 for pl in Place
    where pl != hut)
+ (if p.placed[hut] > 0 then 2 else 0)
  + (if p.unplaced > 0 then 1 else 0)
`;
    const out = format(src).text;
    expect(out).toBe(`define pending(p: player): number =
  (sum p.placed[pl] * 2 for pl in Place
    where pl != hut)
    + (if p.placed[hut] > 0 then 2 else 0)
    + (if p.unplaced > 0 then 1 else 0)
`);
    expect(format(out).text).toBe(out);
  });

  it("lays out a field named by a word of the language as a name: `p.at[pl]`, never `p.at [pl]`", () => {
    // A per-player variable may be a word of the language (it is read after a `.`); `at` stood apart
    // from the `[` after it, as the word does in \`place t at [s]\`.
    const src = `define total(p: player): number = p.at[forest] + p.from [river]
`;
    expect(format(src).text).toBe(`define total(p: player): number = p.at[forest] + p.from [river]
`);
    expect(format(`flow { place top(z) at [s][0] }\n`).text).toBe(`flow { place top(z) at [s][0] }\n`);
  });

  it("a `for` whose header list is broken keeps the statement's indentation (it is no continuation of the line above)", () => {
    // After a `let`, the `for` read as continuing its expression (a comprehension's `for` on a
    // line of its own): the header and body went 2 spaces in, and `fmt --check` then wanted that.
    const src = `flow {
  turn players[0] {
    let me = players[0]
    for q in twice([1111111111, 2222222222, 3333333333, 4444444444, 5555555555, 6666666666, 7777777777, 8888888888]) {
      me.n += q
    }
  }
}
`;
    const out = format(src).text;
    expect(out).toBe(`flow {
  turn players[0] {
    let me = players[0]
    for q in twice([
      1111111111,
      2222222222,
      3333333333,
      4444444444,
      5555555555,
      6666666666,
      7777777777,
      8888888888
    ]) {
      me.n += q
    }
  }
}
`);
    expect(format(out).text).toBe(out);
    // A comprehension's `for` on a line of its own still hangs off the line above.
    const comp = `define best(): number = highest size(g)
  for g in groups(spaces(b))
`;
    expect(format(comp).text).toBe(comp);
  });

  it("breaks a long list one item a line, and keeps drawn rows as they are", () => {
    const src = `const NAMES = ["pepper pepper pepper", "squash squash squash", "potato potato potato", "corn corn corn corn"]
board b: grid(3, 2) {
  map {
        | a  b  c
        | a  .  c   
  }
}
`;
    const out = format(src).text;
    expect(out).toBe(`const NAMES = [
  "pepper pepper pepper",
  "squash squash squash",
  "potato potato potato",
  "corn corn corn corn"
]
board b: grid(3, 2) {
  map {
    | a  b  c
    | a  .  c   
  }
}
`);
    expect(format(out).text).toBe(out);
  });

  it("leaves a file it cannot read into tokens as it is, and says why", () => {
    const src = `game "Odd" { players 2 }\nconst X = 3 @ 4\n`;
    const r = format(src, "odd.stela");
    expect(r.text).toBe(src);
    expect(r.diagnostics.map((d) => `${d.file}:${d.span.start.line}:${d.span.start.column} ${d.code}`)).toEqual(["odd.stela:2:13 lex-invalid-character"]);
    // A syntax error too: where a block is left open, moving the next declaration would change how it is read.
    const open = read("tests/fixtures/parse/missing-brace.stela");
    const o = format(open, "missing-brace.stela");
    expect(o.text).toBe(open);
    expect(o.diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code}`)).toEqual(["8:1 parse-expected-token"]);
  });
});

describe("stela fmt, the command", () => {
  it("finds the first line that differs, spaces at its end and tabs shown", () => {
    expect(firstDifference("a\nb  \nc", "a\nb\nc")).toEqual({ line: 2, is: "b··", formatted: "b" });
    expect(firstDifference("a\n\tb", "a\n  b")).toEqual({ line: 2, is: "→b", formatted: "  b" });
    expect(firstDifference("a\n", "a\n\n")).toEqual({ line: 3, is: "(no line)", formatted: "(an empty line)" });
  });

  it("--check lists files not formatted and exits 1; fmt rewrites them; then --check passes", () => {
    const files = ruleFiles({ "messy.stela": `game "M"{players 2}\nflow{end game}\nscoring p{points 0}\n`, "tidy.stela": `game "T" { players 2 }\n` });
    const check = stela(["fmt", "--check", files.dir]);
    expect(check.code).toBe(1);
    // Where: the first line that differs, as it is and as fmt writes it.
    expect(check.out).toBe(`${files["messy.stela"]}:1: not formatted: the first line that differs\n  is:        game "M"{players 2}\n  formatted: game "M" { players 2 }\n✖ 1 of 2 files not formatted (run stela fmt)\n`);
    expect(readFileSync(files["messy.stela"]!, "utf8")).toBe(`game "M"{players 2}\nflow{end game}\nscoring p{points 0}\n`);
    const fmt = stela(["fmt", files.dir]);
    expect(fmt.code).toBe(0);
    expect(fmt.out).toBe(`${files["messy.stela"]}: formatted\n1 of 2 files reformatted\n`);
    expect(readFileSync(files["messy.stela"]!, "utf8")).toBe(`game "M" { players 2 }\nflow { end game }\nscoring p { points 0 }\n`);
    const clean = stela(["fmt", "--check", files.dir]);
    expect(clean.code).toBe(0);
    // Under --check nothing is written, and the summary says so.
    expect(clean.out).toBe("✔ 2 files already formatted: nothing changed\n");
    writeFileSync(files["tidy.stela"]!, "const X = 3 @ 4\n");
    const bad = stela(["fmt", files["tidy.stela"]!]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`${files["tidy.stela"]}:1:13: error lex-invalid-character: unexpected character \`@\`: the file is left as it is`);
    expect(bad.out).toContain("0 of 1 file reformatted; 1 of 1 file left as it is (errors above)\n");
    // --check never calls a file it could not read formatted.
    const badCheck = stela(["fmt", "--check", files.dir]);
    expect(badCheck.code).toBe(1);
    expect(badCheck.out).toContain("✖ 1 of 2 files could not be read (errors above)\n");
    expect(badCheck.out).not.toContain("✔");
  });
});
