import type { IrExpr, PlacementValue, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import { assertNever } from "./assert-never.ts";
import { compileJs } from "./compile-js.ts";
import { builtinImpl } from "./builtins/index.ts";
import { pieceSpaces } from "./builtins/board-builtins.ts";
import { tick, type Exec, type Fn } from "./exec.ts";
import { isTop, piece } from "./pieces.ts";
import { fail } from "./runtime-error.ts";
import { spaceOf } from "./space-info.ts";
import type { Callable, CompiledRule, Runtime } from "./runtime.ts";
import { instanceKey, numberedKeys } from "./topology.ts";
import { checkListSize, checkText, equal, equalCharged, finite, label, markDistinct, RUNTIME_LIMITS } from "./values.ts";

/** The items a comprehension, `for` or `choose` goes over: a list, or a zone's pieces (bottom first). */
export function items(x: Exec, v: Value, zone: boolean, span: Span): Value[] {
  if (zone) {
    const z = x.s.zones[v as string];
    if (!z) fail("runtime-none-value", "there is no such zone", span);
    return [...z];
  }
  if (v === null) fail("runtime-none-value", "this list is `none`", span);
  if (!Array.isArray(v)) fail("runtime-error", "this is not a list", span);
  return v;
}

/**
 * The items a comprehension goes over, read only: a zone's own list, not a copy. An expression
 * changes no zone (nothing moves while one is worked out), so its loop may read the list the
 * match keeps; a `for` statement, whose body may move the pieces it visits, copies (`items`).
 * A rule counting one type of card in a supply of 230 copied the supply at every call.
 */
export function itemsRead(x: Exec, v: Value, zone: boolean, span: Span): readonly Value[] {
  if (zone) {
    const z = x.s.zones[v as string];
    if (!z) fail("runtime-none-value", "there is no such zone", span);
    return z;
  }
  return items(x, v, false, span);
}

export function seat(x: Exec, v: Value, span: Span): number {
  if (typeof v !== "number" || v < 0 || v >= x.s.players) {
    fail("runtime-none-value", v === null ? "there is no player here (the value is `none`)" : `there is no player ${String(v)}`, span);
  }
  return v;
}

export function num(v: Value, span: Span, what: string): number {
  if (typeof v !== "number") fail("runtime-none-value", `${what} is ${v === null ? "`none`" : "not a number"}`, span);
  return v;
}

function evalArgs(args: Fn[], x: Exec, l: Value[]): Value[] {
  const out = new Array<Value>(args.length);
  for (let i = 0; i < args.length; i++) out[i] = args[i]!(x, l);
  return out;
}

/**
 * Compiles an expression once, for the runtime's engine: to JavaScript
 * (`compile-js.ts`, the default) or to the reference interpreter's closures.
 */
export function compileExpr(e: IrExpr, rt: Runtime): Fn {
  return rt.engine === "compiled" ? compileJs(e, rt) : compileClosure(e, rt);
}

/**
 * Compiles an expression once into a closure over (match, locals): the
 * reference interpreter, which the compiled engine is tested against and
 * falls back to for the forms it does not generate code for.
 */
export function compileClosure(e: IrExpr, rt: Runtime): Fn {
  const span = e.span;
  switch (e.op) {
    case "lit": {
      const v = e.v;
      return () => v;
    }
    case "local": {
      const slot = e.slot;
      return (_x, l) => l[slot]!;
    }
    case "global": {
      const name = e.name;
      return (x) => x.s.globals[name] ?? null;
    }
    case "current":
      return (x) => x.s.current;
    case "pvar": {
      const p = compileExpr(e.player, rt);
      const name = e.name;
      return (x, l) => x.s.pvars[seat(x, p(x, l), span)]![name] ?? null;
    }
    case "zone":
    case "board": {
      const name = e.name;
      if (!e.player) return () => name;
      const p = compileExpr(e.player, rt);
      return (x, l) => instanceKey(name, true, seat(x, p(x, l), span));
    }
    case "zones": {
      const keys = numberedKeys(e.name, rt.def.zones[e.name]?.copies ?? 0);
      // A fresh list each time: lists are values, and a rule may keep this one.
      return () => [...keys];
    }
    case "field": {
      const obj = compileExpr(e.obj, rt);
      const name = e.name;
      return (x, l) => {
        const id = obj(x, l);
        const p = piece(x, id, span);
        if (name in p.st) return p.st[name]!;
        if (p.sides && name in p.sides) return p.sides[name]!;
        return x.rt.def.components[p.c]!.fields[name] ?? null;
      };
    }
    case "prop":
      return compileProp(e, rt);
    case "attr": {
      const obj = compileExpr(e.obj, rt);
      const name = e.name;
      return (x, l) => attrOf(x, obj(x, l), name, span);
    }
    case "index": {
      const obj = compileExpr(e.obj, rt);
      const idx = compileExpr(e.idx, rt);
      if (e.of === "map") {
        // A `none` map gives `none` without reading the key.
        return (x, l) => {
          const m = obj(x, l);
          return m === null ? null : mapAt(x, m, idx(x, l), span);
        };
      }
      if (e.of === "zone") return (x, l) => listAt(items(x, obj(x, l), true, span), idx(x, l), span, "zone");
      return (x, l) => listAt(obj(x, l), idx(x, l), span);
    }
    case "sstate": {
      const obj = compileExpr(e.obj, rt);
      const name = e.name;
      const init = e.init;
      return (x, l) => spaceStateOf(x, obj(x, l), name, init, span);
    }
    case "ordinal": {
      const a = compileExpr(e.a, rt);
      const at = ordinals(e.members);
      return (x, l) => ordinalOf(at, a(x, l), span);
    }
    case "bind": {
      const value = compileExpr(e.value, rt);
      const body = compileExpr(e.body, rt);
      const slot = e.slot;
      return (x, l) => {
        l[slot] = value(x, l);
        return body(x, l);
      };
    }
    case "table": {
      const table = rt.def.tables[e.name]!;
      const key = compileExpr(e.key, rt);
      const exact = new Map<Value, Value>();
      const ranges: { from: number; to: number; value: Value }[] = [];
      for (const r of table.rows) {
        if (typeof r.from === "number" && r.to !== r.from) ranges.push({ from: r.from, to: r.to === null ? Infinity : (r.to as number), value: r.value });
        else exact.set(r.from, r.value);
      }
      const name = e.name;
      const otherwise = table.else;
      return (x, l) => {
        const k = key(x, l);
        const hit = exact.get(k);
        if (hit !== undefined) return hit;
        if (typeof k === "number") for (const r of ranges) if (k >= r.from && k <= r.to) return r.value;
        if (otherwise) return otherwise.value;
        return fail("runtime-table-miss", `table \`${name}\` has no row for ${label(x, k, table.keyType)}`, span);
      };
    }
    case "builtin": {
      const impl = builtinImpl(e.fn);
      if (!impl) return () => fail("internal-error", `built-in \`${e.fn}\` has no implementation`, span);
      const args = e.args.map((a) => compileExpr(a, rt));
      if (args.length === 0) return (x) => impl(x, [], span);
      if (args.length === 1) {
        const a0 = args[0]!;
        return (x, l) => impl(x, [a0(x, l)], span);
      }
      return (x, l) => impl(x, evalArgs(args, x, l), span);
    }
    case "fn":
    case "hook": {
      const args = e.args.map((a) => compileExpr(a, rt));
      const table = e.op === "fn" ? rt.functions : rt.hooks;
      const name = e.name;
      // Looked up on first use (a function may call one compiled after it), then called directly.
      let f: Callable | undefined;
      return (x, l) => (f ??= table.get(name)!)(x, evalArgs(args, x, l), span);
    }
    case "rule": {
      const args = e.args.map((a) => compileExpr(a, rt));
      const name = e.name;
      let check: CompiledRule["check"] | undefined;
      return (x, l) => (check ??= rt.rules.get(name)!.check)(x, evalArgs(args, x, l), span);
    }
    case "arith": {
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      if (e.mode === "list") {
        return (x, l) => {
          const av = (a(x, l) as Value[] | null) ?? [];
          const bv = (b(x, l) as Value[] | null) ?? [];
          checkListSize(x, av.length + bv.length, span);
          return [...av, ...bv];
        };
      }
      // The texts for an error, written once, not at every evaluation.
      const sides = { left: `the left of \`${e.o}\``, right: `the right of \`${e.o}\`` };
      const n = (v: Value, side: "left" | "right") => num(v, span, sides[side]);
      const op = e.o;
      switch (op) {
        case "+":
          return (x, l) => finite(n(a(x, l), "left") + n(b(x, l), "right"), span, "this sum");
        case "-":
          return (x, l) => finite(n(a(x, l), "left") - n(b(x, l), "right"), span, "this difference");
        case "*":
          return (x, l) => finite(n(a(x, l), "left") * n(b(x, l), "right"), span, "this product");
        case "/":
        case "%":
          return (x, l) => {
            const av = n(a(x, l), "left");
            const bv = n(b(x, l), "right");
            if (bv === 0) fail("runtime-division-by-zero", "division by zero", span);
            return finite(op === "/" ? av / bv : av % bv, span, "this quotient");
          };
        default:
          return assertNever(op, "arithmetic operator");
      }
    }
    case "cmp": {
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      switch (e.o) {
        case "==":
          return e.deep ? (x, l) => equalCharged(x, a(x, l), b(x, l), e.span) : (x, l) => a(x, l) === b(x, l);
        case "!=":
          return e.deep ? (x, l) => !equalCharged(x, a(x, l), b(x, l), e.span) : (x, l) => a(x, l) !== b(x, l);
        default: {
          const o = e.o;
          return (x, l) => {
            const av = a(x, l);
            const bv = b(x, l);
            if (av === null || bv === null) fail("runtime-none-value", `cannot compare \`none\` with \`${o}\``, span);
            switch (o) {
              case "<":
                return (av as number) < (bv as number);
              case "<=":
                return (av as number) <= (bv as number);
              case ">":
                return (av as number) > (bv as number);
              default:
                return (av as number) >= (bv as number);
            }
          };
        }
      }
    }
    case "in": {
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      const zone = e.zone;
      const deep = e.deep;
      return (x, l) => isIn(x, a(x, l), b(x, l), zone, deep, span);
    }
    case "and": {
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      return (x, l) => a(x, l) === true && b(x, l) === true;
    }
    case "or": {
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      return (x, l) => a(x, l) === true || b(x, l) === true;
    }
    case "not": {
      const a = compileExpr(e.a, rt);
      return (x, l) => a(x, l) !== true;
    }
    case "neg": {
      const a = compileExpr(e.a, rt);
      return (x, l) => -num(a(x, l), span, "the operand of `-`");
    }
    case "if": {
      const c = compileExpr(e.c, rt);
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      return (x, l) => (c(x, l) === true ? a(x, l) : b(x, l));
    }
    case "list": {
      const fs = e.items.map((i) => compileExpr(i, rt));
      return (x, l) => fs.map((f) => f(x, l));
    }
    case "range": {
      const a = compileExpr(e.a, rt);
      const b = compileExpr(e.b, rt);
      return (x, l) => rangeOf(x, a(x, l), b(x, l), span);
    }
    case "is": {
      const a = compileExpr(e.a, rt);
      const kind = e.kind;
      return (x, l) => {
        const id = a(x, l);
        return typeof id === "number" && x.s.pieces[id] !== undefined && x.rt.def.components[x.s.pieces[id]!.c]!.kind === kind;
      };
    }
    case "comp":
      return compileComprehension(e, rt);
    case "perplayer": {
      const body = compileExpr(e.body, rt);
      const slot = e.slot;
      return (x, l) => {
        const out: Value[] = [];
        for (let p = 0; p < x.s.players; p++) {
          l[slot] = p;
          out.push(body(x, l));
        }
        return out;
      };
    }
    case "template": {
      const parts = e.parts.map((p) => (typeof p === "string" ? p : { f: compileExpr(p.e, rt), ty: p.ty }));
      return (x, l) => {
        let out = "";
        for (const p of parts) {
          out += typeof p === "string" ? p : label(x, p.f(x, l), p.ty);
          if (out.length > RUNTIME_LIMITS.textChars) checkText(x, out, span);
        }
        return checkText(x, out, span);
      };
    }
    default:
      return assertNever(e, "expression");
  }
}

function compileProp(e: Extract<IrExpr, { op: "prop" }>, rt: Runtime): Fn {
  const obj = compileExpr(e.obj, rt);
  const read = propReader(e.of, e.name, e.span);
  return (x, l) => read(x, obj(x, l));
}

/** Reads property `name` of a piece, space, placement or player value (`p.owner`, `s.x`, `pl.space`): shared by both engines. */
export function propReader(of: Extract<IrExpr, { op: "prop" }>["of"], name: string, span: Span): (x: Exec, v: Value) => Value {
  switch (of) {
    case "piece":
      return (x, id) => {
        const p = piece(x, id, span);
        switch (name) {
          case "owner":
            return p.owner;
          case "name":
            return x.rt.def.components[p.c]!.label;
          case "kind":
            return x.rt.def.components[p.c]!.kind;
          case "face_up":
            return p.up;
          case "rotation":
            return p.board === null ? 0 : x.rt.facing(p.board, p.rot).turns;
          case "mirrored":
            return p.board !== null && x.rt.facing(p.board, p.rot).mirrored;
          case "cells":
            return pieceSpaces(x, id as number);
          case "space":
            return pieceSpaces(x, id as number)[0] ?? null;
          case "on_board":
            return p.board !== null && isTop(x.rt.topo, x.s, id as number);
        }
        return null;
      };
    case "space":
      // Chosen once per expression, not per read: rules read `s.x` for every candidate of a choice.
      switch (name) {
        case "x":
          return (x, v) => spaceOf(v, span).x;
        case "y":
          return (x, v) => spaceOf(v, span).y;
        case "level":
          return (x, v) => spaceOf(v, span).z;
        case "board":
          return (x, v) => spaceOf(v, span).board;
        case "label":
          return (x, v) => x.rt.topo.label(spaceOf(v, span));
      }
      return (x, v) => (spaceOf(v, span), null);
    case "placement": {
      switch (name) {
        case "piece":
          return (_x, v) => placementOf(v, span).piece;
        case "cells":
          return (_x, v) => placementOf(v, span).cells;
        case "rotation":
          return (x, v) => {
            const pl = placementOf(v, span);
            return x.rt.facing(pl.board, pl.rotation).turns;
          };
        case "mirrored":
          return (x, v) => {
            const pl = placementOf(v, span);
            return x.rt.facing(pl.board, pl.rotation).mirrored;
          };
        case "space":
          return (_x, v) => placementOf(v, span).cells[0] ?? null;
      }
      return (_x, v) => (placementOf(v, span), null);
    }
    case "player":
      return (x, v) => {
        const p = seat(x, v, span);
        return name === "seat" ? p : x.rt.playerName(p);
      };
    default:
      return assertNever(of, "property owner");
  }
}

// ------------------------------------------------------------ readers both engines call

/** A placement whose parts a rule reads (`pl.piece`), or the runtime error for `none`. */
export function placementOf(v: Value, span: Span): PlacementValue {
  if (!v) fail("runtime-none-value", "there is no placement here (the value is `none`)", span);
  return v as PlacementValue;
}

/** A space's attribute (`s.temple`). */
function attrOf(x: Exec, v: Value, name: string, span: Span): Value {
  return spaceOf(v, span).attrs[name] ?? null;
}

/** Item `i` of a list (or of the pieces of a zone, `what`), or a runtime error outside it. */
export function listAt(list: Value, i: Value, span: Span, what: "list" | "zone" = "list"): Value {
  const n = num(i, span, "the index");
  if (!Array.isArray(list)) fail("runtime-none-value", "this list is `none`", span);
  if (!Number.isInteger(n) || n < 0 || n >= list.length) {
    if (!Number.isInteger(n)) fail("runtime-invalid-number", `an index is a whole number, and this is ${n}`, span);
    fail("runtime-index-out-of-range", what === "zone" ? (list.length === 0 ? `index ${n} of a zone that is empty` : `index ${n} is outside this zone of ${list.length} pieces`) : `index ${n} is outside this list of ${list.length}`, span);
  }
  return list[n]!;
}

/** A per-player map's value for a player (the map is not `none`). */
export function mapAt(x: Exec, map: Value, p: Value, span: Span): Value {
  return (map as Value[])[seat(x, p, span)] ?? null;
}

/** A space's `space state` value (its start value until set). */
export function spaceStateOf(x: Exec, key: Value, name: string, init: Value, span: Span): Value {
  return x.s.spaces?.[spaceOf(key, span).key]?.[name] ?? init;
}

/** Each enum member's position, for an enum-keyed map. */
export function ordinals(members: readonly string[]): Map<Value, number> {
  return new Map<Value, number>(members.map((m, i) => [m, i]));
}

/** The position of an enum member in an enum-keyed map. */
export function ordinalOf(at: Map<Value, number>, v: Value, span: Span): number {
  const i = at.get(v);
  if (i === undefined) fail("runtime-none-value", v === null ? "this key is `none`" : `\`${String(v)}\` is not a key of this map`, span);
  return i;
}

/** `a..b`: the whole numbers from `a` to `b`. */
export function rangeOf(x: Exec, a: Value, b: Value, span: Span): number[] {
  const from = finite(num(a, span, "the start of the range"), span, "the start of the range");
  const to = finite(num(b, span, "the end of the range"), span, "the end of the range");
  // Past 2^53 adding one no longer moves a number: counting would never end.
  if (Math.abs(from) > Number.MAX_SAFE_INTEGER || Math.abs(to) > Number.MAX_SAFE_INTEGER) {
    fail("runtime-invalid-number", `a range counts by one only between ${(-Number.MAX_SAFE_INTEGER).toLocaleString("en")} and ${Number.MAX_SAFE_INTEGER.toLocaleString("en")}, and this one goes from ${from} to ${to}`, span);
  }
  // A range counts whole numbers: an end with a fraction is a division left unrounded
  // (`1..size(p.held) / 3` gave [1, 2, 3] and `0.5..2` gave [0.5, 1.5], silently).
  if (!Number.isInteger(from) || !Number.isInteger(to)) {
    const [what, v] = Number.isInteger(from) ? ["end", to] : ["start", from];
    fail("runtime-invalid-number", `a range counts whole numbers, and its ${what} is ${v}: round it with \`floor\`, \`ceil\` or \`round\``, span);
  }
  checkListSize(x, Math.max(0, Math.floor(to - from) + 1), span);
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  // Counting up never repeats: a choice from a range need not look for duplicates.
  return markDistinct(out);
}

/** `a in b`: membership in a list or, with `zone`, a zone's pieces; `deep` compares lists and maps by value. */
export function isIn(x: Exec, a: Value, b: Value, zone: boolean, deep: boolean, span: Span): boolean {
  const list = zone ? (x.s.zones[b as string] ?? []) : ((b as Value[] | null) ?? []);
  // A look through the list, charged by its length like a comprehension over it (inline: rules
  // ask `q in placed` for every candidate).
  x.steps += list.length;
  if (x.steps > x.budget) tick(x, span, 0);
  return deep ? list.some((i) => equal(i, a)) : list.includes(a as never);
}

function compileComprehension(e: Extract<IrExpr, { op: "comp" }>, rt: Runtime): Fn {
  const src = compileExpr(e.src, rt);
  const where = e.where ? compileExpr(e.where, rt) : undefined;
  const body = e.body ? compileExpr(e.body, rt) : undefined;
  const slot = e.slot;
  const span = e.span;
  const zone = e.zone;
  const each = (x: Exec, l: Value[], visit: (item: Value) => boolean | void): void => {
    const list = itemsRead(x, src(x, l), zone, span);
    tick(x, span, list.length);
    for (const item of list) {
      l[slot] = item;
      if (where && where(x, l) !== true) continue;
      if (visit(item) === false) return;
    }
  };
  switch (e.form) {
    case "list":
      return (x, l) => {
        const out: Value[] = [];
        each(x, l, () => void out.push(body!(x, l)));
        return out;
      };
    case "count":
      return (x, l) => {
        let n = 0;
        each(x, l, () => void n++);
        return n;
      };
    case "first":
      return (x, l) => {
        let found: Value = null;
        each(x, l, (item) => {
          found = item;
          return false;
        });
        return found;
      };
    case "sum":
      return (x, l) => {
        let total = 0;
        each(x, l, () => void (total += num(body!(x, l), span, "a value to add")));
        return total;
      };
    case "highest":
    case "lowest": {
      const high = e.form === "highest";
      return (x, l) => {
        let best: number | null = null;
        each(x, l, () => {
          const v = num(body!(x, l), span, "a value to compare");
          if (best === null || (high ? v > best : v < best)) best = v;
        });
        return best ?? 0;
      };
    }
    case "any":
      return (x, l) => {
        let found = false;
        each(x, l, () => {
          if (body!(x, l) === true) {
            found = true;
            return false;
          }
        });
        return found;
      };
    case "all":
      return (x, l) => {
        let ok = true;
        each(x, l, () => {
          if (body!(x, l) !== true) {
            ok = false;
            return false;
          }
        });
        return ok;
      };
    case "no":
      return (x, l) => {
        let none = true;
        each(x, l, () => {
          if (body!(x, l) === true) {
            none = false;
            return false;
          }
        });
        return none;
      };
    case "sort":
      return (x, l) => {
        const keyed: { item: Value; key: Value; i: number }[] = [];
        each(x, l, (item) => {
          const key = body!(x, l);
          // Compared as 0, a `none` key put its item among the zeros without a word.
          if (key === null || (Array.isArray(key) && key.includes(null))) fail("runtime-none-value", "a sort key is `none`: every item needs a number or a text to sort by", span);
          keyed.push({ item, key, i: keyed.length });
        });
        keyed.sort((a, b) => compareKeys(a.key, b.key) || a.i - b.i);
        return keyed.map((k) => k.item);
      };
    default:
      return assertNever(e.form, "comprehension form");
  }
}

/**
 * The order of two sort keys: numbers or texts, smallest first; lists of them item by item, a
 * list that is the start of another first (`by [-p.score, p.seat]`: the highest score first, then
 * the lower seat).
 */
function compareKeys(a: Value, b: Value): number {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < a.length && i < b.length; i++) {
      const c = compareKeys(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  const ka = a as number | string;
  const kb = b as number | string;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
