import { describe, expect, it } from "vitest";
import { RECAP_ROWS, sinceLastChoice } from "../../editor/src/playtest/since-last-choice.ts";

/** What a person is shown of what happened since they last chose, beside the question they are asked now. */

const d = (player: number, label: string) => ({ player, option: label, label });

describe("since the last choice", () => {
  it("gives the others' decisions and the rules' lines after the player's last decision, in order", () => {
    // Player 1 bid 4; player 2 bid 5, player 1's pass was taken as their only option, a line was written.
    const all = [d(0, "bid 1"), d(1, "bid 2"), d(0, "bid 4"), d(1, "bid 5"), d(2, "pass")];
    const messages = [
      { text: "Round 1", at: 0 },
      { text: "Player 1 bids 4", at: 3 },
      { text: "Player 2 bids 5", at: 4 },
      { text: "Player 1: Pass (only option)", at: 5 },
    ];
    const r = sinceLastChoice(all, messages, 0)!;
    expect(r.first).toBe(false);
    expect(r.earlier).toBe(0);
    expect(r.rows).toEqual([
      { kind: "message", text: "Player 1 bids 4" },
      { kind: "decision", d: all[3] },
      { kind: "message", text: "Player 2 bids 5" },
      { kind: "decision", d: all[4] },
      { kind: "message", text: "Player 1: Pass (only option)" },
    ]);
    // Player 3, who last passed, has only the line written after it.
    expect(sinceLastChoice(all, messages, 2)!.rows).toEqual([{ kind: "message", text: "Player 1: Pass (only option)" }]);
    // Before player 3 ever chose: everything from the start, the setup's lines too.
    const third = sinceLastChoice(all.slice(0, 4), messages.slice(0, 3), 2)!;
    expect(third.first).toBe(true);
    // Seven rows since the start ("Round 1" the first): the latest six shown, one before them.
    expect(third.earlier).toBe(1);
    expect(third.rows[0]).toEqual({ kind: "decision", d: all[0] });
    expect(third.rows.at(-1)).toEqual({ kind: "message", text: "Player 2 bids 5" });
  });

  it("says nothing when the player chose last, or nobody has chosen yet", () => {
    expect(sinceLastChoice([d(1, "a"), d(0, "b")], [], 0)).toBeUndefined();
    expect(sinceLastChoice([], [{ text: "Setup", at: 0 }], 0)).toBeUndefined();
  });

  it("keeps the latest rows and counts those before them", () => {
    const all = [d(0, "start"), ...Array.from({ length: 20 }, (_, i) => d(1, `move ${i}`))];
    const r = sinceLastChoice(all, [], 0)!;
    expect(r.rows).toHaveLength(RECAP_ROWS);
    expect(r.earlier).toBe(20 - RECAP_ROWS);
    expect(r.rows.at(-1)).toEqual({ kind: "decision", d: all[20] });
  });
});
