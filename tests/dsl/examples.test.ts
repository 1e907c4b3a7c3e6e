import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, runExamples } from "../../interpreter/index.ts";
import { gameFiles, loadGame, readGame } from "../support/games.ts";

/**
 * `example` blocks: checked like the rules (file:line:col), run to the first
 * difference with expected against got, and every game's rulebook examples
 * pass (a deliberately wrong number makes one fail, with a clear message).
 */

const readme = readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8");
const HARVEST = [...readme.matchAll(/```stela\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('game "Harvest"'))!;

/** The README's small game with its examples replaced by `examples`. */
function harvest(examples: string): string {
  return HARVEST.slice(0, HARVEST.indexOf("// A seed sown")) + examples;
}

function errors(source: string): string[] {
  return compile(source, "h.stela")
    .diagnostics.filter((d) => d.severity === "error")
    .map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code}: ${d.message}`);
}

const line = (source: string, text: string) => source.split("\n").findIndex((l) => l.includes(text)) + 1;

describe("example blocks: checking", () => {
  it("the README's game checks, and both its examples pass", () => {
    const r = compile(HARVEST, "harvest.stela");
    expect(r.diagnostics).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => [x.title, x.passed])).toEqual([
      ["Sowing scores 1, and a taken space is refused", true],
      ["Laid out with triggers, the handlers run", true],
    ]);
  });

  it("the README's dice example passes: a roll laid out, the rolls after it given with random", () => {
    const dice = [...readme.matchAll(/```stela\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('game "Dice race"'))!;
    const r = compile(dice, "dice.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => [x.title, x.passed])).toEqual([["A roll laid out, then the next rolls given: 3, then 4, then 6", true]]);
    // Given otherwise, the rolls fail it: the example reads them.
    const wrong = compile(dice.replace("random [4, 6]", "random [5, 6]"), "dice.stela");
    expect(runExamples(wrong.game!).map((x) => x.passed)).toEqual([false]);
  });

  it("an unknown name in an example is an error at its line and column, with a hint", () => {
    const src = harvest(`example "typo" {\n  position {\n    players[0].scor = 3\n  }\n  expect players[0].score == 3\n}\n`);
    const at = line(src, "players[0].scor =");
    expect(errors(src)).toEqual([`${at}:5 not-assignable: players have no variable \`scor\` (declare it in \`per player { … }\`)`]);
  });

  it("a wrong type, a setting after the first step and a choice inside a position are errors", () => {
    const src = harvest(
      `example "bad" {\n  choose "corn"\n  seed 3\n  position {\n    let q = choose q from players prompt "Who?"\n  }\n  expect players[0].score == "one"\n}\n`,
    );
    const e = errors(src);
    expect(e).toEqual([
      `${line(src, "seed 3")}:3 invalid-example: \`seed\` says how the match starts: write it before the position and the decisions`,
      `${line(src, 'prompt "Who?"')}:13 invalid-example: a position only lays the table out: take decisions with \`choose "label"\` after it`,
      `${line(src, "== \"one\"")}:10 type-mismatch: cannot compare number with text`,
    ]);
  });

  it("refuses a player count the game does not have, and an unknown step", () => {
    const src = harvest(`example "three" {\n  players 3\n  shuffle players[0].bag\n}\n`);
    expect(errors(src)).toEqual([
      `${line(src, "players 3")}:11 invalid-example: the game is for 2 players, not 3`,
      `${line(src, "shuffle players")}:3 parse-unexpected-token: expected a step of an example (\`players\`, \`seed\`, \`variant\`, \`ask always\`, \`position\`, \`random\`, \`choose\`, \`expect\`) but found \`shuffle\``,
    ]);
  });

  it("takes the seeds `--seed` takes, and refuses the rest at the seed with the CLI's words", () => {
    const seeded = (seed: string) => harvest(`example "seeded" {\n  seed ${seed}\n  choose "corn"\n}\n`);
    for (const seed of ["0", "4294967295"]) expect(errors(seeded(seed))).toEqual([]);
    const at = (seed: string) => `${line(seeded(seed), `seed ${seed}`)}:8`;
    expect(errors(seeded("-1"))).toEqual([`${at("-1")} invalid-example: \`seed\` takes a whole number from 0 to 4,294,967,295, not -1`]);
    // 2^32 + 1 would play the match of seed 1 under another name, as `--seed 4294967297` would play its run.
    expect(errors(seeded("4294967297"))).toEqual([`${at("4294967297")} invalid-example: \`seed\` takes at most 4,294,967,295 (seeds are 32-bit numbers), not 4294967297`]);
    expect(errors(seeded("99999999999999999999"))).toEqual([
      `${at("99999999999999999999")} invalid-example: \`seed\` takes at most 4,294,967,295 (seeds are 32-bit numbers), not 99999999999999999999`,
    ]);
    expect(errors(seeded("1.5"))).toEqual([`${at("1.5")} type-mismatch: \`seed\` is a whole number`]);
  });
});

describe("example blocks: running", () => {
  it("stops at the first difference, with the step's place and expected against got", () => {
    const src = harvest(`example "wrong" {\n  choose "corn"\n  choose "a1"\n  expect players[0].score == 2\n  expect players[1].score == 5\n}\n`);
    const [r] = runExamples(compile(src, "h.stela").game!);
    expect(r!.passed).toBe(false);
    expect(r!.failure).toMatchObject({ message: "expected players[0].score == 2", expected: "2", got: "1" });
    expect(r!.failure!.span.start.line).toBe(line(src, "score == 2"));
  });

  it("says why an option is refused, why a decision cannot be taken, and when a reason differs", () => {
    const src = harvest(
      `example "offered" {\n  position { place first q in players[1].bag at space_at(field, 0, 0) }\n  choose "corn"\n  expect offered "a1"\n}\n` +
        `example "reason" {\n  position { place first q in players[1].bag at space_at(field, 0, 0) }\n  choose "corn"\n  expect refused "a1" because "too far"\n}\n` +
        `example "choose" {\n  choose "corn"\n  choose "e1"\n}\n` +
        `example "over" {\n  expect over\n}\n` +
        `example "whose" {\n  choose "corn"\n  choose "a1" by players[1]\n}\n`,
    );
    const results = runExamples(compile(src, "h.stela").game!);
    expect(results.map((x) => x.failure && { message: x.failure.message, expected: x.failure.expected, got: x.failure.got })).toEqual([
      { message: '"a1" is not offered: That space is taken', expected: "offered", got: "refused: That space is taken" },
      { message: '"a1" is refused for another reason', expected: "too far", got: "That space is taken" },
      { message: 'Player 1 has no option "e1" (prompt: Where?; options: "a1", "b1", "c1", "d1")', expected: undefined, got: undefined },
      { message: "the game is not over", expected: "the game over", got: "Sow a seed (waiting for Player 1)" },
      // Asked of the wrong seat: not "Player 2 has no option … options: none".
      { message: "it is not Player 2's decision: Player 1 decides now (prompt: Where?)", expected: undefined, got: undefined },
    ]);
  });

  it("a step that finds another decision than it meant says whose it is and what was taken without asking", () => {
    const src = `game "Forced" { players 2 }
per player { score: number = 0 }
flow {
  turn players[0] {
    let k = choose k from 1..3 where k == 2 label "take {k}" prompt "How many?"
    players[0].score += k
  }
  turn players[1] {
    let j = choose j from 1..2 label "then {j}" prompt "And then?"
    players[1].score += j
  }
}
scoring p { points p.score }
example "refused" {
  expect refused "take 3" because "too many"
}
example "chosen" {
  choose "take 3"
}
`;
    const results = runExamples(compile(src, "forced.stela").game!);
    // Taken as the match started, before any step: said so, with the way to stop there.
    const taken = "; taken without asking as the match started, before the example's steps: Player 1: take 2 (`ask always` in the example stops at each)";
    expect(results.map((x) => x.failure?.message)).toEqual([
      `no option has the label "take 3" (Player 2 decides now, prompt: And then?), so no rule refuses it; the nearest labels: "then 1", "then 2"${taken}`,
      `Player 2 has no option "take 3" (prompt: And then?; options: "then 1", "then 2")${taken}`,
    ]);
  });

  it("a refusal read at a later decision than meant says whose it is and what was taken without asking", () => {
    // Player 1's choice has one legal option, so it is taken without asking and the steps read
    // Player 2's: without the context, "refused for another reason" reads as a wrong rule.
    const src = `game "Forced" { players 2 }
per player { score: number = 0 }
flow {
  turn players[0] {
    let k = choose k from 1..3 where k == 2 else "only two" label "take {k}" prompt "How many?"
    players[0].score += k
  }
  turn players[1] {
    let j = choose j from 1..3 where j <= 2 else "two at most" label "take {j}" prompt "And then?"
    players[1].score += j
  }
}
scoring p { points p.score }
example "reason" {
  expect refused "take 3" because "only two"
}
example "offered" {
  expect refused "take 1" because "only two"
}
example "not offered" {
  expect offered "take 3"
}
`;
    const results = runExamples(compile(src, "forced.stela").game!);
    const at = ' at Player 2\'s decision "And then?"; taken without asking as the match started, before the example\'s steps: Player 1: take 2 (`ask always` in the example stops at each)';
    expect(results.map((x) => x.failure?.message)).toEqual([
      `"take 3" is refused for another reason${at}`,
      `"take 1" is offered${at}`,
      `"take 3" is not offered: two at most${at}`,
    ]);
  });

  it("`expect not over` holds while the game goes on and fails once it has ended", () => {
    const src = `game "Two picks" { players 1 }
flow {
  turn players[0] { let a = choose a from 1..2 prompt "Pick" }
  turn players[0] { let b = choose b from 1..2 prompt "Again" }
}
scoring p { points 0 }
example "going on" {
  choose "1"
  expect not over
}
example "ended" {
  choose "1"
  choose "2"
  expect not over
}
`;
    const results = runExamples(compile(src, "two.stela").game!);
    expect(results.map((x) => [x.title, x.passed, x.failure?.message, x.failure?.expected, x.failure?.got])).toEqual([
      ["going on", true, undefined, undefined, undefined],
      ["ended", false, "the game is over", "the game going on", "the game over: scores 0"],
    ]);
  });

  it("a failing `expect` says what the rules took without asking since the last step", () => {
    // A position that leaves one option runs the match on by itself: the expectation then reads a
    // later position, and the failure says which choices moved it there.
    const src = `game "Forced" { players 1 }
per player { score: number = 0 }
flow {
  turn players[0] {
    let k = choose k from 1..3 where k >= players[0].score label "take {k}" prompt "How many?"
    players[0].score += 10 * k
  }
  turn players[0] { let j = choose j from 1..2 label "then {j}" prompt "And then?" }
}
scoring p { points p.score }
example "forced" {
  position { players[0].score = 3 }
  expect players[0].score == 3
}
`;
    const [r] = runExamples(compile(src, "forced.stela").game!);
    expect(r!.failure).toMatchObject({ message: "expected players[0].score == 3; taken without asking since the last step: Player 1: take 3", expected: "3", got: "33" });
  });

  it("a pick of several: a refused combination holds with its item's reason; a misspelt one fails, naming the nearest items", () => {
    const src = `game "Pick" { players 2 }
per player { coins: number = 0 }
flow {
  turn players[0] {
    let two = choose 2 c from ["Gold", "Wood", "Corn", "Stone"] where c != "Stone" else "Stone is too heavy" prompt "Take two"
    players[0].coins += size(two)
  }
}
scoring p { points p.coins }
example "holds" {
  expect offered "Gold and Wood"
  expect refused "Gold and Stone" because "Stone is too heavy"
  expect refused "Wood and Gold"
}
example "misspelt" {
  expect refused "Gold and Wod"
}
example "not a list" {
  expect refused "Gold, Wood"
}
`;
    const r = compile(src, "pick.stela");
    expect(r.diagnostics).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => [x.title, x.passed, x.failure?.message])).toEqual([
      // Another order names the same pick, which is offered: "Wood and Gold" is not refused.
      ["holds", false, '"Wood and Gold" is offered'],
      ["misspelt", false, 'no option has the label "Gold and Wod" (Player 1 decides now, prompt: Take two), so no rule refuses it; a pick of several is named by its items, as "A, B and C"; the nearest items: "Wood", "Gold", "Corn"'],
      ["not a list", false, 'no option has the label "Gold, Wood" (Player 1 decides now, prompt: Take two), so no rule refuses it; a pick of several is named by its items, as "A, B and C"; the items: "Corn", "Gold", "Stone", "Wood"'],
    ]);
  });

  it("a named option's `when … else` says why it is not offered, to apply and to `expect refused`", () => {
    const src = `game "Named" { players 2 }
per player { coins: number = 1 }
flow {
  turn players[0] {
    choose prompt "Act" ask always {
      option "Buy" when current.coins >= 3 else "You need 3 coins" { current.coins -= 3 }
      option "Borrow" when current.coins == 0 { current.coins += 1 }
      option "Rest" { current.coins += 1 }
    }
  }
}
scoring p { points p.coins }
example "refusals" {
  expect refused "Buy" because "You need 3 coins"
  expect refused "Borrow" because "current.coins == 0"
  expect offered "Rest"
}
`;
    const r = compile(src, "named.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => [x.title, x.passed, x.failure?.message])).toEqual([["refusals", true, undefined]]);
    const m = r.game!.start({ players: 2 });
    expect(m.options(0).map((o) => o.label)).toEqual(["Rest"]);
    expect(m.apply("buy", 0)).toEqual({ ok: false, code: "illegal-option", reason: "Buy is not allowed: You need 3 coins" });
    expect(m.apply("borrow", 0)).toEqual({ ok: false, code: "illegal-option", reason: "Borrow is not allowed: this must hold: current.coins == 0" });
    expect(m.apply("fly", 0)).toMatchObject({ ok: false, code: "unknown-option" });
  });

  it("a named option whose `when` is a rule, with no `else`, is refused in the rule's words", () => {
    // As `where rule(x)` is: a new user's "option B when can_b(p)" was refused as "this must hold: can_b(p)", code shown to players.
    const src = `game "Named" { players 2 }
per player { s: number = 1 }
rule can_b(p: player) { require p.s != 1 else "One is unlucky" }
flow {
  turn players[0] {
    choose prompt "Act" ask always {
      option "A" { current.s += 1 }
      option "B" when can_b(current) { current.s += 2 }
    }
  }
}
scoring p { points p.s }
example "unlucky" {
  expect refused "B" because "One is unlucky"
}
`;
    const r = compile(src, "rule-when.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => x.failure?.message)).toEqual([undefined]);
    expect(r.game!.start({ players: 2 }).apply("b", 0)).toEqual({ ok: false, code: "illegal-option", reason: "B is not allowed: One is unlucky" });
  });

  it("`expect refused` with a label no option has fails, naming the nearest labels, told apart from a refusal", () => {
    // The label was misspelt, so no option had it and it counted as refused: the step passed and
    // proved nothing.
    const src = `game "Named" { players 2 }
per player { coins: number = 1 }
flow {
  turn players[0] {
    choose prompt "Act" ask always {
      option "Buy a card" when current.coins >= 3 else "You need 3 coins" { current.coins -= 3 }
      option "Borrow" when current.coins == 0 { current.coins += 1 }
      option "Rest" { current.coins += 1 }
      option "Buy a tile" { current.coins += 1 }
    }
  }
}
scoring p { points p.coins }
example "misspelt" {
  expect refused "Buy a crad"
}
example "misspelt, with a reason" {
  expect refused "Buy a crad" because "You need 3 coins"
}
example "refused" {
  expect refused "Buy a card"
  expect refused "Buy a card" because "You need 3 coins"
}
example "not offered, either way" {
  expect not offered "Buy a card"
  expect not offered "Buy a card and a tile"
}
example "not offered, but offered" {
  expect not offered "Rest"
}
`;
    const r = compile(src, "named.stela");
    expect(r.diagnostics).toEqual([]);
    const message = 'no option has the label "Buy a crad" (Player 1 decides now, prompt: Act), so no rule refuses it; the nearest labels: "Buy a card", "Buy a tile", "Borrow"';
    expect(runExamples(r.game!).map((x) => [x.title, x.failure && { message: x.failure.message, expected: x.failure.expected, got: x.failure.got }])).toEqual([
      ["misspelt", { message, expected: "refused", got: "no such option" }],
      ["misspelt, with a reason", { message, expected: "refused: You need 3 coins", got: "no such option" }],
      ["refused", undefined],
      // `expect not offered`: a label the rules never make holds as well as a refused one.
      ["not offered, either way", undefined],
      ["not offered, but offered", { message: '"Rest" is offered', expected: "not offered", got: "offered" }],
    ]);
  });

  it("a `where` that is an `or` with a rule in it refuses with the rule's reason", () => {
    const src = `game "Or" { players 2 }
per player { score: number = 0 }
rule fits(n: number) {
  require n < 2 else "too big for the box"
}
flow {
  turn players[0] {
    let n = choose n from 1..5 where n == 5 or fits(n) prompt "Pick" ask always
    players[0].score = n
  }
}
scoring p { points p.score }
example "refused" {
  expect refused "3" because "too big for the box"
  expect offered "5"
}
`;
    const r = compile(src, "or.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => x.failure?.message)).toEqual([undefined]);
    expect(r.game!.start({ players: 2 }).apply("3", 0)).toMatchObject({ ok: false, reason: "3 is not allowed: too big for the box" });
  });

  it("`by p` reads before `because` as well as after it, in a secret choice", () => {
    const src = `game "Both" { players 2 }
per player { score: number = 0 }
flow {
  let picks = secretly each p in players chooses n from 1..4 where n <= p.seat + 2 else "{p} may take {p.seat + 2} at most" prompt "Pick"
  for p in players { p.score = picks[p] }
}
scoring p { points p.score }
example "both orders" {
  expect refused "3" by players[0] because "Player 1 may take 2 at most"
  expect refused "4" because "Player 2 may take 3 at most" by players[1]
  expect offered "3" by players[1]
  expect not offered "4" by players[1]
}
`;
    const r = compile(src, "both.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => x.failure?.message)).toEqual([undefined]);
  });

  it("compares the scores and the ranking", () => {
    const src = harvest(`example "result" {\n  position with triggers { place first q in players[1].bag at space_at(field, 0, 0) }\n  expect scores [0, 1]\n  expect ranking [players[0], players[1]]\n}\n`);
    const [r] = runExamples(compile(src, "h.stela").game!);
    expect(r!.failure).toMatchObject({ message: "the ranking differs", expected: "Player 1, Player 2", got: "Player 2, Player 1" });
  });

  it("reads a ranking that mixes a shared place and a player alone, as the steps table writes it", () => {
    // `[[a, b], c]` was a type error ("a list cannot mix list of player and player"), though the
    // table of steps gives it as the way to write a tie.
    const three = (steps: string) =>
      harvest(`example "tie" {\n  players 3\n  position with triggers { place first q in players[1].bag at space_at(field, 0, 0) }\n${steps}}\n`).replace("  players 2\n", "  players 2..3\n");
    const ok = three(`  expect ranking [players[1], [players[0], players[2]]]\n`);
    expect(errors(ok)).toEqual([]);
    expect(runExamples(compile(ok, "h.stela").game!).map((x) => x.failure?.message)).toEqual([undefined]);
    const wrong = three(`  expect ranking [[players[1], players[0]], players[2]]\n`);
    expect(runExamples(compile(wrong, "h.stela").game!)[0]!.failure).toMatchObject({ expected: "(Player 2 = Player 1), Player 3", got: "Player 2, (Player 1 = Player 3)" });
    // A place that is neither a player nor players is still refused, at the place.
    const bad = three(`  expect ranking [players[1], 3]\n`);
    expect(errors(bad)).toEqual([`${line(bad, "expect ranking")}:31 type-mismatch: \`ranking\` lists players from first place (a list of players sharing a place): \`[red, black]\` or \`[[red, black], blue]\`, not number`]);
  });
});

describe("example blocks: ask always", () => {
  // One card in hand: the rules play it without asking, before any position could be laid out.
  const oneCard = (examples: string) => `
game "One card" { players 2 }
kind Card { v: number }
zone hand per player: Card owner
zone deck: Card hidden
components Card in deck { x2 { v: 5 } x3 { v: 1 } }
per player { score: number = 0 }
flow {
  for p in players { deal 1 from deck to p.hand }
  for p in players {
    turn p {
      let c = choose c from p.hand where c.v < 5 else "Too high" prompt "Play a card"
      p.score += c.v
      move c to deck
    }
  }
}
scoring p { points p.score }
${examples}`;

  it("stops at a choice of one option, so a position is laid out before it and its refusals tested", () => {
    const src = oneCard(`
example "asked" {
  ask always
  position {
    let me = current
    move first c in deck where c.v == 5 to me.hand
  }
  expect refused "Card (5)" because "Too high"
  choose "Card (1)"
  expect me.score == 1
  choose "Card (1)"
  expect scores [1, 1]
}
example "not asked" {
  position { move first c in deck where c.v == 5 to players[0].hand }
  expect refused "Card (5)" because "Too high"
}
`);
    expect(errors(src)).toEqual([]);
    const [asked, notAsked] = runExamples(compile(src, "one.stela").game!);
    expect(asked!.failure).toBeUndefined();
    // Without it both one-card choices were taken at the start: the game is over.
    expect(notAsked!.failure?.message).toContain("the game is over");
  });

  it("is a setting: before the other steps, once", () => {
    const src = oneCard(`
example "late" {
  choose "Card (1)"
  ask always
  ask always
}
`);
    expect(errors(src)).toEqual([
      `${line(src, "ask always")}:3 invalid-example: \`ask always\` says how the match starts: write it before the position and the decisions`,
      `${line(src, "ask always") + 1}:3 invalid-example: \`ask always\` is set twice`,
      `${line(src, "ask always") + 1}:3 invalid-example: \`ask always\` says how the match starts: write it before the position and the decisions`,
    ]);
  });
});

describe("example blocks: a position that fails", () => {
  it("is the position's own failure, with its line and column, not the rules'", () => {
    const src = harvest(`example "missing" {\n  position {\n    let me = current\n    place first q in me.bag where q.crop == none at space_at(field, 0, 0)\n  }\n}\n`);
    const [r] = runExamples(compile(src, "h.stela").game!);
    const at = line(src, "where q.crop == none");
    expect(r!.failure?.message).toMatch(new RegExp(`^the position failed: .* \\(line ${at}, column \\d+\\)$`));
  });
});

describe("example blocks: options by id, and many options", () => {
  const bids = (steps: string) => `
game "Bids" { players 2 }
per player { bid: number = 0 }
flow {
  for p in players {
    turn p { p.bid = choose n from 0..20 where n != 7 else "Not seven" label "bid {n}" prompt "Bid" }
  }
}
scoring p { points p.bid }
example "bids" {
${steps}}
`;
  const run = (steps: string) => runExamples(compile(bids(steps), "bids.stela").game!)[0]!;

  it("expect offered and expect refused name an option by its id too, as choose does", () => {
    // A placement's id is far shorter than its label (which spells out every side): a new user
    // took one with \`choose "rrrf@table:1,0/r1"\` and could not expect it offered by it.
    const r = run(`  expect offered "12"\n  expect refused "7" because "Not seven"\n  choose "12"\n  expect players[0].bid == 12\n`);
    expect(r.failure).toBeUndefined();
  });

  it("a label no option has names the nearest of many options, and is not listed twice", () => {
    const chosen = run(`  choose "bid 15x"\n`);
    expect(chosen.failure?.message).toBe('Player 1 has no option "bid 15x" (prompt: Bid; 20 options, the nearest: "bid 15", "bid 1", "bid 5")');
    const offered = run(`  expect offered "bid 99"\n`);
    expect(offered.failure).toMatchObject({
      message: '"bid 99" is not offered: there is no such option (Player 1 decides now, prompt: Bid; 20 offered, the nearest: "bid 9", "bid 19", "bid 0")',
      expected: "offered",
      got: "no such option",
    });
  });
});

describe("example blocks: a ranking written out", () => {
  it("mixes players and lists of players sharing a place, as `[[a, b], c]` is documented", () => {
    const src = harvest(
      `example "mixed" {\n  position with triggers { place first q in players[1].bag at space_at(field, 0, 0) }\n  expect ranking [players[1], [players[0]]]\n}\n` +
        `example "tied" {\n  expect ranking [[players[0], players[1]]]\n}\n` +
        `example "wrong" {\n  expect ranking [[players[1]], players[0]]\n}\n`,
    );
    const r = compile(src, "h.stela");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.game!).map((x) => [x.title, x.failure?.message, x.failure?.got])).toEqual([
      ["mixed", undefined, undefined],
      ["tied", undefined, undefined],
      ["wrong", "the ranking differs", "(Player 1 = Player 2)"],
    ]);
  });

  it("a place that is neither a player nor a list of players is an error at that place", () => {
    const src = harvest(`example "bad" {\n  expect ranking [players[0], [3]]\n}\n`);
    expect(errors(src)).toEqual([
      `${line(src, "expect ranking")}:31 type-mismatch: \`ranking\` lists players from first place (a list of players sharing a place): \`[red, black]\` or \`[[red, black], blue]\`, not list of number`,
    ]);
  });
});

describe("the games' rulebook examples", () => {
  const counts: Record<string, number> = { "cacao.stela": 4, "maya.stela": 7, "mayan-city.stela": 2, "tzolkin.stela": 17, "yaxha.stela": 4 };
  for (const file of gameFiles()) {
    it(`${file}: every example passes`, () => {
      const results = runExamples(loadGame(file));
      expect(results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.failure?.message}`)).toEqual([]);
      expect(results).toHaveLength(counts[file] ?? 0);
    });
  }

  it("a deliberately wrong number in Maya's city example fails with a clear message", () => {
    const source = readGame("maya.stela");
    const wrong = source.replace("expect red.score == 1 + 12", "expect red.score == 1 + 13");
    expect(wrong).not.toBe(source);
    const results = runExamples(compile(wrong, "games/maya.stela").game!);
    const failed = results.filter((r) => !r.passed);
    expect(failed.map((r) => r.title)).toEqual(["Scoring a city: a city of 3, Red has 5 crops around it and scores 12, Blue has 4 and scores 6"]);
    expect(failed[0]!.failure).toMatchObject({ message: "expected red.score == 1 + 13", expected: "14", got: "13" });
    expect(failed[0]!.failure!.span.start.line).toBe(line(wrong, "expect red.score == 1 + 13"));
  });
});
