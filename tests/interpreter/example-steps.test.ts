import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../interpreter/index.ts";

/**
 * An example's `random [6, 5, 1]`: the rules' next `random` calls give these values, so a
 * rulebook's "the attacker rolls 6, 5 and 1" is laid out as written (two new users tried seeds
 * until one rolled what their example needed, and a rule test-only variable to rig the dice).
 */
describe("examples: random [...]", () => {
  const source = `game "Dice" { players 2 }
per player { score: number = 0 }
procedure roll(n: number): list of number {
  return [random(1..6) for _ in 1..n]
}
flow {
  for p in players {
    turn p {
      let k = choose k from 1..3 prompt "How many dice?"
      let rolled = roll(k)
      p.score = sum d for d in rolled
    }
  }
}
scoring p { points p.score }

example "Three dice: 6, 5 and 1 score 12; then 4" {
  random [6, 5, 1]
  choose "3"
  expect players[0].score == 12
  random [4]
  choose "1"
  expect scores [12, 4]
}

example "A die never shows 7" {
  random [7]
  choose "1"
  expect players[0].score == 7
}

example "Two draws given, one taken" {
  random [2, 3]
  choose "1"
  expect players[0].score == 2
}
`;

  it("gives the rules' next draws, refuses a value the draw cannot give, and says when the rules drew fewer", () => {
    const r = compile(source, "dice.stela");
    expect(r.diagnostics).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => x.passed)).toEqual([true, false, false]);
    expect(results[1]!.failure!.message).toBe("the rules failed: the example's `random` (line 27) gives 7 for this draw, but it draws from [1, 2, 3, 4, 5, 6] (line 4)");
    expect(results[2]!.failure).toMatchObject({ message: "the rules never drew the last value this `random` gives: no `random` call came after it", span: { start: { line: 33, column: 3 } } });
  });

  it("is a list: anything else is a type error at it", () => {
    const r = compile(source.replace("random [7]", "random 7"), "dice.stela");
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["type-mismatch", 27]]);
  });

  it("leaves the generator alone in every other match: the same seed plays as before", () => {
    const game = compile(source.replace(/example[\s\S]*$/, ""), "dice.stela").game!;
    const a = game.start({ players: 2, seed: 5 });
    const b = game.start({ players: 2, seed: 5 });
    a.apply("3");
    b.apply("3");
    expect(a.playerVar(0, "score")).toBe(b.playerVar(0, "score"));
    expect(readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8")).toContain("random [6, 5, 1]");
  });

  it("a failed expect quotes its condition as written, brackets and all", () => {
    const bracketed = source.replace('expect players[0].score == 12\n', 'expect players[0].score == 12\n  expect (sum p.score for p in players) == 11\n  expect (players[0].score) > 20\n');
    const results = runExamples(compile(bracketed, "dice.stela").game!);
    expect(results[0]!.failure!.message).toBe("expected (sum p.score for p in players) == 11");
    const holds = runExamples(compile(bracketed.replace("== 11", "== 12"), "dice.stela").game!);
    expect(holds[0]!.failure!.message).toBe("expected (players[0].score) > 20, but it does not hold");
  });

  it("a failed conjunction says which part failed first, with both sides of an ==", () => {
    const joined = source.replace("expect players[0].score == 12\n", "expect players[0].score == 12 and players[1].score == 5 and players[0].score > 1\n");
    const [r] = runExamples(compile(joined, "dice.stela").game!);
    expect(r!.failure).toMatchObject({ message: "expected players[0].score == 12 and players[1].score == 5 and players[0].score > 1: players[1].score == 5 does not hold", expected: "5", got: "0" });
    const last = runExamples(compile(joined.replace("== 5", "== 0").replace("> 1", "> 20"), "dice.stela").game!);
    expect(last[0]!.failure!.message).toBe("expected players[0].score == 12 and players[1].score == 0 and players[0].score > 20, but players[0].score > 20 does not hold");
  });

  it("an == part comparing with a map literal shows both sides, the literal taking its enum from the other side", () => {
    const game = compile(`game "Stock" { players 2 }
enum Res { wood, stone }
per player { stock: per Res number = { else: 1 } }
flow { log "x" }
scoring p { points 0 }
example "map part" {
  expect players[1].stock == { wood: 1, else: 1 } and players[0].stock == { else: 3 }
}
`, "stock.stela").game!;
    expect(runExamples(game)[0]!.failure).toMatchObject({ message: "expected players[1].stock == { wood: 1, else: 1 } and players[0].stock == { else: 3 }: players[0].stock == { else: 3 } does not hold", expected: "wood 3, stone 3", got: "wood 1, stone 1" });
  });

  it("a rule failing before the first step says so, with its line", () => {
    const broken = source.replace('per player { score: number = 0 }', 'per player { score: number = 0 }\nsetup { let n = 1 / 0 }');
    const results = runExamples(compile(broken, "dice.stela").game!);
    expect(results[0]!.failure!.message).toMatch(/^the rules failed before the example's first step \(in `setup`, or the flow up to its first decision\) \(line 3\): /);
  });

  it("gives a space as drawn, and names spaces as players read them when the value is none of them", () => {
    const spaces = `game "D" { players 2 }
board b: grid(3, 3)
var spot: space
flow { turn players[0] { let _n = choose n from 1..2 prompt "P"  spot = random(spaces(b)) } }
scoring p { points 0 }
example "a space drawn" {
  random [space_named(b, "b2")]
  choose "1"
  expect spot == space_named(b, "b2")
}
example "no such draw" {
  random [7]
  choose "1"
}
`;
    const results = runExamples(compile(spaces, "d.stela").game!);
    expect(results[0]!.passed).toBe(true);
    expect(results[1]!.failure!.message).toBe("the rules failed: the example's `random` (line 12) gives 7 for this draw, but it draws from [a1, b1, c1, a2, b2, c2, a3, b3, c3] (line 4)");
  });
});


/**
 * A failed `expect scores` shows the rules' per-seat measures as they stand: totals alone did not
 * show a designer where a point was missing (their example forgot a track's -10; the measures that
 * say where each seat's points come from showed it).
 */
describe("examples: a failed expect scores", () => {
  const source = `game "Parts" { players 2 }
per player { gold: number = 0  water: number = 0 }
flow {
  for p in players {
    turn p {
      let k = choose k from 1..3 prompt "Gold"
      p.gold += k
      p.water -= 1
    }
  }
}
scoring p { points p.gold + p.water }
measure "Gold" p { p.gold }
measure "Water" p { p.water }
measure "Rich" p { p.gold > 2 }
measure "Total gold" { sum p.gold for p in players }

example "forgot the water" {
  choose "3"
  choose "1"
  expect scores [3, 1]
}
`;

  it("names each per-seat number measure with its values by seat", () => {
    const results = runExamples(compile(source, "parts.stela").game!);
    expect(results[0]!.failure!.message).toBe("the scores differ; the measures by seat now: Gold [3, 1], Water [-1, -1]");
    // Without measures, the totals alone.
    const bare = runExamples(compile(source.replace(/measure[^\n]*\n/g, ""), "parts.stela").game!);
    expect(bare[0]!.failure!.message).toBe("the scores differ");
  });
});
