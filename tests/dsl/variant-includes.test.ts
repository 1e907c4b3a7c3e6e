import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, playRandomly, StartError, type Game } from "../../interpreter/index.ts";
import { runExamples } from "../../interpreter/examples.ts";
import { format } from "../../dsl/format.ts";

/**
 * Combining variants: `include "Other variant"` inside a variant, and `"A+B"` for a combination
 * nobody declared (`game.start`, the CLI's `--variant`). A combination plays exactly what a
 * hand-written variant with both sets of overrides plays.
 */

const OH_HELL = readFileSync(new URL("../fixtures/games/oh-hell.stela", import.meta.url), "utf8");

/** The scores of random games with these seeds (the same seed and rules give the same game). */
function scores(game: Game, variant: string, seeds: number[]): number[][] {
  return seeds.map((seed) => {
    const m = game.start({ players: 3, seed, variant });
    playRandomly(m, seed);
    expect(m.error).toBeNull();
    return m.result!.scores;
  });
}

const errors = (r: ReturnType<typeof compile>) => r.diagnostics.filter((d) => d.severity === "error");

const BASE = `game "Counting" { players 2 }
const START = 1
const STEP = 1
per player { score: number = 0 }
procedure opening() {
  for p in players { p.score += START }
}
setup { opening() }
flow {
  for p in players {
    turn p {
      let k = choose n from 1..2 prompt "Take"
      p.score += k * STEP
    }
  }
}
scoring p { points p.score }
`;

/** Plays a match taking the first option each time; gives the scores. */
function firstOptions(game: Game, variant?: string): number[] {
  const m = game.start(variant === undefined ? { players: 2 } : { players: 2, variant });
  while (m.decision) m.apply(m.options()[0]!.id);
  expect(m.error).toBeNull();
  return m.result!.scores;
}

describe("combining variants", () => {
  it("`include` and \"A+B\" play what the hand-written combination plays (Oh Hell!, 12 seeds)", () => {
    const withInclude = `${OH_HELL}
variant "Seat 1 deals, no hook, by include" {
  include "Seat 1 always deals"
  include "No hook"
}
`;
    const r = compile(withInclude, "oh-hell.stela");
    expect(errors(r)).toEqual([]);
    const game = r.game!;
    const seeds = Array.from({ length: 12 }, (_, i) => i + 1);
    const byHand = scores(game, "Seat 1 always deals, no hook", seeds);
    expect(scores(game, "Seat 1 deals, no hook, by include", seeds)).toEqual(byHand);
    expect(scores(game, "Seat 1 always deals+No hook", seeds)).toEqual(byHand);
    // Spaces around `+` read the same; neither part alone plays these games.
    expect(scores(game, "Seat 1 always deals + No hook", seeds)).toEqual(byHand);
    expect(scores(game, "No hook", seeds)).not.toEqual(byHand);
    // A combination is no declared variant: the file's list is what it declares.
    expect(game.variants).not.toContain("Seat 1 always deals+No hook");
  });

  it("lays includes first, in order, then the variant's own items; an own override settles a clash", () => {
    const r = compile(
      `${BASE}
variant "Rich" { override const START = 5 }
variant "Steep" { override const STEP = 10 }
variant "Rich and steep" {
  include "Rich"
  include "Steep"
}
variant "Very rich" {
  include "Rich"
  override const START = 7
}
variant "Rich or richer" {
  include "Rich"
  include "Very rich"
  override const START = 2
}
`,
      "counting.stela",
    );
    expect(errors(r)).toEqual([]);
    const game = r.game!;
    expect(firstOptions(game, "Rich and steep")).toEqual([15, 15]);
    expect(firstOptions(game, "Very rich")).toEqual([8, 8]);
    expect(firstOptions(game, "Rich or richer")).toEqual([3, 3]);
    expect(firstOptions(game, "Steep+Rich")).toEqual([15, 15]);
    // The file's order, though "Very rich" is checked before the variant that includes it.
    expect(game.variants).toEqual(["Rich", "Steep", "Rich and steep", "Very rich", "Rich or richer"]);
  });

  it("two variants that include a third share it rather than clash over it", () => {
    const r = compile(
      `${BASE}
variant "Rich" { override const START = 5 }
variant "Rich and steep" {
  include "Rich"
  override const STEP = 10
}
variant "Rich, first pick" {
  include "Rich"
}
variant "Both" {
  include "Rich and steep"
  include "Rich, first pick"
}
`,
      "counting.stela",
    );
    expect(errors(r)).toEqual([]);
    expect(firstOptions(r.game!, "Both")).toEqual([15, 15]);
  });

  it("two includes that change one declaration: an error at the second naming both and the declaration", () => {
    const source = `${BASE}
variant "Rich" { override const START = 5 }
variant "Richer" { override const START = 9 }
variant "Both" {
  include "Rich"
  include "Richer"
}
`;
    const r = compile(source, "counting.stela");
    const [e] = errors(r);
    expect(e).toMatchObject({ code: "invalid-variant", span: { start: { line: source.split("\n").indexOf('  include "Richer"') + 1, column: 3 } } });
    expect(e!.message).toBe('"Rich" and "Richer" both change `START`: which of the two plays is not said');
    expect(e!.hint).toContain("write one `override` of `START` in this variant");
    expect(r.game).toBeUndefined();
  });

  it("a circle of includes is an error at each include that closes it, and nothing loops", () => {
    const r = compile(
      `${BASE}
variant "A" {
  include "B"
}
variant "B" {
  include "C"
}
variant "C" {
  include "A"
}
`,
      "counting.stela",
    );
    const circles = errors(r).map((d) => d.message);
    expect(circles).toEqual([
      'variants include each other in a circle: "A" includes "B" includes "C" includes "A"',
      'variants include each other in a circle: "B" includes "C" includes "A" includes "B"',
      'variants include each other in a circle: "C" includes "A" includes "B" includes "C"',
    ]);
  });

  it("an unknown include says which variants there are, with a did-you-mean", () => {
    const r = compile(`${BASE}\nvariant "Rich" { override const START = 5 }\nvariant "X" {\n  include "rich"\n}\n`, "counting.stela");
    expect(errors(r)).toMatchObject([{ code: "unknown-variant", message: 'this file has no variant "rich" to include', hint: "did you mean `Rich`?" }]);
  });

  it("a declared variant named \"A+B\" is played as declared", () => {
    const r = compile(
      `${BASE}
variant "Rich" { override const START = 5 }
variant "Steep" { override const STEP = 10 }
variant "Rich+Steep" { override const START = 100 }
`,
      "counting.stela",
    );
    expect(firstOptions(r.game!, "Rich+Steep")).toEqual([101, 101]);
    expect(firstOptions(r.game!, "Steep+Rich")).toEqual([15, 15]);
  });

  it("a combination that does not check fails to start with the checker's errors, each saying the combination", () => {
    const r = compile(
      `${BASE}
variant "Named start" {
  override const START = "five"
  override procedure opening() { log START }
}
variant "Step from start" { override const STEP = START }
variant "Counted opening" {
  override procedure opening() {
    for p in players { p.score += 2 }
  }
}
`,
      "counting.stela",
    );
    expect(errors(r)).toEqual([]);
    const game = r.game!;
    const failure = (variant: string): string => {
      try {
        game.start({ players: 2, variant });
      } catch (e) {
        expect(e).toBeInstanceOf(StartError);
        return (e as Error).message;
      }
      return "started";
    };
    // Both change `opening`: a clash, told at the second part.
    expect(failure("Named start+Counted opening")).toMatch(/both change `opening`/);
    // A combination asked for by name has no text to write the override in: the hint says to declare one.
    expect(failure("Named start+Counted opening")).toContain('(declare the combination as a variant that says which plays: `variant "Named start and Counted opening" { include "Named start"  include "Counted opening"  override … }`, with one `override` of `opening` after the includes)');
    // No clash, but STEP is then a text that the base's flow multiplies: each alone is fine.
    expect(failure("Named start+Step from start")).toMatch(/^the variants in "Named start\+Step from start" do not combine:\n  counting\.stela:\d+:\d+: error type-mismatch: .*\(with variant "Named start\+Step from start"\)/);
    expect(failure("Step from start")).toBe("started");
    expect(failure("Named start")).toBe("started");
    expect(failure("Named start+Nope")).toBe('"Counting": "Named start+Nope" joins variants with `+`, but this file has no variant "Nope"');
  });

  it("an example may play a combination", () => {
    const r = compile(
      `${BASE}
variant "Rich" { override const START = 5 }
variant "Steep" { override const STEP = 10 }
example "Rich and steep together" {
  players 2
  variant "Rich+Steep"
  choose "2"
  expect scores [25, 5]
}
`,
      "counting.stela",
    );
    expect(errors(r)).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => [x.title, x.passed, x.failure?.message])).toEqual([["Rich and steep together", true, undefined]]);
  });

  it("stela fmt lays out `include` lines as a variant's items", () => {
    const head = `game "G" { players 2 }\nconst A = 1\nflow { end game }\nscoring p { points A }\nvariant "X" { override const A = 2 }\nvariant "W" { override const A = 5 }\n`;
    const messy = `${head}variant "Y" {\ninclude   "X"\n      include "W"\n  override const A = 3\n}\nvariant "Z" { include "X" include "W" override const A = 4 }\n`;
    const tidy = `${head}variant "Y" {\n  include "X"\n  include "W"\n  override const A = 3\n}\nvariant "Z" { include "X"  include "W"  override const A = 4 }\n`;
    expect(format(messy, "g.stela")).toEqual({ text: tidy, diagnostics: [] });
    expect(format(tidy, "g.stela").text).toBe(tidy);
  });

  it("the reference's Sprint game and its combination check and play", () => {
    const readme = readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8");
    const blocks = [...readme.matchAll(/```stela\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const sprint = blocks.find((b) => b.includes('game "Sprint"'))!;
    const combined = blocks.find((b) => b.includes('include "Short race"'))!;
    const r = compile(`${sprint}\n${combined}`, "sprint.stela");
    expect(errors(r)).toEqual([]);
    const game = r.game!;
    // One lap (Short race), seat 1 starting at 0 and seat 2 at HEAD_START, the prize table of "Head start".
    expect(firstOptions(game, "Short race, head start")).toEqual(firstOptions(game, "Short race+Head start"));
    expect(firstOptions(game, "Short race, head start")).not.toEqual(firstOptions(game, "Head start"));
    expect(firstOptions(game, "Short race, head start")).not.toEqual(firstOptions(game, "Short race"));
  });

  it("a file of variants includes its own and its base's variants, and plays their combinations", () => {
    const base = `${BASE}
variant "Rich" { override const START = 5 }
variant "Broken" { override const NOPE = 1 }
`;
    const house = `variant "Steep" extends "base.stela" {
  override const STEP = 10
}
variant "Rich and steep" extends "base.stela" {
  include "Rich"
  include "Steep"
}
`;
    const readFile = (path: string) => (path === "base.stela" ? base : undefined);
    const r = compile(house, "house.stela", { readFile });
    expect(errors(r)).toEqual([]);
    const game = r.game!;
    expect(game.variants).toEqual(["Steep", "Rich and steep"]);
    expect(firstOptions(game, "Rich and steep")).toEqual([15, 15]);
    expect(firstOptions(game, "Rich+Steep")).toEqual([15, 15]);
    expect(firstOptions(game, "Steep")).toEqual([11, 11]);
    const broken = compile(`${house}variant "With broken" extends "base.stela" {\n  include "Broken"\n}\n`, "house.stela", { readFile });
    expect(errors(broken).map((d) => [d.file, d.span.start.line, d.message])).toEqual([["house.stela", 9, 'the variant "Broken" of the base file has errors; check that file first']]);
  });
});
