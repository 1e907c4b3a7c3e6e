import type { Match } from "../match.ts";
import type { Bot } from "./bot.ts";

/**
 * Plays a match to its end, each seat played by its bot (by option index:
 * `applyAt`); gives the number of decisions taken. `onDecision` sees each
 * decision taken, for a replayable record.
 */
export function playOut(match: Match, bots: Pick<Bot, "pick">[], maxDecisions = 100_000, onDecision?: (player: number, index: number) => void): number {
  let n = 0;
  for (;;) {
    const d = match.decision;
    if (!d) return n;
    for (const p of d.players) {
      const i = bots[p % bots.length]!.pick(match, p);
      if (i === undefined) continue;
      onDecision?.(p, i);
      const r = match.applyAt(i, p);
      if (!r.ok) throw new Error(`the bot's option number ${i} was refused: ${r.reason}`);
      n++;
    }
    if (n > maxDecisions) throw new Error(`no end after ${maxDecisions} decisions`);
  }
}
