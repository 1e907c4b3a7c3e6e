import type { OptionView, PieceView } from "../../../interpreter/index.ts";

/**
 * The pending decision's options, indexed by what they refer to, so a click
 * on a space or a piece finds the options it can mean. An option with
 * spaces (a placement, a space) is taken on the board; one with only pieces
 * (pick a card) by clicking the piece; the rest are listed by label.
 */
export interface OptionIndex {
  all: OptionView[];
  bySpace: Map<string, OptionView[]>;
  /** Options about a piece, with or without spaces. */
  byPiece: Map<number, OptionView[]>;
  /** Options that refer to nothing drawn: shown as a list of labels. */
  plain: OptionView[];
}

export function indexOptions(options: OptionView[] | undefined): OptionIndex {
  const index: OptionIndex = { all: options ?? [], bySpace: new Map(), byPiece: new Map(), plain: [] };
  for (const o of index.all) {
    for (const s of o.spaces ?? []) index.bySpace.set(s, [...(index.bySpace.get(s) ?? []), o]);
    for (const p of o.pieces ?? []) index.byPiece.set(p, [...(index.byPiece.get(p) ?? []), o]);
    if (!o.spaces?.length && !o.pieces?.length) index.plain.push(o);
  }
  return index;
}

/** Options that use `piece`, or every option when no piece is selected. */
function withPiece(options: OptionView[], piece: number | undefined): OptionView[] {
  return piece === undefined ? options : options.filter((o) => o.pieces?.includes(piece));
}

/**
 * What a click on a space can mean: options covering the space, and options
 * about a piece standing there that name no space (take that piece). With a
 * piece selected, only options that use it. The option whose first space is
 * the one clicked (its anchor) comes first.
 */
export function optionsAtSpace(index: OptionIndex, space: string, piecesThere: number[], selected?: number): OptionView[] {
  const out = new Map<string, OptionView>();
  for (const o of withPiece(index.bySpace.get(space) ?? [], selected)) out.set(o.id, o);
  for (const p of piecesThere) {
    for (const o of index.byPiece.get(p) ?? []) if (!o.spaces?.length) out.set(o.id, o);
  }
  return [...out.values()].sort((a, b) => Number(b.spaces?.[0] === space) - Number(a.spaces?.[0] === space));
}

/**
 * What a click on a piece can mean. Options that take the piece itself
 * (no spaces) are chosen from directly; if the piece is only used by
 * placements, the click selects it so the board shows where it can go.
 */
export function clickOnPiece(index: OptionIndex, piece: number): { choose: OptionView[] } | { select: number } | undefined {
  const options = index.byPiece.get(piece) ?? [];
  if (options.length === 0) return undefined;
  const direct = options.filter((o) => !o.spaces?.length);
  if (direct.length) return { choose: direct };
  return { select: piece };
}

/** Spaces to highlight: those some option covers (with the selected piece, if any). */
export function highlightedSpaces(index: OptionIndex, selected?: number): Set<string> {
  const out = new Set<string>();
  for (const o of withPiece(index.all, selected)) for (const s of o.spaces ?? []) out.add(s);
  return out;
}

/** Pieces a click can do something with. */
export function clickablePieces(index: OptionIndex): Set<number> {
  return new Set(index.byPiece.keys());
}

/**
 * Pieces alike one the options name, each with the piece it stands in for. The rules offer one
 * of each group of interchangeable pieces (same kind, name, fields, state and owner, the same
 * side up, in the same zone), so of three alike cards in a hand only the first is an option: a
 * click on another copy means that one, and every copy shows it can be taken.
 */
export function standIns(zones: readonly { pieces?: PieceView[] }[], offered: ReadonlySet<number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const z of zones) {
    const firsts = new Map<string, number>();
    for (const p of z.pieces ?? []) if (p.id !== undefined && offered.has(p.id)) firsts.set(alikeKey(p), p.id);
    if (firsts.size === 0) continue;
    for (const p of z.pieces ?? []) {
      if (p.id === undefined || offered.has(p.id)) continue;
      const first = firsts.get(alikeKey(p));
      if (first !== undefined) out.set(p.id, first);
    }
  }
  return out;
}

/** What tells a piece in a zone from another: alike pieces share it. */
function alikeKey(p: PieceView): string {
  return JSON.stringify([p.kind, p.name ?? null, p.owner, p.faceUp, p.fields ?? null, p.state ?? null, p.sides ?? null, p.marks ?? null]);
}

/**
 * An option's id as its tooltip tells it: an example's `choose` step may name the option by its id
 * (dsl/README.md, "Examples"), which stays when the rules relabel their pieces, and a designer
 * making examples label-proof found no id anywhere in the editor.
 */
export function optionIdHint(id: string): string {
  return `id ${id}: an example's step may name this option by it, choose "${id}"`;
}
