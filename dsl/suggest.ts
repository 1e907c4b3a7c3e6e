/** Edit distance (insert, delete, substitute, swap of neighbours). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 1; j <= n; j++) d[0]![j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[m]![n]!;
}

/**
 * Words longer than this get no hint: nobody mistypes a name that long, and
 * the edit distance costs the product of the two lengths (a shared file with
 * a name of 250,000 letters made every unknown-name hint take minutes).
 */
export const MAX_SUGGESTED_LENGTH = 100;

/**
 * The candidate closest to `word`, if close enough to be a likely typo
 * (at most a third of the word's letters differ), for "did you mean …?" hints.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > MAX_SUGGESTED_LENGTH) return undefined;
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestD = Infinity;
  const lower = word.toLowerCase();
  for (const c of candidates) {
    if (c === word) continue;
    const other = c.toLowerCase();
    // The distance is at least the difference of the lengths: most candidates need no table.
    if (Math.abs(other.length - lower.length) > Math.min(limit, bestD)) continue;
    const dist = editDistance(lower, other);
    if (dist <= limit && dist < bestD) {
      best = c;
      bestD = dist;
    }
  }
  return best;
}

/** `did you mean `x`?` or undefined. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const c = closest(word, candidates);
  return c === undefined ? undefined : `did you mean \`${c}\`?`;
}
