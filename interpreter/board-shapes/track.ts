import { cellKey } from "../../dsl/keys.ts";
import { BoundedShape, type LayoutHint } from "./board-shape.ts";

/** Forward, back. */
const ALONG = [
  [1, 0],
  [-1, 0],
] as const;

/**
 * `track(n)`: n spaces in a line, each next to the one before and after: a score track, a
 * temple's steps, a technology track. Cell x is `x,0`; space 0 is the start.
 */
export class Track extends BoundedShape {
  readonly type = "track";
  /** Two directions: 0 forward, 1 back. */
  readonly sides = 2;
  readonly rays = ALONG;
  readonly turns = 1;
  readonly layout: LayoutHint = { cell: "round" };

  constructor(count: number, holes: ReadonlySet<string>) {
    super(count, 1, 1, (x) => !holes.has(cellKey(x, 0)), false, ALONG);
  }

  override step(i: number, n: number): number {
    return this.at(this.x(i) + n, 0, 0);
  }

  label(i: number, board: string): string {
    return `${board} ${this.x(i)}`;
  }

  distance(a: number, b: number): number {
    return Math.abs(this.x(a) - this.x(b));
  }

  place(i: number): { x: number; y: number } {
    return { x: this.x(i) + 0.5, y: 0.5 };
  }
}
