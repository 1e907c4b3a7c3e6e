import { describe, expect, it } from "vitest";
import { ruleFiles, stela } from "./run-stela.ts";

/** `stela play` when options' ids are numbers: a typed number is never a guess between an id and a place in the list. */

const files = ruleFiles({
  // Lists `1. 2 [2]` and `2. 3 [3]`: "2" is the first option's id and the second option's number.
  "numbers.stela": `game "Numbers" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let n = choose n from 1..3 where n > 1 else "Take more than one" prompt "How many?"
    current.score = n
  }
}
`,
  // Lists `1. 4 [4]` and `2. 5 [5]`: 3 is refused by the rules and is no option's number.
  "high.stela": `game "High" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let n = choose n from 1..5 where n > 3 else "Take four or more" prompt "How many?"
    current.score = n
  }
}
`,
  // Squares are listed by label (`b1`) with an id no player would type (`field:1,0`).
  "squares.stela": `game "Squares" { players 2 }
board field: grid(3, 1)
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let s = choose s from spaces(field) where s.x > 0 else "Not the first square" prompt "Where?"
    current.score = s.x + 1
  }
}
`,
  // Two options that read alike: typing the label would be a guess.
  "alike.stela": `game "Alike" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let n = choose n from 1..2 label "a coin" prompt "Which?"
    current.score = n
  }
}
`,
});

const play = (file: string, answers: string[]) => stela(["play", files[file]!, "--players", "2", "--bots", "2"], answers.join("\n") + "\n");
const score = (out: string): string | undefined => /Game over\. 1\. Player 1 \((\d+)\)/.exec(out)?.[1];

describe("stela play: numbers that are ids", () => {
  it("lists the options with their ids", () => {
    expect(play("numbers.stela", ["q"]).out).toContain("Player 1: How many?\n    1. 2  [2]\n    2. 3  [3]\n");
  });

  it("takes an id that is no option's number (3 is offered, and there is no option 3)", () => {
    const r = play("numbers.stela", ["3"]);
    expect(r.code).toBe(0);
    expect(score(r.out)).toBe("3");
  });

  it("asks which is meant when a number is one option's id and another's number, and plays nothing meanwhile", () => {
    const r = play("numbers.stela", ["2", "q"]);
    expect(r.out).toContain('"2" is both the id of option 1 (2) and the number of option 2 (3): type [2] for option 1 or #2 for option 2\n');
    expect(r.out).not.toContain("Game over");
    expect(score(play("numbers.stela", ["2", "[2]"]).out)).toBe("2");
    expect(score(play("numbers.stela", ["2", "#2"]).out)).toBe("3");
  });

  it("puts a refused id to the rules, which say why, and tells how to take the option of that number", () => {
    const r = play("numbers.stela", ["1", "q"]);
    expect(r.out).toContain("refused: 1 is not allowed: Take more than one (option 1 is 2: type #1 to take it)\n");
    expect(r.out).not.toContain("Game over");
    const high = play("high.stela", ["3", "q"]);
    expect(high.out).toContain("refused: 3 is not allowed: Take four or more\n");
  });

  it("a number that is no option's number and no option at all still says what to type", () => {
    expect(play("numbers.stela", ["7", "q"]).out).toContain('"7" is not an option: type a number from 1 to 2, or an option id\n');
  });
});

describe("stela play: an option by its label", () => {
  it("takes an offered option typed as it is listed, in any case", () => {
    expect(score(play("squares.stela", ["c1"]).out)).toBe("3");
    expect(score(play("squares.stela", ["B1"]).out)).toBe("2");
  });

  it("puts a refused option typed by its label to the rules, which say why", () => {
    const r = play("squares.stela", ["a1", "q"]);
    expect(r.out).toContain("refused: a1 is not allowed: Not the first square\n");
    expect(r.out).not.toContain("Game over");
  });

  it("asks which is meant when two options read alike, and plays nothing meanwhile", () => {
    const r = play("alike.stela", ["a coin", "q"]);
    expect(r.out).toContain('"a coin" is the label of options 1 and 2: type the number or the id of the one you mean\n');
    expect(r.out).not.toContain("Game over");
  });
});
