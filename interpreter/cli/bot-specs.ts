import { BOT_KINDS, parseBotSpec } from "../index.ts";
import { UsageError } from "./usage-error.ts";

/** `random,mcts:200`: the bot of each seat, checked; kept as written (workers and replay commands read them). */
export function botSpecs(value: string): string[] {
  const specs = value.split(",").map((s) => s.trim());
  for (const k of specs) {
    if (!parseBotSpec(k)) throw new UsageError(`--bots: unknown bot "${k}" (there are: ${Object.keys(BOT_KINDS).join(", ")}; mcts takes a budget: mcts:500 or mcts:200ms)`);
  }
  return specs;
}
