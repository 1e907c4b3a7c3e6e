import { describe, expect, it } from "vitest";
import { compile, playRandomly, type Game } from "../../interpreter/index.ts";
import type { ChoiceSpec } from "../../interpreter/compile-code.ts";

/**
 * A choice over `placements(…)` whose leading filters read only the piece placed (`pl.piece in
 * offer()`, `pl.piece.cost <= p.coins`) weighs them once per piece for one offer of the choice,
 * not at each of a piece's spots and turns: a designer's game choosing among the placements of
 * 33 polyomino patches, with the 3 on offer named in the first `where`, took 3x longer a greedy decision
 * than building the offer as a list first (62 ms against 19 ms, `piece-filters.ts`).
 */
function game(source: string): Game {
  const r = compile(source, "pieces.stela");
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return r.game!;
}

/** Five one-cell tiles of costs 1 to 5 and a board (4x4 unless given): a tile may go on any empty space if it costs at most 2. */
const TILES = (wheres: string, more = "", board = "grid(4, 4)") => `
game "Tiles" { players 1 }
kind Tile { cost: number }
zone hand: Tile
components Tile in hand {
  "a" { cost: 1 }
  "b" { cost: 2 }
  "c" { cost: 3 }
  "d" { cost: 4 }
  "e" { cost: 5 }
}
board b: ${board}
var limit: number = 2
${more}
flow {
  repeat 3 {
    turn players[0] {
      let pl = choose pl from placements(hand, b) prompt "Lay a tile"
        ${wheres}
      place pl.piece at pl
    }
  }
}
scoring p { points 0 }
`;

/** The compiled choice of the flow, whose filters a test may count. */
function choiceOf(g: Game): ChoiceSpec {
  for (const ins of g.runtime().codeOf("flow")!.instrs) if (ins.k === "choose") return ins;
  throw new Error("no choice in the flow");
}

/** Counts the calls of the choice's first filter from now on. */
function counted(spec: ChoiceSpec): { calls: number } {
  const n = { calls: 0 };
  const w = spec.wheres[0]!;
  const cond = w.cond;
  w.cond = (x, l) => {
    n.calls++;
    return cond(x, l);
  };
  return n;
}

/** The work done (`Exec.steps`) each time the choice's second filter is asked, from now on. */
function stepsAtSpotFilter(spec: ChoiceSpec): number[] {
  const out: number[] = [];
  const w = spec.wheres[1]!;
  const cond = w.cond;
  w.cond = (x, l) => {
    out.push(x.steps);
    return cond(x, l);
  };
  return out;
}

describe("filters that read only the piece placed", () => {
  it("are told apart from those that read the placement, as a leading run", () => {
    const by = (wheres: string, more?: string) => choiceOf(game(TILES(wheres, more))).byPiece;
    expect(by(`where pl.piece.cost <= limit else "Too dear" where empty(pl)`)).toBe(1);
    expect(by(`where pl.piece is Tile and pl.piece.cost <= limit where pl.piece.cost > 0 where empty(pl)`)).toBe(2);
    // A filter that does not name the placement at all gives every piece one answer too.
    expect(by(`where limit > 0 where pl.piece.cost <= limit`)).toBe(2);
    // After one that reads the spot, none: it is weighed only where the spot filter let it through.
    expect(by(`where empty(pl) where pl.piece.cost <= limit`)).toBe(0);
    // The placement handed whole to a rule or function reads more than its piece.
    expect(by(`where fits(pl)`, `rule fits(q: placement) { require q.piece.cost <= limit }`)).toBe(0);
    expect(by(`where pl.rotation == 0`)).toBe(0);
    // A filter that draws on the generator is weighed each time: each draw must happen.
    expect(by(`where pl.piece.cost <= random([1, 2, 3])`)).toBe(0);
  });

  it("are weighed once per piece for an offer of the choice, to the same options and steps", () => {
    // 5 tiles on 3 spots: 15 candidates, all weighed at the choice (`WEIGHED_AT_ONCE`).
    const source = TILES(`where pl.piece.cost <= limit else "Too dear" where empty(pl)`, "", "grid(3, 1)");
    const once = game(source);
    const n = counted(choiceOf(once));
    const stepsOnce = stepsAtSpotFilter(choiceOf(once));
    const m = once.start({ players: 1, seed: 3 });
    // One call of the first filter per tile, not per candidate.
    expect(n.calls).toBe(5);
    // Weighed at every candidate, as before: the same options, the same steps charged (the spot
    // filter is reached at the same count of steps each time, so the budget runs out alike).
    const each = game(source);
    choiceOf(each).byPiece = 0;
    const stepsEach = stepsAtSpotFilter(choiceOf(each));
    const e = each.start({ players: 1, seed: 3 });
    expect(m.options().map((o) => o.label)).toEqual(e.options().map((o) => o.label));
    expect(m.options()).toHaveLength(6);
    expect(stepsOnce).toHaveLength(6);
    expect(stepsOnce).toEqual(stepsEach);
  });

  it("leave a candidate that is no placement to fail its filters as written", () => {
    // `none` among the placements: the filter's own error, not the engine's.
    const g = game(
      TILES("where pl.piece.cost <= 2", "", "grid(2, 1)")
        .replace('"c" { cost: 3 }\n  "d" { cost: 4 }\n  "e" { cost: 5 }\n', "")
        .replace("let pl = choose pl from placements(hand, b)", "let some = placements(hand, b)\n      let pl = choose pl from [some[0], none]"),
    );
    expect(choiceOf(g).byPiece).toBe(1);
    const m = g.start({ players: 1, seed: 1 });
    expect(m.error).toMatchObject({ code: "runtime-none-value", message: "there is no placement here (the value is `none`)" });
  });

  it("are weighed once per piece when a choice of many candidates waits to be weighed", () => {
    const g = game(TILES(`where pl.piece.cost <= limit else "Too dear" where empty(pl)`));
    const n = counted(choiceOf(g));
    const m = g.start({ players: 1, seed: 3 });
    // 80 candidates: the offer weighs the first tile's until two are legal, one call.
    expect(n.calls).toBe(1);
    // Counting the options weighs every candidate left: once per tile over the offer and the count.
    expect(m.optionCount()).toBe(32);
    expect(n.calls).toBe(5);
    // And a whole random game plays the same with and without.
    const plain = game(TILES(`where pl.piece.cost <= limit else "Too dear" where empty(pl)`));
    choiceOf(plain).byPiece = 0;
    const a = g.start({ players: 1, seed: 9, quiet: true });
    const b = plain.start({ players: 1, seed: 9, quiet: true });
    playRandomly(a, 4);
    playRandomly(b, 4);
    expect(a.toJSON()).toEqual(b.toJSON());
  });
});
