import type { BoardDef, GameDef, SpaceValue, Value } from "../dsl/ir.ts";
import type { BoardShape } from "./board-shapes/board-shape.ts";
import { shapeFor } from "./board-shapes/registry.ts";
import { boardName, cellCoords, cellKey, instanceKey, spaceBoard, spaceCell, spaceKey } from "../dsl/keys.ts";
import { boardPosition, type BoardPosition, type MatchState } from "./state.ts";
import { markDistinct } from "./values.ts";
import { SpaceInfo } from "./space-info.ts";

// Kept here too for the files that read them from the topology.
export { boardName, cellKey, instanceKey, instanceNumber, instanceOwner, numberedKeys } from "../dsl/keys.ts";
export { columnName } from "./board-shapes/board-shape.ts";

export { SpaceInfo, isSpace } from "./space-info.ts";

/** One board instance and what is cached about it: its spaces and their neighbour lists, by cell number. */
interface Instance {
  name: string;
  def: BoardDef;
  shape: BoardShape;
  keys: string[];
  /** Cell number → space number (`SpaceInfo.id`), given out on first use. */
  ids: number[];
  /** Cell number → the space, and the spaces around it (for built-ins that walk the board). */
  infos: (SpaceInfo | undefined)[];
  touching: (SpaceInfo[] | undefined)[];
  neighbours: (SpaceInfo[] | undefined)[];
  below: (SpaceInfo[] | undefined)[];
  above: (SpaceInfo[] | undefined)[];
  all?: SpaceInfo[];
  allIds?: number[];
  /** An open grid's cells' places in row-by-row order, by cell number (`ranks`). */
  rank?: number[];
  /** A bounded board's rays as numbers (`rayTable`), made when first walked. */
  rayTable?: RayTable;
}

/**
 * A bounded board's lines as numbers, for the built-ins that walk them (`outflanks`,
 * `longest_line`, …): `next[cell * rays + ray]` is the cell next along the ray (-1 past the edge or
 * on a hole), `ids[cell]` its space number (`SpaceInfo.id`, what the occupancy index is read by).
 * A walk reads two typed arrays a step instead of a space's info, its list of next spaces and the
 * next info (an outflanking game's playout spent a third of its time there).
 */
export interface RayTable {
  rays: number;
  next: Int32Array;
  ids: Int32Array;
}

/** Columns per row in the number an open grid's cell is sorted by: open grids stay far within ±2^20 of the origin. */
const OPEN_ROW = 2 ** 22;

/** The board instance of a space: walks from a space need no lookup of its board by name. */
function instanceOf(s: SpaceInfo): Instance {
  return s.inst as Instance;
}

/**
 * The geometry of every board of a game: which spaces exist, which touch,
 * what sits on what. The board shapes (`board-shapes/`) answer by cell number;
 * this turns their answers into spaces (`SpaceInfo`, one object per space, the
 * value rules hold for it), cached per game; a match holds them but saves their
 * keys. Pure functions of the game definition (plus, for an open grid, what is
 * on it).
 */
export class Topology {
  // Spaces by key, for what names spaces by key (views, saved states, examples). A null-prototype
  // object, not a `Map`: V8 answers a lookup in one about three times faster (16 ns against
  // 40–70 ns for a space key, measured on this machine).
  private readonly infos: Record<string, SpaceInfo | null> = Object.create(null);
  private readonly shapes = new Map<string, BoardShape>();
  private readonly instancesByName: Record<string, Instance | null> = Object.create(null);
  /** The instance asked for last, and its name (`instance`). */
  private lastName: string | undefined;
  private lastInstance: Instance | undefined;
  private nextId = 0;

  constructor(private readonly def: GameDef) {}

  boardDef(instance: string): BoardDef | undefined {
    return this.def.boards[boardName(instance)];
  }

  /** The geometry of a board instance (shared by every copy of a per-player board). */
  shape(instance: string): BoardShape | undefined {
    return this.instance(instance)?.shape;
  }

  private instance(name: string): Instance | undefined {
    // Most rules name one board over and over, by the same text (a constant of the rules): that
    // string answers without a table lookup.
    if (name === this.lastName) return this.lastInstance;
    const known = this.instancesByName[name];
    if (known) {
      this.lastName = name;
      this.lastInstance = known;
      return known;
    }
    if (known === null) return undefined;
    const def = this.boardDef(name);
    let out: Instance | null = null;
    if (def && (name === def.name) !== def.perPlayer) {
      let shape = this.shapes.get(def.name);
      if (!shape) this.shapes.set(def.name, (shape = shapeFor(def)));
      out = { name, def, shape, keys: [], ids: [], infos: [], neighbours: [], touching: [], below: [], above: [] };
    }
    this.instancesByName[name] = out;
    return out ?? undefined;
  }

  /** Every board instance of a match. */
  instances(players: number): string[] {
    const out: string[] = [];
    for (const b of Object.values(this.def.boards)) {
      if (b.perPlayer) for (let p = 0; p < players; p++) out.push(instanceKey(b.name, true, p));
      else out.push(b.name);
    }
    return out;
  }

  /** The key of cell `i` of an instance, the same string every time (spares re-hashing new strings in later lookups). */
  private keyOf(b: Instance, i: number): string {
    return (b.keys[i] ??= spaceKey(b.name, b.shape.cell(i)));
  }

  /** The space number of cell `i` of an instance. */
  private idOf(b: Instance, i: number): number {
    return (b.ids[i] ??= this.nextId++);
  }

  /** How many space numbers are given out so far: an occupancy index this long covers every space seen. */
  get spaceCount(): number {
    return this.nextId;
  }

  /** The number of cell `cell` of a board instance (`SpaceInfo.index`, a board's `CellStacks`), or -1 if it has no such cell. */
  cellIndex(instance: string, cell: string): number {
    const b = this.instance(instance);
    return b ? b.shape.index(cell) : -1;
  }

  /** The cell (`3,4`) numbered `i` on a board instance. */
  cellAt(instance: string, i: number): string | undefined {
    const b = this.instance(instance);
    return b && i >= 0 && i < b.shape.size ? b.shape.cell(i) : undefined;
  }

  /** How many cells a bounded board instance has (0 for an open grid, whose cells are numbered as they are met). */
  cellCount(instance: string): number {
    const b = this.instance(instance);
    return b && b.shape.bounds !== null ? b.shape.size : 0;
  }

  /** The space number (`SpaceInfo.id`) of cell number `i` of a board instance, or -1 if there is no such cell. */
  spaceIdAt(instance: string, i: number): number {
    const b = this.instance(instance);
    return b && i >= 0 && i < b.shape.size ? this.idOf(b, i) : -1;
  }

  private spacesOf(b: Instance, cells: readonly number[]): SpaceInfo[] {
    return cells.map((i) => this.infoAt(b, i));
  }

  /**
   * The key of the space `cell` of a board instance (`tower#1` + `0,0,2`), the same string
   * every time: pieces keep their cells without the board, and views name their spaces by key.
   */
  spaceKey(instance: string, cell: string): string {
    const b = this.instance(instance);
    const i = b ? b.shape.index(cell) : -1;
    return b && i >= 0 ? this.keyOf(b, i) : spaceKey(instance, cell);
  }

  /** The space at column `x`, row `y` and level `z` of a board instance, or undefined if the board has no such space. */
  spaceAt(instance: string, x: number, y: number, z = 0): SpaceInfo | undefined {
    const b = this.instance(instance);
    if (!b) return undefined;
    const i = b.shape.at(x, y, z);
    return i < 0 ? undefined : this.infoAt(b, i);
  }

  /** The space numbered `i` on a board instance (a cell of its `RayTable`), or undefined if there is none. */
  spaceAtCell(instance: string, i: number): SpaceInfo | undefined {
    const b = this.instance(instance);
    return b && i >= 0 && i < b.shape.size ? this.infoAt(b, i) : undefined;
  }

  /**
   * The space a value is, or a key names (`main:3,4`, as views, saved states and examples name
   * spaces); undefined for anything else. A space is its own answer: no lookup.
   */
  info(key: string | SpaceValue | Value): SpaceInfo | undefined {
    if (key instanceof SpaceInfo) return key;
    if (typeof key !== "string") return undefined;
    const cached = this.infos[key];
    if (cached !== undefined) return cached ?? undefined;
    const info = this.parse(key);
    this.infos[key] = info ?? null;
    return info;
  }

  /** The space a key names: each space is made once, when its cell is first asked about. */
  private parse(key: string): SpaceInfo | undefined {
    const board = spaceBoard(key);
    const b = board === undefined ? undefined : this.instance(board);
    if (!b) return undefined;
    const index = b.shape.index(spaceCell(key));
    return index < 0 ? undefined : this.infoAt(b, index);
  }

  /** The space numbered `i` on an instance, made the first time it is asked for. */
  private infoAt(b: Instance, i: number): SpaceInfo {
    // Small enough for V8 to inline into every caller: making the space is a call of its own.
    return b.infos[i] ?? this.newInfo(b, i);
  }

  private newInfo(b: Instance, i: number): SpaceInfo {
    const x = b.shape.x(i);
    const y = b.shape.y(i);
    const attrs: Record<string, Value> = {};
    for (const a of b.def.attributes) attrs[a.name] = a.init;
    const own = b.def.cells[cellKey(x, y)];
    if (own) Object.assign(attrs, own);
    const key = this.keyOf(b, i);
    const info = new SpaceInfo(key, b.name, b.def, b.shape, i, this.idOf(b, i), x, y, b.shape.z(i), b.shape.cell(i), attrs, b);
    b.infos[i] = info;
    this.infos[key] = info;
    return info;
  }

  /** Spaces sharing a side on the same level, in the shape's direction order. */
  neighboursOf(s: SpaceInfo): SpaceInfo[] {
    const b = instanceOf(s);
    return (b.neighbours[s.index] ??= this.spacesOf(b, s.shape.neighbours(s.index)));
  }

  /** The spaces of a layered board's level below that a space rests on. */
  belowOf(s: SpaceInfo): SpaceInfo[] {
    const b = instanceOf(s);
    return (b.below[s.index] ??= this.spacesOf(b, s.shape.below(s.index)));
  }

  /** The spaces of the next level that rest on a space. */
  aboveOf(s: SpaceInfo): SpaceInfo[] {
    const b = instanceOf(s);
    return (b.above[s.index] ??= this.spacesOf(b, s.shape.above(s.index)));
  }

  /** Spaces that touch: neighbours plus those above and below (what a walk over connected pieces follows). */
  touchingOf(s: SpaceInfo): SpaceInfo[] {
    const b = instanceOf(s);
    return (b.touching[s.index] ??= [...this.neighboursOf(s), ...this.belowOf(s), ...this.aboveOf(s)]);
  }

  /** The space `cell` of a board instance (a piece keeps its cells without the board), or undefined. */
  cellInfo(instance: string, cell: string): SpaceInfo | undefined {
    const b = this.instance(instance);
    const i = b ? b.shape.index(cell) : -1;
    return i < 0 ? undefined : this.infoAt(b!, i);
  }

  /**
   * The space `dx` columns and `dy` rows from `s` on its board and level, or undefined past the
   * edge or on a hole: a step along a line.
   */
  offset(s: SpaceInfo, dx: number, dy: number): SpaceInfo | undefined {
    const i = s.shape.at(s.x + dx, s.y + dy, s.z);
    return i < 0 ? undefined : this.infoAt(instanceOf(s), i);
  }

  /**
   * The space next to `s` along ray `r` of its board's shape (`BoardShape.rays`), or undefined past
   * the edge or on a hole: `offset` by the ray, worked out for every ray of a space the first time
   * a walk passes it (on an open grid that numbers the cells around it, as `offset` would).
   */
  along(s: SpaceInfo, r: number): SpaceInfo | undefined {
    const row = (s.next ??= s.shape.rays.map(([dx, dy]) => this.offset(s, dx, dy) ?? null));
    return row[r] ?? undefined;
  }

  /** The rays of a bounded board as numbers (`RayTable`), for the board of `s`; undefined on an open grid. */
  rayTable(s: SpaceInfo): RayTable | undefined {
    const b = instanceOf(s);
    if (b.rayTable) return b.rayTable;
    const shape = b.shape;
    if (shape.bounds === null) return undefined;
    const rays = shape.rays.length;
    // A bounded board numbers its cells 0 … size - 1 (holes left out).
    const next = new Int32Array(shape.size * rays).fill(-1);
    const ids = new Int32Array(shape.size).fill(-1);
    for (const i of shape.all) {
      ids[i] = this.idOf(b, i);
      shape.rays.forEach(([dx, dy], r) => (next[i * rays + r] = shape.at(shape.x(i) + dx, shape.y(i) + dy, shape.z(i))));
    }
    return (b.rayTable = { rays, next, ids });
  }

  /** Which way (0 … sides-1, clockwise from the top) `to` lies from `from`, or -1 if they share no side. */
  direction(a: SpaceInfo, b: SpaceInfo): number {
    if (a.board !== b.board) return -1;
    return a.shape.direction(a.index, b.index);
  }

  /** Every space of a board instance, row by row and level by level. */
  spaces(state: MatchState, instance: string): SpaceInfo[] {
    const b = this.instance(instance);
    if (!b) return [];
    if (b.shape.bounds === null) return this.openSpaces(state, b);
    return (b.all ??= markDistinct(this.spacesOf(b, b.shape.all), true));
  }

  /**
   * The space numbers of a bounded board instance's spaces, in the order `spaces` lists them
   * (undefined for an open grid, whose spaces depend on its pieces): built-ins that scan a board
   * read the occupancy index with these instead of looking each key up.
   */
  spaceNumbers(instance: string): readonly number[] | undefined {
    const b = this.instance(instance);
    if (!b || b.shape.bounds === null) return undefined;
    return (b.allIds ??= b.shape.all.map((i) => this.idOf(b, i)));
  }

  /** An open grid's spaces: what is occupied and every empty space next to it (the origin when empty). */
  private openSpaces(state: MatchState, b: Instance): SpaceInfo[] {
    // The same position is asked about again and again (each rule of a turn, each copy of the
    // state a search makes): the answer is kept with the position (`state.ts` `BoardPosition`).
    const position = boardPosition(state, b.name);
    if (!position.spaces) {
      // A cell left empty holds null (`pieces.ts` `lift`): the others are the cells taken.
      const stacks = state.cells[b.name] ?? [];
      const taken: number[] = [];
      for (let i = 0; i < stacks.length; i++) if (stacks[i] !== null) taken.push(i);
      const cells = this.openSpacesOf(b, taken);
      position.cells = cells;
      position.spaces = this.spacesOf(b, cells);
    }
    return position.spaces;
  }

  /**
   * The position after a piece is put on `placed` (cell numbers) of an open grid instance, worked out
   * from `before`, the position before it: its spaces and the cells next to those placed, in the
   * same order as worked out from scratch. Undefined for any other board.
   */
  openSpacesAfter(instance: string, before: BoardPosition, placed: readonly number[]): BoardPosition | undefined {
    const b = this.instance(instance);
    if (!b || b.shape.bounds !== null || !before.spaces || !before.cells) return undefined;
    const old = before.cells;
    const mark = ++this.openMark;
    for (let k = 0; k < old.length; k++) this.openMarks[old[k]!] = mark;
    const added = this.newAround(b, placed, mark);
    if (added.length === 0) return { spaces: before.spaces, cells: old };
    // Both lists are row by row: merged in one pass.
    const rank = b.rank!;
    const cells: number[] = [];
    const spaces: SpaceInfo[] = [];
    let j = 0;
    for (let k = 0; k <= old.length; k++) {
      while (j < added.length && (k === old.length || rank[added[j]!]! < rank[old[k]!]!)) {
        cells.push(added[j]!);
        spaces.push(this.infoAt(b, added[j]!));
        j++;
      }
      if (k === old.length) break;
      cells.push(old[k]!);
      spaces.push(before.spaces[k]!);
    }
    return { spaces, cells };
  }

  /** The cell numbers of an open grid's spaces for the cells taken, row by row (the origin when none is). */
  private openSpacesOf(b: Instance, occupied: readonly number[]): number[] {
    if (occupied.length === 0) {
      const origin = [b.shape.at(0, 0, 0)];
      // Ranked too: the next position's spaces are merged with these by rank (`openSpacesAfter`).
      this.ranks(b, origin);
      return origin;
    }
    return this.newAround(b, occupied, ++this.openMark);
  }

  /**
   * The cells `cells` (numbers) of an open grid and their neighbours, each once, but for those
   * marked with `mark` already, row by row. Collected with marks by cell number rather than a
   * set, and sorted by one kept number per cell rather than by a comparison that asks the shape
   * for both cells' rows and columns.
   */
  private newAround(b: Instance, cells: readonly number[], mark: number): number[] {
    const shape = b.shape;
    const found: number[] = [];
    const add = (i: number): void => {
      if (i < 0 || this.openMarks[i] === mark) return;
      this.openMarks[i] = mark;
      found.push(i);
    };
    for (const i of cells) {
      if (i < 0) continue;
      add(i);
      const near = shape.neighbours(i);
      for (let k = 0; k < near.length; k++) add(near[k]!);
    }
    const rank = this.ranks(b, found);
    found.sort((p, q) => rank[p]! - rank[q]!);
    return found;
  }

  /** An open grid's cells' places in row-by-row order, by cell number, made sure of for `cells`. */
  private ranks(b: Instance, cells: readonly number[]): number[] {
    const rank = (b.rank ??= []);
    for (const i of cells) rank[i] ??= b.shape.y(i) * OPEN_ROW + b.shape.x(i);
    return rank;
  }

  /** Marks by cell number for `newAround`: a cell is met in this walk when its entry equals `openMark`. */
  private readonly openMarks: number[] = [];
  private openMark = 0;

  /** How a space is named to players: `c4` on a grid, `(2,-1)` on an open grid, `c4 level 2` on a layered board. */
  label(space: SpaceValue | string): string {
    const s = this.info(space);
    // A space's name never changes: worked out once (the log names every space taken).
    return s ? (s.label ??= s.shape.label(s.index, s.def.name)) : String(space);
  }

  /** Steps between two spaces along sides, ignoring pieces (Infinity between boards). */
  distance(a: SpaceInfo, b: SpaceInfo): number {
    if (a.board !== b.board) return Infinity;
    return a.shape.distance(a.index, b.index);
  }

  /** Along a ring or a track, the space `n` steps on (negative: back). */
  step(s: SpaceInfo, n: number): SpaceInfo | undefined {
    const i = s.shape.step(s.index, n);
    return i < 0 ? undefined : this.infoAt(instanceOf(s), i);
  }
}

/** A cell key's coordinates, for code that lays out cells (see `keys.ts`). */
export { cellCoords };
