import { describe, expect, it } from "vitest";
import { Game } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** A rule that misbehaves while playing ends the match with a diagnostic naming its line: never a hang or a stack trace. */

const header = `game "Faulty" { players 2 }
per player { score: number = 0 }
scoring p { points p.score }
`;

function run(flow: string, extra = "") {
  const game = gameFromSource(`${header}${extra}\nflow {\n${flow}\n}\n`);
  const m = game.start({ players: 2, seed: 1 });
  return m;
}

describe("run-time failures", () => {
  it("a loop that never asks anything stops at the step budget, at the loop's line", () => {
    const m = run(`  let n = 0\n  while n >= 0 {\n    n += 1\n  }`);
    expect(m.over).toBe(true);
    expect(m.error).toMatchObject({ code: "runtime-step-budget", file: "inline.stela" });
    expect([6, 7, 8]).toContain(m.error!.span.start.line);
    expect(m.decision).toBeNull();
  });

  it("a budget run out inside a `define` a loop calls names the loops it was inside, outermost first", () => {
    // Lines: 5 define, 7 flow, 8 loop, 9 for, 11 the call; no choice is ever reached.
    const src = `${header}
define roll(): number = random(1..6) + random(1..6)

flow {
  loop {
    for p in players {
      turn p {
        if roll() > 20 {
          let _k = choose k from 1..2 prompt "Keep?"
          end game
        }
      }
    }
  }
}
`;
    const compiled = gameFromSource(src);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      const m = game.start({ players: 2, seed: 1 });
      expect(m.error, mode).toMatchObject({ code: "runtime-step-budget" });
      expect(m.error!.message, mode).toMatch(/; it was inside the loop on line 8, and the one on line 9 within it$/);
    }
  });

  it("a board built-in given `none` for a space names the call, in generated code and in the reference closures alike", () => {
    const src = `${header}board b: grid(2, 2)\nflow {\n  let s = space_at(b, 5, 5)\n  current.score = if empty(s) then 1 else 0\n}\n`;
    const compiled = gameFromSource(src);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      const m = game.start({ players: 2, seed: 1 });
      expect(m.error, mode).toMatchObject({ code: "runtime-none-value", message: "there is no space here (the value is `none`)" });
      expect(m.error!.span.start.line).toBe(7);
      expect(m.error!.span.start.column).toBe(22);
    }
  });

  it("a piece to place or move that is `none` points at what named it, and says what most often gives none", () => {
    // The King covered by a cube: `pieces(b)` lists the cube only, the lookup finds nothing, and the
    // failure at the \`place\` statement sent a designer looking elsewhere.
    const src = `${header}kind Cube {}
kind King {}
zone box: piece
zone pile: piece
components King in box { x1 {} }
components Cube in box { x1 {} }
board b: graph(2, edges: [[0, 1]])
flow {
  place first q in box where q is King at space_at(b, 0)
  place first q in box where q is Cube at space_at(b, 0)
  place first q in pieces(b) where q is King at space_at(b, 1)
}
`;
    const m = gameFromSource(src).start({ players: 2, seed: 1 });
    expect(m.error).toMatchObject({ code: "runtime-none-value" });
    expect(m.error!.message).toContain("the piece to place is `none`: what names it found no piece (a `first … where` that matches nothing gives `none`; `pieces(b)` lists only the top piece of each stack");
    expect([m.error!.span.start.line, m.error!.span.start.column]).toEqual([14, 9]);
    const moved = gameFromSource(src.replace("place first q in pieces(b) where q is King at space_at(b, 1)", "move first q in pieces(b) where q is King to pile")).start({ players: 2, seed: 1 });
    expect(moved.error!.message).toMatch(/^the piece to move is `none`/);
  });

  it("a zone of one kind refuses a piece of another that the checker could not see coming", () => {
    // From a zone of any kind (`piece`): a position set up by hand put a temple into a rack of tiles.
    const src = `${header}kind Tile {}\nkind Temple {}\nzone box: piece\nzone rack: Tile\ncomponents Temple in box { x1 {} }\ncomponents Tile in box { x1 {} }\nflow {\n  move first q in box where q is Tile to rack\n  move first q in box to rack\n}\n`;
    const m = gameFromSource(src).start({ players: 2, seed: 1 });
    expect(m.error).toMatchObject({ code: "runtime-invalid-move", message: "rack holds Tile pieces, and this is a Temple" });
    expect(m.error!.span.start.line).toBe(12);
  });

  it("a division by zero names the division", () => {
    const m = run(`  let zero = 0\n  current.score = 1 / zero`);
    expect(m.error?.code).toBe("runtime-division-by-zero");
    expect(m.error!.span.start.line).toBe(7);
    expect(m.error!.span.start.column).toBe(19);
  });

  it("endless recursion in a function is a diagnostic at the call it makes of itself, not a crash", () => {
    const compiled = gameFromSource(`${header}define forever(n: number): number = forever(n + 1)\nflow {\n  log forever(1)\n  end game\n}\n`);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      // Twice: what the first overflow noted must not point the second elsewhere.
      for (let i = 0; i < 2; i++) {
        const m = game.start({ players: 2, seed: 1 });
        expect(m.error?.code, mode).toBe("runtime-stack-overflow");
        // Line 4, `forever(n + 1)`: where it calls itself, not line 6, where the flow first called it.
        expect(m.error!.span.start, mode).toMatchObject({ line: 4, column: 37 });
      }
    }
  });

  it("a failure inside a define or a procedure says which call it came through", () => {
    // Line 4: the define that fails; line 5: a procedure calling it; line 7 calls the procedure,
    // line 8 the define itself. Only the second call of each fails (an empty list).
    const src = `${header}define first_of(xs: list of number): number = xs[0]
procedure take(xs: list of number) { players[0].score = first_of(xs) }
flow {
  take([1])
  take([])
  end game
}
`;
    const compiled = gameFromSource(src);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      const m = game.start({ players: 2, seed: 1 });
      expect(m.error, mode).toMatchObject({ code: "runtime-index-out-of-range", span: { start: { line: 4 } }, hint: "called from line 5, from line 8" });
    }
    // A failure in the flow itself, or a call on the failure's own line, adds nothing.
    const flat = gameFromSource(`${header}define first_of(xs: list of number): number = xs[0]\nflow {\n  players[0].score = first_of([])\n}\n`).start({ players: 2 });
    expect(flat.error?.span.start.line).toBe(4);
    expect(flat.error?.hint).toBe("called from line 6");
    expect(run(`  let xs: list of number = []\n  log xs[0]`).error?.hint).toBeUndefined();
  });

  it("endless recursion in a procedure is a diagnostic", () => {
    const m = run(`  again()`, `procedure again() { again() }\n`);
    expect(m.error?.code).toBe("runtime-stack-overflow");
  });

  it("a choice with no legal option says who had to choose, at the choice's line", () => {
    const m = run(`  turn players[0] {\n    let n = choose n from 1..3 where n > 5\n    log n\n  }`);
    expect(m.error).toMatchObject({ code: "runtime-no-options" });
    expect(m.error!.message).toContain("Player 1 must choose");
    expect(m.error!.span.start.line).toBe(7);
  });

  it("a choice outside any turn and without `by` asks who chooses", () => {
    // In `flow` the checker finds it (choose-without-player); an event handler can still get there.
    const m = run(`  trigger ping()`, `event ping()\non ping() {\n  let n = choose n from 1..3\n  log n\n}\n`);
    expect(m.error?.code).toBe("runtime-no-current-player");
  });

  it("list built-ins charge the step budget by their work and refuse a list too large before building it", () => {
    // 1,000 lists of 1,000,000: flattened, they killed the process (V8's own invalid size error).
    const huge = run(`  let l = [n for n in 1..1000000]\n  players[0].score = size(flatten([l for _k in 1..1000]))`);
    expect(huge.error).toMatchObject({ code: "runtime-size-budget", message: "this list would have 2,000,000 items; a list may have at most 1,000,000" });
    // A look through 100,000 items for each of them: minutes uncharged; now the budget stops it.
    for (const look of ["index_of(l, 0 - n)", "if (0 - n) in l then 1 else 0", "size(reverse(l))", "max(l)", "if l == [n] then 1 else 0"]) {
      const m = run(`  let l = [n for n in 1..100000]\n  players[0].score = sum ${look} for n in l`);
      expect(m.error?.code, look).toBe("runtime-step-budget");
    }
    // `distinct` keeps the first of each, of numbers by a set and of lists by content.
    const d = run(`  players[0].score = size(distinct([n % 1000 for n in 1..200000]))\n  players[1].score = size(distinct([[1, 2], [2, 1], [1, 2], [2, 1], [3]]))`);
    expect(d.error).toBeNull();
    expect(d.state.pvars.map((v) => v.score)).toEqual([1000, 3]);
  });

  it("a count that is not a whole number from 0 up stops the match, in both engines: repeat and deal", () => {
    const extra = `kind Card { value: number }\nzone deck: Card\nzone hand: Card\ncomponents Card in deck { x5 { value: 1 } }\n`;
    for (const [flow, what, n] of [
      ["  let k = 5 / 2\n  repeat k { players[0].score += 1 }", "how many times to repeat", "2.5"],
      ["  let k = 0 - 5\n  repeat k { players[0].score += 1 }", "how many times to repeat", "-5"],
      ["  let k = 3 / 2\n  deal k from deck to hand", "how many to deal", "1.5"],
      ["  let k = 0 - 3\n  deal k from deck to hand", "how many to deal", "-3"],
    ] as const) {
      const compiled = gameFromSource(`${header}${extra}\nflow {\n${flow}\n}\n`);
      for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
        const m = game.start({ players: 2, seed: 1 });
        expect(m.error, `${mode}: ${flow}`).toMatchObject({ code: "runtime-invalid-number", message: `${what} must be a whole number from 0 up, and is ${n}` });
      }
    }
    // A whole count still works.
    expect(run("  repeat 2 { players[0].score += 1 }").state.pvars[0]!.score).toBe(2);
  });

  it("a sort key that is `none` stops the match, where it was compared as 0", () => {
    const m = run(`  let xs = sort x in [3, 1, -2] by (if x == -2 then first n in [1] where n > 5 else x)\n  players[0].score = xs[0]`);
    expect(m.error).toMatchObject({ code: "runtime-none-value", message: "a sort key is `none`: every item needs a number or a text to sort by" });
    expect(run(`  let xs = sort x in [3, 1, -2] by x\n  players[0].score = xs[0]`).state.pvars[0]!.score).toBe(-2);
  });

  it("an index that is not a whole number says so, in both engines", () => {
    const compiled = gameFromSource(`${header}\nflow {\n  let xs = [1, 2, 3]\n  players[0].score = xs[1 / 2]\n}\n`);
    for (const [mode, game] of [["compiled", compiled], ["closures", new Game(compiled.def, compiled.variantDefs, "closures")]] as const) {
      expect(game.start({ players: 2, seed: 1 }).error, mode).toMatchObject({ code: "runtime-invalid-number", message: "an index is a whole number, and this is 0.5" });
    }
  });

  it("the engine's calls refuse a seat that is none of the match's, and a start without options, with reasons", () => {
    const game = gameFromSource(`${header}\nflow {\n  turn players[0] { let _n = choose n from 1..2 prompt "Pick" }\n}\n`);
    const m = game.start({ players: 2, seed: 1 });
    for (const seat of [5, -1, 0.5]) {
      expect(m.apply("1", seat), String(seat)).toEqual({ ok: false, code: "not-your-turn", reason: `there is no seat ${seat} in this match: its 2 players are seats 0 to 1` });
    }
    expect(m.apply("1", "0" as unknown as number)).toMatchObject({ ok: false, reason: 'there is no seat "0" in this match: its 2 players are seats 0 to 1' });
    expect(m.apply("1", 1)).toMatchObject({ ok: false, reason: "Player 2 has no decision to take now (waiting for Player 1)" });
    expect(() => (game.start as unknown as () => void)()).toThrow("start needs its options: `start({ players: 3 })`");
  });

  it("reading a list past its end names the index", () => {
    const m = run(`  let xs = [1, 2]\n  log xs[5]`);
    expect(m.error).toMatchObject({ code: "runtime-index-out-of-range", message: "index 5 is outside this list of 2" });
  });

  it("reading a zone past its top says zone, and whether it is empty (a new user read 'list' for an empty deck)", () => {
    const zone = `kind Card { v: number }\nzone deck: Card\nzone pile: Card\ncomponents Card in pile { x2 { v: 1 } }\n`;
    expect(run(`  log deck[0].v`, zone).error).toMatchObject({ code: "runtime-index-out-of-range", message: "index 0 of a zone that is empty" });
    expect(run(`  log pile[2].v`, zone).error).toMatchObject({ code: "runtime-index-out-of-range", message: "index 2 is outside this zone of 2 pieces" });
  });

  it("a missing table row names the table and the key", () => {
    // A key worked out as the game runs (a constant key with no row is the checker's, `invalid-table`).
    const m = run(`  let k = 9\n  log pts[k]`, `table pts { 1 -> 2 }\n`);
    expect(m.error).toMatchObject({ code: "runtime-table-miss", message: "table `pts` has no row for 9" });
  });

  it("after a failure the match refuses further decisions with the reason", () => {
    const m = run(`  log 1 / 0`);
    expect(m.apply("anything")).toMatchObject({ ok: false, code: "match-over" });
  });
});
