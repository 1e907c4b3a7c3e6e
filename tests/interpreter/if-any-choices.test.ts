import { describe, expect, it } from "vitest";
import { botRandom } from "../../interpreter/bots/seeds.ts";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { gameFromSource } from "../support/games.ts";

/**
 * `choose … if any`: a choice that may have nothing to choose. With no legal option the value is
 * `none` and nobody is asked, instead of the match stopping on "nothing is allowed"; with options
 * it is an ordinary choice (one option is taken without asking, as always).
 */
describe("choices with `if any`", () => {
  // `limit` filters the candidates; more than 16 candidates, so the filters are weighed lazily too.
  const game = (limit: number, candidates = 3) =>
    gameFromSource(`
game "Maybe" { players 2 }
var got: list of number = []
flow {
  turn players[0] {
    let k = choose k from 1..${candidates} where k > ${limit} prompt "Pick" if any
    got = got + [if k == none then -1 else k]
    let j = choose j from 1..2 prompt "Next"
    got = got + [j]
  }
}
scoring p { points 0 }
`);

  it("is `none` and asks nobody when nothing is allowed, whether the candidates are few or many", () => {
    for (const candidates of [3, 40]) {
      const m = game(candidates, candidates).start({ players: 2, seed: 1 });
      expect(m.error).toBeNull();
      expect(m.global("got")).toEqual([-1]);
      expect(m.decision!.prompt).toBe("Next");
      expect(m.state.messages).toEqual([]);
      expect(m.log).toEqual([]);
    }
  });

  it("is an ordinary choice when something is allowed: asked with two options, taken at once with one", () => {
    const two = game(1).start({ players: 2, seed: 1 });
    expect(two.decision!.prompt).toBe("Pick");
    expect(two.options().map((o) => o.id)).toEqual(["2", "3"]);
    two.apply("3");
    expect(two.global("got")).toEqual([3]);
    const one = game(2).start({ players: 2, seed: 1 });
    expect(one.global("got")).toEqual([3]);
    expect(one.state.messages.map((x) => x.text)).toEqual(["Player 1: 3 (only option)"]);
    // Many candidates, weighed as they are drawn: a random draw takes a legal one.
    const many = game(37, 40).start({ players: 2, seed: 1 });
    expect(many.decision!.prompt).toBe("Pick");
    const rng = botRandom(5);
    expect(many.applyRandom((n) => uniformInt(rng, 0, n - 1)).ok).toBe(true);
    expect([38, 39, 40]).toContain((many.global("got") as number[])[0]);
  });

  it("without `if any` the same choice stops the match with its diagnostic", () => {
    const src = `
game "Must" { players 2 }
flow {
  turn players[0] { let k = choose k from 1..3 where k > 5 }
}
scoring p { points 0 }
`;
    const m = gameFromSource(src).start({ players: 2, seed: 1 });
    expect(m.error?.code).toBe("runtime-no-options");
    // Its message names the ways out, `if any` among them.
    expect(m.error?.message).toBe('Player 1 must choose here but its `where` refuses all 3 candidates (refused: "this must hold: k > 5"); guard the choice with an `if`, end it with `if any` (then it is `none`), or offer `stop`');
  });

  it("says whether nothing was there to choose from or the `where` refused it all, in a choice and in a secret one", () => {
    const src = (choice: string) => `
game "Empty" { players 2 }
zone hand per player: Card owner
zone pool: Card public
kind Card { v: number }
components Card in pool { x2 { v: 1 } }
flow {
  for c in pool { move c to players[1].hand }
  ${choice}
}
scoring p { points 0 }
`;
    const message = (choice: string): string | undefined => gameFromSource(src(choice)).start({ players: 2, seed: 1 }).error?.message;
    expect(message("turn players[0] { let c = choose c from players[0].hand }")).toMatch(/^Player 1 must choose here but there is nothing to choose from \(the list or zone it chooses from is empty\); guard/);
    expect(message("turn players[1] { let c = choose c from players[1].hand where c.v > 1 }")).toMatch(/^Player 2 must choose here but its `where` refuses both candidates \(refused: "this must hold: c.v > 1"\); guard/);
    // Each different reason the rules give, in their words.
    expect(message('turn players[1] { let c = choose c from [1, 2, 3] where c > 2 else "Too small" where c < 3 else "Too big" }')).toMatch(
      /^Player 2 must choose here but its `where` refuses all 3 candidates \(refused: "Too small"; "Too big"\); guard/,
    );
    expect(message("let cs = secretly each p in players chooses c from p.hand")).toBe(
      "Player 1 must choose here but there is nothing to choose from (the list or zone it chooses from is empty); end the choice with `if any` (then their value is `none`), or choose among those who can",
    );
  });

  it("in a secret choice, a player with nothing to choose is not asked and gets `none`; the others choose", () => {
    const secret = (allowed: string) =>
      gameFromSource(`
game "Secret" { players 3 }
per player { got: number = 0 }
flow {
  let picks = secretly each p in players chooses c from 1..3 where ${allowed} prompt "Pick" if any
  for p in players { p.got = if picks[p] == none then -1 else picks[p] }
}
scoring p { points p.got }
`).start({ players: 3, seed: 1 });
    // Player 2 (seat 1) may take nothing.
    const m = secret("p.seat != 1 or c > 3");
    expect(m.decision).toEqual({ players: [0, 2], prompt: "Pick", simultaneous: true });
    m.apply("2", 0);
    m.apply("3", 2);
    expect(m.result!.scores).toEqual([2, -1, 3]);
    // Nobody may take anything: nobody is asked.
    const none = secret("c > 3");
    expect(none.decision).toBeNull();
    expect(none.result!.scores).toEqual([-1, -1, -1]);
  });

  it("a pick of several items is `none` when fewer are allowed than it takes", () => {
    const m = gameFromSource(`
game "Pair" { players 2 }
var got: number = 0
flow {
  turn players[0] {
    let two = choose 2 k from 1..3 where k > 2 if any
    got = if two == none then -1 else size(two)
  }
}
scoring p { points 0 }
`).start({ players: 2, seed: 1 });
    expect(m.error).toBeNull();
    expect(m.global("got")).toBe(-1);
  });
});
