import type { Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import type { Exec } from "../exec.ts";
import { fail } from "../runtime-error.ts";
import type { BuiltinImpl, BuiltinName } from "./impl.ts";
import { markDistinct } from "../values.ts";

function seat(x: Exec, v: Value, span: Span): number {
  if (typeof v !== "number" || v < 0 || v >= x.s.players) fail("runtime-none-value", v === null ? "there is no player here (the value is `none`)" : "not a player", span);
  return v;
}

export const PLAYER_IMPLS = {
  players: (x) => seats(x.s.players),
  player_count: (x) => x.s.players,
  next: (x, [p], span) => (seat(x, p!, span) + 1) % x.s.players,
  previous: (x, [p], span) => (seat(x, p!, span) - 1 + x.s.players) % x.s.players,
  clockwise_from: (x, [p], span) => {
    const start = seat(x, p!, span);
    return Array.from({ length: x.s.players }, (_, i) => (start + i) % x.s.players);
  },
  counterclockwise_from: (x, [p], span) => {
    const start = seat(x, p!, span);
    return Array.from({ length: x.s.players }, (_, i) => (start - i + x.s.players) % x.s.players);
  },
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;

/** The seats of each player count, made once: values never change in place, so one list serves every match. */
const seatLists: number[][] = [];

function seats(n: number): number[] {
  return (seatLists[n] ??= markDistinct(Array.from({ length: n }, (_, i) => i), true));
}
