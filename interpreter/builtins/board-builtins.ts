import type { PlacementValue, Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import { tick, type Exec } from "../exec.ts";
import { openPosition, positions } from "../placement.ts";
import { isTop, occupancy, piece, topOn } from "../pieces.ts";
import { fail } from "../runtime-error.ts";
import { isPlacement, markDistinct } from "../values.ts";
import type { SpaceInfo, Topology } from "../topology.ts";
import type { BuiltinImpl, BuiltinName } from "./impl.ts";
import { MISS, memoTable, recall, remember, remembered } from "../memo.ts";

function spaceInfo(x: Exec, v: Value, span: Span) {
  const s = typeof v === "string" ? x.rt.topo.info(v) : undefined;
  if (!s) fail("runtime-none-value", v === null ? "there is no space here (the value is `none`)" : `\`${String(v)}\` is not a space`, span);
  return s;
}

/**
 * Per piece position, the space keys it covers and the spaces around it. A
 * piece's `cells` array is replaced whenever it moves and never changed in
 * place (clones share it), so the array itself identifies the position.
 */
const covered = new WeakMap<string[], string[]>();
const aroundInfos = new WeakMap<string[], SpaceInfo[]>();
const around = new WeakMap<string[], string[]>();

/** The space keys covered by a piece, placement, space, or list of them. */
export function footprint(x: Exec, v: Value, span: Span): string[] {
  if (v === null) fail("runtime-none-value", "there is nothing here (the value is `none`)", span);
  if (typeof v === "number") {
    const p = piece(x, v, span);
    if (p.board === null) return [];
    let keys = covered.get(p.cells);
    if (!keys) {
      keys = p.cells.map((c) => x.rt.topo.spaceKey(p.board!, c));
      covered.set(p.cells, keys);
    }
    return keys;
  }
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap((i) => footprint(x, i, span));
  if (typeof v === "object" && "cells" in v) return (v as PlacementValue).cells;
  return [];
}

/** The top piece on a space key, or null. */
export function pieceOn(x: Exec, key: string): number | null {
  const s = x.rt.topo.info(key);
  return s ? topOn(x.rt.topo, x.s, s) : null;
}

/** The top piece on a space given as a value (checked once: these run for every candidate of a choice). */
function topOf(x: Exec, v: Value, span: Span): number | null {
  return topOn(x.rt.topo, x.s, spaceInfo(x, v, span));
}

/**
 * What identifies the spaces around `v` for `around`: a piece's position, or a placement's cells
 * (a bounded board's placements share their cell lists, `placement.ts`); undefined for anything else.
 */
function aroundKey(x: Exec, v: Value): string[] | undefined {
  if (typeof v === "number") {
    const p = x.s.pieces[v];
    return p && p.board !== null ? p.cells : undefined;
  }
  return isPlacement(v) ? v.cells : undefined;
}

/** The cached spaces around `v`, if worked out before. */
function cachedAround(x: Exec, v: Value): string[] | undefined {
  const at = aroundKey(x, v);
  return at ? around.get(at) : undefined;
}

function adjacentSpaces(x: Exec, v: Value, span: Span): string[] {
  if (typeof v === "string") {
    // A space's neighbours, the topology's own cached list (not itself, each once).
    const ns = x.rt.topo.neighbours(v);
    tick(x, span, ns.length);
    return ns;
  }
  if (typeof v === "number") piece(x, v, span);
  // The answer is cached by position: rules ask it for every candidate of a choice.
  const at = aroundKey(x, v);
  const cached = at ? around.get(at) : undefined;
  if (cached) {
    tick(x, span, cached.length);
    return cached;
  }
  const own = footprint(x, v, span);
  const mine = new Set(own);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const k of own) {
    for (const n of x.rt.topo.neighbours(k)) {
      if (mine.has(n) || seen.has(n)) continue;
      seen.add(n);
      out.push(n);
    }
  }
  if (at) around.set(at, out);
  tick(x, span, out.length);
  return out;
}

function adjacentPieces(x: Exec, v: Value, span: Span): number[] {
  const spaces = adjacentSpaces(x, v, span);
  // What those spaces are, kept beside a cached list (`around`): each candidate of a choice asks again.
  const cached = typeof v === "string" || cachedAround(x, v) === spaces;
  let infos = cached ? aroundInfos.get(spaces) : undefined;
  if (!infos) {
    const topo = x.rt.topo;
    infos = spaces.map((k) => topo.info(k)!);
    if (cached) aroundInfos.set(spaces, infos);
  }
  const own = typeof v === "number" ? v : null;
  const members = Array.isArray(v) && v.length > 0 ? new Set(v) : undefined;
  const out: number[] = [];
  for (let i = 0; i < infos.length; i++) {
    const id = topOn(x.rt.topo, x.s, infos[i]!);
    if (id === null || id === own || members?.has(id) || out.includes(id)) continue;
    out.push(id);
  }
  return out;
}

/**
 * A built-in remembered while the match stands still (`memo.ts`), judged by how often it is
 * answered from the memo: these walk the board for real work while charging the step budget
 * little for it.
 */
function costly(f: BuiltinImpl): BuiltinImpl {
  return remembered(f, undefined, false);
}

/** The key the memo keeps a list of pieces' space → piece index under (`component`). */
const ownerIndex = memoTable();

/** Members of `among` reachable from `seed` through touching members. */
function component(x: Exec, seed: Value, among: Value[], span: Span): Value[] {
  if (among.length === 0) return [];
  // Indexing the members is work like any other: charged to the step budget.
  tick(x, span, among.length);
  const pieces = typeof among[0] === "number";
  const topo = x.rt.topo;
  if (!pieces) {
    const set = new Set(among as string[]);
    if (!set.has(seed as string)) return [];
    const out: string[] = [seed as string];
    const seen = new Set(out);
    for (let i = 0; i < out.length; i++) {
      for (const n of topo.touching(out[i]!)) {
        if (set.has(n) && !seen.has(n)) {
          seen.add(n);
          out.push(n);
        }
      }
    }
    tick(x, span, out.length);
    return among.filter((k) => seen.has(k as string));
  }
  // Rules ask about one group of pieces for each of many spaces (`connected(s, city_tiles())` for
  // every candidate): while the match stands still, the same list's index is built once.
  let owner = recall(x, ownerIndex, [among]) as Map<string, number> | typeof MISS;
  if (owner === MISS) {
    owner = new Map<string, number>();
    for (const id of among as number[]) for (const k of footprint(x, id, span)) owner.set(k, id);
    remember(x, ownerIndex, [among], owner);
  }
  if (!(among as number[]).includes(seed as number)) {
    // A seed outside the group still links the members it touches.
    const start = footprint(x, seed, span);
    const first = new Set<number>();
    for (const k of start) for (const n of topo.touching(k)) if (owner.has(n)) first.add(owner.get(n)!);
    return expand(x, [...first], owner, among, span);
  }
  return expand(x, [seed as number], owner, among, span);
}

function expand(x: Exec, start: number[], owner: Map<string, number>, among: Value[], span: Span): Value[] {
  const seen = new Set(start);
  const queue = [...start];
  for (let i = 0; i < queue.length; i++) {
    for (const k of footprint(x, queue[i]!, span)) {
      for (const n of x.rt.topo.touching(k)) {
        const id = owner.get(n);
        if (id !== undefined && !seen.has(id)) {
          seen.add(id);
          queue.push(id);
        }
      }
    }
  }
  tick(x, span, queue.length);
  return among.filter((id) => seen.has(id as number));
}

/** A direction given to a line built-in: whole steps, not both 0 (a line must move). */
function direction(dx: Value, dy: Value, span: Span): [number, number] {
  if (typeof dx !== "number" || typeof dy !== "number") fail("runtime-none-value", "a direction needs two numbers (columns and rows to step), and one is `none`", span);
  if (!Number.isInteger(dx) || !Number.isInteger(dy) || (dx === 0 && dy === 0)) {
    fail("runtime-invalid-number", `a direction is whole columns and rows to step, not both 0: got (${dx}, ${dy})`, span);
  }
  return [dx, dy];
}

/** The owner of the top piece on a space: undefined when it is empty (null is a piece nobody owns). */
function ownerOn(x: Exec, t: SpaceInfo): number | null | undefined {
  const id = topOn(x.rt.topo, x.s, t);
  return id === null ? undefined : x.s.pieces[id]!.owner;
}

/** `line_length`: like pieces in a row from next to `s` along (dx, dy); the walk is charged to the step budget. */
function lineLength(x: Exec, s: Value, dx: Value, dy: Value, owner: Value, span: Span): number {
  const [sx, sy] = direction(dx, dy, span);
  const topo = x.rt.topo;
  let n = 0;
  for (let t = topo.offset(spaceInfo(x, s, span), sx, sy); t && ownerOn(x, t) === owner; t = topo.offset(t, sx, sy)) n++;
  tick(x, span, n + 1);
  return n;
}

/** `outflanked`: the others' pieces in a row from next to `s`, closed by one of `owner`'s; none when the row is open. */
function outflankedBy(x: Exec, s: Value, dx: Value, dy: Value, owner: Value, span: Span): number[] {
  const [sx, sy] = direction(dx, dy, span);
  const topo = x.rt.topo;
  const out: number[] = [];
  for (let t = topo.offset(spaceInfo(x, s, span), sx, sy); t; t = topo.offset(t, sx, sy)) {
    const id = topOn(topo, x.s, t);
    tick(x, span);
    if (id === null) return [];
    if (x.s.pieces[id]!.owner === owner) return out;
    out.push(id);
  }
  return [];
}

/**
 * Space numbers of a list of spaces, per list (lists are never changed in place, so the list
 * identifies them) and per game geometry (space numbers are the topology's).
 */
const spaceSets = new WeakMap<Value[], { topo: Topology; set: Set<number> }>();

function spaceNumbers(x: Exec, v: Value, span: Span): Set<number> {
  if (!Array.isArray(v)) fail("runtime-none-value", "expected a list of spaces", span);
  const known = spaceSets.get(v);
  if (known && known.topo === x.rt.topo) return known.set;
  const set = new Set<number>();
  for (const k of v) set.add(spaceInfo(x, k, span).id);
  spaceSets.set(v, { topo: x.rt.topo, set });
  return set;
}

/**
 * `joins`: walks from `s` over touching spaces whose top piece has the same owner as the one on
 * `s`, until it has met a space of `a` and (when given) one of `b`. Space numbers and the
 * occupancy index, no lists built: Hex asks this after every stone.
 */
function joins(x: Exec, s: Value, a: Value, b: Value, span: Span): boolean {
  const start = spaceInfo(x, s, span);
  const owner = ownerOn(x, start);
  if (owner === undefined) return false;
  const inA = spaceNumbers(x, a, span);
  const inB = b === null ? undefined : spaceNumbers(x, b, span);
  const topo = x.rt.topo;
  let metA = false;
  let metB = inB === undefined;
  const seen = new Set<number>([start.id]);
  const queue: SpaceInfo[] = [start];
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i]!;
    if (!metA && inA.has(t.id)) metA = true;
    if (!metB && inB!.has(t.id)) metB = true;
    if (metA && metB) {
      tick(x, span, i + 1);
      return true;
    }
    for (const n of topo.touchingSpaces(t)) {
      if (seen.has(n.id) || ownerOn(x, n) !== owner) continue;
      seen.add(n.id);
      queue.push(n);
    }
  }
  tick(x, span, queue.length);
  return false;
}

/** `empty_spaces`: a board's spaces with nothing on them, in board order, read off the occupancy index. */
function emptySpaces(x: Exec, b: Value, span: Span): string[] {
  const board = b as string;
  const topo = x.rt.topo;
  const all = topo.spaces(x.s, board);
  const ids = topo.spaceNumbers(board);
  tick(x, span, all.length);
  if (!ids) return all.filter((k) => pieceOn(x, k) === null);
  const occ = occupancy(topo, x.s);
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) {
    const id = ids[i]!;
    if (id >= occ.length || occ[id] === 0) out.push(all[i]!);
  }
  // Part of a board's distinct spaces: a choice from it need not look for duplicates.
  return markDistinct(out);
}

function asPieces(x: Exec, v: Value, span: Span): number[] {
  if (typeof v === "number") return [v];
  if (typeof v === "string" && x.s.zones[v]) return [...x.s.zones[v]!];
  if (Array.isArray(v)) return v.filter((i): i is number => typeof i === "number");
  if (v === null) return [];
  return fail("runtime-error", "expected pieces", span);
}

export const BOARD_IMPLS = {
  // The costly walks are remembered while the match stands still (`memo.ts`): rules ask for the
  // placements of the same hand, or the pieces next to the same spot, several times a turn.
  spaces: costly((x, [b]) => x.rt.topo.spaces(x.s, b as string)),
  empty_spaces: costly((x, [b], span) => emptySpaces(x, b!, span)),
  neighbours: (x, [s], span) => x.rt.topo.neighbours(spaceInfo(x, s!, span).key),
  adjacent: (x, [v], span) => adjacentSpaces(x, v!, span),
  adjacent_pieces: costly((x, [v], span) => adjacentPieces(x, v!, span)),
  piece_at: (x, [s], span) => topOf(x, s!, span),
  pieces_at: (x, [s], span) => {
    const info = spaceInfo(x, s!, span);
    return [...(x.s.cells[info.board]?.[info.cell] ?? [])];
  },
  pieces: costly((x, [b]) => (x.s.placed[b as string] ?? []).filter((id) => isTop(x.s, id))),
  empty: (x, [s], span) => topOf(x, s!, span) === null,
  occupied: (x, [s], span) => topOf(x, s!, span) !== null,
  cells: (x, [v], span) => footprint(x, v!, span),
  connected: costly((x, [seed, among], span) => component(x, seed!, asList(x, among!), span)),
  groups: costly((x, [among], span) => {
    const list = asList(x, among!);
    tick(x, span, list.length);
    const key = (v: Value): Value => (v !== null && typeof v === "object" ? JSON.stringify(v) : v);
    const left = new Set(list.map(key));
    const out: Value[][] = [];
    for (const v of list) {
      if (!left.has(key(v))) continue;
      const g = component(x, v, list, span);
      for (const m of g) left.delete(key(m));
      out.push(g);
    }
    return out.map((g, i) => ({ g, i })).sort((a, b) => b.g.length - a.g.length || a.i - b.i).map((o) => o.g);
  }),
  surrounded: (x, [v], span) => adjacentSpaces(x, v!, span).every((k) => pieceOn(x, k) !== null),
  placements: costly((x, [ps, b], span) => {
    const board = b as string;
    const shape = x.rt.topo.shape(board);
    if (!shape) fail("runtime-none-value", "there is no such board", span);
    const seen = new Set<string>();
    const out: PlacementValue[] = [];
    const open = shape.bounds === null ? openPosition(x.rt.topo, x.s, board) : undefined;
    for (const id of asPieces(x, ps!, span)) {
      const key = x.rt.equivalenceKey(x.s, id);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const o of x.rt.orientations(x.s, id, shape)) {
        const found = positions(x.rt.topo, x.s, board, id, o, open);
        tick(x, span, found.length);
        out.push(...found);
      }
    }
    // One of each group of like pieces, each way it faces once: no two are equal.
    return markDistinct(out as unknown as Value[]);
  }),
  level: (x, [s], span) => spaceInfo(x, s!, span).z,
  below: (x, [s], span) => x.rt.topo.below(spaceInfo(x, s!, span).key),
  above: (x, [s], span) => x.rt.topo.above(spaceInfo(x, s!, span).key),
  board_of: (x, [s], span) => spaceInfo(x, s!, span).board,
  side: (x, [p, toward], span) => {
    const from = piece(x, p!, span);
    if (from.board === null || !from.sides) return 0;
    const field = Object.keys(from.sides)[0];
    if (!field) return 0;
    const targets = footprint(x, toward!, span);
    for (const c of from.cells) {
      for (const t of targets) {
        const d = x.rt.topo.direction(x.rt.topo.spaceKey(from.board, c), t);
        if (d >= 0) return from.sides[field]![d] ?? 0;
      }
    }
    return 0;
  },
  distance: (x, [a, b], span) => x.rt.topo.distance(spaceInfo(x, a!, span).key, spaceInfo(x, b!, span).key),
  space_at: (x, [b, cx, cy, level]) => x.rt.topo.key(b as string, cx as number, (cy as number | null) ?? 0, (level as number | null) ?? 0) ?? null,
  step: (x, [s, n], span) => x.rt.topo.step(spaceInfo(x, s!, span).key, n as number) ?? null,
  line_length: (x, [s, dx, dy, owner], span) => lineLength(x, s!, dx!, dy!, owner!, span),
  outflanked: (x, [s, dx, dy, owner], span) => outflankedBy(x, s!, dx!, dy!, owner!, span),
  joins: (x, [s, a, b], span) => joins(x, s!, a!, b ?? null, span),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;

function asList(x: Exec, v: Value): Value[] {
  if (typeof v === "string" && x.s.zones[v]) return [...x.s.zones[v]!];
  return Array.isArray(v) ? v : [];
}
