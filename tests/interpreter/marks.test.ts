import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Match } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/**
 * Marks (`mark` fields, `interpreter/marks.ts`): `state` fields that show wherever the piece is. In
 * Hanabi a clue marks the cards of the hand it names; the hand's holder cannot see the cards but
 * sees the marks, and a bot's redrawn copy keeps the marks where they are and, by the kind's
 * `known` blocks, gives a marked card only an identity the marks allow. Before, a clue was a
 * `state` field that moved with the card's identity: in a copy the clued cards held the clued
 * colour 19% of the time (chance with five colours).
 */

const hanabi = gameFromSource(readFileSync(new URL("../fixtures/games/hanabi.stela", import.meta.url), "utf8"), "hanabi.stela");

const field = (m: Match, id: number, name: string): unknown => m.game.def.components[m.state.pieces[id]!.c]!.fields[name];
const mark = (m: Match, id: number, name: string): unknown => m.state.pieces[id]!.st[name];

/** A 2-player match in which player 1 has told player 2 a colour of their hand. */
function clued(seed: number): { m: Match; colour: string } {
  const m = hanabi.start({ players: 2, seed });
  const choose = (label: string): void => {
    const o = m.options(0).find((x) => x.label === label);
    if (!o) throw new Error(`no option "${label}" among ${m.options(0).map((x) => x.label).join(", ")}`);
    expect(m.apply(o.id, 0).ok).toBe(true);
  };
  choose("Give a clue");
  choose("A colour");
  const colour = m.options(0)[0]!.label;
  choose(colour);
  return { m, colour };
}

describe("marks", () => {
  it("a hidden card's marks show to the player who cannot see it", () => {
    const { m, colour } = clued(3);
    const hand = m.view(1).zones.find((z) => z.key === "hand#1")!;
    expect(hand.pieces).toBeUndefined();
    // The marks are the clue's, in the hand's order: its colour on the cards of that colour.
    const told = hand.marked!.map((p) => p.marks?.["told_colour"]);
    expect(told).toEqual(m.state.zones["hand#1"]!.map((id) => mark(m, id, "told_colour") ?? undefined));
    expect(told.filter((t) => t !== undefined).length).toBeGreaterThan(0);
    expect(told.filter((t) => t !== undefined).every((t) => JSON.stringify(t) === JSON.stringify(colour))).toBe(true);
    // Nothing else of the card shows: no id, no fields.
    expect(hand.marked!.every((p) => p.hidden && p.id === undefined && p.fields === undefined)).toBe(true);
    // Before the clue, nothing is marked and the hand shows only its size.
    expect(hanabi.start({ players: 2, seed: 3 }).view(1).zones.find((z) => z.key === "hand#1")!.marked).toBeUndefined();
  });

  it("stela play's text view shows a hidden hand's marks, card by card", async () => {
    const { renderText } = await import("../../interpreter/cli/text-view.ts");
    const { m, colour } = clued(3);
    const line = renderText(m.view(1)).split("\n").find((l) => l.startsWith("hand of Player 2"))!;
    // Each card of the hand in order: the clued ones with their colour, the others with what they are not.
    expect(line).toContain(`hidden (told_colour ${colour})`);
    expect(line).toContain(`hidden (not_colours [${colour}])`);
    expect(line.match(/hidden/g)!.length).toBe(m.state.zones["hand#1"]!.length);
  });

  it("a redrawn copy keeps the marks in place and gives each marked card a colour the marks allow", () => {
    let copies = 0;
    let moved = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const { m } = clued(seed);
      const hand = m.state.zones["hand#1"]!;
      for (let s = 1; s <= 15; s++) {
        const copy = m.resampleFor(1, s);
        copies++;
        expect(copy.view(1)).toEqual(m.view(1));
        for (const id of copy.state.zones["hand#1"]!) {
          const told = mark(copy, id, "told_colour");
          const notColours = mark(copy, id, "not_colours") as unknown[];
          const colour = field(copy, id, "colour");
          if (told !== null) expect(colour).toEqual(told);
          expect(notColours.map((c) => JSON.stringify(c))).not.toContain(JSON.stringify(colour));
        }
        if (copy.state.zones["hand#1"]!.some((id, i) => copy.state.pieces[id]!.c !== m.state.pieces[hand[i]!]!.c)) moved++;
      }
    }
    // The copies still redraw the hand (within what the marks allow).
    expect(moved).toBeGreaterThan(copies / 2);
  });
});
