import type { Topology } from "../../dsl/ir.ts";
import { cellKey } from "../../dsl/keys.ts";

/** Cell offsets of a piece's form: (column, row) pairs. */
export type Offsets = [number, number][];

/** How the editor draws a board's spaces. */
export interface LayoutHint {
  /** Square cells that tile the board (grids), or round spots (hexes, tracks, rings, graphs). */
  cell: "square" | "round";
}

/**
 * The geometry of one kind of board: which cells exist, which touch, how they are named and
 * drawn. Cells are small integers 0..size-1 in board order (row by row, level by level); a
 * cell's key (`3,4`, `3,4,1`) is how the match state and space keys name it. One file per
 * shape implements this; `shapeFor` picks the file for a board's declared topology.
 */
export interface BoardShape {
  readonly type: Topology["type"];
  /**
   * How many sides a cell has, listed clockwise from the top (4 on square grids, 6 on hex
   * grids): the directions of `neighbours`, what a `sides` value turns through and what `side`
   * reads. 0 on a graph, whose spaces have no fixed directions.
   */
  readonly sides: number;
  /**
   * The directions lines of spaces run in, as (columns, rows) steps, both ways, clockwise (from the
   * top on square grids, from the upper right on hex grids, as `sides`): what `longest_line` and
   * `outflanked_all` walk. Rows, columns and both diagonals on square grids (8); the three axes
   * through a hex's sides (6); along a ring (not round past its first space, as `line_length`) or a
   * track (2); none on a graph. The opposite of `rays[i]` is `rays[i + rays.length / 2]`.
   */
  readonly rays: readonly (readonly [number, number])[];
  /** How many ways a piece may be turned when placed (4 on square grids, 6 on hex grids, 1 on a graph). */
  readonly turns: number;
  /** How many cells are known: all of a bounded board; those seen so far on an open grid. */
  readonly size: number;
  /** The rectangle (per level) to look for a placement's anchor in; null on an open grid. */
  readonly bounds: { width: number; height: number; levels: number } | null;
  /** Every cell of a bounded board in board order; empty for an open grid (it depends on the pieces). */
  readonly all: readonly number[];
  readonly layout: LayoutHint;
  /** The cell at column x, row y, level z, or -1 when there is none (outside, a hole). */
  at(x: number, y: number, z: number): number;
  x(i: number): number;
  y(i: number): number;
  z(i: number): number;
  /** The key of a cell (`3,4`). */
  cell(i: number): string;
  /** The cell of a key, or -1. */
  index(cell: string): number;
  /** The cells sharing a side with `i` on its level, in direction order. */
  neighbours(i: number): readonly number[];
  /** The direction (0..sides-1, clockwise from the top) in which `b` lies from `a`, or -1 if they share no side. */
  direction(a: number, b: number): number;
  /** On a layered board, the cells of the level below that `i` rests on (none elsewhere). */
  below(i: number): readonly number[];
  /** On a layered board, the cells of the level above that rest on `i`. */
  above(i: number): readonly number[];
  /** How a cell is named to players; `board` is the board's declared name. */
  label(i: number, board: string): string;
  /** Steps between two cells along sides, ignoring pieces (Infinity when unreachable). */
  distance(a: number, b: number): number;
  /** Along a ring or a track, the cell `n` steps on (negative: back), or -1. */
  step(i: number, n: number): number;
  /** A piece's form turned once clockwise on this board (a quarter turn, a sixth on hexes). */
  turn(form: Offsets): Offsets;
  /**
   * A piece's form mirrored left to right on screen, before any turn: the other face of a
   * polyomino a player may flip (`placements(…, mirrored: true)`). Only asked of boards a piece
   * turns on (`turns` above 1).
   */
  mirror(form: Offsets): Offsets;
  /**
   * Which side of a cell lands at direction `d` when a piece is mirrored left to right: a
   * mirrored piece shows at `d` the value it showed at `mirrorSide(d)` (the right and left sides
   * of a square swap; top and bottom stay).
   */
  mirrorSide(d: number): number;
  /** Where a cell's centre is drawn, in cell widths from the board's top left. */
  place(i: number): { x: number; y: number };
}

/** `a`, `b`, … `z`, `aa`: how columns are named in space labels (`c4`). */
export function columnName(x: number): string {
  let s = "";
  let n = x;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** A quarter turn clockwise on screen (y grows downwards): right becomes down. */
export function quarterTurn(form: Offsets): Offsets {
  // `0 - y`, not `-y`: no negative zeros in the offsets.
  return form.map(([x, y]) => [0 - y, x] as [number, number]);
}

/** A square form mirrored left to right on screen: columns reversed, rows kept. */
export function squareMirror(form: Offsets): Offsets {
  return form.map(([x, y]) => [0 - x, y] as [number, number]);
}

/** On a square cell (sides top, right, bottom, left), mirroring left to right swaps right and left. */
export function squareMirrorSide(d: number): number {
  return (4 - d) % 4;
}

const NONE: readonly number[] = [];

/**
 * A board whose cells are fixed by its declaration: the cells of a rectangle (per level) that
 * `exists` keeps, numbered in board order, with coordinate tables for constant-time lookups.
 * Neighbours are the cells at `offsets` (in direction order), worked out once per cell.
 */
export abstract class BoundedShape implements BoardShape {
  abstract readonly type: Topology["type"];
  abstract readonly sides: number;
  abstract readonly rays: readonly (readonly [number, number])[];
  abstract readonly turns: number;
  abstract readonly layout: LayoutHint;
  readonly all: number[] = [];
  readonly bounds: { width: number; height: number; levels: number };
  private readonly xs: number[] = [];
  private readonly ys: number[] = [];
  private readonly zs: number[] = [];
  private readonly keys: string[] = [];
  // A null-prototype table, not a `Map`: text-keyed lookups in one are about three times faster in V8.
  private readonly byKey: Record<string, number> = Object.create(null);
  private readonly dense: Int32Array;
  private readonly nearCache: (readonly number[] | undefined)[] = [];

  constructor(
    width: number,
    height: number,
    levels: number,
    exists: (x: number, y: number, z: number) => boolean,
    /** Cell keys carry the level (`x,y,z`): layered boards. */
    private readonly withLevel: boolean,
    /** Where the neighbours lie, in direction order. */
    private readonly sideOffsets: readonly (readonly [number, number])[],
  ) {
    this.bounds = { width, height, levels };
    this.dense = new Int32Array(width * height * levels).fill(-1);
    for (let z = 0; z < levels; z++) {
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (!exists(x, y, z)) continue;
          const i = this.all.length;
          this.all.push(i);
          this.xs.push(x);
          this.ys.push(y);
          this.zs.push(z);
          const k = withLevel ? cellKey(x, y, z) : cellKey(x, y);
          this.keys.push(k);
          this.byKey[k] = i;
          this.dense[(z * height + y) * width + x] = i;
        }
      }
    }
  }

  get size(): number {
    return this.all.length;
  }

  at(x: number, y: number, z: number): number {
    const b = this.bounds;
    if (!(x >= 0 && y >= 0 && z >= 0 && x < b.width && y < b.height && z < b.levels) || !Number.isInteger(x) || !Number.isInteger(y) || !Number.isInteger(z)) return -1;
    return this.dense[(z * b.height + y) * b.width + x]!;
  }

  x(i: number): number {
    return this.xs[i]!;
  }

  y(i: number): number {
    return this.ys[i]!;
  }

  z(i: number): number {
    return this.zs[i]!;
  }

  cell(i: number): string {
    return this.keys[i]!;
  }

  index(cell: string): number {
    return this.byKey[cell] ?? -1;
  }

  neighbours(i: number): readonly number[] {
    let out = this.nearCache[i];
    if (!out) {
      const list: number[] = [];
      for (const [dx, dy] of this.sideOffsets) {
        const n = this.at(this.xs[i]! + dx, this.ys[i]! + dy, this.zs[i]!);
        if (n >= 0) list.push(n);
      }
      this.nearCache[i] = out = list;
    }
    return out;
  }

  direction(a: number, b: number): number {
    if (this.zs[a] !== this.zs[b]) return -1;
    const dx = this.xs[b]! - this.xs[a]!;
    const dy = this.ys[b]! - this.ys[a]!;
    return this.sideOffsets.findIndex(([ox, oy]) => ox === dx && oy === dy);
  }

  below(_i: number): readonly number[] {
    return NONE;
  }

  above(_i: number): readonly number[] {
    return NONE;
  }

  step(_i: number, _n: number): number {
    return -1;
  }

  turn(form: Offsets): Offsets {
    return quarterTurn(form);
  }

  mirror(form: Offsets): Offsets {
    return squareMirror(form);
  }

  mirrorSide(d: number): number {
    return squareMirrorSide(d);
  }

  abstract label(i: number, board: string): string;
  abstract distance(a: number, b: number): number;
  abstract place(i: number): { x: number; y: number };
}

/** Up, right, down, left: the sides of a square cell, clockwise from the top. */
export const SQUARE_SIDES = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
] as const;

/** Up, up-right, right, down-right, down, down-left, left, up-left: the lines through a square cell, both ways, clockwise from the top. */
export const SQUARE_RAYS = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
] as const;
