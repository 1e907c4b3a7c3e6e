import { describe, expect, it } from "vitest";
import { logRows } from "../../editor/src/playtest/log-rows.ts";
import type { LoggedDecision } from "../../editor/src/playtest/playtest-session.ts";

/** The playtest's log: decisions, the rules' lines, and what changed in the players' numbers between decisions. */
describe("the playtest log's rows", () => {
  const d = (player: number, label: string, changes?: string): LoggedDecision => ({ player, option: label, label, ...(changes ? { changes } : {}) });

  it("puts a decision's changes on its line when the rules wrote nothing before the next decision", () => {
    const rows = logRows([], [d(0, "Plant", "score +3"), d(1, "Pass")], [{ text: "Round 1", at: 0 }]);
    expect(rows).toEqual([
      { kind: "message", text: "Round 1" },
      { kind: "decision", index: 0, d: d(0, "Plant", "score +3"), example: false, changes: "score +3" },
      { kind: "decision", index: 1, d: d(1, "Pass"), example: false },
    ]);
  });

  it("puts them after the rules' lines that came before the next decision, as those are part of them", () => {
    // A designer's Food Day: the last placement of the round, then the feeding; the changes read
    // as the placement's doing ("Place a worker on Tikal 0 → corn −3, points −3").
    const placed = d(1, "Place a worker on Tikal 0", "corn −3, points −3; Player 1: corn −3");
    const rows = logRows([d(0, "Opening")], [placed, d(0, "Advance")], [
      { text: "Food Day: Player 2 pays 3 corn", at: 2 },
      { text: "Player 2 leaves a worker unfed", at: 2 },
    ]);
    expect(rows).toEqual([
      { kind: "decision", index: -1, d: d(0, "Opening"), example: true },
      { kind: "decision", index: 0, d: placed, example: false },
      { kind: "message", text: "Food Day: Player 2 pays 3 corn" },
      { kind: "message", text: "Player 2 leaves a worker unfed" },
      { kind: "changes", player: 1, changes: "corn −3, points −3; Player 1: corn −3" },
      { kind: "decision", index: 1, d: d(0, "Advance"), example: false },
    ]);
    // The lines after the last decision: the changes follow them too.
    expect(logRows([], [placed], [{ text: "The game ends", at: 1 }]).map((r) => r.kind)).toEqual(["decision", "message", "changes"]);
  });
});
