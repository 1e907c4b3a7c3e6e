/**
 * The statistics of balance reports: rates with Wilson intervals, spreads
 * with quantiles, an exact binomial test, differences over matched pairs (two
 * runs on the same seeds), and how many games a precision needs. Plain functions of counts, so
 * tests can check them against values worked out by hand.
 */

/** z for a two-sided 95% interval (the 97.5th percentile of the normal law). */
export const Z95 = 1.959963984540054;

/** A proportion with its 95% confidence interval. */
export interface Rate {
  /** Successes (may be fractional only where a caller says so). */
  count: number;
  total: number;
  /** count / total (0 when total is 0). */
  value: number;
  low: number;
  high: number;
}

/**
 * The Wilson score interval for `count` successes in `total` trials: unlike
 * the normal approximation it stays inside [0, 1] and is honest near 0 and 1
 * and for small samples. With no trials, the interval is all of [0, 1].
 */
export function wilson(count: number, total: number, z = Z95): Rate {
  if (total <= 0) return { count, total, value: 0, low: 0, high: 1 };
  const p = count / total;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = ((z / (1 + z2 / total)) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total)));
  // At 0 and at all, the bound is exactly 0 or 1 (rounding would leave 1e-17 off).
  return { count, total, value: p, low: count <= 0 ? 0 : Math.max(0, centre - half), high: count >= total ? 1 : Math.min(1, centre + half) };
}

/**
 * A seat's win share over `total` games (`sum`: its shares added up, a first place shared by k
 * counting 1/k) with Wilson's interval on that sum. A game's share lies in [0, 1], so its
 * variance is at most that of a game won or lost with the same mean: the interval is at least as
 * wide as it needs to be, and exactly Wilson's when no game is shared.
 */
export function shareRate(sum: number, total: number, z = Z95): Rate {
  return wilson(sum, total, z);
}

/** A share as a percentage, to a tenth: "33.3%". */
export function percent(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/** A share with its interval, as every figure of a run reads: "42.2% [29.0–56.7]". */
export function rateText(r: { value: number; low: number; high: number }): string {
  return `${percent(r.value)} [${(100 * r.low).toFixed(1)}–${(100 * r.high).toFixed(1)}]`;
}

/** Mean, sample standard deviation and quantiles of a list of numbers. */
export interface Spread {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 for fewer than two values. */
  sd: number;
  min: number;
  q10: number;
  q25: number;
  median: number;
  q75: number;
  q90: number;
  max: number;
}

/** The q-quantile of sorted values, interpolated linearly between order statistics (R's type 7). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export function spread(values: number[]): Spread {
  const n = values.length;
  const sorted = [...values].sort((a, b) => a - b);
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
  return {
    n,
    mean,
    sd,
    min: sorted[0] ?? 0,
    q10: quantile(sorted, 0.1),
    q25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q75: quantile(sorted, 0.75),
    q90: quantile(sorted, 0.9),
    max: sorted[n - 1] ?? 0,
  };
}

/** ln(k!) for k = 0..n, by summing logs (exact enough for the p-values of any run that fits in memory). */
function logFactorials(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  for (let k = 2; k <= n; k++) out[k] = out[k - 1]! + Math.log(k);
  return out;
}

/** A median with a distribution-free interval around it, and how sure that interval is. */
export interface MedianInterval {
  value: number;
  low: number;
  high: number;
  /** The interval's coverage: at least the level asked for, or below it when there are too few values for that level. */
  confidence: number;
}

/**
 * The median of some values with the order-statistic (sign-test) interval for it: the k-th
 * smallest and k-th largest values, k the largest rank for which the chance that fewer than k
 * of the values fall below the true median, twice over, stays within 1 − `confidence`
 * (a binomial count with p = 1/2). It assumes nothing of the values' law, so one wild round on a
 * noisy machine moves it no more than any other. Fewer than 6 values cannot reach 95%: the
 * interval is then the smallest and largest value, with the coverage they give.
 */
export function medianInterval(values: number[], confidence = 0.95): MedianInterval {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { value: 0, low: 0, high: 0, confidence: 0 };
  const lf = logFactorials(n);
  const pmf = (i: number): number => Math.exp(lf[n]! - lf[i]! - lf[n - i]! - n * Math.LN2);
  // tail: the chance that at most k − 1 values fall below the median; next: at most k.
  let k = 1;
  let tail = pmf(0);
  let next = tail + pmf(1);
  while (k < n / 2 && next <= (1 - confidence) / 2) {
    k++;
    tail = next;
    next += pmf(k);
  }
  return { value: quantile(sorted, 0.5), low: sorted[k - 1]!, high: sorted[n - k]!, confidence: 1 - 2 * tail };
}

/**
 * The exact two-sided binomial test: the probability, if each trial succeeds
 * with probability `p`, of an outcome no more likely than `k` successes in
 * `n` (the method of R's `binom.test`). Small means `k` is far from `n·p`.
 */
export function binomialPValue(k: number, n: number, p: number): number {
  if (n <= 0) return 1;
  if (p <= 0) return k === 0 ? 1 : 0;
  if (p >= 1) return k === n ? 1 : 0;
  const lf = logFactorials(n);
  const logPmf = (i: number): number => lf[n]! - lf[i]! - lf[n - i]! + i * Math.log(p) + (n - i) * Math.log(1 - p);
  const observed = logPmf(k);
  // Outcomes tied with the observed one within rounding count as "as extreme" (R uses 1 + 1e-7).
  const threshold = observed + Math.log1p(1e-7);
  let total = 0;
  for (let i = 0; i <= n; i++) {
    const l = logPmf(i);
    if (l <= threshold) total += Math.exp(l);
  }
  return Math.min(1, total);
}

/**
 * The chi-square test's p-value: the probability that a chi-square variable with `df` degrees of
 * freedom is at least `x` (the regularised upper incomplete gamma Q(df/2, x/2), by its series
 * below a + 1 and its continued fraction above, as Numerical Recipes computes it).
 */
export function chiSquarePValue(x: number, df: number): number {
  if (!(x > 0) || df <= 0) return 1;
  const a = df / 2;
  const h = x / 2;
  const front = Math.exp(-h + a * Math.log(h) - logGamma(a));
  if (h < a + 1) {
    // P(a, h) by its series; Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= h / (a + n);
      sum += term;
    }
    return Math.min(1, Math.max(0, 1 - sum * front));
  }
  // Q(a, h) by Lentz's continued fraction.
  const tiny = 1e-300;
  let b = h + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let f = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return Math.min(1, Math.max(0, f * front));
}

/** ln Γ(z) for z > 0 (Lanczos, g = 7, 9 terms: about 15 digits). */
function logGamma(z: number): number {
  const g = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const w = z - 1;
  let sum = g[0]!;
  for (let i = 1; i < 9; i++) sum += g[i]! / (w + i);
  const t = w + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * The fewest trials after which Wilson's interval (`wilson`, at the level of `z`) around a rate `p`
 * reaches no further than `halfWidth` from `p` on either side, were the rate to stay `p`: the
 * distance the precision line reports (`precision.ts`), so a forecast never disagrees with the
 * interval a run prints. Found by halving (both sides only shrink as trials are added). Near 0% or
 * 100% the interval is lopsided and its far side needs more trials than the normal approximation
 * z²·p(1 − p)/h² says (97% wanted to ±2 points: 457 trials, not 280); at 50%, 381 for ±5 (not 385).
 */
export function shareTrials(p: number, halfWidth: number, z = Z95): number {
  if (!(halfWidth > 0)) return Infinity;
  return fewestTrials((n) => {
    const r = wilson(p * n, n, z);
    return Math.max(p - r.low, r.high - p) <= halfWidth;
  });
}

/**
 * The fewest trials (from 1) for which `fits` holds, when it holds from some count on and for every
 * count after (an interval that only shrinks as trials are added): doubling, then halving.
 * Infinity when not even 2⁴⁰ trials would do.
 */
function fewestTrials(fits: (n: number) => boolean): number {
  let hi = 1;
  while (!fits(hi)) {
    hi *= 2;
    if (hi > 2 ** 40) return Infinity;
  }
  let lo = 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * A change worked out over matched pairs (two runs on the same seeds): the mean of the pairs' own
 * changes, its interval (unbounded, ±Infinity, when the pairs are too few to bound it), and what
 * the pairs showed (how many, their sample variance), which is what forecasting another run's
 * precision needs (`pairedShareTrials`).
 */
export interface PairedDifference {
  value: number;
  low: number;
  high: number;
  /** How many pairs. */
  n: number;
  /** The pairs' sample variance (n − 1; 0 for fewer than two pairs). */
  variance: number;
  /** For a change of shares (`pairedShareDifference`): the parts of a pair, on average, that moved up and down. */
  moved?: { up: number; down: number };
}

/**
 * The complementary error function, erfc(x), to about 1.2e-7 (Numerical Recipes' Chebyshev fit):
 * the two-sided normal level of a z is 1 − erfc(z/√2).
 */
function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? y : 2 - y;
}

/** P(Z > z) for a standard normal Z: the tail one end of a two-sided interval at `z` leaves out (0.025 at 1.96). */
export function normalTail(z: number): number {
  return erfc(z / Math.SQRT2) / 2;
}

/**
 * The z of two-sided intervals of which `k` all hold at once with probability `confidence`
 * (Bonferroni: each at 1 − (1 − confidence)/k): 2.394 for three at 95%.
 */
export function togetherZ(confidence: number, k: number): number {
  return normalQuantile(1 - (1 - confidence) / (2 * Math.max(1, k)));
}

/**
 * The normal quantile: the z with P(Z ≤ z) = p, 0 < p < 1, found by halving on `erfc` (to its
 * 1e-7). For levels no table lists: 95% held by k intervals at once needs 1 − 0.025/k each.
 */
export function normalQuantile(p: number): number {
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (1 - erfc(mid / Math.SQRT2) / 2 < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * P(|T| ≤ t) for Student's t with `nu` whole degrees of freedom, in closed form (Abramowitz and
 * Stegun 26.7.3 and 26.7.4: a finite series in cos θ, θ = atan(t/√ν)).
 */
function tCoverage(t: number, nu: number): number {
  const theta = Math.atan(t / Math.sqrt(nu));
  const c2 = Math.cos(theta) ** 2;
  const sin = Math.sin(theta);
  if (nu % 2 === 1) {
    // 2/π · (θ + sin θ · cos θ · (1 + 2/3 cos²θ + 2·4/(3·5) cos⁴θ + …)), ν − 2 powers of cos.
    let term = 1;
    let sum = nu > 1 ? 1 : 0;
    for (let k = 3; k <= nu - 2; k += 2) {
      term *= ((k - 1) / k) * c2;
      sum += term;
    }
    return (2 / Math.PI) * (theta + sin * Math.cos(theta) * sum);
  }
  // sin θ · (1 + 1/2 cos²θ + 1·3/(2·4) cos⁴θ + …), ν − 2 powers of cos.
  let term = 1;
  let sum = 1;
  for (let k = 2; k <= nu - 2; k += 2) {
    term *= ((k - 1) / k) * c2;
    sum += term;
  }
  return sin * sum;
}

/**
 * Student's t quantile for `nu` whole degrees of freedom at the two-sided level whose normal
 * quantile is `z`: the t with P(|T| ≤ t) = P(|Z| ≤ z), found by halving on the closed form
 * (`tCoverage`). Matches the tables at every level (95%: 12.706 at 1 degree, 2.571 at 5; 99.9%:
 * 31.60 at 2). Past 1,000 degrees, Cornish–Fisher's four terms (Abramowitz and Stegun 26.7.5),
 * within 1e-6 there, spare summing a thousand terms a step.
 */
export function tQuantile(z: number, nu: number): number {
  if (nu > 1000) {
    const x2 = z * z;
    const g1 = (z * (x2 + 1)) / 4;
    const g2 = (z * ((5 * x2 + 16) * x2 + 3)) / 96;
    const g3 = (z * (((3 * x2 + 19) * x2 + 17) * x2 - 15)) / 384;
    const g4 = (z * ((((79 * x2 + 776) * x2 + 1482) * x2 - 1920) * x2 - 945)) / 92160;
    return z + g1 / nu + g2 / nu ** 2 + g3 / nu ** 3 + g4 / nu ** 4;
  }
  const level = 1 - erfc(z / Math.SQRT2);
  let lo = z;
  let hi = z;
  while (tCoverage(hi, nu) < level) hi *= 2;
  for (let i = 0; i < 100 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tCoverage(mid, nu) < level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The mean of paired differences `d` (each pair's B − A) with its interval, mean ± t·sd/√n, t of
 * n − 1 degrees (`tQuantile`; the normal z itself for large n, since t tends to it). Two runs
 * played on the same seeds are paired: where a change leaves most games alike, each game's own
 * difference varies far less than either side's figure, and so does the mean of them. One pair
 * tells nothing of the spread: its interval is unbounded. Every pair changed alike (variance 0):
 * the interval is that change alone, as the t interval is.
 */
export function pairedMeanDifference(d: readonly number[], z = Z95): PairedDifference {
  return meanInterval(d, z);
}

/**
 * The mean of `values` with its interval, mean ± t·sd/√n (t of n − 1 degrees, `tQuantile`): a
 * figure's mean over a run's games (a `measure`), or of paired differences (`pairedMeanDifference`).
 * One value bounds nothing: its interval is unbounded (±Infinity). All values alike: the interval
 * is that value alone.
 */
export function meanInterval(d: readonly number[], z = Z95): PairedDifference {
  const n = d.length;
  let sum = 0;
  let alike = true;
  for (const v of d) {
    sum += v;
    if (v !== d[0]) alike = false;
  }
  // Every value the same: that value, exactly; their sum over n came back a few 1e-16 off it (4/3
  // two hundred times), and the spread about it read as an interval.
  if (alike && n > 1) return { value: d[0]!, low: d[0]!, high: d[0]!, n, variance: 0 };
  const mean = n > 0 ? sum / n : 0;
  let sq = 0;
  for (const v of d) sq += (v - mean) ** 2;
  const variance = n > 1 ? sq / (n - 1) : 0;
  if (n < 2) return { value: mean, low: -Infinity, high: Infinity, n, variance };
  const half = tQuantile(z, n - 1) * Math.sqrt(variance / n);
  return { value: mean, low: mean - half, high: mean + half, n, variance };
}

/**
 * Tango's score statistic for a change `delta` of matched shares (Statistics in Medicine 17, 1998):
 * `up` and `down` the pairs that moved each way (fractions allowed: a shared win split is part of
 * a pair), of `n`. The variance is worked out under that change itself (the constrained maximum
 * likelihood of the pairs moving down), not from the pairs seen, which is what keeps it honest
 * when few pairs moved: seen 0 of 100 move, the Wald variance is 0, this one is not.
 */
function tangoScore(up: number, down: number, n: number, delta: number): number {
  const w = -up - down + (2 * n - up + down) * delta;
  const q = (Math.sqrt(Math.max(0, w * w + 8 * n * down * delta * (1 - delta))) - w) / (4 * n);
  const v = n * (2 * q + delta * (1 - delta));
  const off = up - down - n * delta;
  if (v > 0) return off / Math.sqrt(v);
  return off === 0 ? 0 : off > 0 ? Infinity : -Infinity;
}

/**
 * The ends of Tango's score interval: the changes whose score is ±z, found by halving (the score
 * falls as the change grows), within [−1, 1].
 */
function tangoInterval(up: number, down: number, n: number, z: number): { low: number; high: number } {
  if (n <= 0) return { low: -1, high: 1 };
  const estimate = (up - down) / n;
  const edge = 1e-12;
  const solve = (from: number, to: number, target: number): number => {
    // `from` scores above `target`, `to` below it.
    for (let i = 0; i < 60; i++) {
      const mid = (from + to) / 2;
      if (tangoScore(up, down, n, mid) > target) from = mid;
      else to = mid;
    }
    return (from + to) / 2;
  };
  const low = tangoScore(up, down, n, -1 + edge) <= z ? -1 : solve(-1 + edge, estimate, z);
  const high = tangoScore(up, down, n, 1 - edge) >= -z ? 1 : solve(estimate, 1 - edge, -z);
  return { low: Math.min(low, estimate), high: Math.max(high, estimate) };
}

/**
 * The difference of two shares over matched pairs, each pair's B − A in [−1, 1] (a win 1, a loss 0,
 * a shared win split): Tango's score interval for matched proportions, with the parts of pairs that
 * moved up and down as its counts (a split win moving to a lone win is half a pair up). The value
 * is the plain difference of the shares. Why not the Wald interval of the mean, even adjusted (Agresti
 * and Min's half a pair added at each of +1 and −1, as this was until 30 November 2026): a change a
 * rule makes to a few games, one way, is the common case (a scoring variant flips a game in fifty),
 * and there it claimed too much. In 10,000 simulated runs of 100 pairs with 2% moving up and none
 * down, its 95% interval missed the true +2 points in 13.3% of runs and its 99% interval in 7.6%
 * of runs of 50 pairs with 5% moving up; this one missed in 1.6% and 0.03%, and in at most 6.6%
 * (95%) and 1.2% (99%) of runs over 50–400 pairs with 0–30% moving each way (`tests/cli/statistics.test.ts`
 * checks a rare one-way change). Seen nothing move in n pairs, it reads ±z²/(n + z²): ±1.9 points
 * in 200 games at 95% (the rule of three's reach), where the adjusted interval claimed ±1.0.
 */
export function pairedShareDifference(d: readonly number[], z = Z95): PairedDifference {
  const n = d.length;
  let sum = 0;
  let sq = 0;
  let up = 0;
  let down = 0;
  for (const v of d) {
    sum += v;
    sq += v * v;
    if (v > 0) up += v;
    else down -= v;
  }
  const mean = n > 0 ? sum / n : 0;
  const { low, high } = tangoInterval(up, down, n, z);
  return {
    value: mean,
    low,
    high,
    n,
    variance: n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : 0,
    moved: { up: n > 0 ? up / n : 0, down: n > 0 ? down / n : 0 },
  };
}

/**
 * About how many pairs bring both ends of `pairedShareDifference`'s interval within `halfWidth` of
 * its value, if more pairs move as `d`'s did (the same shares moving up and down): the smallest such
 * count, found by halving (the distance only shrinks as pairs are added). The interval's own width,
 * not z²·variance/h²: when nearly every game came out alike the observed variance is about 0, but
 * the interval still needs z²/h − z² pairs.
 */
export function pairedShareTrials(d: PairedDifference, halfWidth: number, z = Z95): number {
  if (!(halfWidth > 0)) return Infinity;
  const moved = d.moved ?? { up: Math.max(0, d.value), down: Math.max(0, -d.value) };
  // The distance the precision line reports (`widestOf`): from the mean to the farther end.
  return fewestTrials((n) => {
    const { low, high } = tangoInterval(moved.up * n, moved.down * n, n, z);
    return Math.max(d.value - low, high - d.value) <= halfWidth;
  });
}

/**
 * "98.3%": the level each of `looks` intervals reads so that all of them hold together at `level`
 * (percent; Bonferroni): the seats of a run read at once, or the looks of a run (`looks.ts`).
 */
export function levelPerLook(level: number, looks: number): string {
  const each = 100 - (100 - level) / Math.max(1, looks);
  // One decimal, more when it would round to 100% (99.9% over 5 looks is 99.98% each).
  let digits = 1;
  while (digits < 6 && Number(each.toFixed(digits)) >= 100) digits++;
  return `${Number(each.toFixed(digits))}%`;
}
