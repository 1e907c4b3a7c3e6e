import type { BoardDef, SpaceValue, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import type { BoardShape } from "./board-shapes/board-shape.ts";
import { fail } from "./runtime-error.ts";

/**
 * A space of a board instance (`main:3,4`, `tower#1:0,0,2`) while a match is played: both what
 * it stands for and the value rules hold for it.
 *
 * The topology (`topology.ts`) makes one per space and hands out that same object every time,
 * so two values are the same space exactly when they are the same object (`===`), and every
 * built-in that takes a space reads its board, cell and number straight off it. Spaces were
 * texts before: each built-in then looked its argument up in a table by text, which was a tenth
 * of a layered-board game's random playouts and a twentieth of a column-dropping one's.
 *
 * Where a space leaves the engine it is its key: as text (`String(s)`, a template, a property
 * name, ordering with `<`) through `toString`, and in JSON as `{ "$space": key }` through `toJSON`,
 * which `saved-state.ts` turns back into the space of the rules a state is loaded on.
 */
export class SpaceInfo implements SpaceValue {
  /** How players read it (`label`), once asked. */
  label: string | undefined = undefined;
  /** The topology's own record of its board instance (`topology.ts`). */
  inst: unknown;
  /** The next space along each of the shape's rays (`Topology.along`), null past the edge or on a hole; worked out when first walked. */
  next: (SpaceInfo | null)[] | undefined = undefined;

  constructor(
    readonly key: string,
    /** The board instance: `main`, or `tower#1` for player 2's copy of a per-player board. */
    readonly board: string,
    readonly def: BoardDef,
    /** The board's geometry, and the space's cell number in it. */
    readonly shape: BoardShape,
    readonly index: number,
    /**
     * The space's small number among every space of the game (all boards), what the occupancy
     * index (`pieces.ts`) is addressed by. A cache of this process, never saved: an open grid
     * numbers its cells in the order they are first asked about.
     */
    readonly id: number,
    readonly x: number,
    readonly y: number,
    readonly z: number,
    /** The key without the board: `3,4` or `0,0,2`. */
    readonly cell: string,
    readonly attrs: Record<string, Value>,
    inst: unknown,
  ) {
    this.inst = inst;
  }

  toString(): string {
    return this.key;
  }

  /** Text, a template or a property name reads the key without first asking `valueOf` (about a third faster). */
  [Symbol.toPrimitive](): string {
    return this.key;
  }

  toJSON(): SavedSpace {
    return { $space: this.key };
  }
}

/**
 * A space as JSON writes it (`SpaceInfo.toJSON`): tagged, so a saved state tells it from a text.
 * No name in a rule file starts with `$`, so no field, variable or state of a game looks like it.
 */
export interface SavedSpace {
  $space: string;
}

/** Is this a space as JSON writes it? */
export function isSavedSpace(v: unknown): v is SavedSpace {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === "$space" && typeof (v as SavedSpace).$space === "string";
}

/** Is this value a space? */
export function isSpace(v: unknown): v is SpaceInfo {
  return v instanceof SpaceInfo;
}

/** A value a rule gives where a space is needed, or a runtime error at `span` saying what it is instead. */
export function spaceOf(v: unknown, span: Span): SpaceInfo {
  if (v instanceof SpaceInfo) return v;
  return fail("runtime-none-value", v === null ? "there is no space here (the value is `none`)" : `\`${String(v)}\` is not a space`, span);
}

/**
 * A copy of plain data (lists and records) with each space in it replaced by `as(space)`: what
 * leaves the engine (a saved state, a view) holds no engine objects, and `structuredClone` would
 * copy a space's whole board with it.
 */
export function copyWithSpaces(v: unknown, as: (s: SpaceInfo) => unknown): unknown {
  return copyData(v, (o) => (o instanceof SpaceInfo ? as(o) : undefined));
}

/** A copy of plain data (lists and records), each object `swap` answers (not undefined) replaced by its answer. */
export function copyData(v: unknown, swap: (o: object) => unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  const swapped = swap(v);
  if (swapped !== undefined) return swapped;
  if (Array.isArray(v)) return v.map((i) => copyData(i, swap));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copyData((v as Record<string, unknown>)[k], swap);
  return out;
}
