import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Game, playRandomly } from "../../interpreter/index.ts";
import { loadGame as loadBenchGame } from "../bench/stela-playout.ts";
import { gameFiles, gameFromSource, loadGame } from "../support/games.ts";

/**
 * Expressions and the flow's plain statements compiled to JavaScript must
 * play exactly the games the reference interpreter (closures, every
 * instruction in the VM's loop) plays: every game file, random playouts
 * from the same seeds, the whole saved state compared (log, messages, result,
 * any error, the generator, and every frame with its locals).
 */

// Two seeds: the second match of a game is the first to be given values worked out once per game
// (`fixed-values.ts`) instead of working them out.
const SEEDS = [1, 2];

/** A whole match, played out: its saved state (log, messages, result, error, generator, frames and their locals). */
function trace(game: Game, players: number, seed: number): string {
  const m = game.start({ players, seed });
  playRandomly(m, seed + 500);
  return JSON.stringify(m.toJSON());
}

const benchGames = readdirSync(new URL("../bench/games/", import.meta.url)).filter((f) => f.endsWith(".stela"));
const all: [string, () => Game][] = [
  ...gameFiles().map((f): [string, () => Game] => [`games/${f}`, () => loadGame(f)]),
  ...benchGames.map((f): [string, () => Game] => [`tests/bench/games/${f}`, () => loadBenchGame(`tests/bench/games/${f}`)]),
];

describe("compiled expressions play the same games as the reference closures", () => {
  it("and fail the same way: a number grown past what a game may hold, a division by zero", () => {
    for (const [grow, code] of [
      ["v = v * 10", "runtime-invalid-number"],
      ["v = v / (v - v)", "runtime-division-by-zero"],
    ] as const) {
      const compiled = gameFromSource(`
        game "Overflow" { players 2 }
        var v: number = 1
        flow { repeat 400 { ${grow} } }
        scoring p { points 0 }
      `);
      const reference = new Game(compiled.def, compiled.variantDefs, "closures");
      const a = reference.start({ players: 2, seed: 1 }).error;
      expect(a?.code).toBe(code);
      expect(compiled.start({ players: 2, seed: 1 }).error).toEqual(a);
    }
  });


  it("and charge a range of written numbers as building it, though the compiled one is built once", () => {
    // 100,000 ranges of 100 numbers pass the step budget only if each is charged its 100 items.
    const compiled = gameFromSource(`
      game "Ranges" { players 2 }
      var v: number = 0
      flow { repeat 100000 { v = size(0..99) } }
      scoring p { points 0 }
    `);
    const reference = new Game(compiled.def, compiled.variantDefs, "closures");
    const a = reference.start({ players: 2, seed: 1 }).error;
    expect(a?.code).toBe("runtime-step-budget");
    expect(compiled.start({ players: 2, seed: 1 }).error).toEqual(a);
  });

  it("and agree on ranges whose ends are fractions or too large to count by one", () => {
    const cases: [string, string | null][] = [
      // A range with a fraction at an end is refused by both at its first count.
      ["repeat 3000000 { v += size(0.3..2.3) }", "runtime-invalid-number"],
      // 0..2 builds 0, 1, 2, charged 3 steps by both engines, so the step budget stops both at the same repeat.
      ["repeat 3000000 { v += size(0..2) }", "runtime-step-budget"],
      // Past 2^53 adding one does not move a number: refused with a reason, never counted forever.
      ["if v == 0 { v = size(100000000000000000..100000000000000000) }", "runtime-invalid-number"],
      // The same range where it is never reached: the game starts and ends in both.
      ["if v > 5 { v = size(100000000000000000..100000000000000000) }", null],
    ];
    for (const [body, code] of cases) {
      const compiled = gameFromSource(`
        game "Ranges" { players 2 }
        var v: number = 0
        flow { ${body} }
        scoring p { points 0 }
      `);
      const reference = new Game(compiled.def, compiled.variantDefs, "closures");
      const a = reference.start({ players: 2, seed: 1 });
      const b = compiled.start({ players: 2, seed: 1 });
      expect(a.error?.code ?? null, body).toBe(code);
      expect(b.error, body).toEqual(a.error);
      expect(b.global("v"), body).toBe(a.global("v"));
    }
  });

  for (const [name, load] of all) {
    it(name, () => {
      const compiled = load();
      expect(compiled.engine).toBe("compiled");
      const reference = new Game(compiled.def, compiled.variantDefs, "closures");
      // The compiled engine runs the flow's plain statements as one function; the reference, all in the VM's loop.
      expect(compiled.runtime().code.get("flow")!.flow).toBeDefined();
      expect(reference.runtime().code.get("flow")!.flow).toBeUndefined();
      for (const players of [compiled.minPlayers]) {
        for (const seed of SEEDS) {
          const a = trace(reference, players, seed);
          expect((JSON.parse(a) as { log: unknown[] }).log.length).toBeGreaterThan(0);
          expect(trace(compiled, players, seed), `${players} players, seed ${seed}`).toBe(a);
        }
      }
    });
  }
});
