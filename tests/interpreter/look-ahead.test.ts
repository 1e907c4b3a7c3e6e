import { describe, expect, it } from "vitest";
import { refusedOptions } from "../../interpreter/index.ts";
import { gameFromSource, loadGame } from "../support/games.ts";

/**
 * `Match.lookAhead()`: a copy whose rules stop, after a decision, where someone must choose next,
 * before that choice is weighed. What it reads then is the position the move led to; anything
 * that needs the choice offers it, and from there on the copy plays exactly as a plain clone.
 */

// Player 1 picks how many points to take; player 2's next choice has one option only (taken
// without asking, five points); then player 1 chooses again, and last comes a choice of nothing.
const FORCED = gameFromSource(`
game "Forced" { players 2 }
per player { points: number = 0 }
flow {
  turn players[0] {
    let n = choose n from 1..3 prompt "How many?"
    players[0].points += n
  }
  turn players[1] {
    let m = choose m from 1..9 where m == 5 prompt "Take five"
    players[1].points += m
  }
  turn players[0] {
    let k = choose k from 1..2 prompt "Again"
    players[0].points += k
  }
  turn players[1] {
    let e = choose e from 1..9 where e > 9 prompt "Nothing"
  }
}
scoring p { points p.points }
`);

// Both players answer at once.
const SECRET = gameFromSource(`
game "Secret" { players 2 }
per player { pick: number = 0 }
flow {
  let picks = secretly each p in players chooses n from 1..3 prompt "Pick"
  for p in players { p.pick = picks[p] }
  let again = choose n from 1..2 by players[0] prompt "Again"
}
scoring p { points p.pick }
`);

// About 3,000,000 steps of work after the first decision, then a choice whose weighing takes
// about 2,100,000 more: together, past the step budget of 5,000,000 between two decisions.
const COSTLY = gameFromSource(`
game "Costly" { players 2 }
flow {
  let n = choose n from 1..2 by players[0] prompt "Go"
  let t = 0
  repeat 1000000 { t += 1 }
  let k = choose k from 1..3 by players[1] where (sum j for j in 1..700000) > 0 prompt "Costly"
}
scoring p { points 0 }
`);

// Work right after the first decision, then a choice: `n` rounds of the loop take the rules to
// the step budget between two decisions, or one step past it.
const BUDGET_EDGE = (n: number) =>
  gameFromSource(`
game "Edge" { players 2 }
flow {
  let g = choose g from 1..2 by players[0] prompt "Go"
  let t = 0
  repeat ${n} { t += 1 }
  let k = choose k from 1..2 by players[1] prompt "Next"
}
scoring p { points 0 }
`);

// A choice with a filter, for the reasons a refused option is given.
const REFUSALS = gameFromSource(`
game "Refusals" { players 2 }
board b: grid(3, 1)
flow {
  let n = choose n from 1..3 by players[0] prompt "How many?"
  let s = choose s from empty_spaces(b) by players[1] where s != space_at(b, 0, 0) prompt "Where?"
}
scoring p { points 0 }
`);

describe("a look-ahead copy", () => {
  it("stops where someone must choose next, before an option forced on them is taken", () => {
    const m = FORCED.start({ players: 2, seed: 1 });
    const trial = m.lookAhead();
    expect(trial.applyAt(2, 0)).toEqual({ ok: true });
    // Player 1 took 3; player 2's only option (5 points) is not taken yet.
    expect(trial.state.pending).toBeNull();
    expect(trial.over).toBe(false);
    expect(trial.estimate(0)).toBe(3);
    expect(trial.estimate(1)).toBe(0);
    expect(trial.playerVar(1, "points")).toBe(0);
    // Asking who decides offers the choice: the forced option is taken, and player 1 is asked again.
    expect(trial.decision).toEqual({ players: [0], prompt: "Again", simultaneous: false });
    expect(trial.estimate(1)).toBe(5);
    // The original match is untouched.
    expect(m.decision?.prompt).toBe("How many?");
    expect(m.estimate(0)).toBe(0);
  });

  it("once offered, is the same match as a plain clone after the same decision", () => {
    const m = FORCED.start({ players: 2, seed: 7 });
    const plain = m.clone();
    const trial = m.lookAhead();
    plain.applyAt(1, 0);
    trial.applyAt(1, 0);
    expect(trial.options(0)).toEqual(plain.options(0));
    expect(JSON.stringify(trial.toJSON())).toBe(JSON.stringify(plain.toJSON()));
    // It keeps looking ahead: the next decision stops at the choice of nothing, which has not
    // stopped the match yet; offering it does, as it does the plain clone.
    plain.applyAt(0, 0);
    trial.applyAt(0, 0);
    expect(trial.error).toBeNull();
    expect(trial.over).toBe(false);
    expect(plain.error?.code).toBe("runtime-no-options");
    expect(trial.decision).toBeNull();
    expect(trial.error).toEqual(plain.error);
  });

  it("offers the choice it stopped at when saved, viewed or counted", () => {
    const m = FORCED.start({ players: 2, seed: 3 });
    const saved = m.lookAhead();
    saved.applyAt(0, 0);
    expect(saved.toJSON().pending?.prompt).toBe("Again");

    const viewed = m.lookAhead();
    viewed.applyAt(0, 0);
    expect(viewed.view(0).decision?.prompt ?? null).not.toBeNull();

    const counted = m.lookAhead();
    counted.applyAt(0, 0);
    expect(counted.optionCount(0)).toBe(2);
  });

  it("copies of a stopped copy stop there too, and each offers on its own", () => {
    const m = FORCED.start({ players: 2, seed: 5 });
    const trial = m.lookAhead();
    trial.applyAt(2, 0);
    const copy = trial.clone();
    expect(copy.state.pending).toBeNull();
    expect(copy.estimate(1)).toBe(0);
    expect(copy.decision?.prompt).toBe("Again");
    // Offering the copy's choice left the first stopped copy as it was.
    expect(trial.state.pending).toBeNull();
    expect(trial.estimate(1)).toBe(0);
    // The copy looks ahead too.
    copy.applyAt(1, 0);
    expect(copy.state.pending).toBeNull();
    expect(copy.over).toBe(false);
  });

  it("counts the work done before it stopped against the step budget when it offers", () => {
    const m = COSTLY.start({ players: 2, seed: 1 });
    const plain = m.clone();
    plain.applyAt(0, 0);
    expect(plain.error?.code).toBe("runtime-step-budget");
    const trial = m.lookAhead();
    trial.applyAt(0, 0);
    expect(trial.error).toBeNull();
    expect(trial.decision).toBeNull();
    expect(trial.error).toEqual(plain.error);
  });

  it("counts the choice it stopped at once: a rule ending exactly at the step budget passes", () => {
    // The last number of rounds a plain copy runs without passing the budget, found near where
    // this engine's step counts put it (a change to them moves it: move the window with it).
    const fails = (n: number, look: boolean): boolean => {
      const m = BUDGET_EDGE(n).start({ players: 2, seed: 1 });
      const c = look ? m.lookAhead() : m.clone();
      c.applyAt(0, 0);
      c.decision;
      return c.error?.code === "runtime-step-budget";
    };
    let lo = 1_666_600;
    let hi = 1_666_700;
    expect(fails(lo, false)).toBe(false);
    expect(fails(hi, false)).toBe(true);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (fails(mid, false)) hi = mid;
      else lo = mid;
    }
    expect(fails(lo, true)).toBe(false);
    expect(fails(hi, true)).toBe(true);
  });

  it("is redrawn from, and explains refusals, as a plain copy after the same decision", () => {
    const m = REFUSALS.start({ players: 2, seed: 1 });
    const plain = m.clone();
    const trial = m.lookAhead();
    plain.applyAt(0, 0);
    trial.applyAt(0, 0);
    expect(refusedOptions(trial.clone(), 1, {})).toEqual(refusedOptions(plain, 1, {}));
    expect(refusedOptions(plain, 1, {}).map((o) => o.id)).toEqual(["b:0,0"]);
    const world = trial.lookAhead().resampleFor(1, 9);
    expect(world.decision).toEqual({ players: [1], prompt: "Where?", simultaneous: false });
    expect(world.optionCount(1)).toBe(2);
    expect(world.applyAt(0, 1)).toEqual({ ok: true });
  });

  it("waits for every answer of a secret choice, then stops at the next choice", () => {
    const m = SECRET.start({ players: 2, seed: 1 });
    const trial = m.lookAhead();
    trial.applyAt(2, 0);
    // Player 2 still owes an answer: nothing ran on, so the secret choice is still pending.
    expect(trial.decision?.players).toEqual([1]);
    trial.applyAt(0, 1);
    expect(trial.state.pending).toBeNull();
    expect(trial.estimate(0)).toBe(3);
    expect(trial.estimate(1)).toBe(1);
    expect(trial.decision?.prompt).toBe("Again");
  });
});

describe("copies that take options of one choice", () => {
  it("name the placement each takes for the log as a match of their own does", () => {
    // Cacao's first decision places one of three worker tiles, several of one kind (told apart
    // by number in ids): the names are worked out once for the choice its copies share.
    const cacao = loadGame("cacao.stela");
    const base = cacao.start({ players: 3, seed: 4 });
    expect(base.decision?.prompt).toBe("Place a worker tile");
    const n = base.optionCount();
    expect(n).toBeGreaterThan(8);
    const listed = base.options();
    for (let i = 0; i < n; i += 3) {
      const copy = base.lookAhead();
      copy.applyAt(i);
      const option = listed.find((o) => o.index === i)!;
      expect(copy.log.at(-1)).toMatchObject({ option: option.id, label: option.label });
      const own = cacao.start({ players: 3, seed: 4 });
      own.applyAt(i);
      expect(copy.log.at(-1)).toEqual(own.log.at(-1));
    }
  });
});
