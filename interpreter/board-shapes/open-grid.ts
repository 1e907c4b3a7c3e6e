import type { Topology } from "../../dsl/ir.ts";
import { cellCoords, cellKey } from "../../dsl/keys.ts";
import { quarterTurn, squareMirror, squareMirrorSide, SQUARE_RAYS, SQUARE_SIDES, type BoardShape, type LayoutHint, type Offsets } from "./board-shape.ts";

const NONE: readonly number[] = [];

/**
 * `open_grid()`: an unbounded square grid that grows as pieces are placed. Any (x, y) is a
 * cell; cells get their small numbers the first time they are asked about (geometry is the
 * same for every match, so the numbering is only a cache: the state names cells by key).
 */
export class OpenGrid implements BoardShape {
  readonly type: Topology["type"] = "open";
  readonly sides = 4;
  readonly rays = SQUARE_RAYS;
  readonly turns = 4;
  readonly bounds = null;
  readonly all: readonly number[] = NONE;
  readonly layout: LayoutHint = { cell: "square" };
  private readonly xs: number[] = [];
  private readonly ys: number[] = [];
  private readonly keys: string[] = [];
  // A null-prototype table, not a `Map`: text-keyed lookups in one are about three times faster in V8.
  private readonly byKey: Record<string, number> = Object.create(null);
  private readonly near: (number[] | undefined)[] = [];

  get size(): number {
    return this.keys.length;
  }

  at(x: number, y: number, z: number): number {
    if (z !== 0 || !Number.isInteger(x) || !Number.isInteger(y)) return -1;
    const k = cellKey(x, y);
    let i = this.byKey[k];
    if (i === undefined) {
      i = this.keys.length;
      this.keys.push(k);
      this.xs.push(x);
      this.ys.push(y);
      this.byKey[k] = i;
    }
    return i;
  }

  x(i: number): number {
    return this.xs[i]!;
  }

  y(i: number): number {
    return this.ys[i]!;
  }

  z(): number {
    return 0;
  }

  cell(i: number): string {
    return this.keys[i]!;
  }

  index(cell: string): number {
    const known = this.byKey[cell];
    if (known !== undefined) return known;
    const c = cellCoords(cell);
    return c.length === 2 ? this.at(c[0]!, c[1]!, 0) : -1;
  }

  neighbours(i: number): readonly number[] {
    let out = this.near[i];
    if (!out) {
      out = SQUARE_SIDES.map(([dx, dy]) => this.at(this.xs[i]! + dx, this.ys[i]! + dy, 0));
      this.near[i] = out;
    }
    return out;
  }

  direction(a: number, b: number): number {
    const dx = this.xs[b]! - this.xs[a]!;
    const dy = this.ys[b]! - this.ys[a]!;
    return SQUARE_SIDES.findIndex(([ox, oy]) => ox === dx && oy === dy);
  }

  below(): readonly number[] {
    return NONE;
  }

  above(): readonly number[] {
    return NONE;
  }

  label(i: number): string {
    return `(${this.xs[i]},${this.ys[i]})`;
  }

  distance(a: number, b: number): number {
    return Math.abs(this.xs[a]! - this.xs[b]!) + Math.abs(this.ys[a]! - this.ys[b]!);
  }

  step(): number {
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

  place(i: number): { x: number; y: number } {
    return { x: this.xs[i]! + 0.5, y: this.ys[i]! + 0.5 };
  }
}
