/**
 * Distances in steps between the spaces of a board whose spaces are joined only by their links
 * (a graph, the corners or edges of a grid): breadth first from each start space once, kept.
 * Shapes with coordinates work their distance out directly; these have none to work from.
 */
export class HopDistances {
  private readonly far = new Map<number, Int32Array>();

  /** `near[i]`: the spaces one step from space `i`. */
  constructor(private readonly near: readonly (readonly number[])[]) {}

  /** Steps from `a` to `b` along the links; Infinity when no path joins them. */
  between(a: number, b: number): number {
    let d = this.far.get(a);
    if (!d) {
      d = new Int32Array(this.near.length).fill(-1);
      d[a] = 0;
      const queue = [a];
      for (let k = 0; k < queue.length; k++) {
        for (const n of this.near[queue[k]!]!) {
          if (d[n] === -1) {
            d[n] = d[queue[k]!]! + 1;
            queue.push(n);
          }
        }
      }
      this.far.set(a, d);
    }
    return d[b]! < 0 ? Infinity : d[b]!;
  }
}
