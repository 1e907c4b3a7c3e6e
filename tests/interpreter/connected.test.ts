import { describe, expect, it } from "vitest";
import { gameFromSource } from "../support/games.ts";

/**
 * `connected(seed, among)`: the members of `among` a walk from `seed` reaches through members
 * that touch. The engine answers from a group index built once per list while the match stands
 * still (`interpreter/builtins/board-builtins.ts`); these check it against a plain walk, written
 * here from the state alone, for a seed on every space and on every member, and in the order
 * `among` lists them.
 */

const STONES: [number, number][] = [
  [0, 0], [1, 0], [1, 1], [3, 0], [4, 0], [4, 1], [4, 2], [0, 3], [0, 4], [2, 3], [3, 3], [3, 4], [5, 4],
];

const game = gameFromSource(`game "Connected" { players 2 }
kind Stone { }
zone box: Stone
components Stone in box { x20 { } }
board field: grid(6, 5)
var from_spaces: list of list of piece = []
var from_members: list of list of piece = []
var reversed: list of list of piece = []
var stacked: list of list of piece = []
var stacked_among: list of piece = []
var listed: list of piece = []
flow {
  ${STONES.map(([x, y]) => `place top(box) at space_at(field, ${x}, ${y})`).join("\n  ")}
  listed = pieces(field)
  from_spaces = [connected(s, pieces(field)) for s in spaces(field)]
  from_members = [connected(q, pieces(field)) for q in pieces(field)]
  let backwards = [pieces(field)[size(pieces(field)) - 1 - i] for i in 0..size(pieces(field)) - 1]
  reversed = [connected(q, backwards) for q in backwards]
  // Two members on one space: a walk goes one way only, and the engine walks from each seed.
  place top(box) at space_at(field, 1, 1)
  let crowd = [q for q in pieces_at(space_at(field, 1, 1))] + pieces(field)
  stacked_among = crowd
  stacked = [connected(q, crowd) for q in crowd]
}
scoring p { points 0 }`);

/** The members of `among` a walk from the seed's spaces reaches, as the rulebook reads "connected". */
function walk(at: Map<number, string>, among: number[], seedSpaces: string[], seedIsMember: number | null): number[] {
  const byCell = new Map<string, number>();
  for (const id of among) byCell.set(at.get(id)!, id);
  const touching = (cell: string): string[] => {
    const [x, y] = cell.split(",").map(Number) as [number, number];
    return [`${x},${y - 1}`, `${x + 1},${y}`, `${x},${y + 1}`, `${x - 1},${y}`];
  };
  const seen = new Set<number>();
  const queue: number[] = [];
  if (seedIsMember !== null) queue.push(seedIsMember);
  else for (const c of seedSpaces) for (const n of touching(c)) if (byCell.has(n)) queue.push(byCell.get(n)!);
  for (const q of queue) seen.add(q);
  for (let i = 0; i < queue.length; i++) {
    for (const n of touching(at.get(queue[i]!)!)) {
      const id = byCell.get(n);
      if (id !== undefined && !seen.has(id)) {
        seen.add(id);
        queue.push(id);
      }
    }
  }
  return among.filter((id) => seen.has(id));
}

describe("connected", () => {
  const m = game.start({ players: 2, seed: 1 });
  const at = new Map<number, string>();
  m.state.pieces.forEach((p, id) => {
    if (p.board === "field" && p.cells.length > 0) at.set(id, p.cells[0]!);
  });
  const listed = m.global("listed") as number[];

  it("runs, with every stone of the layout on the board", () => {
    expect(m.error).toBeNull();
    expect(listed.length).toBe(STONES.length);
  });

  it("from a space, reaches the groups of the members around it, in the order of the list asked", () => {
    const spaces: string[] = [];
    for (let y = 0; y < 5; y++) for (let x = 0; x < 6; x++) spaces.push(`${x},${y}`);
    const got = m.global("from_spaces") as number[][];
    expect(got).toEqual(spaces.map((c) => walk(at, listed, [c], null)));
    // Some spaces link two groups, some none.
    expect(got.some((g) => g.length === 0)).toBe(true);
    expect(got.some((g) => g.length >= 5)).toBe(true);
  });

  it("from a member, reaches its own group, in the order of the list asked", () => {
    const got = m.global("from_members") as number[][];
    expect(got).toEqual(listed.map((id) => walk(at, listed, [], id)));
    const backwards = [...listed].reverse();
    expect(m.global("reversed")).toEqual(backwards.map((id) => walk(at, backwards, [], id)));
    // Groups of several sizes: 1, 2, 3 and 4 stones.
    expect(new Set(got.map((g) => g.length)).size).toBeGreaterThan(2);
  });

  it("with two members on one space, answers as a walk from each seed", () => {
    const all = m.global("stacked_among") as number[];
    expect(all.length).toBe(STONES.length + 2);
    expect(m.global("stacked")).toEqual(all.map((id) => walk(at, all, [], id)));
  });
});

describe("connected, asked again after a move", () => {
  // The same three stones are asked about after each move, in lists the rules build again: the
  // engine keeps a list's group index for the same members lying where they lay
  // (`keptIndex`), so a member that moved must make it start over.
  const moving = gameFromSource(`game "Moving" { players 2 }
kind Stone { }
zone box: Stone
components Stone in box { x4 { } }
board field: grid(5, 1)
var sizes: list of number = []
var trio: list of piece = []
procedure ask() {
  // A new list each time, of the same members in the same order.
  sizes = sizes + [size(connected(trio[0], [q for q in trio]))]
}
flow {
  place top(box) at space_at(field, 0, 0)
  place top(box) at space_at(field, 1, 0)
  place top(box) at space_at(field, 2, 0)
  trio = pieces(field)
  ask()
  // Another piece arrives elsewhere: the same members, where they were.
  place top(box) at space_at(field, 4, 0)
  let last = piece_at(space_at(field, 4, 0))
  remove last
  ask()
  // The middle stone moves away: the first one is alone now.
  let middle = piece_at(space_at(field, 1, 0))
  place middle at space_at(field, 4, 0)
  ask()
  // And back.
  place middle at space_at(field, 1, 0)
  ask()
}
scoring p { points 0 }`);

  it("answers from where the members lie now", () => {
    const m = moving.start({ players: 2, seed: 1 });
    expect(m.error).toBeNull();
    expect(m.global("sizes")).toEqual([3, 3, 1, 3]);
  });
});

describe("connected and groups, over more member lists than the engine keeps indexes for", () => {
  // A score may ask about many lists in turn (every player's groups of every colour), each built
  // again after every move: the engine keeps the group indexes of the last few distinct member
  // lists (`keptIndex`, INDEXES_KEPT). Here 52 distinct member lists, more than it keeps, so later
  // ones push earlier ones out, asked in turn twice (some answered from kept indexes), then again
  // after a stone moved (an index whose member moved must not answer).
  const many = gameFromSource(`game "Many lists" { players 2 }
kind Stone { }
zone box: Stone
components Stone in box { x20 { } }
board field: grid(6, 5)
var listed: list of piece = []
var lists: list of list of piece = []
var before: list of list of piece = []
var again: list of list of piece = []
var after: list of list of piece = []
var grouped: list of number = []
var moved: piece = none
define build(): list of list of piece =
  [[listed[j] for j in 0..k] for k in 0..12]
    + [[listed[j] for j in k..12] for k in 0..12]
    + [[listed[j] for j in 0..12 where (j + k) % 3 != 0] for k in 0..12]
    + [[listed[j], listed[(j + 1) % 13]] for j in 0..12]
    + [[listed[j], listed[(j + 2) % 13], listed[(j + 4) % 13]] for j in 0..12]
flow {
  ${STONES.map(([x, y]) => `place top(box) at space_at(field, ${x}, ${y})`).join("\n  ")}
  listed = pieces(field)
  lists = build()
  before = [connected(l[0], l) for l in lists]
  again = [connected(l[size(l) - 1], l) for l in build()]
  moved = piece_at(space_at(field, 1, 0))
  place moved at space_at(field, 2, 0)
  after = [connected(l[0], l) for l in build()]
  grouped = [size(groups(l)) for l in build()]
}
scoring p { points 0 }`);

  const m = many.start({ players: 2, seed: 1 });
  const lists = m.global("lists") as number[][];
  const moved = m.global("moved") as number;
  const atAfter = new Map<number, string>();
  m.state.pieces.forEach((p, id) => {
    if (p.board === "field" && p.cells.length > 0) atAfter.set(id, p.cells[0]!);
  });
  const atBefore = new Map(atAfter).set(moved, "1,0");

  it("runs, with 52 distinct member lists of several lengths", () => {
    expect(m.error).toBeNull();
    expect(lists.length).toBe(65);
    expect(new Set(lists.map((l) => l.join(","))).size).toBe(52);
    expect(new Set(lists.map((l) => l.length)).size).toBeGreaterThan(5);
    expect(atAfter.get(moved)).toBe("2,0");
  });

  it("answers each list as a walk over it, before and after the move", () => {
    expect(m.global("before")).toEqual(lists.map((l) => walk(atBefore, l, [], l[0]!)));
    expect(m.global("again")).toEqual(lists.map((l) => walk(atBefore, l, [], l[l.length - 1]!)));
    const after = m.global("after") as number[][];
    expect(after).toEqual(lists.map((l) => walk(atAfter, l, [], l[0]!)));
    // The move joined groups: some list's answer changed.
    expect(after).not.toEqual(m.global("before"));
  });

  it("splits each list into its groups", () => {
    const count = (l: number[]): number => {
      const left = new Set(l);
      let n = 0;
      for (const id of l) {
        if (!left.has(id)) continue;
        n++;
        for (const q of walk(atAfter, l, [], id)) left.delete(q);
      }
      return n;
    };
    expect(m.global("grouped")).toEqual(lists.map(count));
  });
});
