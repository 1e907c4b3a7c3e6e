import type { OptionView } from "../../../interpreter/index.ts";
import type { OptionIndex } from "./option-index.ts";

/**
 * Placing a shaped or sided piece the way one does at a table: the piece
 * hangs under the pointer, a key (or the wheel) turns it, a click puts it
 * down. The pending decision's placements of one piece are grouped by their
 * turn; the designer's "turn" counter picks one of them, and the space under
 * the pointer picks the position.
 */
export interface TurnedPlacement {
  /** The placement the click would take, or undefined when this turn does not fit here. */
  option: OptionView | undefined;
  piece: number;
  /** The piece's distinct turns among the legal placements (over the whole board), in order. */
  rotations: number[];
  /** The turn shown now (one of `rotations`). */
  rotation: number;
}

/** Options that put a piece down at a turn (placements), those covering `space` first considered. */
function placements(options: OptionView[]): OptionView[] {
  return options.filter((o) => o.rotation !== undefined && o.pieces?.length === 1 && o.spaces?.length);
}

/**
 * The placement under the pointer at `space` for the `turn`-th of the piece's
 * turns (wrapping around; negative turns count back). The piece is the
 * selected one, or else the only piece a placement here puts down: where
 * several could go and none is selected, none hangs, and a click offers them
 * all (Maya: a space four tiles of the rack fit on put the first down). Among
 * placements of that turn covering the space, the one whose first cell is the
 * space wins (the piece hangs from the pointer by its first cell), else the
 * first in the rules' order. Undefined when no placement covers the space
 * (or several pieces' do): the click means something else there.
 */
export function placementAt(index: OptionIndex, space: string, turn: number, selected?: number): TurnedPlacement | undefined {
  const here = placements(index.bySpace.get(space) ?? []).filter((o) => selected === undefined || o.pieces![0] === selected);
  if (here.length === 0) return undefined;
  const piece = here[0]!.pieces![0]!;
  // Several pieces could go here and none is picked: which is the player's to say (a click asks).
  if (selected === undefined && here.some((o) => o.pieces![0] !== piece)) return undefined;
  const rotations = [...new Set(placements(index.byPiece.get(piece) ?? []).map((o) => o.rotation!))].sort((a, b) => a - b);
  const rotation = rotations[((turn % rotations.length) + rotations.length) % rotations.length]!;
  const fitting = here.filter((o) => o.pieces![0] === piece && o.rotation === rotation);
  const option = fitting.find((o) => o.spaces![0] === space) ?? fitting[0];
  return { option, piece, rotations, rotation };
}

/**
 * "turned 90°" for a square grid's quarter turns; a board of `sides` turns (a hex's six) by its
 * own step. Past the board's turns the piece is mirrored first, as `placements(…, mirrored: true)`
 * numbers its ways: "mirrored, turned 90°".
 */
export function turnName(rotation: number, turns = 4): string {
  const mirrored = rotation >= turns;
  const r = mirrored ? rotation - turns : rotation;
  const turned = `turned ${Math.round((360 / turns) * r)}°`;
  if (!mirrored) return r === 0 ? "as printed" : turned;
  return r === 0 ? "mirrored" : `mirrored, ${turned}`;
}
