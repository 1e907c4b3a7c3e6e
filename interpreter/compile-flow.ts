import { items } from "./compile-expr.ts";
import type { Compiled, Instr } from "./compile-code.ts";
import { tick, type Exec } from "./exec.ts";
import { forget } from "./memo.ts";
import { fail } from "./runtime-error.ts";
import type { FrameState } from "./state.ts";
import { wholeCount } from "./values.ts";

/**
 * Compiles a block of instructions (`compile-code.ts`) to one JavaScript function that runs its
 * frame from `pc` on, for as long as the instructions are ones that only compute and jump: plain
 * statements, conditions, loops and turns. It leaves at the first instruction that asks someone,
 * calls or returns from a procedure, raises an event or ends the game, with the frame at that
 * instruction, and the VM's loop (`vm.ts`) takes that one as before.
 *
 * Why: the VM's loop costs about 30 ns an instruction (the frame on top looked up, the kind
 * dispatched, each statement's closure called through one call site that sees every closure of
 * the game). Here each instruction is a `case` of one `switch` on the frame's position, and each
 * statement's closure is called from a call site of its own, which only ever sees that closure.
 *
 * The frame stays plain data (`{code, pc, locals}`): `f.pc` is written before each instruction
 * runs, so an error, a saved match and the VM all see the frame exactly where the loop would
 * have it. The step budget is charged once per instruction, as the loop charges it, so both
 * play the same games and stop a runaway rule at the same place
 * (`tests/interpreter/compiled-vs-closures.test.ts` compares them on every game).
 *
 * Designer text never becomes code: the source is built from this file's templates and numbers
 * (positions, slots); instructions are read from the constant table `K`.
 */
export interface FlowRunner {
  /** Runs frame `f` from `f.pc` while its instructions are compiled ones (`fast`). */
  run: (x: Exec, f: FrameState) => void;
  /** Per position: 1 when the instruction there runs in `run`, 0 when the VM's loop takes it. */
  fast: Uint8Array;
}

/** What generated code calls. */
const HELPERS = { tick, forget, items, wholeCount, fail };

/**
 * Blocks longer than this run in the VM's loop: V8 compiles one function's `switch` in time that
 * grows faster than its cases (a flow of 20,000 statements took 2 s more to start), and a
 * block that long is a scenario or generated rules, not a hot loop.
 */
const MAX_COMPILED = 2000;

export function compileFlow(code: Compiled): FlowRunner {
  const fast = new Uint8Array(code.instrs.length);
  if (code.instrs.length > MAX_COMPILED) return { run: () => {}, fast };
  const hoisted: string[] = [];
  const cases: string[] = [];
  code.instrs.forEach((ins, i) => {
    const body = instrSource(ins, i, hoisted);
    if (body === undefined) return;
    fast[i] = 1;
    // The frame is where this instruction is before it runs; the budget charged as the loop charges it.
    cases.push(`case ${i}: f.pc = ${i}; if (++x.steps > x.budget) H.tick(x, I${i}.span, 0);\n${body}`);
  });
  const source = `"use strict";
${code.instrs.map((_, i) => `const I${i} = K[${i}];`).join("\n")}
${hoisted.join("\n")}
const forget = H.forget, items = H.items, wholeCount = H.wholeCount, fail = H.fail;
return function flow_L${code.span.start.line | 0}(x, f) {
  const l = f.locals;
  const s = x.s;
  let pc = f.pc;
  for (;;) {
    switch (pc) {
${cases.join("\n")}
      default:
        f.pc = pc;
        return;
    }
  }
};`;
  const factory = new Function("K", "H", source) as (k: readonly Instr[], h: typeof HELPERS) => FlowRunner["run"];
  return { run: factory(code.instrs, HELPERS), fast };
}

/** The body of instruction `i`'s case, or undefined when the VM's loop runs it. Each body sets `pc` and continues, or returns. */
function instrSource(ins: Instr, i: number, hoisted: string[]): string | undefined {
  switch (ins.k) {
    case "exec":
      hoisted.push(`const run${i} = I${i}.run;`);
      // A statement that wrote only a local (or the messages) leaves the match as it was and raises
      // nothing; one that raised events leaves them to the VM, which puts their handlers on top.
      if (ins.local) return `run${i}(x, l); pc = ${i + 1}; continue;`;
      return `run${i}(x, l); forget(x); pc = ${i + 1};
if (x.events.length !== 0) { f.pc = pc; return; }
continue;`;
    case "jump":
      return `pc = ${ins.to | 0}; continue;`;
    case "jf":
      hoisted.push(`const c${i} = I${i}.c;`);
      return `pc = c${i}(x, l) === true ? ${i + 1} : ${ins.to | 0}; continue;`;
    case "for_init":
      hoisted.push(`const src${i} = I${i}.src;`);
      return `l[${ins.listSlot | 0}] = items(x, src${i}(x, l), I${i}.zone, I${i}.span); l[${ins.indexSlot | 0}] = 0; pc = ${i + 1}; continue;`;
    case "for_next": {
      if (ins.where) hoisted.push(`const where${i} = I${i}.where;`);
      // A candidate the `where` turns down leaves the loop where it is, for the next one.
      const next = ins.where ? `if (where${i}(x, l) === true) pc = ${i + 1};` : `pc = ${i + 1};`;
      return `{ const list = l[${ins.listSlot | 0}]; const k = l[${ins.indexSlot | 0}];
if (k >= list.length) { pc = ${ins.end | 0}; continue; }
l[${ins.slot | 0}] = list[k]; l[${ins.indexSlot | 0}] = k + 1; ${next} continue; }`;
    }
    case "repeat_init":
      hoisted.push(`const n${i} = I${i}.n;`);
      return `{ const n = n${i}(x, l);
if (typeof n !== "number") fail("runtime-none-value", "how many times to repeat is \`none\`", I${i}.span);
wholeCount(n, I${i}.span, "how many times to repeat");
l[${ins.counterSlot | 0}] = n; pc = ${i + 1}; continue; }`;
    case "repeat_next":
      return `{ const n = l[${ins.counterSlot | 0}];
if (n <= 0) pc = ${ins.end | 0}; else { l[${ins.counterSlot | 0}] = n - 1; pc = ${i + 1}; }
continue; }`;
    case "turn_begin":
      hoisted.push(`const player${i} = I${i}.player;`);
      return `{ const p = player${i}(x, l);
if (typeof p !== "number" || p < 0 || p >= s.players) fail("runtime-none-value", "\`turn\` needs a player, and this is \`none\`", I${i}.span);
l[${ins.saveSlot | 0}] = s.current; if (s.current === null) s.turns[p]++; s.current = p; forget(x); pc = ${i + 1}; continue; }`;
    case "turn_end":
      return `s.current = l[${ins.saveSlot | 0}]; forget(x); pc = ${i + 1}; continue;`;
    case "call":
    case "ret":
    case "choose":
    case "secret":
    case "options":
    case "trigger":
    case "end":
      return undefined;
    default: {
      // Every kind is named above, so a new kind must say whether it is compiled. One this file
      // does not know (corrupt code) is left to the VM's loop, which stops the match on it.
      const unknown: never = ins;
      void unknown;
      return undefined;
    }
  }
}
