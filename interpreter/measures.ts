import type { Diagnostic } from "../dsl/diagnostic.ts";
import type { MeasureDef, Value } from "../dsl/ir.ts";
import { measureRowLabels } from "../dsl/measure-rows.ts";
import type { Span } from "../dsl/span.ts";
import { nulls, type Exec } from "./exec.ts";
import { asideFailure, RuntimeError } from "./runtime-error.ts";

/**
 * One `measure "Label" { … }` (or `measure "Label" p { … }`) of the game: a figure a designer asks
 * simulation for beyond who won (rounds played, a resource left, whether the game ended by its deck
 * running out).
 */
export interface MeasureInfo {
  label: string;
  /** One value a seat (`measure "…" p { … }`), else one for the game. */
  perPlayer: boolean;
  /** A yes/no measure: 1 when it held, 0 when not; simulation reports how often it held. */
  share: boolean;
}

/**
 * A measure's label and form alone (of its definition, or of a summary, which is a `MeasureInfo`
 * too): what figures are made for, so nothing else of what it was read from is carried on.
 */
export function infoOf({ label, perPlayer, share }: MeasureInfo): MeasureInfo {
  return { label, perPlayer, share };
}

/**
 * The rows a measure of the rules is reported under (`measureRowLabels`): itself, or an enum's one
 * a member, each a yes/no measure.
 */
export function measureRows(def: MeasureDef): MeasureInfo[] {
  return measureRowLabels(def).map((label) => ({ label, perPlayer: def.perPlayer, share: def.share }));
}

/** A measure read off a match. */
export interface MeasureValue extends MeasureInfo {
  /**
   * By seat when per player, else one value. `none` where the rules gave no figure (the round
   * a first goal was reached, in a game where none was): left out of that measure's figures.
   */
  values: (number | null)[];
}

/** The measures of a match, or the failure of the first one that failed. */
export type Measured = { ok: true; measures: MeasureValue[] } | { ok: false; error: Diagnostic };

/**
 * Reads every measure of the game on the match as it stands (simulation asks once a game has
 * ended). A measure that fails is a mistake in the rules, reported as a diagnostic at the rule
 * that failed, named after the measure; a value that is neither a number, a `bool` nor `none`
 * cannot happen in checked rules, and reads as a failure too rather than a wrong figure.
 */
export function readMeasures(x: Exec): Measured {
  const defs = x.rt.def.measures;
  const out: MeasureValue[] = [];
  for (let i = 0; i < defs.length; i++) {
    const def = defs[i]!;
    const compiled = x.rt.measures[i]!;
    const seats = def.perPlayer ? x.s.players : 1;
    const read: Value[] = [];
    try {
      for (let p = 0; p < seats; p++) {
        const l = nulls(Math.max(1, compiled.nlocals));
        l[0] = p;
        const v = compiled.value(x, l);
        read.push(def.members ? v : figure(v, def.span));
      }
    } catch (e) {
      return { ok: false, error: asideFailure(e, def.span, x.rt.def.file, `the measure "${def.label}"${def.perPlayer ? ` for Player ${read.length + 1}` : ""}`) };
    }
    // Read once; an enum's value then gives each member's row whether it came (`none`: no figure).
    const rows = measureRows(def);
    if (!def.members) out.push({ ...rows[0]!, values: read as (number | null)[] });
    else def.members.forEach((m, k) => out.push({ ...rows[k]!, values: read.map((v) => (v === null ? null : v === m.member ? 1 : 0)) }));
  }
  return { ok: true, measures: out };
}

/** A measure's value as a figure: a number as it is, a `bool` as 1 or 0, `none` as no figure. */
function figure(v: Value, span: Span): number | null {
  if (v === null) return null;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  throw new RuntimeError("runtime-error", `a measure must give a number, a \`bool\` or \`none\`, not ${typeof v === "number" ? String(v) : "this value"}`, span);
}
