import type { BoardDef, GameDef, Value } from "../dsl/ir.ts";
import type { MatchState } from "./state.ts";

/** What a space key (`city:3,4`, `pyramid#1:0,0,2`) stands for. */
export interface SpaceInfo {
  key: string;
  /** The board instance: `city`, or `pyramid#1` for player 2's copy of a per-player board. */
  board: string;
  def: BoardDef;
  x: number;
  y: number;
  z: number;
  /** The key without the board: `3,4` or `0,0,2`. */
  cell: string;
  attrs: Record<string, Value>;
}

/** `pyramid#1` → `pyramid`; `display[2]` → `display`. */
export function boardName(instance: string): string {
  let i = instance.indexOf("#");
  if (i < 0) i = instance.indexOf("[");
  return i < 0 ? instance : instance.slice(0, i);
}

/** The number of one of several numbered zones (`display[2]` → 2), or null. */
export function instanceNumber(instance: string): number | null {
  const m = /\[(\d+)\]$/.exec(instance);
  return m ? Number(m[1]) : null;
}

/** The instances of a numbered zone (`zone display x3`): `display[0]` … `display[2]`, in order. */
export function numberedKeys(name: string, copies: number): string[] {
  return Array.from({ length: copies }, (_, i) => `${name}[${i}]`);
}

/** The seat a per-player instance (`rack#2`) belongs to, or null. */
export function instanceOwner(instance: string): number | null {
  const i = instance.indexOf("#");
  return i < 0 ? null : Number(instance.slice(i + 1));
}

export function instanceKey(name: string, perPlayer: boolean, seat: number | null): string {
  return perPlayer ? `${name}#${seat}` : name;
}

export function cellKey(x: number, y: number, z: number, layered: boolean): string {
  return layered ? `${x},${y},${z}` : `${x},${y}`;
}

/** Where the 4 spaces a space rests on lie, on the level below. */
const BELOW = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;
/** Where the spaces resting on a space lie, on the level above. */
const ABOVE = [
  [-1, -1],
  [0, -1],
  [-1, 0],
  [0, 0],
] as const;

function memo(cache: Map<string, string[]>, key: string, compute: () => string[]): string[] {
  let out = cache.get(key);
  if (!out) {
    out = compute();
    cache.set(key, out);
  }
  return out;
}

/** `a`, `b`, … `z`, `aa`: how columns are named in space labels (`c4`). */
export function columnName(x: number): string {
  let s = "";
  let n = x;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/**
 * The geometry of every board of a game: which spaces exist, which touch,
 * what sits on what. Pure functions of the game definition (plus, for an
 * open grid, what is on it), cached per game, never stored in a match.
 */
export class Topology {
  private readonly infos = new Map<string, SpaceInfo | null>();
  // Geometry never changes during a game: each question about a space is answered once. Keeping
  // the same key strings also spares re-hashing new ones in every later lookup (a hot path).
  private readonly neighbourCache = new Map<string, string[]>();
  private readonly belowCache = new Map<string, string[]>();
  private readonly aboveCache = new Map<string, string[]>();
  private readonly touchingCache = new Map<string, string[]>();
  private readonly joined = new Map<string, Map<string, string>>();
  private readonly spaceLists = new Map<string, string[]>();
  private readonly holes = new Map<string, Set<string>>();

  constructor(private readonly def: GameDef) {
    for (const b of Object.values(def.boards)) this.holes.set(b.name, new Set(b.holes));
  }

  boardDef(instance: string): BoardDef | undefined {
    return this.def.boards[boardName(instance)];
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

  private inBounds(def: BoardDef, x: number, y: number, z: number): boolean {
    if (!Number.isInteger(x) || !Number.isInteger(y) || !Number.isInteger(z)) return false;
    const t = def.topology;
    switch (t.type) {
      case "grid":
        return z === 0 && x >= 0 && y >= 0 && x < t.width && y < t.height && !this.holes.get(def.name)!.has(`${x},${y}`);
      case "open":
        return z === 0;
      case "layered":
        return z >= 0 && z < t.levels && x >= 0 && y >= 0 && x < t.width - z && y < t.height - z;
      case "ring":
        return z === 0 && y === 0 && x >= 0 && x < t.size && !this.holes.get(def.name)!.has(`${x},0`);
    }
  }

  /**
   * The key of the space `cell` of a board instance (`pyramid#1` + `0,0,2`), the same string
   * every time: pieces keep their cells without the board, and rules ask for their spaces often.
   */
  spaceKey(instance: string, cell: string): string {
    let cells = this.joined.get(instance);
    if (!cells) this.joined.set(instance, (cells = new Map()));
    let k = cells.get(cell);
    if (k === undefined) cells.set(cell, (k = `${instance}:${cell}`));
    return k;
  }

  /** The key of a space, or undefined if the board has no such space. */
  key(instance: string, x: number, y: number, z = 0): string | undefined {
    const def = this.boardDef(instance);
    if (!def || !this.inBounds(def, x, y, z)) return undefined;
    return `${instance}:${cellKey(x, y, z, def.topology.type === "layered")}`;
  }

  /** What a space key stands for, or undefined for anything that is not a space. */
  info(key: string): SpaceInfo | undefined {
    const cached = this.infos.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const info = this.parse(key);
    this.infos.set(key, info ?? null);
    return info;
  }

  private parse(key: string): SpaceInfo | undefined {
    if (typeof key !== "string") return undefined;
    const colon = key.lastIndexOf(":");
    if (colon < 0) return undefined;
    const board = key.slice(0, colon);
    const cell = key.slice(colon + 1);
    const def = this.boardDef(board);
    if (!def) return undefined;
    const parts = cell.split(",").map(Number);
    const [x, y, z = 0] = parts as [number, number, number?];
    if (parts.length < 2 || !this.inBounds(def, x, y, z)) return undefined;
    const attrs: Record<string, Value> = {};
    for (const a of def.attributes) attrs[a.name] = a.init;
    const own = def.cells[`${x},${y}`];
    if (own) Object.assign(attrs, own);
    return { key, board, def, x, y, z, cell, attrs };
  }

  /** Spaces sharing an edge on the same level. */
  neighbours(key: string): string[] {
    const cached = this.neighbourCache.get(key);
    if (cached) return cached;
    const s = this.info(key);
    if (!s) return [];
    const out: string[] = [];
    if (s.def.topology.type === "ring") {
      const n = s.def.topology.size;
      for (const d of n > 2 ? [-1, 1] : n === 2 ? [1] : []) {
        const k = this.key(s.board, (s.x + d + n) % n, 0);
        if (k) out.push(k);
      }
    } else {
      for (const [dx, dy] of [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ] as const) {
        const k = this.key(s.board, s.x + dx, s.y + dy, s.z);
        if (k) out.push(k);
      }
    }
    this.neighbourCache.set(key, out);
    return out;
  }

  /** The 4 spaces a space of a layered board rests on. */
  below(key: string): string[] {
    return memo(this.belowCache, key, () => this.offsets(key, -1, BELOW));
  }

  /** The spaces of the next level that rest on a space. */
  above(key: string): string[] {
    return memo(this.aboveCache, key, () => this.offsets(key, 1, ABOVE));
  }

  /** The spaces at `offsets` on the level `dz` away, on a layered board. */
  private offsets(key: string, dz: number, offsets: readonly (readonly [number, number])[]): string[] {
    const s = this.info(key);
    if (!s || s.def.topology.type !== "layered") return [];
    const out: string[] = [];
    for (const [dx, dy] of offsets) {
      const k = this.key(s.board, s.x + dx, s.y + dy, s.z + dz);
      if (k) out.push(k);
    }
    return out;
  }

  /** Spaces that touch: neighbours plus those above and below (for groups across levels). */
  touching(key: string): string[] {
    return memo(this.touchingCache, key, () => {
      const s = this.info(key);
      if (!s) return [];
      if (s.def.topology.type !== "layered") return this.neighbours(key);
      return [...this.neighbours(key), ...this.below(key), ...this.above(key)];
    });
  }

  /** Every space of a board instance, row by row and level by level. */
  spaces(state: MatchState, instance: string): string[] {
    const def = this.boardDef(instance);
    if (!def) return [];
    if (def.topology.type === "open") return this.openSpaces(state, instance);
    const cached = this.spaceLists.get(instance);
    if (cached) return cached;
    const out: string[] = [];
    const t = def.topology;
    const levels = t.type === "layered" ? t.levels : 1;
    for (let z = 0; z < levels; z++) {
      const h = t.type === "grid" ? t.height : t.type === "layered" ? t.height - z : 1;
      const w = t.type === "grid" ? t.width : t.type === "layered" ? t.width - z : t.size;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        const k = this.key(instance, x, y, z);
        if (k) out.push(k);
      }
    }
    this.spaceLists.set(instance, out);
    return out;
  }

  /** An open grid's spaces: what is occupied and every empty space next to it (the origin when empty). */
  private openSpaces(state: MatchState, instance: string): string[] {
    const cells = state.cells[instance] ?? {};
    const occupied = Object.keys(cells).filter((c) => cells[c]!.length > 0);
    if (occupied.length === 0) return [`${instance}:0,0`];
    const set = new Set<string>();
    for (const c of occupied) {
      const k = `${instance}:${c}`;
      set.add(k);
      for (const n of this.neighbours(k)) set.add(n);
    }
    return [...set].sort((a, b) => {
      const sa = this.info(a)!;
      const sb = this.info(b)!;
      return sa.y - sb.y || sa.x - sb.x;
    });
  }

  /** How a space is named to players: `c4` on a grid, `(2,-1)` on an open grid, `c4, level 2` on a layered board. */
  label(key: string): string {
    const s = this.info(key);
    if (!s) return String(key);
    switch (s.def.topology.type) {
      case "grid":
        return `${columnName(s.x)}${s.y + 1}`;
      case "layered":
        return `${columnName(s.x)}${s.y + 1} level ${s.z + 1}`;
      case "ring":
        return `${s.def.name} ${s.x}`;
      case "open":
        return `(${s.x},${s.y})`;
    }
  }

  distance(a: string, b: string): number {
    const sa = this.info(a);
    const sb = this.info(b);
    if (!sa || !sb || sa.board !== sb.board) return Infinity;
    if (sa.def.topology.type === "ring") {
      const d = Math.abs(sa.x - sb.x);
      return Math.min(d, sa.def.topology.size - d);
    }
    return Math.abs(sa.x - sb.x) + Math.abs(sa.y - sb.y) + Math.abs(sa.z - sb.z);
  }

  /** On a ring, the space `n` steps clockwise. */
  step(key: string, n: number): string | undefined {
    const s = this.info(key);
    if (!s) return undefined;
    if (s.def.topology.type !== "ring") return undefined;
    const size = s.def.topology.size;
    return this.key(s.board, (((s.x + n) % size) + size) % size, 0);
  }
}
