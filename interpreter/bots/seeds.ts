import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

/** A generator of bots and simulation: pure-rand's xoroshiro128+, advanced in place. */
export type BotRandom = ReturnType<typeof xoroshiro128plusFromState>;

/** Murmur3's 32-bit finaliser: every input bit flips about half the output bits. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * One 32-bit seed from several numbers (a run's seed, a game's number, a
 * seat): a hash, so that neighbouring inputs give unrelated seeds. Seeding
 * generators with `seed + seat` instead gives correlated streams (xoroshiro's
 * first outputs barely differ for neighbouring seeds), which skewed the seat
 * balance of simulated symmetric games.
 */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9 ^ parts.length;
  for (const part of parts) h = fmix32(Math.imul(h ^ fmix32(part | 0), 0x27d4eb2f) + 0x165667b1);
  return h;
}

/**
 * A generator seeded from `parts` through the mixer, with its full 128-bit
 * state filled (never the low-entropy state `xoroshiro128plus(seed)` starts
 * from), so different parts give independent streams from the first draw.
 */
export function botRandom(...parts: number[]): BotRandom {
  const base = mixSeed(...parts);
  const words = [1, 2, 3, 4].map((i) => mixSeed(base, i));
  if (!words.some((w) => w !== 0)) words[0] = 1; // the all-zero state never leaves zero
  return xoroshiro128plusFromState(words);
}
