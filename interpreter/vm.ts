import type { PlacementValue, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import type { Type } from "../dsl/types.ts";
import { explainCall, OP, type ChoiceSpec, type Instr, type RuleCall } from "./compile-code.ts";
import type { FlowRunner } from "./compile-flow.ts";
import { assertNever } from "./assert-never.ts";
import { items } from "./compile-expr.ts";
import { aside, nulls, tick, type Exec, type Fn, type Taken } from "./exec.ts";
import { LEGAL, markOf, newMarks, NOT_LEGAL, setMark, UNKNOWN, type CandidateMarks } from "./candidate-marks.ts";
import { choiceLabeller, legalGroups, legalValues, MAX_COMBINATIONS, MAX_PICK_TABLE, nameChoice, nameOne, namedOption, namingValues, pickCount, pickItems, pickTableSize, STOP_ID, valueAt } from "./options.ts";
import { computeResult } from "./result.ts";
import { fail, RuntimeError } from "./runtime-error.ts";
import type { ChoiceState, FrameState, LogEntry, Message, OptionState, Pending, MatchState } from "./state.ts";
import { equal, isDistinct, label, wholeCount } from "./values.ts";
import { seenByAll, seesPiece } from "./visibility.ts";
import { forget } from "./memo.ts";
import { hiddenSlot } from "./hidden-slot.ts";
import { isSpace } from "./space-info.ts";
import { textForAll, type PrivateText } from "./secret-text.ts";

/** One kind of instruction. */
type Ins<K extends Instr["k"]> = Extract<Instr, { k: K }>;

/** Frames deeper than this are taken as endless recursion. */
const MAX_FRAMES = 1000;

/** Runs the match until someone must decide, the game ends, or a rule fails. */
export function run(x: Exec): void {
  try {
    loop(x);
  } catch (e) {
    recordError(x, e, currentSpan(x));
  }
  fixReaders(x);
}

/**
 * Settles who reads a revealed secret answer of pieces as written (`LogEntry.pieces`): those who
 * see every one of them where the rules have put them by the next question (or the game's end),
 * once, so the line does not change after: read where the pieces lie at each reading, cards shown
 * and later taken back into a hand were hidden again from those who had seen them, and a card
 * passed on twice was named to its last holder as the first one's answer. Answers everyone can see
 * then are named to all. The reveal's lines are the log's last: nothing is logged before the next question.
 */
function fixReaders(x: Exec): void {
  const log = x.s.log;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.pieces === undefined || e.readers !== undefined) return;
    const pieces = e.pieces;
    if (pieces.every((id) => seenByAll(x, id))) {
      const { pieces: _, ...named } = e;
      log[i] = named;
    } else {
      const readers: number[] = [];
      for (let q = 0; q < x.s.players; q++) if (q === e.player || pieces.every((id) => seesPiece(x, id, q))) readers.push(q);
      // Replaced, not changed: clones share log entries.
      log[i] = { ...e, readers };
    }
  }
}

function currentSpan(x: Exec): Span {
  const f = x.s.stack[x.s.stack.length - 1];
  const ins = f ? x.rt.codeOf(f.code)?.instrs[f.pc] : undefined;
  return ins?.span ?? x.rt.def.flow.span;
}

/** Any failure while running ends the match with a diagnostic, never a thrown error. */
export function recordError(x: Exec, e: unknown, span: Span): void {
  const s = x.s;
  if (e instanceof RuntimeError) {
    // The procedures it ran in, as calls: each frame below the top waits at the call that made the next.
    for (let i = s.stack.length - 2; i >= 0; i--) {
      const f = s.stack[i]!;
      const ins = x.rt.codeOf(f.code)?.instrs[f.pc];
      if (ins?.k === "call") e.through(ins.span);
    }
    if (e.code === "runtime-step-budget") {
      // Where the budget ran out is wherever the last step fell (a `define` the loop calls, say):
      // the loop that went round without asking anyone is what the designer needs to see.
      const [outer, ...inner] = enclosingLoops(x).map((l) => l.start.line);
      if (outer !== undefined) e.message += `; it was inside the loop on line ${outer}${inner.map((l) => `, and the one on line ${l} within it`).join("")}`;
    }
    s.error = e.toDiagnostic(x.rt.def.file);
  } else if (e instanceof RangeError && /call stack/i.test(e.message)) {
    // Shown at the call that nested deepest (the one a recursion without end makes of itself), not at the statement that started it.
    s.error = new RuntimeError("runtime-stack-overflow", "calls nested too deeply: this rule probably calls itself forever", x.rt.takeDeepCall() ?? span).toDiagnostic(x.rt.def.file);
  } else if (e instanceof RangeError) {
    // "Invalid array length" or "Invalid string length": a value grew past what JavaScript holds.
    s.error = new RuntimeError("runtime-size-budget", "this rule built a list or text too large to hold", span).toDiagnostic(x.rt.def.file);
  } else {
    const msg = e instanceof Error ? e.message : String(e);
    s.error = new RuntimeError("runtime-error", `this rule failed: ${msg}`, span).toDiagnostic(x.rt.def.file);
  }
  s.over = true;
  s.pending = null;
}

/**
 * The loops (`loop`, `while`, `for`, `repeat`) the running frame is inside, outermost first: of
 * the top frame that is inside any. Each is the statement of the jump back that closes it (its
 * body lies between the jump's target and the jump).
 */
function enclosingLoops(x: Exec): Span[] {
  for (let i = x.s.stack.length - 1; i >= 0; i--) {
    const f = x.s.stack[i]!;
    const instrs = x.rt.codeOf(f.code)?.instrs ?? [];
    // Per loop top, its last jump back (a `continue` jumps there too, from inside the body).
    const closing = new Map<number, number>();
    instrs.forEach((ins, at) => {
      if (ins.k === "jump" && at >= f.pc && ins.to <= f.pc) closing.set(ins.to, at);
    });
    if (closing.size) return [...closing].sort((a, b) => a[0] - b[0]).map(([, at]) => instrs[at]!.span);
  }
  return [];
}

function top(x: Exec): FrameState | undefined {
  return x.s.stack[x.s.stack.length - 1];
}

function pushFrame(x: Exec, code: string, locals: Value[], detached: boolean, span: Span): void {
  if (x.s.stack.length >= MAX_FRAMES) fail("runtime-stack-overflow", `procedures nested more than ${MAX_FRAMES} deep: this rule probably calls itself forever`, span);
  const f: FrameState = { code, pc: 0, locals };
  if (detached) f.detached = true;
  x.s.stack.push(f);
}

/**
 * Pops a frame, passing `value` to the call that made it. Storing it anywhere but a local
 * (`p.score = tally()`) changes the match: the memo is forgotten then, whether the procedure
 * ended by `return` or by running out of statements.
 */
function popFrame(x: Exec, value: Value): void {
  const done = x.s.stack.pop()!;
  if (done.detached) return;
  const caller = top(x);
  if (!caller) return;
  const ins = x.rt.codeOf(caller.code)!.instrs[caller.pc];
  if (ins?.k === "call" && ins.result) {
    ins.result(x, caller.locals, value);
    if (!ins.resultLocal) forget(x);
  }
  caller.pc++;
}

/** Runs the handlers of the events the last statement raised (first declared runs first). */
function dispatchEvents(x: Exec): void {
  if (x.events.length === 0) return;
  const events = x.events;
  x.events = [];
  // A quiet frame (a scenario laying out a position) silences everything it calls too.
  const stack = x.s.stack;
  for (let i = 0; i < stack.length; i++) if (stack[i]!.quiet) return;
  // Frames run last-pushed first: push in reverse to run in order.
  for (let e = events.length - 1; e >= 0; e--) {
    const ev = events[e]!;
    for (let i = x.rt.handlers.length - 1; i >= 0; i--) {
      const h = x.rt.handlers[i]!;
      if (h.event !== ev.event) continue;
      const locals = nulls(h.nlocals);
      ev.args.forEach((a, k) => (locals[k] = a));
      if (h.where && h.where(x, locals) !== true) continue;
      pushFrame(x, h.code, locals, true, x.rt.codeOf(h.code)!.span);
    }
  }
}

function loop(x: Exec): void {
  const s = x.s;
  // The code of the frame on top, looked up again only when another frame comes on top
  // (a frame's code never changes): a name lookup per instruction was a tenth of a playout.
  let codeOf: FrameState | undefined;
  let instrs: Instr[] = [];
  let ops: number[] = [];
  let flow: FlowRunner | undefined;
  for (;;) {
    if (s.over || s.pending) return;
    const f = s.stack[s.stack.length - 1];
    if (!f) {
      finish(x);
      return;
    }
    if (f !== codeOf) {
      codeOf = f;
      const code = x.rt.codeOf(f.code)!;
      instrs = code.instrs;
      ops = code.ops;
      flow = code.flow;
    }
    // The compiled engine runs the block's plain instructions in one function (`compile-flow.ts`),
    // which stops at the first one it leaves to this loop, or after a statement raised events.
    if (flow !== undefined && flow.fast[f.pc] === 1) {
      flow.run(x, f);
      dispatchEvents(x);
      continue;
    }
    const op = ops[f.pc];
    if (op === undefined) {
      popFrame(x, null);
      continue;
    }
    const next = instrs[f.pc]!;
    // `tick(x, span)` with the span read only to report the budget passed.
    if (++x.steps > x.budget) tick(x, next.span, 0);
    const l = f.locals;
    // Dispatched on the kind's number (`OP`); each case reads its own kind of instruction.
    switch (op) {
      case OP.exec: {
        const ins = next as Ins<"exec">;
        ins.run(x, l);
        // A statement that wrote only a local leaves the match as it was.
        if (!ins.local) forget(x);
        f.pc++;
        dispatchEvents(x);
        break;
      }
      case OP.jump: {
        const ins = next as Ins<"jump">;
        f.pc = ins.to;
        break;
      }
      case OP.jf: {
        const ins = next as Ins<"jf">;
        f.pc = ins.c(x, l) === true ? f.pc + 1 : ins.to;
        break;
      }
      case OP.call: {
        const ins = next as Ins<"call">;
        const locals = nulls(ins.nlocals);
        const args = ins.args;
        for (let i = 0; i < args.length; i++) locals[i] = args[i]!(x, l);
        pushFrame(x, ins.code, locals, false, ins.span);
        break;
      }
      case OP.ret: {
        const ins = next as Ins<"ret">;
        // Returning changes nothing; the caller storing the result may (`popFrame`).
        popFrame(x, ins.value ? ins.value(x, l) : null);
        break;
      }
      case OP.for_init: {
        const ins = next as Ins<"for_init">;
        l[ins.listSlot] = items(x, ins.src(x, l), ins.zone, ins.span);
        l[ins.indexSlot] = 0;
        f.pc++;
        break;
      }
      case OP.for_next: {
        const ins = next as Ins<"for_next">;
        const list = l[ins.listSlot] as Value[];
        const i = l[ins.indexSlot] as number;
        if (i >= list.length) {
          f.pc = ins.end;
          break;
        }
        l[ins.slot] = list[i]!;
        l[ins.indexSlot] = i + 1;
        if (!ins.where || ins.where(x, l) === true) f.pc++;
        break;
      }
      case OP.repeat_init: {
        const ins = next as Ins<"repeat_init">;
        const n = ins.n(x, l);
        if (typeof n !== "number") fail("runtime-none-value", "how many times to repeat is `none`", ins.span);
        wholeCount(n, ins.span, "how many times to repeat");
        l[ins.counterSlot] = n;
        f.pc++;
        break;
      }
      case OP.repeat_next: {
        const ins = next as Ins<"repeat_next">;
        const n = l[ins.counterSlot] as number;
        if (n <= 0) f.pc = ins.end;
        else {
          l[ins.counterSlot] = n - 1;
          f.pc++;
        }
        break;
      }
      case OP.turn_begin: {
        const ins = next as Ins<"turn_begin">;
        const p = ins.player(x, l);
        if (typeof p !== "number" || p < 0 || p >= s.players) fail("runtime-none-value", "`turn` needs a player, and this is `none`", ins.span);
        l[ins.saveSlot] = s.current;
        // Outermost only: a `turn` inside another is a reply within that turn (`MatchState.turns`).
        if (s.current === null) s.turns[p]!++;
        s.current = p;
        forget(x);
        f.pc++;
        break;
      }
      case OP.turn_end: {
        const ins = next as Ins<"turn_end">;
        s.current = l[ins.saveSlot] as number | null;
        forget(x);
        f.pc++;
        break;
      }
      case OP.choose: {
        if (x.stopAtChoice) return stopAtChoice(x);
        const ins = next as Ins<"choose">;
        offerChoice(x, f, ins);
        break;
      }
      case OP.secret: {
        if (x.stopAtChoice) return stopAtChoice(x);
        const ins = next as Ins<"secret">;
        offerSecret(x, f, ins);
        break;
      }
      case OP.options: {
        if (x.stopAtChoice) return stopAtChoice(x);
        const ins = next as Ins<"options">;
        offerNamed(x, f, ins);
        break;
      }
      case OP.trigger: {
        const ins = next as Ins<"trigger">;
        x.events.push({ event: ins.event, args: ins.args.map((a) => a(x, l)) });
        f.pc++;
        dispatchEvents(x);
        break;
      }
      case OP.end:
        s.stack = [];
        finish(x);
        return;
      default:
        // An instruction this loop does not know must stop the match, not spin until the step budget.
        assertNever(next as never, "instruction");
    }
  }
}

/**
 * Leaves the choice the frame on top stands at unoffered (a look-ahead copy, `Exec.stopAtChoice`):
 * running from it later offers it, as a state read back from JSON or redrawn does (`resample.ts`).
 */
function stopAtChoice(x: Exec): void {
  x.stoppedAtChoice = true;
  // The loop counted the choice instruction already; offering it later counts it again.
  x.steps--;
}

function finish(x: Exec): void {
  // No rule reads whether the match is over or what is pending; only the current player matters, so
  // a flow ending outside any turn scores with what its last statements worked out (final log lines
  // often name the scores the scoring then counts).
  if (x.s.current !== null) forget(x);
  x.s.over = true;
  x.s.pending = null;
  x.s.current = null;
  x.s.result = computeResult(x);
}

// ------------------------------------------------------------------ choices

function decider(x: Exec, by: ((x: Exec, l: Value[]) => Value) | undefined, l: Value[], span: Span): number {
  const p = by ? by(x, l) : x.s.current;
  if (p === null || p === undefined) {
    fail("runtime-no-current-player", by ? "the player who should choose is `none`" : "who chooses? This `choose` has no `by` and is not inside a `turn`", span);
  }
  if (typeof p !== "number" || p < 0 || p >= x.s.players) fail("runtime-none-value", "the player who should choose is not a player", span);
  return p;
}

/**
 * Choices of at most this many candidates are weighed in full at the choice: keeping the rest
 * for later costs more than a few filters (a benchmark game choosing among seven columns played
 * 14% slower waiting). Whether a choice waits depends only on the match, so the random bot's
 * games stay as reproducible as before.
 */
const WEIGHED_AT_ONCE = 16;

/**
 * Does `v` pass every `where` of a choice (bound to the choice's name in `l`)? `byPiece`: what the
 * filters that read only the piece placed (`ChoiceSpec.byPiece`) answered for each piece so far in
 * this offer of the choice (the match and the frame's other locals stand still meanwhile).
 */
function passes(x: Exec, ins: ChoiceSpec, l: Value[], v: Value, byPiece?: PieceVerdicts): boolean {
  l[ins.varSlot] = v;
  const wheres = ins.wheres;
  let i = 0;
  // A candidate that is no placement (`none` in a list of them) is weighed as written: its filters fail as they would.
  if (byPiece !== undefined && v !== null && typeof v === "object") {
    const id = (v as PlacementValue).piece;
    const known = byPiece.get(id);
    // Charged the steps weighing them took, as the memo charges a remembered call: the budget runs
    // out where it would have (past it, they are weighed again, to fail where they would have).
    if (known !== undefined && x.steps + known.steps <= x.budget) {
      x.steps += known.steps;
      if (!known.pass) return false;
      i = ins.byPiece;
    } else {
      const before = x.steps;
      for (; i < ins.byPiece; i++) {
        if (wheres[i]!.cond(x, l) !== true) {
          byPiece.set(id, { pass: false, steps: x.steps - before });
          return false;
        }
      }
      byPiece.set(id, { pass: true, steps: x.steps - before });
    }
  }
  for (; i < wheres.length; i++) if (wheres[i]!.cond(x, l) !== true) return false;
  return true;
}

/** By piece id: whether the filters that read only the piece let its placements through, and the steps that took. */
type PieceVerdicts = Map<number, { pass: boolean; steps: number }>;

/** A fresh `PieceVerdicts` for one offer of a choice whose leading filters read only the piece, else undefined. */
function pieceVerdicts(ins: ChoiceSpec): PieceVerdicts | undefined {
  return ins.byPiece > 0 ? new Map() : undefined;
}

/**
 * The candidates of a choice that pass every `where` (distinct), plus the stop option if offered.
 * A choice that may be weighed later (`ChoiceSpec.weighLater`) is weighed only until it is known
 * that someone must be asked: its other candidates wait, unweighed (`ChoiceState.unweighed`), for
 * whoever needs to know. In games whose turns are placements most candidates fail their filters,
 * and a random bot drawing one option need weigh only the few it draws.
 */
function legalChoice(x: Exec, ins: ChoiceSpec & { span: Span }, l: Value[], chooser: number): ChoiceState {
  const candidates = items(x, ins.src(x, l), ins.zone, ins.span);
  tick(x, ins.span, candidates.length);
  if (ins.weighLater && candidates.length > WEIGHED_AT_ONCE) return weighSome(x, ins, l, chooser, candidates);
  let legal: Value[];
  if (ins.wheres.length === 0) {
    // Nothing to filter: every candidate is legal, and the list is shared (values are never changed
    // in place). The variable ends on the last candidate, as weighing each would leave it.
    legal = candidates;
    if (candidates.length > 0) l[ins.varSlot] = candidates[candidates.length - 1]!;
  } else {
    legal = [];
    const byPiece = pieceVerdicts(ins);
    for (const c of candidates) if (passes(x, ins, l, c, byPiece)) legal.push(c);
  }
  let choice: ChoiceState;
  if (ins.count) {
    const k = ins.count(x, l);
    if (typeof k !== "number") fail("runtime-none-value", "how many to choose is `none`", ins.span);
    if (!Number.isInteger(k) || k < 0) fail("runtime-invalid-number", `how many to choose must be a whole number from 0 up, and is ${k}`, ins.span);
    choice = { ...legalGroups(x, legal, ins.valueType, chooser), k };
    if (ins.upTo) choice.upTo = true;
    if (ins.atLeast) choice.atLeast = true;
  } else {
    // Part of a list known to hold distinct spaces (a board's) has no duplicates to look for.
    const distinct = ins.valueType.t !== "piece" && isDistinct(candidates);
    choice = { values: distinct ? legal : legalValues(x, legal, ins.valueType, chooser) };
  }
  const stop = stopLabel(x, ins, l);
  if (stop !== undefined) choice.stop = stop;
  if (choice.k !== undefined && !choice.upTo && choice.values.length < choice.k && choice.stop === undefined && !ins.ifAny) {
    fail("runtime-no-options", `${x.rt.playerName(chooser)} must choose ${choice.atLeast ? "at least " : ""}${choice.k} here but only ${choice.values.length} ${choice.values.length === 1 ? "is" : "are"} allowed; guard the choice with an \`if\`, end it with \`if any\` (then it is \`none\`), or offer \`stop\``, ins.span);
  }
  if (choice.k !== undefined && pickTableSize(choice) > MAX_PICK_TABLE) {
    fail("runtime-size-budget", `choosing ${choice.upTo ? "up to " : choice.atLeast ? "at least " : ""}${choice.k} of these ${choice.values.length} items has too many picks to number; split the choice into smaller ones`, ins.span);
  }
  if (choice.k !== undefined && pickCount(choice) > MAX_COMBINATIONS) {
    fail("runtime-size-budget", `choosing ${choice.upTo ? "up to " : choice.atLeast ? "at least " : ""}${choice.k} of these ${choice.values.length} gives more than ${MAX_COMBINATIONS.toLocaleString("en")} combinations to offer; split the choice into smaller ones`, ins.span);
  }
  return choice;
}

/** The stop option's label when stopping is offered now. */
function stopLabel(x: Exec, ins: ChoiceSpec, l: Value[]): string | undefined {
  return ins.stop && (!ins.stop.when || ins.stop.when(x, l) === true) ? String(ins.stop.label(x, l)) : undefined;
}

/**
 * A choice of one value weighed from its first candidate only until enough are legal to settle
 * whether anyone is asked: two (one when a single option is asked too; one fewer when stopping is
 * offered). Weighed to the end, it is an ordinary choice; otherwise it keeps its distinct
 * candidates unweighed, and what was learnt is kept beside it (`weighings`). Duplicates go first:
 * equal values pass the same filters, so the first of each is the one an ordinary choice keeps.
 */
function weighSome(x: Exec, ins: ChoiceSpec & { span: Span }, l: Value[], chooser: number, candidates: Value[]): ChoiceState {
  const values = isDistinct(candidates) ? candidates : legalValues(x, candidates, ins.valueType, chooser);
  const stop = stopLabel(x, ins, l);
  const need = (ins.askAlways || x.askAlways ? 1 : 2) - (stop === undefined ? 0 : 1);
  // Every mark starts as UNKNOWN: a choice of a thousand placements writes only those weighed.
  const marks = newMarks(values.length);
  const byPiece = pieceVerdicts(ins);
  let found = 0;
  let i = 0;
  for (; i < values.length && found < need; i++) {
    if (passes(x, ins, l, values[i]!, byPiece)) {
      setMark(marks, i, LEGAL);
      found++;
    } else setMark(marks, i, NOT_LEGAL);
  }
  let choice: ChoiceState;
  if (i === values.length) choice = { values: values.filter((_, j) => markOf(marks, j) === LEGAL) };
  else {
    choice = { values, unweighed: true };
    weighings.set(choice, byPiece ? { marks, epoch: x.memoEpoch, byPiece } : { marks, epoch: x.memoEpoch });
  }
  if (stop !== undefined) choice.stop = stop;
  return choice;
}

/**
 * What is known of an unweighed choice's candidates, kept beside the state, by choice: copies of
 * the match share their pending choice and stand where it was asked, so they share the answers
 * too; a state read back from JSON weighs again, to the same answers.
 */
interface Weighing {
  /** Per candidate: `UNKNOWN`, `LEGAL` or `NOT_LEGAL`. */
  marks: CandidateMarks;
  /** The choice cut down to its legal values, once every candidate is weighed. */
  legal?: ChoiceState;
  /**
   * The memo's generation when the choice was asked (`memo.ts`): what the rules worked out then
   * still holds while the match stands at the choice, so weighing later answers from it (the
   * filters of a choice often ask what the rules asked just before it).
   */
  epoch?: number;
  /** What the filters that read only the piece answered so far (`passes`), kept for the later weighing. */
  byPiece?: PieceVerdicts;
}

const weighings = hiddenSlot<Weighing>();

function weighingOf(c: ChoiceState): Weighing {
  let w = weighings.get(c);
  if (!w) {
    w = { marks: newMarks(c.values.length) };
    weighings.set(c, w);
  }
  return w;
}

/**
 * Runs `work` with a test of the candidates of `who`'s unweighed choice `c`, which weighs each
 * candidate once, as an aside (`aside`: the frame's locals are put back) in the frame that asks
 * the choice, as it stood when asked (its memo too, `Weighing.epoch`). A filter that fails throws
 * its diagnostic, as it would have at the choice.
 */
function weighing<T>(x: Exec, c: ChoiceState, who: number, work: (isLegal: (i: number) => boolean) => T): T {
  const w = weighingOf(c);
  const { marks, epoch } = w;
  const ins = waitingAt(x) as Ins<"choose" | "secret">;
  const byPiece = ins.byPiece > 0 ? (w.byPiece ??= new Map()) : undefined;
  const l = top(x)!.locals;
  return aside(x, l, (probe) => {
    if (epoch !== undefined) probe.memoEpoch = epoch;
    if (ins.k === "secret") l[ins.chooserSlot] = who;
    return work((i) => {
      let m = markOf(marks, i);
      if (m === UNKNOWN) setMark(marks, i, (m = passes(probe, ins, l, c.values[i]!, byPiece) ? LEGAL : NOT_LEGAL));
      return m === LEGAL;
    });
  });
}

/** The choice `c` of `who` with only its legal values: an unweighed one is weighed in full, once. */
function legalOf(x: Exec, c: ChoiceState, who: number): ChoiceState {
  if (!c.unweighed) return c;
  const w = weighingOf(c);
  if (!w.legal) {
    const values = weighing(x, c, who, (isLegal) => c.values.filter((_, i) => isLegal(i)));
    w.legal = c.stop === undefined ? { values } : { values, stop: c.stop };
  }
  return w.legal;
}

/**
 * `legalOf` for those who only look at the options: a filter that fails on a candidate ends the
 * match with its diagnostic, as it would have at the choice, and there are no options.
 */
function legalOrEnd(x: Exec, c: ChoiceState, who: number): ChoiceState | undefined {
  try {
    return legalOf(x, c, who);
  } catch (e) {
    recordError(x, e, waitingAt(x).span);
    return undefined;
  }
}

function choiceSize(c: ChoiceState): number {
  return pickCount(c) + (c.stop === undefined ? 0 : 1);
}

/**
 * A choice's question: the rules' `prompt`, or `fallback`. Everyone reads it; one that names a
 * piece some cannot see reads otherwise to them (`promptFor`, set by `tellApart`). A quiet match
 * keeps only the text (nobody reads it but the bots, who are not told the prompt).
 */
function prompt(x: Exec, f: ((x: Exec, l: Value[]) => Value) | undefined, l: Value[], fallback: string): string {
  if (!f) return fallback;
  if (x.quiet) return String(f(x, l));
  const t = textForAll(x, () => String(f(x, l)));
  if (t.private) told = t.private;
  return t.text;
}

/**
 * The other players' reading of the prompt `prompt` just worked out, put on its choice `p`: kept
 * apart from the text, so a choice is built as before (a decision's hot path) and gains a field
 * only when its question names something hidden.
 */
function tellApart<P extends Pending>(p: P): P {
  if (told) {
    p.promptFor = told;
    told = undefined;
  }
  return p;
}
let told: PrivateText | undefined;

/**
 * A decision's log line whose label named a piece some cannot see (`labelFor`): they read it
 * otherwise. A choice of several items is hidden from them whole (its label joins the items').
 */
function withLabelFor(e: LogEntry, labelFor: PrivateText | undefined, several = false): LogEntry {
  if (labelFor === undefined) return e;
  if (several) e.hidden = true;
  else e.labelFor = labelFor;
  return e;
}

/** A log line of a decision taken at `p`, with its question as `p` asked it. */
function logged<E extends LogEntry>(e: E, p: Pending): E {
  if (p.promptFor) e.promptFor = p.promptFor;
  return e;
}

/**
 * Why a choice has no option, for its failure: nothing to choose from (an empty hand, a deck
 * dealt out), or candidates every one of which its `where` refuses. Worked out again only on the
 * way to failing, so a choice that has options pays nothing for it.
 */
function nothingAllowed(x: Exec, ins: ChoiceSpec & { span: Span }, l: Value[]): string {
  let candidates: number;
  try {
    candidates = items(x, ins.src(x, l), ins.zone, ins.span).length;
  } catch {
    return "nothing is allowed";
  }
  if (candidates === 0) return "there is nothing to choose from (the list or zone it chooses from is empty)";
  return `its \`where\` refuses ${candidates === 1 ? "the one candidate" : candidates === 2 ? "both candidates" : `all ${candidates} candidates`}${firstRefusal(x, ins, l)}`;
}

/**
 * Why the candidates of a choice with none allowed are refused, in the rules' words (a `where`'s
 * `else`, or the failing `require` of the rule it calls): the different reasons of its first
 * candidates, as " (refused: "…"; "…")"; empty when that cannot be said. Worked out as an aside,
 * on the way to failing (a smoke run's "refuses all 3 candidates" said nothing of why).
 */
function firstRefusal(x: Exec, ins: ChoiceSpec & { span: Span }, l: Value[]): string {
  try {
    const reasons = aside(x, l, (probe) => {
      const out: string[] = [];
      for (const c of items(probe, ins.src(probe, l), ins.zone, ins.span).slice(0, REFUSALS_WEIGHED)) {
        l[ins.varSlot] = c;
        const w = ins.wheres.find((w) => w.cond(probe, l) !== true);
        if (!w) continue;
        const reason = whyNot(probe, l, w.reason, w.rules, ins.span) ?? `this must hold: ${w.text}`;
        if (!out.includes(reason)) out.push(reason);
        if (out.length === REFUSALS_SHOWN) break;
      }
      return out;
    });
    return reasons.length ? ` (refused: ${reasons.map((r) => `"${r}"`).join("; ")})` : "";
  } catch {
    return "";
  }
}

/** A failing choice's candidates weighed for their refusals, and how many different reasons are told. */
const REFUSALS_WEIGHED = 50;
const REFUSALS_SHOWN = 3;

function offerChoice(x: Exec, f: FrameState, ins: Extract<Instr, { k: "choose" }>): void {
  const player = decider(x, ins.by, f.locals, ins.span);
  const choice = legalChoice(x, ins, f.locals, player);
  // An unweighed choice has at least two options (one with `ask always`): someone is asked.
  const size = choice.unweighed ? -1 : choiceSize(choice);
  if (size === 0 && ins.ifAny) {
    // `if any`: nothing to choose, so nobody is asked and the choice is `none`.
    f.locals[ins.slot] = null;
    f.pc++;
    return;
  }
  if (size === 0) {
    fail("runtime-no-options", `${x.rt.playerName(player)} must choose here but ${nothingAllowed(x, ins, f.locals)}; guard the choice with an \`if\`, end it with \`if any\` (then it is \`none\`), or offer \`stop\``, ins.span);
  }
  const pending: Pending = tellApart({ kind: "choose", player, prompt: prompt(x, ins.prompt, f.locals, "Choose"), choice });
  if (size === 1 && !ins.askAlways && !x.askAlways) {
    // One legal option: taken without asking, said in the messages (the log keeps decisions only).
    settle(x, f, ins, pending, player, 0, undefined, true);
    return;
  }
  x.s.pending = pending;
}

/**
 * Says that `player` took their only option, as a line of the messages
 * (`at` as for a `log` line: the decisions taken so far). A choice the others
 * may not read (a piece they cannot see) reads to them as any hidden choice
 * does, not as forced: "took their only option" told the table that a hand's
 * two cards were alike, or that a card had to be played (a designer's
 * game of hidden hands, where nobody may tell a forced play from a bluff).
 */
function tellForced(x: Exec, player: number, option: string, label: string, hidden: boolean): void {
  const m: Message = { text: `${x.rt.playerName(player)}: ${label} (only option)`, at: x.s.log.length, forced: { player, option, label } };
  if (hidden) {
    m.to = player;
    m.others = `${x.rt.playerName(player)}: (a hidden choice)`;
  }
  x.s.messages.push(m);
}

function offerNamed(x: Exec, f: FrameState, ins: Ins<"options">): void {
  const player = decider(x, ins.by, f.locals, ins.span);
  const offered: number[] = [];
  for (let i = 0; i < ins.options.length; i++) {
    const o = ins.options[i]!;
    if (!o.when || o.when(x, f.locals) === true) offered.push(i);
  }
  if (offered.length === 0) fail("runtime-no-options", `${x.rt.playerName(player)} must choose here but no option's condition holds`, ins.span);
  // Named options keep the order the rules list them in (a rulebook's order of actions); it is
  // as deterministic as sorting, and reads better. Their labels are worked out when asked for.
  const pending: Pending = tellApart({ kind: "options", player, prompt: prompt(x, ins.prompt, f.locals, "Choose an action"), offered });
  if (offered.length === 1 && !ins.askAlways && !x.askAlways) {
    // The options turned down are said with the one taken, to its player: shown only "Discard it
    // (only option)", a designer never learnt why "Play it" was not offered. Worked out before the
    // option runs (its code changes what the conditions read), in a narrated match only.
    const refused = !x.quiet && offered.length < ins.options.length ? refusedNamed(x, f, ins, offered) : "";
    const told = x.s.messages.length;
    settle(x, f, ins, pending, player, 0, undefined, true);
    const m = x.s.messages[told];
    if (refused && m?.forced) {
      // Its player reads why; the others read what they read before (a label may name what they cannot see).
      if (m.to === undefined) {
        m.to = player;
        m.others = m.text;
      }
      m.text = `${m.text.replace(/\)$/, "")}; ${refused})`;
    }
    return;
  }
  x.s.pending = pending;
}

/**
 * The id and label of offered option `index` of a choice of named options (`rulesIndex`: its place in
 * the rules), from its label in the frame that offers it. Worked out only when asked for: a bot
 * taking an option by its number names the one it takes, for the log, and no other. Evaluated as
 * a choice's item labels are (`choiceLabeller`): the frame's locals and the generator are put back
 * after, so naming an option changes nothing and gives the same name whenever it is asked. A
 * label that fails reads as "option N" when options are listed (`strict` false); taking the option
 * runs it strictly, so a broken label ends the match with a diagnostic at the label.
 */
/** `listed`: named for a list of options, with the space it is about (`at`); a decision's log line needs only its name. */
function nameNamedOption(x: Exec, locals: Value[], ins: Ins<"options">, rulesIndex: number, index: number, strict: boolean, listed = false): OptionState {
  let text: string;
  try {
    text = aside(x, locals, (probe) => String(ins.options[rulesIndex]!.label(probe, locals)));
  } catch (e) {
    if (strict) throw e;
    text = `option ${rulesIndex + 1}`;
  }
  const o = namedOption(text, rulesIndex, index);
  // `option "…" at s`: the space it is about, so a board offers it there. One that fails, or is `none`, points nowhere.
  const at = listed ? ins.options[rulesIndex]!.at : undefined;
  if (at) {
    try {
      const s = aside(x, locals, (probe) => at(probe, locals));
      if (isSpace(s)) o.spaces = [s.key];
    } catch {
      // Where an option points is a hint for the board, as a lenient label is a name: a failing
      // one (a rule error, calls nested too deeply) points nowhere, and never stops the listing.
    }
  }
  return o;
}

/** Every offered option of a choice of named options, named (kept per offer: copies of the match share its list). */
const namedOffers = hiddenSlot<OptionState[]>();

function nameOffered(x: Exec, p: Extract<Pending, { kind: "options" }>): OptionState[] {
  let out = namedOffers.get(p.offered);
  if (!out) {
    const ins = waitingAt(x) as Ins<"options">;
    const locals = top(x)!.locals;
    out = p.offered.map((r, i) => nameNamedOption(x, locals, ins, r, i, false, true));
    namedOffers.set(p.offered, out);
  }
  return out;
}

function offerSecret(x: Exec, f: FrameState, ins: Extract<Instr, { k: "secret" }>): void {
  const who = ins.choosers(x, f.locals);
  if (!Array.isArray(who)) fail("runtime-none-value", "the players who choose are `none`", ins.span);
  const listed = [...new Set(who as number[])].sort((a, b) => a - b);
  const players: number[] = [];
  const choices: Record<number, ChoiceState> = {};
  for (const p of listed) {
    f.locals[ins.chooserSlot] = p;
    const c = legalChoice(x, ins, f.locals, p);
    if (!c.unweighed && choiceSize(c) === 0) {
      // `if any`: a player with nothing to choose is not asked, and their value is `none`.
      if (ins.ifAny) continue;
      fail("runtime-no-options", `${x.rt.playerName(p)} must choose here but ${nothingAllowed(x, ins, f.locals)}; end the choice with \`if any\` (then their value is \`none\`), or choose among those who can`, ins.span);
    }
    players.push(p);
    choices[p] = c;
  }
  if (players.length === 0) {
    f.locals[ins.slot] = nulls(x.s.players);
    f.pc++;
    return;
  }
  f.locals[ins.chooserSlot] = players[0]!;
  const pending: Extract<Pending, { kind: "secret" }> = tellApart({ kind: "secret", players, prompt: prompt(x, ins.prompt, f.locals, "Choose in secret"), choices, chosen: {} });
  // Players with one legal option have answered already; when nobody has a real choice, nobody is asked.
  for (const p of ins.askAlways || x.askAlways ? [] : players) {
    if (!choices[p]!.unweighed && choiceSize(choices[p]!) === 1 && settle(x, f, ins, pending, p, 0, undefined, true)) return;
  }
  x.s.pending = pending;
}

// ------------------------------------------------------------------ applying a decision

export type ApplyResult = { ok: true } | { ok: false; code: "illegal-option" | "unknown-option" | "not-your-turn" | "match-over"; reason: string };

/** Who owes a decision now. */
export function owing(p: Pending | null): number[] {
  if (!p) return [];
  if (p.kind === "secret") return p.players.filter((q) => !(q in p.chosen));
  return [p.player];
}

/**
 * Does `who` owe a decision on `p`? `owing` without building the list: every decision asks it
 * several times (may they decide, how many options, which to take).
 */
function owes(p: Pending, who: number): boolean {
  return p.kind === "secret" ? p.players.includes(who) && !(who in p.chosen) : p.player === who;
}

/** The first player who owes a decision on `p` (`owing(p)[0]`). */
function firstOwing(p: Pending): number | undefined {
  if (p.kind !== "secret") return p.player;
  for (const q of p.players) if (!(q in p.chosen)) return q;
  return undefined;
}

/** Why nothing can be decided now, or null when `player` (default: the first who owes) may decide. */
function cannotDecide(x: Exec, player: number | undefined): Exclude<ApplyResult, { ok: true }> | null {
  const s = x.s;
  const p = s.pending;
  if (s.over || !p) return { ok: false, code: "match-over", reason: s.error ? `the match stopped on an error: ${s.error.message}` : "the match is over" };
  // A seat that is none of the match's ("Player 6 has no decision" in a match of 2; "nobody" for "0").
  if (player !== undefined && !(Number.isInteger(player) && player >= 0 && player < s.players)) {
    return { ok: false, code: "not-your-turn", reason: `there is no seat ${typeof player === "number" ? player : JSON.stringify(player)} in this match: its ${s.players} players are seats 0 to ${s.players - 1}` };
  }
  const who = player ?? firstOwing(p)!;
  if (!owes(p, who)) {
    return { ok: false, code: "not-your-turn", reason: `${x.rt.playerName(who)} has no decision to take now (waiting for ${owing(p).map((q) => x.rt.playerName(q)).join(", ")})` };
  }
  return null;
}

/** The instruction a pending decision waits at. */
function waitingAt(x: Exec): Instr {
  const f = top(x)!;
  return x.rt.codeOf(f.code)!.instrs[f.pc]!;
}

/** The pending choice of `who` (not for named options). */
function choiceOf(p: Pending, who: number): ChoiceState | undefined {
  return p.kind === "choose" ? p.choice : p.kind === "secret" ? p.choices[who] : undefined;
}

/** Who decides when no player is named: the first who owes a decision. */
function defaultChooser(x: Exec, player: number | undefined): number | undefined {
  return player ?? (x.s.pending ? firstOwing(x.s.pending) : undefined);
}

/**
 * How many options `player` has now (0 when they owe nothing): the cheap
 * path, no names. Read off the pending decision when that knows it
 * (`knownOptionCount`); otherwise the waiting candidates are weighed.
 */
export function optionCount(x: Exec, player?: number): number {
  const known = knownOptionCount(x.s, player);
  if (known !== undefined) return known;
  // An unweighed choice of a player who owes it (`knownOptionCount` answers every other case).
  const p = x.s.pending!;
  const who = defaultChooser(x, player)!;
  const legal = legalOrEnd(x, choiceOf(p, who)!, who);
  return legal ? choiceSize(legal) : 0;
}

/**
 * `optionCount` read off the pending decision when no rule need run for it (every option weighed
 * already), or undefined when candidates still wait to be weighed: then `optionCount` weighs
 * them, with an `Exec`. Bots and simulation ask the count at every decision, and making a context
 * for it cost a fifth of a decision in a game whose rules only ask (`Match.optionCount`).
 */
export function knownOptionCount(s: MatchState, player?: number): number | undefined {
  const p = s.pending;
  if (!p || s.over) return 0;
  const who = player ?? firstOwing(p);
  if (who === undefined || !owes(p, who)) return 0;
  if (p.kind === "options") return p.offered.length;
  const c = choiceOf(p, who);
  if (!c) return 0;
  if (!c.unweighed) return choiceSize(c);
  const legal = weighings.get(c)?.legal;
  return legal ? choiceSize(legal) : undefined;
}

/** The options of `player` now, named and sorted (named options keep the rules' order). */
export function namedOptions(x: Exec, player?: number): OptionState[] {
  const p = x.s.pending;
  if (!p || x.s.over) return [];
  const who = defaultChooser(x, player);
  if (who === undefined || !owes(p, who)) return [];
  if (p.kind === "options") return nameOffered(x, p);
  const c = choiceOf(p, who);
  const legal = c && legalOrEnd(x, c, who);
  if (!legal) return [];
  const ins = waitingAt(x) as Extract<Instr, { k: "choose" | "secret" }>;
  return nameChoice(x, legal, ins.valueType, who, choiceLabeller(x, ins, top(x)!.locals, who, false));
}

/**
 * The items of `player`'s pending multi-pick (`choose 3 c from …`), one at a time (`pickItems`),
 * or undefined when what they owe is not one. Its options (`namedOptions`) are the combinations.
 */
export function pendingPick(x: Exec, player: number): ReturnType<typeof pickItems> | undefined {
  const p = x.s.pending;
  if (!p || x.s.over || !owes(p, player) || p.kind === "options") return undefined;
  const c = choiceOf(p, player);
  if (!c || c.k === undefined) return undefined;
  const legal = legalOrEnd(x, c, player);
  if (!legal) return undefined;
  const ins = waitingAt(x) as Extract<Instr, { k: "choose" | "secret" }>;
  return pickItems(x, legal, ins.valueType, player, choiceLabeller(x, ins, top(x)!.locals, player, false));
}

/** Applies one player's decision, given by option id, then runs on to the next decision. */
export function apply(x: Exec, optionId: string, player?: number): ApplyResult {
  const no = cannotDecide(x, player);
  if (no) return no;
  const who = defaultChooser(x, player)!;
  const chosen = namedOptions(x, who).find((o) => o.id === optionId);
  if (!chosen) return refuse(x, top(x)!, waitingAt(x), optionId, who);
  return decide(x, who, chosen.index, chosen);
}

/** Applies the option at `index` of the legal values (the cheap path: nothing is named but the log line). */
export function applyAt(x: Exec, index: number, player?: number): ApplyResult {
  const no = cannotDecide(x, player);
  if (no) return no;
  const who = defaultChooser(x, player)!;
  const n = optionCount(x, who);
  // Weighing the options may have found a filter that fails: the match is over.
  if (x.s.over) return cannotDecide(x, player)!;
  if (!Number.isInteger(index) || index < 0 || index >= n) return { ok: false, code: "unknown-option", reason: `there is no option number ${index} (${n} options)` };
  return decide(x, who, index);
}

/**
 * A decision drawn at random among the legal options of `who`, each as likely: `pick(n)` gives a
 * whole number below `n`. An ordinary choice draws its index once. An unweighed choice draws among
 * its candidates (and the stop option) and weighs only what it draws: a candidate that fails its
 * filters is set aside and the draw made again, so each legal option is as likely as with every
 * candidate weighed first. The draws do not depend on what was weighed before (listing the options
 * first draws the same option), so a bot's seed gives the same game however it is watched.
 */
type Drawn = { index: number } | { choice: ChoiceState; candidate: number };

function drawOption(x: Exec, who: number, pick: (n: number) => number): Drawn {
  const p = x.s.pending!;
  const c = choiceOf(p, who);
  if (!c?.unweighed) return { index: pick(optionCount(x, who)) };
  const stopAt = c.stop === undefined ? -1 : c.values.length;
  let size = c.values.length + (stopAt >= 0 ? 1 : 0);
  // The candidates not drawn yet, by number: the first `size` entries. A draw asks for few of them,
  // so the pool is the one kept between draws, not a list built anew for each draw, and it is not
  // filled either: entry `j` holds `j` until the draw writes it (stamped with the draw's number),
  // so a draw costs what it draws, not the number of candidates. A draw started from inside
  // another's `pick` (the caller's function: no filter can start one) gets one of its own.
  const nested = drawing;
  if (!nested && poolKept.length < size) {
    poolKept = new Int32Array(Math.max(size, 2 * poolKept.length));
    stampsKept = new Uint32Array(poolKept.length);
  }
  const pool = nested ? new Int32Array(size) : poolKept;
  const stamps = nested ? new Uint32Array(size) : stampsKept;
  let draw = 1;
  if (!nested) {
    if (drawsKept === 0xffffffff) {
      stampsKept.fill(0);
      drawsKept = 0;
    }
    draw = ++drawsKept;
  }
  drawing = true;
  try {
    return weighing(x, c, who, (isLegal) => {
      for (;;) {
        const j = pick(size);
        const i = stamps[j] === draw ? pool[j]! : j;
        if (i === stopAt || isLegal(i)) return { choice: c, candidate: i };
        size--;
        pool[j] = stamps[size] === draw ? pool[size]! : size;
        stamps[j] = draw;
      }
    });
  } finally {
    drawing = nested;
  }
}

/** The pool `drawOption` draws from, kept for the next draw; `drawing` while one is under way. */
let poolKept = new Int32Array(256);
/** Which draw wrote each entry of `poolKept` (`drawOption`), and the number of the last draw. */
let stampsKept = new Uint32Array(256);
let drawsKept = 0;
let drawing = false;

/** Takes a random legal option of `player` (each as likely, drawn with `pick`: `drawOption`), then runs on to the next decision. */
export function applyRandom(x: Exec, pick: (n: number) => number, player?: number): ApplyResult {
  const no = cannotDecide(x, player);
  if (no) return no;
  const who = defaultChooser(x, player)!;
  const drawn = drawOption(x, who, pick);
  if ("index" in drawn) return decide(x, who, drawn.index);
  // Named from the candidate and the few values its name depends on, none of the rest weighed.
  const c = drawn.choice;
  if (drawn.candidate === c.values.length) return decide(x, who, 0, undefined, { values: [], stop: c.stop! });
  const ins = waitingAt(x) as Ins<"choose" | "secret">;
  const values = weighing(x, c, who, (isLegal) => namingValues(x, c.values, drawn.candidate, ins.valueType, who, isLegal));
  return decide(x, who, 0, undefined, { values });
}

/** The index (as `applyAt` takes it) of the option `applyRandom` would take with the same draws. */
export function randomIndex(x: Exec, pick: (n: number) => number, player?: number): number | undefined {
  if (cannotDecide(x, player)) return undefined;
  const who = defaultChooser(x, player)!;
  const drawn = drawOption(x, who, pick);
  if ("index" in drawn) return drawn.index;
  const c = drawn.choice;
  const legal = legalOf(x, c, who);
  if (drawn.candidate === c.values.length) return pickCount(legal);
  // Its place among the legal values: the legal candidates before it.
  const { marks } = weighingOf(c);
  let index = 0;
  for (let i = 0; i < drawn.candidate; i++) if (markOf(marks, i) === LEGAL) index++;
  return index;
}

/**
 * Takes option `index` for `who`; `named` is its name when the caller has it already. `choice`:
 * what option `index` is taken from, when not the pending choice cut down to its legal values
 * (a random draw's value, with the values its name depends on).
 */
function decide(x: Exec, who: number, index: number, named?: { id: string; label: string }, choice?: ChoiceState): ApplyResult {
  const s = x.s;
  const p = s.pending!;
  // Weighed while the match stands as it was asked (the filters never see the decision counted).
  const from = choice ?? (p.kind === "options" ? undefined : legalOf(x, choiceOf(p, who)!, who));
  s.decisions[who] = (s.decisions[who] ?? 0) + 1;
  if (!settle(x, top(x)!, waitingAt(x), p, who, index, named, false, from)) return { ok: true };
  s.pending = null;
  x.steps = 0;
  run(x);
  return { ok: true };
}

/**
 * The id and label of `who`'s answer to the open secret choice `p`, or undefined before they
 * answered. A quiet match keeps where the answer is among the candidates instead (`Exec.quiet`;
 * -1: the `stop` option): it is named now, as it would have been when given, since nothing
 * changes while the choice waits for the others. A candidate of a choice not weighed in full is
 * named from the values its name depends on (`namingValues`), as a random draw names it; their
 * weighing was done when it was drawn, and is kept with the choice.
 */
export function answerNamed(x: Exec, p: Extract<Pending, { kind: "secret" }>, who: number): { id: string; label: string } | undefined {
  const a = p.chosen[who];
  if (!a || a.index === undefined) return a;
  const c = p.choices[who]!;
  if (a.index < 0) return { id: STOP_ID, label: c.stop! };
  const spec = waitingAt(x) as Extract<Instr, { k: "secret" }>;
  const label = choiceLabeller(x, spec, top(x)!.locals, who, false);
  if (!c.unweighed) return nameOne(x, c, a.index, spec.valueType, who, label);
  const values = weighing(x, c, who, (isLegal) => namingValues(x, c.values, a.index!, spec.valueType, who, isLegal));
  return nameOne(x, { values }, 0, spec.valueType, who, label);
}

/**
 * Could `who` have taken `taken` at the choice the match waits at, as it stands? Its candidates
 * and filters are worked out again from the pieces as they are now (a copy whose hidden pieces were
 * redrawn: `choice-evidence.ts`), not read off the choice as offered. A rule that fails here
 * says nothing against the copy: true.
 *
 * `alike`: when the piece taken is one the viewer cannot tell from others (a card picked unseen
 * from an opponent's hand), those pieces, itself among them: any of them that could have been
 * taken will do. The check must not hang on which piece it really was, which the viewer never saw.
 */
export function couldTake(x: Exec, who: number, taken: Taken, alike?: readonly number[]): boolean {
  const ins = waitingAt(x);
  const l = top(x)!.locals;
  try {
    if ("option" in taken) {
      if (ins.k !== "options") return true;
      const o = ins.options[taken.option];
      return !o?.when || aside(x, l, (probe) => o.when!(probe, l) === true);
    }
    if (ins.k !== "choose" || ins.count) return true;
    const stop = ins.stop;
    if (taken.value === null) return !stop?.when || aside(x, l, (probe) => stop.when!(probe, l) === true);
    return aside(x, l, (probe) => {
      const candidates = items(probe, ins.src(probe, l), ins.zone, ins.span);
      const v = taken.value;
      // A piece by its number (it is the same piece, whatever it is now); any other value by equality.
      if (typeof v === "number" && ins.valueType.t === "piece") return (alike ?? [v]).some((u) => candidates.includes(u) && passes(probe, ins, l, u));
      return candidates.some((c) => equal(c, v)) && passes(probe, ins, l, v);
    });
  } catch {
    return true;
  }
}

/** The id and label a quiet match logs a decision with (`Exec.quiet`). */
const UNNAMED = { id: "", label: "" } as const;

/**
 * Records option `index` of `p` for `who` and moves the frame past the
 * choice. A decision goes to the log; a `forced` one (the only option, taken
 * without asking) to the messages instead, so the log stays the list of
 * decisions that replays the match. Returns false while a secret choice
 * still waits for others (their answers revealed only when the last is in).
 */
function settle(
  x: Exec,
  f: FrameState,
  ins: Instr,
  p: Pending,
  who: number,
  index: number,
  named: { id: string; label: string } | undefined,
  forced: boolean,
  from?: ChoiceState,
): boolean {
  const s = x.s;
  // A decision is a change: the log, the decision counts and what is chosen move on.
  forget(x);
  // The first to act, asked or not (`MatchState.firstChooser`); a choice all make at once names nobody.
  if (s.firstChooser === null && p.kind !== "secret") s.firstChooser = who;
  if (p.kind === "options") {
    const opts = ins as Ins<"options">;
    const rulesIndex = p.offered[index]!;
    if (forced && x.onForced !== undefined) x.onForced([opts.span, opts.options[rulesIndex]!.span]);
    // The taken option's label runs strictly even when it was listed already (leniently). One that
    // names a piece some cannot see reads otherwise to them (`secret-text.ts`), as a prompt does.
    let o: OptionState | undefined;
    let labelFor: PrivateText | undefined;
    if (x.quiet) o = nameNamedOption(x, f.locals, opts, rulesIndex, index, true);
    else {
      // Named again when worked out for the others (`textForAll`); the first naming is the option's.
      labelFor = textForAll(x, () => {
        const named = nameNamedOption(x, f.locals, opts, rulesIndex, index, true);
        o ??= named;
        return named.label;
      }).private;
    }
    if (forced) {
      if (!x.quiet) tellForced(x, who, o!.id, o!.label, labelFor !== undefined);
    } else {
      s.log.push(logged(x.quiet ? { player: who, option: "", label: "", prompt: p.prompt } : withLabelFor({ player: who, option: o!.id, label: o!.label, prompt: p.prompt }, labelFor), p));
      if (x.onTaken !== undefined) x.onTaken(who, { option: rulesIndex });
    }
    f.pc = opts.options[rulesIndex]!.to;
    return true;
  }
  const spec = ins as Extract<Instr, { k: "choose" | "secret" }>;
  if (forced && x.onForced !== undefined) x.onForced([spec.span]);
  // A choice offered is weighed (an unweighed one is never taken for lack of options).
  const choice = from ?? choiceOf(p, who)!;
  const value = index < pickCount(choice) ? valueAt(choice, index) : null;
  // Taking an option runs the rules' `label` of what it takes for real, so a broken label ends the
  // match with a diagnostic at the label; of the item(s) taken only, however the option was taken
  // and whether or not options were listed (and named leniently: a failing label reads as the
  // plain value) before. The name in the log is worked out leniently. A quiet match does not name
  // the value taken at all: the engine's naming cannot fail (a failing `show` label names a piece
  // by its component, `Runtime.pieceLabel`), the rules' label can, and it ran here.
  const strict = choiceLabeller(x, spec, f.locals, who, true);
  // A label that names a piece some cannot see (`label "keep {top(p.hand)}"`) reads otherwise to
  // them (`secret-text.ts`): the log told every player the card in another's hand.
  let labelFor: PrivateText | undefined;
  if (strict && value !== null) {
    const items = spec.count ? (value as Value[]) : [value];
    if (x.quiet) for (const item of items) strict(item);
    // A secret choice's answers are shown to all at its reveal: naming them hides nothing.
    else labelFor = textForAll(x, () => items.map((item) => strict(item)).join(", "), p.kind === "secret" ? items : undefined).private;
  }
  const quiet = x.quiet && !named;
  const { id, label } = named ?? (quiet ? UNNAMED : nameOne(x, choice, index, spec.valueType, who, choiceLabeller(x, spec, f.locals, who, false)));
  if (p.kind === "secret") {
    const answer: Extract<Pending, { kind: "secret" }>["chosen"][number] = { id, label, value };
    if (forced) answer.forced = true;
    // Told at the reveal (`tellForced`): a label naming a piece some cannot see is told to them without it.
    if (forced && labelFor) answer.labelFor = labelFor;
    // Named when asked (`answerNamed`): a redraw takes the answer again by id. Kept by where it is
    // among the pending choice's candidates: `choice` may be its legal values only, or a draw's.
    if (quiet) {
      const asked = choiceOf(p, who)!;
      answer.index = value === null ? -1 : asked === choice ? index : asked.values.indexOf(value);
    }
    p.chosen[who] = answer;
    if (!forced) s.log.push(logged(withLabelFor({ player: who, option: id, label, prompt: p.prompt, secret: true, revealed: false }, labelFor, spec.count !== undefined), p));
    if (p.players.some((q) => !(q in p.chosen))) return false;
    const map = nulls(s.players);
    for (const [q, c] of Object.entries(p.chosen)) map[Number(q)] = c.value;
    // Entries are replaced, not changed: clones share them. Only this choice's answers wait to be
    // revealed, and they are the log's last entries (nothing is logged while it waits): the log is
    // walked back to the first that is not one, not copied whole at every reveal.
    const log = s.log;
    // The reveal shows the answers, but a piece is named only to those who can see it where the
    // rules put it by the next question (`LogEntry.pieces`, `fixReaders`): a bid token kept in its
    // owner's zone, or cards passed into another's hand, read "(a hidden choice)" to the others, and
    // cards the rules then lay in a public zone are named. Face-down bids were named to every player.
    // No closure here: one that captured this function's variables made every decision's `settle` slower.
    const pieceType = spec.valueType.t === "piece";
    let first = log.length;
    let hides = false;
    for (; first > 0 && log[first - 1]!.secret && !log[first - 1]!.revealed; first--) {
      // A quiet match names nothing.
      if (pieceType && !x.quiet && !hides) hides = hidesPieces(x, p.chosen[log[first - 1]!.player]?.value ?? null, log[first - 1]!.player);
    }
    // Who reads each answer is settled by the next question (`fixReaders`): every line of this
    // reveal carries its pieces then (none: named to all), so they are the log's last lines with pieces.
    for (let i = first; i < log.length; i++) log[i] = hides ? { ...log[i]!, revealed: true, pieces: piecesIn(p.chosen[log[i]!.player]?.value ?? null) } : { ...log[i]!, revealed: true };
    // Answers given for lack of choice are revealed with the others.
    if (!x.quiet) for (const q of p.players) if (p.chosen[q]!.forced) tellForced(x, q, p.chosen[q]!.id, p.chosen[q]!.label, p.chosen[q]!.labelFor !== undefined || (pieceType && hidesPieces(x, p.chosen[q]!.value, q)));
    f.locals[(spec as Extract<Instr, { k: "secret" }>).slot] = map;
    f.pc++;
    return true;
  }
  const hidden = spec.valueType.t === "piece" && hidesPieces(x, value, who);
  if (forced) {
    if (!quiet) tellForced(x, who, id, label, hidden || labelFor !== undefined);
  } else {
    const entry: LogEntry = withLabelFor({ player: who, option: id, label, prompt: p.prompt }, labelFor, spec.count !== undefined);
    if (p.promptFor) entry.promptFor = p.promptFor;
    if (hidden) entry.hidden = true;
    s.log.push(entry);
    if (x.onTaken !== undefined && !spec.count) x.onTaken(who, { value });
  }
  f.locals[(spec as Extract<Instr, { k: "choose" }>).slot] = value;
  f.pc++;
  x.takenFrom = choice.values;
  x.takenAt = choice.k === undefined ? index : -1;
  return true;
}

/**
 * Does a choice's answer `value` (a piece, or a list of them) name a piece some cannot see, so its
 * log line is hidden from them? A piece its chooser cannot see either (a card of their own hand
 * held facing out, a face-down tile) is named by its place only, which tells nobody anything:
 * those who see the piece know which it was.
 */
function hidesPieces(x: Exec, value: Value, who: number): boolean {
  const items = Array.isArray(value) ? value : [value];
  return items.some((v) => typeof v === "number" && !seenByAll(x, v) && seesPiece(x, v, who));
}

/** The pieces of a choice's answer (a piece, or a list of them). */
function piecesIn(value: Value): number[] {
  return (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === "number");
}

/**
 * Why a named option (`option "…" when c`) is not offered: its `else` text, else the condition
 * that fails. Undefined when `optionId` names none of them, or one that is offered.
 */
function refuseNamed(x: Exec, f: FrameState, ins: Ins<"options">, optionId: string): ApplyResult | undefined {
  const l = f.locals;
  try {
    return aside(x, l, (probe): ApplyResult | undefined => {
      for (let i = 0; i < ins.options.length; i++) {
        const o = ins.options[i]!;
        const named = namedOption(String(o.label(probe, l)), i, i);
        if (named.id !== optionId && named.label !== optionId) continue;
        if (!o.when || o.when(probe, l) === true) return undefined;
        // `when can_pay(p)` with no `else`: the rule's failing `require` says why, as for a `where`.
        const reason = whyNot(probe, l, o.reason, o.rules, ins.span) ?? `this must hold: ${o.text ?? "its condition"}`;
        return { ok: false, code: "illegal-option", reason: `${named.label} is not allowed: ${reason}` };
      }
      return undefined;
    });
  } catch {
    return undefined;
  }
}

/**
 * The named options not `offered`, each with why (`Play it is not allowed: …`), joined; "" when
 * none can be told. Run as an aside (`aside`): the generator and the frame's locals put back.
 */
function refusedNamed(x: Exec, f: FrameState, ins: Ins<"options">, offered: readonly number[]): string {
  const l = f.locals;
  return aside(x, l, (probe) => {
    const out: string[] = [];
    for (let i = 0; i < ins.options.length; i++) {
      if (offered.includes(i)) continue;
      const o = ins.options[i]!;
      // One option whose label or reason fails is left out; the others are still told.
      try {
        const reason = whyNot(probe, l, o.reason, o.rules, ins.span) ?? `this must hold: ${o.text ?? "its condition"}`;
        out.push(`${namedOption(String(o.label(probe, l)), i, i).label} is not allowed: ${reason}`);
      } catch {
        continue;
      }
    }
    return out.join("; ");
  });
}

/**
 * The words that refuse a failing condition: its `else` text, else the failing `require` of the
 * first rule it calls that fails (`where fits(pl)`, `when can_pay(p)`), else undefined.
 */
function whyNot(probe: Exec, l: Value[], reason: Fn | undefined, rules: readonly RuleCall[] | undefined, span: Span): string | undefined {
  if (reason) return String(reason(probe, l));
  for (const r of rules ?? []) {
    const said = explainCall(probe, l, r, span);
    if (said) return said;
  }
  return undefined;
}

function refuse(x: Exec, f: FrameState, ins: Instr, optionId: string, who: number): ApplyResult {
  const unknown: ApplyResult = { ok: false, code: "unknown-option", reason: `\`${optionId}\` is not one of the options` };
  if (ins.k === "options") return refuseNamed(x, f, ins, optionId) ?? unknown;
  if (ins.k !== "choose" && ins.k !== "secret") return unknown;
  if (optionId === STOP_ID && ins.stop) return { ok: false, code: "illegal-option", reason: "stopping is not allowed yet" };
  const l = f.locals;
  try {
    return aside(x, l, (probe): ApplyResult => {
      if (ins.k === "secret") l[ins.chooserSlot] = who;
      const candidates = items(probe, ins.src(probe, l), ins.zone, ins.span);
      const all = nameChoice(probe, { values: legalValues(probe, candidates, ins.valueType, who) }, ins.valueType, who, choiceLabeller(probe, ins, l, who, false));
      // A multi-pick's id names its items (`gold+wood`): the first item refused explains it.
      const parts = ins.count ? optionId.split("+") : [optionId];
      for (const part of parts) {
        const match = all.find((o) => o.id === part);
        if (!match) return unknown;
        l[ins.varSlot] = match.value;
        for (const w of ins.wheres) {
          if (w.cond(probe, l) === true) continue;
          const reason = whyNot(probe, l, w.reason, w.rules, ins.span) ?? `this must hold: ${w.text}`;
          return { ok: false, code: "illegal-option", reason: `${match.label} is not allowed: ${reason}` };
        }
      }
      return unknown;
    });
  } catch {
    return unknown;
  }
}
