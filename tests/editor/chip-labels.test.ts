import { describe, expect, it } from "vitest";
import type { PieceView } from "../../interpreter/index.ts";
import { INSIDE, labelsBeside } from "../../editor/src/playtest/present.ts";

/**
 * A zone's chips read one way: a hand of cards labelled "green 5", "blue 4" showed the first beside
 * its square and the second squeezed inside its own (6 letters fit), in a tiny font.
 */
describe("a zone's chip labels", () => {
  const card = (label: string, more: Partial<PieceView> = {}): PieceView => ({ id: 1, kind: "Card", name: "Card", owner: null, faceUp: true, show: { label }, ...more }) as PieceView;

  it("go beside their squares, all of them, when one is too long to fit inside", () => {
    expect(INSIDE).toBe(6);
    expect(labelsBeside([card("blue 4"), card("blue 3")])).toBe(false);
    expect(labelsBeside([card("blue 4"), card("green 5")])).toBe(true);
    // A symbol is drawn inside whatever its label; a hidden piece shows no label.
    expect(labelsBeside([card("blue 4"), card("a long name", { show: { label: "a long name", symbol: "★" } })])).toBe(false);
    expect(labelsBeside([card("blue 4"), card("yellow 1", { hidden: true })])).toBe(false);
  });
});
