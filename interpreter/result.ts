import { nulls, type Exec } from "./exec.ts";
import type { MatchResult } from "./state.ts";

/** Final scores, tiebreaks and places: players tied on points and every tiebreak share their place. */
export function computeResult(x: Exec): MatchResult {
  // Plain loops: this runs at the end of every playout a bot or a balance run plays, and with
  // `Array.from` and closures it cost more than scoring a short game (2.5 µs for two players).
  const n = x.s.players;
  const sc = x.rt.scoring;
  const nt = sc.tiebreaks.length;
  const scores: number[] = [];
  const tiebreaks: number[][] = [];
  for (let i = 0; i < nt; i++) tiebreaks.push([]);
  const l = nulls(Math.max(1, sc.nlocals));
  for (let p = 0; p < n; p++) {
    // A loop, not `fill`: a call of `fill` on a short list cost more than the loop.
    for (let i = 0; i < l.length; i++) l[i] = null;
    l[0] = p;
    scores.push(Number(sc.points(x, l)) || 0);
    for (let i = 0; i < nt; i++) tiebreaks[i]!.push(Number(sc.tiebreaks[i]!.value(x, l)) || 0);
  }
  // Compares two players by points, then each tiebreak the way it counts: < 0 when `a` ranks first.
  const compare = (a: number, b: number): number => {
    if (scores[a] !== scores[b]) return scores[b]! - scores[a]!;
    for (let i = 0; i < nt; i++) {
      const ta = tiebreaks[i]![a]!;
      const tb = tiebreaks[i]![b]!;
      if (ta !== tb) return sc.tiebreaks[i]!.most ? tb - ta : ta - tb;
    }
    return 0;
  };
  // Ranked by insertion, stable on seat order: a handful of players, and `sort` with a comparing
  // closure took two fifths of this function.
  const order: number[] = [];
  const places: number[] = [];
  for (let p = 0; p < n; p++) {
    order.push(p);
    places.push(0);
    for (let i = p; i > 0 && compare(p, order[i - 1]!) < 0; i--) {
      order[i] = order[i - 1]!;
      order[i - 1] = p;
    }
  }
  const ranking: number[][] = [];
  let place = 1;
  for (let i = 0; i < n; ) {
    const group = [order[i]!];
    let j = i + 1;
    while (j < n && compare(order[j]!, order[i]!) === 0) group.push(order[j++]!);
    for (const p of group) places[p] = place;
    ranking.push(group);
    place += group.length;
    i = j;
  }
  return { scores, tiebreaks, ranking, places, winners: ranking[0] ?? [] };
}
