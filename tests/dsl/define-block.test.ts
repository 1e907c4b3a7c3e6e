import { describe, expect, it } from "vitest";
import { compile, Game, runExamples } from "../../interpreter/index.ts";

/**
 * A `define` whose value is worked out in named parts: `define f(x): T { let a = …  let b = …
 * value }`. Before, a `define` was one expression, and a part used twice was written twice or
 * moved into a `define` of its own.
 */

const GAME = `game "Blocks" { players 2 }
kind Card { v: number }
zone deck: Card public
per player { score: number = 0 }
components Card in deck { x3 { v: 2 } }
define worth(c: Card): number {
  let base = c.v * 2
  let bonus: number = if base > 3 then base - 3 else 0
  base + bonus
}
define doubled(n: number): number { n * 2 }
flow {
  turn players[0] {
    let c = choose c from deck where worth(c) > 0 prompt "Play"
    players[0].score += worth(c) + doubled(1)
  }
}
scoring p { points p.score }
example "worth" {
  expect players[0].score == 7
  expect worth(first c in deck) == 5
}
`;

describe("a define's block body", () => {
  it("names its parts with `let`, in order, and gives the last expression", () => {
    const r = compile(GAME, "blocks.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => [x.title, x.passed, x.failure?.message])).toEqual([["worth", true, undefined]]);
    // The reference closures play it as the generated JavaScript does.
    const reference = new Game(r.game!.def, r.game!.variantDefs, "closures");
    expect(reference.start({ players: 2, seed: 1 }).result?.scores).toEqual([7, 0]);
    expect(r.game!.start({ players: 2, seed: 1 }).result?.scores).toEqual([7, 0]);
  });

  it("checks its parts as a block's: a name declared twice, a wrong type, an unread part, an unknown name", () => {
    const src = `game "Blocks" { players 2 }
per player { score: number = 0 }
define twice(n: number): number {
  let a = n
  let a = a * 2
  let b: text = a
  missing + a
}
flow { turn players[0] { players[0].score += twice(1) } }
scoring p { points p.score }
`;
    const r = compile(src, "blocks.stela");
    expect(r.diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.severity} ${d.code}`)).toEqual([
      "5:7 error duplicate-name",
      "6:7 warning unused-variable",
      "6:17 error type-mismatch",
      "7:3 error unknown-name",
    ]);
    // A define assigns nothing: not "to change it, write `a = …`".
    expect(r.diagnostics[0]!.message).toBe("`a` is already declared in this block (line 4): a name here is given once: choose another");
  });
});

describe("a `[` or `(` that begins a line", () => {
  it("starts the block's value after a `let`, not an index or a call of the line before", () => {
    const src = `game "Lines" { players 2 }
per player { score: number = 0 }
define counts(n: number): list of number {
  let top = min(3, n)
  [k for k in 1..top]
}
define shifted(n: number): number {
  let a = n * 10
  (a + 1) * 2
}
flow {
  players[0].score = sum k for k in counts(5)
  players[1].score = shifted(1) + max(1,
    2)
}
scoring p { points p.score }
`;
    const r = compile(src, "lines.stela");
    expect(r.diagnostics).toEqual([]);
    // 1 + 2 + 3, and (10 + 1) * 2 + 2: a call's arguments may still run over lines.
    expect(r.game!.start({ players: 2, seed: 1 }).result?.scores).toEqual([6, 24]);
  });
});
