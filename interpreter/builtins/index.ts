import { fail } from "../runtime-error.ts";
import { BOARD_IMPLS } from "./board-builtins.ts";
import type { BuiltinImpl, BuiltinName } from "./impl.ts";
import { GRID_PART_IMPLS } from "./grid-part-builtins.ts";
import { LIST_IMPLS } from "./list-builtins.ts";
import { NUMBER_IMPLS } from "./number-builtins.ts";
import { PLAYER_IMPLS } from "./player-builtins.ts";
import { SCORING_IMPLS } from "./scoring-builtins.ts";

/** Board shapes are read by the checker when a board is declared; they never run in a match. */
const declarationOnly: BuiltinImpl = (_x, _a, span) => fail("internal-error", "a board shape cannot be used while playing", span);

/**
 * Every built-in's implementation, by the name the catalogue (`dsl/builtins/`) gives it: typed
 * by the catalogue's names, so a built-in without an implementation does not compile.
 */
export const BUILTIN_IMPLS: Record<BuiltinName, BuiltinImpl> = {
  ...BOARD_IMPLS,
  ...GRID_PART_IMPLS,
  ...LIST_IMPLS,
  ...NUMBER_IMPLS,
  ...PLAYER_IMPLS,
  ...SCORING_IMPLS,
  grid: declarationOnly,
  open_grid: declarationOnly,
  layered: declarationOnly,
  ring: declarationOnly,
  hex: declarationOnly,
  track: declarationOnly,
  graph: declarationOnly,
  corners: declarationOnly,
  edges: declarationOnly,
};

/** The implementation of a built-in called by name from the IR, or undefined for an unknown name. */
export function builtinImpl(name: string): BuiltinImpl | undefined {
  return Object.hasOwn(BUILTIN_IMPLS, name) ? BUILTIN_IMPLS[name as BuiltinName] : undefined;
}
