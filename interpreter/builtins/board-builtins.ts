import type { PlacementValue, Value } from "../../dsl/ir.ts";
import { hiddenSlot } from "../hidden-slot.ts";
import { NO_SPAN, type Span } from "../../dsl/span.ts";
import { boardName } from "../../dsl/keys.ts";
import { tick, type Exec } from "../exec.ts";
import { markPieceRuns, openPosition, positions } from "../placement.ts";
import { isTop, occupancy, piece, topIn, topOn } from "../pieces.ts";
import { fail } from "../runtime-error.ts";
import { isPlacement, markDistinct } from "../values.ts";
import type { RayTable, Topology } from "../topology.ts";
import { isSpace, SpaceInfo, spaceOf } from "../space-info.ts";
import type { BoardShape } from "../board-shapes/board-shape.ts";
import { direct, type BuiltinImpl, type BuiltinName } from "./impl.ts";
import { MISS, memoTable, recall, remember, remembered } from "../memo.ts";
import { boardPosition, stackAt, type PieceState } from "../state.ts";
import { buildLinks, meets, root, type SpaceLinks } from "../space-links.ts";


/**
 * The space of board `b` that reads as `name` (its label), or null. A space of a track, a ring or
 * a graph reads as its board and number (`course 2`): the number alone names it too, as a
 * rulebook's diagram numbers them (`space_named(course, "2")` found nothing, and two users read
 * the reference's "a number on a track" so).
 */
function spaceNamed(x: Exec, b: string, name: string): Value {
  const topo = x.rt.topo;
  const spaces = topo.spaces(x.s, b);
  const found = spaces.find((s) => topo.label(s) === name);
  if (found || !/^\d+$/.test(name)) return found ?? null;
  const numbered = `${boardName(b)} ${name}`;
  return spaces.find((s) => topo.label(s) === numbered) ?? null;
}

/**
 * What is known about one position: the spaces a piece or placement covers, and the spaces
 * around it, worked out once and kept together so that a walk over many pieces reads one table
 * per piece.
 */
interface Spot {
  spaces: SpaceInfo[];
  around?: SpaceInfo[];
}

/**
 * Spots by position. A piece's `cells` array is replaced whenever it moves and never changed in
 * place (clones share it), so the array itself identifies the position; a placement's cells
 * likewise (a bounded board's placements share their cell lists, `placement.ts`). The spot is kept
 * on the array under a symbol (`SPOT`), not in a hidden slot: rules weighing every placement of
 * a hand read it several times per placement, and a private field read on arrays of many shapes
 * took a twentieth of a tile game's playout. Under a symbol it stays out of JSON, `Object.keys`
 * and `structuredClone` (a copy comes without it), and is set like any property: making it
 * non-enumerable (`Object.defineProperty`) cost 1–2% of a tile game's playout.
 */
const SPOT = Symbol("spot");
type Spotted = unknown[] & { [SPOT]?: Spot };

/**
 * A piece's kept spot, and a placement's: two readers, not one, so each look-up site sees only one
 * kind of list (a piece's cell keys, or a placement's spaces), with or without a spot. One reader
 * saw lists of every shape, and its look-up took 2.5% of a tile game's random playout (1.1% now).
 */
function keptPieceSpot(cells: PieceState["cells"]): Spot | undefined {
  return (cells as Spotted)[SPOT];
}

function keptPlacementSpot(cells: PlacementValue["cells"]): Spot | undefined {
  return (cells as Spotted)[SPOT];
}

function keepSpot(cells: unknown[], spot: Spot): void {
  // A list a host froze cannot keep it: its spot is worked out again when next asked.
  if (!Object.isExtensible(cells)) return;
  (cells as Spotted)[SPOT] = spot;
}

function newSpot(spaces: SpaceInfo[]): Spot {
  // Every field from the start: one object shape for all spots.
  return { spaces, around: undefined };
}

/**
 * The spot of a piece on a board or of a placement; undefined for anything else. `span`: where a
 * placement is read, for the error when one of its cells is not a space (a hand-edited save).
 */
function spotOf(x: Exec, v: Value, span?: Span): Spot | undefined {
  if (typeof v === "number") {
    const p = x.s.pieces[v];
    if (!p || p.board === null) return undefined;
    let spot = keptPieceSpot(p.cells);
    if (!spot) {
      const board = p.board;
      spot = newSpot(p.cells.map((c) => x.rt.topo.cellInfo(board, c)!));
      keepSpot(p.cells, spot);
    }
    return spot;
  }
  if (!isPlacement(v)) return undefined;
  let spot = keptPlacementSpot(v.cells);
  if (!spot) keepSpot(v.cells, (spot = newSpot(placementSpaces(v.cells, span))));
  return spot;
}

/** A placement's cells as spaces: the list itself when they are (lists never change in place), else the error `spaceOf` gives. */
function placementSpaces(cells: PlacementValue["cells"], span: Span | undefined): SpaceInfo[] {
  for (let i = 0; i < cells.length; i++) if (!(cells[i] instanceof SpaceInfo)) return cells.map((c) => spaceOf(c, span ?? NO_SPAN));
  return cells as SpaceInfo[];
}

/** The spaces piece `id` covers (none off the board): one list per position, kept with it (`spotOf`). */
export function pieceSpaces(x: Exec, id: number): SpaceInfo[] {
  return spotOf(x, id)?.spaces ?? [];
}

/** The spaces covered by a piece, placement, space, or list of them. */
export function footprint(x: Exec, v: Value, span: Span): SpaceInfo[] {
  if (v === null) fail("runtime-none-value", "there is nothing here (the value is `none`)", span);
  if (typeof v === "number") {
    const p = piece(x, v, span);
    return p.board === null ? [] : spotOf(x, v)!.spaces;
  }
  if (v instanceof SpaceInfo) return [v];
  if (Array.isArray(v)) return v.flatMap((i) => footprint(x, i, span));
  if (isPlacement(v)) return spotOf(x, v, span)!.spaces;
  return [];
}

/** The top piece on a space given as a value (checked once: these run for every candidate of a choice). */
function topOf(x: Exec, v: Value, span: Span): number | null {
  return topOn(x.rt.topo, x.s, spaceOf(v, span));
}

/**
 * `empty` of a placement: no piece on any space it would cover. Its spaces are looked up once per
 * cell list (`spotOf`), so a rule that weighs every placement of a hand reads the occupancy
 * straight away instead of running a loop of `empty` calls over `spot.cells`, looking up each key.
 */
function coversEmpty(x: Exec, v: PlacementValue, span: Span): boolean {
  const infos = spotOf(x, v, span)!.spaces;
  tick(x, span, infos.length);
  // Read straight off the occupancy index (`pieces.ts` `topIn`), fetched once for every space.
  const occ = occupancy(x.rt.topo, x.s);
  for (let i = 0; i < infos.length; i++) if (topIn(occ, infos[i]!.id) !== 0) return false;
  return true;
}

/**
 * Marks by space number (`SpaceInfo.id`) for walks that must not visit a space twice: a space is
 * marked in this walk when its entry equals `markGen`, so a new walk needs no clearing.
 */
let marks = new Int32Array(256);
let markGen = 0;

function newMarks(): void {
  if (++markGen === 0x7fffffff) {
    marks.fill(0);
    markGen = 1;
  }
}

/** Marks a space in this walk; false if it was marked already. */
function mark(id: number): boolean {
  if (id >= marks.length) {
    const grown = new Int32Array(2 * id + 2);
    grown.set(marks);
    marks = grown;
  }
  if (marks[id] === markGen) return false;
  marks[id] = markGen;
  return true;
}

/** The spaces around a spot, worked out once per position. */
function spotAround(x: Exec, spot: Spot): SpaceInfo[] {
  return (spot.around ??= aroundSpaces(x, spot.spaces));
}

/** The neighbours of some spaces that are not among them, each once, in the order met. */
function aroundSpaces(x: Exec, own: SpaceInfo[]): SpaceInfo[] {
  const topo = x.rt.topo;
  if (own.length === 1) return topo.neighboursOf(own[0]!);
  const mine = new Set(own);
  const out: SpaceInfo[] = [];
  const seen = new Set<SpaceInfo>();
  for (const k of own) {
    for (const n of topo.neighboursOf(k)) {
      if (mine.has(n) || seen.has(n)) continue;
      seen.add(n);
      out.push(n);
    }
  }
  return out;
}

/**
 * The spaces around a list of pieces (`adjacent(pieces(land))`): each piece's own kept list, in
 * its order, less the list's own spaces and those met before. That is the order walking every
 * covered space's neighbours gives, without a set of texts per call.
 */
function aroundPieces(x: Exec, ids: number[], span: Span): SpaceInfo[] {
  newMarks();
  const found: Spot[] = [];
  for (const id of ids) {
    piece(x, id, span);
    const spot = spotOf(x, id);
    if (!spot) continue;
    found.push(spot);
    for (const t of spot.spaces) mark(t.id);
  }
  const out: SpaceInfo[] = [];
  for (const spot of found) {
    const around = spotAround(x, spot);
    for (let i = 0; i < around.length; i++) if (mark(around[i]!.id)) out.push(around[i]!);
  }
  return out;
}

function adjacentSpaces(x: Exec, v: Value, span: Span): SpaceInfo[] {
  const out = aroundOf(x, v, span);
  tick(x, span, out.length);
  return out;
}

/** The spaces around a piece, placement, space or list of them (not charged: `adjacentSpaces` is). */
function aroundOf(x: Exec, v: Value, span: Span): SpaceInfo[] {
  // A space's neighbours: the topology's own cached list (not itself, each once).
  if (v instanceof SpaceInfo) return x.rt.topo.neighboursOf(v);
  if (typeof v === "number") piece(x, v, span);
  // Cached by position: rules ask it for every candidate of a choice.
  const spot = spotOf(x, v, span);
  if (spot) return spotAround(x, spot);
  if (Array.isArray(v) && v.every((i) => typeof i === "number")) return aroundPieces(x, v as number[], span);
  return aroundSpaces(x, footprint(x, v, span));
}

function adjacentPieces(x: Exec, v: Value, span: Span): number[] {
  const infos = aroundOf(x, v, span);
  tick(x, span, infos.length);
  return topsOn(x, infos, typeof v === "number" ? v : null, Array.isArray(v) && v.length > 0 ? new Set(v) : undefined);
}

/** The top pieces on some spaces, each once, but for `own` and `members`. */
function topsOn(x: Exec, infos: SpaceInfo[], own: number | null, members: Set<Value> | undefined): number[] {
  const out: number[] = [];
  // Read straight off the occupancy index (`pieces.ts` `topIn`), fetched once for every space.
  const occ = occupancy(x.rt.topo, x.s);
  for (let i = 0; i < infos.length; i++) {
    const top = topIn(occ, infos[i]!.id);
    if (top === 0) continue;
    const id = top - 1;
    if (id === own || members?.has(id) || out.includes(id)) continue;
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

/** The memo table a list of pieces' group index is kept in while the match stands still (`component`, `GroupIndex`). */
const ownerIndex = memoTable();

/** Members of `among` reachable from `seed` through touching members. */
function component(x: Exec, seed: Value, among: Value[], span: Span): Value[] {
  if (among.length === 0) return [];
  // Indexing the members is work like any other: charged to the step budget.
  tick(x, span, among.length);
  const pieces = typeof among[0] === "number";
  const topo = x.rt.topo;
  if (!pieces) {
    const set = new Set(among);
    if (!(seed instanceof SpaceInfo) || !set.has(seed)) return [];
    const out: SpaceInfo[] = [seed];
    const seen = new Set<Value>(out);
    for (let i = 0; i < out.length; i++) {
      for (const n of topo.touchingOf(out[i]!)) {
        if (set.has(n) && !seen.has(n)) {
          seen.add(n);
          out.push(n);
        }
      }
    }
    tick(x, span, out.length);
    return among.filter((k) => seen.has(k));
  }
  // Rules ask about one group of pieces for each of many spaces (`connected(s, city_tiles())` for
  // every candidate): while the match stands still, the same list's index is built once.
  let index = recall(x, ownerIndex, [among]) as GroupIndex | typeof MISS;
  if (index === MISS) {
    index = keptIndex(x, among as number[], span);
    remember(x, ownerIndex, [among], index);
  }
  const { owner, group, sizes } = index;
  const seeds: number[] = [];
  if ((among as number[]).includes(seed as number)) seeds.push(seed as number);
  else {
    // A seed outside the group still links the members it touches.
    const first = new Set<number>();
    for (const t of footprint(x, seed, span)) for (const n of topo.touchingOf(t)) if (owner[n.id]) first.add(owner[n.id]! - 1);
    // Not `push(...first)`: spreading a set into a call took a tile game's playout 1.2%.
    for (const m of first) seeds.push(m);
  }
  if (!group) return expand(x, seeds, owner, among, span);
  // The groups the seeds are in: every member of each, charged as a walk through them would be.
  const wanted: number[] = [];
  let reached = 0;
  for (const m of seeds) {
    const g = group[m] === -1 ? labelGroup(x, index, m, span) : group[m]!;
    if (wanted.includes(g)) continue;
    wanted.push(g);
    reached += sizes[g]!;
  }
  tick(x, span, reached);
  if (wanted.length === 0) return [];
  if (wanted.length === 1) {
    // One group, its members in the list's order, listed once per index: rules ask for the same
    // group from each of many spaces and positions (a group from each candidate space around it).
    const g = wanted[0]!;
    const lists = (index.lists ??= []);
    return (lists[g] ??= among.filter((id) => group[id as number] === g));
  }
  return among.filter((id) => wanted.includes(group[id as number]!));
}

/**
 * What `connected` knows of a list of pieces while the match stands still: the member on each
 * space (by space number, plus one; 0: none) and, when no two members share a space, the group
 * each member is in (by piece id; -1 until a question reaches it) with each group's size, so a
 * later question about a group already walked is a lookup instead of a walk. Groups are walked
 * when first asked about: a list asked about once (the group a move just joined) costs one
 * group's walk, not every group's. Members stacked on one space make "reaches" one-way (only
 * the one on top of the index is found from around it), so then each question walks from its
 * seed, as before.
 */
interface GroupIndex {
  owner: Int32Array;
  group?: number[];
  sizes: number[];
  /**
   * By group: its members in the order of the list the index was built for (the same members in
   * the same order as any list it is kept for, `keptIndex`), handed out again (lists are never
   * changed in place).
   */
  lists?: (Value[] | undefined)[];
}

/** A group index built earlier, with the members it was built for and where each lay then. */
interface KeptIndex {
  members: number[];
  /** Each member's `cells` then: a piece gets a new array whenever it moves, so the same array means it has not. */
  cells: unknown[][];
  index: GroupIndex;
}

/** The last few group indexes built, per game: lists a rule builds again after each move often hold the same pieces where they were. */
const keptIndexes = new WeakMap<Exec["rt"], KeptIndex[]>();
const INDEXES_KEPT = 32;

/**
 * The group index of `among`: one built before for the same members lying where they lie now, or
 * a new one. A move makes the memo forget every list (`memo.ts`), but a list such as "the tiles
 * on the main board" is mostly the same after a move elsewhere on the board, and its index,
 * groups walked so far included, still holds: it depends only on where its members lie.
 */
function keptIndex(x: Exec, among: number[], span: Span): GroupIndex {
  let kept = keptIndexes.get(x.rt);
  if (!kept) keptIndexes.set(x.rt, (kept = []));
  const pieces = x.s.pieces;
  for (const k of kept) {
    if (k.members.length !== among.length) continue;
    let same = true;
    for (let i = 0; i < among.length && same; i++) same = k.members[i] === among[i] && pieces[among[i]!]?.cells === k.cells[i];
    if (same) return k.index;
  }
  const index = groupIndex(x, among, span);
  kept.unshift({ members: among.slice(), cells: among.map((id) => pieces[id]!.cells), index });
  if (kept.length > INDEXES_KEPT) kept.pop();
  return index;
}

function groupIndex(x: Exec, among: number[], span: Span): GroupIndex {
  // Sized to the highest space a member covers and the highest member, not to every space and
  // piece of the game: reads past the end find no member (`owner[n.id] ?? 0`). A search builds an
  // index for each copy it tries, and typed arrays of every space cost a greedy bot's search a tenth.
  const covered: SpaceInfo[][] = [];
  let spaces = 0;
  let members = 0;
  for (const id of among) {
    const infos = coveredInfos(x, id, span);
    covered.push(infos);
    for (const t of infos) if (t.id >= spaces) spaces = t.id + 1;
    if (id >= members) members = id + 1;
  }
  const owner = new Int32Array(spaces);
  let stacked = false;
  for (let i = 0; i < covered.length; i++) {
    const mark = among[i]! + 1;
    for (const t of covered[i]!) {
      if (owner[t.id] !== 0 && owner[t.id] !== mark) stacked = true;
      owner[t.id] = mark;
    }
  }
  if (stacked) return { owner, sizes: [] };
  // Pushed, so the list stays packed (no off-heap buffer to make and collect).
  const group: number[] = [];
  for (let i = 0; i < members; i++) group.push(-1);
  return { owner, group, sizes: [] };
}

/**
 * Walks the group of member `start` (not yet walked) and numbers it: touching is mutual on every
 * board shape, so the members one walk reaches are a group, and each member's group is what a
 * walk from it reaches. Gives the group's number.
 */
function labelGroup(x: Exec, index: GroupIndex, start: number, span: Span): number {
  const topo = x.rt.topo;
  const { owner, sizes } = index;
  const group = index.group!;
  const g = sizes.length;
  group[start] = g;
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const t of coveredInfos(x, queue[i]!, span)) {
      for (const n of topo.touchingOf(t)) {
        const id = (owner[n.id] ?? 0) - 1;
        if (id >= 0 && group[id] === -1) {
          group[id] = g;
          queue.push(id);
        }
      }
    }
  }
  sizes.push(queue.length);
  return g;
}

/** The spaces a piece covers, as infos (none off the boards). */
function coveredInfos(x: Exec, id: number, span: Span): SpaceInfo[] {
  piece(x, id, span);
  const spot = spotOf(x, id);
  return spot ? spot.spaces : [];
}

function expand(x: Exec, start: number[], owner: Int32Array, among: Value[], span: Span): Value[] {
  const topo = x.rt.topo;
  const seen = new Set(start);
  const queue = [...start];
  for (let i = 0; i < queue.length; i++) {
    for (const t of coveredInfos(x, queue[i]!, span)) {
      for (const n of topo.touchingOf(t)) {
        const id = (owner[n.id] ?? 0) - 1;
        if (id >= 0 && !seen.has(id)) {
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

/** `line_length`: `owner`'s pieces (any pieces when `owner` is null) in a row from next to `s` along (dx, dy); the walk is charged to the step budget. */
function lineLength(x: Exec, s: Value, dx: Value, dy: Value, owner: Value, span: Span): number {
  const [sx, sy] = direction(dx, dy, span);
  const from = spaceOf(s, span);
  const topo = x.rt.topo;
  const occ = occupancy(topo, x.s);
  const ray = rayIndex(from.shape.rays, sx, sy);
  const table = ray >= 0 ? topo.rayTable(from) : undefined;
  const n = table ? runAlong(x, table, occ, from.index, ray, owner) : runOf(x, topo, occ, from, ray, sx, sy, owner);
  tick(x, span, n + 1);
  return n;
}

/**
 * What `outflanked` gives when nothing is outflanked: one list for every such answer, frozen (lists
 * are values, never changed in place). An outflanking game asks eight directions of every empty
 * space before each move, and most answers are empty.
 */
const NONE_OUTFLANKED: number[] = Object.freeze([]) as unknown as number[];

/** Which of a board shape's rays (`BoardShape.rays`) the step (dx, dy) is, or -1 for a step along none. */
function rayIndex(rays: BoardShape["rays"], dx: number, dy: number): number {
  for (let i = 0; i < rays.length; i++) if (rays[i]![0] === dx && rays[i]![1] === dy) return i;
  return -1;
}

/**
 * The space after `t` in a walk along (dx, dy): through the steps kept along ray `ray` of the board
 * (`Topology.along`), or worked out for a step along no ray (-1).
 */
function stepFrom(topo: Topology, t: SpaceInfo, ray: number, dx: number, dy: number): SpaceInfo | undefined {
  return ray >= 0 ? topo.along(t, ray) : topo.offset(t, dx, dy);
}

/**
 * The spaces the walks of `flankCount` looked at since its caller set it to 0: the caller charges
 * them to the step budget once, after all its walks (eight per space asked about in an outflanking
 * game, most of them one step long), not once a walk. The total is the same, and built-ins never
 * nest while walking, so one counter serves all.
 */
let flankLooked = 0;

/**
 * How many of the others' pieces lie in a row from next to `from` along (dx, dy) (ray `ray`, or
 * -1) when one of `owner`'s closes the row; 0 when the row is open. The spaces looked at are added
 * to `flankLooked` (the walk ends at the first empty space, so it is never longer than the row of
 * pieces beside `from`). `occ`: the occupancy index (`pieces.ts` `occupancy`), read by the caller
 * once for all its walks, as nothing changes while they run.
 */
function flankCount(x: Exec, topo: Topology, table: RayTable | undefined, occ: readonly number[], from: SpaceInfo, ray: number, dx: number, dy: number, owner: Value): number {
  const pieces = x.s.pieces;
  if (table && ray >= 0) {
    // The same walk on a bounded board, read off its ray table (`Topology.rayTable`, looked up once by the caller).
    const { rays, next, ids } = table;
    let n = 0;
    let c = next[from.index * rays + ray]!;
    let closed = false;
    for (; c >= 0; c = next[c * rays + ray]!) {
      const top = topIn(occ, ids[c]!);
      if (top === 0) break;
      if (pieces[top - 1]!.owner === owner) {
        closed = true;
        break;
      }
      n++;
    }
    flankLooked += c >= 0 ? n + 1 : n;
    return closed ? n : 0;
  }
  let n = 0;
  let t = stepFrom(topo, from, ray, dx, dy);
  let closed = false;
  for (; t; t = stepFrom(topo, t, ray, dx, dy)) {
    const top = topIn(occ, t.id);
    if (top === 0) break;
    if (pieces[top - 1]!.owner === owner) {
      closed = true;
      break;
    }
    n++;
  }
  // The others' pieces passed, and the space that ended the walk (none past the edge).
  flankLooked += t ? n + 1 : n;
  return closed ? n : 0;
}

/**
 * The others' pieces in a row from next to `from` along (dx, dy) (ray `ray`, or -1), added to
 * `out` when one of `owner`'s closes the row (`out` is made only then); an open row adds nothing.
 * The row is counted first (`flankCount`) and walked again only when closed: most rows an
 * outflanking game asks about are open, and nothing is built for them.
 */
function flankAlong(x: Exec, topo: Topology, table: RayTable | undefined, occ: readonly number[], from: SpaceInfo, ray: number, dx: number, dy: number, owner: Value, out: number[] | undefined): number[] | undefined {
  const n = flankCount(x, topo, table, occ, from, ray, dx, dy, owner);
  if (n === 0) return out;
  out ??= [];
  let t = stepFrom(topo, from, ray, dx, dy)!;
  for (let i = 0; i < n; i++, t = stepFrom(topo, t, ray, dx, dy)!) out.push(occ[t.id]! - 1);
  return out;
}

/** `outflanked`: the others' pieces in a row from next to `s`, closed by one of `owner`'s; none when the row is open. */
function outflankedBy(x: Exec, s: Value, dx: Value, dy: Value, owner: Value, span: Span): number[] {
  const [sx, sy] = direction(dx, dy, span);
  const from = spaceOf(s, span);
  const topo = x.rt.topo;
  flankLooked = 0;
  const out = flankAlong(x, topo, topo.rayTable(from), occupancy(topo, x.s), from, rayIndex(from.shape.rays, sx, sy), sx, sy, owner, undefined);
  tick(x, span, flankLooked);
  return out && out.length > 0 ? out : NONE_OUTFLANKED;
}

/** The lines through a space's board (`BoardShape.rays`); a board without lines (a graph) is an error. */
function raysOf(from: SpaceInfo, name: string, span: Span): readonly (readonly [number, number])[] {
  const rays = from.shape.rays;
  if (rays.length === 0) fail("runtime-error", `\`${name}\` follows lines of spaces, and the board \`${from.def.name}\` has none (a graph's spaces are joined only by its edges)`, span);
  return rays;
}

/** How many spaces in a row from next to `from` along (dx, dy) (ray `ray`, or -1) hold a piece of `owner`, read off the occupancy index `occ`. */
function runOf(x: Exec, topo: Topology, occ: readonly number[], from: SpaceInfo, ray: number, dx: number, dy: number, owner: Value): number {
  const pieces = x.s.pieces;
  let n = 0;
  for (let t = stepFrom(topo, from, ray, dx, dy); t; t = stepFrom(topo, t, ray, dx, dy)) {
    const top = topIn(occ, t.id);
    // Without an owner (`none`), every piece continues the row, whoever owns it.
    if (top === 0 || (owner !== null && pieces[top - 1]!.owner !== owner)) break;
    n++;
  }
  return n;
}

/** `runOf` on a bounded board, read off its ray table (`Topology.rayTable`). */
function runAlong(x: Exec, table: RayTable, occ: readonly number[], from: number, ray: number, owner: Value): number {
  const pieces = x.s.pieces;
  const { rays, next, ids } = table;
  let n = 0;
  // Two loops, not one test of `owner` per space: the owned walk is the hot one (a line game's every move).
  if (owner === null) {
    for (let c = next[from * rays + ray]!; c >= 0 && topIn(occ, ids[c]!) !== 0; c = next[c * rays + ray]!) n++;
    return n;
  }
  for (let c = next[from * rays + ray]!; c >= 0; c = next[c * rays + ray]!) {
    const top = topIn(occ, ids[c]!);
    if (top === 0 || pieces[top - 1]!.owner !== owner) break;
    n++;
  }
  return n;
}

/** `longest_line`: the longest line of `owner`'s pieces (any pieces when null) through `s`, `s` counted; charged like `line_length` in each direction. */
function longestLine(x: Exec, s: Value, owner: Value, span: Span): number {
  const from = spaceOf(s, span);
  const rays = raysOf(from, "longest_line", span);
  const topo = x.rt.topo;
  const half = rays.length / 2;
  const table = topo.rayTable(from);
  // Read straight off the occupancy index (`pieces.ts` `topIn`): nothing changes during the walks.
  const occ = occupancy(topo, x.s);
  let best = 1;
  let walked = 0;
  for (let i = 0; i < half; i++) {
    // Ray `i + half` is the opposite of ray `i` (`BoardShape.rays`).
    let ahead: number;
    let back: number;
    if (table) {
      ahead = runAlong(x, table, occ, from.index, i, owner);
      back = runAlong(x, table, occ, from.index, i + half, owner);
    } else {
      const dx = rays[i]![0];
      const dy = rays[i]![1];
      ahead = runOf(x, topo, occ, from, i, dx, dy, owner);
      back = runOf(x, topo, occ, from, i + half, -dx, -dy, owner);
    }
    walked += ahead + back + 2;
    if (1 + ahead + back > best) best = 1 + ahead + back;
  }
  tick(x, span, walked);
  return best;
}

/** `outflanked_all`: `outflanked` in each direction of the board's lines, joined; one shared empty list when none. */
function outflankedAll(x: Exec, s: Value, owner: Value, span: Span): number[] {
  const from = spaceOf(s, span);
  const rays = raysOf(from, "outflanked_all", span);
  const topo = x.rt.topo;
  const occ = occupancy(topo, x.s);
  let out: number[] | undefined;
  flankLooked = 0;
  const table = topo.rayTable(from);
  for (let i = 0; i < rays.length; i++) out = flankAlong(x, topo, table, occ, from, i, rays[i]![0], rays[i]![1], owner, out);
  tick(x, span, flankLooked);
  return out && out.length > 0 ? out : NONE_OUTFLANKED;
}

/**
 * `drop_space`: where a piece dropped into column `column` of board `b` from the top row comes to
 * rest: the last empty space going down (along the shape's (0, 1) ray, on the lowest level) before
 * a piece, a hole or the bottom; none when the column's top space is taken or not on the board.
 * Each space looked at is charged to the step budget. A board without a bottom (an open grid) or
 * without columns (a ring, a track, a graph) is an error, whatever the column.
 */
function dropSpace(x: Exec, b: Value, column: Value, span: Span): SpaceInfo | null {
  const topo = x.rt.topo;
  const board = b as string;
  const shape = topo.shape(board);
  if (!shape) fail("runtime-none-value", "there is no such board", span);
  if (shape.bounds === null) fail("runtime-error", `\`drop_space\` needs a board with a bottom row, and the board \`${boardName(board)}\` is an open grid`, span);
  const down = rayIndex(shape.rays, 0, 1);
  if (down < 0) fail("runtime-error", `\`drop_space\` drops a piece down a column, and the board \`${boardName(board)}\` has no columns (a ${shape.type} has no rows)`, span);
  if (typeof column !== "number") fail("runtime-none-value", "`drop_space` needs a column number, and the column is `none`", span);
  if (!Number.isInteger(column)) fail("runtime-invalid-number", `a column is a whole number, not ${column}`, span);
  const top = topo.spaceAt(board, column, 0, 0);
  if (!top) return null;
  const occ = occupancy(topo, x.s);
  // Down the column by the board's ray table (`Topology.rayTable`): two typed-array reads a step.
  const { rays: n, next, ids } = topo.rayTable(top)!;
  let at = -1;
  let looked = 0;
  for (let c = top.index; c >= 0; c = next[c * n + down]!) {
    looked++;
    if (topIn(occ, ids[c]!) !== 0) break;
    at = c;
  }
  tick(x, span, looked);
  return at < 0 ? null : (topo.spaceAtCell(board, at) ?? null);
}

/** `outflanks`: would a piece of `owner` on `s` outflank any piece? The walk of `outflanked_all`, stopped at the first closed row. */
function outflanks(x: Exec, s: Value, owner: Value, span: Span): boolean {
  const from = spaceOf(s, span);
  const rays = raysOf(from, "outflanks", span);
  const topo = x.rt.topo;
  const occ = occupancy(topo, x.s);
  flankLooked = 0;
  let found = false;
  const table = topo.rayTable(from);
  for (let ray = 0; ray < rays.length && !found; ray++) found = flankCount(x, topo, table, occ, from, ray, rays[ray]![0], rays[ray]![1], owner) > 0;
  tick(x, span, flankLooked);
  return found;
}

/**
 * The space numbers a list of spaces holds, per list (lists are never changed in place, so the
 * list identifies them) and per game geometry (space numbers are the topology's): `joins` asks
 * whether one of them is in a group, after every move.
 */
const spaceIdLists = hiddenSlot<{ topo: Topology; ids: Int32Array }>();

function spaceIds(x: Exec, v: Value, span: Span): Int32Array {
  if (!Array.isArray(v)) fail("runtime-none-value", "expected a list of spaces", span);
  const known = spaceIdLists.get(v);
  if (known && known.topo === x.rt.topo) return known.ids;
  const ids = Int32Array.from(v, (k) => spaceOf(k, span).id);
  spaceIdLists.set(v, { topo: x.rt.topo, ids });
  return ids;
}

/**
 * `joins`: is a space of `a` (and, when given, one of `b`) in the group of `s`: the spaces reached
 * from `s` over touching spaces whose top piece has the owner of the one on `s`? Read off the
 * board's links (`space-links.ts`), kept with its position and carried forward as pieces come:
 * a connection game asks this after every move, and a walk over the new piece's chain took a
 * fifth of a playout.
 * Charged to the step budget as the spaces of `a` and `b` it looks at (and the board's spaces when
 * the links are built).
 */
function joins(x: Exec, s: Value, a: Value, b: Value, span: Span): boolean {
  const start = spaceOf(s, span);
  if (ownerOn(x, start) === undefined) return false;
  const inA = spaceIds(x, a, span);
  const inB = b === null ? undefined : spaceIds(x, b, span);
  const links = linksFor(x, start.board, start.id, span);
  const r = root(links, start.id);
  tick(x, span, 1 + inA.length + (inB?.length ?? 0));
  return meets(links, inA, r) && (inB === undefined || meets(links, inB, r));
}

/**
 * The links of a board's position, built for it when none were carried forward (`putOnBoard`):
 * they cover every space numbered, and hold `occupied`, a space with a piece on it.
 */
function linksFor(x: Exec, board: string, occupied: number, span: Span): SpaceLinks {
  const position = boardPosition(x.s, board);
  const kept = position.links;
  if (kept && kept.length >= x.rt.topo.spaceCount && kept[occupied]! >= 0) return kept;
  const links = buildLinks(x.rt.topo, x.s, board);
  tick(x, span, links.length);
  position.links = links;
  return links;
}

/**
 * The fewest spaces a board has for its empty spaces to be kept with its position: on a small board
 * (a 3x3 grid's 9) the scan costs less than keeping its answer and working the next one out
 * (measured: a 3x3 game's random playouts 0.92x when kept).
 */
const KEEP_EMPTY_FROM = 32;

/**
 * `empty_spaces`: a board's spaces with nothing on them, in board order, read off the occupancy
 * index. A bounded board's list is kept with its position (`BoardPosition.empty`), and a piece put
 * down works the next position's list out from it (`pieces.ts` `putOnBoard`): a game of stones
 * asks at every move, and on Hex's 121 spaces the scan was a fifth of a playout. Charged as the
 * scan, kept or not, so every engine counts the same steps.
 */
function emptySpaces(x: Exec, b: Value, span: Span): SpaceInfo[] {
  const board = b as string;
  const topo = x.rt.topo;
  const all = topo.spaces(x.s, board);
  const ids = topo.spaceNumbers(board);
  tick(x, span, all.length);
  if (!ids) return all.filter((t) => topOn(topo, x.s, t) === null);
  const position = all.length >= KEEP_EMPTY_FROM ? boardPosition(x.s, board) : undefined;
  let out = position?.empty;
  if (!out) {
    const occ = occupancy(topo, x.s);
    out = [];
    for (let i = 0; i < all.length; i++) if (topIn(occ, ids[i]!) === 0) out.push(all[i]!);
    if (position) position.empty = out;
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

/** The longest list `placements` gathers by spreading it into `push` (a spread passes each item as an argument, on the stack). */
const SPREAD_AT_MOST = 4096;

/** The first `sides` field of a piece, or undefined: without listing them all (`Object.keys` made a list at every call). */
function firstSidesField(sides: Record<string, number[]>): string | undefined {
  for (const f in sides) return f;
  return undefined;
}

export const BOARD_IMPLS = {
  // The costly walks are remembered while the match stands still (`memo.ts`): rules ask for the
  // placements of the same hand, or the pieces next to the same spot, several times a turn.
  spaces: costly((x, [b]) => x.rt.topo.spaces(x.s, b as string)),
  // Kept with the board's position (`emptySpaces`), no memo needed on top.
  empty_spaces: direct((x, span, b) => emptySpaces(x, b!, span)),
  neighbours: direct((x, span, s) => x.rt.topo.neighboursOf(spaceOf(s!, span))),
  adjacent: direct((x, span, v) => adjacentSpaces(x, v!, span)),
  adjacent_pieces: costly((x, [v], span) => adjacentPieces(x, v!, span)),
  piece_at: direct((x, span, s) => topOf(x, s!, span)),
  pieces_at: direct((x, span, s) => {
    const info = spaceOf(s!, span);
    return [...(stackAt(x.s.cells[info.board], info.index) ?? [])];
  }),
  // Kept with the board's position until a piece comes or goes there (no memo needed on top): most
  // turns ask it after moves that left this board alone (a choice taken, a score, another board).
  pieces: direct((x, _span, b, covered) =>
    // Every piece, covered ones too: a copy, so a later placement never changes a list a rule holds.
    covered === true ? (x.s.placed[b as string] ?? []).slice() : (boardPosition(x.s, b as string).tops ??= (x.s.placed[b as string] ?? []).filter((id) => isTop(x.rt.topo, x.s, id))),
  ),
  empty: direct((x, span, v) => (v instanceof SpaceInfo ? topOn(x.rt.topo, x.s, v) === null : isPlacement(v) ? coversEmpty(x, v, span) : topOf(x, v!, span) === null)),
  occupied: direct((x, span, s) => topOf(x, s!, span) !== null),
  cells: direct((x, span, v) => footprint(x, v!, span)),
  connected: costly((x, [seed, among], span) => component(x, seed!, asList(x, among!), span)),
  groups: costly((x, [among], span) => {
    const list = asList(x, among!);
    tick(x, span, list.length);
    // Spaces are told apart by identity (one object per space); placements and lists by content.
    const key = (v: Value): Value => (v !== null && typeof v === "object" && !isSpace(v) ? JSON.stringify(v) : v);
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
  surrounded: direct((x, span, v) => adjacentSpaces(x, v!, span).every((t) => topOn(x.rt.topo, x.s, t) !== null)),
  placements: costly((x, [ps, b, mirrored], span) => {
    const board = b as string;
    const shape = x.rt.topo.shape(board);
    if (!shape) fail("runtime-none-value", "there is no such board", span);
    const like = x.rt.likePieces(x.s);
    const out: PlacementValue[] = [];
    // Where each piece's placements start: the list holds them piece by piece (`markPieceRuns`).
    const starts: number[] = [];
    const open = shape.bounds === null ? openPosition(x.rt.topo, x.s, board) : undefined;
    for (const id of asPieces(x, ps!, span)) {
      if (!like.isFirst(id)) continue;
      starts.push(out.length);
      for (const o of x.rt.orientations(x.s, id, shape, mirrored === true)) {
        const found = positions(x.rt.topo, x.s, board, id, o, open);
        tick(x, span, found.length);
        // Spread, which beats a loop of pushes (measured: a tile-laying game's random playouts
        // 0.95x with the loop), except for a list long enough to overflow the call stack.
        if (found.length <= SPREAD_AT_MOST) out.push(...found);
        else for (let i = 0; i < found.length; i++) out.push(found[i]!);
      }
    }
    markPieceRuns(out, starts);
    // One of each group of like pieces, each way it faces once: no two are equal.
    return markDistinct(out as unknown as Value[]);
  }),
  level: direct((x, span, s) => spaceOf(s!, span).z),
  below: direct((x, span, s) => x.rt.topo.belowOf(spaceOf(s!, span))),
  above: direct((x, span, s) => x.rt.topo.aboveOf(spaceOf(s!, span))),
  board_of: direct((x, span, s) => spaceOf(s!, span).board),
  side: direct((x, span, p, toward) => {
    // A placement faces as its piece would once put down with its turn: an edge-matching rule
    // weighs each placement before it is played.
    const topo = x.rt.topo;
    if (isPlacement(p!)) {
      const turned = x.rt.turnedSides(x.s, p.piece, p.rotation, p.board);
      const field = turned && firstSidesField(turned);
      if (!field) return 0;
      const targets = footprint(x, toward!, span);
      for (const c of spotOf(x, p, span)!.spaces) {
        for (const t of targets) {
          const d = topo.direction(c, t);
          if (d >= 0) return turned[field]![d] ?? 0;
        }
      }
      return 0;
    }
    // A piece on the board: its cells read one by one, as found (no list of its spaces made: a
    // rule sums this over every neighbour of every candidate, the hottest call of some games).
    const from = piece(x, p!, span);
    const field = from.board !== null && from.sides ? firstSidesField(from.sides) : undefined;
    if (!field) return 0;
    const targets = footprint(x, toward!, span);
    for (const c of from.cells) {
      for (const t of targets) {
        const d = topo.direction(topo.cellInfo(from.board!, c)!, t);
        if (d >= 0) return from.sides![field]![d] ?? 0;
      }
    }
    return 0;
  }),
  direction: direct((x, span, a, b) => {
    const targets = footprint(x, b!, span);
    for (const c of footprint(x, a!, span)) {
      for (const t of targets) {
        const d = x.rt.topo.direction(c, t);
        if (d >= 0) return d;
      }
    }
    return -1;
  }),
  distance: direct((x, span, a, b) => x.rt.topo.distance(spaceOf(a!, span), spaceOf(b!, span))),
  // A walk over the board's spaces: asked while laying a position out, not in a hot loop.
  space_named: direct((x, _span, b, name) => spaceNamed(x, b as string, name as string)),
  space_at: direct((x, _span, b, cx, cy, level) => x.rt.topo.spaceAt(b as string, cx as number, (cy as number | null) ?? 0, (level as number | null) ?? 0) ?? null),
  step: direct((x, span, s, n) => x.rt.topo.step(spaceOf(s!, span), n as number) ?? null),
  line_length: direct((x, span, s, dx, dy, owner) => lineLength(x, s!, dx!, dy!, owner!, span)),
  outflanked: direct((x, span, s, dx, dy, owner) => outflankedBy(x, s!, dx!, dy!, owner!, span)),
  longest_line: direct((x, span, s, owner) => longestLine(x, s!, owner!, span)),
  outflanked_all: direct((x, span, s, owner) => outflankedAll(x, s!, owner!, span)),
  outflanks: direct((x, span, s, owner) => outflanks(x, s!, owner!, span)),
  drop_space: direct((x, span, b, column) => dropSpace(x, b!, column!, span)),
  joins: direct((x, span, s, a, b) => joins(x, s!, a!, b ?? null, span)),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;

function asList(x: Exec, v: Value): Value[] {
  if (typeof v === "string" && x.s.zones[v]) return [...x.s.zones[v]!];
  return Array.isArray(v) ? v : [];
}
