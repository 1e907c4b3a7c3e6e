import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pitsGame } from "../support/pits-game.ts";
import { root, ruleFiles, stela } from "./run-stela.ts";

/** `stela play` as a person uses it: a real process, answers typed on stdin. */

const CLEAR = "\x1b[2J\x1b[H";
const SUPERSCRIPT_OWNER = /[¹²³⁴]/;

/**
 * Runs `stela` with its output on a terminal (a pseudo-terminal from util-linux `script`), its
 * answers read from a file; gives what the terminal showed.
 */
function atTerminal(args: string[], answers: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), "stela-tty-")), "answers");
  writeFileSync(file, answers.join("\n") + "\n");
  const q = (t: string): string => `'${t.replace(/'/g, "'\\''")}'`;
  const command = [process.execPath, join(root, "interpreter/cli/stela.mjs"), ...args].map(q).join(" ") + ` < ${q(file)}`;
  const r = spawnSync("script", ["-qec", command, "/dev/null"], { cwd: root, encoding: "utf8", input: "", timeout: 60_000 });
  if (r.error) throw r.error;
  return r.stdout.replace(/\r\n/g, "\n");
}

/** The lines of the last view a command printed (from its last `== … ==` title). */
function lastView(out: string): string[] {
  const lines = out.split("\n");
  const start = lines.map((l, i) => (l.startsWith("== ") ? i : -1)).filter((i) => i >= 0).at(-1)!;
  return lines.slice(start);
}

/** Every code drawn in a board's rows and the codes its legend explains. */
function boardCodes(view: string[], board: string): { drawn: Set<string>; legend: Set<string> } {
  const at = view.indexOf(`${board}:`);
  const rows = view.slice(at + 2).filter((l, i, all) => all.slice(0, i + 1).every((x) => /^\s*\d+ /.test(x)));
  const legendLine = view.slice(at).find((l) => l.startsWith("  legend: "))!;
  const drawn = new Set(rows.flatMap((r) => r.replace(/^\s*\d+ /, "").trim().split(/\s+/)).map((c) => c.replace(/[¹²³⁴]+$/, "")).filter((c) => c !== "."));
  const legend = new Set(legendLine.slice("  legend: ".length).split(" · ").map((e) => e.split(" ")[0]!));
  return { drawn, legend };
}

describe("stela play: the table as text", () => {
  it("a board whose labels read the play (seeds in a pit) gets no legend claiming what a number means", () => {
    const files = ruleFiles({ "seeds.stela": pitsGame('"{this.seeds}"'), "kinds.stela": pitsGame('if this.store then "S" else "p"') });
    const seeds = stela(["play", files["seeds.stela"], "--players", "2"], "q\n");
    // The stores show 0 and are the only stores: a legend read off the attributes would say "0 store".
    expect(seeds.out).toContain("4 4 0 4 4 0");
    expect(seeds.out).not.toContain("legend:");
    const kinds = stela(["play", files["kinds.stela"], "--players", "2"], "q\n");
    expect(kinds.out).toContain("    p p S p p S\n  legend: S store\n");
  });

  it("lists a zone from the bottom up, counting only identical pieces side by side: which is on top shows", () => {
    const files = ruleFiles({ "pile.stela": `game "Pile" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone pile: Card
components Card in pile {
  x1 { value: 0 }
  x1 { value: 0 }
  x1 { value: 5 }
  x1 { value: 0 }
}
flow {
  turn players[0] {
    let n = choose n from 1..2 prompt "Draw how many?"
    log "{current} draws {n}: the top is {top(pile)}"
  }
}
scoring p { points 0 }` });
    const r = stela(["play", files["pile.stela"]!], "q\n");
    // Counted as one, \`card 0 ×3, card 5\` hid that a card 0 lies on top.
    expect(r.out).toContain("pile (4): card 0 ×2, card 5, card 0\n");
  });

  it("a graph lists each space by the number its options name, what stands on it and the spaces it is joined to", () => {
    const files = ruleFiles({ "roads.stela": `game "Roads" { players 2 }
kind Pawn { }
zone bowl: Pawn public
components Pawn in bowl {
  "pawn" x2 { }
}
board roads: graph(5, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 2]])
flow {
  place top(bowl) at space_at(roads, 2)
  turn players[0] {
    let t = choose t from spaces(roads) where distance(space_at(roads, 2), t) == 1 prompt "Travel"
    log "{current} goes to {t}"
  }
}
scoring p { points 0 }` });
    const r = stela(["play", files["roads.stela"]!], "q\n");
    // Drawn as a row of spaces (". . [. Pa] . ."), the edges were lost and no space showed its number.
    expect(r.out).toContain("roads:\n    0     → 1, 2, 4\n    1     → 0, 2\n    2 Pa  → 0, 1, 3\n    3     → 2, 4\n    4     → 0, 3\n");
    expect(r.out).toContain("roads 3");
  });

  it("a graph whose spaces have labels names the spaces each is joined to by number and label", () => {
    // A route map: "0 Ardmore → 3, 4" sent the reader to look up what 3 and 4 were.
    const files = ruleFiles({ "lines.stela": `game "Lines" { players 2 }
board lines: graph(5, edges: [[0, 3], [3, 1], [1, 4], [4, 2]]) {
  space town: text = ""
  map { | A B C r r }
  legend { A: town = "Ardmore"  B: town = "Brackley"  C: town = "Calder"  r: town = "" }
  show { label: if this.town != "" then this.town else "road" }
}
flow {
  turn players[0] {
    let _t = choose t from spaces(lines) where t.town != "" prompt "Travel"
  }
}
scoring p { points 0 }` });
    const r = stela(["play", files["lines.stela"]!], "q\n");
    expect(r.out).toContain("lines:\n    0 Ardmore   → 3 road\n    1 Brackley  → 3 road, 4 road\n    2 Calder    → 4 road\n    3 road      → 0 Ardmore, 1 Brackley\n    4 road      → 1 Brackley, 2 Calder\n");
  });

  it("Maya: each tile shows its crop, its number of crops and its owner; a legend explains every code", () => {
    const r = stela(["play", "games/maya.stela", "--players", "2", "--bots", "1,2", "--seed", "4"]);
    expect(r.code).toBe(0);
    const view = lastView(r.out);
    const land = view.slice(view.indexOf("land:"), view.findIndex((l) => l.startsWith("  legend: ")) + 1);
    expect(land.some((l) => /\b(Pe|Sq|Po|Co)[12][¹²]/.test(l))).toBe(true);
    const legend = land.at(-1)!;
    expect(legend).toContain("TT Temple");
    expect(legend).toContain("-- out of play");
    expect(legend).toMatch(/Po2 2 potato/);
    expect(legend.endsWith("¹ Player 1, ² Player 2")).toBe(true);
    const { drawn, legend: explained } = boardCodes(view, "land");
    for (const code of drawn) expect(explained, `legend for ${code}`).toContain(code);
  });

  it("Cacao: worker tiles show the workers on each edge and their owner; the water carrier shows its field's value", () => {
    const first = stela(["play", "games/cacao.stela", "--players", "2", "--bots", "2", "--seed", "2"], "q\n");
    expect(first.out).toContain("water_track of Player 1:\n    [-10 C¹] -4 -1 0 2 4 7 11 16\n  legend: C Water carrier · ¹ Player 1");
    const end = lastView(stela(["play", "games/cacao.stela", "--players", "2", "--bots", "1,2", "--seed", "2"]).out);
    // A worker tile is 3 lines high: the top edge's workers, then left · W and owner · right, then the bottom edge's.
    const middle = end.filter((l) => /\dW[¹²]\d/.test(l));
    expect(middle.length).toBeGreaterThan(3);
    expect(end.find((l) => l.startsWith("  legend: ") && l.includes("W Worker"))).toBeDefined();
    // No seat digit stands in for an owner: the jungle's `P1` (a plantation) is not Player 1's.
    expect(end.some((l) => /\bP1\b/.test(l))).toBe(true);
    expect(end.find((l) => l.startsWith("  legend: ") && l.includes("P1 "))).toMatch(/P1 Single plantation/);
  });

  it("Yaxha: the Turn Order tile in front of each player is shown as a tile", () => {
    const r = stela(["play", "games/yaxha.stela", "--players", "2", "--bots", "2", "--seed", "2"], "q\n");
    const tiles = r.out.split("\n").filter((l) => l.startsWith("turn order tile of"));
    expect(tiles.slice(0, 2).map((l) => l.replace(/\d$/, "N"))).toEqual([
      "turn order tile of Player 1 (1): Turn Order tile N",
      "turn order tile of Player 2 (1): Turn Order tile N",
    ]);
    expect(new Set(tiles.slice(0, 2).map((l) => l.at(-1)))).toEqual(new Set(["1", "2"]));
  });

  it("a symbol shows whole up to 8 characters (a tile's four edges and a mark were cut to 4)", () => {
    const file = ruleFiles({
      "symbols.stela": `game "Symbols" { players 2 }
kind Tile { code: text  show { symbol: this.code } }
zone box: Tile
components Tile in box { x1 { code: "RFRF*1" } x1 { code: "ABCDEFGHIJ" } }
board b: grid(3, 2)
flow {
  place top(box) at space_at(b, 0, 0)
  place top(box) at space_at(b, 1, 1)
  turn players[0] { let _n = choose n from 1..2 prompt "Go on" }
}
scoring p { points 0 }
`,
    })["symbols.stela"]!;
    const r = stela(["play", file, "--players", "2", "--bots", "1,2", "--seed", "1"]);
    // The cells (the legend names each piece by its whole label).
    expect(r.out).toContain("\n  1 ABCDEFGH .        .\n  2 .        RFRF*1   .\n");
  });

  it("a stack shows every piece on its space, like ones counted (a pawn under another was nowhere)", () => {
    const file = ruleFiles({
      "stack.stela": `game "Stack" { players 2 }
kind Pawn {}
zone box per player: Pawn
components Pawn per player in box { x1 {} }
kind Train {}
zone trains: Train
components Train in trains { x3 }
board roads: graph(2, edges: [[0, 1]])
board h: grid(2, 2)
setup {
  for p in players { place top(p.box) at space_at(roads, 0) }
  repeat 3 { place top(trains) at space_at(h, 1, 1) }
}
flow { turn players[0] { let _s = choose s from 1..2 prompt "Go on" } }
scoring p { points 0 }
`,
    })["stack.stela"]!;
    const r = stela(["play", file, "--players", "2", "--bots", "1,2", "--seed", "1"]);
    expect(r.out).toContain("    0 Pa¹ Pa²  → 1\n");
    expect(r.out).toContain("  2 .    Tr×3\n");
  });

  it("a game every seat scored alike (a cooperative team's score) ends on one line that says so", () => {
    // "1. Player 1 (0) = Player 2 (0)" read as a shared win after the team had lost.
    const r = stela(["play", "tests/fixtures/games/hanabi.stela", "--players", "2", "--bots", "1,2", "--seed", "1"]);
    expect(r.out.trimEnd().split("\n").at(-1)).toMatch(/^Game over\. Every seat scored \d+ \(in a cooperative game, the team's score\)$/);
  });

  it("owner marks are superscripts, so a symbol's own digit never reads as a seat", () => {
    const r = stela(["play", "games/maya.stela", "--players", "2", "--bots", "1,2", "--seed", "4"]);
    const rows = lastView(r.out).filter((l) => /^\s+\d+ /.test(l));
    for (const row of rows) for (const cell of row.trim().split(/\s+/).slice(1)) if (SUPERSCRIPT_OWNER.test(cell)) expect(cell).toMatch(/^[A-Za-z#]+\d?[¹²]$/);
  });
});

describe("stela play: deciding", () => {
  const maya = (answers: string[], extra: string[] = []) => stela(["play", "games/maya.stela", "--players", "2", "--seed", "2", ...extra], answers.join("\n") + "\n");

  it("lists options with their ids, in declaration order for an enum; accepts an id as well as a number", () => {
    const r = maya(["green", "plant-crops", "q"]);
    expect(r.out).toContain("Player 2: Choose the area played besides blue\n    1. green  [green]\n    2. yellow  [yellow]\n");
    expect(r.out).toContain("Player 2: Choose an action\n    1. Plant crops  [plant-crops]\n    2. Expand a city  [expand-a-city]\n");
    expect(r.out).toContain("Player 2: Plant a tile\n");
  });

  it("prints the rules' reason for a refused option, keeps the numbers of the list, and takes a number after", () => {
    const r = maya(["1", "1", "1-pepper@land:0,0", "99", "1", "q"]);
    expect(r.out).toContain("refused: 1 pepper on a1 is not allowed: A tile must always be placed adjacent to another tile (temple or plantation tile)\n");
    expect(r.out).toContain('"99" is not an option: type a number from 1 to 12, or an option id\n');
    // Piped answers are written after their question (nothing echoes them), so the next line starts a line of its own.
    expect(r.out).toContain("choose 1-12, an option id or its label (q to quit): 99\n\"99\" is not an option");
    // The list was printed once for the decision, and "1" then took its first option.
    expect(r.out.split("Player 2: Plant a tile\n")).toHaveLength(2);
    const first = /Player 2: Plant a tile\n\s+1\. (.*?)  \[/.exec(r.out)![1]!;
    expect(first).toBe("1 pepper on b4");
    expect(r.out).toContain("  · Player 2 plants 1 pepper tile(s) and scores 1\n");
  });

  it("hot-seat: at a terminal the screen is cleared when another person takes the seat, never for a bot's seat", () => {
    const people = atTerminal(["play", "games/maya.stela", "--players", "2", "--seed", "2"], ["1", "1", "1", "1", "1", "1", "q"]);
    const turns = people.split(CLEAR);
    expect(turns.length).toBeGreaterThan(1);
    // After each clear the next player's table is drawn; the one before it was the other player's.
    // (The prompt starts its line; a recap of what others did is indented.)
    const deciders = turns.map((t) => /^Player (\d): [A-Z]/m.exec(t)?.[1]);
    for (let i = 1; i < deciders.length; i++) if (deciders[i] && deciders[i - 1]) expect(deciders[i]).not.toBe(deciders[i - 1]);
    expect(atTerminal(["play", "games/maya.stela", "--players", "2", "--seed", "2", "--bots", "1"], ["1", "1", "1", "1", "1", "q"])).not.toContain(CLEAR);
  });

  it("hot-seat: output that is not a terminal (a pipe, a file) gets no screen-clearing escapes", () => {
    const people = maya(["1", "1", "1", "1", "1", "1", "q"]);
    expect(people.out).toContain("Player 1: Choose an action");
    expect(people.out).not.toContain(CLEAR);
  });

  it("a seat may take another bot than the random one (2:greedy), and a bot it does not know is refused", () => {
    const random = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "1,2", "--seed", "2"]);
    const greedy = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "1:greedy,2", "--seed", "2"]);
    expect([random.code, greedy.code]).toEqual([0, 0]);
    // Seed 2: the random bot in seat 1 loses 16 to 22; the greedy one wins 55 to 34, and plays so again.
    expect(random.out.trimEnd().split("\n").at(-1)).toBe("Game over. 1. Player 2 (22)  2. Player 1 (16)");
    expect(greedy.out.trimEnd().split("\n").at(-1)).toBe("Game over. 1. Player 1 (55)  2. Player 2 (34)");
    expect(stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "1:greedy,2", "--seed", "2"]).out).toBe(greedy.out);
    const bad = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "1:foo"]);
    expect([bad.code, bad.err]).toEqual([2, 'stela: --bots: "foo" is not a bot (random, greedy, mcts; mcts:N for N playouts a decision, greedy:N for N redrawn copies an option is tried on)\n']);
    // A seat twice, or a seat left empty, is a mistake in the list, not a game to start.
    expect(stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "1,1"])).toMatchObject({ code: 2, err: "stela: --bots: seat 1 is listed twice\n" });
    expect(stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", ",,"])).toMatchObject({ code: 2, err: 'stela: --bots: an empty seat in ",,"; list seats like 2,3 or 2:greedy\n' });
  });

  it("says which bot plays a seat, and reads simulate's list of bots (--bots greedy) as the mix-up it is", () => {
    const r = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "1:greedy,2", "--seed", "2"]);
    expect(r.out).toContain("Player 1 (greedy bot): ");
    expect(r.out).toContain("Player 2 (random bot): ");
    expect(r.out).not.toContain("(bot)");
    // Before the game, every seat: `2,3,4:greedy` is random bots in 2 and 3, a greedy bot in 4.
    expect(stela(["play", "games/mayan-city.stela", "--players", "4", "--bots", "2,3,4:greedy", "--seed", "2"], "q\n").out.split("\n")[0]).toBe("Seats: Player 1 (you), Player 2 (random bot), Player 3 (random bot), Player 4 (greedy bot)");
    const kinds = stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "greedy"]);
    expect([kinds.code, kinds.err]).toEqual([2, 'stela: --bots of play lists the seats bots take, not bots: for "greedy" in seats 2 and 3, write 2:greedy,3:greedy (a seat alone, 2, is a random bot)\n']);
    expect(stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "random,mcts:50"]).err).toContain('not bots: for "random" in seats 2 and 3');
    expect(stela(["play", "games/mayan-city.stela", "--players", "2", "--bots", "x"]).err).toBe('stela: --bots takes a whole number of at least 1, not "x"\n');
  });

  it("tells each message once as it comes, as the person at the terminal reads it; another's secret comes to its owner on their screen", () => {
    const files = ruleFiles({
      "hand.stela": `game "Hand" { players 2 }
kind Card { value: number }
zone hand per player: Card owner
zone pile: Card
components Card per player in hand {
  "Seven" x1 { value: 7 }
}
per player { score: number = 0 }
flow {
  for p in players {
    turn p {
      let c = choose c from p.hand prompt "Play a card"
      move c to pile
      let n = choose n from 1..2 prompt "How many?"
      p.score += c.value * n
    }
  }
}
scoring p { points p.score }`,
    });
    // One person plays: the terminal is theirs, so their own forced pick reads by its card as it
    // comes (it read "hidden card" and came later, as "(to you)"); the bot's card stays hidden.
    const alone = stela(["play", files["hand.stela"]!, "--bots", "2"], "1\n");
    expect(alone.code).toBe(0);
    expect(alone.out.match(/ · Player 1: Seven \(only option\)/g)).toHaveLength(1);
    expect(alone.out).not.toContain("Player 1: (a hidden choice)");
    expect(alone.out).not.toContain("(to you)");
    expect(alone.out.match(/Player 2: \(a hidden choice\)/g)).toHaveLength(1);
    // Not that it was the only one: being forced tells what a hand holds.
    expect(alone.out).not.toContain("took their only option");
    // Hot-seat: Player 1's pick comes before anyone sits down, so the table reads it hidden and
    // Player 1 reads it on their screen; Player 2's comes while Player 1 holds the terminal.
    const seats = stela(["play", files["hand.stela"]!], "1\n1\n");
    expect(seats.code).toBe(0);
    // Player 2 sits down to a recap of what they missed, in their words: told there once more.
    const recap = /Since your last turn \(Player 2\):\n((?:  .*\n)*)/.exec(seats.out)![1]!;
    // Their own forced pick reads by its card there, as the "(to you)" line read it before.
    expect(recap).toBe("  · Player 1: (a hidden choice)\n  Player 1: 1\n  · Player 2: Seven (only option)\n");
    seats.out = seats.out.replace(recap, "");
    expect(seats.out.match(/Player 1: \(a hidden choice\)/g)).toHaveLength(1);
    expect(seats.out.match(/\(to you\) Player 1: Seven \(only option\)/g)).toHaveLength(1);
    expect(seats.out.indexOf("(to you) Player 1")).toBeGreaterThan(seats.out.indexOf("== Hand — Player 1 to decide =="));
    expect(seats.out.match(/Player 2: \(a hidden choice\)/g)).toHaveLength(1);
    expect(seats.out).not.toContain("(to you) Player 2");
  });

  it("a lone player reads the rules' lines about their own hidden card by its name as they come (a designer review)", () => {
    const files = ruleFiles({
      "log.stela": `game "Log" { players 2 }
kind Card { value: number }
zone hand per player: Card owner
zone tabletop: Card public
components Card per player in hand {
  "Ace" x1 { value: 1 }
  "King" x1 { value: 2 }
}
flow {
  for p in players {
    turn p {
      let c = choose c from p.hand prompt "Play a card"
      log "{p} plays {c}"
      move c to tabletop
    }
  }
}
scoring p { points 0 }`,
    });
    const r = stela(["play", files["log.stela"]!, "--bots", "2", "--seed", "1"], "ace\n");
    expect(r.code).toBe(0);
    // It read "Player 1 plays hidden card", the table's version, and Player 1's own never came.
    expect(r.out).toContain(" · Player 1 plays Ace\n");
    expect(r.out).toContain(" · Player 2 plays hidden card\n");
    expect(r.out).not.toContain("Player 1 plays hidden card");
  });

  it("shows the rules' own variables, a player by name", () => {
    const files = ruleFiles({
      "vars.stela": `game "Vars" { players 2 }
var turn_no: number = 1
var leader: player = players[1]
var marks: list of number = [2, 5]
flow {
  for p in players {
    turn p { let _n = choose n from 1..2 prompt "Pick a number" }
  }
}
scoring p { points turn_no + size(marks) + (if leader == p then 1 else 0) }`,
    });
    const r = stela(["play", files["vars.stela"]!, "--bots", "1,2"]);
    expect(r.code).toBe(0);
    expect(lastView(r.out)).toContain("game: turn_no 1, leader Player 2, marks 2, 5");
  });

  it("at the game's end the players' hands are shown, as at a table; a deck nobody sees stays hidden", () => {
    const files = ruleFiles({
      "hands.stela": `game "Hands" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone hand per player: Card owner
zone deck: Card hidden
components Card per player in hand {
  x1 { value: 3 }
  x1 { value: 8 }
}
components Card in deck {
  x2 { value: 1 }
}
flow {
  for p in players {
    turn p { let _n = choose n from 1..2 prompt "Pick a number" }
  }
}
scoring p { points sum c.value for c in p.hand }`,
    });
    const r = stela(["play", files["hands.stela"]!, "--bots", "1,2"]);
    expect(r.code).toBe(0);
    const end = lastView(r.out).join("\n");
    expect(end).toContain("shown at the end: card 3, card 8");
    expect(end.match(/shown at the end/g)).toHaveLength(2);
    expect(end).not.toMatch(/deck.*shown at the end/);
  });
});

describe("stela play: the end of its input", () => {
  const files = ruleFiles({
    "three.stela": `game "Three" { players 2 }
per player { score: number = 0 }
flow {
  repeat 3 {
    for p in players {
      let n = choose k from 1..3 by p prompt "Pick"
      p.score += n
    }
  }
  end game
}
scoring p { points p.score }
`,
  });
  const play = (answers: string) => stela(["play", files["three.stela"]!], answers);

  it("answers that run out before the game ends fail the run (exit 1) and say so; q stops it on purpose (exit 0)", () => {
    const short = play("1\n2\n");
    expect(short.code).toBe(1);
    expect(short.err).toBe("stela: the input ended before the game did (Player 1 was to decide); type q to stop a game on purpose\n");
    expect(short.out).not.toContain("Game over");
    expect(play("")).toMatchObject({ code: 1, err: short.err });
    const stopped = play("1\nq\n");
    expect(stopped).toMatchObject({ code: 0, err: "" });
    expect(stopped.out).toContain("stopped.");
    const whole = play("1\n1\n1\n1\n1\n1\n");
    expect(whole).toMatchObject({ code: 0, err: "" });
    expect(whole.out).toContain("Game over.");
  });
});
