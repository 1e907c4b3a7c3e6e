import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { ApplyResult } from "../vm.ts";
import type { Match } from "../match.ts";
import { optionIdAt } from "./option-at.ts";
import { GAME_DECISION_LIMIT, playOut } from "./play-out.ts";
import { botRandom, type BotRandom } from "./seeds.ts";

/**
 * A bot that picks uniformly among the legal options, from its own seeded
 * generator (never the match's: a bot's choices must not change the game's
 * chance).
 */
export class RandomBot {
  private readonly rng: BotRandom;
  /** A whole number below `n`, from this bot's generator. */
  private readonly pick = (n: number): number => uniformInt(this.rng, 0, n - 1);

  constructor(seed: number) {
    this.rng = botRandom(seed);
  }

  /** The position (for `applyAt`) this bot takes for `player` now, or undefined if it owes nothing: the same option as `play`. */
  chooseIndex(match: Match, player: number): number | undefined {
    return match.randomIndex(this.pick, player);
  }

  /**
   * Takes this bot's option for `player` now (undefined if they owe nothing): the cheapest path,
   * weighing only the candidates drawn (`Match.applyRandom`). The same option as `chooseIndex`.
   */
  play(match: Match, player: number): ApplyResult | undefined {
    const r = match.applyRandom(this.pick, player);
    // Refused only when `player` owes nothing now (nothing drawn, nothing taken).
    return !r.ok && (r.code === "not-your-turn" || r.code === "match-over") ? undefined : r;
  }

  /** The option id this bot takes for `player` now (the same pick as `chooseIndex`), or undefined if it owes nothing. */
  choose(match: Match, player: number): string | undefined {
    return optionIdAt(match, player, this.chooseIndex(match, player));
  }
}

/** Plays a match to its end with one random bot in every seat; gives the number of decisions taken. */
export function playRandomly(match: Match, seed: number, maxDecisions = GAME_DECISION_LIMIT): number {
  return playOut(match, [new RandomBot(seed)], maxDecisions);
}
