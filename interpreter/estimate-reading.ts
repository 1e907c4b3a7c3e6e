import type { GameDef, IrExpr } from "../dsl/ir.ts";
import { listed } from "./bots/looks.ts";
import { irChildren } from "./ir-children.ts";

/**
 * What the bots' `estimate` is made of: its own block and every `define`, `rule`, `hook` and
 * `table` it reaches, call by call, each as JSON without spans (constants are folded into the
 * expressions that read them, so a changed constant changes its readers), and the components'
 * values of every field those read (`field:value`). Keyed by name, the estimate's own block under
 * `estimate`; empty without an estimate (bots then read `scoring`).
 *
 * Why: a variant that changes something the estimate reads changes how greedy and MCTS judge
 * positions, not only the game. A designer compared a 4-card trash against a 2-card one whose
 * estimate valued the card by the limit: the bots bought one in every base game and none in every
 * variant game, and the comparison measured the estimate as much as the rule (`stela compare`
 * says so, naming what differs: `estimateReadsChanged`).
 */
export function estimateReading(def: GameDef): Map<string, string> {
  const out = new Map<string, string>();
  if (!def.estimate) return out;
  const text = (v: unknown): string => JSON.stringify(v, (k, x: unknown) => (k === "span" ? undefined : x));
  out.set("estimate", text(def.estimate));
  // The fields read on the way (`c.value`): a variant that changes only what a card is worth
  // changes how the bots value it, as a changed constant does.
  const fields = new Set<string>();
  walkEstimate(def, (e) => {
    if (e.op === "field") fields.add(e.name!);
  }, (name, d) => out.set(name, text(d)));
  // What each kind of piece is worth, not how many there are: a variant that starts players with 8
  // coins and 2 shrines instead of 7 and 3 values each card as before, and its bots steer as the
  // base's do (its designer was told the estimate read what B changes, and doubted a sound result).
  // Each piece's read fields are kept together: two tiles whose gains and costs are swapped between
  // them are valued otherwise, though each field's values are the same.
  const read = [...fields].sort();
  const entries = new Map<string, (typeof def.components)[number]>();
  for (const c of def.components) {
    if (read.some((f) => Object.hasOwn(c.fields, f))) entries.set(text([c.kind, c.label, read.map((f) => (Object.hasOwn(c.fields, f) ? c.fields[f] : null))]), c);
  }
  const pieces = [...entries.keys()].sort();
  // Keyed by field, as the note names them: each the pieces that have it, with every field read.
  for (const f of read) {
    const having = pieces.filter((k) => Object.hasOwn(entries.get(k)!.fields, f));
    if (having.length) out.set(`${FIELD}${f}`, having.join(","));
  }
  return out;
}

/** How `estimateReading` keys the components' values of a field the estimate reads: `field:value`. */
const FIELD = "field:";

/**
 * Visits every node of the estimate and of each `define`, `rule`, `hook` and `table` it reaches
 * (each once, told to `reached` by name).
 */
function walkEstimate(def: GameDef, each: (e: IrExpr & { name?: string }) => void, reached: (name: string, decl: unknown) => void = () => {}): void {
  if (!def.estimate) return;
  // The declarations an expression reaches, by the kind of its call.
  const named: Partial<Record<IrExpr["op"], Record<string, unknown>>> = { fn: def.functions, rule: def.rules, hook: def.hooks, table: def.tables };
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (!node || typeof node !== "object") return;
    const e = node as IrExpr & { name?: string };
    each(e);
    const decls = named[e.op];
    const d = decls && e.name !== undefined ? decls[e.name] : undefined;
    if (d !== undefined && !seen.has(`${e.op}:${e.name}`)) {
      seen.add(`${e.op}:${e.name}`);
      reached(e.name!, d);
      visit(d);
    }
    for (const c of irChildren(node)) visit(c);
  };
  visit(def.estimate);
}

/**
 * Does the estimate read a player's seat (`p.seat`)? Then bots that judge by it may judge each seat
 * differently (a variant that gives one seat another estimate, as the README suggests for testing
 * one), and a first-player test cannot tell the first seat from how it is judged
 * (`FirstPlayerTest.seatEstimate`).
 */
export function estimateReadsSeat(def: GameDef): boolean {
  let reads = false;
  walkEstimate(def, (e) => {
    if (e.op === "prop" && e.name === "seat") reads = true;
  });
  return reads;
}

/** The names (`estimate` for its own block) whose reading differs between two definitions' estimates, in A's order then B's. */
export function estimateReadsChanged(a: GameDef, b: GameDef): string[] {
  return readingsChanged(estimateReading(a), estimateReading(b));
}

/**
 * The names whose reading differs between two estimates' readings (`estimateReading`, or the
 * record of one that crossed from a worker): what `estimateReadsChanged` compares.
 */
export function readingsChanged(a: ReadonlyMap<string, string> | Readonly<Record<string, string>>, b: ReadonlyMap<string, string> | Readonly<Record<string, string>>): string[] {
  const ra = a instanceof Map ? a : new Map(Object.entries(a));
  const rb = b instanceof Map ? b : new Map(Object.entries(b));
  // Without one on either side the bots read the scoring, whose change is the game's own.
  if (ra.size === 0 && rb.size === 0) return [];
  // One side only has one: its bots judge by a guess, the other's by the score.
  if (ra.size === 0 || rb.size === 0) return ["estimate"];
  const names = [...new Set([...ra.keys(), ...rb.keys()])];
  const changed = names.filter((n) => ra.get(n) !== rb.get(n));
  // A name only one side's estimate reaches is reached through one that changed (B's `threatened`
  // no longer calls `movable`), which is named: the base's own `movable` is no change of B's (a
  // designer went looking for changes that were not there). Named alone only if nothing else is.
  const both = changed.filter((n) => ra.has(n) && rb.has(n));
  return both.length ? both : changed;
}

/**
 * Said beside a comparison when the bots' `estimate` reads something B changes (`names`, from
 * `estimateReadsChanged`): each side's bots then judge by an estimate of their own, and a change
 * may come from how they steer as much as from the game. Not said when every one of the `pairs`
 * games was played move for move alike (`sameMoves`): the bots steered alike, which the same-play
 * note says. The CLI's and the editor's comparisons say it in these words (`changed`: how the
 * side that changes is named).
 */
export function estimateSteersNote(names: readonly string[], pairs: number, sameMoves?: number, changed = "what B changes"): string | undefined {
  if (!names.length || (sameMoves !== undefined && sameMoves >= pairs)) return undefined;
  const what = names.map((n) => (n === "estimate" ? "the estimate itself" : n.startsWith(FIELD) ? `the components' \`${n.slice(FIELD.length)}\`` : `\`${n}\``));
  return `the bots' estimate reads ${changed} (${listed(what)}): each side's bots judge positions by their own, so a change below may come from how they steer (what they buy, keep or avoid) as much as from the game; a measure of what they do tells which`;
}
