import type { Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import type { Type } from "../dsl/types.ts";
import type { ChoiceSpec, Instr } from "./compile-code.ts";
import { items } from "./compile-expr.ts";
import { tick, type Exec } from "./exec.ts";
import { makeOptions, namedOption, STOP_ID } from "./options.ts";
import { computeResult } from "./result.ts";
import { fail, RuntimeError } from "./runtime-error.ts";
import type { FrameState, LogEntry, OptionState } from "./state.ts";
import { label } from "./values.ts";
import { seenByAll } from "./visibility.ts";

/** Frames deeper than this are taken as endless recursion. */
const MAX_FRAMES = 1000;

/** Runs the match until someone must decide, the game ends, or a rule fails. */
export function run(x: Exec): void {
  try {
    loop(x);
  } catch (e) {
    recordError(x, e, currentSpan(x));
  }
}

function currentSpan(x: Exec): Span {
  const f = x.s.stack[x.s.stack.length - 1];
  const ins = f ? x.rt.code.get(f.code)?.instrs[f.pc] : undefined;
  return ins?.span ?? x.rt.def.flow.span;
}

/** Any failure while running ends the match with a diagnostic, never a thrown error. */
export function recordError(x: Exec, e: unknown, span: Span): void {
  const s = x.s;
  if (e instanceof RuntimeError) {
    s.error = e.toDiagnostic(x.rt.def.file);
  } else if (e instanceof RangeError) {
    s.error = new RuntimeError("runtime-stack-overflow", "calls nested too deeply: this rule probably calls itself forever", span).toDiagnostic(x.rt.def.file);
  } else {
    const msg = e instanceof Error ? e.message : String(e);
    s.error = new RuntimeError("runtime-error", `this rule failed: ${msg}`, span).toDiagnostic(x.rt.def.file);
  }
  s.over = true;
  s.pending = null;
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

/** Pops a frame, passing `value` to the call that made it. */
function popFrame(x: Exec, value: Value): void {
  const done = x.s.stack.pop()!;
  if (done.detached) return;
  const caller = top(x);
  if (!caller) return;
  const ins = x.rt.code.get(caller.code)!.instrs[caller.pc];
  if (ins?.k === "call" && ins.result) ins.result(x, caller.locals, value);
  caller.pc++;
}

/** Runs the handlers of the events the last statement raised (first declared runs first). */
function dispatchEvents(x: Exec): void {
  if (x.events.length === 0) return;
  const events = x.events;
  x.events = [];
  // Frames run last-pushed first: push in reverse to run in order.
  for (let e = events.length - 1; e >= 0; e--) {
    const ev = events[e]!;
    for (let i = x.rt.handlers.length - 1; i >= 0; i--) {
      const h = x.rt.handlers[i]!;
      if (h.event !== ev.event) continue;
      const locals = new Array<Value>(h.nlocals).fill(null);
      ev.args.forEach((a, k) => (locals[k] = a));
      if (h.where && h.where(x, locals) !== true) continue;
      pushFrame(x, h.code, locals, true, x.rt.code.get(h.code)!.span);
    }
  }
}

function loop(x: Exec): void {
  const s = x.s;
  for (;;) {
    if (s.over || s.pending) return;
    const f = top(x);
    if (!f) {
      finish(x);
      return;
    }
    const code = x.rt.code.get(f.code)!;
    const ins = code.instrs[f.pc];
    if (!ins) {
      popFrame(x, null);
      continue;
    }
    tick(x, ins.span);
    const l = f.locals;
    switch (ins.k) {
      case "exec":
        ins.run(x, l);
        f.pc++;
        dispatchEvents(x);
        break;
      case "jump":
        f.pc = ins.to;
        break;
      case "jf":
        f.pc = ins.c(x, l) === true ? f.pc + 1 : ins.to;
        break;
      case "call": {
        const locals = new Array<Value>(ins.nlocals).fill(null);
        ins.args.forEach((a, i) => (locals[i] = a(x, l)));
        pushFrame(x, ins.code, locals, false, ins.span);
        break;
      }
      case "ret":
        popFrame(x, ins.value ? ins.value(x, l) : null);
        break;
      case "for_init":
        l[ins.listSlot] = items(x, ins.src(x, l), ins.zone, ins.span);
        l[ins.indexSlot] = 0;
        f.pc++;
        break;
      case "for_next": {
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
      case "repeat_init": {
        const n = ins.n(x, l);
        if (typeof n !== "number") fail("runtime-none-value", "how many times to repeat is `none`", ins.span);
        l[ins.counterSlot] = n;
        f.pc++;
        break;
      }
      case "repeat_next": {
        const n = l[ins.counterSlot] as number;
        if (n <= 0) f.pc = ins.end;
        else {
          l[ins.counterSlot] = n - 1;
          f.pc++;
        }
        break;
      }
      case "turn_begin": {
        const p = ins.player(x, l);
        if (typeof p !== "number" || p < 0 || p >= s.players) fail("runtime-none-value", "`turn` needs a player, and this is `none`", ins.span);
        l[ins.saveSlot] = s.current;
        s.current = p;
        f.pc++;
        break;
      }
      case "turn_end":
        s.current = l[ins.saveSlot] as number | null;
        f.pc++;
        break;
      case "choose":
        offerChoice(x, f, ins);
        break;
      case "secret":
        offerSecret(x, f, ins);
        break;
      case "options":
        offerNamed(x, f, ins);
        break;
      case "trigger":
        x.events.push({ event: ins.event, args: ins.args.map((a) => a(x, l)) });
        f.pc++;
        dispatchEvents(x);
        break;
      case "end":
        s.stack = [];
        finish(x);
        return;
    }
  }
}

function finish(x: Exec): void {
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

/** The candidates of a choice that pass every `where`, plus the stop option if offered. */
function legalOptions(x: Exec, ins: ChoiceSpec & { span: Span }, l: Value[], chooser: number): OptionState[] {
  const candidates = items(x, ins.src(x, l), ins.zone, ins.span);
  tick(x, ins.span, candidates.length);
  const legal: Value[] = [];
  for (const c of candidates) {
    l[ins.varSlot] = c;
    if (ins.wheres.every((w) => w.cond(x, l) === true)) legal.push(c);
  }
  const options = makeOptions(x, legal, ins.valueType, chooser);
  if (ins.stop && (!ins.stop.when || ins.stop.when(x, l) === true)) {
    options.push({ id: STOP_ID, label: String(ins.stop.label(x, l)), value: null });
  }
  return options;
}

function prompt(x: Exec, f: ((x: Exec, l: Value[]) => Value) | undefined, l: Value[], fallback: string): string {
  return f ? String(f(x, l)) : fallback;
}

function offerChoice(x: Exec, f: FrameState, ins: Extract<Instr, { k: "choose" }>): void {
  const player = decider(x, ins.by, f.locals, ins.span);
  const options = legalOptions(x, ins, f.locals, player);
  if (options.length === 0) {
    fail("runtime-no-options", `${x.rt.playerName(player)} must choose here but nothing is allowed; guard the choice with an \`if\` or offer \`stop\``, ins.span);
  }
  x.s.pending = { kind: "choose", player, prompt: prompt(x, ins.prompt, f.locals, "Choose"), options };
}

function offerNamed(x: Exec, f: FrameState, ins: Extract<Instr, { k: "options" }>): void {
  const player = decider(x, ins.by, f.locals, ins.span);
  const options: OptionState[] = [];
  ins.options.forEach((o, i) => {
    if (o.when && o.when(x, f.locals) !== true) return;
    options.push(namedOption(String(o.label(x, f.locals)), i));
  });
  if (options.length === 0) fail("runtime-no-options", `${x.rt.playerName(player)} must choose here but no option's condition holds`, ins.span);
  // Named options keep the order the rules list them in (a rulebook's order of actions); it is
  // as deterministic as sorting, and reads better.
  x.s.pending = { kind: "options", player, prompt: prompt(x, ins.prompt, f.locals, "Choose an action"), options };
}

function offerSecret(x: Exec, f: FrameState, ins: Extract<Instr, { k: "secret" }>): void {
  const who = ins.choosers(x, f.locals);
  if (!Array.isArray(who)) fail("runtime-none-value", "the players who choose are `none`", ins.span);
  const players = [...new Set(who as number[])].sort((a, b) => a - b);
  const options: Record<number, OptionState[]> = {};
  for (const p of players) {
    f.locals[ins.chooserSlot] = p;
    const o = legalOptions(x, ins, f.locals, p);
    if (o.length === 0) fail("runtime-no-options", `${x.rt.playerName(p)} must choose here but nothing is allowed`, ins.span);
    options[p] = o;
  }
  if (players.length === 0) {
    f.locals[ins.slot] = new Array<Value>(x.s.players).fill(null);
    f.pc++;
    return;
  }
  f.locals[ins.chooserSlot] = players[0]!;
  x.s.pending = { kind: "secret", players, prompt: prompt(x, ins.prompt, f.locals, "Choose in secret"), options, chosen: {} };
}

// ------------------------------------------------------------------ applying a decision

export type ApplyResult = { ok: true } | { ok: false; code: "illegal-option" | "unknown-option" | "not-your-turn" | "match-over"; reason: string };

/** Who owes a decision now. */
export function owing(x: Exec): number[] {
  const p = x.s.pending;
  if (!p) return [];
  if (p.kind === "secret") return p.players.filter((q) => !(q in p.chosen));
  return [p.player];
}

/** Applies one player's decision, then runs on to the next decision. */
export function apply(x: Exec, optionId: string, player?: number): ApplyResult {
  const s = x.s;
  const p = s.pending;
  if (s.over || !p) return { ok: false, code: "match-over", reason: s.error ? `the match stopped on an error: ${s.error.message}` : "the match is over" };
  const owes = owing(x);
  const who = player ?? owes[0]!;
  if (!owes.includes(who)) {
    return { ok: false, code: "not-your-turn", reason: `${x.rt.playerName(who)} has no decision to take now (waiting for ${owes.map((q) => x.rt.playerName(q)).join(", ")})` };
  }
  const f = top(x)!;
  const ins = x.rt.code.get(f.code)!.instrs[f.pc]!;
  const options = p.kind === "secret" ? p.options[who]! : p.options;
  const chosen = options.find((o) => o.id === optionId);
  if (!chosen) return refuse(x, f, ins, optionId, who);

  s.decisions[who] = (s.decisions[who] ?? 0) + 1;
  if (p.kind === "secret") {
    p.chosen[who] = { id: chosen.id, label: chosen.label, value: chosen.value };
    s.log.push({ player: who, option: chosen.id, label: chosen.label, secret: true, revealed: false });
    if (owing(x).length > 0) return { ok: true };
    const map = new Array<Value>(s.players).fill(null);
    for (const [q, c] of Object.entries(p.chosen)) map[Number(q)] = c.value;
    for (const e of s.log) if (e.secret) e.revealed = true;
    f.locals[(ins as Extract<Instr, { k: "secret" }>).slot] = map;
    f.pc++;
  } else {
    const entry: LogEntry = { player: who, option: chosen.id, label: chosen.label };
    if (p.kind === "choose" && (ins as Extract<Instr, { k: "choose" }>).valueType.t === "piece" && typeof chosen.value === "number" && !seenByAll(x, chosen.value)) entry.hidden = true;
    s.log.push(entry);
    if (p.kind === "options") {
      f.pc = (ins as Extract<Instr, { k: "options" }>).options[chosen.value as number]!.to;
    } else {
      f.locals[(ins as Extract<Instr, { k: "choose" }>).slot] = chosen.value;
      f.pc++;
    }
  }
  s.pending = null;
  x.steps = 0;
  run(x);
  return { ok: true };
}

/** Why an option that is not offered is refused: the failing rule's own words when it is a candidate. */
function refuse(x: Exec, f: FrameState, ins: Instr, optionId: string, who: number): ApplyResult {
  const unknown: ApplyResult = { ok: false, code: "unknown-option", reason: `\`${optionId}\` is not one of the options` };
  if (ins.k !== "choose" && ins.k !== "secret") return unknown;
  if (optionId === STOP_ID && ins.stop) return { ok: false, code: "illegal-option", reason: "stopping is not allowed yet" };
  // Work on a copy: explaining must not disturb the match (a rule may draw on the generator).
  const probe: Exec = { ...x, s: structuredClone(x.s), steps: 0, events: [] };
  const l = probe.s.stack[probe.s.stack.length - 1]!.locals;
  if (ins.k === "secret") l[ins.chooserSlot] = who;
  try {
    const candidates = items(probe, ins.src(probe, l), ins.zone, ins.span);
    const all = makeOptions(probe, candidates, ins.valueType, who);
    const match = all.find((o) => o.id === optionId);
    if (!match) return unknown;
    l[ins.varSlot] = match.value;
    for (const w of ins.wheres) {
      if (w.cond(probe, l) === true) continue;
      let reason = w.reason ? String(w.reason(probe, l)) : undefined;
      if (!reason && w.rule) reason = probe.rt.rules.get(w.rule.name)!.explain(probe, w.rule.args.map((a) => a(probe, l)), ins.span) ?? undefined;
      reason ??= `this must hold: ${w.text}`;
      return { ok: false, code: "illegal-option", reason: `${label(probe, match.value, ins.valueType)} is not allowed: ${reason}` };
    }
    return unknown;
  } catch {
    return unknown;
  }
}
