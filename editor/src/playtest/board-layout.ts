import type { BoardView, PieceView, SpaceView } from "../../../interpreter/index.ts";
import { cellKey, columnName, spaceKey } from "../../../interpreter/index.ts";

/** Where one space is drawn, in the board's SVG units. */
export interface SpaceBox {
  space: SpaceView;
  x: number;
  y: number;
  size: number;
  round: boolean;
  /** A hex of a hex board (round too, for what stands on it): drawn as a hexagon, point up, touching its neighbours. */
  hex?: boolean;
  /** Drawn faintly: an empty upper-level space of a stacked layered board. */
  faint?: boolean;
}

/** A caption drawn on the board: a level's name, a column letter, a row number. */
export interface BoardCaption {
  x: number;
  y: number;
  text: string;
  anchor: "start" | "middle" | "end";
  size: number;
}

export interface BoardLayout {
  width: number;
  height: number;
  boxes: SpaceBox[];
  byKey: Map<string, SpaceBox>;
  captions: BoardCaption[];
  /** Frames around the levels of a layered board drawn side by side. */
  frames: { x: number; y: number; w: number; h: number }[];
  /** An open grid grows: it is drawn with pan and zoom. */
  pannable: boolean;
  /** Stacked levels: spaces with something on the level above, whose pieces show only at their edges. */
  overlapped: Set<string>;
  /** Lines drawn under the spaces: a graph's edges. */
  links: { x1: number; y1: number; x2: number; y2: number }[];
}

export type LayeredMode = "side" | "stacked";

/** The cell size every layout uses; the SVG scales to fit its panel. */
export const CELL = 48;
const MARGIN = 22;

/**
 * A named graph's space names (`graph(…, names: […])`) are drawn under their spots, in this size,
 * their baseline this far below the spot's box: inside, the pieces standing on a spot covered them.
 */
export const NAME_SIZE = 11;
export const NAME_BELOW = 10;

/** The engine's column names, so option labels ("c4") can be read off the board. */
export { columnName };

function finish(boxes: SpaceBox[], captions: BoardCaption[], width: number, height: number, frames: BoardLayout["frames"] = [], pannable = false): BoardLayout {
  return { width, height, boxes, byKey: new Map(boxes.map((b) => [b.space.key, b])), captions, frames, pannable, overlapped: new Set(), links: [] };
}

function axisCaptions(out: BoardCaption[], ox: number, oy: number, w: number, h: number): void {
  for (let x = 0; x < w; x++) out.push({ x: ox + x * CELL + CELL / 2, y: oy - 6, text: columnName(x), anchor: "middle", size: 11 });
  for (let y = 0; y < h; y++) out.push({ x: ox - 6, y: oy + y * CELL + CELL / 2 + 4, text: String(y + 1), anchor: "end", size: 11 });
}

function gridLayout(board: BoardView, w: number, h: number): BoardLayout {
  const captions: BoardCaption[] = [];
  axisCaptions(captions, MARGIN, MARGIN, w, h);
  const boxes = board.spaces.map((s) => ({ space: s, x: MARGIN + s.x * CELL, y: MARGIN + s.y * CELL, size: CELL, round: false }));
  return finish(boxes, captions, MARGIN * 2 + w * CELL, MARGIN * 2 + h * CELL);
}

function openLayout(board: BoardView): BoardLayout {
  const xs = board.spaces.map((s) => s.x);
  const ys = board.spaces.map((s) => s.y);
  // One free row and column all round, so the grid visibly goes on.
  const minX = Math.min(0, ...xs) - 1;
  const minY = Math.min(0, ...ys) - 1;
  const maxX = Math.max(0, ...xs) + 1;
  const maxY = Math.max(0, ...ys) + 1;
  const boxes = board.spaces.map((s) => ({ space: s, x: MARGIN + (s.x - minX) * CELL, y: MARGIN + (s.y - minY) * CELL, size: CELL, round: false }));
  const captions: BoardCaption[] = [];
  for (let x = minX; x <= maxX; x++) captions.push({ x: MARGIN + (x - minX) * CELL + CELL / 2, y: MARGIN - 6, text: String(x), anchor: "middle", size: 10 });
  for (let y = minY; y <= maxY; y++) captions.push({ x: MARGIN - 6, y: MARGIN + (y - minY) * CELL + CELL / 2 + 4, text: String(y), anchor: "end", size: 10 });
  return finish(boxes, captions, MARGIN * 2 + (maxX - minX + 1) * CELL, MARGIN * 2 + (maxY - minY + 1) * CELL, [], true);
}

function layeredLayout(board: BoardView, w: number, h: number, levels: number, mode: LayeredMode, occupied: Set<string>): BoardLayout {
  const captions: BoardCaption[] = [];
  if (mode === "stacked") {
    // Seen from above: level n is shifted half a cell right and down, so each space sits over the 4 it rests on.
    // Empty spaces above the ground are left out (drawn only when an option is there).
    const boxes: SpaceBox[] = [];
    for (const s of [...board.spaces].sort((a, b) => a.level - b.level)) {
      const shift = (s.level * CELL) / 2;
      const inset = s.level * 2;
      const box: SpaceBox = { space: s, x: MARGIN + s.x * CELL + shift + inset, y: MARGIN + 14 + s.y * CELL + shift + inset, size: CELL - inset * 2, round: false };
      if (s.level > 0 && !occupied.has(s.key)) box.faint = true;
      boxes.push(box);
    }
    axisCaptions(captions, MARGIN, MARGIN + 14, w, h);
    captions.push({ x: MARGIN, y: 12, text: `${levels} levels, seen from above`, anchor: "start", size: 11 });
    const layout = finish(boxes, captions, MARGIN * 2 + w * CELL, MARGIN * 2 + 14 + h * CELL);
    const prefix = board.key;
    for (const s of board.spaces) {
      const above = [
        [s.x - 1, s.y - 1],
        [s.x, s.y - 1],
        [s.x - 1, s.y],
        [s.x, s.y],
      ].some(([x, y]) => occupied.has(spaceKey(prefix, cellKey(x!, y!, s.level + 1))));
      if (above) layout.overlapped.add(s.key);
    }
    return layout;
  }
  // Side by side: one grid per level, bottom level first; three levels or more go on two rows, so the cells stay big enough to read.
  const gap = CELL * 0.75;
  const perRow = levels >= 3 ? Math.ceil(levels / 2) : levels;
  const offsets: { x: number; y: number }[] = [];
  const frames: BoardLayout["frames"] = [];
  let width = 0;
  let y0 = MARGIN + 14;
  for (let row = 0; row * perRow < levels; row++) {
    let x0 = MARGIN;
    let rowHeight = 0;
    for (let z = row * perRow; z < Math.min(levels, (row + 1) * perRow); z++) {
      const lw = w - z;
      const lh = h - z;
      offsets.push({ x: x0, y: y0 });
      frames.push({ x: x0 - 3, y: y0 - 3, w: lw * CELL + 6, h: lh * CELL + 6 });
      captions.push({ x: x0, y: y0 - 22, text: `level ${z + 1}`, anchor: "start", size: 12 });
      axisCaptions(captions, x0, y0, lw, lh);
      x0 += lw * CELL + gap;
      rowHeight = Math.max(rowHeight, lh * CELL);
    }
    width = Math.max(width, x0 - gap + MARGIN);
    y0 += rowHeight + gap + 14;
  }
  const boxes = board.spaces.map((s) => ({ space: s, x: offsets[s.level]!.x + s.x * CELL, y: offsets[s.level]!.y + s.y * CELL, size: CELL, round: false }));
  return finish(boxes, captions, width, y0 - gap - 14 + MARGIN, frames);
}

function ringLayout(board: BoardView, size: number): BoardLayout {
  // Spaces on a circle, the first at the top, going clockwise.
  const r = Math.max(CELL * 1.4, (size * CELL * 1.15) / (2 * Math.PI));
  const c = r + CELL / 2 + MARGIN;
  const boxes = board.spaces.map((s) => {
    const a = -Math.PI / 2 + (2 * Math.PI * s.x) / size;
    return { space: s, x: c + r * Math.cos(a) - CELL / 2, y: c + r * Math.sin(a) - CELL / 2, size: CELL, round: true };
  });
  return finish(boxes, [], c * 2, c * 2);
}

/**
 * Boards the engine's shape places (hexes, tracks, graphs): each space where its `at` hint puts
 * it, round spots for round cells; a graph's edges drawn as links between its spaces.
 */
function hintLayout(board: BoardView): BoardLayout {
  const round = board.cell === "round";
  const hex = board.topology.type === "hex";
  const boxes = board.spaces.map((s) => ({ space: s, x: MARGIN + (s.at.x - 0.5) * CELL, y: MARGIN + (s.at.y - 0.5) * CELL, size: CELL, round, ...(hex ? { hex } : {}) }));
  const width = MARGIN * 2 + Math.max(1, ...board.spaces.map((s) => s.at.x + 0.5)) * CELL;
  const height = MARGIN * 2 + Math.max(1, ...board.spaces.map((s) => s.at.y + 0.5)) * CELL;
  const layout = finish(boxes, [], width, height);
  const t = board.topology;
  if (t.type === "graph") {
    const byNumber = new Map(boxes.map((b) => [b.space.x, b]));
    for (const [a, b] of t.edges) {
      const p = byNumber.get(a);
      const q = byNumber.get(b);
      if (p && q) layout.links.push({ x1: p.x + CELL / 2, y1: p.y + CELL / 2, x2: q.x + CELL / 2, y2: q.y + CELL / 2 });
    }
    // Room under the lowest spots for their names.
    if (t.names !== undefined) layout.height += NAME_BELOW + 4;
  }
  return layout;
}

/** A track this long or shorter is drawn in one row. */
export const TRACK_ROW = 10;

/**
 * A track (`track(n)`) of more than `TRACK_ROW` spaces, drawn as a snake of rows of about equal
 * length, the next row going back the way the last one came: in one row, a 31-space time track
 * was scaled down to a strip of tiny spots whose numbers stood 3 px high. Each space is drawn next
 * to the one before it, and a line joins them in order, so the track still reads as one path.
 */
function trackLayout(board: BoardView, length: number): BoardLayout {
  const rows = Math.ceil(length / TRACK_ROW);
  const perRow = Math.ceil(length / rows);
  const where = (i: number) => {
    const row = Math.floor(i / perRow);
    const col = row % 2 === 0 ? i % perRow : perRow - 1 - (i % perRow);
    return { x: MARGIN + col * CELL, y: MARGIN + row * CELL };
  };
  const boxes = board.spaces.map((s) => ({ space: s, ...where(s.x), size: CELL, round: board.cell === "round" }));
  const layout = finish(boxes, [], MARGIN * 2 + perRow * CELL, MARGIN * 2 + rows * CELL);
  const byNumber = new Map(boxes.map((b) => [b.space.x, b]));
  for (let i = 0; i + 1 < length; i++) {
    const p = byNumber.get(i);
    const q = byNumber.get(i + 1);
    if (p && q) layout.links.push({ x1: p.x + CELL / 2, y1: p.y + CELL / 2, x2: q.x + CELL / 2, y2: q.y + CELL / 2 });
  }
  return layout;
}

/**
 * Where the k-th of n pieces standing on one round spot is drawn, as fractions of the spot's size
 * from its middle, and its radius: side by side, so that two markers on one space of a track both
 * show (drawn on the same middle, one hid the other). One piece keeps the whole spot.
 */
export function spotPlace(k: number, n: number): { dx: number; dy: number; r: number } {
  if (n <= 1) return { dx: 0, dy: 0, r: 0.36 };
  if (n === 2) return { dx: k === 0 ? -0.2 : 0.2, dy: 0, r: 0.19 };
  if (n <= 4) return { dx: k % 2 === 0 ? -0.17 : 0.17, dy: k < 2 ? -0.17 : 0.17, r: 0.15 };
  // Around a ring, each small enough not to touch its neighbours.
  const a = -Math.PI / 2 + (2 * Math.PI * k) / n;
  const ring = 0.26;
  return { dx: ring * Math.cos(a), dy: ring * Math.sin(a), r: Math.min(0.15, ring * Math.sin(Math.PI / n) * 0.9) };
}

/** Where every space of a board goes, from its topology alone. */
export function layoutBoard(board: BoardView, mode: LayeredMode = "side"): BoardLayout {
  const t = board.topology;
  switch (t.type) {
    case "grid":
      return gridLayout(board, t.width, t.height);
    case "open":
      return openLayout(board);
    case "layered": {
      const occupied = new Set(board.pieces.flatMap((p) => (p.covered ? [] : (p.cells ?? []))));
      return layeredLayout(board, t.width, t.height, t.levels, mode, occupied);
    }
    case "ring":
      return ringLayout(board, t.size);
    case "track":
      return t.size > TRACK_ROW ? trackLayout(board, t.size) : hintLayout(board);
    case "hex":
    case "graph":
    case "corners":
    case "edges":
      return hintLayout(board);
  }
}

/**
 * The outline of a hex space (`SpaceBox.hex`), point up: the hex board puts neighbours one cell
 * apart in a row and √3/2 apart between rows, so a hexagon of radius 1/√3 of a cell meets each;
 * drawn a little inside it, so the hexes stand apart.
 */
export function hexPoints(b: SpaceBox): string {
  const r = (b.size / Math.sqrt(3)) * 0.96;
  const cx = b.x + b.size / 2;
  const cy = b.y + b.size / 2;
  return Array.from({ length: 6 }, (_, k) => {
    const a = (Math.PI / 3) * k - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
}

/** A piece's outline on a square layout: the edges of its cells that no other cell of it shares. */
export function pieceOutline(layout: BoardLayout, piece: PieceView): string {
  const boxes = (piece.cells ?? []).map((k) => layout.byKey.get(k)).filter((b): b is SpaceBox => b !== undefined);
  if (boxes.length === 0) return "";
  if (boxes.some((b) => b.round)) return "";
  const cells = new Set(boxes.map((b) => cellKey(b.space.x, b.space.y, b.space.level)));
  const has = (x: number, y: number, z: number) => cells.has(cellKey(x, y, z));
  const parts: string[] = [];
  for (const b of boxes) {
    const { x, y, level: z } = b.space;
    const [l, t, r, btm] = [b.x, b.y, b.x + b.size, b.y + b.size];
    if (!has(x, y - 1, z)) parts.push(`M${l},${t}H${r}`);
    if (!has(x + 1, y, z)) parts.push(`M${r},${t}V${btm}`);
    if (!has(x, y + 1, z)) parts.push(`M${l},${btm}H${r}`);
    if (!has(x - 1, y, z)) parts.push(`M${l},${t}V${btm}`);
  }
  return parts.join("");
}

/** The cell of a piece nearest its middle: where its label goes (inside an L, not beside it). */
export function labelBox(layout: BoardLayout, cells: string[]): SpaceBox | undefined {
  const boxes = cells.map((k) => layout.byKey.get(k)).filter((b): b is SpaceBox => b !== undefined);
  if (boxes.length === 0) return undefined;
  const cx = boxes.reduce((s, b) => s + b.x, 0) / boxes.length;
  const cy = boxes.reduce((s, b) => s + b.y, 0) / boxes.length;
  return boxes.reduce((best, b) => (Math.hypot(b.x - cx, b.y - cy) < Math.hypot(best.x - cx, best.y - cy) ? b : best));
}

/** The bounding box of some cells, for a label that spans a whole piece. */
export function cellsBounds(layout: BoardLayout, cells: string[]): { x: number; y: number; w: number; h: number } | undefined {
  const boxes = cells.map((k) => layout.byKey.get(k)).filter((b): b is SpaceBox => b !== undefined);
  if (boxes.length === 0) return undefined;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, w: Math.max(...boxes.map((b) => b.x + b.size)) - x, h: Math.max(...boxes.map((b) => b.y + b.size)) - y };
}
