import type { Match } from "../match.ts";
import type { Bot } from "./bot.ts";

/** Plays a match to its end, each seat played by its bot; gives the number of decisions taken. */
export function playOut(match: Match, bots: Bot[], maxDecisions = 100_000): number {
  let n = 0;
  for (;;) {
    const d = match.decision;
    if (!d) return n;
    for (const p of d.players) {
      const bot = bots[p % bots.length]!;
      // Bots that pick by position take the cheap path: no option is named.
      if (bot.chooseIndex) {
        const i = bot.chooseIndex(match, p);
        if (i === undefined) continue;
        const r = match.applyAt(i, p);
        if (!r.ok) throw new Error(`the bot's option number ${i} was refused: ${r.reason}`);
      } else {
        const id = bot.choose(match, p);
        if (id === undefined) continue;
        const r = match.apply(id, p);
        if (!r.ok) throw new Error(`the bot's option ${id} was refused: ${r.reason}`);
      }
      n++;
    }
    if (n > maxDecisions) throw new Error(`no end after ${maxDecisions} decisions`);
  }
}
