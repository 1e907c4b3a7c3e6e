import { BOT_KINDS, parseBotSpec } from "../index.ts";
import { UsageError } from "./usage-error.ts";

/**
 * `random,mcts:200`: the bot of each seat, checked; kept as written (workers and replay commands
 * read them). A list shorter than the seats is repeated; a longer one would leave bots unused
 * without a word, so it is refused, saying how many players there are.
 */
export function botSpecs(value: string, players: number): string[] {
  const specs = value.split(",").map((s) => s.trim());
  for (const k of specs) {
    if (parseBotSpec(k)) continue;
    // A budget that is not a whole number of at least 1 is a known bot misused, not an unknown one.
    const budget = /^(\w+):(-?\d+)(ms)?$/.exec(k);
    if (budget?.[1] === "mcts") throw new UsageError(`--bots: the budget of mcts must be at least 1 (${budget[3] ? "milliseconds" : "playouts"}), not ${budget[2]}: "${k}" (e.g. mcts:200 or mcts:200ms)`);
    if (budget?.[1] === "greedy") {
      throw new UsageError(
        budget[3] ? `--bots: greedy takes a number of redrawn copies, not milliseconds: "${k}" (e.g. greedy:16)` : `--bots: the redrawn copies of greedy must be at least 1, not ${budget[2]}: "${k}" (e.g. greedy:16)`,
      );
    }
    if (budget && budget[1]! in BOT_KINDS) throw new UsageError(`--bots: ${budget[1]} takes no budget, not "${k}" (only mcts does: mcts:500 or mcts:200ms; and greedy its redrawn copies: greedy:16)`);
    throw new UsageError(`--bots: unknown bot "${k}" (there are: ${Object.keys(BOT_KINDS).join(", ")}; mcts takes a budget: mcts:500 or mcts:200ms, greedy its redrawn copies: greedy:16)`);
  }
  if (specs.length > players) throw new UsageError(`--bots: ${specs.length} bots for ${players} player${players === 1 ? "" : "s"}: give at most one per seat (a shorter list is repeated)`);
  return specs;
}
