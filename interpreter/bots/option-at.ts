import type { Match } from "../match.ts";

/**
 * The id of the option at position `index` (as `applyAt` takes it) of
 * `player`: for people's tools (logs, replays), never for a bot's search.
 * Positions follow the order the rules produced the values in, not the id order.
 */
export function optionIdAt(match: Match, player: number, index: number | undefined): string | undefined {
  if (index === undefined) return undefined;
  return match.options(player).find((o) => o.index === index)?.id;
}
