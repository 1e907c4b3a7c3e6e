import type { BoardDef, GameDef, Value } from "../dsl/ir.ts";
import type { BoardShape } from "./board-shapes/board-shape.ts";
import { shapeFor } from "./board-shapes/registry.ts";
import { boardName, cellCoords, cellKey, instanceKey, spaceBoard, spaceCell, spaceKey } from "../dsl/keys.ts";
import { boardPosition, type BoardPosition, type MatchState } from "./state.ts";
import { markDistinct } from "./values.ts";

// Kept here too for the files that read them from the topology.
export { boardName, cellKey, instanceKey, instanceNumber, instanceOwner, numberedKeys } from "../dsl/keys.ts";
export { columnName } from "./board-shapes/board-shape.ts";

/** What a space key (`main:3,4`, `tower#1:0,0,2`) stands for. */
export interface SpaceInfo {
  key: string;
  /** The board instance: `main`, or `tower#1` for player 2's copy of a per-player board. */
  board: string;
  def: BoardDef;
  /** The board's geometry, and the space's cell number in it. */
  shape: BoardShape;
  index: number;
  /**
   * The space's small number among every space of the game (all boards), what the occupancy
   * index (`pieces.ts`) is addressed by. A cache of this process, never saved: an open grid
   * numbers its cells in the order they are first asked about.
   */
  id: number;
  x: number;
  y: number;
  z: number;
  /** The key without the board: `3,4` or `0,0,2`. */
  cell: string;
  attrs: Record<string, Value>;
  /** How players read it (`label`), once asked. */
  label?: string;
}

/** One board instance and what is cached about it: its space keys and neighbour lists, by cell number. */
interface Instance {
  name: string;
  def: BoardDef;
  shape: BoardShape;
  keys: string[];
  /** Cell number → space number (`SpaceInfo.id`), given out on first use. */
  ids: number[];
  /** Cell number → what the space stands for, and the spaces touching it (for built-ins that walk the board). */
  infos: (SpaceInfo | undefined)[];
  touchingInfos: (SpaceInfo[] | undefined)[];
  neighbourInfos: (SpaceInfo[] | undefined)[];
  neighbours: (string[] | undefined)[];
  touching: (string[] | undefined)[];
  below: (string[] | undefined)[];
  above: (string[] | undefined)[];
  all?: string[];
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

/** What a space stands for, with its board instance: walks from a space need no lookup of its board by name. */
interface Info extends SpaceInfo {
  inst: Instance;
  /** The next space along each of the shape's rays (`along`), null past the edge or on a hole; worked out when first walked. */
  next: (SpaceInfo | null)[] | undefined;
}

/**
 * The geometry of every board of a game: which spaces exist, which touch,
 * what sits on what. The board shapes (`board-shapes/`) answer by cell number;
 * this turns their answers into space keys, cached per game, never stored in a
 * match. Pure functions of the game definition (plus, for an open grid, what is
 * on it).
 */
export class Topology {
  // Tables keyed by text are null-prototype objects, not `Map`s: V8 answers a lookup in one about
  // three times faster (16 ns against 40–70 ns for a space key, measured on this machine), and rules
  // ask what a space is several times per candidate they weigh.
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
      out = { name, def, shape, keys: [], ids: [], infos: [], touchingInfos: [], neighbourInfos: [], neighbours: [], touching: [], below: [], above: [] };
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

  private keysOf(b: Instance, cells: readonly number[]): string[] {
    return cells.map((i) => this.keyOf(b, i));
  }

  /**
   * The key of the space `cell` of a board instance (`tower#1` + `0,0,2`), the same string
   * every time: pieces keep their cells without the board, and rules ask for their spaces often.
   */
  spaceKey(instance: string, cell: string): string {
    const b = this.instance(instance);
    const i = b ? b.shape.index(cell) : -1;
    return b && i >= 0 ? this.keyOf(b, i) : spaceKey(instance, cell);
  }

  /** The key of a space, or undefined if the board has no such space. */
  key(instance: string, x: number, y: number, z = 0): string | undefined {
    const b = this.instance(instance);
    if (!b) return undefined;
    const i = b.shape.at(x, y, z);
    return i < 0 ? undefined : this.keyOf(b, i);
  }

  /** The key of cell number `i` of a board instance (a cell of its `RayTable`), or undefined if there is none. */
  keyAt(instance: string, i: number): string | undefined {
    const b = this.instance(instance);
    return b && i >= 0 && i < b.shape.size ? this.keyOf(b, i) : undefined;
  }

  /** What a space key stands for, or undefined for anything that is not a space. */
  info(key: string): SpaceInfo | undefined {
    // No "last key asked" shortcut: comparing two different keys of one length compares their
    // texts, which cost more than the lookup it spared.
    const cached = this.infos[key];
    if (cached !== undefined) return cached ?? undefined;
    const info = this.parse(key);
    this.infos[key] = info ?? null;
    return info;
  }

  private parse(key: string): SpaceInfo | undefined {
    if (typeof key !== "string") return undefined;
    const board = spaceBoard(key);
    const b = board === undefined ? undefined : this.instance(board);
    if (!b) return undefined;
    const cell = spaceCell(key);
    const index = b.shape.index(cell);
    if (index < 0) return undefined;
    const x = b.shape.x(index);
    const y = b.shape.y(index);
    const attrs: Record<string, Value> = {};
    for (const a of b.def.attributes) attrs[a.name] = a.init;
    const own = b.def.cells[cellKey(x, y)];
    if (own) Object.assign(attrs, own);
    const info: Info = { key: this.keyOf(b, index), board: b.name, def: b.def, shape: b.shape, index, id: this.idOf(b, index), x, y, z: b.shape.z(index), cell, attrs, inst: b, next: undefined };
    return info;
  }

  /** Spaces sharing a side on the same level, in the shape's direction order. */
  neighbours(key: string): string[] {
    const s = this.info(key);
    return s ? this.neighboursOf(s) : [];
  }

  /** The neighbours of a space already looked up (a built-in checks its argument first; one lookup, not two). */
  neighboursOf(s: SpaceInfo): string[] {
    const b = (s as Info).inst;
    return (b.neighbours[s.index] ??= this.keysOf(b, s.shape.neighbours(s.index)));
  }

  /** The spaces of a layered board's level below that a space rests on. */
  below(key: string): string[] {
    const s = this.info(key);
    return s ? this.belowOf(s) : [];
  }

  /** `below` of a space already looked up. */
  belowOf(s: SpaceInfo): string[] {
    const b = (s as Info).inst;
    return (b.below[s.index] ??= this.keysOf(b, s.shape.below(s.index)));
  }

  /** The spaces of the next level that rest on a space. */
  above(key: string): string[] {
    const s = this.info(key);
    return s ? this.aboveOf(s) : [];
  }

  /** `above` of a space already looked up. */
  aboveOf(s: SpaceInfo): string[] {
    const b = (s as Info).inst;
    return (b.above[s.index] ??= this.keysOf(b, s.shape.above(s.index)));
  }

  /** Spaces that touch: neighbours plus those above and below (for groups across levels). */
  touching(key: string): string[] {
    const s = this.info(key);
    if (!s) return [];
    const b = (s as Info).inst;
    return (b.touching[s.index] ??= [...this.neighboursOf(s), ...this.belowOf(s), ...this.aboveOf(s)]);
  }

  /** What the space `cell` of a board instance stands for (a piece keeps its cells without the board), or undefined. */
  cellInfo(instance: string, cell: string): SpaceInfo | undefined {
    const b = this.instance(instance);
    const i = b ? b.shape.index(cell) : -1;
    return i < 0 ? undefined : this.infoAt(b!, i);
  }

  /** What cell `i` of an instance stands for (cached per cell: walks over the board ask again and again). */
  private infoAt(b: Instance, i: number): SpaceInfo {
    return (b.infos[i] ??= this.info(this.keyOf(b, i))!);
  }

  /**
   * The space `dx` columns and `dy` rows from `s` on its board and level, or undefined past the
   * edge or on a hole: a step along a line, without building a key.
   */
  offset(s: SpaceInfo, dx: number, dy: number): SpaceInfo | undefined {
    const i = s.shape.at(s.x + dx, s.y + dy, s.z);
    return i < 0 ? undefined : this.infoAt((s as Info).inst, i);
  }

  /**
   * The space next to `s` along ray `r` of its board's shape (`BoardShape.rays`), or undefined past
   * the edge or on a hole: `offset` by the ray, worked out for every ray of a space the first time
   * a walk passes it (on an open grid that numbers the cells around it, as `offset` would).
   */
  along(s: SpaceInfo, r: number): SpaceInfo | undefined {
    const row = ((s as Info).next ??= s.shape.rays.map(([dx, dy]) => this.offset(s, dx, dy) ?? null));
    return row[r] ?? undefined;
  }

  /** The rays of a bounded board as numbers (`RayTable`), for the board of `s`; undefined on an open grid. */
  rayTable(s: SpaceInfo): RayTable | undefined {
    const b = (s as Info).inst;
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

  /** The spaces sharing a side with `s` (as `neighbours`), as infos. */
  neighbourSpaces(s: SpaceInfo): SpaceInfo[] {
    const b = (s as Info).inst;
    return (b.neighbourInfos[s.index] ??= this.neighboursOf(s).map((k) => this.info(k)!));
  }

  /** The spaces touching `s` (as `touching`), as infos: what a walk over connected pieces follows. */
  touchingSpaces(s: SpaceInfo): SpaceInfo[] {
    const b = (s as Info).inst;
    return (b.touchingInfos[s.index] ??= this.touching(s.key).map((k) => this.info(k)!));
  }

  /** Which way (0 … sides-1, clockwise from the top) `to` lies from `from`, or -1 if they share no side. */
  direction(from: string, to: string): number {
    const a = this.info(from);
    const b = this.info(to);
    if (!a || !b || a.board !== b.board) return -1;
    return a.shape.direction(a.index, b.index);
  }

  /** Every space of a board instance, row by row and level by level. */
  spaces(state: MatchState, instance: string): string[] {
    const b = this.instance(instance);
    if (!b) return [];
    if (b.shape.bounds === null) return this.openSpaces(state, b);
    return (b.all ??= markDistinct(this.keysOf(b, b.shape.all), true));
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
  private openSpaces(state: MatchState, b: Instance): string[] {
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
      position.spaces = cells.map((i) => this.keyOf(b, i));
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
    const spaces: string[] = [];
    let j = 0;
    for (let k = 0; k <= old.length; k++) {
      while (j < added.length && (k === old.length || rank[added[j]!]! < rank[old[k]!]!)) {
        cells.push(added[j]!);
        spaces.push(this.keyOf(b, added[j]!));
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
  label(key: string): string {
    const s = this.info(key);
    // A space's name never changes: worked out once (the log names every space taken).
    return s ? (s.label ??= s.shape.label(s.index, s.def.name)) : String(key);
  }

  /** Steps between two spaces along sides, ignoring pieces (Infinity between boards). */
  distance(a: string, b: string): number {
    const sa = this.info(a);
    const sb = this.info(b);
    if (!sa || !sb || sa.board !== sb.board) return Infinity;
    return sa.shape.distance(sa.index, sb.index);
  }

  /** Along a ring or a track, the space `n` steps on (negative: back). */
  step(key: string, n: number): string | undefined {
    const s = this.info(key);
    if (!s) return undefined;
    const i = s.shape.step(s.index, n);
    return i < 0 ? undefined : this.keyOf((s as Info).inst, i);
  }
}

/** A cell key's coordinates, for code that lays out cells (see `keys.ts`). */
export { cellCoords };
