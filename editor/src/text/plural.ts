/**
 * A count with its noun, singular for exactly one: `count(1, "decision")` is
 * "1 decision", `count(3, "decision")` "3 decisions" (`many` for a plural not
 * made with -s). One helper, so no sentence of the editor says "1 decisions".
 */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${agree(n, one, many)}`;
}

/** The word that agrees with a count: `agree(1, "waits", "wait")` is "waits", `agree(2, "it", "them")` "them". */
export function agree(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
