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

/**
 * What marks tell must be true of the pieces as they really are: a redraw reads a `known` block
 * that fails as saying nothing, and one that is false as ruling the real card out, both without a
 * word. `Match.knownFailure` says so, and `stela check --smoke` asks it at every decision.
 */
describe("known blocks checked against the real pieces", () => {
  const source = readFileSync(new URL("../fixtures/games/hanabi.stela", import.meta.url), "utf8");
  const colourBlock = "known { (this.told_colour == none or this.told_colour == this.colour) and not (this.colour in this.not_colours) }";
  const withBlock = (block: string): string => {
    expect(source).toContain(colourBlock);
    return source.replace(colourBlock, block);
  };

  it("true blocks: no failure before or after a clue, nor through random games", async () => {
    const { RandomBot } = await import("../../interpreter/bots/random-bot.ts");
    expect(clued(3).m.knownFailure()).toBeNull();
    const m = hanabi.start({ players: 3, seed: 9 });
    const bot = new RandomBot(4);
    let marked = 0;
    for (let n = 0; m.decision && n < 120; n++) {
      expect(m.knownFailure()).toBeNull();
      if ([0, 1, 2].some((p) => m.view(p).zones.some((z) => z.marked !== undefined))) marked++;
      const p = m.decision.players[0]!;
      m.applyAt(bot.chooseIndex(m, p)!, p);
    }
    expect(marked).toBeGreaterThan(0);
  });

  it("a block that lies about the real card is an error at the block, naming the card and its marks", () => {
    const lying = gameFromSource(withBlock("known { this.told_colour == none or this.told_colour != this.colour }"), "hanabi.stela");
    const m = lying.start({ players: 2, seed: 3 });
    expect(m.knownFailure()).toBeNull();
    const o = (label: string): void => {
      expect(m.apply(m.options(0).find((x) => x.label === label)!.id, 0).ok).toBe(true);
    };
    o("Give a clue");
    o("A colour");
    o(m.options(0)[0]!.label);
    const d = m.knownFailure()!;
    expect(d.code).toBe("runtime-known-false");
    expect(d.span.start.line).toBe(source.slice(0, source.indexOf(colourBlock)).split("\n").length);
    expect(d.message).toMatch(/false of \w+ \d as it really is \(told_colour \w+\)/);
  });

  it("a block that fails is an error at the block, with what failed", () => {
    const failing = gameFromSource(withBlock("known { 10 / this.told_rank > 1 }"), "hanabi.stela");
    const m = failing.start({ players: 2, seed: 3 });
    expect(m.knownFailure()).toBeNull();
    for (const label of ["Give a clue", "A colour"]) expect(m.apply(m.options(0).find((x) => x.label === label)!.id, 0).ok).toBe(true);
    expect(m.apply(m.options(0)[0]!.id, 0).ok).toBe(true);
    const d = m.knownFailure()!;
    expect(d.code).toBe("runtime-division-by-zero");
    expect(d.message).toMatch(/^what the marks of \w+ \d tell \(`known`\) failed: /);
  });

  it("stela check --smoke reports a lying block as a failed smoke game", async () => {
    const { smokeTest } = await import("../../interpreter/cli/check-report.ts");
    const lying = gameFromSource(withBlock("known { this.told_colour == none or this.told_colour != this.colour }"), "hanabi.stela");
    const failures = smokeTest(lying, "hanabi.stela", 3);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]!.code).toBe("runtime-known-false");
    expect(smokeTest(hanabi, "hanabi.stela", 3)).toEqual([]);
  });
});
