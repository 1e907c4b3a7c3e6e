import type { BoardDef, Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import { boardName } from "../../dsl/keys.ts";
import { tick, type Exec } from "../exec.ts";
import { fail } from "../runtime-error.ts";
import { SpaceInfo, spaceOf } from "../space-info.ts";
import { GridPartShape, type GridParts } from "../board-shapes/grid-parts.ts";
import { direct, type BuiltinImpl, type BuiltinName } from "./impl.ts";

/** Which part of a square or hex board a board's spaces are: its cells, or its `corners(…)` or `edges(…)`. */
type Part = "cells" | "corners" | "edges";

/** A board's part and the name of the square or hex board it is made of (itself for the cells), or undefined for other boards. */
function partOf(def: BoardDef): { part: Part; base: string } | undefined {
  const t = def.topology;
  if (t.type === "corners" || t.type === "edges") return { part: t.type, base: t.of };
  if (t.type === "grid" || t.type === "hex") return { part: "cells", base: def.name };
  return undefined;
}

/** The links between the parts, by number: what `touching` reads. */
function linked(parts: GridParts, from: Part, to: Part, i: number): readonly number[] {
  switch (from) {
    case "cells":
      return to === "corners" ? parts.cellCorners[i]! : parts.cellEdges[i]!;
    case "corners":
      return to === "cells" ? parts.cornerCells[i]! : parts.cornerEdges[i]!;
    case "edges":
      return to === "cells" ? parts.edgeCells[i]! : parts.edgeCorners[i]!;
  }
}

/**
 * `touching(x, b)`: the spaces of board `b` that touch space `x`, where both boards are parts of
 * the same square or hex board (its cells, `corners(…)`, `edges(…)`): a cell's corners and edges,
 * clockwise; a corner's cells and edges; an edge's cells and its two corners; on `x`'s own board,
 * its neighbours.
 */
function touching(x: Exec, v: Value, b: Value, span: Span): SpaceInfo[] {
  const s = spaceOf(v, span);
  const instance = b as string;
  const def = x.rt.topo.boardDef(instance);
  if (!def) fail("runtime-none-value", "there is no such board", span);
  const from = partOf(s.def);
  const to = partOf(def);
  if (!from || !to || from.base !== to.base) {
    const what = (d: BoardDef, p: typeof from): string => (p ? (p.part === "cells" ? `the cells of \`${p.base}\`` : `the ${p.part} of \`${p.base}\``) : `a ${d.topology.type}`);
    fail(
      "runtime-error",
      `\`touching\` links the cells, corners and edges of one square or hex board, and ${s.label ?? x.rt.topo.label(s)} is on \`${boardName(s.board)}\` (${what(s.def, from)}) while \`${boardName(instance)}\` is ${what(def, to)}`,
      span,
    );
  }
  if (from.part === to.part) return x.rt.topo.neighboursOf(s);
  const shape = s.shape instanceof GridPartShape ? s.shape : x.rt.topo.shape(instance);
  if (!(shape instanceof GridPartShape)) return fail("internal-error", "the corners and edges of a board were not built", span);
  const out: SpaceInfo[] = [];
  for (const i of linked(shape.parts, from.part, to.part, s.index)) {
    const t = x.rt.topo.spaceAtCell(instance, i);
    if (t) out.push(t);
  }
  return out;
}

/**
 * `longest_trail(roads, blocked)`: the most edges in one trail along `roads`, spaces of an
 * `edges(…)` board, each edge once (a trail may pass a corner again: a loop counts whole), never
 * going on through a corner in `blocked` (it may end there). Every trail is tried from every road,
 * both ways: a player's roads are few, and the longest trail is a hard problem in general.
 */
function longestTrail(x: Exec, roadsV: Value, blockedV: Value, span: Span): number {
  const roads = Array.isArray(roadsV) ? roadsV : [];
  if (roads.length === 0) return 0;
  const first = spaceOf(roads[0], span);
  const shape = first.shape;
  if (!(shape instanceof GridPartShape) || shape.type !== "edges") {
    return fail("runtime-error", `\`longest_trail\` walks the spaces of an \`edges(…)\` board, and ${x.rt.topo.label(first)} is on \`${boardName(first.board)}\`, a ${shape.type}`, span);
  }
  const parts = shape.parts;
  const mine = new Uint8Array(parts.edgeCorners.length);
  for (const r of roads) {
    const s = spaceOf(r, span);
    if (s.board !== first.board) fail("runtime-error", `\`longest_trail\` walks one board's edges, and ${x.rt.topo.label(s)} is on \`${boardName(s.board)}\`, not \`${boardName(first.board)}\``, span);
    mine[s.index] = 1;
  }
  const stop = new Uint8Array(parts.cornerEdges.length);
  for (const c of Array.isArray(blockedV) ? blockedV : []) {
    const s = spaceOf(c, span);
    if (!(s.shape instanceof GridPartShape) || s.shape.type !== "corners" || s.shape.parts !== parts) {
      fail("runtime-error", `\`longest_trail\`'s blocked spaces are corners of the board its roads are the edges of, and ${x.rt.topo.label(s)} is on \`${boardName(s.board)}\``, span);
    }
    stop[s.index] = 1;
  }
  const used = new Uint8Array(mine.length);
  // The longest trail that starts with road `first` and goes on from its end `start`. A walk with
  // its own stack, not recursion: a board's every edge as roads is a trail thousands of roads deep.
  const walk = (first: number, start: number): number => {
    const corners = [start];
    const next = [0];
    const via = [first];
    used[first] = 1;
    let best = 1;
    while (corners.length > 0) {
      const top = corners.length - 1;
      const c = corners[top]!;
      // A blocked corner ends a trail: it may be reached, not passed.
      const edges = stop[c] ? [] : parts.cornerEdges[c]!;
      let e = -1;
      while (next[top]! < edges.length) {
        const f = edges[next[top]!++]!;
        if (mine[f] && !used[f]) {
          e = f;
          break;
        }
      }
      tick(x, span);
      if (e < 0) {
        used[via.pop()!] = 0;
        corners.pop();
        next.pop();
        continue;
      }
      used[e] = 1;
      const [a, b] = parts.edgeCorners[e]!;
      corners.push(a === c ? b : a);
      next.push(0);
      via.push(e);
      if (via.length > best) best = via.length;
    }
    return best;
  };
  let best = 0;
  for (let e = 0; e < mine.length; e++) {
    if (!mine[e]) continue;
    const [a, b] = parts.edgeCorners[e]!;
    // A trail starts at one end of its first road: from a across e on from b, or the other way.
    best = Math.max(best, walk(e, b), walk(e, a));
  }
  return best;
}

export const GRID_PART_IMPLS = {
  touching: direct((x, span, s, b) => touching(x, s!, b!, span)),
  longest_trail: direct((x, span, roads, blocked) => longestTrail(x, roads!, blocked ?? null, span)),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
