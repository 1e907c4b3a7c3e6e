import type { ExampleDef, ExampleStepDef, GameDef, IrExpr, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import { nearest } from "../dsl/suggest.ts";
import { T, type Type } from "../dsl/types.ts";
import { compileExpr } from "./compile-expr.ts";
import { newExec, nulls } from "./exec.ts";
import { StartError, type Game, type StartOptions } from "./game.ts";
import type { Match } from "./match.ts";
import { RuntimeError } from "./runtime-error.ts";
import { Scenario, ScenarioError } from "./scenario.ts";
import { equal, label } from "./values.ts";

/**
 * Runs a rule file's `example` blocks: each starts its own match, lays out
 * its positions, takes its decisions by label and checks its expectations in
 * order, stopping at the first one that does not hold. The result says where
 * (file:line:col of the step) and what differed, expected against got.
 */

/** The outcome of one example. */
export interface ExampleResult {
  title: string;
  /** The file the example is written in. */
  file: string;
  /** The variant it plays, if any. */
  variant?: string;
  /** The whole `example` block. */
  span: Span;
  passed: boolean;
  /** Why it failed: the step's place and what differed. */
  failure?: ExampleFailure;
  /** The scenario as the example left it (at its failure, if it failed): to look at or to play on. */
  scenario?: Scenario;
}

export interface ExampleFailure {
  span: Span;
  message: string;
  expected?: string;
  got?: string;
}

/** The examples of a game: its own file's, in the base game and in each variant (each once). */
export function listExamples(game: Game): { example: ExampleDef; variant?: string }[] {
  const out: { example: ExampleDef; variant?: string }[] = [];
  const seen = new Set<number>();
  const defs: GameDef[] = [game.def, ...game.variants.map((v) => game.definition(v))];
  for (const def of defs) {
    for (const ex of def.examples) {
      // Examples of a base file that a variant file extends belong to that file's own run.
      if (ex.span.file !== undefined || seen.has(ex.span.start.offset)) continue;
      seen.add(ex.span.start.offset);
      const variant = ex.variant ?? def.variant;
      out.push(variant === undefined ? { example: ex } : { example: ex, variant });
    }
  }
  return out.sort((a, b) => a.example.span.start.offset - b.example.span.start.offset);
}

/** Runs every example of a game (see {@link listExamples}). */
export function runExamples(game: Game): ExampleResult[] {
  return listExamples(game).map(({ example, variant }) => runExample(game, example, variant));
}

class Failed extends Error {
  constructor(readonly failure: ExampleFailure) {
    super(failure.message);
  }
}

/** Runs one example to its end or its first failing step. */
export function runExample(game: Game, ex: ExampleDef, variant = ex.variant): ExampleResult {
  const result: ExampleResult = { title: ex.title, file: game.def.file, span: ex.span, passed: false };
  if (variant !== undefined) result.variant = variant;
  let sc: Scenario;
  try {
    const options: StartOptions = { players: ex.players, seed: ex.seed };
    if (variant !== undefined) options.variant = variant;
    if (ex.askAlways) options.askAlways = true;
    sc = Scenario.start(game, options);
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    result.failure = { span: ex.span, message: e.message };
    return result;
  }
  result.scenario = sc;
  if (sc.match.error) {
    const at = sc.match.error.span.start.line > 0 ? ` (line ${sc.match.error.span.start.line})` : "";
    result.failure = { span: ex.span, message: `the rules failed before the example's first step (in \`setup\`, or the flow up to its first decision)${at}: ${sc.match.error.message}` };
    return result;
  }
  const locals = nulls(Math.max(1, ex.nlocals));
  try {
    ex.steps.forEach((step, i) => runStep(sc, ex, step, i, locals));
    // A draw the example gave that the rules never took: the rules went another way than it says.
    const left = sc.match.forcedDraws?.[0];
    if (left) throw new Failed({ span: left.span, message: `the rules never drew ${sc.match.forcedDraws!.length === 1 ? "the last value" : `the last ${sc.match.forcedDraws!.length} values`} this \`random\` gives: no \`random\` call came after it` });
    result.passed = true;
  } catch (e) {
    if (e instanceof Failed) result.failure = e.failure;
    else if (e instanceof ScenarioError) result.failure = { span: ex.span, message: e.message };
    else if (e instanceof RuntimeError) result.failure = { span: e.span, message: e.message };
    else throw e;
  }
  return result;
}

function runStep(sc: Scenario, ex: ExampleDef, step: ExampleStepDef, index: number, locals: Value[]): void {
  const fail: (message: string, expected?: string, got?: string) => never = (message, expected, got) => {
    const f: ExampleFailure = { span: step.span, message };
    if (expected !== undefined) f.expected = expected;
    if (got !== undefined) f.got = got;
    throw new Failed(f);
  };
  const rt = sc.match.game.runtime(sc.match.state.variant);
  const x = () => newExec(rt, sc.match.state);
  const evaluate = (e: IrExpr): Value => compileExpr(e, rt)(x(), locals);
  const show = (v: Value, ty: Type): string => shown(sc, v, ty);
  const seat = (e: IrExpr | undefined): number | undefined => {
    if (!e) return undefined;
    const p = evaluate(e);
    if (typeof p !== "number") fail("`by` names no player (the value is `none`)");
    return p as number;
  };
  sc.stepped();
  try {
    switch (step.op) {
      case "position":
        sc.runPosition({ params: [], nlocals: locals.length, localNames: ex.localNames, span: step.span, body: step.body }, `${ex.span.start.offset}:${index}`, locals, step.triggers);
        return;
      case "choose":
        sc.choose(step.label, seat(step.by));
        return;
      case "random": {
        const values = evaluate(step.values);
        if (!Array.isArray(values)) fail("`random` lists what the next draws give, and this is `none`");
        (sc.match.forcedDraws ??= []).push(...values.map((value) => ({ value, span: step.span })));
        return;
      }
      case "expect": {
        if (evaluate(step.cond) === true) return;
        const taken = sc.takenSince();
        // A conjunction says which of its parts failed first, with both sides of an `==`.
        const part = step.parts?.find((q) => evaluate(q.cond) !== true);
        if (part?.got && part.want) fail(`expected ${step.text}: ${part.text} does not hold${taken}`, show(evaluate(part.want.e), part.want.ty), show(evaluate(part.got.e), part.got.ty));
        if (part) fail(`expected ${step.text}, but ${part.text} does not hold${taken}`);
        if (step.got && step.want) {
          const got = show(evaluate(step.got.e), step.got.ty);
          const want = show(evaluate(step.want.e), step.want.ty);
          fail(`expected ${step.text}${taken}`, want, got);
        }
        fail(`expected ${step.text}, but it does not hold${taken}`);
        return;
      }
      case "option": {
        const who = seat(step.by);
        const check = sc.check(step.label, who);
        // When the rules took choices without asking since the last step (a move with one legal
        // piece, then one legal square), the step reads a later decision than the one it meant:
        // say whose it is and what was taken, or "refused for another reason" reads as a wrong rule.
        const moved = sc.takenSince();
        const at = () => (moved ? ` at ${rt.playerName(who ?? sc.match.decision?.players[0] ?? 0)}'s decision "${sc.match.decision?.prompt ?? "none"}"${moved}` : "");
        if (step.offered) {
          // A label no option has: the message lists what is offered; `got` need not list it again.
          if (!check.offered) fail(`"${step.label}" is not offered: ${check.reason}${check.candidate ? at() : ""}`, "offered", check.candidate ? `refused: ${check.reason}` : "no such option");
          return;
        }
        if (check.offered) fail(`"${step.label}" is offered${at()}`, step.absent ? "not offered" : step.reason === undefined ? "refused" : `refused: ${step.reason}`, "offered");
        // `expect not offered`: absent or refused, the step holds either way.
        if (step.absent) return;
        // No candidate of the choice has the label (a misspelt one): nothing refuses it, so the
        // step proves nothing and fails, told apart from a refusal.
        if (!check.candidate && check.labels) {
          const listed = check.several ? pickHint(step.label, check.labels) : nearestHint(step.label, check.labels);
          const decider = rt.playerName(who ?? sc.match.decision?.players[0] ?? 0);
          fail(`no option has the label "${step.label}" (${decider} decides now, prompt: ${sc.match.decision?.prompt}), so no rule refuses it${listed}${sc.takenSince()}`, step.reason === undefined ? "refused" : `refused: ${step.reason}`, "no such option");
        }
        if (step.reason !== undefined && !check.reason.includes(step.reason)) {
          // Not a candidate at all (a misspelt label, or another decision than the step meant): no rule gave a reason.
          if (!check.candidate) fail(`"${step.label}" is no option here, so no rule refuses it: ${check.reason}`, step.reason, check.reason);
          fail(`"${step.label}" is refused for another reason${at()}`, step.reason, check.reason);
        }
        return;
      }
      case "over":
        if (step.negated) {
          if (sc.match.error) fail(`the rules failed: ${sc.match.error.message}`, "the game going on", "a rule failure");
          if (sc.match.over) fail(`the game is over${sc.takenSince()}`, "the game going on", `the game over: scores ${sc.match.result!.scores.join(", ")}`);
          return;
        }
        if (sc.match.error) fail(`the rules failed: ${sc.match.error.message}`, "the game over", "a rule failure");
        if (!sc.match.over) fail("the game is not over", "the game over", `${sc.match.decision?.prompt ?? "a decision"} (waiting for ${sc.match.decision?.players.map((p) => rt.playerName(p)).join(", ")})`);
        return;
      case "scores": {
        const want = evaluate(step.value);
        const got = sc.result().scores;
        if (!equal(got, want)) fail(`the scores differ${sc.takenSince()}${seatMeasures(sc.match)}`, show(want, T.list(T.number)), show(got, T.list(T.number)));
        return;
      }
      case "ranking": {
        const value = evaluate(step.value);
        const want = (Array.isArray(value) ? value : []).map((g) => (step.grouped ? (g as Value[]) : [g]));
        const got = sc.result().ranking;
        const norm = (r: Value[][]) => r.map((g) => [...g].sort());
        if (!equal(norm(want), norm(got))) fail(`the ranking differs${sc.takenSince()}`, rankingText(sc, want), rankingText(sc, got));
        return;
      }
    }
  } catch (e) {
    if (e instanceof ScenarioError) fail(e.message);
    throw e;
  }
}

function shown(sc: Scenario, v: Value, ty: Type): string {
  const x = newExec(sc.match.game.runtime(sc.match.state.variant), sc.match.state);
  const walk = (v: Value, ty: Type): string => {
    if (ty.t === "list" && Array.isArray(v)) return `[${v.map((i) => walk(i, ty.of)).join(", ")}]`;
    if (ty.t === "text" && typeof v === "string") return JSON.stringify(v);
    return label(x, v, ty);
  };
  return walk(v, ty);
}

function rankingText(sc: Scenario, ranking: Value[][]): string {
  const name = (p: Value) => sc.match.game.runtime(sc.match.state.variant).playerName(p as number);
  return ranking.map((g) => (g.length === 1 ? name(g[0]!) : `(${g.map(name).join(" = ")})`)).join(", ");
}

/** The labels nearest a misspelt one, for a step naming no option. */
function nearestHint(label: string, labels: readonly string[]): string {
  const near = nearest(label, labels);
  return near.length ? `; the nearest labels: ${near.map((l) => `"${l}"`).join(", ")}` : "; the choice has no options";
}

/** For a pick of several naming no items: how such a label is made, and the items nearest each unknown part. */
function pickHint(label: string, items: readonly string[]): string {
  const unknown = label.split(/, | and /).filter((part) => !items.includes(part));
  const near = [...new Set(unknown.flatMap((part) => nearest(part, items)))];
  const nearText = near.length ? `; the nearest items: ${near.map((l) => `"${l}"`).join(", ")}` : `; the items: ${items.map((l) => `"${l}"`).join(", ")}`;
  return `; a pick of several is named by its items, as "A, B and C"${nearText}`;
}

/**
 * The rules' per-seat `measure`s as they stand, for a failed `expect scores`: "; the measures by
 * seat now: Gold [0, 0], Water [0, -10]". Totals alone did not show where a point was missing (a
 * designer's example forgot the water track's -10; the measures a game keeps to say where each
 * seat's points come from showed it at once). Empty when the rules have none, or one fails now.
 */
function seatMeasures(m: Match): string {
  const read = m.measures();
  if (!read.ok) return "";
  const parts = read.measures.filter((v) => v.perPlayer && !v.share).map((v) => `${v.label} [${v.values.map((x) => (x === null ? "none" : String(x))).join(", ")}]`);
  return parts.length ? `; the measures by seat now: ${parts.join(", ")}` : "";
}
