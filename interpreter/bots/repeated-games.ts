/**
 * Games a run played over again, move for move. A game without chance, played by bots that choose
 * alike (greedy whose ties fall the same way, a search that finds the same line), repeats itself:
 * a Kalah run of `mcts:300` played one game 19 times in 20, and `simulate` read "the first to
 * decide won 19 of 20 decisive games (p = 4.0e-5)" and "about 139 games would give ±5", as if
 * each repeat were new evidence; greedy's 200 games were 109 different ones, and its first-player
 * "handicap" (p = 0.0002) turned into an advantage once the openings varied. Told by the games'
 * move digests (`PlayedGame.moves`), so a run knows how many different games it holds.
 */
export interface RepeatedGames {
  /** Games with a digest, and how many different ones among them. */
  games: number;
  distinct: number;
  /** How many times the commonest game was played. */
  commonest: number;
}

/**
 * The repeats among games that ended (each with its move digest), or undefined when fewer than 6
 * games have one, or when at least nine in ten are different (a few repeats, as a short game's
 * common lines, barely move the figures).
 */
export function repeatedGames(games: readonly { moves?: number | undefined }[]): RepeatedGames | undefined {
  const counts = new Map<number, number>();
  let n = 0;
  for (const g of games) {
    if (g.moves === undefined) return undefined;
    n++;
    counts.set(g.moves, (counts.get(g.moves) ?? 0) + 1);
  }
  if (n < 6 || counts.size >= 0.9 * n) return undefined;
  let commonest = 0;
  for (const c of counts.values()) if (c > commonest) commonest = c;
  return { games: n, distinct: counts.size, commonest };
}

/** What the repeats mean for the figures, as `simulate` and the editor say it. */
export function repeatedGamesNote(r: RepeatedGames): string {
  const one = r.distinct === 1;
  return `${one ? `all ${r.games} games were one game` : `only ${r.distinct} different games among the ${r.games} played (the commonest ${r.commonest} times)`}, move for move: a game without chance, played by bots that choose alike, repeats itself, and the intervals, the first-player test and the precision line count each repeat as a new game, so they read surer than they are; vary the start (a variant that draws the first move at random) or the bots before reading them`;
}
