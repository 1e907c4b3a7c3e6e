/**
 * How far ahead the winner finished: the highest score less the next highest, 0 when first place
 * is shared on points (whatever a tiebreak then decided). Undefined with fewer than two scores.
 *
 * Over many games it says how close they were, which a designer weighing a variant asks besides
 * who wins: a variant that narrows it makes closer games, one that widens it a runaway leader.
 * Read off the scores, not the winners, so it means the same in every game: in points of the
 * game's own `scoring`.
 */
export function winningMargin(scores: readonly number[]): number | undefined {
  if (scores.length < 2) return undefined;
  let top = -Infinity;
  let next = -Infinity;
  for (const s of scores) {
    if (s > top) {
      next = top;
      top = s;
    } else if (s > next) next = s;
  }
  return top - next;
}

/**
 * The top score of a game, whoever a tiebreak then made the winner: how much a winner scores. A
 * designer asks it of a variant that hands out more points ("does the winning score go up?"); the
 * seats' mean scores mix winners with losers, and the margin says only how far ahead. Undefined
 * with fewer than two scores, where the one seat's score says it.
 */
export function winningScore(scores: readonly number[]): number | undefined {
  if (scores.length < 2) return undefined;
  let top = -Infinity;
  for (const s of scores) if (s > top) top = s;
  return top;
}
