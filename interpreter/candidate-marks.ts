/**
 * What is known of each candidate of a choice weighed a little at a time (`vm.ts` `weighSome`):
 * not weighed yet, legal, or not. Marks only ever go from `UNKNOWN` to one of the others.
 *
 * Two bits per candidate, four to a byte. V8 keeps a typed array of up to 64 bytes inside its heap
 * and gives a longer one a store of its own, which took 0.5–0.6 µs to make on this machine against
 * under 0.1 µs (a byte per candidate made every choice of over 64 candidates pay that). Marks
 * are made for every such choice of a random playout: in 20 random games of each tile game, 45%
 * (one game) to 83% (another) of those choices had at most 256 candidates, which now fit.
 */
export type CandidateMarks = Uint8Array;

export const UNKNOWN = 0;
export const LEGAL = 1;
export const NOT_LEGAL = 2;

/** Marks for `n` candidates, every one `UNKNOWN`. */
export function newMarks(n: number): CandidateMarks {
  return new Uint8Array((n + 3) >> 2);
}

/** What candidate `i` is known to be. */
export function markOf(m: CandidateMarks, i: number): number {
  return (m[i >> 2]! >> ((i & 3) << 1)) & 3;
}

/** Marks candidate `i`, not weighed until now, `LEGAL` or `NOT_LEGAL`. */
export function setMark(m: CandidateMarks, i: number, mark: number): void {
  m[i >> 2]! |= mark << ((i & 3) << 1);
}
