import type { Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import type { Exec } from "../exec.ts";
import { fail } from "../runtime-error.ts";
import { direct, type BuiltinImpl, type BuiltinName } from "./impl.ts";
import { markDistinct } from "../values.ts";

function seat(x: Exec, v: Value, span: Span): number {
  if (typeof v !== "number" || v < 0 || v >= x.s.players) fail("runtime-none-value", v === null ? "there is no player here (the value is `none`)" : "not a player", span);
  return v;
}

export const PLAYER_IMPLS = {
  players: direct((x) => seats(x.s.players)),
  player_count: direct((x) => x.s.players),
  next: direct((x, span, p) => (seat(x, p!, span) + 1) % x.s.players),
  previous: direct((x, span, p) => (seat(x, p!, span) - 1 + x.s.players) % x.s.players),
  clockwise_from: direct((x, span, p) => turnOrder(x.s.players, seat(x, p!, span), 1)),
  counterclockwise_from: direct((x, span, p) => turnOrder(x.s.players, seat(x, p!, span), -1)),
  // The turn order from the next player, less its last (`p` itself): one list kept per start too.
  others: direct((x, span, p) => othersOf(x.s.players, seat(x, p!, span))),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;

/** The seats of each player count, made once: values never change in place, so one list serves every match. */
const seatLists: number[][] = [];

function seats(n: number): number[] {
  return (seatLists[n] ??= markDistinct(Array.from({ length: n }, (_, i) => i), true));
}

/**
 * The seats of `n` players from `start` on, one way round (`step` 1 or -1), made once each like
 * `seats`: games ask whose turn comes next at every turn, and building the list with `Array.from`
 * took 1.7% of a playout of a tile game.
 */
const turnOrders: number[][][] = [];

function turnOrder(n: number, start: number, step: 1 | -1): number[] {
  const byStart = (turnOrders[n * 2 + (step === 1 ? 0 : 1)] ??= []);
  let list = byStart[start];
  if (!list) {
    list = [];
    for (let i = 0; i < n; i++) list.push((start + step * i + n) % n);
    byStart[start] = list = markDistinct(list, true);
  }
  return list;
}

const otherLists: number[][][] = [];

/** The seats of `n` players but `p`, clockwise from the one after it (`others`), made once each. */
function othersOf(n: number, p: number): number[] {
  const byStart = (otherLists[n] ??= []);
  return (byStart[p] ??= markDistinct(turnOrder(n, (p + 1) % n, 1).slice(0, n - 1), true));
}
