import { cellKey } from "../../dsl/keys.ts";
import { BoundedShape, columnName, type LayoutHint, type Offsets } from "./board-shape.ts";

/**
 * The six sides of a hex, clockwise from the upper right, in axial coordinates: column x, row
 * y, each row drawn half a hex further right than the one above (the rhombus of Hex).
 */
const HEX_SIDES = [
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
] as const;

/** How far apart rows are drawn, in hex widths: √3 / 2. */
const ROW = Math.sqrt(3) / 2;

/**
 * `hex(w, h)`: a board of hexagons, w columns by h rows, each row shifted half a hex right of
 * the one above, so the board is a rhombus (Hex's board); a map may leave holes to cut other
 * outlines. Each hex touches 6 others; spaces are named `a1` (top left) on, like a grid.
 */
export class HexGrid extends BoundedShape {
  readonly type = "hex";
  readonly sides = 6;
  /** The three axes through a hex's sides: its six sides, each opposite the one three on. */
  readonly rays = HEX_SIDES;
  readonly turns = 6;
  readonly layout: LayoutHint = { cell: "round" };

  constructor(width: number, height: number, holes: ReadonlySet<string>) {
    super(width, height, 1, (x, y) => !holes.has(cellKey(x, y)), false, HEX_SIDES);
  }

  label(i: number): string {
    return `${columnName(this.x(i))}${this.y(i) + 1}`;
  }

  distance(a: number, b: number): number {
    const dx = this.x(b) - this.x(a);
    const dy = this.y(b) - this.y(a);
    return (Math.abs(dx) + Math.abs(dy) + Math.abs(dx + dy)) / 2;
  }

  /** A sixth of a turn clockwise: each side's offset becomes the next side's. */
  override turn(form: Offsets): Offsets {
    return form.map(([x, y]) => [0 - y, x + y] as [number, number]);
  }

  /** Mirrored left to right as drawn (a hex is drawn at x + y / 2): the upper right side becomes the upper left. */
  override mirror(form: Offsets): Offsets {
    return form.map(([x, y]) => [0 - x - y, y] as [number, number]);
  }

  /** Sides clockwise from the upper right: mirrored, 0 and 5 swap, 1 and 4, 2 and 3. */
  override mirrorSide(d: number): number {
    return 5 - d;
  }

  place(i: number): { x: number; y: number } {
    return { x: this.x(i) + this.y(i) / 2 + 0.5, y: this.y(i) * ROW + 0.5 };
  }
}
