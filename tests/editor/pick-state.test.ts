import { describe, expect, it } from "vitest";
import type { PickView } from "../../interpreter/index.ts";
import { pickedPieces, pickedText, togglePick } from "../../editor/src/playtest/pick-state.ts";

/** The playtest's item-by-item pick (`editor/src/playtest/pick-state.ts`). */
const pick: PickView = {
  count: 2,
  least: 2,
  upTo: false,
  items: [
    { id: "gold", label: "Gold", copies: 1, pieces: [4] },
    { id: "corn", label: "Corn", copies: 2, pieces: [7] },
    { id: "wood", label: "Wood", copies: 1 },
  ],
};

describe("picking items one by one in the playtest", () => {
  it("a click picks an item, a second click unpicks it; an item alike picks once per copy, then unpicks all", () => {
    expect(togglePick(pick, [], "gold").picked).toEqual(["gold"]);
    expect(togglePick(pick, ["gold"], "gold").picked).toEqual([]);
    expect(togglePick(pick, ["corn"], "corn").picked).toEqual(["corn", "corn"]);
    expect(togglePick(pick, ["corn", "corn"], "corn").picked).toEqual([]);
  });

  it("a full pick refuses another item rather than dropping one, except a pick of one, which swaps", () => {
    expect(togglePick(pick, ["gold", "wood"], "corn")).toEqual({ picked: ["gold", "wood"], full: true });
    expect(togglePick({ ...pick, count: 1 }, ["gold"], "wood").picked).toEqual(["wood"]);
    // Something that is no item changes nothing.
    expect(togglePick(pick, ["gold"], "stone").picked).toEqual(["gold"]);
  });

  it("names the pick in the items' order and finds its pieces", () => {
    expect(pickedText(pick, ["wood", "corn", "gold"])).toBe("Gold, Corn and Wood");
    expect(pickedText(pick, ["corn", "corn"])).toBe("Corn and Corn");
    expect(pickedText(pick, [])).toBe("nothing");
    expect([...pickedPieces(pick, ["wood", "corn"])]).toEqual([7]);
  });
});
