import type { PlacementValue, ShapeValue, SpaceValue } from "../dsl/ir.ts";
import { hiddenSlot } from "./hidden-slot.ts";
import type { BoardShape, Offsets } from "./board-shapes/board-shape.ts";
import { boardPosition, type MatchState } from "./state.ts";
import type { SpaceInfo, Topology } from "./topology.ts";

/** One way a piece can face: its cells (normalised) and its sides, after `rotation` turns. */
export interface Orientation {
  cells: [number, number][];
  rotation: number;
  sides: Record<string, number[]>;
  /** Its cells as text (`cellsKey`): what its fits are kept by, worked out once. */
  key: string;
}

const SINGLE: [number, number][] = [[0, 0]];

function normalise(cells: Offsets): [number, number][] {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - minX, y - minY] as [number, number]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/**
 * Sides listed clockwise from the top, after `r` turns clockwise: each value moves `r` sides on
 * (a square tile's four sides after a quarter turn; a hex tile's six after a sixth).
 */
export function turnSides(sides: number[], r: number): number[] {
  const n = sides.length;
  return sides.map((_, i) => sides[(((i - r) % n) + n) % n]!);
}

/**
 * The distinct ways a piece can face on a board: each turn the board allows (4 on a square
 * grid, 6 on a hex grid) of its shape and sides, without repeats (a 1x2 piece has 2 on a
 * square grid, a square 1, a tile whose four sides are equal 1). `mirrored`: each turn of its
 * mirror image too, after those (rotation `turns + r`: mirrored left to right, then turned `r`
 * times), those alike an unmirrored way left out (an L of four cells has 8, an L of three 4).
 * Cached per shape and board by the caller.
 */
export function orientations(shape: ShapeValue | undefined, sides: Record<string, number[]>, board: BoardShape, mirrored = false): Orientation[] {
  const out: Orientation[] = [];
  const seen = new Set<string>();
  // A board a piece cannot turn on has no left and right to mirror (a graph, a track).
  const faces = mirrored && board.turns > 1 ? 2 : 1;
  for (let face = 0; face < faces; face++) {
    let cells = shape ? normalise(face === 0 ? shape.shape : board.mirror(shape.shape)) : SINGLE;
    const facing = face === 0 ? sides : mirrorSides(sides, board);
    for (let r = 0; r < board.turns; r++) {
      const turned: Record<string, number[]> = {};
      for (const [name, values] of Object.entries(facing)) turned[name] = turnSides(values, r);
      const key = JSON.stringify([cells, turned]);
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ cells, rotation: face * board.turns + r, sides: turned, key: cellsKey(cells) });
      }
      cells = normalise(board.turn(cells));
    }
  }
  return out;
}

/**
 * A piece's `sides` values mirrored left to right on `board` (before any turn). Values of another
 * count than the board's sides (a square tile's four on a hex board) are mirrored as their own
 * count reads: six as a hex's sides, any other as a square's, from the top.
 */
export function mirrorSides(sides: Record<string, number[]>, board: BoardShape): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [name, values] of Object.entries(sides)) {
    const n = values.length;
    const side = n === board.sides ? (d: number) => board.mirrorSide(d) : n === 6 ? (d: number) => 5 - d : (d: number) => (n - d) % n;
    out[name] = values.map((_, d) => values[side(d)] ?? 0);
  }
  return out;
}

/**
 * How a piece placed with `rotation` (as `placements` numbers it) faces on a board that turns
 * pieces `turns` ways: its quarter (or sixth) turns, and whether it was mirrored first.
 */
export function facing(rotation: number, turns: number): { turns: number; mirrored: boolean } {
  return rotation >= turns && turns > 1 ? { turns: rotation - turns, mirrored: true } : { turns: rotation, mirrored: false };
}

/**
 * What an open grid's placements depend on, worked out once per position rather
 * than for each piece and orientation: the fits of each shape, kept with the
 * position (`state.ts` `BoardPosition`), and the spaces a piece may touch,
 * worked out only when a shape's fits are not known yet.
 */
export interface OpenPosition {
  /** This position's fits, by shape (`cellsKey`). */
  fits: Map<string, SpaceValue[][]>;
  /** The occupied spaces and those next to them. */
  frontier: () => SpaceInfo[];
}

/** The position of an open grid instance now. */
export function openPosition(topo: Topology, state: MatchState, instance: string): OpenPosition {
  let frontier: SpaceInfo[] | undefined;
  return {
    fits: (boardPosition(state, instance).fits ??= new Map()),
    frontier: () => (frontier ??= topo.spaces(state, instance)),
  };
}

/**
 * Every placement of one orientation on a board instance: each position where
 * all its cells exist. On an open grid, positions touching what is there
 * (or the origin when empty); on a layered board, within one level. `open`:
 * the open grid's position, when the caller asks about several pieces or
 * orientations at once.
 */
export function positions(
  topo: Topology,
  state: MatchState,
  instance: string,
  piece: number,
  o: Orientation,
  open?: OpenPosition,
): PlacementValue[] {
  const shape = topo.shape(instance);
  if (!shape) return [];
  const out: PlacementValue[] = [];
  const tryAt = (x: number, y: number, z: number): void => {
    const cells: SpaceValue[] = [];
    for (const [dx, dy] of o.cells) {
      const t = topo.spaceAt(instance, x + dx, y + dy, z);
      if (!t) return;
      cells.push(t);
    }
    out.push({ piece, board: instance, cells, rotation: o.rotation });
  };
  const bounds = shape.bounds;
  if (bounds === null) {
    // An open grid's fits depend on which cells are taken: kept with the position (the same
    // position is asked about again and again: by several rules in one turn, by a search).
    const at = open ?? openPosition(topo, state, instance);
    const byShape = at.fits;
    const shapeKey = o.key;
    const fits = byShape.get(shapeKey);
    if (fits) return placed(fits, piece, instance, o.rotation);
    // Anchors such that some cell lands on an occupied space or next to one, row by row: each
    // (x, y) as one number (open grids stay far within ±2^20 of the origin), no text to parse.
    let sorted: number[];
    if (o.cells.length === 1 && o.cells[0]![0] === 0 && o.cells[0]![1] === 0) {
      // A piece of one cell: the anchors are the frontier's spaces, which come distinct and row by row.
      sorted = at.frontier().map((s) => s.y * ANCHOR_ROW + s.x);
    } else {
      const anchors = new Set<number>();
      for (const s of at.frontier()) for (const [dx, dy] of o.cells) anchors.add((s.y - dy) * ANCHOR_ROW + (s.x - dx));
      sorted = [...anchors].sort((a, b) => a - b);
    }
    // One cell list per anchor and way of facing, kept across positions: a piece at the same spot
    // covers the same spaces in every position, and caches keyed by the list (the spaces around
    // it, `board-builtins.ts`) answer again.
    const lists = anchoredCells(topo, instance, o);
    for (const a of sorted) {
      let cells = lists.get(a);
      if (cells === undefined) {
        const y = Math.round(a / ANCHOR_ROW);
        const before = out.length;
        tryAt(a - y * ANCHOR_ROW, y, 0);
        cells = out.length > before ? out[out.length - 1]!.cells : null;
        if (lists.size >= ANCHORS_KEPT) lists.clear();
        lists.set(a, cells);
        continue;
      }
      if (cells !== null) out.push({ piece, board: instance, cells, rotation: o.rotation });
    }
    byShape.set(
      shapeKey,
      out.map((p) => p.cells),
    );
    return out;
  }
  // A bounded board's fits depend only on the board and the shape: work them out once. Kept by
  // shape (`o.key`), then board instance, with no key text built at each call: a turn asks for
  // them once per piece in hand and way of facing. Pieces of one shape share the lists of cells.
  let perTopo = boundedFits.get(topo);
  if (!perTopo) boundedFits.set(topo, (perTopo = new Map()));
  let byInstance = perTopo.get(o.key);
  if (!byInstance) perTopo.set(o.key, (byInstance = new Map()));
  let fits = byInstance.get(instance);
  if (!fits) {
    for (let z = 0; z < bounds.levels; z++) for (let y = 0; y < bounds.height; y++) for (let x = 0; x < bounds.width; x++) tryAt(x, y, z);
    fits = out.map((p) => p.cells);
    byInstance.set(instance, fits);
    return out;
  }
  return placed(fits, piece, instance, o.rotation);
}

/**
 * The placements of `piece` turned `rotation` at each of `fits`, made once per list of fits:
 * a placement is a plain value that depends on nothing else, and a turn asks for the same ones
 * again and again (every rule that weighs them, every copy a search makes). Callers never
 * change the list they get.
 */
function placed(fits: SpaceValue[][], piece: number, board: string, rotation: number): PlacementValue[] {
  let perFits = placedByFits.get(fits);
  if (!perFits) placedByFits.set(fits, (perFits = new Map()));
  const key = piece * MAX_TURNS + rotation;
  let out = perFits.get(key);
  if (!out) perFits.set(key, (out = fits.map((cells) => ({ piece, board, cells, rotation }))));
  return out;
}

/** More turns than any board shape has (4 on a square grid, 6 on a hex grid): keys piece and turn as one number. */
const MAX_TURNS = 16;

/**
 * The placements made from each list of fits (`placed`), by piece and turn. This and the other
 * marks on lists here are hidden slots (`hidden-slot.ts`), not `WeakMap`s: a new position makes
 * new lists, and writing one into a `WeakMap` cost 0.7–1 µs (measured on this machine), 2.4% of
 * a tile game's random playout for these two.
 */
const placedByFits = hiddenSlot<Map<number, PlacementValue[]>>();

/** Columns per row in an anchor's number: sorting the numbers sorts by row, then column. */
const ANCHOR_ROW = 2 ** 21;

/** Cell lists of every fit of a shape on a bounded board, per game geometry. */
const boundedFits = new WeakMap<Topology, Map<string, Map<string, SpaceValue[][]>>>();

/** Anchors whose cell lists are kept per way of facing before starting over (an open grid is unbounded): bounded in memory. */
const ANCHORS_KEPT = 65536;

/** Per game geometry, board instance and way of facing: the cells covered from each anchor (null: off the board). */
const anchoredByTopo = new WeakMap<Topology, Map<string, Map<number, SpaceValue[] | null>>>();

function anchoredCells(topo: Topology, instance: string, o: Orientation): Map<number, SpaceValue[] | null> {
  let perTopo = anchoredByTopo.get(topo);
  if (!perTopo) anchoredByTopo.set(topo, (perTopo = new Map()));
  const key = `${instance}|${o.key}`;
  let lists = perTopo.get(key);
  if (!lists) perTopo.set(key, (lists = new Map()));
  return lists;
}

function cellsKey(cells: [number, number][]): string {
  let k = "";
  for (const [x, y] of cells) k += `${x},${y};`;
  return k;
}

/**
 * Where each piece's placements start in a list the `placements` built-in made (the list is
 * grouped by piece): the log names a placement taken by looking at one placement of each other
 * piece (`options.ts` `namingValues`), and in a hand of tiles the groups run to hundreds of
 * placements: stepping over every one of them took about 2% of a tile game's random playouts
 * (`namingValues` 3.5% of a profile, 1.6% when it steps from run to run).
 */
const pieceRunStarts = hiddenSlot<readonly number[]>();

/** Records that `list` holds each piece's placements together, the groups starting at `starts` (ascending). */
export function markPieceRuns(list: readonly unknown[], starts: readonly number[]): void {
  pieceRunStarts.set(list, starts);
}

/** Where each piece's placements start in `list`, if it is known to hold them together (`markPieceRuns`). */
export function pieceRuns(list: readonly unknown[]): readonly number[] | undefined {
  return pieceRunStarts.get(list);
}
