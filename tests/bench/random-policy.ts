import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/**
 * The random policy every benchmark playout follows, in Stela and in the hand-written twins:
 * one generator seeded like the engine's `RandomBot` (xoroshiro128+ from the bot seed) picks
 * each decision uniformly among the options by position, as `Match.applyAt` numbers them: in
 * the order the rules produce the legal values (board order for spaces, zone order for pieces,
 * one of each group of like pieces). Same seeds, same order → the same game on both sides.
 */
export class RandomPolicy {
  private readonly rng: ReturnType<typeof xoroshiro128plus>;

  /** `trace`, when given, receives (option count, chosen index) for every decision. */
  constructor(
    seed: number,
    private readonly trace?: number[],
  ) {
    this.rng = xoroshiro128plus(seed | 0);
  }

  /** The index of the option taken among `count`. */
  pick(count: number): number {
    const i = uniformInt(this.rng, 0, count - 1);
    if (this.trace) this.trace.push(count, i);
    return i;
  }
}

/** What one playout ends with: each seat's score and how many decisions were taken. */
export interface PlayoutResult {
  scores: number[];
  decisions: number;
}

/** A game written by hand in plain TypeScript, twin of a `.stela` file. */
export interface Twin {
  /** Short name used in the bench's table. */
  name: string;
  /** The Stela rule file it mirrors, from the repository root. */
  file: string;
  players: number;
  /** One random playout: the match's seed (its chance) and the bot's seed (the policy). */
  play(matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult;
}
