import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { RandomPolicy, type PlayoutResult, type Twin } from "../random-policy.ts";

// Mayan City by hand, twin of `games/mayan-city.stela` for 3 players. It follows the engine's
// conventions where they decide the game: the match generator (xoroshiro128+ from the seed)
// shuffles the deck (Fisher-Yates from the end), then draws the first picker; `deal` takes from
// the top (the end) of the deck onto the top of the offer; like pieces are offered once, the
// first of them in zone order, and options come in the order the rules produce them: pieces in
// zone order; placements piece by piece, turn by turn, then row by row.

const SIZE = 8;
const CAUSEWAY = 0;
const PLAZA = 5;

interface PieceType {
  slug: string;
  count: number;
  /** Cells as (x, y), y downwards. */
  form: [number, number][];
}

// In the order the rule file declares them: piece ids, and so the deck before shuffling.
const TYPES: PieceType[] = [
  { slug: "causeway", count: 3, form: [[0, 0], [1, 0], [2, 0]] },
  { slug: "acropolis", count: 2, form: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]] },
  { slug: "reservoir", count: 3, form: [[0, 0], [0, 1], [1, 1]] },
  { slug: "temple", count: 4, form: [[0, 0], [1, 0]] },
  { slug: "ball-court", count: 1, form: [[0, 0], [1, 0]] },
  { slug: "plaza", count: 4, form: [[0, 0], [1, 0]] },
  { slug: "market", count: 1, form: [[0, 0], [1, 0], [0, 1], [1, 1]] },
  { slug: "palace", count: 4, form: [[0, 0]] },
  { slug: "pyramid", count: 2, form: [[0, 0], [1, 0], [0, 1], [1, 1]] },
];

const ZONE = [
  "00000000",
  "03333330",
  "03222230",
  "03211230",
  "03211230",
  "03222230",
  "03333330",
  "00000000",
];
/** The zone of cell x * 8 + y. */
const zoneOf = new Int8Array(SIZE * SIZE);
for (let x = 0; x < SIZE; x++) for (let y = 0; y < SIZE; y++) zoneOf[x * SIZE + y] = Number(ZONE[y]![x]);
const ZONE_CELLS = [0, 0, 0, 0];
for (const z of zoneOf) ZONE_CELLS[z]!++;

interface Fit {
  cells: number[];
  /** The cells sharing an edge with the footprint, outside it. */
  around: number[];
}

function normalise(cells: [number, number][]): [number, number][] {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - minX, y - minY] as [number, number]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

function aroundOf(cells: number[]): number[] {
  const out: number[] = [];
  for (const c of cells) {
    const x = (c / SIZE) | 0;
    const y = c % SIZE;
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]] as const) {
      const a = x + dx;
      const b = y + dy;
      if (a < 0 || b < 0 || a >= SIZE || b >= SIZE) continue;
      const n = a * SIZE + b;
      if (!cells.includes(n) && !out.includes(n)) out.push(n);
    }
  }
  return out;
}

/** Every fit of each type on the board, in the order the engine finds them: turn by turn, then row by row. */
const FITS: Fit[][] = TYPES.map((t) => {
  const seen = new Set<string>();
  let cells = normalise(t.form);
  const out: Fit[] = [];
  for (let r = 0; r < 4; r++) {
    const id = JSON.stringify(cells);
    if (!seen.has(id)) {
      seen.add(id);
      for (let y = 0; y < SIZE; y++) {
        for (let x = 0; x < SIZE; x++) {
          if (!cells.every(([dx, dy]) => x + dx < SIZE && y + dy < SIZE)) continue;
          const at = cells.map(([dx, dy]) => (x + dx) * SIZE + y + dy);
          out.push({ cells: at, around: aroundOf(at) });
        }
      }
    }
    cells = normalise(cells.map(([x, y]) => [-y, x] as [number, number]));
  }
  return out;
});

function play(matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult {
  const players = 3;
  const policy = new RandomPolicy(botSeed, trace);
  const chance = xoroshiro128plus(matchSeed | 0);
  const deck: number[] = [];
  TYPES.forEach((t, i) => {
    for (let k = 0; k < t.count; k++) deck.push(i);
  });
  for (let i = deck.length - 1; i > 0; i--) {
    const j = uniformInt(chance, 0, i);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  let firstPicker = uniformInt(chance, 0, players - 1);

  /** The piece on each cell (an index into `placedType` / `placedFit`), or -1. */
  const board = new Int16Array(SIZE * SIZE).fill(-1);
  const placedType: number[] = [];
  const placedFit: Fit[] = [];
  const emptyInZone = [...ZONE_CELLS];
  const scores = new Array<number>(players).fill(0);
  /** The types in each player's `picked` zone and in the offer, bottom first (zone order). */
  const picked: number[][] = Array.from({ length: players }, () => []);
  const offer: number[] = [];
  const choices: number[] = [];
  /** Like pieces are offered once, the first in zone order. */
  const distinct = (zone: number[]): number[] => {
    choices.length = 0;
    for (const t of zone) if (!choices.includes(t)) choices.push(t);
    return choices;
  };
  const takeFirst = (zone: number[], t: number): void => void zone.splice(zone.indexOf(t), 1);
  const fitsFound: Fit[] = [];
  const fitsType: number[] = [];
  let decisions = 0;
  // As the engine does: a choice with one option is taken without asking (no decision, no draw).
  const take = (count: number): number => {
    if (count === 1) return 0;
    decisions++;
    return policy.pick(count);
  };

  const fits = (type: number, f: Fit): boolean => {
    for (const c of f.cells) if (board[c] !== -1) return false;
    for (const c of f.around) {
      const q = board[c]!;
      if (q !== -1 && placedType[q] === type) return false;
    }
    return true;
  };

  const place = (p: number, type: number, f: Fit): void => {
    const filled2 = emptyInZone[2] === 0;
    const filled3 = emptyInZone[3] === 0;
    const id = placedType.length;
    placedType.push(type);
    placedFit.push(f);
    for (const c of f.cells) {
      board[c] = id;
      emptyInZone[zoneOf[c]!]!--;
    }
    let points = 0;
    let causeway = false;
    let plaza = false;
    const neighbours: number[] = [];
    for (const c of f.around) {
      const q = board[c]!;
      if (q === -1) continue;
      points++;
      if (placedType[q] === CAUSEWAY) causeway = true;
      if (placedType[q] === PLAZA) plaza = true;
      if (!neighbours.includes(q)) neighbours.push(q);
    }
    if (emptyInZone[2] === 0 && !filled2) points += 4;
    if (emptyInZone[3] === 0 && !filled3) points += 6;
    if (causeway) points++;
    if (plaza) points++;
    for (const q of neighbours) if (placedFit[q]!.around.every((c) => board[c] !== -1)) points++;
    scores[p]! += points;
  };

  while (deck.length > 0) {
    // Draw phase.
    const deal = Math.min(3 * players, deck.length);
    for (let i = 0; i < deal; i++) offer.push(deck.pop()!);
    let last = firstPicker;
    let secondLast = firstPicker;
    for (let i = 0; offer.length > 0; i++) {
      const p = (firstPicker + i) % players;
      const options = distinct(offer);
      const t = options[take(options.length)]!;
      takeFirst(offer, t);
      picked[p]!.push(t);
      secondLast = last;
      last = p;
    }
    firstPicker = secondLast;
    // Place phase: from the last picker, counter-clockwise.
    for (let i = 0; picked.some((z) => z.length > 0); i++) {
      const p = (((last - i) % players) + players) % players;
      const hand = picked[p]!;
      if (hand.length === 0) continue;
      fitsFound.length = 0;
      fitsType.length = 0;
      for (const t of distinct(hand)) {
        for (const f of FITS[t]!) {
          if (fits(t, f)) {
            fitsFound.push(f);
            fitsType.push(t);
          }
        }
      }
      if (fitsFound.length === 0) {
        const options = distinct(hand);
        takeFirst(hand, options[take(options.length)]!);
        continue;
      }
      const k = take(fitsFound.length);
      takeFirst(hand, fitsType[k]!);
      place(p, fitsType[k]!, fitsFound[k]!);
    }
  }
  return { scores, decisions };
}

/** Mayan City (3 players) by hand: twin of `games/mayan-city.stela`. */
export const mayanCity: Twin = { name: "mayan-city", file: "games/mayan-city.stela", players: 3, play };
