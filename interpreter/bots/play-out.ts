import type { Match } from "../match.ts";
import type { Bot } from "./bot.ts";

/**
 * A match still going after the decisions `playOut` allows: its rules may never end it (a loop
 * without `end game` that bots keep choosing through). A class of its own, so a tool reports it
 * as the rule failure it is, not as a bot's mistake.
 */
export class NoEndError extends Error {
  constructor(readonly decisions: number) {
    super(`no end after ${decisions} decisions`);
    this.name = "NoEndError";
  }
}

/**
 * The decisions a played-out match may take before it is taken as endless, unless a run says
 * fewer (`stela simulate --max-decisions`): no game of ours comes near (the longest, a few
 * thousand), and a game that never ends is found in seconds with random bots.
 */
export const GAME_DECISION_LIMIT = 100_000;

/**
 * Plays a match to its end, each seat played by its bot; gives the number of
 * decisions taken. `onDecision` sees each decision (player, option position)
 * before it is taken, for a replayable record. Past `maxDecisions`, throws `NoEndError`.
 */
export function playOut(match: Match, bots: Bot[], maxDecisions = GAME_DECISION_LIMIT, onDecision?: (player: number, index: number) => void): number {
  let n = 0;
  for (;;) {
    const d = match.decision;
    if (!d) return n;
    for (const p of d.players) {
      const bot = bots[p % bots.length]!;
      // Bots that take their decision themselves take the cheapest path, unless each decision's
      // position is wanted; those that pick by position, the cheap one: no option is named.
      if (bot.play && !onDecision) {
        const r = bot.play(match, p);
        if (r === undefined) continue;
        if (!r.ok) throw new Error(`the bot's option was refused: ${r.reason}`);
      } else if (bot.chooseIndex) {
        const i = bot.chooseIndex(match, p);
        if (i === undefined) continue;
        onDecision?.(p, i);
        const r = match.applyAt(i, p);
        if (!r.ok) throw new Error(`the bot's option number ${i} was refused: ${r.reason}`);
      } else {
        const id = bot.choose(match, p);
        if (id === undefined) continue;
        const o = match.options(p).find((x) => x.id === id);
        if (o) onDecision?.(p, o.index);
        const r = match.apply(id, p);
        if (!r.ok) throw new Error(`the bot's option ${id} was refused: ${r.reason}`);
      }
      n++;
    }
    if (n > maxDecisions) throw new NoEndError(maxDecisions);
  }
}
