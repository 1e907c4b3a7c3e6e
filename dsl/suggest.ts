/**
 * Edit distance (insert, delete, substitute, swap of neighbours). With `limit`,
 * stops as soon as the distance must exceed it and returns `limit + 1`: the
 * checker asks this of every declared name for every unknown one.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > limit) return limit + 1;
  // Three rows of the table (the swap looks two rows back), in buffers kept between calls.
  if (rows[0]!.length < n + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * (n + 1)));
  let [back, prev, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, back[j - 2]! + 1);
      row[j] = v;
      if (v < best) best = v;
    }
    // Every later row is at least the smaller of this row's least and the last row's least + 1.
    if (best > limit && (i === m || rowMin(prev, n) >= limit)) return limit + 1;
    [back, prev, row] = [prev, row, back];
  }
  return Math.min(prev[n]!, limit + 1);
}

let rows: Int32Array[] = [0, 1, 2].map(() => new Int32Array(64));

function rowMin(r: Int32Array, n: number): number {
  let min = Infinity;
  for (let j = 0; j <= n; j++) if (r[j]! < min) min = r[j]!;
  return min;
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
    const dist = editDistance(lower, other, Math.min(limit, bestD));
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

/**
 * The `n` candidates nearest to `word` by edit distance (letter case aside), nearest first, in
 * their order among equals: what a list of "the nearest" shows, however far they are. A word
 * longer than `MAX_SUGGESTED_LENGTH` is measured by its start only.
 */
export function nearest(word: string, candidates: readonly string[], n = 3): string[] {
  const lower = word.slice(0, MAX_SUGGESTED_LENGTH).toLowerCase();
  return candidates
    .map((c, i) => ({ c, i, d: editDistance(lower, c.slice(0, MAX_SUGGESTED_LENGTH).toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, n)
    .map((x) => x.c);
}
