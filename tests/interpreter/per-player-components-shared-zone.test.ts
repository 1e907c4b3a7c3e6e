import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `components Worker per player in pool`, `pool` one shared zone: each player's pieces start in it,
 * owned by their player. It checked clean and then stopped every match at its start with an
 * internal error (the pieces were put in `pool#0`, a zone that does not exist).
 */
describe("a player's components in a shared zone", () => {
  it("start in that zone, each owned by its player", () => {
    const m = gameFromSource(`game "Pool" { players 2  ask always }
kind Worker { strength: number }
zone pool: Worker public
components Worker per player in pool { x2 { strength: 1 } }
flow {
  for p in players {
    turn p {
      let w = choose w from pool where w.owner == p prompt "Send a worker"
      remove w
    }
  }
}
scoring p { points size([w for w in pool where w.owner == p]) }
`).start({ players: 2, seed: 1 });
    expect(m.error).toBeNull();
    const pool = m.view(null).zones.find((z) => z.key === "pool")!;
    expect(pool.pieces!.map((p) => p.owner).sort()).toEqual([0, 0, 1, 1]);
    expect(m.options(0)).toHaveLength(1);
  });
});
