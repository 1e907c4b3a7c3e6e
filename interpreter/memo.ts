import type { GameDef, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import type { Exec } from "./exec.ts";
import { irChildren } from "./ir-children.ts";
import { memoKeys } from "./memo-keys.ts";

/**
 * Results of the game's own functions and hooks, remembered while the match
 * stands still (not its rules: a rule is a choice's filter, asked of each
 * candidate once, `runtime.ts`). Rule files ask the same question again and again
 * between two changes of the match: a `where` asks `city_tiles()` once per
 * candidate space, scoring asks `shown(p)` for every bonus. Between two
 * statements that change the match, a call with the same arguments gives the
 * same answer, so it is worked out once.
 *
 * Sound because expressions change nothing but the generator (`Fn`), and
 * calls that may draw on the generator (`random`, or a call that reaches it)
 * are never remembered (`drawsChance`). Values are never changed in place
 * (lists are copied on write), so a remembered list is safe to hand out again.
 * The VM forgets everything at each statement that changes the match (`forget`):
 * a state change, a turn, a decision.
 *
 * Remembering never shows in what is played, nor in where a limit stops a
 * rule: an answer given again charges the step budget the steps it took to
 * work out, and one that would pass the step budget or the nesting limit is
 * worked out again instead, so a rule that runs out of steps without the memo
 * runs out at the same place with it (an exponential recursion is still
 * stopped, `tests/fixtures/hostile/rt-exp-recursion.stela`).
 *
 * Arguments are told apart as `Map` keys do: numbers, texts, booleans and
 * `none` by value, lists and placements by identity (an equal list built
 * anew is a miss, never a wrong hit; a list handed out by a remembered call
 * is the same list every time, so it hits).
 */
export type Memo = Map<unknown, unknown>;

/**
 * What one callee remembers: its answers for one generation of one match's memo (`epoch`).
 * Each callee keeps its own table, so a call looks up its arguments and nothing else; a table
 * from an older generation, or from another match, is emptied when next written (generations
 * are numbered across every match of the process, so no two ever share a number).
 */
export interface MemoTable {
  epoch: number;
  answers: Memo;
}

/** A callee's empty table. */
export function memoTable(): MemoTable {
  return { epoch: -1, answers: new Map() };
}

/** The last generation number given out (`forget`, `freshEpoch`). */
let lastEpoch = 0;

/** A generation number no memo has had yet: a new match context starts with nothing remembered. */
export function freshEpoch(): number {
  return ++lastEpoch;
}

/** Where a callee called without arguments keeps its result. */
const RESULT = Symbol("result");

/** What `recall` gives when nothing is remembered. */
export const MISS: unique symbol = Symbol("miss");

/**
 * The remembered result of a callee (its `table`) on `args`, or `MISS`. A table maps the first
 * argument to the result (to a `Map` of the next argument, and so on, for calls with more; a
 * call without arguments keeps its result under `RESULT`).
 */
export function recall(x: Exec, table: MemoTable, args: readonly unknown[], arity = args.length): unknown {
  if (table.epoch !== x.memoEpoch) return MISS;
  let level = table.answers;
  const last = arity - 1;
  for (let i = 0; i < last; i++) {
    const next = level.get(args[i]) as Memo | undefined;
    if (next === undefined) return MISS;
    level = next;
  }
  const key = last < 0 ? RESULT : args[last];
  const v = level.get(key);
  return v !== undefined || level.has(key) ? v : MISS;
}

/** Remembers `value` as the result of a callee (its `table`) on its first `arity` arguments until the match changes. */
export function remember(x: Exec, table: MemoTable, args: readonly unknown[], value: unknown, arity = args.length): void {
  if (table.epoch !== x.memoEpoch) {
    table.epoch = x.memoEpoch;
    table.answers = new Map();
  }
  let level = table.answers;
  const last = arity - 1;
  for (let i = 0; i < last; i++) {
    let next = level.get(args[i]) as Memo | undefined;
    if (!next) level.set(args[i], (next = new Map()));
    level = next;
  }
  level.set(last < 0 ? RESULT : args[last], value);
}

/** An answer of `remembered`, with what working it out cost: steps charged, levels of calls nested. */
interface Answer {
  v: Value;
  steps: number;
  depth: number;
}

/** Calls counted before a callee decides whether remembering pays. */
const WINDOW = 512;

/**
 * What looking a call up and storing its answer costs, in the steps of the step budget (`tick`):
 * about what a call of a one-line `define` costs to work out.
 */
const MEMO_COST = 3;

/**
 * `call`, answering again from the memo while the match stands still. Remembering costs a
 * lookup and a store on every call, so it must pay: a callee whose calls seldom repeat (a rule
 * asked once per candidate, on the candidate), or that is cheaper to work out again than to look
 * up (a one-line `define`), runs plainly for the next 15 windows of calls, then tries again.
 * What it pays is judged each window of calls: the answers found, times the work an answer took
 * to work out (the steps it charged to the step budget), against the cost of every lookup. With
 * `byWork` false (built-ins that charge few steps for real work) only the answers found count:
 * at least one call in 16. What is played never depends on this (an answer is the same worked
 * out or remembered), only how fast. `arity`: how many of the leading values in `args` are the
 * arguments (a callee may take the array as its frame and write past them; those slots are not
 * part of the question). `bySpaces`: which arguments are placements the callee reads only by the
 * spaces they cover, looked up by those spaces (`memo-keys.ts`).
 */
export function remembered<F extends (x: Exec, args: Value[], span: Span) => Value>(call: F, arity?: number, byWork = true, bySpaces?: readonly boolean[]): F {
  let calls = 0;
  let hits = 0;
  let misses = 0;
  let work = 0;
  let plain = 0;
  const self = ((x: Exec, args: Value[], span: Span): Value => {
    if (plain > 0) {
      plain--;
      return call(x, args, span);
    }
    if (++calls >= WINDOW) {
      const pays = byWork ? hits * (work / Math.max(1, misses)) >= calls * MEMO_COST : hits * 16 >= calls;
      if (!pays) plain = WINDOW * 15;
      calls = hits = misses = work = 0;
    }
    const n = arity ?? args.length;
    const keys = memoKeys(args, n, bySpaces);
    const known = recall(x, table, keys, n) as Answer | typeof MISS;
    if (known !== MISS && x.steps + known.steps <= x.budget && x.rt.nestingFits(known.depth)) {
      hits++;
      x.steps += known.steps;
      return known.v;
    }
    // Not remembered, or given again it would pass a limit: worked out, so the limit stops the
    // rule where it would without the memo.
    const before = x.steps;
    const rt = x.rt;
    const outer = rt.nestingBegin();
    let v: Value;
    try {
      v = call(x, args, span);
    } catch (e) {
      rt.nestingEnd(outer);
      throw e;
    }
    const depth = rt.nestingEnd(outer);
    const steps = x.steps - before;
    misses++;
    work += steps;
    remember(x, table, keys, { v, steps, depth } satisfies Answer, n);
    return v;
  }) as F;
  const table = memoTable();
  return self;
}

/** Forgets every remembered result: the match is about to change, or has. */
export function forget(x: Exec): void {
  x.memoEpoch = freshEpoch();
}

/** The built-ins that draw on the match's generator: a call to one is run every time, never remembered. */
const DRAWING_BUILTINS: ReadonlySet<string> = new Set(["random", "shuffled"]);

/**
 * Does evaluating `node` (an expression of the rules, or several) draw on the generator: does it
 * use `random` or `shuffled`, or call one of `draws` (`drawsChance`)?
 */
export function mayDraw(node: unknown, draws: ReadonlySet<string>): boolean {
  if (Array.isArray(node)) return node.some((n) => mayDraw(n, draws));
  if (node === null || typeof node !== "object") return false;
  const o = node as { op?: unknown; fn?: unknown; name?: unknown };
  if (o.op === "builtin" && DRAWING_BUILTINS.has(o.fn as string)) return true;
  if ((o.op === "fn" || o.op === "rule" || o.op === "hook") && draws.has(`${o.op}:${String(o.name)}`)) return true;
  return irChildren(node).some((v) => mayDraw(v, draws));
}

/**
 * The functions, rules and hooks (by kind and name: `fn:score`, `rule:fits`,
 * `hook:cost`) whose evaluation may draw on the generator, directly (the
 * `random` built-in) or through a call. Those are run every time.
 */
export function drawsChance(def: GameDef): Set<string> {
  const calls = new Map<string, Set<string>>();
  const draws = new Set<string>();
  const scan = (owner: string, node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) scan(owner, n);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const o = node as { op?: unknown; fn?: unknown; name?: unknown };
    if (o.op === "builtin" && DRAWING_BUILTINS.has(o.fn as string)) draws.add(owner);
    if ((o.op === "fn" || o.op === "rule" || o.op === "hook") && typeof o.name === "string") {
      let set = calls.get(owner);
      if (!set) calls.set(owner, (set = new Set()));
      set.add(`${o.op}:${o.name}`);
    }
    for (const v of irChildren(node)) scan(owner, v);
  };
  for (const f of Object.values(def.functions)) scan(`fn:${f.name}`, f.body);
  for (const r of Object.values(def.rules)) scan(`rule:${r.name}`, r.requires);
  for (const h of Object.values(def.hooks)) scan(`hook:${h.name}`, [h.base, h.modifiers]);
  // A call that reaches a drawing call draws too: spread until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [owner, callees] of calls) {
      if (draws.has(owner)) continue;
      for (const c of callees) {
        if (draws.has(c)) {
          draws.add(owner);
          changed = true;
          break;
        }
      }
    }
  }
  return draws;
}
