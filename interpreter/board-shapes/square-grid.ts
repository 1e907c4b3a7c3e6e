import { cellKey } from "../../dsl/keys.ts";
import { BoundedShape, columnName, SQUARE_RAYS, SQUARE_SIDES, type LayoutHint } from "./board-shape.ts";

/** `grid(w, h)`: a bounded square grid, less the holes its map draws; spaces `a1` (top left) on. */
export class SquareGrid extends BoundedShape {
  readonly type = "grid";
  readonly sides = 4;
  readonly rays = SQUARE_RAYS;
  readonly turns = 4;
  readonly layout: LayoutHint = { cell: "square" };

  constructor(width: number, height: number, holes: ReadonlySet<string>) {
    super(width, height, 1, (x, y) => !holes.has(cellKey(x, y)), false, SQUARE_SIDES);
  }

  label(i: number): string {
    return `${columnName(this.x(i))}${this.y(i) + 1}`;
  }

  distance(a: number, b: number): number {
    return Math.abs(this.x(a) - this.x(b)) + Math.abs(this.y(a) - this.y(b));
  }

  place(i: number): { x: number; y: number } {
    return { x: this.x(i) + 0.5, y: this.y(i) + 0.5 };
  }
}
