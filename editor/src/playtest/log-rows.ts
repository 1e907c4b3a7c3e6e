import type { LoggedDecision } from "./playtest-session.ts";

/** One row of the playtest's log, oldest first (the panel shows them newest first). */
export type LogRow =
  | { kind: "decision"; index: number; d: LoggedDecision; example: boolean; changes?: string }
  | { kind: "message"; text: string }
  /**
   * What changed in the players' numbers from a decision to the next, when the rules wrote lines
   * in between: shown after those lines, as the rules' own doings (a Food Day's feeding, a round's
   * scoring) are part of it. On the decision's line it read as the decision's doing: "Place a
   * worker on Tikal 0 → corn −3, points −3" sent a designer testing a feeding rule the wrong way.
   */
  | { kind: "changes"; player: number; changes: string };

/**
 * Decisions and `log` lines in the order they happened (a line written after n decisions follows
 * the n-th): an opened example's decisions first, then the designer's. A line's `at` counts the
 * example's decisions too; a decision's `index` is the designer's own (what rewinding takes). A
 * decision's changes go on its line when nothing was written before the next decision, else after
 * those lines (`changes` rows).
 */
export function logRows(opening: readonly LoggedDecision[], log: readonly LoggedDecision[], messages: readonly { text: string; at: number }[]): LogRow[] {
  const out: LogRow[] = [];
  const all = [...opening, ...log];
  let m = 0;
  for (let i = 0; i <= all.length; i++) {
    while (m < messages.length && messages[m]!.at <= i) out.push({ kind: "message", text: messages[m++]!.text });
    if (i >= all.length) break;
    const d = all[i]!;
    const row: LogRow = { kind: "decision", index: i - opening.length, d, example: i < opening.length };
    const linesAfter = m < messages.length && messages[m]!.at <= i + 1;
    if (d.changes !== undefined && !linesAfter) row.changes = d.changes;
    out.push(row);
    if (d.changes !== undefined && linesAfter) {
      while (m < messages.length && messages[m]!.at <= i + 1) out.push({ kind: "message", text: messages[m++]!.text });
      out.push({ kind: "changes", player: d.player, changes: d.changes });
    }
  }
  return out;
}
