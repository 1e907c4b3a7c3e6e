import type { Span } from "../dsl/span.ts";
import type { Value } from "../dsl/ir.ts";
import { fail } from "./runtime-error.ts";
import type { Runtime } from "./runtime.ts";
import type { MatchState } from "./state.ts";
import { freshEpoch } from "./memo.ts";

/** A compiled expression: reads the match and a frame's locals, changes nothing but the generator. */
export type Fn = (x: Exec, l: Value[]) => Value;

/** What running code sees: the game, the match it changes, and the limits it runs under. */
export interface Exec {
  rt: Runtime;
  s: MatchState;
  /** Work done since the last decision; past `budget` the rule is taken to loop forever. */
  steps: number;
  budget: number;
  /** Events raised by the last statement, to be handled before the next one. */
  events: { event: string; args: Value[] }[];
  /**
   * The generation of the memo (`memo.ts`): calls remembered under this number hold while the
   * match stands still; a new number (`forget`) sets them all aside at once.
   */
  memoEpoch: number;
  /**
   * The list the last decision took its value from, and the value's position in it (null, -1:
   * none). A piece put on the space just chosen from a board's empty spaces finds it there without
   * a search (`pieces.ts` `withoutCells`); read only as a hint, checked against the list.
   */
  takenFrom: readonly Value[] | null;
  takenAt: number;
  /**
   * Set for a look-ahead copy (`Match.lookAhead`): the rules stop on reaching a choice, before
   * weighing its options, and `stoppedAtChoice` says they did. A bot that only scores the position
   * a move leads to then skips weighing the next choice's candidates, most of a move's cost.
   */
  stopAtChoice: boolean;
  stoppedAtChoice: boolean;
  /**
   * Set for a quiet match (`Match.quiet`): its log keeps who decided but not the option's id and
   * label, and `log` statements' lines are worked out (a broken one stops the match as ever) but
   * not kept. Names change nothing in how a match goes, so a quiet match plays the same game.
   */
  quiet: boolean;
  /** Every choice waits to be asked, one with a single option too (`Match.askAlways`). */
  askAlways: boolean;
  /**
   * Told where each choice taken without asking was written (`Match.onForcedChoice`): its span,
   * and for named options the option's. Undefined, as nearly always, it costs one test per such choice.
   */
  onForced: ((sites: Span[]) => void) | undefined;
  /**
   * Told of each `deal` that found fewer pieces than it was to deal (`Match.onShortDeal`): where,
   * how many it was to deal and how many it did. Undefined, as nearly always, it costs one test per short deal.
   */
  onShortDeal: ((span: Span, asked: number, dealt: number) => void) | undefined;
  /**
   * Told of each decision a player took at a `choose` of one item or among named options, not
   * for lack of others and not in a secret choice (`Match`, for `choice-evidence.ts`): who took
   * what. Undefined, as in every copy a bot searches, it costs one test per decision.
   */
  onTaken: ((who: number, taken: Taken) => void) | undefined;
  /**
   * What the next calls of `random` give, in order, each with the example step that said so
   * (`Match.forcedDraws`, an example's `random [6, 5, 1]`). Undefined, as nearly always, it costs
   * one test per `random` call.
   */
  forcedDraws: ForcedDraw[] | undefined;
}

/** A value an example says the rules' next `random` call gives, and where it says so. */
export interface ForcedDraw {
  value: Value;
  span: Span;
}

/**
 * What a player took at a choice (`Exec.onTaken`): the value of a `choose` of one item (`null`:
 * its stop option), or the place in the rules of a named option (`choose { option … }`).
 */
export type Taken = { value: Value } | { option: number };

/** The work a rule may do between two decisions before it is stopped as an endless loop. */
export const STEP_BUDGET = 5_000_000;

/** Counts `n` units of work; throws the step-budget diagnostic at `span` past the budget. */
export function tick(x: Exec, span: Span, n = 1): void {
  // A NaN count would turn `steps` into NaN and switch the budget off for good.
  x.steps += n > 0 ? n : n === 0 ? 0 : 1;
  if (x.steps > x.budget) {
    fail(
      "runtime-step-budget",
      `this rule ran ${x.budget.toLocaleString("en")} steps without asking anyone anything: it probably loops forever`,
      span,
    );
  }
}

/**
 * A list of `n` nulls: a frame's fresh locals, or a fresh per-player map. Built by pushing, so
 * V8 keeps it packed: `new Array(n).fill(null)` stays "holey" for good (and so do its copies),
 * and every read of a local then checks for holes.
 */
export function nulls(n: number): Value[] {
  const out: Value[] = [];
  for (let i = 0; i < n; i++) out.push(null);
  return out;
}

/**
 * Runs `work` on a copy of the context as an aside: naming an option, explaining a refusal. Rules
 * change nothing but the generator and the frame's locals while they are evaluated; those two are
 * put back afterwards (no copy of the state), so the match goes on as if no one had asked, and
 * asking again gives the same answer. The aside has its own step count.
 */
export function aside<T>(x: Exec, locals: Value[], work: (probe: Exec) => T): T {
  const saved = locals.slice();
  const rng = x.s.rng.slice();
  try {
    // Built as `newExec` builds one, so rules run on one shape of context (a spread copy may get
    // another hidden class, and code that sees two runs slower everywhere).
    return work(execOf(x.rt, x.s, x.memoEpoch, x.budget));
  } finally {
    for (let i = 0; i < saved.length; i++) locals[i] = saved[i]!;
    x.s.rng = rng;
  }
}

export function newExec(rt: Runtime, s: MatchState): Exec {
  return execOf(rt, s, freshEpoch(), STEP_BUDGET);
}

function execOf(rt: Runtime, s: MatchState, memoEpoch: number, budget: number): Exec {
  return { rt, s, steps: 0, budget, events: [], memoEpoch, takenFrom: null, takenAt: -1, stopAtChoice: false, stoppedAtChoice: false, quiet: false, askAlways: false, onForced: undefined, onShortDeal: undefined, onTaken: undefined, forcedDraws: undefined };
}
