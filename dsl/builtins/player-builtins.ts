import { T } from "../types.ts";
import { accepts, catalogued, cataloguedConstants, param } from "./builtin.ts";

const player = param("p", accepts.type(T.player, "a player"));

/** Seats and turn order. Clockwise is the seat order: seat 0, 1, 2, … */
export const PLAYER_BUILTINS = catalogued([
  {
    name: "next",
    category: "players",
    signature: "next(p: player): player",
    description: "The player after `p`, clockwise (in seat order, wrapping around).",
    example: "turn next(p) { … }",
    params: [player],
    returns: () => T.player,
  },
  {
    name: "previous",
    category: "players",
    signature: "previous(p: player): player",
    description: "The player before `p`: the next one counter-clockwise.",
    example: "previous(first_picker)",
    params: [player],
    returns: () => T.player,
  },
  {
    name: "clockwise_from",
    category: "players",
    signature: "clockwise_from(p: player): list of player",
    description: "Every player once, starting with `p` and going clockwise.",
    example: "for q in clockwise_from(start) { … }",
    params: [player],
    returns: () => T.list(T.player),
  },
  {
    name: "others",
    category: "players",
    signature: "others(p: player): list of player",
    description: "Every player but `p`, in turn order from the one after `p` (clockwise): \"each other player\".",
    example: "for q in others(p) { q.coins += 1 }",
    params: [player],
    returns: () => T.list(T.player),
  },
  {
    name: "counterclockwise_from",
    category: "players",
    signature: "counterclockwise_from(p: player): list of player",
    description: "Every player once, starting with `p` and going counter-clockwise.",
    example: "let order = counterclockwise_from(last_picker)",
    params: [player],
    returns: () => T.list(T.player),
  },
]);

export const PLAYER_CONSTANTS = cataloguedConstants([
  {
    name: "players",
    category: "players",
    type: T.list(T.player),
    description: "Every player, in seat order (clockwise).",
    example: "for p in players { p.score += 1 }",
  },
  {
    name: "player_count",
    category: "players",
    type: T.number,
    description: "How many players the match has.",
    example: "deal 3 * player_count from deck to offer",
  },
]);
