import { describe, expect, it } from "vitest";
import { parse } from "../../dsl/index.ts";
import { outlineOf } from "../../editor/src/rules/outline.ts";
import { overridesShown } from "../../editor/src/rules/variant-overrides.ts";

/** Beside the base rules, what the variant in play replaces: an auction's designer read `START_COINS = 16` with "Tight purse" in play. */

const SOURCE = `game "Sale" { players 3 }
const START_COINS = 16
const ROUNDS = 6
define rich(n: number): bool = n > 10
flow { end game }
scoring p { points 0 }
variant "Tight purse" {
  override const START_COINS = 12
}
variant "Short" {
  include "Tight purse"
  override const ROUNDS = 4
  override define rich(n: number): bool = n > 5
}
`;

describe("what the variant in play replaces", () => {
  const outline = outlineOf(parse(SOURCE, "sale.stela").ast, SOURCE);
  const lineOf = (offset: number): number => SOURCE.slice(0, offset).split("\n").length;
  const shown = (variant: string | undefined) => overridesShown(outline, variant, lineOf).map((s) => [lineOf(s.offset), s.text]);

  it("puts a constant's new value beside the base one, with where the variant says it", () => {
    expect(shown("Tight purse")).toEqual([[2, '→ 12 in "Tight purse" (line 8)']]);
    expect(shown(undefined)).toEqual([]);
    expect(shown("No such")).toEqual([]);
  });

  it("lays a variant's includes first, and says a replaced rule is replaced", () => {
    expect(shown("Short")).toEqual([
      [2, '→ 12 in "Tight purse" (line 8)'],
      [3, '→ 4 in "Short" (line 12)'],
      [4, 'replaced in "Short" (line 13)'],
    ]);
  });

  it("reads variants played together in order, the later one winning", () => {
    const both = `${SOURCE}variant "Rich" {\n  override const START_COINS = 20\n}\n`;
    const o = outlineOf(parse(both, "sale.stela").ast, both);
    const line = (offset: number): number => both.slice(0, offset).split("\n").length;
    expect(overridesShown(o, "Tight purse+Rich", line).map((s) => s.text)).toEqual(['→ 20 in "Rich" (line 16)']);
  });
});
