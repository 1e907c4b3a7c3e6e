import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { Match } from "../match.ts";

/**
 * One step of look-ahead: tries each option on a copy of the match and keeps
 * those that leave its own provisional score (the game's `scoring`, as if the
 * game ended now) highest, then picks among them at random. Generic: it knows
 * nothing of any game beyond its scoring. Options are many (hundreds of
 * placements), so it samples at most `width` of them.
 */
export class GreedyBot {
  private readonly rng: ReturnType<typeof xoroshiro128plus>;

  constructor(
    seed: number,
    private readonly width = 64,
  ) {
    this.rng = xoroshiro128plus(seed | 0);
  }

  choose(match: Match, player: number): string | undefined {
    const options = match.options(player);
    if (options.length <= 1) return options[0]?.id;
    let pool = options;
    if (options.length > this.width) {
      pool = [];
      const taken = new Set<number>();
      while (pool.length < this.width) {
        const i = uniformInt(this.rng, 0, options.length - 1);
        if (!taken.has(i)) {
          taken.add(i);
          pool.push(options[i]!);
        }
      }
    }
    let best = -Infinity;
    let bestIds: string[] = [];
    for (const o of pool) {
      const trial = this.tryOption(match, o.id, player);
      const score = trial.error ? -Infinity : trial.provisionalResult().scores[player]!;
      if (score > best) {
        best = score;
        bestIds = [o.id];
      } else if (score === best) {
        bestIds.push(o.id);
      }
    }
    return bestIds[uniformInt(this.rng, 0, bestIds.length - 1)];
  }

  /**
   * A copy of the match after `player` takes `id`. In a secret choice the bot may not know what
   * the others chose: the copy forgets their answers and has everyone else answer at random, so
   * the choice resolves without peeking (and a player's own consequences still show).
   */
  private tryOption(match: Match, id: string, player: number): Match {
    const trial = match.clone();
    const pending = trial.state.pending;
    if (pending?.kind !== "secret") {
      trial.apply(id, player);
      return trial;
    }
    pending.chosen = {};
    trial.apply(id, player);
    for (const q of pending.players) {
      if (q === player || trial.state.pending !== pending) continue;
      const options = trial.options(q);
      trial.apply(options[uniformInt(this.rng, 0, options.length - 1)]!.id, q);
    }
    return trial;
  }
}
