import { describe, expect, it } from "vitest";
import type { Game, Match } from "../../interpreter/index.ts";
import { occupancyOf, topAt, topOn } from "../../interpreter/pieces.ts";
import { gameFiles, gameFromSource, loadGame } from "../support/games.ts";
import { RandomPolicy } from "../bench/random-policy.ts";
import { loadGame as loadBenchGame } from "../bench/stela-playout.ts";

/**
 * The occupancy index (`pieces.ts`): the top piece per space number, derived from the state's
 * `cells`. It must agree with `cells` after every move, travel with clones, stay
 * out of JSON, and be rebuilt when a state arrives without it.
 */

/** Every space of every board instance whose index entry disagrees with `cells`. */
function disagreements(game: Game, m: Match): string[] {
  const rt = game.runtime(m.state.variant);
  const out: string[] = [];
  for (const board of rt.topo.instances(m.state.players)) {
    const keys = new Set(rt.topo.spaces(m.state, board).map((t) => t.key));
    for (const cell of Object.keys(m.toJSON().cells[board] ?? {})) keys.add(rt.topo.spaceKey(board, cell));
    for (const key of keys) {
      const info = rt.topo.info(key)!;
      const want = topAt(rt.topo, m.state, info.board, info.cell);
      const got = topOn(rt.topo, m.state, info);
      if (want !== got) out.push(`${key}: cells say ${want}, the index says ${got}`);
    }
  }
  return out;
}

// Lifting from a stack uncovers the piece below: the index must show it, not an empty space.
const stacking = gameFromSource(`game "Stacks" { players 2 }
kind Disc { n: number }
zone bag: Disc
components Disc in bag { x6 { n: 1 } }
board row: grid(3, 1)
var tops: list of piece
flow {
  let a = top(bag)
  place a at space_at(row, 0)
  let b = top(bag)
  place b at space_at(row, 0)
  tops = [piece_at(space_at(row, 0))]
  move b to bag
  tops = tops + [piece_at(space_at(row, 0))]
  move a to bag
  tops = tops + [piece_at(space_at(row, 0))]
  turn players[0] {
    let s = choose s from spaces(row) prompt "Place" where empty(s)
    place top(bag) at s
  }
  end game
}
scoring p { points 0 }`);

describe("the occupancy index", () => {
  it("shows the piece below once the top of a stack is lifted, then an empty space", () => {
    const m = stacking.start({ players: 2, seed: 1 });
    const tops = m.global("tops") as number[];
    expect(tops).toHaveLength(3);
    expect(tops[0]).not.toBe(tops[1]);
    expect(tops[2]).toBeNull();
    expect(disagreements(stacking, m)).toEqual([]);
  });

  it.each([...gameFiles().map((f) => `games/${f}`)])("agrees with cells at every decision of random games of %s", (file) => {
    const game = loadGame(file.slice("games/".length));
    for (const seed of [1, 2]) {
      const m = game.start({ players: Math.min(game.maxPlayers, 3), seed });
      const policy = new RandomPolicy(seed);
      let checked = 0;
      for (let d = m.decision; d && checked < 60; d = m.decision, checked++) {
        expect(disagreements(game, m)).toEqual([]);
        const p = d.players[0]!;
        m.applyAt(policy.pick(m.optionCount(p)), p);
      }
      expect(checked).toBeGreaterThan(5);
    }
  });

  it("is copied by clone (moves in the copy leave the original's alone), kept out of JSON, rebuilt after fromJSON", () => {
    const game = loadBenchGame("tests/bench/games/reversi.stela");
    const m = game.start({ players: 2, seed: 4 });
    const policy = new RandomPolicy(4);
    for (let i = 0; i < 6; i++) m.applyAt(policy.pick(m.optionCount(m.decision!.players[0]!)), m.decision!.players[0]!);
    // Built on first use (this game's rules may never ask what is on a space).
    expect(disagreements(game, m)).toEqual([]);
    const before = occupancyOf(m.state)!.slice();
    expect(before.some((t) => t > 0)).toBe(true);
    const c = m.clone();
    expect(occupancyOf(c.state)).not.toBe(occupancyOf(m.state));
    for (let i = 0; i < 6 && c.decision; i++) c.applyAt(policy.pick(c.optionCount(c.decision.players[0]!)), c.decision.players[0]!);
    expect([...occupancyOf(m.state)!]).toEqual([...before]);
    expect(disagreements(game, c)).toEqual([]);

    const json = m.toJSON();
    expect(JSON.stringify(json)).not.toContain("occ");
    expect(Object.keys(json)).not.toContain("occ");
    const back = (m.constructor as typeof Match).fromJSON(game, json);
    expect(occupancyOf(back.state)).toBeUndefined();
    expect(disagreements(game, back)).toEqual([]);
    expect([...occupancyOf(back.state)!].filter((t) => t > 0).sort()).toEqual([...before].filter((t) => t > 0).sort());
  });
});
