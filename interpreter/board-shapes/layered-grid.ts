import { BoundedShape, columnName, SQUARE_RAYS, SQUARE_SIDES, type LayoutHint } from "./board-shape.ts";

/** Where the 4 cells a cell rests on lie, on the level below. */
const BELOW = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;
/** Where the cells resting on a cell lie, on the level above. */
const ABOVE = [
  [-1, -1],
  [0, -1],
  [-1, 0],
  [0, 0],
] as const;

/**
 * `layered(w, h, levels: n)`: stacked square grids, each level one smaller in both directions,
 * each of its cells resting on 4 cells of the level below. Cell keys carry the level (`x,y,z`).
 */
export class LayeredGrid extends BoundedShape {
  readonly type = "layered";
  readonly sides = 4;
  /** On one level, as on a square grid. */
  readonly rays = SQUARE_RAYS;
  readonly turns = 4;
  readonly layout: LayoutHint = { cell: "square" };
  private readonly under: number[][] = [];
  private readonly over: number[][] = [];

  constructor(width: number, height: number, levels: number) {
    super(width, height, levels, (x, y, z) => x < width - z && y < height - z, true, SQUARE_SIDES);
    for (const i of this.all) {
      this.under.push(this.offsets(i, -1, BELOW));
      this.over.push(this.offsets(i, 1, ABOVE));
    }
  }

  private offsets(i: number, dz: number, at: readonly (readonly [number, number])[]): number[] {
    const out: number[] = [];
    for (const [dx, dy] of at) {
      const n = this.at(this.x(i) + dx, this.y(i) + dy, this.z(i) + dz);
      if (n >= 0) out.push(n);
    }
    return out;
  }

  override below(i: number): readonly number[] {
    return this.under[i]!;
  }

  override above(i: number): readonly number[] {
    return this.over[i]!;
  }

  label(i: number): string {
    return `${columnName(this.x(i))}${this.y(i) + 1} level ${this.z(i) + 1}`;
  }

  distance(a: number, b: number): number {
    return Math.abs(this.x(a) - this.x(b)) + Math.abs(this.y(a) - this.y(b)) + Math.abs(this.z(a) - this.z(b));
  }

  place(i: number): { x: number; y: number } {
    // Seen from above: a level sits half a cell right and down of the one below.
    return { x: this.x(i) + 0.5 + this.z(i) / 2, y: this.y(i) + 0.5 + this.z(i) / 2 };
  }
}
