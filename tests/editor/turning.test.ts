import { describe, expect, it } from "vitest";
import { indexOptions } from "../../editor/src/playtest/option-index.ts";
import { placementAt, turnName } from "../../editor/src/playtest/turning.ts";
import type { OptionView } from "../../interpreter/index.ts";

const o = (id: string, piece: number, rotation: number, spaces: string[]): OptionView => ({ id, label: id, pieces: [piece], spaces, rotation });

/** A 1x2 piece (two turns) and a single tile, on a 3x3 board. */
const options = [
  o("long-h@b:0,0", 1, 0, ["b:0,0", "b:1,0"]),
  o("long-h@b:1,0", 1, 0, ["b:1,0", "b:2,0"]),
  o("long-v@b:1,0", 1, 1, ["b:1,0", "b:1,1"]),
  o("tile@b:1,0", 2, 0, ["b:1,0"]),
  { id: "pass", label: "pass" },
];

describe("turning a piece under the pointer", () => {
  const index = indexOptions(options);

  it("hangs the selected piece by its first cell, and each turn picks that turn's placement", () => {
    expect(placementAt(index, "b:1,0", 0, 1)).toEqual({ option: options[1], piece: 1, rotations: [0, 1], rotation: 0 });
    expect(placementAt(index, "b:1,0", 1, 1)!.option).toBe(options[2]);
    // Turns wrap around, both ways.
    expect(placementAt(index, "b:1,0", 2, 1)!.option).toBe(options[1]);
    expect(placementAt(index, "b:1,0", -1, 1)!.option).toBe(options[2]);
  });

  it("hangs no piece where several could go and none is selected: the click asks which", () => {
    // Pieces 1 and 2 both fit on b:1,0; only piece 1 on b:0,0, so it hangs there unselected.
    expect(placementAt(index, "b:1,0", 0)).toBeUndefined();
    expect(placementAt(index, "b:0,0", 0)!.piece).toBe(1);
  });

  it("without a placement of this turn covering the space, says so (no option) rather than taking another", () => {
    expect(placementAt(index, "b:0,0", 1)).toEqual({ option: undefined, piece: 1, rotations: [0, 1], rotation: 1 });
    // The space is covered only as a second cell: that placement is the one.
    expect(placementAt(index, "b:2,0", 0)!.option).toBe(options[1]);
  });

  it("places the selected piece, and nothing where no placement covers the space", () => {
    expect(placementAt(index, "b:1,0", 0, 2)).toEqual({ option: options[3], piece: 2, rotations: [0], rotation: 0 });
    expect(placementAt(index, "b:2,2", 0)).toBeUndefined();
  });

  it("names turns in degrees", () => {
    expect([turnName(0), turnName(1), turnName(3), turnName(1, 6)]).toEqual(["as printed", "turned 90°", "turned 270°", "turned 60°"]);
  });

  it("names a mirrored way (numbered past the board's turns) as mirrored, then turned", () => {
    expect([turnName(4), turnName(5), turnName(6, 6), turnName(8, 6), turnName(5, 6)]).toEqual(["mirrored", "mirrored, turned 90°", "mirrored", "mirrored, turned 120°", "turned 300°"]);
  });
});
