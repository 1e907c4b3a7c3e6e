import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

/** The generator's state for a seed: kept in the match state, never in a closure. */
export function seedState(seed: number): number[] {
  return [...xoroshiro128plus(seed | 0).getState()];
}

/**
 * A uniform integer in [low, high], advancing the state held in `holder.rng`.
 * The generator is rebuilt from plain numbers each time so that the match
 * state stays data (clone it, save it, resume it) and chance stays seeded.
 */
export function randomInt(holder: { rng: number[] }, low: number, high: number): number {
  const g = xoroshiro128plusFromState(holder.rng);
  const v = uniformInt(g, low, high);
  holder.rng = [...g.getState()];
  return v;
}

/** Fisher-Yates, in place, from the match's generator. */
export function shuffleInPlace<T>(holder: { rng: number[] }, items: T[]): void {
  if (items.length < 2) return;
  const g = xoroshiro128plusFromState(holder.rng);
  for (let i = items.length - 1; i > 0; i--) {
    const j = uniformInt(g, 0, i);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  holder.rng = [...g.getState()];
}
