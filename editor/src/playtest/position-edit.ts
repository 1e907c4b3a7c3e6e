import { CONTEXTUAL_KEYWORDS, KEYWORDS, type GameDef, type Value } from "../../../dsl/index.ts";
import { boardName, instanceNumber, instanceOwner, type PieceView, type View } from "../../../interpreter/index.ts";
import { pieceShape } from "./present.ts";

/**
 * The position editor's edits, written as the statements of an example's
 * `position { … }` block (see "Examples" in dsl/README.md). A designer moves
 * pieces and sets variables on screen; each change becomes one statement that
 * names the piece by where it stands at that moment, so the block replays the
 * same changes in order, in the editor, in the examples list and in `stela test`.
 */
export type PositionEdit =
  /** Put a piece on a space (a shaped or sided piece: turned `rotation` times), into a zone, or out of the game. */
  | { kind: "move"; piece: number; to: { space: string; rotation?: number; mirrored?: boolean } | { zone: string } | { remove: true } }
  /**
   * Set a global (`seat` null) or a player's variable to a number, a yes/no, an enum member or a
   * text; with `player`, to a seat (`value` its number, null for `none`).
   */
  | { kind: "set"; seat: number | null; name: string; value: number | boolean | string | null; enumMember?: boolean; player?: boolean };

/** A place's instance key as the rules name it: `city`, `players[1].rack` (per player), `display[2]` (numbered). */
export function placeExpr(instance: string): string {
  const name = boardName(instance);
  const owner = instanceOwner(instance);
  if (owner !== null) return `players[${owner}].${name}`;
  const n = instanceNumber(instance);
  return n === null ? name : `${name}[${n}]`;
}

/** A text as a Stela literal: quotes and backslashes escaped, `{` kept from reading as interpolation. */
export function textLiteral(text: string): string {
  return `"${text.replace(/[\\"{}]/g, (c) => `\\${c}`).replace(/\n/g, "\\n")}"`;
}

function spaceExpr(view: View, key: string): string | undefined {
  for (const b of view.boards) {
    const s = b.spaces.find((x) => x.key === key);
    if (!s) continue;
    // By the name players read (`d4`, as a rulebook's diagram names it) where the board names its
    // spaces once each; an open grid's `(2,-1)` and names used twice, by coordinates.
    const named = s.label !== "" && !s.label.startsWith("(") && b.spaces.filter((x) => x.label === s.label).length === 1;
    if (named) return `space_named(${placeExpr(b.key)}, ${textLiteral(s.label)})`;
    return `space_at(${placeExpr(b.key)}, ${s.x}, ${s.y}${s.level > 0 ? `, ${s.level}` : ""})`;
  }
  return undefined;
}

/** Where a piece stands in `view`, as an expression naming it: the top piece of a space, or one of a zone's by name or place. */
/**
 * How each kind's fields are written in the rules (by kind, then field): a number, a yes/no, a
 * text in quotes or an enum member by its bare name. What naming a piece by its fields needs;
 * fields of other types (lists, shapes, pieces) are not used to name one.
 */
export type FieldWriting = Record<string, Record<string, "number" | "bool" | "text" | "enum">>;

/** `FieldWriting` from the rules' definition. */
export function fieldWriting(def: GameDef): FieldWriting {
  const out: FieldWriting = {};
  for (const [kind, k] of Object.entries(def.kinds)) {
    const fields: FieldWriting[string] = {};
    for (const f of k.fields) {
      const t = f.type.t;
      if (t === "number" || t === "bool" || t === "text" || t === "enum") fields[f.name] = t;
    }
    out[kind] = fields;
  }
  return out;
}

/** A field's value as the rules write it, or undefined when it cannot be written so. */
function fieldLiteral(how: FieldWriting[string][string] | undefined, v: Value | undefined): string | undefined {
  if (how === "number" && typeof v === "number" && Number.isFinite(v)) return String(v);
  if (how === "bool" && typeof v === "boolean") return String(v);
  if (how === "text" && typeof v === "string") return textLiteral(v);
  if (how === "enum" && typeof v === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) return v;
  return undefined;
}

/** Two pieces a rule cannot tell apart: one component's fields, the same state, owner and face. */
function alike(a: PieceView, b: PieceView): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    a.owner === b.owner &&
    a.faceUp === b.faceUp &&
    JSON.stringify(a.fields) === JSON.stringify(b.fields) &&
    JSON.stringify(a.state) === JSON.stringify(b.state)
  );
}

/**
 * The condition that picks `p`, or one just like it, first among `pieces` by its fields (`q.name ==
 * "Tile" and q.crop == corn and q.crops == 2`), as few fields as tell it from the others; undefined
 * when its fields cannot (two pieces alike in every field written but not alike).
 */
function byFields(pieces: PieceView[], p: PieceView, writing: FieldWriting | undefined): string | undefined {
  const how = writing?.[p.kind];
  const fields = p.fields;
  if (!how || !fields || p.name === undefined) return undefined;
  const terms: { text: string; keeps: (q: PieceView) => boolean }[] = [];
  for (const [field, v] of Object.entries(fields)) {
    const text = fieldLiteral(how[field], v);
    if (text !== undefined) terms.push({ text: `q.${field} == ${text}`, keeps: (q) => q.fields?.[field] === v });
  }
  // Its owner, when pieces alike in every field belong to others (each player's workers in one pool).
  if (p.owner !== null) terms.push({ text: `q.owner == players[${p.owner}]`, keeps: (q) => q.owner === p.owner });
  // The fewest terms first: each that still leaves a piece not alike matching is added.
  let matching = pieces.filter((q) => q.name === p.name);
  const used: string[] = [];
  for (const t of terms) {
    if (matching.every((q) => alike(q, p))) break;
    const fewer = matching.filter(t.keeps);
    if (fewer.length < matching.length) {
      matching = fewer;
      used.push(t.text);
    }
  }
  if (!matching.every((q) => alike(q, p))) return undefined;
  return [`q.name == ${textLiteral(p.name)}`, ...used].join(" and ");
}

/**
 * The piece as a position statement names it: by the space it stands on, or in its zone by its
 * name, else by its fields (`writing`: which the rules can write), else by its place there.
 */
export function pieceExpr(view: View, piece: number, writing?: FieldWriting): string | undefined {
  for (const b of view.boards) {
    const p = b.pieces.find((q) => q.id === piece);
    if (p?.cells?.length) {
      // The piece's first space names it: the top piece there is this one (covered pieces are not drawn).
      const first = spaceExpr(view, p.cells[0]!);
      return first && `piece_at(${first})`;
    }
  }
  for (const z of view.zones) {
    const i = z.pieces?.findIndex((q) => q.id === piece) ?? -1;
    if (i < 0) continue;
    const zone = placeExpr(z.key);
    const name = z.pieces![i]!.name;
    // A name the zone holds once reads best; then the fields that tell the piece from the others
    // (any piece alike does: the position is the same); else its place in the zone (bottom first),
    // which a redrawn deal would change.
    if (name !== undefined && z.pieces!.filter((q) => q.name === name).length === 1) return `first q in ${zone} where q.name == ${textLiteral(name)}`;
    const fields = byFields(z.pieces!, z.pieces![i]!, writing);
    if (fields) return `first q in ${zone} where ${fields}`;
    return `[q for q in ${zone}][${i}]`;
  }
  return undefined;
}

/** Does the piece cover more than one space, or carry sides (so it is placed turned, not on one space)? */
function shaped(view: View, piece: number): boolean {
  for (const p of [...view.boards.flatMap((b) => b.pieces), ...view.zones.flatMap((z) => z.pieces ?? [])]) {
    if (p.id !== piece) continue;
    return (pieceShape(p)?.length ?? 1) > 1 || p.sides !== undefined;
  }
  return false;
}

/**
 * A name for a `let` of the position block (`o4` for the piece "O4"): none of `taken` (every word
 * of the rules and of the statements so far), so it hides nothing the rules or a later statement
 * mean (a local named `score` would take the assignment `score = 7` meant for the variable).
 */
export function localName(base: string | undefined, taken: ReadonlySet<string>): string {
  const plain = (base ?? "").toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^_+|_+$/g, "");
  const stem = /^[a-z]/.test(plain) ? plain : `piece${plain ? `_${plain}` : ""}`;
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

/**
 * The words a new local name must not be: those of a text (names the rules and earlier statements
 * use), every word of the language (a piece named "Map" gave `let map = …`, which does not read),
 * and `pl`, which the statement itself binds.
 */
export function wordsOf(text: string): Set<string> {
  return new Set([...(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []), ...KEYWORDS, ...CONTEXTUAL_KEYWORDS, "pl"]);
}

function pieceName(view: View, piece: number): string | undefined {
  for (const p of [...view.boards.flatMap((b) => b.pieces), ...view.zones.flatMap((z) => z.pieces ?? [])]) if (p.id === piece) return p.name;
  return undefined;
}

/**
 * The statement for one edit, on the position `view` shows; an error text when something it names
 * is not there. `taken`: the words a `let` it writes must not use (see `localName`). A statement
 * may take two lines (a `let` naming a piece, then the line using it): one change, taken back whole.
 */
export function positionStatement(view: View, edit: PositionEdit, writing?: FieldWriting, taken: ReadonlySet<string> = new Set()): { statement: string } | { error: string } {
  if (edit.kind === "set") {
    const target = edit.seat === null ? edit.name : `players[${edit.seat}].${edit.name}`;
    if (edit.player) {
      // A player is written as the rules write one (`players[1]`), `none` for nobody; a seat the
      // game does not have is refused, said, never dropped.
      if (edit.value === null) return { statement: `${target} = none` };
      const seat = edit.value;
      if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= view.players.length) return { error: `There is no ${typeof seat === "number" ? `Player ${seat + 1}` : `player "${String(seat)}"`} in this game of ${view.players.length}.` };
      return { statement: `${target} = players[${seat}]` };
    }
    if (edit.value === null) return { error: `\`${edit.name}\` needs a value.` };
    if (typeof edit.value === "number" && !Number.isFinite(edit.value)) return { error: `\`${edit.name}\` takes a number.` };
    const value = typeof edit.value === "string" && !edit.enumMember ? textLiteral(edit.value) : String(edit.value);
    return { statement: `${target} = ${value}` };
  }
  const p = pieceExpr(view, edit.piece, writing);
  if (!p) return { error: "That piece is not where it can be named (a hidden piece cannot be moved)." };
  const to = edit.to;
  if ("remove" in to) return { statement: `remove ${p}` };
  if ("zone" in to) return { statement: `move ${p} to ${placeExpr(to.zone)}` };
  const s = spaceExpr(view, to.space);
  if (!s) return { error: "There is no such space." };
  if (!shaped(view, edit.piece)) return { statement: `place ${p} at ${s}` };
  // A shaped or sided piece goes down as a placement: its first cell on the space, turned (and
  // mirrored) as shown. The placement names the piece too, so a `let` names it once: written out
  // twice, a long `first q in … where …` made the line hard to read.
  const board = placeExpr(to.space.slice(0, to.space.lastIndexOf(":")));
  const q = localName(pieceName(view, edit.piece), taken);
  const way = to.mirrored ? `placements(${q}, ${board}, mirrored: true) where pl.space == ${s} and pl.mirrored` : `placements(${q}, ${board}) where pl.space == ${s}`;
  return { statement: `let ${q} = ${p}\nplace ${q} at first pl in ${way} and pl.rotation == ${to.rotation ?? 0}` };
}

/** What an example needs of a playtest: how it started and the decisions taken by label. */
export interface ExampleOpening {
  players: number;
  seed: number;
  variant?: string;
  decisions: { player: number; label: string; secret?: boolean }[];
  /**
   * The choices the rules took without asking (each the only option), `at`: after how many of
   * `decisions`. Written as `choose` steps only in an example that asks every choice (`ask always`).
   */
  forced?: { player: number; label: string; at: number }[];
}

/**
 * An `example` block that starts like the playtest, takes its decisions by
 * label, then lays out the position: ready to paste into the rules, with a
 * line where the designer writes what must then hold.
 */
export function exampleText(title: string, opening: ExampleOpening, statements: string[], askAlways = false): string {
  const lines = [`// Set up in the editor's position editor.`, `example ${textLiteral(title)} {`, `  players ${opening.players}`, `  seed ${opening.seed}`];
  if (opening.variant !== undefined) lines.push(`  variant ${textLiteral(opening.variant)}`);
  if (askAlways) {
    // The position leaves a choice one option: without `ask always` the rules take it as soon as
    // the position is laid out, and the example stands past it. Asking every choice, the example
    // takes those the playtest's rules took by themselves with a `choose` of their own.
    lines.push("  // `ask always`: the position leaves a choice one option, asked here rather than taken;", "  // every choice with one option is then a `choose` step of its own");
    lines.push("  ask always");
  }
  const forced = askAlways ? (opening.forced ?? []) : [];
  const takeForced = (at: number) => {
    for (const f of forced) if (f.at === at) lines.push(`  choose ${textLiteral(f.label)} by players[${f.player}]`);
  };
  opening.decisions.forEach((d, i) => {
    takeForced(i);
    lines.push(`  choose ${textLiteral(d.label)}${d.secret ? ` by players[${d.player}]` : ""}`);
  });
  takeForced(opening.decisions.length);
  if (statements.length) {
    lines.push("  position {");
    for (const s of statements) for (const line of s.split("\n")) lines.push(`    ${line}`);
    lines.push("  }");
  }
  lines.push("  // expect …: what the rules must give from here");
  lines.push("}");
  return lines.join("\n");
}
