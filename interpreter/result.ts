import type { Value } from "../dsl/ir.ts";
import type { Exec } from "./exec.ts";
import type { MatchResult } from "./state.ts";

/** Final scores, tiebreaks and places: players tied on points and every tiebreak share their place. */
export function computeResult(x: Exec): MatchResult {
  const n = x.s.players;
  const sc = x.rt.scoring;
  const scores: number[] = [];
  const tiebreaks: number[][] = sc.tiebreaks.map(() => []);
  for (let p = 0; p < n; p++) {
    const l = new Array<Value>(Math.max(1, sc.nlocals)).fill(null);
    l[0] = p;
    scores.push(Number(sc.points(x, l)) || 0);
    sc.tiebreaks.forEach((t, i) => tiebreaks[i]!.push(Number(t.value(x, l)) || 0));
  }
  // Each player's ranking key (points, then each tiebreak the way it counts), made once.
  const keys = Array.from({ length: n }, (_, p) => [scores[p]!, ...sc.tiebreaks.map((t, i) => (t.most ? tiebreaks[i]![p]! : -tiebreaks[i]![p]!))]);
  const sameKey = (a: number, b: number): boolean => keys[a]!.every((v, k) => v === keys[b]![k]);
  const order = Array.from({ length: n }, (_, p) => p).sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return a - b;
  });
  const ranking: number[][] = [];
  const places = new Array<number>(n).fill(0);
  let place = 1;
  for (let i = 0; i < order.length; ) {
    const group = [order[i]!];
    let j = i + 1;
    while (j < order.length && sameKey(order[j]!, order[i]!)) group.push(order[j++]!);
    for (const p of group) places[p] = place;
    ranking.push(group);
    place += group.length;
    i = j;
  }
  return { scores, tiebreaks, ranking, places, winners: ranking[0] ?? [] };
}
