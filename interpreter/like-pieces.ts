import type { GameDef } from "../dsl/ir.ts";
import type { MatchState, PieceState } from "./state.ts";
import { equal } from "./values.ts";

/**
 * Interchangeable pieces: same kind, name and fields, same owner, in the same place (zone, or board
 * and cells), the same side up and the same state. A choice offers one of each group, and
 * `placements` tries one of each.
 *
 * Pieces are compared field by field instead of through a text key per piece: a choice of pieces
 * is weighed at every decision, and building the key (the cells joined, the state as JSON) cost
 * about a twentieth of a playout in a game whose every other turn is a pick from a display.
 */
export class LikePieces {
  /**
   * The first piece seen of each group, by component class for pieces off the boards and by space
   * for pieces on one: a board holds many like pieces that differ only by where they lie, and a
   * piece is compared only with those that could be alike, not with every group seen.
   */
  private readonly firsts = new Map<number | string, number[]>();
  /** Did the last `first` start a new group? */
  private added = false;

  constructor(
    private readonly classes: Int32Array,
    private readonly s: MatchState,
  ) {}

  /** Is `id` the first of its group seen? False for a piece alike one seen before, or seen itself. */
  isFirst(id: number): boolean {
    this.first(id);
    return this.added;
  }

  /** The first piece seen alike `id` (itself when none was): calls in order give each group's first. */
  first(id: number): number {
    const p = this.s.pieces[id]!;
    const at = p.board === null ? this.classes[p.c]! : p.cells[0]!;
    const firsts = this.firsts.get(at);
    this.added = true;
    if (!firsts) {
      this.firsts.set(at, [id]);
      return id;
    }
    for (const f of firsts) {
      const q = this.s.pieces[f]!;
      if (f === id || (this.classes[p.c] === this.classes[q.c] && alike(p, q))) {
        this.added = false;
        return f;
      }
    }
    firsts.push(id);
    return id;
  }
}

/**
 * Numbers the game's components so that two components equal in kind, name and fields share one:
 * pieces of either are interchangeable when the rest agrees (`LikePieces`).
 */
export function componentClasses(def: GameDef): Int32Array {
  const byText = new Map<string, number>();
  return Int32Array.from(def.components, (c) => {
    const text = JSON.stringify([c.kind, c.label, c.fields]);
    let n = byText.get(text);
    if (n === undefined) byText.set(text, (n = byText.size));
    return n;
  });
}

/** The same place, side up and state (their components' classes are compared by the caller). */
function alike(p: PieceState, q: PieceState): boolean {
  if (p.owner !== q.owner || p.zone !== q.zone || p.board !== q.board || p.up !== q.up) return false;
  if (p.cells !== q.cells) {
    if (p.cells.length !== q.cells.length) return false;
    for (let i = 0; i < p.cells.length; i++) if (p.cells[i] !== q.cells[i]) return false;
  }
  return sameState(p.st, q.st);
}

function sameState(a: PieceState["st"], b: PieceState["st"]): boolean {
  if (a === b) return true;
  let n = 0;
  for (const k in a) {
    if (!(k in b) || !equal(a[k]!, b[k]!)) return false;
    n++;
  }
  for (const _ in b) n--;
  return n === 0;
}
