import type { PlacementValue, SpaceValue, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import type { Type } from "../dsl/types.ts";
import { tick, type Exec } from "./exec.ts";
import { fail } from "./runtime-error.ts";
import { isSpace } from "./space-info.ts";
import { unseenName } from "./secret-text.ts";

/**
 * How large a value a rule may build while a match is played. A shared rule
 * file is untrusted: `xs = xs + xs` forty times would exhaust memory before
 * the step budget noticed. Building a list or text also counts its length
 * against the step budget, so one decision cannot build many large ones.
 */
export const RUNTIME_LIMITS = {
  /** Items in one list (a range included). */
  listItems: 1_000_000,
  /** Characters in one text. */
  textChars: 100_000,
  /** Players in one match. */
  players: 64,
  /** Pieces in one match (every `per player` copy counted). */
  pieces: 100_000,
} as const;

/** Refuses, before it is built, a list of `length` items; charges its building. */
export function checkListSize(x: Exec, length: number, span: Span): void {
  if (length > RUNTIME_LIMITS.listItems) {
    fail("runtime-size-budget", `this list would have ${length.toLocaleString("en")} items; a list may have at most ${RUNTIME_LIMITS.listItems.toLocaleString("en")}`, span);
  }
  tick(x, span, length);
}

/** Refuses a text longer than the limit; charges its building. */
export function checkText(x: Exec, text: string, span: Span): string {
  if (text.length > RUNTIME_LIMITS.textChars) {
    fail("runtime-size-budget", `this text would have ${text.length.toLocaleString("en")} characters; a text may have at most ${RUNTIME_LIMITS.textChars.toLocaleString("en")}`, span);
  }
  tick(x, span, text.length);
  return text;
}

/** A number a rule computed, refused when it is not finite (an overflow to infinity, or not a number). */
export function finite(n: number, span: Span, what: string): number {
  if (!Number.isFinite(n)) fail("runtime-invalid-number", `${what} is ${Number.isNaN(n) ? "not a number" : "infinite"}: a number in a game must be finite`, span);
  return n;
}

/**
 * A count the rules give (how many times to repeat, how many to deal): a whole number from 0 up.
 * `repeat 2.5` ran 3 times and `repeat -5` not at all, with no word; `choose` counts said so already.
 */
export function wholeCount(n: number, span: Span, what: string): number {
  finite(n, span, what);
  if (!Number.isInteger(n) || n < 0) fail("runtime-invalid-number", `${what} must be a whole number from 0 up, and is ${n}`, span);
  return n;
}

/** Lists the engine built with no two equal values and keeps (a bounded board's spaces): marked for good. */
const distinctLists = new WeakSet<Value[]>();

/**
 * Marks a list as holding distinct values: a choice offered from it (or from part of it) need not
 * look for duplicates. Only for lists no one changes afterwards (values never change in place).
 * `lasting`: the engine keeps the list and offers choices from it again and again (a board's
 * spaces), so the mark is kept as long as the list lives. Otherwise the list was just built for a
 * choice offered from it at once (the empty spaces now): adding to a weak set costs about 0.4 µs,
 * more than a playout can spare at every decision, so the mark goes in one of a few slots that
 * keep the last lists marked. Losing that mark only means its duplicates are looked for.
 */
export function markDistinct<T extends Value[]>(list: T, lasting = false): T {
  if (lasting) distinctLists.add(list);
  else {
    recent[nextRecent] = list;
    nextRecent = (nextRecent + 1) % recent.length;
  }
  return list;
}

/** The last lists marked without `lasting` (`markDistinct`). */
const recent: (Value[] | undefined)[] = [undefined, undefined, undefined, undefined];
let nextRecent = 0;

/** Was this list marked by `markDistinct` (and the mark, for one not lasting, not yet replaced)? */
export function isDistinct(list: Value[]): boolean {
  return list === recent[0] || list === recent[1] || list === recent[2] || list === recent[3] || distinctLists.has(list);
}

/** Structural equality for lists, maps and placements; `===` for everything else. */
export function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  // One object per space: two spaces are equal only when they are the same object.
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || isSpace(a) || isSpace(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i]!, b[i]!)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!equal((a as unknown as Record<string, Value>)[k]!, (b as unknown as Record<string, Value>)[k]!)) return false;
  return true;
}

/**
 * `a == b` of lists (or other values compared by content), charged to the step budget by the
 * length of the list: comparing two lists of 100,000 items in a loop over them ran for minutes
 * with no step counted.
 */
export function equalCharged(x: Exec, a: Value, b: Value, span: Span): boolean {
  if (Array.isArray(a)) tick(x, span, a.length);
  return equal(a, b);
}

export function isPlacement(v: Value): v is PlacementValue {
  return v !== null && typeof v === "object" && !Array.isArray(v) && "piece" in v && "cells" in v;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/** How a value reads to a player, given its static type. */
export function label(x: Exec, v: Value, ty: Type): string {
  if (v === null) return "none";
  switch (ty.t) {
    case "number":
      return typeof v === "number" ? formatNumber(v) : String(v);
    case "text":
      return String(v);
    case "bool":
      return v ? "yes" : "no";
    case "player":
      return x.rt.playerName(v as number);
    case "piece":
      return pieceText(x, v as number);
    case "space":
      return x.rt.topo.label(v as SpaceValue);
    case "placement":
      return placementLabel(x, v as PlacementValue);
    case "enum":
      return x.rt.enumLabel(ty.name, v as string);
    case "board":
    case "zone":
      return x.rt.zoneLabel(v as string);
    case "list":
      // A list of lists keeps its inner brackets: `[1, 2], [3]`, not `1, 2, 3`, which reads as one list.
      if (!Array.isArray(v)) return String(v);
      return ty.of.t === "list" ? v.map((i) => `[${label(x, i, ty.of)}]`).join(", ") : v.map((i) => label(x, i, ty.of)).join(", ");
    case "map":
      return Array.isArray(v) ? v.map((i, p) => `${x.rt.playerName(p)}: ${label(x, i, ty.of)}`).join("; ") : String(v);
    case "emap":
      return Array.isArray(v) ? v.map((i, k) => `${x.rt.enumLabel(ty.enum, ty.members[k]!)} ${label(x, i, ty.of)}`).join(", ") : String(v);
    case "sides":
      return Array.isArray(v) ? v.join("-") : String(v);
    case "shape":
      return "a shape";
    default:
      return guessLabel(x, v);
  }
}

/** A piece named in a text: by what shows of it, to a player who cannot see it (`secret-text.ts`). */
function pieceText(x: Exec, id: number): string {
  // A quiet match keeps no text: nothing to keep secret in it.
  return (x.quiet ? undefined : unseenName(x, id)) ?? x.rt.pieceLabel(x.s, id);
}

/** A label when the type is unknown (`any`): by the value's JS form. */
function guessLabel(x: Exec, v: Value): string {
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (isSpace(v)) return x.rt.topo.label(v);
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map((i) => guessLabel(x, i)).join(", ");
  if (isPlacement(v)) return placementLabel(x, v);
  return "?";
}

export function placementLabel(x: Exec, v: PlacementValue): string {
  const cells = v.cells.map((c) => x.rt.topo.label(c)).join("–");
  const base = `${pieceText(x, v.piece)} on ${cells}`;
  const sides = x.rt.turnedSides(x.s, v.piece, v.rotation, v.board);
  // A mirrored way says so: its cells alone do not tell a player the piece was flipped over.
  const face = x.rt.facing(v.board, v.rotation).mirrored ? `${base}, mirrored` : base;
  if (!sides) return face;
  return `${face}, ${sidesText(sides)}`;
}

/** How a piece's sides read, kept per record (`Runtime.turnedSides` gives one per component and turn). */
const sidesTexts = new WeakMap<Record<string, number[]>, string>();

function sidesText(sides: Record<string, number[]>): string {
  let text = sidesTexts.get(sides);
  if (text === undefined) {
    text = `${Object.entries(sides)
      .map(([name, values]) => `${name.replace(/_/g, " ")} ${values.join("-")}`)
      .join(", ")} (top-right-bottom-left)`;
    sidesTexts.set(sides, text);
  }
  return text;
}

/** Lower-case words joined by dashes: the readable part of an option id. */
export function slug(text: string): string {
  // Option ids are named from a game's few labels, again at each decision the log names: each
  // text is worked out once (Unicode normalising and three expressions cost about a microsecond).
  let s = slugs.get(text);
  if (s !== undefined) return s;
  s =
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "option";
  if (slugs.size >= SLUGS_KEPT) slugs.clear();
  slugs.set(text, s);
  return s;
}

/** Texts already made into ids (`slug`), bounded: labels that embed numbers or names could grow without end. */
const slugs = new Map<string, string>();
const SLUGS_KEPT = 4096;

/** An id cut into text and number runs, compared run by run. */
type IdKey = (string | number)[];

function idKey(id: string): IdKey {
  return (id.match(/\d+|\D+/g) ?? []).map((c) => (c.charCodeAt(0) >= 48 && c.charCodeAt(0) <= 57 ? Number(c) : c));
}

function compareKeys(a: IdKey, b: IdKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    if (typeof x === "number") return -1;
    if (typeof y === "number") return 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Compares option ids so numbers inside them sort by value (`2` before `10`):
 * the order options are listed in, the same for every run. Hand-written rather
 * than Intl.Collator: the order must not depend on the machine's ICU version
 * (a browser and Node must list options the same way).
 */
export function compareIds(a: string, b: string): number {
  return compareKeys(idKey(a), idKey(b));
}

/** Sorts by id, cutting each id once (sorting hundreds of placements is on the hot path). */
export function sortById<T extends { id: string }>(items: T[]): T[] {
  return items
    .map((item) => ({ item, key: idKey(item.id) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map((d) => d.item);
}
