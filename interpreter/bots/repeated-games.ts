/**
 * Games a run played over again, move for move. A game without chance, played by bots that choose
 * alike (greedy whose ties fall the same way, a search that finds the same line), repeats itself:
 * a sowing game's `mcts:300` run played one game 19 times in 20, and greedy's 200 games were 109
 * different ones, whose first-player "handicap" (p = 0.0002) turned into an advantage once the
 * openings varied. The figures are true of those bots, but rest on a few lines of play, not on the
 * game at large. Told by the games' move digests (`PlayedGame.moves`), for games that never drew
 * from their generator (`Match.drewChance`): two games with the same decisions and no chance are
 * one game; with chance (a deal, a roll) the decisions alone do not tell it.
 */
export interface RepeatedGames {
  /** Games with a digest, and how many different ones among them. */
  games: number;
  distinct: number;
  /** How many times the commonest game was played. */
  commonest: number;
}

/**
 * The repeats among games that ended (each with its move digest, and `chance` when it drew from its
 * generator), or undefined: when fewer than 6 games have a digest, when any drew from its generator
 * or has no digest, when every bot plays at random (its repeats are the game's own odds, a small
 * game's common lines), or when at least nine in ten games differ.
 */
export function repeatedGames(games: readonly { moves?: number | undefined; chance?: true | undefined }[], bots: readonly string[]): RepeatedGames | undefined {
  if (bots.every((b) => b === "random")) return undefined;
  const counts = new Map<number, number>();
  let n = 0;
  for (const g of games) {
    if (g.moves === undefined || g.chance) return undefined;
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
  return `${one ? `all ${r.games} games were one game` : `only ${r.distinct} different games among the ${r.games} played (the commonest ${r.commonest} times)`}, move for move: a game without chance, played by bots that choose alike, repeats itself, so the figures are true of these bots but rest on ${one ? "one line" : "these few lines"} of play, not on the game at large; vary the start (a variant that draws the first move at random) or the bots before reading them as the game's`;
}
