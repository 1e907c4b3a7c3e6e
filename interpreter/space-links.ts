import { topOn } from "./pieces.ts";
import type { MatchState } from "./state.ts";
import type { SpaceInfo, Topology } from "./topology.ts";

/**
 * Which occupied spaces of a board are linked: touching spaces (`Topology.touchingSpaces`) whose
 * top pieces have the same owner, followed step by step, as `joins` walks them. Kept as a
 * union-find over space numbers (`SpaceInfo.id`): `links[i]` is the parent of space `i` in its
 * group (itself at the group's root), -1 when it is empty or not of this board.
 *
 * Kept with the board's position (`BoardPosition.links`) and carried forward when a piece is put
 * on empty spaces (`pieces.ts` `putOnBoard`): a put only adds links, so the next position's
 * groups are this one's joined through the new piece. That is the move of every connection game,
 * which asks after each move whether the new piece joins two sides: the answer is then a
 * comparison of roots, not a walk over the piece's whole chain. Any other change of the board (a
 * piece lifted, or stacked on another) forgets the position (`ownCells`), a piece on it given
 * another owner forgets the links (`pieces.ts` `setOwner`), and the next question builds them
 * from the board.
 */
export type SpaceLinks = Int32Array;

/** The links of `board`'s position in `s`, built from its pieces: one pass over its spaces. */
export function buildLinks(topo: Topology, s: MatchState, board: string): SpaceLinks {
  // The spaces and those they touch are looked up first: a space is numbered when first looked up,
  // and the links cover every number given out.
  const infos = topo.spaces(s, board);
  for (const t of infos) topo.touchingOf(t);
  const links = new Int32Array(topo.spaceCount).fill(-1);
  for (const t of infos) if (topOn(topo, s, t) !== null) links[t.id] = t.id;
  for (const t of infos) if (links[t.id]! >= 0) linkAround(topo, s, links, t);
  return links;
}

/**
 * Links a space just covered, `t` (empty before, the piece on top new there), with the touching
 * spaces whose top piece has the same owner. False when a space lies beyond the links (an open
 * grid's new space, numbered after they were built): they must be built again.
 */
export function linkPut(topo: Topology, s: MatchState, links: SpaceLinks, t: SpaceInfo): boolean {
  if (t.id >= links.length) return false;
  links[t.id] = t.id;
  return linkAround(topo, s, links, t);
}

function linkAround(topo: Topology, s: MatchState, links: SpaceLinks, t: SpaceInfo): boolean {
  const id = t.id;
  const owner = ownerAt(topo, s, t);
  const around = topo.touchingOf(t);
  for (let k = 0; k < around.length; k++) {
    const n = around[k]!;
    if (n.id >= links.length) {
      // A neighbour numbered after the links were built is empty in them: fine unless it holds a piece.
      if (topOn(topo, s, n) !== null) return false;
      continue;
    }
    if (links[n.id]! < 0 || ownerAt(topo, s, n) !== owner) continue;
    const a = root(links, id);
    const b = root(links, n.id);
    if (a !== b) links[a] = b;
  }
  return true;
}

function ownerAt(topo: Topology, s: MatchState, t: SpaceInfo): number | null | undefined {
  const top = topOn(topo, s, t);
  return top === null ? undefined : s.pieces[top]!.owner;
}

/** The root of space `id`'s group (halving the path on the way: later questions climb less). */
export function root(links: SpaceLinks, id: number): number {
  let i = id;
  while (links[i] !== i) {
    const up = links[links[i]!]!;
    links[i] = up;
    i = up;
  }
  return i;
}

/** Is some space of `ids` (space numbers) occupied and in the group whose root is `r`? */
export function meets(links: SpaceLinks, ids: Int32Array, r: number): boolean {
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    if (id < links.length && links[id]! >= 0 && root(links, id) === r) return true;
  }
  return false;
}
