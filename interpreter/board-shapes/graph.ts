import { HopDistances } from "./hop-distances.ts";
import { cellKey } from "../../dsl/keys.ts";
import { BoundedShape, type LayoutHint } from "./board-shape.ts";

/**
 * `graph(n, edges: [[a, b], …])`: n spaces joined by the listed edges (a route map, a network
 * of places), with no rows, columns or directions. Cell x is `x,0`; spaces are named by board
 * and number like a track's (or by their `names`), and drawn on a circle, or where `places` puts them (the checker made
 * sure each space after its list is joined to one in it).
 */
export class Graph extends BoundedShape {
  readonly type = "graph";
  readonly sides = 0;
  /** A graph's spaces are joined by edges, not set out in lines. */
  readonly rays = [] as const;
  readonly turns = 1;
  readonly layout: LayoutHint = { cell: "round" };
  private readonly near: number[][] = [];
  /** Distances along the links, worked out as asked. */
  private readonly hops: HopDistances;
  /** Where each space is drawn, by number, when the rules say (`places`). */
  private readonly places: { x: number; y: number }[] | undefined;

  constructor(
    private readonly count: number,
    edges: readonly (readonly [number, number])[],
    holes: ReadonlySet<string>,
    places?: readonly (readonly [number, number])[],
    /** What each space is called (`names: […]`), by number: its label. */
    private readonly names?: readonly string[],
  ) {
    super(count, 1, 1, (x) => !holes.has(cellKey(x, 0)), false, []);
    for (let i = 0; i < this.size; i++) this.near.push([]);
    for (const [a, b] of edges) {
      const i = this.at(a, 0, 0);
      const j = this.at(b, 0, 0);
      if (i < 0 || j < 0 || i === j) continue;
      if (!this.near[i]!.includes(j)) this.near[i]!.push(j);
      if (!this.near[j]!.includes(i)) this.near[j]!.push(i);
    }
    for (const list of this.near) list.sort((p, q) => p - q);
    this.hops = new HopDistances(this.near);
    if (places) this.places = placesOf(count, edges, places);
  }

  override neighbours(i: number): readonly number[] {
    return this.near[i]!;
  }

  override direction(): number {
    return -1;
  }

  label(i: number, board: string): string {
    return this.names?.[this.x(i)] ?? `${board} ${this.x(i)}`;
  }

  /** Steps along the links, breadth first from `a` once (`HopDistances`). */
  distance(a: number, b: number): number {
    return this.hops.between(a, b);
  }

  place(i: number): { x: number; y: number } {
    const at = this.places?.[this.x(i)];
    if (at) return { x: at.x + 0.5, y: at.y + 0.5 };
    const r = Math.max(1.4, (this.count * 1.4) / (2 * Math.PI));
    const a = -Math.PI / 2 + (2 * Math.PI * this.x(i)) / this.count;
    return { x: r + 0.5 + r * Math.cos(a), y: r + 0.5 + r * Math.sin(a) };
  }
}

/** Each space's place: its own in `places`, else halfway among the listed spaces it is joined to. */
function placesOf(count: number, edges: readonly (readonly [number, number])[], listed: readonly (readonly [number, number])[]): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let n = 0; n < count; n++) {
    if (n < listed.length) {
      out.push({ x: listed[n]![0], y: listed[n]![1] });
      continue;
    }
    const ends = edges.flatMap(([a, b]) => (a === n && b < listed.length ? [b] : b === n && a < listed.length ? [a] : []));
    const k = Math.max(1, ends.length);
    out.push({ x: ends.reduce((t, e) => t + listed[e]![0], 0) / k, y: ends.reduce((t, e) => t + listed[e]![1], 0) / k });
  }
  return out;
}
