import type { Judged } from "./bot.ts";

/** A seat as the note reads it: its number (from 1), its bot, and what the bot found (`Bot.judged`). */
export interface JudgedSeat {
  seat: number;
  bot: string;
  judged?: Judged | undefined;
}

/** Adds up what a bot found over games (`Bot.judged` of each); undefined when none of them judged. */
export function sumJudged(games: readonly (Judged | null | undefined)[]): Judged | undefined {
  const judged = games.filter((j): j is Judged => !!j);
  if (!judged.length) return undefined;
  return { weighed: judged.reduce((a, j) => a + j.weighed, 0), even: judged.reduce((a, j) => a + j.even, 0) };
}

/**
 * Says so when a bot that judges options (`greedy`) found them all worth the same at nearly every
 * decision it weighed (at least 90% of 10 or more): it then picks at random, so the seat's figures
 * are the random bot's, whatever its name says. The usual cause is a game without an `estimate`
 * whose points come later than one move ahead (a trick-taking game scores at a round's end, after
 * its last, forced card), so the scoring as if the game ended now tells no option from another.
 * Undefined otherwise. `stela simulate` prints it as a `note:` line, the editor under its table.
 */
export function evenJudgementNote(seats: readonly JudgedSeat[]): string | undefined {
  const blind = seats.filter((x) => x.judged && x.judged.weighed >= 10 && x.judged.even >= 0.9 * x.judged.weighed);
  if (!blind.length) return undefined;
  const even = blind.reduce((a, x) => a + x.judged!.even, 0);
  const weighed = blind.reduce((a, x) => a + x.judged!.weighed, 0);
  const bots = [...new Set(blind.map((x) => x.bot))].join(" and ");
  const where = blind.length === 1 ? `seat ${blind[0]!.seat}` : `seats ${blind.map((x) => x.seat).join(", ")}`;
  return `${bots} (${where}) found every option worth the same at ${((even / weighed) * 100).toFixed(1)}% of the ${weighed.toLocaleString("en")} decisions it weighed, and took one at random: it played as the random bot does; what it judges by (the game's \`estimate\`, else its scoring as if the game ended now) does not tell the options apart one move ahead: write an \`estimate\` that does`;
}
