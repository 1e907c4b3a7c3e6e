import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { Match } from "../match.ts";

/**
 * A bot that picks uniformly among the legal options, from its own seeded
 * generator (never the match's: a bot's choices must not change the game's
 * chance).
 */
export class RandomBot {
  private readonly rng: ReturnType<typeof xoroshiro128plus>;

  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed | 0);
  }

  /** The option id this bot takes for `player` now, or undefined if it owes nothing. */
  choose(match: Match, player: number): string | undefined {
    const options = match.options(player);
    if (options.length === 0) return undefined;
    return options[uniformInt(this.rng, 0, options.length - 1)]!.id;
  }
}

/** Plays a match to its end with random bots in every seat; gives the number of decisions taken. */
export function playRandomly(match: Match, seed: number, maxDecisions = 100_000): number {
  const bot = new RandomBot(seed);
  let n = 0;
  for (;;) {
    const d = match.decision;
    if (!d) return n;
    for (const p of d.players) {
      const id = bot.choose(match, p);
      if (id === undefined) continue;
      const r = match.apply(id, p);
      if (!r.ok) throw new Error(`the bot's option ${id} was refused: ${r.reason}`);
      n++;
    }
    if (n > maxDecisions) throw new Error(`no end after ${maxDecisions} decisions`);
  }
}
