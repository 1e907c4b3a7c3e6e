import type { Diagnostic } from "../dsl/diagnostic.ts";
import type { Value } from "../dsl/ir.ts";
import { newExec, nulls, type Exec, type Fn } from "./exec.ts";
import { forget } from "./memo.ts";
import { asideFailure } from "./runtime-error.ts";
import type { Runtime } from "./runtime.ts";
import type { MatchState, PieceState } from "./state.ts";
import { equal, label } from "./values.ts";

/**
 * Marks: a kind's `mark` fields (`mark told: Colour? = none`), `state` fields that show wherever
 * the piece is, face down on a board or in a hand its viewer cannot look into, as a token laid
 * on a card's back does. The rules read and set them as any `state` field. What they change:
 *
 * - a view shows a hidden piece's marks (`view.ts`);
 * - a bot's redrawn copy (`resample.ts`) keeps each mark where it is, with the piece's place, while
 *   what the piece is moves: the marks were seen there, not on an identity;
 * - a kind's `known { … }` blocks say what its marks tell of a piece (`known { this.told == none
 *   or this.told == this.colour }`), and a redrawn copy gives a piece whose marks are set (not at
 *   their start values) only identities that keep every block true.
 */

/** The mark fields of a kind, with their start values; empty for most kinds. */
export function markFields(rt: Runtime, kind: string): readonly { name: string; init: Value }[] {
  let byKind = marked.get(rt);
  if (!byKind) marked.set(rt, (byKind = new Map()));
  let fields = byKind.get(kind);
  if (!fields) byKind.set(kind, (fields = (rt.def.kinds[kind]?.states ?? []).filter((f) => f.mark).map((f) => ({ name: f.name, init: f.init }))));
  return fields;
}

const marked = new WeakMap<Runtime, Map<string, { name: string; init: Value }[]>>();

/** The mark fields of component `c`'s kind. */
export function componentMarks(rt: Runtime, c: number): readonly { name: string; init: Value }[] {
  return markFields(rt, rt.def.components[c]!.kind);
}

/** A piece's marks by name, or undefined when its kind has none. */
export function marksOf(rt: Runtime, s: MatchState, id: number): Record<string, Value> | undefined {
  const p = s.pieces[id]!;
  const fields = componentMarks(rt, p.c);
  if (fields.length === 0) return undefined;
  const out: Record<string, Value> = {};
  for (const f of fields) out[f.name] = p.st[f.name] ?? f.init;
  return out;
}

/** A piece's marks that are set (not at their start values), or undefined when none is: what a view shows of a hidden piece. */
export function setMarksOf(rt: Runtime, s: MatchState, id: number): Record<string, Value> | undefined {
  const p = s.pieces[id]!;
  let out: Record<string, Value> | undefined;
  for (const f of componentMarks(rt, p.c)) {
    const v = p.st[f.name] ?? f.init;
    if (!equal(v, f.init)) (out ??= {})[f.name] = v;
  }
  return out;
}

/** Is any mark of the piece set (not at its start value)? */
export function marksSet(rt: Runtime, s: MatchState, id: number): boolean {
  const p = s.pieces[id]!;
  for (const f of componentMarks(rt, p.c)) if (!equal(p.st[f.name] ?? f.init, f.init)) return true;
  return false;
}

/** `st` without the marks of component `c` (what moves with a piece's identity when a copy is redrawn); `st` itself when there are none. */
export function unmarked(rt: Runtime, c: number, st: Record<string, Value>): Record<string, Value> {
  const fields = componentMarks(rt, c);
  if (fields.length === 0) return st;
  // Kept with the record (replaced whole, never changed): a search redraws the same pieces again
  // and again, and the same object keeps its sorting key (`resample.ts` `identityKey`).
  const kept = unmarkedKept.get(st);
  if (kept !== undefined) return kept;
  const out = { ...st };
  for (const f of fields) delete out[f.name];
  unmarkedKept.set(st, out);
  return out;
}

const unmarkedKept = new WeakMap<Record<string, Value>, Record<string, Value>>();

/** Identity fields `st` (`unmarked`) with the marks `place` holds: what a piece at that place gets when a redraw gives it that identity. */
export function withMarks(st: Record<string, Value>, place: Record<string, Value> | undefined): Record<string, Value> {
  return place === undefined ? st : { ...st, ...place };
}

/**
 * The identity `from` (another piece's: component, fields, owner) as piece `id` of `s` takes it:
 * with `id`'s own marks, which stay where they are. `from` itself for a kind without marks.
 */
export function identityFor(rt: Runtime, s: MatchState, id: number, from: Pick<PieceState, "c" | "st" | "owner">): Pick<PieceState, "c" | "st" | "owner"> {
  if (componentMarks(rt, from.c).length === 0) return from;
  return { c: from.c, st: withMarks(unmarked(rt, from.c, from.st), marksOf(rt, s, id)), owner: from.owner };
}

/**
 * Do piece `id`'s `known` blocks hold in `s` (true when its kind has none)? A block that fails (a
 * rule error) says nothing against the copy: true.
 */
export function holdsKnown(rt: Runtime, s: MatchState, id: number): boolean {
  const blocks = rt.known.get(rt.def.components[s.pieces[id]!.c]!.kind);
  if (!blocks) return true;
  const x = newExec(rt, s);
  // The piece was just given another identity: nothing remembered of it before holds.
  forget(x);
  for (const b of blocks) {
    try {
      if (knownValue(x, b, id) !== true) return false;
    } catch {
      continue;
    }
  }
  return true;
}

/** What one `known` block says of piece `id` (`this`); a rule that fails throws. */
function knownValue(x: Exec, b: { value: Fn; nlocals: number }, id: number): Value {
  const l = nulls(Math.max(1, b.nlocals));
  l[0] = id;
  return b.value(x, l);
}

/**
 * Why what the marks tell is untrue of a piece as it really is in `s`: the first `known` block
 * that fails (a rule error) or is false of a piece whose marks are set, as a diagnostic at the
 * block; null when every block holds of every marked piece. A redraw reads a failing block as
 * saying nothing and a false one as ruling out the piece's real identity, so either makes bots
 * search copies the rules did not mean; only a played match shows it, and `stela check --smoke`
 * asks this at every decision.
 */
export function knownFailure(rt: Runtime, s: MatchState): Diagnostic | null {
  if (rt.known.size === 0) return null;
  const x = newExec(rt, s);
  for (let id = 0; id < s.pieces.length; id++) {
    const kind = rt.def.kinds[rt.def.components[s.pieces[id]!.c]!.kind]!;
    const blocks = rt.known.get(kind.name);
    if (!blocks || !marksSet(rt, s, id)) continue;
    for (let i = 0; i < blocks.length; i++) {
      const span = kind.known![i]!.value.span;
      const piece = rt.pieceLabel(s, id);
      let v: Value;
      try {
        v = knownValue(x, blocks[i]!, id);
      } catch (e) {
        return asideFailure(e, span, rt.def.file, `what the marks of ${piece} tell (\`known\`)`);
      }
      if (v === true) continue;
      // The marks that are set, as `stela play` shows them on a hidden piece.
      const set = setMarksOf(rt, s, id)!;
      const marks = kind.states.filter((f) => f.name in set).map((f) => `${f.name} ${Array.isArray(set[f.name]) ? `[${label(x, set[f.name]!, f.type)}]` : label(x, set[f.name]!, f.type)}`);
      return {
        code: "runtime-known-false",
        severity: "error",
        message: `this \`known\` block is false of ${piece} as it really is (${marks.join(", ")}): the marks tell something untrue, and bots' redrawn copies would never give that piece its real identity`,
        hint: "the block should hold of every piece whose marks the rules set; check what sets the marks, or the block",
        file: span.file ?? rt.def.file,
        span,
      };
    }
  }
  return null;
}

/** Does the kind of component `c` have `known` blocks? */
export function hasKnown(rt: Runtime, c: number): boolean {
  return rt.known.has(rt.def.components[c]!.kind);
}
