import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { Match } from "../match.ts";
import { optionIdAt } from "./option-at.ts";
import { mixSeed, botRandom, type BotRandom } from "./seeds.ts";

/**
 * One step of look-ahead: tries each option on a copy of the match and keeps
 * those that leave its own estimate (the game's `estimate`, else its
 * `scoring` as if the game ended now) highest, then picks among them at random.
 * Each option is scored where the rules next ask someone to choose, before
 * that choice's candidates are weighed (`Match.lookAhead`): in games whose
 * filters reject most candidates, weighing them was most of a try's cost, and
 * only an option forced on the next player (taken without asking) is left out
 * of the score. Generic: it knows
 * nothing of any game beyond its scoring. Options are many (hundreds of
 * placements), so it samples at most `width` of them.
 *
 * The copy is `match.resampleFor(player, …)`: what the bot cannot see (the
 * deck's order, others' hands, others' secret answers, future chance) is
 * redrawn, so the score it compares is never the real hidden outcome.
 */
export class GreedyBot {
  private readonly rng: BotRandom;
  private readonly seed: number;
  private decisions = 0;

  constructor(
    seed: number,
    private readonly width = 64,
  ) {
    this.seed = seed;
    this.rng = botRandom(seed);
  }

  /** The index of the option this bot takes for `player` now, or undefined if it owes nothing. */
  chooseIndex(match: Match, player: number): number | undefined {
    const n = match.optionCount(player);
    if (n <= 1) return n === 1 ? 0 : undefined;
    let pool = [...Array(n).keys()];
    if (n > this.width) {
      pool = [];
      const taken = new Set<number>();
      while (pool.length < this.width) {
        const i = uniformInt(this.rng, 0, n - 1);
        if (!taken.has(i)) {
          taken.add(i);
          pool.push(i);
        }
      }
    }
    const world = match.resampleFor(player, mixSeed(this.seed, this.decisions++));
    // Nobody reads the trials' logs: they play the same moves without naming them.
    world.quiet = true;
    let best = -Infinity;
    let bestIndices: number[] = [];
    for (const i of pool) {
      const trial = this.tryOption(world, i, player);
      const score = !trial || trial.error ? -Infinity : trial.estimate(player);
      if (score > best) {
        best = score;
        bestIndices = [i];
      } else if (score === best) {
        bestIndices.push(i);
      }
    }
    return bestIndices[uniformInt(this.rng, 0, bestIndices.length - 1)];
  }

  /** The option id this bot takes for `player` now, or undefined if it owes nothing. */
  choose(match: Match, player: number): string | undefined {
    return optionIdAt(match, player, this.chooseIndex(match, player));
  }

  /**
   * A look-ahead copy of the redrawn match after `player` takes option `index`, stopped where the
   * rules next ask someone to choose. In a secret choice the
   * others' answers were forgotten by the redraw: they answer at random here, so the choice
   * resolves without peeking (and the player's own consequences still show).
   */
  private tryOption(world: Match, index: number, player: number): Match | undefined {
    const trial = world.lookAhead();
    const pending = trial.state.pending;
    if (!trial.applyAt(index, player).ok) return undefined;
    // Until the secret choice resolves (the state then holds no pending decision: the rules stopped
    // at the next choice, unoffered, or the match is over).
    while (pending?.kind === "secret" && trial.state.pending === pending) {
      const q = trial.decision!.players[0]!;
      trial.applyAt(uniformInt(this.rng, 0, trial.optionCount(q) - 1), q);
    }
    return trial;
  }
}
