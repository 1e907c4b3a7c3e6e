import { describe, expect, it } from "vitest";
import { readAnswer } from "../../interpreter/cli/play-answer.ts";
import { ruleFiles, stela } from "./run-stela.ts";
import { pickHow, readPick } from "../../interpreter/cli/play-answer.ts";

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
  // Items whose ids are numbers: "3" is the id of the second item and the number of the third.
  "pick-numbers.stela": `game "Pick numbers" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let two = choose 2 n from 1..4 where n > 1 prompt "Two numbers"
    current.score = sum n for n in two
  }
}
`,
  // Keep 2 of 5 tiles, two of them alike; or up to 2 coins.
  "keep.stela": `game "Keep" { players 2 }
enum Res { gold "Gold", wood "Wood", corn "Corn" }
per player { score: number = 0 }
scoring p { points p.score }
flow {
  turn players[0] {
    let kept = choose 2 r from [gold, wood, corn, corn] prompt "Keep two"
    current.score = count r in kept where r == corn
    let coins = choose up to 2 c from [1, 2, 5] label "coin {c}" prompt "Take coins"
    current.score += 10 * sum c for c in coins
  }
}
`,
});

const play = (file: string, answers: string[]) => stela(["play", files[file]!, "--players", "2", "--bots", "2"], answers.join("\n") + "\n");
const score = (out: string): string | undefined => {
  const m = /Game over\. (?:1\. Player 1 \((\d+)\)|Every seat scored (\d+))/.exec(out);
  return m?.[1] ?? m?.[2];
};

describe("stela play: numbers that are ids", () => {
  it("lists a choice of numbers by the numbers themselves", () => {
    // A trick-taking game's designer met "is both the id of option 3 and the number of option 2" at every bid.
    expect(play("numbers.stela", ["q"]).out).toContain("Player 1: How many?\n    2. 2\n    3. 3\nchoose a number as listed, or its label (q to quit): ");
  });

  it("takes the number typed as the one listed", () => {
    expect(score(play("numbers.stela", ["3"]).out)).toBe("3");
    expect(score(play("numbers.stela", ["2"]).out)).toBe("2");
    // `#n` is still the n-th option listed.
    expect(score(play("numbers.stela", ["#2"]).out)).toBe("3");
  });

  it("puts a refused number to the rules, which say why", () => {
    const r = play("numbers.stela", ["1", "q"]);
    expect(r.out).toContain("refused: 1 is not allowed: Take more than one\n");
    expect(r.out).not.toContain("Game over");
    const high = play("high.stela", ["3", "q"]);
    expect(high.out).toContain("refused: 3 is not allowed: Take four or more\n");
  });

  it("a number that is no option at all says which to type", () => {
    expect(play("numbers.stela", ["7", "q"]).out).toContain('"7" is not an option: type one of the numbers listed (2, 3)\n');
  });

  it("a choice of ids of other kinds is listed by place, and a number that is both an id and a place is asked about", () => {
    // Ids "2" and "x": not all numbers, so listed by place, and "2" could mean either.
    const answer = readAnswer("2", [{ id: "2", label: "two" }, { id: "x", label: "ex" }], () => false);
    expect(answer).toEqual({ kind: "again", message: '"2" is both the id of option 1 (two) and the number of option 2 (ex): type [2] for option 1 or #2 for option 2' });
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

describe("stela play: several items at once", () => {
  it("lists the items, not every combination, and takes them by number in any order, an item alike typed twice", () => {
    const r = play("keep.stela", ["3 3", "3 1"]);
    expect(r.out).toContain("Player 1: Keep two\n    1. Gold  [gold]\n    2. Wood  [wood]\n    3. Corn (2 alike)  [corn]\n");
    expect(r.out).toContain("type 2 item numbers or ids, separated by spaces (q to quit): ");
    expect(r.out).toContain("type up to 2 item numbers or ids, separated by spaces (- for none) (q to quit): ");
    expect(score(r.out)).toBe("62");
  });

  it("says what is wrong with a pick and asks again: too few, too many, an item twice, no such item", () => {
    const r = play("keep.stela", ["1", "1 2 3", "1 1", "gold 9", "wood, gold", "-"]);
    expect(r.out).toContain("that is 1 item: type 2 item numbers or ids, separated by spaces\n");
    expect(r.out).toContain("that is 3 items: type 2 item numbers or ids");
    expect(r.out).toContain("there is only one of Gold: type 2 item numbers or ids");
    expect(r.out).toContain('"9" is not one of the items: type 2 item numbers or ids');
    // Ids, separated by a comma; then none of the coins (`up to`).
    expect(score(r.out)).toBe("0");
  });

  it("takes a whole option's id, as listed by `stela simulate` and the log", () => {
    expect(score(play("keep.stela", ["gold+corn", "coin 1 and coin 2"]).out)).toBe("31");
  });

  it("asks which is meant when a typed number is one item's id and another item's number", () => {
    const r = play("pick-numbers.stela", ["3 4", "#1 [4]"]);
    expect(r.out).toContain('"3" is both the id of item 2 (3) and the number of item 3 (4): type [3] for item 2 or #3 for item 3\n');
    expect(score(r.out)).toBe("6");
    expect(score(play("pick-numbers.stela", ["[3] [4]"]).out)).toBe("7");
    expect(score(play("pick-numbers.stela", ["#1 #2"]).out)).toBe("5");
  });
});

describe("stela play: how many items a pick takes", () => {
  const items = ["a", "b", "c", "d"].map((id) => ({ id, label: id.toUpperCase(), copies: 1 }));
  it("`choose at least 2` of four reads 2 to 4, and picking none is refused", () => {
    const pick = { count: 4, least: 2, upTo: false, items };
    expect(pickHow(pick)).toBe("type 2 to 4 item numbers or ids, separated by spaces");
    expect(readPick("-", pick, [])).toEqual({ kind: "again", message: "pick 2 to 4: type 2 to 4 item numbers or ids, separated by spaces" });
    expect(readPick("1", pick, [])).toEqual({ kind: "again", message: "that is 1 item: type 2 to 4 item numbers or ids, separated by spaces" });
    expect(readPick("1 2 3", pick, [{ id: "a+b+c", label: "A, B and C" }])).toEqual({ kind: "take", id: "a+b+c" });
  });
});
