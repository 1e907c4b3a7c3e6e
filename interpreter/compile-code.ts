import { ownZone } from "./shared-zones.ts";
import type { Code, IrExpr, IrStmt, IrTarget, IrWhere, PlacementValue, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import type { Type } from "../dsl/types.ts";
import { assertNever } from "./assert-never.ts";
import { textForAll } from "./secret-text.ts";
import { compileExpr } from "./compile-expr.ts";
import { compileFlow, type FlowRunner } from "./compile-flow.ts";
import type { Exec, Fn } from "./exec.ts";
import { mayDraw } from "./memo.ts";
import { NAMED_ALONE } from "./options.ts";
import { pieceOnlyFilters } from "./piece-filters.ts";
import { ownPiece, piece, pieceId, putInZone, putOnBoard, setOwner, takeOut } from "./pieces.ts";
import { noteFlip, noteShuffle } from "./knowledge.ts";
import { randomInt, shuffleInPlace } from "./random.ts";
import { fail } from "./runtime-error.ts";
import { isSpace, spaceOf } from "./space-info.ts";
import type { Runtime } from "./runtime.ts";
import { keyedRecord } from "./state.ts";
import { checkListSize, checkText, finite, label, wholeCount } from "./values.ts";

/** What most often names no piece where one is placed or moved. */
const NO_PIECE_HINT = "a `first … where` that matches nothing gives `none`; `pieces(b)` lists only the top piece of each stack (`pieces(b, covered: true)` lists every one)";

/** Stores a value into an assignment target. */
export type Setter = (x: Exec, l: Value[], v: Value) => void;

export interface CompiledWhere {
  cond: Fn;
  reason?: Fn;
  /**
   * The rule calls the condition is, or is an `or` of (`a == pass or playable(p, k)`): the rules
   * and their arguments, to ask why they fail. All of an `or` failed, so the first rule's reason
   * is the condition's.
   */
  rules?: RuleCall[];
  text: string;
}

/** A rule a condition calls, with its arguments: asked why it fails (`Runtime` rules' `explain`). */
export interface RuleCall {
  name: string;
  args: Fn[];
  /**
   * The conditions before it in an `and` (`n > 0 and small(stock[n - 1])`): the rule was asked
   * only if they held, so it explains the failure only then, and its arguments are read only then.
   */
  guards?: Fn[];
}

/** Why rule call `r` fails, in its own words, or undefined when it holds, was never asked (a guard before it in an `and` failed), or cannot be asked. */
export function explainCall(x: Exec, l: Value[], r: RuleCall, span: Span): string | undefined {
  try {
    for (const g of r.guards ?? []) if (g(x, l) !== true) return undefined;
    return x.rt.rules.get(r.name)?.explain(x, r.args.map((a) => a(x, l)), span) ?? undefined;
  } catch {
    // Asking failed (an argument read past a list's end): it explains nothing.
    return undefined;
  }
}

export interface ChoiceSpec {
  varSlot: number;
  src: Fn;
  zone: boolean;
  prompt?: Fn;
  stop?: { label: Fn; when?: Fn };
  wheres: CompiledWhere[];
  /** The type of one candidate item. */
  valueType: Type;
  /** How each option reads (`label`), given the item in `varSlot`: evaluated only when options are named. */
  label?: Fn;
  /** A multi-pick: how many items are taken at once. */
  count?: Fn;
  /** With `count`: any number of items from none up to it (`choose up to 2 …`). */
  upTo?: true;
  /** With `count`: any number of items from it up to all (`choose at least 2 …`). */
  atLeast?: true;
  /** Asked even with one legal option (`ask always` here or in `game`). */
  askAlways: boolean;
  /** `if any`: with no legal option the value is `none` and nobody is asked, instead of an error. */
  ifAny: boolean;
  /**
   * The `where` filters may be applied to candidates only when someone needs to know
   * (`vm.ts` `legalChoice`): there is a filter, one item is taken (no `count`), no filter draws on
   * the generator (a draw must happen at the choice, in order), and each value is named on its
   * own (`options.ts` `nameOne`), so taking one names it without weighing the others.
   */
  weighLater: boolean;
  /**
   * How many of the leading `wheres` read the placement only through its piece (`piece-filters.ts`):
   * weighed once per piece for one offer of the choice. 0 for other choices.
   */
  byPiece: number;
}

/**
 * One step of compiled code. Only frames (code id, pc, locals) live in the
 * match state; instructions are rebuilt from the rules, so a saved match
 * resumes on any copy of the same game.
 */
export type Instr =
  /**
   * `local`: the statement changes nothing a rule can read (a local of its frame, or the messages `log`
   * writes), so what the memo remembers still holds (`memo.ts`).
   */
  | { k: "exec"; run: (x: Exec, l: Value[]) => void; local?: true; span: Span }
  | { k: "jump"; to: number; span: Span }
  | { k: "jf"; c: Fn; to: number; span: Span }
  /** `result`: where the caller keeps what the procedure returns; `resultLocal`: in a local (the memo stays). */
  | { k: "call"; code: string; args: Fn[]; nlocals: number; result?: Setter; resultLocal?: true; span: Span }
  | { k: "ret"; value?: Fn; span: Span }
  | { k: "for_init"; src: Fn; zone: boolean; listSlot: number; indexSlot: number; span: Span }
  | { k: "for_next"; slot: number; listSlot: number; indexSlot: number; where?: Fn; end: number; span: Span }
  | { k: "repeat_init"; n: Fn; counterSlot: number; span: Span }
  | { k: "repeat_next"; counterSlot: number; end: number; span: Span }
  | { k: "turn_begin"; player: Fn; saveSlot: number; span: Span }
  | { k: "turn_end"; saveSlot: number; span: Span }
  | ({ k: "choose"; slot: number; by?: Fn; span: Span } & ChoiceSpec)
  | ({ k: "secret"; slot: number; chooserSlot: number; choosers: Fn; span: Span } & ChoiceSpec)
  | {
      k: "options";
      by?: Fn;
      prompt?: Fn;
      /** `rules`: the rule calls a `when` without `else` is (`when can_pay(p)`), whose own words explain it when it fails. */
      options: { label: Fn; at?: Fn; when?: Fn; reason?: Fn; rules?: RuleCall[]; text?: string; to: number; span: Span }[];
      askAlways: boolean;
      span: Span;
    }
  | { k: "trigger"; event: string; args: Fn[]; span: Span }
  | { k: "end"; span: Span };

/**
 * Each instruction kind's number, as the VM dispatches on it (`Compiled.ops`). Instructions of
 * different kinds are objects of different shapes: reading `k` from them at every step is a
 * lookup that sees a dozen shapes, while reading a number from one packed array is not.
 */
export const OP = {
  exec: 0,
  jump: 1,
  jf: 2,
  call: 3,
  ret: 4,
  for_init: 5,
  for_next: 6,
  repeat_init: 7,
  repeat_next: 8,
  turn_begin: 9,
  turn_end: 10,
  choose: 11,
  secret: 12,
  options: 13,
  trigger: 14,
  end: 15,
} as const satisfies Record<Instr["k"], number>;

export interface Compiled {
  name: string;
  instrs: Instr[];
  /** `OP[instrs[i].k]` for every instruction, in order. */
  ops: number[];
  /** The block compiled to one function (`compile-flow.ts`), for the compiled engine; the reference interpreter runs every instruction in the VM's loop. */
  flow?: FlowRunner;
  nlocals: number;
  span: Span;
}

interface LoopCtx {
  breaks: number[];
  continues: number[];
  /** Turns open when the loop started: a `break` closes the ones opened since. */
  turns: number;
}

function clampTo(bounds: [number, number] | undefined, v: Value): Value {
  if (!bounds || typeof v !== "number") return v;
  return Math.min(bounds[1], Math.max(bounds[0], v));
}

/** Compiles an assignment target into a getter and a setter. */
export function compileTarget(t: IrTarget, rt: Runtime, span: Span): { get: Fn; set: Setter } {
  switch (t.op) {
    case "local":
      return { get: (_x, l) => l[t.slot]!, set: (_x, l, v) => void (l[t.slot] = v) };
    case "global":
      return {
        get: (x) => x.s.globals[t.name] ?? null,
        set: (x, _l, v) => void (x.s.globals[t.name] = clampTo(t.bounds, v)),
      };
    case "pvar": {
      const p = compileExpr(t.player, rt);
      const seat = (x: Exec, l: Value[]): number => {
        const v = p(x, l);
        if (typeof v !== "number" || !x.s.pvars[v]) fail("runtime-none-value", "there is no player here (the value is `none`)", span);
        return v;
      };
      return {
        get: (x, l) => x.s.pvars[seat(x, l)]![t.name] ?? null,
        set: (x, l, v) => void (x.s.pvars[seat(x, l)]![t.name] = clampTo(t.bounds, v)),
      };
    }
    case "state": {
      const obj = compileExpr(t.obj, rt);
      return {
        get: (x, l) => piece(x, obj(x, l), span).st[t.name] ?? null,
        // Replaced, not changed in place: copies of the state share a piece's state fields (`ownPiece`).
        set: (x, l, v) => {
          const p = ownPiece(x.s, pieceId(x, obj(x, l), span));
          p.st = { ...p.st, [t.name]: v };
        },
      };
    }
    case "sstate": {
      const obj = compileExpr(t.obj, rt);
      const name = t.name;
      const init = (Object.values(rt.def.boards).find((b) => b.states?.some((s) => s.name === name))?.states ?? []).find((s) => s.name === name)?.init ?? null;
      const key = (x: Exec, l: Value[]): string => {
        const k = obj(x, l);
        return spaceOf(k, span).key;
      };
      return {
        get: (x, l) => x.s.spaces?.[key(x, l)]?.[name] ?? init,
        set: (x, l, v) => {
          const k = key(x, l);
          ((x.s.spaces ??= keyedRecord())[k] ??= {})[name] = v;
        },
      };
    }
    case "owner": {
      const obj = compileExpr(t.obj, rt);
      return {
        get: (x, l) => piece(x, obj(x, l), span).owner,
        set: (x, l, v) => setOwner(x.s, pieceId(x, obj(x, l), span), v as number | null),
      };
    }
    case "index": {
      const inner = compileTarget(t.obj, rt, span);
      const idx = compileExpr(t.idx, rt);
      return {
        get: (x, l) => ((inner.get(x, l) as Value[] | null) ?? [])[idx(x, l) as number] ?? null,
        // Lists are values: change a copy, so no other name sees the change.
        set: (x, l, v) => {
          const list = [...((inner.get(x, l) as Value[] | null) ?? [])];
          const i = idx(x, l) as number;
          if (t.of === "list" && (!Number.isInteger(i) || i < 0 || i >= list.length)) {
            if (!Number.isInteger(i)) fail("runtime-invalid-number", `an index is a whole number, and this is ${i}`, span);
            fail("runtime-index-out-of-range", `index ${i} is outside this list of ${list.length}`, span);
          }
          list[i] = v;
          inner.set(x, l, list);
        },
      };
    }
    default:
      return assertNever(t, "assignment target");
  }
}

/**
 * The rule calls a condition is, or is an `or` or an `and` of, in order (whose own words explain
 * its failure): of an `or` all failed, so the first rule's words are the condition's; of an `and`
 * the first rule that fails is why (a rule that holds explains nothing). `where small(n) and n != 2`
 * read "this must hold: small(n) and n != 2" where the rule said "Too big".
 */
function ruleCalls(e: IrExpr, guards: IrExpr[] = []): { call: Extract<IrExpr, { op: "rule" }>; guards: IrExpr[] }[] {
  if (e.op === "rule") return [{ call: e, guards }];
  if (e.op === "or") return [...ruleCalls(e.a, guards), ...ruleCalls(e.b, guards)];
  // The right of an `and` is asked only when its left holds.
  if (e.op === "and") return [...ruleCalls(e.a, guards), ...ruleCalls(e.b, [...guards, e.a])];
  return [];
}

/** `ruleCalls` compiled: each rule a condition calls, by name, with its arguments and the conditions that guard it (`RuleCall`). */
export function compiledRuleCalls(e: IrExpr, rt: Runtime): RuleCall[] {
  return ruleCalls(e).map(({ call, guards }) => {
    const r: RuleCall = { name: call.name, args: call.args.map((a) => compileExpr(a, rt)) };
    if (guards.length) r.guards = guards.map((g) => compileExpr(g, rt));
    return r;
  });
}

function compileWheres(wheres: IrWhere[], rt: Runtime): CompiledWhere[] {
  return wheres.map((w) => {
    const out: CompiledWhere = { cond: compileExpr(w.cond, rt), text: w.text };
    if (w.reason) out.reason = compileExpr(w.reason, rt);
    const rules = compiledRuleCalls(w.cond, rt);
    if (rules.length) out.rules = rules;
    return out;
  });
}

/** What `choose` and `secretly … chooses` share: candidates, filters, prompt and stop. */
function choiceSpec(s: Extract<IrStmt, { op: "choose" | "secret" }>, rt: Runtime): ChoiceSpec {
  const spec: ChoiceSpec = {
    varSlot: s.varSlot,
    src: compileExpr(s.src, rt),
    zone: s.zone,
    wheres: compileWheres(s.wheres, rt),
    valueType: s.valueType,
    askAlways: s.askAlways === true || rt.def.askAlways === true,
    ifAny: s.ifAny === true,
    weighLater: s.wheres.length > 0 && !s.count && NAMED_ALONE.has(s.valueType.t) && !mayDraw(s.wheres.map((w) => w.cond), rt.draws),
    byPiece: pieceOnlyFilters(s.wheres, s.varSlot, s.valueType, rt.draws),
  };
  const prompt = opt(s.prompt, rt);
  if (prompt) spec.prompt = prompt;
  const label = opt(s.label, rt);
  if (label) spec.label = label;
  const count = opt(s.count, rt);
  if (count) spec.count = count;
  if (count && s.upTo) spec.upTo = true;
  if (count && s.atLeast) spec.atLeast = true;
  if (s.stop) {
    spec.stop = { label: compileExpr(s.stop.label, rt) };
    if (s.stop.when) spec.stop.when = compileExpr(s.stop.when, rt);
  }
  return spec;
}

function opt(e: IrExpr | undefined, rt: Runtime): Fn | undefined {
  return e ? compileExpr(e, rt) : undefined;
}

/** Compiles a procedure, setup, flow or handler into instructions. */
export function compileCode(code: Code & { name?: string; event?: string; body: IrStmt[] }, rt: Runtime): Compiled {
  const instrs: Instr[] = [];
  const loops: LoopCtx[] = [];
  const turns: number[] = [];
  const emit = (i: Instr): number => instrs.push(i) - 1;
  const closeTurns = (downTo: number, span: Span): void => {
    for (let i = turns.length - 1; i >= downTo; i--) emit({ k: "turn_end", saveSlot: turns[i]!, span });
  };

  const block = (stmts: IrStmt[]): void => {
    for (const s of stmts) stmt(s);
  };

  const loopBody = (body: IrStmt[], continueTo: () => number): LoopCtx => {
    const ctx: LoopCtx = { breaks: [], continues: [], turns: turns.length };
    loops.push(ctx);
    block(body);
    loops.pop();
    const target = continueTo();
    for (const c of ctx.continues) (instrs[c] as { to: number }).to = target;
    return ctx;
  };

  const stmt = (s: IrStmt): void => {
    const span = s.span;
    switch (s.op) {
      case "let": {
        const v = compileExpr(s.value, rt);
        const slot = s.slot;
        emit({ k: "exec", run: (x, l) => void (l[slot] = v(x, l)), local: true, span });
        return;
      }
      case "assign": {
        const target = compileTarget(s.target, rt, span);
        const v = compileExpr(s.value, rt);
        if (s.mode === "=") {
          const ins: Instr = { k: "exec", run: (x, l) => target.set(x, l, v(x, l)), span };
          if (s.target.op === "local") ins.local = true;
          emit(ins);
        } else {
          const sign = s.mode === "+=" ? 1 : -1;
          const list = s.valueType.t === "list";
          const text = s.valueType.t === "text";
          const emap = s.valueType.t === "emap";
          // Written once: the statement runs at every turn, and the text is needed only for an error.
          const what = `the result of \`${s.mode}\``;
          const ins: Instr = {
            k: "exec",
            run: (x, l) => {
              const old = target.get(x, l);
              const add = v(x, l);
              if (list) {
                const a = (old as Value[] | null) ?? [];
                const b = (add as Value[] | null) ?? [];
                checkListSize(x, a.length + b.length, span);
                return target.set(x, l, [...a, ...b]);
              }
              if (emap) {
                // Member by member: `p.res -= b.cost`.
                const a = old as Value[] | null;
                const b = add as Value[] | null;
                if (!a || !b) fail("runtime-none-value", `\`${s.mode}\` needs two maps, and one side is \`none\``, span);
                return target.set(x, l, a.map((v, i) => finite((v as number) + sign * ((b[i] as number) ?? 0), span, what)));
              }
              if (text) return target.set(x, l, checkText(x, `${old ?? ""}${add ?? ""}`, span));
              if (typeof old !== "number" || typeof add !== "number") fail("runtime-none-value", `\`${s.mode}\` needs numbers, and one side is \`none\``, span);
              target.set(x, l, finite(old + sign * add, span, what));
            },
            span,
          };
          if (s.target.op === "local") ins.local = true;
          emit(ins);
        }
        return;
      }
      case "call": {
        const proc = rt.def.procedures[s.proc]!;
        const i: Instr = { k: "call", code: `proc:${s.proc}`, args: s.args.map((a) => compileExpr(a, rt)), nlocals: proc.nlocals, span };
        if (s.result) {
          i.result = compileTarget(s.result, rt, span).set;
          if (s.result.op === "local") i.resultLocal = true;
        }
        emit(i);
        return;
      }
      case "if": {
        const jf = emit({ k: "jf", c: compileExpr(s.c, rt), to: -1, span });
        block(s.then);
        if (s.else.length) {
          const jend = emit({ k: "jump", to: -1, span });
          (instrs[jf] as { to: number }).to = instrs.length;
          block(s.else);
          (instrs[jend] as { to: number }).to = instrs.length;
        } else {
          (instrs[jf] as { to: number }).to = instrs.length;
        }
        return;
      }
      case "for": {
        emit({ k: "for_init", src: compileExpr(s.src, rt), zone: s.zone, listSlot: s.listSlot, indexSlot: s.indexSlot, span });
        const nextI: Instr = { k: "for_next", slot: s.slot, listSlot: s.listSlot, indexSlot: s.indexSlot, end: -1, span };
        if (s.where) nextI.where = compileExpr(s.where, rt);
        const next = emit(nextI);
        const ctx = loopBody(s.body, () => next);
        emit({ k: "jump", to: next, span });
        (instrs[next] as { end: number }).end = instrs.length;
        for (const b of ctx.breaks) (instrs[b] as { to: number }).to = instrs.length;
        return;
      }
      case "while": {
        const top = instrs.length;
        const jf = emit({ k: "jf", c: compileExpr(s.c, rt), to: -1, span });
        const ctx = loopBody(s.body, () => top);
        emit({ k: "jump", to: top, span });
        (instrs[jf] as { to: number }).to = instrs.length;
        for (const b of ctx.breaks) (instrs[b] as { to: number }).to = instrs.length;
        return;
      }
      case "repeat": {
        emit({ k: "repeat_init", n: compileExpr(s.n, rt), counterSlot: s.counterSlot, span });
        const next = emit({ k: "repeat_next", counterSlot: s.counterSlot, end: -1, span });
        const ctx = loopBody(s.body, () => next);
        emit({ k: "jump", to: next, span });
        (instrs[next] as { end: number }).end = instrs.length;
        for (const b of ctx.breaks) (instrs[b] as { to: number }).to = instrs.length;
        return;
      }
      case "loop": {
        const top = instrs.length;
        const ctx = loopBody(s.body, () => top);
        emit({ k: "jump", to: top, span });
        for (const b of ctx.breaks) (instrs[b] as { to: number }).to = instrs.length;
        return;
      }
      case "break":
      case "continue": {
        const ctx = loops[loops.length - 1]!;
        closeTurns(ctx.turns, span);
        const j = emit({ k: "jump", to: -1, span });
        (s.op === "break" ? ctx.breaks : ctx.continues).push(j);
        return;
      }
      case "return": {
        closeTurns(0, span);
        const r: Instr = { k: "ret", span };
        if (s.value) r.value = compileExpr(s.value, rt);
        emit(r);
        return;
      }
      case "turn": {
        emit({ k: "turn_begin", player: compileExpr(s.player, rt), saveSlot: s.saveSlot, span });
        turns.push(s.saveSlot);
        block(s.body);
        turns.pop();
        emit({ k: "turn_end", saveSlot: s.saveSlot, span });
        return;
      }
      case "choose": {
        const i: Instr = { k: "choose", slot: s.slot, ...choiceSpec(s, rt), span };
        const by = opt(s.by, rt);
        if (by) i.by = by;
        emit(i);
        return;
      }
      case "secret":
        emit({ k: "secret", slot: s.slot, chooserSlot: s.chooserSlot, choosers: compileExpr(s.choosers, rt), ...choiceSpec(s, rt), span });
        return;
      case "options": {
        const at = emit({ k: "options", options: [], askAlways: s.askAlways === true || rt.def.askAlways === true, span });
        const ins = instrs[at] as Extract<Instr, { k: "options" }>;
        const by = opt(s.by, rt);
        if (by) ins.by = by;
        const prompt = opt(s.prompt, rt);
        if (prompt) ins.prompt = prompt;
        const ends: number[] = [];
        for (const o of s.options) {
          const entry: Extract<Instr, { k: "options" }>["options"][number] = { label: compileExpr(o.label, rt), to: instrs.length, span: o.span };
          if (o.at) entry.at = compileExpr(o.at, rt);
          if (o.when) entry.when = compileExpr(o.when, rt);
          if (o.reason) entry.reason = compileExpr(o.reason, rt);
          else if (o.when) {
            const rules = compiledRuleCalls(o.when, rt);
            if (rules.length) entry.rules = rules;
          }
          if (o.text !== undefined) entry.text = o.text;
          ins.options.push(entry);
          block(o.body);
          ends.push(emit({ k: "jump", to: -1, span }));
        }
        for (const e of ends) (instrs[e] as { to: number }).to = instrs.length;
        return;
      }
      case "move": {
        const p = compileExpr(s.piece, rt);
        const to = compileExpr(s.to, rt);
        const bottom = s.bottom === true;
        emit({
          k: "exec",
          run: (x, l) => {
            const id = p(x, l);
            if (id === null) fail("runtime-none-value", `the piece to move is \`none\`: what names it found no piece (${NO_PIECE_HINT})`, s.piece.span);
            piece(x, id, span);
            putInZone(x, id as number, to(x, l) as string, span, bottom);
          },
          span,
        });
        return;
      }
      case "deal": {
        const n = compileExpr(s.n, rt);
        const from = compileExpr(s.from, rt);
        const to = compileExpr(s.to, rt);
        const upTo = s.upTo === true;
        emit({
          k: "exec",
          run: (x, l) => {
            const count = n(x, l);
            if (typeof count !== "number") fail("runtime-none-value", "how many to deal is `none`", span);
            wholeCount(count, span, "how many to deal");
            const src = from(x, l) as string;
            const dst = to(x, l) as string;
            if (!x.s.zones[src]) fail("runtime-none-value", "there is no zone to deal from", span);
            const bag = x.rt.zoneDef(src)?.bag;
            let dealt = 0;
            for (; dealt < count; dealt++) {
              // Read again for each piece: the first one dealt may give this state its own list (`shared-zones.ts`).
              const zone = x.s.zones[src]!;
              if (zone.length === 0) break;
              const at = bag ? randomInt(x.s, 0, zone.length - 1) : zone.length - 1;
              putInZone(x, zone[at]!, dst, span);
            }
            // Dealing what is there is the rule; a tool may want to know it came up short (`stela check --smoke`).
            if (dealt < count && !upTo && x.onShortDeal !== undefined) x.onShortDeal(span, count, dealt);
          },
          span,
        });
        return;
      }
      case "shuffle": {
        const z = compileExpr(s.zone, rt);
        emit({
          k: "exec",
          run: (x, l) => {
            const key = z(x, l) as string;
            const zone = ownZone(x.s, key);
            if (!zone) fail("runtime-none-value", "there is no zone to shuffle", span);
            noteShuffle(x.rt, x.s, key);
            shuffleInPlace(x.s, zone);
          },
          span,
        });
        return;
      }
      case "place": {
        const p = compileExpr(s.piece, rt);
        const at = compileExpr(s.at, rt);
        const faceUp = !s.faceDown;
        const byPlacement = s.atType === "placement";
        // A game without an `on placed` handler is told nothing: the event would be raised and
        // dropped at every piece put down (a game of stones puts one down at every move).
        const told = rt.def.handlers.some((h) => h.event === "placed");
        emit({
          k: "exec",
          run: (x, l) => {
            const id = p(x, l) as number;
            // Pointed at the piece's expression, with what most often gives none there: a failure at
            // the statement sent a designer looking elsewhere for a lookup that found nothing.
            if (id === null) fail("runtime-none-value", `the piece to place is \`none\`: what names it found no piece (${NO_PIECE_HINT})`, s.piece.span);
            piece(x, id, span);
            const where = at(x, l);
            if (where === null) fail("runtime-none-value", "there is nowhere to place it (the value is `none`)", span);
            if (byPlacement || (typeof where === "object" && !Array.isArray(where) && !isSpace(where))) {
              const pl = where as PlacementValue;
              // A placement read back from a hand-edited save may name something that is not a space: refused.
              const cells = pl.cells.map((c) => spaceOf(c, span).cell);
              putOnBoard(x, id, pl.board, cells, pl.rotation, x.rt.turnedSides(x.s, id, pl.rotation, pl.board), faceUp);
            } else {
              const info = isSpace(where) ? where : undefined;
              if (!info) fail("runtime-invalid-move", `\`${String(where)}\` is not a space`, span);
              putOnBoard(x, id, info.board, [info.cell], 0, x.rt.turnedSides(x.s, id, 0, info.board), faceUp, [info]);
            }
            if (told) x.events.push({ event: "placed", args: [id] });
          },
          span,
        });
        return;
      }
      case "flip": {
        const p = compileExpr(s.piece, rt);
        const up = s.up;
        emit({
          k: "exec",
          run: (x, l) => {
            const id = pieceId(x, p(x, l), span);
            noteFlip(x.s, id, up);
            ownPiece(x.s, id).up = up;
          },
          span,
        });
        return;
      }
      case "remove": {
        const p = compileExpr(s.piece, rt);
        emit({
          k: "exec",
          run: (x, l) => {
            const id = p(x, l);
            piece(x, id, span);
            takeOut(x.rt, x.s, id as number);
          },
          span,
        });
        return;
      }
      case "trigger":
        emit({ k: "trigger", event: s.event, args: s.args.map((a) => compileExpr(a, rt)), span });
        return;
      case "end":
        emit({ k: "end", span });
        return;
      case "log": {
        const v = compileExpr(s.value, rt);
        const ty = s.ty;
        // No rule reads the messages: the memo stays. A quiet match works the line out (its steps
        // and failures are the rules') but keeps nothing (`Exec.quiet`).
        emit({
          k: "exec",
          run: (x, l) => {
            if (x.quiet) {
              checkText(x, label(x, v(x, l), ty), span);
              return;
            }
            // A line naming a piece some cannot see reads otherwise to them (`secret-text.ts`).
            const t = textForAll(x, () => checkText(x, label(x, v(x, l), ty), span));
            x.s.messages.push(t.private ? { text: t.text, at: x.s.log.length, ...t.private } : { text: t.text, at: x.s.log.length });
          },
          local: true,
          span,
        });
        return;
      }
      default:
        assertNever(s, "statement");
    }
  };

  block(code.body);
  const ops = instrs.map((i) => OP[i.k]);
  const out: Compiled = { name: code.name ?? code.event ?? "code", instrs, ops, nlocals: code.nlocals, span: code.span };
  if (rt.engine === "compiled") out.flow = compileFlow(out);
  return out;
}

