import type { Match } from "../match.ts";
import { GreedyBot } from "./greedy-bot.ts";
import { RandomBot } from "./random-bot.ts";

/** Something that takes decisions for a seat: the option id it picks, or undefined if it owes none. */
export interface Bot {
  choose(match: Match, player: number): string | undefined;
  /** The cheap path, when a bot has it: the option's position for `Match.applyAt` (the same pick as `choose`). */
  chooseIndex?(match: Match, player: number): number | undefined;
}

/** The kinds of bot the tools offer, with what each does. */
export const BOT_KINDS = {
  random: "picks uniformly among the legal options",
  greedy: "picks the option that most raises its own provisional score (the game's `scoring`) right away; ties at random",
} as const;

export type BotKind = keyof typeof BOT_KINDS;

export function makeBot(kind: BotKind, seed: number): Bot {
  return kind === "greedy" ? new GreedyBot(seed) : new RandomBot(seed);
}
