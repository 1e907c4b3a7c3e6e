import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/index.ts";

/**
 * The hints that point back at a line left unfinished or a bracket left open must not point at a
 * continuation meant as one: a body indented under `define … =`, a list laid over several lines
 * with a mistake inside (`tests/fixtures/parse/unfinished-line.stela` and `unclosed-bracket.stela`
 * have the cases where they must).
 */
function errors(body: string): { at: string; hint?: string }[] {
  const source = `game "Hints" { players 2 }
per player { score: number = 0 }
${body}
scoring p { points p.score }
`;
  return compileRules(source, "hints.stela")
    .diagnostics.filter((d) => d.severity === "error")
    .map((d) => (d.hint === undefined ? { at: `${d.span.start.line}:${d.span.start.column}` } : { at: `${d.span.start.line}:${d.span.start.column}`, hint: d.hint }));
}

describe("parser hints", () => {
  it("say nothing of a define's body indented on the next line", () => {
    expect(errors(`define f(n: number): bool =
  n > 0 andd n < 3
flow { end game }`)).toEqual([{ at: "4:9" }]);
  });

  it("say nothing of a bracket closed further on (a comma missing inside a list over several lines)", () => {
    expect(errors(`flow {
  let xs = [
    1,
    2
    3,
  ]
  players[0].score = size(xs)
  end game
}`)).toEqual([{ at: "7:5" }]);
  });

  it("name the line a statement was left unfinished on", () => {
    expect(errors(`flow {
  let x =
  players[0].score += 1
  end game
}`)).toEqual([{ at: "5:20", hint: "line 4 ends with `=`, so the next line was read as its continuation: is something missing at the end of line 4?" }]);
  });

  it("name no brace when every `{` is closed where the layout says (a stray word inside a block)", () => {
    const found = errors(`flow {
  for p in players {
    turn p { p.score += 1 2 }
  }
  end game
}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((e) => e.hint?.includes("{"))).toEqual([]);
  });

  it("name the inner `{` whose `}` was taken by the outer block, not the outer one", () => {
    expect(errors(`flow {
  if true {
    for p in players {
      p.score += 1
  }
  end game
}`)).toEqual([{ at: "10:1", hint: "the `{` on line 5 may be missing its `}`: the `}` on line 7, indented for an outer block, is read as closing it" }]);
  });
});
