import type { IrExpr, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import { builtinImpl } from "./builtins/index.ts";
import { MAX_DIRECT, type DirectBuiltin } from "./builtins/impl.ts";
import { compileClosure, isIn, items, itemsRead, listAt, mapAt, num, ordinalOf, ordinals, placementOf, propReader, rangeOf, seat, spaceStateOf } from "./compile-expr.ts";
import { tick, type Exec, type Fn } from "./exec.ts";
import { piece } from "./pieces.ts";
import { spaceOf } from "./space-info.ts";
import { fail } from "./runtime-error.ts";
import type { Callable, Runtime } from "./runtime.ts";
import { equal, equalCharged, finite } from "./values.ts";
import { instanceKey } from "./topology.ts";
import { fixedSlots, fixedValue, type FixedValue } from "./fixed-values.ts";

/**
 * Compiles a checked expression to JavaScript: one plain function per
 * expression, with direct calls to the engine's helpers and inline
 * arithmetic, comparisons, logic and loops (comprehensions become `for`
 * loops in functions of their own), instead of a tree of closures calling
 * each other through megamorphic call sites.
 *
 * Designer text never becomes code: the generated source is built only from
 * this file's templates, local slot numbers and indexes into a constant
 * table `K`; every name, string, number, span and list from the rules is a
 * value in `K` (names are never identifiers, so nothing needs mangling).
 * Forms this compiler does not cover run as the closure of the reference
 * interpreter (`compileClosure`), held in `K` and called like a helper;
 * the step budget is charged exactly where the closures charge it, so both
 * engines play the same games (tests/interpreter/compiled-vs-closures.test.ts).
 */
export function compileJs(e: IrExpr, rt: Runtime, fixing = true): Fn {
  const g = new Gen(rt, fixing);
  const body = g.expr(e);
  // The function's name tells a profile which line of the rules it runs (numbers only, no designer text).
  const source = `"use strict";\n${g.hoisted.join("\n")}\nreturn function stela_L${lineOf(e)}(x, l) { return ${body}; };`;
  // The constants and helpers are the only free names of the generated code.
  const factory = new Function("K", "H", source) as (k: unknown[], h: typeof HELPERS) => Fn;
  return factory(g.consts, HELPERS);
}

/** The line of the rules an expression starts on, as a whole number for a generated function's name. */
function lineOf(e: IrExpr): number {
  return e.span.start.line | 0;
}

/** What generated code calls: the same functions the closures call, so errors and ticks agree. */
const HELPERS = {
  fixedValue,
  num,
  seat,
  items,
  itemsRead,
  listAt,
  mapAt,
  spaceStateOf,
  ordinalOf,
  rangeOf,
  isIn,
  tick,
  equal,
  equalCharged,
  fail,
  finite,
  /** The key of player `p`'s copy of a per-player zone or board: from `keys`, by seat, when made already. */
  seatKey(x: Exec, keys: readonly string[], name: string, p: Value, span: Span): string {
    const s = seat(x, p, span);
    return keys[s] ?? instanceKey(name, true, s);
  },
  field(x: Exec, id: Value, name: string, span: Span): Value {
    const p = piece(x, id, span);
    if (name in p.st) return p.st[name]!;
    if (p.sides && name in p.sides) return p.sides[name]!;
    return x.rt.def.components[p.c]!.fields[name] ?? null;
  },
  /** The fields of the component of piece `id`: the name is read at the call site (see `attr` in `expr`). */
  fieldsOf(x: Exec, id: Value, span: Span): Record<string, Value> {
    return x.rt.def.components[piece(x, id, span).c]!.fields;
  },
  /** The variables of player `p`. */
  pvarsOf(x: Exec, p: Value, span: Span): Record<string, Value> {
    return x.s.pvars[seat(x, p, span)]!;
  },
  spaceOf,
  placementOf,
  divide(a: number, b: number, mod: boolean, span: Span): number {
    if (b === 0) fail("runtime-division-by-zero", "division by zero", span);
    return finite(mod ? a % b : a / b, span, "this quotient");
  },
  ordered(a: Value, b: Value, o: string, span: Span): boolean {
    if (a === null || b === null) fail("runtime-none-value", `cannot compare \`none\` with \`${o}\``, span);
    switch (o) {
      case "<":
        return (a as number) < (b as number);
      case "<=":
        return (a as number) <= (b as number);
      case ">":
        return (a as number) > (b as number);
      default:
        return (a as number) >= (b as number);
    }
  },
  isKind(x: Exec, id: Value, kind: string): boolean {
    return typeof id === "number" && x.s.pieces[id] !== undefined && x.rt.def.components[x.s.pieces[id]!.c]!.kind === kind;
  },
};

/**
 * How the generated code reads each part of a placement after `H.placementOf`: fixed code from
 * this table, never a name from the rules (the same parts `propReader` reads).
 */
const PLACEMENT_PARTS = new Map<string, string>([
  ["piece", ".piece"],
  ["cells", ".cells"],
  ["space", ".cells[0] ?? null"],
]);

/** A lazily bound call target (a function may call one compiled after it). */
interface Late {
  f: Callable | undefined;
  get: () => Callable;
}

class Gen {
  readonly consts: unknown[] = [];
  readonly hoisted: string[] = [];
  private fns = 0;

  /** `fixing`: a part fixed by the game's definition alone is worked out once (`fixed-values.ts`); off inside such a part. */
  constructor(
    private readonly rt: Runtime,
    private readonly fixing: boolean,
  ) {}

  /** A reference to a constant: every value from the rules enters the code this way. */
  k(v: unknown): string {
    this.consts.push(v);
    return `K[${this.consts.length - 1}]`;
  }

  private args(list: IrExpr[]): string {
    return `[${list.map((a) => this.expr(a)).join(", ")}]`;
  }

  /**
   * The arguments of a call to the game's own code, padded with `null` to the callee's frame:
   * the callee takes this array as its locals (`Callable`), so nothing is copied or grown.
   */
  private frameArgs(list: IrExpr[], nlocals: number): string {
    const parts = list.map((a) => this.expr(a));
    while (parts.length < nlocals) parts.push("null");
    return `[${parts.join(", ")}]`;
  }

  private fallback(e: IrExpr): string {
    return `${this.k(compileClosure(e, this.rt))}(x, l)`;
  }

  expr(e: IrExpr): string {
    if (this.fixing && e.op !== "lit" && e.op !== "local") {
      const slots = fixedSlots(e, this.rt);
      if (slots) {
        const cell: FixedValue = { fn: compileJs(e, this.rt, false), slots, done: false, v: null, steps: 0, after: [] };
        return `H.fixedValue(x, l, ${this.k(cell)})`;
      }
    }
    switch (e.op) {
      case "lit":
        return typeof e.v === "number" || typeof e.v === "boolean" || e.v === null ? JSON.stringify(e.v) : this.k(e.v);
      case "local":
        return `l[${e.slot | 0}]`;
      case "global":
        return `(x.s.globals[${this.k(e.name)}] ?? null)`;
      case "current":
        return "x.s.current";
      case "pvar":
        return `(H.pvarsOf(x, ${this.expr(e.player)}, ${this.k(e.span)})[${this.k(e.name)}] ?? null)`;
      case "field": {
        // A name no kind keeps as a state or `sides` field is read from the piece's component alone.
        const kinds = Object.values(this.rt.def.kinds);
        const varies = kinds.some((k) => k.states.some((f) => f.name === e.name) || k.sidesFields.includes(e.name));
        if (!varies) return `(H.fieldsOf(x, ${this.expr(e.obj)}, ${this.k(e.span)})[${this.k(e.name)}] ?? null)`;
        return `H.field(x, ${this.expr(e.obj)}, ${this.k(e.name)}, ${this.k(e.span)})`;
      }
      case "and":
        return `(${this.expr(e.a)} === true && ${this.expr(e.b)} === true)`;
      case "or":
        return `(${this.expr(e.a)} === true || ${this.expr(e.b)} === true)`;
      case "not":
        return `(${this.expr(e.a)} !== true)`;
      case "neg":
        return `(-H.num(${this.expr(e.a)}, ${this.k(e.span)}, "the operand of \`-\`"))`;
      case "if":
        return `(${this.expr(e.c)} === true ? ${this.expr(e.a)} : ${this.expr(e.b)})`;
      case "list":
        return this.args(e.items);
      case "is":
        return `H.isKind(x, ${this.expr(e.a)}, ${this.k(e.kind)})`;
      case "arith": {
        if (e.mode === "list") return this.fallback(e);
        const span = this.k(e.span);
        const a = `H.num(${this.expr(e.a)}, ${span}, ${this.k(`the left of \`${e.o}\``)})`;
        const b = `H.num(${this.expr(e.b)}, ${span}, ${this.k(`the right of \`${e.o}\``)})`;
        switch (e.o) {
          case "+":
            return `H.finite(${a} + ${b}, ${span}, "this sum")`;
          case "-":
            return `H.finite(${a} - ${b}, ${span}, "this difference")`;
          case "*":
            return `H.finite(${a} * ${b}, ${span}, "this product")`;
          case "/":
            return `H.divide(${a}, ${b}, false, ${span})`;
          case "%":
            return `H.divide(${a}, ${b}, true, ${span})`;
          default:
            return this.fallback(e);
        }
      }
      case "cmp": {
        const a = this.expr(e.a);
        const b = this.expr(e.b);
        switch (e.o) {
          case "==":
            return e.deep ? `H.equalCharged(x, ${a}, ${b}, ${this.k(e.span)})` : `(${a} === ${b})`;
          case "!=":
            return e.deep ? `(!H.equalCharged(x, ${a}, ${b}, ${this.k(e.span)}))` : `(${a} !== ${b})`;
          default:
            return `H.ordered(${a}, ${b}, ${this.k(e.o)}, ${this.k(e.span)})`;
        }
      }
      case "builtin": {
        const impl = builtinImpl(e.fn);
        if (!impl) return this.fallback(e);
        const one = (impl as Partial<DirectBuiltin>).direct;
        // One by one, with no list made at every call (`direct`).
        if (one && e.args.length <= MAX_DIRECT) {
          // An argument left out is `none`, as the list form reads it.
          const values = e.args.map((a) => this.expr(a));
          while (values.length < one.length - 2) values.push("null");
          return `${this.k(one)}(x, ${this.k(e.span)}${values.map((v) => `, ${v}`).join("")})`;
        }
        return `${this.k(impl)}(x, ${this.args(e.args)}, ${this.k(e.span)})`;
      }
      case "fn":
      case "hook": {
        const table = e.op === "fn" ? this.rt.functions : this.rt.hooks;
        const name = e.name;
        const late: Late = { f: undefined, get: () => table.get(name)! };
        const c = this.k(late);
        const def = e.op === "fn" ? this.rt.def.functions[name] : this.rt.def.hooks[name];
        return `(${c}.f ??= ${c}.get())(x, ${this.frameArgs(e.args, def?.nlocals ?? 0)}, ${this.k(e.span)})`;
      }
      case "rule": {
        const rules = this.rt.rules;
        const name = e.name;
        const late: Late = { f: undefined, get: () => rules.get(name)!.check };
        const c = this.k(late);
        return `(${c}.f ??= ${c}.get())(x, ${this.frameArgs(e.args, this.rt.def.rules[name]?.nlocals ?? 0)}, ${this.k(e.span)})`;
      }
      case "comp":
        return this.comprehension(e);
      case "zone":
      case "board": {
        if (!e.player) return this.k(e.name);
        // Each seat's key, made once here: one of them is asked for at nearly every move (`top(p.supply)`).
        const keys = Array.from({ length: this.rt.def.maxPlayers }, (_, seat) => instanceKey(e.name, true, seat));
        return `H.seatKey(x, ${this.k(keys)}, ${this.k(e.name)}, ${this.expr(e.player)}, ${this.k(e.span)})`;
      }
      case "prop": {
        // A placement's parts are read in this expression's own code, like attributes (`attr`).
        const part = e.of === "placement" ? PLACEMENT_PARTS.get(e.name) : undefined;
        if (part !== undefined) return `(H.placementOf(${this.expr(e.obj)}, ${this.k(e.span)})${part})`;
        return `${this.k(propReader(e.of, e.name, e.span))}(x, ${this.expr(e.obj)})`;
      }
      case "attr":
        // The name is looked up here, in this expression's own code, not in a helper every read
        // shares: each site then only ever sees one name, and V8 keeps its look-up fast (a helper
        // seeing every name of the game took 1.5% of a playout of a tile game on one line).
        return `(H.spaceOf(${this.expr(e.obj)}, ${this.k(e.span)}).attrs[${this.k(e.name)}] ?? null)`;
      case "sstate":
        return `H.spaceStateOf(x, ${this.expr(e.obj)}, ${this.k(e.name)}, ${this.k(e.init)}, ${this.k(e.span)})`;
      case "ordinal":
        return `H.ordinalOf(${this.k(ordinals(e.members))}, ${this.expr(e.a)}, ${this.k(e.span)})`;
      case "range":
        return `H.rangeOf(x, ${this.expr(e.a)}, ${this.expr(e.b)}, ${this.k(e.span)})`;
      case "in":
        return `H.isIn(x, ${this.expr(e.a)}, ${this.expr(e.b)}, ${e.zone ? "true" : "false"}, ${e.deep ? "true" : "false"}, ${this.k(e.span)})`;
      case "bind":
        return `(l[${e.slot | 0}] = ${this.expr(e.value)}, ${this.expr(e.body)})`;
      case "index": {
        if (e.of === "list") return `H.listAt(${this.expr(e.obj)}, ${this.expr(e.idx)}, ${this.k(e.span)})`;
        if (e.of === "zone") return this.fallback(e);
        // A `none` map gives `none` without reading the key: the key is read in a function of its own.
        const name = `key${this.fns++}`;
        this.hoisted.push(`function ${name}(x, l, m) { return m === null ? null : H.mapAt(x, m, ${this.expr(e.idx)}, ${this.k(e.span)}); }`);
        return `${name}(x, l, ${this.expr(e.obj)})`;
      }
      default:
        return this.fallback(e);
    }
  }

  /** A comprehension as a loop in a function of its own, visiting items exactly as the closures do. */
  private comprehension(e: Extract<IrExpr, { op: "comp" }>): string {
    const slot = e.slot | 0;
    const span = this.k(e.span);
    const where = e.where ? `if (${this.expr(e.where)} !== true) continue;` : "";
    const body = (): string => this.expr(e.body!);
    let init: string;
    let step: string;
    let result: string;
    switch (e.form) {
      case "list":
        init = "const out = [];";
        step = `out.push(${body()});`;
        result = "out";
        break;
      case "count":
        init = "let n = 0;";
        step = "n++;";
        result = "n";
        break;
      case "first":
        init = "";
        step = "return item;";
        result = "null";
        break;
      case "sum":
        init = "let total = 0;";
        step = `total += H.num(${body()}, ${span}, "a value to add");`;
        result = "total";
        break;
      case "highest":
      case "lowest":
        init = "let best = null;";
        step = `const v = H.num(${body()}, ${span}, "a value to compare"); if (best === null || v ${e.form === "highest" ? ">" : "<"} best) best = v;`;
        result = "best ?? 0";
        break;
      case "any":
        init = "";
        step = `if (${body()} === true) return true;`;
        result = "false";
        break;
      case "all":
        init = "";
        step = `if (${body()} !== true) return false;`;
        result = "true";
        break;
      case "no":
        init = "";
        step = `if (${body()} === true) return false;`;
        result = "true";
        break;
      default:
        return this.fallback(e);
    }
    const name = `comp${this.fns++}_L${lineOf(e)}`;
    this.hoisted.push(
      `function ${name}(x, l) {
  const list = H.itemsRead(x, ${this.expr(e.src)}, ${e.zone ? "true" : "false"}, ${span});
  H.tick(x, ${span}, list.length);
  ${init}
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    l[${slot}] = item;
    ${where}
    ${step}
  }
  return ${result};
}`,
    );
    return `${name}(x, l)`;
  }
}
