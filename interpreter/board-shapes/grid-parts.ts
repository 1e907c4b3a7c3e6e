import { HopDistances } from "./hop-distances.ts";
import type { Topology } from "../../dsl/ir.ts";
import { cellKey } from "../../dsl/keys.ts";
import { BoundedShape, columnName, type LayoutHint } from "./board-shape.ts";
import { HexGrid } from "./hex-grid.ts";
import { SquareGrid } from "./square-grid.ts";

type DerivedTopology = Extract<Topology, { type: "corners" | "edges" }>;

/**
 * Each kind of cell as a polygon on an integer lattice (so shared corners meet exactly): where a
 * cell's centre lies, its corners' offsets from it clockwise (from the top on a hex, from the top
 * left on a square), and the compass names of its corners and of its sides. Side i of a cell runs
 * from corner i to corner i + 1, which puts the sides in the order of the base board's directions
 * (`HEX_SIDES`, `SQUARE_SIDES`): clockwise from the upper right on a hex, from the top on a square.
 */
interface CellPolygon {
  centre(x: number, y: number): [number, number];
  corners: readonly (readonly [number, number])[];
  cornerNames: readonly string[];
  sideNames: readonly string[];
  /** Lattice units per cell width, across and down, and where the base board draws a cell's centre. */
  draw(px: number, py: number): { x: number; y: number };
}

const ROW = Math.sqrt(3) / 2;

/** Pointy-topped hexes, rows 3 units apart, each row half a hex (1 unit) right of the one above: `hex(w, h)`. */
const HEX_POLYGON: CellPolygon = {
  centre: (x, y) => [2 * x + y, 3 * y],
  corners: [
    [0, -2],
    [1, -1],
    [1, 1],
    [0, 2],
    [-1, 1],
    [-1, -1],
  ],
  cornerNames: ["n", "ne", "se", "s", "sw", "nw"],
  sideNames: ["ne", "e", "se", "sw", "w", "nw"],
  // The hex board draws hex (x, y) at (x + y / 2 + 0.5, y·√3/2 + 0.5) cell widths.
  draw: (px, py) => ({ x: px / 2 + 0.5, y: (py / 3) * ROW + 0.5 }),
};

/** Squares 2 units wide: `grid(w, h)`. */
const SQUARE_POLYGON: CellPolygon = {
  centre: (x, y) => [2 * x, 2 * y],
  corners: [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ],
  cornerNames: ["nw", "ne", "se", "sw"],
  sideNames: ["n", "e", "s", "w"],
  draw: (px, py) => ({ x: px / 2 + 0.5, y: py / 2 + 0.5 }),
};

/**
 * The corners and edges of the cells of a square or hex board, each shared one once, and what
 * touches what: a cell's corners and edges, a corner's cells and edges, an edge's cells and its two
 * corners. Cells are numbered as the base board numbers them (board order); corners and edges top
 * to bottom, then left to right, which is their boards' order. Worked out from the base board's
 * declaration alone, so every board made of the same base agrees on the numbers.
 */
export class GridParts {
  readonly cellCount: number;
  readonly cellCorners: number[][] = [];
  readonly cellEdges: number[][] = [];
  readonly cornerCells: number[][] = [];
  readonly cornerEdges: number[][] = [];
  readonly edgeCells: number[][] = [];
  readonly edgeCorners: [number, number][] = [];
  /** Where each corner and edge is drawn, in the base board's cell widths, the topmost and leftmost corners half a width in. */
  readonly cornerAt: { x: number; y: number }[] = [];
  readonly edgeAt: { x: number; y: number }[] = [];
  readonly cornerLabels: string[] = [];
  readonly edgeLabels: string[] = [];

  constructor(base: DerivedTopology["base"], holes: readonly string[]) {
    const hex = base.type === "hex";
    const cells = hex ? new HexGrid(base.width, base.height, new Set(holes)) : new SquareGrid(base.width, base.height, new Set(holes));
    const poly = hex ? HEX_POLYGON : SQUARE_POLYGON;
    this.cellCount = cells.size;
    // Every corner and edge met, by lattice point (an edge's point is the sum of its ends', its midpoint doubled).
    type Part = { px: number; py: number; first: number; dir: number; cells: number[] };
    const corners = new Map<string, Part>();
    const edges = new Map<string, Part & { ends: [string, string] }>();
    const cornerKeysOf: string[][] = [];
    const edgeKeysOf: string[][] = [];
    for (const i of cells.all) {
      const [cx, cy] = poly.centre(cells.x(i), cells.y(i));
      const pts = poly.corners.map(([ox, oy]) => [cx + ox, cy + oy] as const);
      const ck = pts.map(([px, py]) => cellKey(px, py));
      ck.forEach((k, d) => {
        const c = corners.get(k) ?? corners.set(k, { px: pts[d]![0], py: pts[d]![1], first: i, dir: d, cells: [] }).get(k)!;
        c.cells.push(i);
      });
      const ek: string[] = [];
      for (let d = 0; d < pts.length; d++) {
        const [a, b] = [pts[d]!, pts[(d + 1) % pts.length]!];
        const k = cellKey(a[0] + b[0], a[1] + b[1]);
        const e = edges.get(k) ?? edges.set(k, { px: (a[0] + b[0]) / 2, py: (a[1] + b[1]) / 2, first: i, dir: d, cells: [], ends: [ck[d]!, ck[(d + 1) % pts.length]!] }).get(k)!;
        e.cells.push(i);
        ek.push(k);
      }
      cornerKeysOf[i] = ck;
      edgeKeysOf[i] = ek;
    }
    const byPlace = (a: Part, b: Part): number => a.py - b.py || a.px - b.px;
    const cornerList = [...corners.entries()].sort((a, b) => byPlace(a[1], b[1]));
    const edgeList = [...edges.entries()].sort((a, b) => byPlace(a[1], b[1]));
    const cornerNo = new Map(cornerList.map(([k], n) => [k, n]));
    const edgeNo = new Map(edgeList.map(([k], n) => [k, n]));
    const name = (i: number): string => `${columnName(cells.x(i))}${cells.y(i) + 1}`;
    for (const [, c] of cornerList) {
      this.cornerCells.push(c.cells);
      this.cornerEdges.push([]);
      this.cornerAt.push(poly.draw(c.px, c.py));
      this.cornerLabels.push(`${name(c.first)} ${poly.cornerNames[c.dir]}`);
    }
    edgeList.forEach(([, e], n) => {
      const ends = [cornerNo.get(e.ends[0])!, cornerNo.get(e.ends[1])!].sort((a, b) => a - b) as [number, number];
      this.edgeCells.push(e.cells);
      this.edgeCorners.push(ends);
      this.edgeAt.push(poly.draw(e.px, e.py));
      this.edgeLabels.push(`${name(e.first)} ${poly.sideNames[e.dir]}`);
      for (const c of ends) this.cornerEdges[c]!.push(n);
    });
    // Drawn alone, each board starts half a space in from its top left, as the cells' centres do
    // (a hex's top corner lies above its centre, which the editor would have cut off).
    const dx = 0.5 - Math.min(...this.cornerAt.map((p) => p.x));
    const dy = 0.5 - Math.min(...this.cornerAt.map((p) => p.y));
    for (const p of [...this.cornerAt, ...this.edgeAt]) {
      p.x += dx;
      p.y += dy;
    }
    for (const i of cells.all) {
      this.cellCorners[i] = cornerKeysOf[i]!.map((k) => cornerNo.get(k)!);
      this.cellEdges[i] = edgeKeysOf[i]!.map((k) => edgeNo.get(k)!);
    }
  }
}

/** One `GridParts` per base declaration: a game's corners board and edges board share it. */
const partsCache = new Map<string, GridParts>();

/** The corners and edges of a base board, worked out once per declaration (its size, its holes). */
export function gridParts(t: DerivedTopology): GridParts {
  const key = JSON.stringify([t.base, t.holes]);
  let parts = partsCache.get(key);
  if (!parts) {
    // A bounded cache: a long editor session compiles many versions of the rules.
    if (partsCache.size > 64) partsCache.clear();
    partsCache.set(key, (parts = new GridParts(t.base, t.holes)));
  }
  return parts;
}

/**
 * `corners(b)` and `edges(b)`: a board whose spaces are the corners (or the edges) of the cells of
 * a square or hex board `b`. Spaces are numbered like a graph's (`space_at(crossings, 12)`), top
 * to bottom and left to right; a corner's neighbours are the corners one edge away, an edge's the
 * edges that share a corner with it; a space is named after the first cell (in board order) that
 * has it and the compass point it lies at (`c3 ne`). `touching` links them to the cells and to
 * each other (`GridParts`).
 */
export class GridPartShape extends BoundedShape {
  readonly sides = 0;
  readonly rays = [] as const;
  readonly turns = 1;
  readonly layout: LayoutHint = { cell: "round" };
  readonly parts: GridParts;
  private readonly near: number[][];
  /** Distances along the links, worked out as asked. */
  private readonly hops: HopDistances;
  private readonly at_: { x: number; y: number }[];
  private readonly labels: string[];

  constructor(readonly type: "corners" | "edges", t: DerivedTopology) {
    const parts = gridParts(t);
    const count = type === "corners" ? parts.cornerEdges.length : parts.edgeCorners.length;
    super(Math.max(1, count), 1, 1, (x) => x < count, false, []);
    this.parts = parts;
    if (type === "corners") {
      this.near = parts.cornerEdges.map((es, c) => es.map((e) => parts.edgeCorners[e]!.find((k) => k !== c)!).sort((a, b) => a - b));
      this.at_ = parts.cornerAt;
      this.labels = parts.cornerLabels;
    } else {
      this.near = parts.edgeCorners.map((ends, e) => [...new Set(ends.flatMap((c) => parts.cornerEdges[c]!))].filter((f) => f !== e).sort((a, b) => a - b));
      this.at_ = parts.edgeAt;
      this.labels = parts.edgeLabels;
    }
    this.hops = new HopDistances(this.near);
  }

  override neighbours(i: number): readonly number[] {
    return this.near[i]!;
  }

  override direction(): number {
    return -1;
  }

  label(i: number): string {
    return this.labels[i]!;
  }

  /** Steps along the links, breadth first from `a` once (`HopDistances`). */
  distance(a: number, b: number): number {
    return this.hops.between(a, b);
  }

  place(i: number): { x: number; y: number } {
    return this.at_[i]!;
  }
}
