import type { LoggedDecision } from "./playtest-session.ts";

/** A row of what happened since a person last chose: another decision, or a line the rules wrote. */
export type RecapRow = { kind: "decision"; d: LoggedDecision } | { kind: "message"; text: string };

/** The most rows a recap shows: the latest, with how many came before them. */
export const RECAP_ROWS = 6;

/**
 * What happened since `player` last chose, oldest first, to show beside the question they are asked
 * now: the others' decisions, the choices taken without asking (theirs too: the only option) and
 * the rules' log lines. An auction's designer playing a seat clicked one bid and found the next
 * three auctions over, their own passes taken for them as the only option; a secret sale was
 * revealed, paid and the next round dealt in one step. The log held it all, far down the pane.
 *
 * `all` is every decision of the match in order (an opened example's first), `messages` the log
 * lines with how many decisions came before each (`at`). Undefined when nothing happened since
 * (the player chose last) or the player has not chosen yet and nothing was decided.
 */
export function sinceLastChoice(all: readonly LoggedDecision[], messages: readonly { text: string; at: number }[], player: number): { rows: RecapRow[]; earlier: number; first: boolean } | undefined {
  let last = -1;
  for (let i = all.length - 1; i >= 0; i--) {
    if (all[i]!.player === player) {
      last = i;
      break;
    }
  }
  const rows: RecapRow[] = [];
  // A line written after n decisions follows the n-th (as the log orders them).
  let m = 0;
  while (m < messages.length && messages[m]!.at <= last) m++;
  for (let i = last + 1; i <= all.length; i++) {
    while (m < messages.length && messages[m]!.at <= i) rows.push({ kind: "message", text: messages[m++]!.text });
    if (i < all.length) rows.push({ kind: "decision", d: all[i]! });
  }
  // The player's first question with no decision before it: the game's setup lines are no recap.
  if (rows.length === 0 || (last < 0 && all.length === 0)) return undefined;
  const earlier = Math.max(0, rows.length - RECAP_ROWS);
  return { rows: rows.slice(earlier), earlier, first: last < 0 };
}
