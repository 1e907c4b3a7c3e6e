import { cellKey } from "../../dsl/keys.ts";
import { BoundedShape, type LayoutHint } from "./board-shape.ts";

/** Forward (clockwise), back. */
const ALONG = [
  [1, 0],
  [-1, 0],
] as const;

/**
 * `ring(n)`: n spaces in a circle, each next to the one before and after (a gear, a circular
 * track). Cell x is `x,0`; the first is drawn at the top, the others clockwise.
 */
export class Ring extends BoundedShape {
  readonly type = "ring";
  /** Two directions: 0 forward (clockwise), 1 back. */
  readonly sides = 2;
  /** Along the ring, without going round: forward, back. */
  readonly rays = ALONG;
  readonly turns = 1;
  readonly layout: LayoutHint = { cell: "round" };
  private readonly near: number[][] = [];

  constructor(
    private readonly count: number,
    holes: ReadonlySet<string>,
  ) {
    super(count, 1, 1, (x) => !holes.has(cellKey(x, 0)), false, ALONG);
    for (const i of this.all) {
      const out: number[] = [];
      // The one before, then the one after; a ring of 2 has one neighbour, of 1 none.
      for (const d of count > 2 ? [-1, 1] : count === 2 ? [1] : []) {
        const n = this.at((this.x(i) + d + count) % count, 0, 0);
        if (n >= 0) out.push(n);
      }
      this.near.push(out);
    }
  }

  override neighbours(i: number): readonly number[] {
    return this.near[i]!;
  }

  override direction(a: number, b: number): number {
    const d = (this.x(b) - this.x(a) + this.count) % this.count;
    return d === 1 ? 0 : d === this.count - 1 ? 1 : -1;
  }

  override step(i: number, n: number): number {
    return this.at((((this.x(i) + n) % this.count) + this.count) % this.count, 0, 0);
  }

  label(i: number, board: string): string {
    return `${board} ${this.x(i)}`;
  }

  distance(a: number, b: number): number {
    const d = Math.abs(this.x(a) - this.x(b));
    return Math.min(d, this.count - d);
  }

  place(i: number): { x: number; y: number } {
    const r = Math.max(1.4, (this.count * 1.15) / (2 * Math.PI));
    const a = -Math.PI / 2 + (2 * Math.PI * this.x(i)) / this.count;
    return { x: r + 0.5 + r * Math.cos(a), y: r + 0.5 + r * Math.sin(a) };
  }
}
