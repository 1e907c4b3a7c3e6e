import type { PlacementValue, SpaceValue, Value } from "../dsl/ir.ts";
import { hiddenSlot } from "./hidden-slot.ts";
import type { Type } from "../dsl/types.ts";
import type { ChoiceSpec } from "./compile-code.ts";
import { aside, type Exec } from "./exec.ts";
import { spaceCell } from "../dsl/keys.ts";
import type { ChoiceState, OptionState } from "./state.ts";
import { seesPiece } from "./visibility.ts";
import { pieceRuns } from "./placement.ts";
import { isPlacement, label, slug, sortById } from "./values.ts";
import { copyWithSpaces, isSpace } from "./space-info.ts";

/** The id of the "stop" option a `choose … stop "…"` adds. */
export const STOP_ID = "stop";

/**
 * Piece ids as option ids: the piece's readable name, made unique with its
 * number only where two different pieces share a name. Interchangeable
 * pieces (same kind, fields, place and state) were merged before this.
 */
function pieceIds(x: Exec, ids: number[]): Map<number, string> {
  const bySlug = new Map<string, number[]>();
  for (const id of ids) {
    const s = slug(x.rt.pieceLabel(x.s, id));
    const group = bySlug.get(s);
    if (group) group.push(id);
    else bySlug.set(s, [id]);
  }
  const out = new Map<number, string>();
  for (const [s, group] of bySlug) for (const id of group) out.set(id, group.length > 1 ? `${s}-${id}` : s);
  return out;
}

/**
 * How a piece the chooser cannot see is named, in an option's id and label:
 * by where it is, never by what it is (its name, fields or number would tell).
 */
function hiddenPiece(x: Exec, id: number): { id: string; label: string } {
  const p = x.s.pieces[id]!;
  if (p.board !== null) {
    const at = x.rt.topo.spaceKey(p.board, p.cells[0]!);
    return { id: `face-down@${at}`, label: `the face-down piece on ${x.rt.topo.label(at)}` };
  }
  const zone = p.zone ?? "";
  const n = (x.s.zones[zone]?.indexOf(id) ?? 0) + 1;
  return { id: `hidden-${slug(x.rt.zoneLabel(zone))}-${n}`, label: `hidden piece ${n} of ${x.rt.zoneLabel(zone)}` };
}

/**
 * How options flow. A `choose` keeps only its legal values in the match
 * state (`ChoiceState`, from `legalValues`): bots and simulation count them
 * and take one by position (`Match.optionCount`/`applyAt`) and never pay for
 * names. Ids, labels, references and the id order are worked out on demand
 * (`nameChoice`) for `options()`, `apply(id)` and views, and cached beside
 * the state, keyed by the pending choice object: a clone or a saved state
 * names its options again, the same way, because names depend only on the
 * state. The log names just the value taken (`nameOne`).
 */

/** Keeps the first of each group of interchangeable pieces (never merging pieces the chooser cannot see: the count would tell). */
function distinctPieces(x: Exec, values: Value[], viewer: number | null): Value[] {
  const like = x.rt.likePieces(x.s);
  return values.filter((v) => typeof v !== "number" || !x.s.pieces[v] || !seesPiece(x, v, viewer) || like.isFirst(v));
}

/** A key telling values apart: the value itself when it is a primitive. */
function valueKey(v: Value): Value {
  // A space is one object: itself.
  if (v === null || typeof v !== "object" || isSpace(v)) return v;
  if (isPlacement(v)) return `@${v.piece}|${v.rotation}|${v.cells.join("+")}`;
  return `#${JSON.stringify(v)}`;
}

/**
 * The legal values of a choice as the state keeps them: one per distinct
 * value (one of each group of interchangeable pieces), in the order the
 * rules produced them. Cheap: no ids, labels or sorting.
 */
export function legalValues(x: Exec, values: Value[], ty: Type, chooser: number | null): Value[] {
  const distinct = ty.t === "piece" ? distinctPieces(x, values, chooser) : values;
  if (distinct.length < 2) return distinct;
  const seen = new Set<Value>();
  const out: Value[] = [];
  for (const v of distinct) {
    const k = valueKey(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

function placementId(x: Exec, v: PlacementValue, pieceId: string): string {
  const cells = v.cells.map((c, i) => (i === 0 ? c.key : spaceCell(c.key))).join("+");
  // The cells tell a shape's ways apart (a mirrored way covering the same cells as another is
  // not offered); a piece with sides may face several ways on the same cells.
  let turned = "";
  if (x.rt.turnedSides(x.s, v.piece, v.rotation, v.board)) {
    const f = x.rt.facing(v.board, v.rotation);
    turned = f.mirrored ? `/m${f.turns}` : `/r${f.turns}`;
  }
  return `${pieceId}@${cells}${turned}`;
}

function valueId(x: Exec, v: Value, ty: Type, pieceId: (id: number) => string): string {
  if (v === null) return "none";
  switch (ty.t) {
    case "piece":
      return pieceId(v as number);
    case "placement":
      return placementId(x, v as PlacementValue, pieceId((v as PlacementValue).piece));
    case "player":
      return `player-${(v as number) + 1}`;
    case "space":
      // The key read straight off the space: `String` of an object goes through `toPrimitive`, about
      // six times as slow, and a space is named at every turn of a game of placing marks.
      return isSpace(v) ? v.key : String(v);
    case "enum":
      return String(v);
    case "zone":
    case "board":
      // By the name players read (`display 2`, not the instance key `display[1]`).
      return slug(x.rt.zoneLabel(String(v)));
    case "number":
      return String(v);
    case "bool":
      return v ? "yes" : "no";
    case "list":
      return Array.isArray(v) ? v.map((i) => valueId(x, i, ty.of, pieceId)).join(",") : String(v);
    default:
      if (typeof v === "number" || typeof v === "boolean") return String(v);
      if (isSpace(v)) return v.key;
      if (typeof v === "string") return slug(v);
      if (isPlacement(v)) return placementId(x, v, pieceId(v.piece));
      // Spaces in it by key, as a space alone is named.
      return slug(JSON.stringify(copyWithSpaces(v, (t) => t.key)));
  }
}

function refs(x: Exec, v: Value, ty: Type, o: OptionState): void {
  if (ty.t === "space" && isSpace(v)) o.spaces = [v.key];
  if (ty.t === "placement" && isPlacement(v)) {
    o.spaces = v.cells.map((c) => c.key);
    o.pieces = [v.piece];
  }
  if (ty.t === "piece" && typeof v === "number") {
    o.pieces = [v];
    const p = x.s.pieces[v];
    if (p && p.board !== null) o.spaces = p.cells.map((c) => x.rt.topo.spaceKey(p.board!, c));
  }
}

/** The pieces a choice's values refer to, split into those the chooser sees (named by what they are) and the others (by where they are). */
function pieceNamer(x: Exec, values: Value[], ty: Type, chooser: number | null): { pieceId: (id: number) => string; hidden: Map<number, { id: string; label: string }> } {
  const pieces = new Set<number>();
  const hidden = new Map<number, { id: string; label: string }>();
  // A piece's placements come one after another: the last piece looked at is skipped without a look-up.
  let last: number | undefined;
  for (const v of values) {
    const id = ty.t === "piece" && typeof v === "number" ? v : ty.t === "placement" && isPlacement(v) ? v.piece : undefined;
    if (id === undefined || id === last || pieces.has(id) || hidden.has(id)) continue;
    last = id;
    if (seesPiece(x, id, chooser)) pieces.add(id);
    else hidden.set(id, hiddenPiece(x, id));
  }
  const ids = pieceIds(x, [...pieces]);
  return { pieceId: (id: number): string => hidden.get(id)?.id ?? ids.get(id) ?? `piece-${id}`, hidden };
}

type PieceNamer = ReturnType<typeof pieceNamer>;

/**
 * The piece namer of the choice of placements named last, for the player it was made for: a
 * search tries many options of one choice, one after another, on copies of the match standing
 * where it was asked (they share the choice, so the names hold: `named`), and each names the
 * placement it takes for the log. One choice is kept, not one per choice: a match names one
 * option of each choice, and keeping a namer with each (a `WeakMap`) cost a tile-laying game's
 * random playouts a tenth of their speed.
 */
let namedChoice: ChoiceState | undefined;
let namedFor: number | null = null;
let namedBy: PieceNamer | undefined;

function keptPieceNamer(x: Exec, choice: ChoiceState, ty: Type, chooser: number | null): PieceNamer {
  if (namedChoice === choice && namedFor === chooser && namedBy !== undefined) return namedBy;
  namedBy = pieceNamer(x, choice.values, ty, chooser);
  namedChoice = choice;
  namedFor = chooser;
  return namedBy;
}

function valueLabel(x: Exec, v: Value, ty: Type, hidden: ReadonlyMap<number, { id: string; label: string }>, itemLabel?: ItemLabel): string {
  // A hidden piece is named by where it is, whatever the rules' label would say about it.
  if (ty.t === "piece" && typeof v === "number" && hidden.has(v)) return hidden.get(v)!.label;
  if (ty.t === "placement" && isPlacement(v) && hidden.has(v.piece)) return `${hidden.get(v.piece)!.label} on ${v.cells.map((c) => x.rt.topo.label(c)).join("–")}`;
  return itemLabel ? itemLabel(v) : label(x, v, ty);
}

/** How one item of a choice reads when the rules give a `label` clause. */
export type ItemLabel = (v: Value) => string;

/**
 * The rules' `label` of a pending choice as a function of an item, or
 * undefined when the choice has none. Evaluated on demand with the waiting
 * frame's locals, the item bound to the choice's name (and `chooser` to a
 * secret choice's player); the locals and the generator are put back
 * afterwards, so naming never changes the match. When the label fails
 * (`none` where a value was needed, a runaway loop), `strict` lets the
 * failure through (the log's naming ends the match with a diagnostic at the
 * label); otherwise the item reads as it would without a label.
 */
export function choiceLabeller(x: Exec, spec: ChoiceSpec & { chooserSlot?: number }, locals: Value[], chooser: number, strict: boolean): ItemLabel | undefined {
  const f = spec.label;
  if (!f) return undefined;
  return (v: Value): string => {
    try {
      return aside(x, locals, (probe) => {
        if (spec.chooserSlot !== undefined) locals[spec.chooserSlot] = chooser;
        locals[spec.varSlot] = v;
        return String(f(probe, locals));
      });
    } catch (e) {
      if (strict) throw e;
      return label(x, v, spec.valueType);
    }
  };
}

const named = hiddenSlot<OptionState[]>();

/**
 * Each value named alone (id, label, references; `index` its position in
 * `values`), listed in the order options are offered: by id (numbers inside
 * ids by value), enum members in declaration order.
 */
function nameItems(x: Exec, values: Value[], ty: Type, chooser: number | null, itemLabel?: ItemLabel): OptionState[] {
  const { pieceId, hidden } = pieceNamer(x, values, ty, chooser);
  const out: OptionState[] = [];
  const used = new Map<string, number>();
  values.forEach((v, index) => {
    let id = valueId(x, v, ty, pieceId);
    // Distinct values whose names collide (two texts with one slug) still need distinct ids.
    const n = used.get(id) ?? 0;
    used.set(id, n + 1);
    if (n > 0) id = `${id}-${n + 1}`;
    const o: OptionState = { id, label: valueLabel(x, v, ty, hidden, itemLabel), value: v, index };
    refs(x, v, ty, o);
    if (hidden.has(ty.t === "piece" ? (v as number) : isPlacement(v) ? v.piece : -1)) delete o.pieces;
    out.push(o);
  });
  whereToTellApart(x, out);
  // The members of an enum are offered in the order the rules declare them (a rulebook's order),
  // which is just as deterministic as sorting by id.
  const members = ty.t === "enum" ? (x.rt.def.enums[ty.name]?.members ?? []) : undefined;
  return members ? out.sort((a, b) => members.indexOf(a.value as string) - members.indexOf(b.value as string)) : sortById(out);
}

/**
 * The options of a pending choice, named: each legal value with a stable id,
 * a label, and the spaces and pieces it refers to; sorted by id (numbers
 * inside ids by value; enum members in declaration order), the stop option last. Pieces `chooser` cannot see
 * are named by where they are, not by what they are. A multi-pick's options
 * are its combinations (see `nameCombinations`). Cached per choice.
 */
export function nameChoice(x: Exec, choice: ChoiceState, ty: Type, chooser: number | null, itemLabel?: ItemLabel): OptionState[] {
  const cached = named.get(choice);
  if (cached) return cached;
  const sorted = choice.k === undefined ? nameItems(x, choice.values, ty, chooser, itemLabel) : nameCombinations(x, choice, ty, chooser, itemLabel);
  if (choice.stop !== undefined) sorted.push({ id: STOP_ID, label: choice.stop, value: null, index: pickCount(choice) });
  named.set(choice, sorted);
  return sorted;
}

// ------------------------------------------------------------------ several items at once

/**
 * The legal items of a multi-pick as the state keeps them: every candidate,
 * grouped so that equal values (and interchangeable pieces the chooser sees)
 * sit together, groups in the order their first item came. `groups` holds
 * the group sizes, omitted when every item stands alone. Picking `j` items of
 * a group takes its first `j`: interchangeable items give one option, not one
 * per copy, but two of them can be picked together.
 */
export function legalGroups(x: Exec, values: Value[], ty: Type, chooser: number | null): { values: Value[]; groups?: number[] } {
  const byKey = new Map<Value, Value[]>();
  const like = x.rt.likePieces(x.s);
  for (const v of values) {
    const k = ty.t === "piece" && typeof v === "number" && x.s.pieces[v] && seesPiece(x, v, chooser) ? `=${like.first(v)}` : valueKey(v);
    const g = byKey.get(k);
    if (g) g.push(v);
    else byKey.set(k, [v]);
  }
  const groups = [...byKey.values()];
  const out: { values: Value[]; groups?: number[] } = { values: groups.flat() };
  if (groups.some((g) => g.length > 1)) out.groups = groups.map((g) => g.length);
  return out;
}

/** At most this many combinations are offered at one multi-pick (they are listed for people). */
export const MAX_COMBINATIONS = 100_000;

const tables = hiddenSlot<number[][]>();

/** The sizes of a multi-pick's groups of interchangeable items. */
function groupSizes(choice: ChoiceState): number[] {
  return choice.groups ?? choice.values.map(() => 1);
}

/**
 * `ways[g][r]`: in how many ways `r` items can be picked from groups `g…`
 * (a group contributing 0 up to all of its items), capped just past
 * `MAX_COMBINATIONS` so the numbers stay exact.
 */
function waysTable(choice: ChoiceState): number[][] {
  const cached = tables.get(choice);
  if (cached) return cached;
  const sizes = groupSizes(choice);
  const k = widthOf(choice);
  const ways: number[][] = new Array<number[]>(sizes.length + 1);
  ways[sizes.length] = Array.from({ length: k + 1 }, (_, r) => (r === 0 ? 1 : 0));
  for (let g = sizes.length - 1; g >= 0; g--) {
    const next = ways[g + 1]!;
    ways[g] = Array.from({ length: k + 1 }, (_, r) => {
      let n = 0;
      for (let j = 0; j <= Math.min(sizes[g]!, r); j++) n = Math.min(MAX_COMBINATIONS + 1, n + next[r - j]!);
      return n;
    });
  }
  tables.set(choice, ways);
  return ways;
}

/**
 * The most items one pick of a multi-pick can take: its count, but never more than it has items
 * (the table of ways is this wide: `choose up to 100000000 c from …` of three items is three);
 * all of them for `choose at least`.
 */
function widthOf(choice: ChoiceState): number {
  return choice.atLeast ? choice.values.length : Math.min(choice.k ?? 1, choice.values.length);
}

/**
 * The cells of a multi-pick's table of ways (`waysTable`): its groups of like items times the sizes
 * a pick may have. Worked out before the table is built, which costs as much: `choose at least 1 c
 * from 1..20000` took 38 s numbering its picks (and a list of a million items would never end).
 */
export function pickTableSize(choice: ChoiceState): number {
  // As many groups as `groupSizes` lists, without building its list of ones.
  return (choice.groups?.length ?? choice.values.length) * (widthOf(choice) + 1);
}

/** The most cells a multi-pick's table of ways may have (a pick of 2,000 items, every size). */
export const MAX_PICK_TABLE = 4_000_000;

/** The fewest items one pick of a multi-pick takes: none for `choose up to`, else its count. */
function fewestOf(choice: ChoiceState): number {
  return choice.upTo ? 0 : (choice.k ?? 1);
}

/** How many values a choice offers (its stop option aside): its items, or a multi-pick's combinations. */
export function pickCount(choice: ChoiceState): number {
  if (choice.k === undefined) return choice.values.length;
  const width = widthOf(choice);
  const fewest = fewestOf(choice);
  // k or more of fewer than k items: no pick (the choice then offers only its `stop`, or is `none` with `if any`).
  if (fewest > width) return 0;
  const ways = waysTable(choice)[0]!;
  // Every size from the fewest up to the width, capped as each size is.
  let n = 0;
  for (let r = fewest; r <= width; r++) n = Math.min(MAX_COMBINATIONS + 1, n + ways[r]!);
  return n;
}

/**
 * How many items of each group the combination at `index` takes: the
 * combinations are numbered without listing them (more items of earlier
 * groups first), so bots pay only for the one they take.
 */
function combinationAt(choice: ChoiceState, index: number): number[] {
  const ways = waysTable(choice);
  const sizes = groupSizes(choice);
  const take = new Array<number>(sizes.length).fill(0);
  let r = fewestOf(choice);
  let i = index;
  // Picks of fewer items come first: find how many items option `index` takes.
  const width = widthOf(choice);
  for (; r < width && i >= ways[0]![r]!; r++) i -= ways[0]![r]!;
  for (let g = 0; g < sizes.length && r > 0; g++) {
    for (let j = Math.min(sizes[g]!, r); j >= 0; j--) {
      const n = ways[g + 1]![r - j]!;
      if (i < n) {
        take[g] = j;
        r -= j;
        break;
      }
      i -= n;
    }
  }
  return take;
}

/** The value of the option at `index` (below `pickCount`): an item, or a multi-pick's list of items. */
export function valueAt(choice: ChoiceState, index: number): Value {
  if (choice.k === undefined) return choice.values[index]!;
  const take = combinationAt(choice, index);
  const out: Value[] = [];
  let start = 0;
  groupSizes(choice).forEach((size, g) => {
    for (let j = 0; j < take[g]!; j++) out.push(choice.values[start + j]!);
    start += size;
  });
  return out;
}

/** Labels read as a list: "Gold", "Gold and Wood", "Gold, Wood and Corn". */
function joinLabels(labels: string[]): string {
  if (labels.length === 0) return "nothing";
  if (labels.length === 1) return labels[0]!;
  return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}

/**
 * A multi-pick's options: every combination, its id the ids of its items in
 * the order single items are offered, joined with `+` (`gold+wood`, an item
 * picked twice appearing twice: `corn+corn`), its label theirs joined
 * ("Gold and Wood"); listed in the order of their items (as a dictionary
 * lists words: by first item, then second, in the order single items are
 * offered). Picking nothing reads `nothing`.
 */
function nameCombinations(x: Exec, choice: ChoiceState, ty: Type, chooser: number | null, itemLabel?: ItemLabel): OptionState[] {
  const { starts, items } = namedGroups(x, choice, ty, chooser, itemLabel);
  const total = pickCount(choice);
  const out: { o: OptionState; ranks: number[] }[] = [];
  for (let index = 0; index < total; index++) {
    const take = combinationAt(choice, index);
    // Each combination as the positions of its items in the offer order: compared item by item,
    // combinations list like a dictionary of the items' own order (enum members as declared).
    const ranks: number[] = [];
    items.forEach((item, rank) => {
      for (let j = 0; j < take[item.index]!; j++) ranks.push(rank);
    });
    out.push({ o: combinationOption(choice, starts, items, index), ranks });
  }
  return out
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.ranks.length, b.ranks.length); i++) if (a.ranks[i] !== b.ranks[i]) return a.ranks[i]! - b.ranks[i]!;
      return a.ranks.length - b.ranks.length;
    })
    .map((d) => d.o);
}

/**
 * A multi-pick's groups of interchangeable items (`legalGroups`), each named as a single item is
 * by its first (`items`, in the order single items are offered; an item's `index` is its group's
 * number), with where each group starts among the choice's values.
 */
function namedGroups(x: Exec, choice: ChoiceState, ty: Type, chooser: number | null, itemLabel?: ItemLabel): { starts: number[]; items: OptionState[] } {
  const starts: number[] = [];
  groupSizes(choice).reduce((at, size) => (starts.push(at), at + size), 0);
  return { starts, items: nameItems(x, starts.map((i) => choice.values[i]!), ty, chooser, itemLabel) };
}

/**
 * What a multi-pick offers one item at a time: its items, each group of interchangeable ones once
 * (named by its first, in the order a combination's id lists them) with how many it holds
 * (`copies`); the most one pick takes (`count`: never more than there are items), the fewest
 * (`least`) and whether that is none (`upTo`). For people choosing item by item (the editor,
 * `stela play`) rather than from a list of every combination.
 */
export function pickItems(x: Exec, choice: ChoiceState, ty: Type, chooser: number | null, itemLabel?: ItemLabel): { count: number; least: number; upTo: boolean; items: (OptionState & { copies: number })[] } {
  const sizes = groupSizes(choice);
  const { items } = namedGroups(x, choice, ty, chooser, itemLabel);
  return { count: widthOf(choice), least: fewestOf(choice), upTo: choice.upTo === true, items: items.map((o) => ({ ...o, copies: sizes[o.index]! })) };
}

/** The id and label of one combination, naming the items but not listing every combination (for the log). */
function nameCombination(x: Exec, choice: ChoiceState, index: number, ty: Type, chooser: number | null, itemLabel?: ItemLabel): { id: string; label: string } {
  const { starts, items } = namedGroups(x, choice, ty, chooser, itemLabel);
  const o = combinationOption(choice, starts, items, index);
  return { id: o.id, label: o.label };
}

/** Option `index` of a multi-pick, from its groups' first positions and its items named alone (in offer order). */
function combinationOption(choice: ChoiceState, starts: number[], items: OptionState[], index: number): OptionState {
  const take = combinationAt(choice, index);
  const ids: string[] = [];
  const labels: string[] = [];
  const value: Value[] = [];
  const spaces: string[] = [];
  const pieces: number[] = [];
  for (const item of items) {
    for (let j = 0; j < take[item.index]!; j++) {
      ids.push(item.id);
      labels.push(item.label);
    }
  }
  take.forEach((n, g) => {
    for (let j = 0; j < n; j++) value.push(choice.values[starts[g]! + j]!);
  });
  for (const item of items) {
    if (take[item.index]! === 0) continue;
    spaces.push(...(item.spaces ?? []));
    pieces.push(...(item.pieces ?? []));
  }
  const o: OptionState = { id: ids.length ? ids.join("+") : "nothing", label: joinLabels(labels), value, index };
  if (spaces.length) o.spaces = spaces;
  if (pieces.length) o.pieces = pieces;
  return o;
}

/**
 * Types whose ids can be worked out one value at a time (distinct values never share an id, labels
 * never need telling apart; a placement's piece only needs the other pieces of its name, `namingValues`).
 * Pieces are not among them: like pieces are merged once the legal ones are known.
 */
export const NAMED_ALONE = new Set<Type["t"]>(["number", "bool", "player", "space", "enum", "placement"]);

/**
 * The values the name of candidate `chosen` depends on, so it can be named without weighing the
 * others (`isLegal` weighs one): the value itself, first, then one legal placement of each other
 * piece the chooser sees that reads the same, since `pieceIds` numbers pieces of one name apart
 * only when two of them are offered. Named from these, by `nameOne` at index 0, it reads as it
 * would among every legal value. Other kinds of value need only themselves.
 */
export function namingValues(x: Exec, candidates: Value[], chosen: number, ty: Type, chooser: number | null, isLegal: (i: number) => boolean): Value[] {
  const v = candidates[chosen]!;
  if (ty.t !== "placement" || !isPlacement(v) || !seesPiece(x, v.piece, chooser)) return [v];
  const name = slug(x.rt.pieceLabel(x.s, v.piece));
  const out: Value[] = [v];
  const settled = new Set<number>([v.piece]);
  // A piece's placements come one after another: once it is settled, the rest of them are skipped
  // without a look-up, all at once when the list is known to hold each piece's together (`pieceRuns`).
  const runs = pieceRuns(candidates);
  let run = 0;
  let last = v.piece;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    if (c === null || typeof c !== "object" || (c as PlacementValue).piece === last || !isPlacement(c) || settled.has(c.piece)) {
      if (runs) {
        // On to the next piece's first placement (the runs hold placements only).
        while (run < runs.length && runs[run]! <= i) run++;
        if (run === runs.length) break;
        i = runs[run]! - 1;
      }
      continue;
    }
    if (!seesPiece(x, c.piece, chooser) || slug(x.rt.pieceLabel(x.s, c.piece)) !== name) settled.add((last = c.piece));
    else if (isLegal(i)) {
      out.push(c);
      settled.add((last = c.piece));
    }
  }
  return out;
}

/** The id and label of the option at `index` of a choice, without naming the others when it can (for the log). */
export function nameOne(x: Exec, choice: ChoiceState, index: number, ty: Type, chooser: number | null, itemLabel?: ItemLabel): { id: string; label: string } {
  if (index === pickCount(choice) && choice.stop !== undefined) return { id: STOP_ID, label: choice.stop };
  // A value of a type named alone, labelled by the engine, is named the same whether or not the
  // whole choice was named before: the look-up of that naming (a hidden slot, missed at every
  // decision a bot takes) is spared. A label the rules write may differ: the cached one was lenient.
  if (choice.k === undefined && itemLabel === undefined && NAMED_ALONE.has(ty.t)) return nameAlone(x, choice, index, ty, chooser);
  const cached = named.get(choice);
  if (!cached && choice.k !== undefined) return nameCombination(x, choice, index, ty, chooser, itemLabel);
  if (!cached && ty.t === "piece") return namePiece(x, choice.values, index, ty, chooser, itemLabel);
  if (cached || !NAMED_ALONE.has(ty.t)) {
    const o = nameChoice(x, choice, ty, chooser, itemLabel).find((i) => i.index === index)!;
    return { id: o.id, label: o.label };
  }
  return nameAlone(x, choice, index, ty, chooser, itemLabel);
}

/** The id and label of the value at `index` of a choice of a type named alone (`NAMED_ALONE`). */
function nameAlone(x: Exec, choice: ChoiceState, index: number, ty: Type, chooser: number | null, itemLabel?: ItemLabel): { id: string; label: string } {
  const v = choice.values[index]!;
  const { pieceId, hidden } = ty.t === "placement" ? keptPieceNamer(x, choice, ty, chooser) : NO_PIECES;
  return { id: valueId(x, v, ty, pieceId), label: valueLabel(x, v, ty, hidden, itemLabel) };
}

/** How a value that holds no piece is named (`nameOne`): one namer for all, as a choice of a number or a space is taken at every turn. */
const NO_PIECES: { pieceId: (id: number) => string; hidden: ReadonlyMap<number, { id: string; label: string }> } = {
  pieceId: (id) => `piece-${id}`,
  hidden: new Map(),
};

/**
 * The id and label `nameItems` gives the piece at `index` of a choice, worked out for that piece
 * alone where it can be: the log names every piece taken, and naming the whole choice (labels,
 * references, telling labels apart, sorting by id) took up to a tenth of a playout in games whose
 * turns are choices of pieces.
 * - Its id needs every piece's name (two pieces of one name are told apart by number,
 *   `pieceIds`) and how many values before it have the same id (`nameItems` numbers repeats).
 * - Its label needs the others' only when it lies on a board: only then may `whereToTellApart`
 *   add where it lies, when another value reads the same.
 */
function namePiece(x: Exec, values: Value[], index: number, ty: Type, chooser: number | null, itemLabel?: ItemLabel): { id: string; label: string } {
  const { pieceId, hidden } = pieceNamer(x, values, ty, chooser);
  const v = values[index]!;
  const base = valueId(x, v, ty, pieceId);
  let repeats = 0;
  for (let i = 0; i < index; i++) if (valueId(x, values[i]!, ty, pieceId) === base) repeats++;
  const id = repeats > 0 ? `${base}-${repeats + 1}` : base;
  let label = valueLabel(x, v, ty, hidden, itemLabel);
  const p = typeof v === "number" && !hidden.has(v) ? x.s.pieces[v] : undefined;
  if (p && p.board !== null) {
    const same = values.some((w, i) => i !== index && valueLabel(x, w, ty, hidden, itemLabel) === label);
    if (same) label += ` on ${p.cells.map((c) => x.rt.topo.label(x.rt.topo.spaceKey(p.board!, c))).join("–")}`;
  }
  return { id, label };
}

/**
 * Two different pieces with the same name on a board (two identical tiles
 * laid in different places) read the same: add where each lies, so a player
 * can tell the options apart.
 */
function whereToTellApart(x: Exec, options: OptionState[]): void {
  const byLabel = new Map<string, OptionState[]>();
  for (const o of options) byLabel.set(o.label, [...(byLabel.get(o.label) ?? []), o]);
  for (const group of byLabel.values()) {
    if (group.length < 2) continue;
    for (const o of group) {
      const p = typeof o.value === "number" && o.pieces?.[0] === o.value ? x.s.pieces[o.value] : undefined;
      if (p && p.board !== null) o.label += ` on ${p.cells.map((c) => x.rt.topo.label(x.rt.topo.spaceKey(p.board!, c))).join("–")}`;
    }
  }
}

/** Options named by their labels (`choose { option "Plant crops" … }`). */
export function namedOption(text: string, value: number, index: number): OptionState {
  return { id: slug(text), label: text, value, index };
}
