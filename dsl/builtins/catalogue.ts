import { BOARD_BUILTINS } from "./board-builtins.ts";
import type { Builtin, BuiltinConstant } from "./builtin.ts";
import { LIST_BUILTINS } from "./list-builtins.ts";
import { NUMBER_BUILTINS } from "./number-builtins.ts";
import { PLAYER_BUILTINS, PLAYER_CONSTANTS } from "./player-builtins.ts";
import { FORMS } from "./forms.ts";
import { EVENTS, PROPERTIES } from "./properties.ts";
import { SCORING_BUILTINS, TIE_POLICIES } from "./scoring-builtins.ts";
import { TOPOLOGY_BUILTINS } from "./topology-builtins.ts";

export type { Builtin, BuiltinCategory, BuiltinConstant, BuiltinEvent, BuiltinProperty, ParamSpec } from "./builtin.ts";
export { EVENTS, FORMS, PROPERTIES };
export type { Form } from "./forms.ts";

/** The name of every built-in function and engine-computed constant in the catalogue (a literal union: the engine's implementations are keyed by it). */
export type BuiltinName = (
  | typeof BOARD_BUILTINS
  | typeof LIST_BUILTINS
  | typeof NUMBER_BUILTINS
  | typeof PLAYER_BUILTINS
  | typeof SCORING_BUILTINS
  | typeof TOPOLOGY_BUILTINS
  | typeof PLAYER_CONSTANTS
)[number]["name"];

/** Every built-in function, by name: the one catalogue behind the checker, the docs and the editor. */
export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(
  [...BOARD_BUILTINS, ...LIST_BUILTINS, ...NUMBER_BUILTINS, ...PLAYER_BUILTINS, ...SCORING_BUILTINS, ...TOPOLOGY_BUILTINS].map((b) => [b.name, b]),
);

/** Every built-in named value. */
export const CONSTANTS: ReadonlyMap<string, BuiltinConstant> = new Map([...PLAYER_CONSTANTS, ...TIE_POLICIES].map((c) => [c.name, c]));

export const TOPOLOGIES: ReadonlySet<string> = new Set<string>(TOPOLOGY_BUILTINS.map((b) => b.name));
