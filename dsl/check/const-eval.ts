import type { Decl, Expr } from "../ast.ts";
import type { ShapeValue, Value } from "../ir.ts";
import type { Span } from "../span.ts";
import { assignable, T, typeName, unify, type Type } from "../types.ts";
import type { Checker } from "./context.ts";
import { use } from "./context.ts";
import { expectingMap, mapLitEnum, orderMapValues } from "./enum-maps.ts";
import { resolveType } from "./types-from-ast.ts";
import { tableRow } from "./table-rows.ts";
import { didYouMean } from "../suggest.ts";

/** A value known before the game starts, with its type. */
export interface Constant {
  v: Value;
  ty: Type;
}

/** Values of names bound while expanding `for c in Colour { … }` in components. */
export type ConstEnv = Map<string, Constant>;

/**
 * Parses a drawn shape: any character but `.` and `-` is a cell (`#`, or a letter); spaces
 * separate nothing. A shape is a piece's footprint, so it may have at most
 * `CONST_BUDGET.shapeCells` cells: a shared file with a row thousands of cells wide would
 * otherwise make every placement of the piece cost seconds.
 */
export function shapeFromRows(rows: string[]): ShapeValue | string {
  const cells: [number, number][] = [];
  for (let y = 0; y < rows.length; y++) {
    // A drawn row runs to the end of its line: a field after it on that line (`| # #, points: 2`)
    // was read as cells, a row of eleven, and the field as missing.
    const after = /[,:]/.exec(rows[y]!);
    if (after) return `a shape's row runs to the end of its line, so \`${rows[y]!.slice(after.index).trim()}\` is read as cells: put what follows the shape on a line of its own`;
    const symbols = rows[y]!.replace(/\s+/g, "");
    for (let x = 0; x < symbols.length; x++) {
      const ch = symbols[x];
      if (ch === "." || ch === "-") continue;
      if (cells.length === CONST_BUDGET.shapeCells) {
        return `a shape may have at most ${CONST_BUDGET.shapeCells.toLocaleString("en")} cells (a piece's footprint); this one has more`;
      }
      cells.push([x, y]);
    }
  }
  if (cells.length === 0) return "a shape needs at least one `#` cell";
  return normaliseShape(cells);
}

export function normaliseShape(cells: [number, number][]): ShapeValue {
  // A loop, not `Math.min(...)`: spreading a long list as arguments overflows the stack.
  let minX = Infinity;
  let minY = Infinity;
  for (const [x, y] of cells) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
  }
  const shape = cells.map(([x, y]) => [x - minX, y - minY] as [number, number]);
  shape.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return { shape };
}

/**
 * What working out constants may cost, per file checked. A shared rule file
 * is untrusted: `const B = A + A` thirty times over, or `1..10000000000`,
 * would otherwise hang the checker or exhaust memory. Far above real files
 * (the games' largest constant list has under 100 items).
 */
export const CONST_BUDGET = {
  /** Expressions evaluated and component entries expanded. */
  steps: 1_000_000,
  /** Items in one list (a range included). */
  listItems: 100_000,
  /** Characters in one text. */
  textChars: 100_000,
  /** Pieces a file's `components` declare (before `per player` copies). */
  components: 20_000,
  /** Spaces on one board (a layered board's levels counted). */
  boardSpaces: 100_000,
  /** Copies of one numbered zone (`zone display x4`). */
  zoneCopies: 10_000,
  /** Players in one game (`players 2..4`). */
  players: 64,
  /** Cells of one shape (a piece's form; the games' largest has 4). */
  shapeCells: 1_000,
} as const;

interface Budget {
  steps: number;
  /** Set once the budget ran out: later evaluations fail quietly (the first diagnostic says why). */
  spent: boolean;
  /** Each `const`'s value, worked out once however often it is used. */
  consts: Map<string, Constant | undefined>;
}

const budgets = new WeakMap<Checker, Budget>();

function budgetOf(c: Checker): Budget {
  let b = budgets.get(c);
  if (!b) {
    b = { steps: 0, spent: false, consts: new Map() };
    budgets.set(c, b);
  }
  return b;
}

/**
 * Counts `n` units of compile-time work against the file's budget; false
 * (with an `invalid-constant` diagnostic at `span`, once) when it is spent.
 */
export function spendConstSteps(c: Checker, n: number, span: Span): boolean {
  const b = budgetOf(c);
  if (b.spent) return false;
  b.steps += n;
  if (b.steps <= CONST_BUDGET.steps) return true;
  b.spent = true;
  c.sink.error(
    "invalid-constant",
    `working out the values known before the game took more than ${CONST_BUDGET.steps.toLocaleString("en")} steps`,
    span,
    "make the constants, ranges or component sets smaller",
  );
  return false;
}

/**
 * Evaluates an expression that must be known before the game starts
 * (constants, component fields, table values, board sizes). Reports
 * `invalid-constant` and returns undefined otherwise.
 */
export function constEval(c: Checker, e: Expr, env: ConstEnv = new Map(), resolving = new Set<string>()): Constant | undefined {
  const fail = (msg: string, span: Span = e.span): undefined => {
    c.sink.error("invalid-constant", msg, span);
    return undefined;
  };
  if (!spendConstSteps(c, 1, e.span)) return undefined;
  const v = evalNode(c, e, env, resolving, fail);
  if (!v) return undefined;
  // Every value is checked where it is made, so no larger one is ever built.
  if (typeof v.v === "number" && !Number.isFinite(v.v)) return fail(`this works out to ${v.v}: a number known before the game must be finite`);
  if (typeof v.v === "string" && v.v.length > CONST_BUDGET.textChars) {
    return fail(`this text would have ${v.v.length.toLocaleString("en")} characters; at most ${CONST_BUDGET.textChars.toLocaleString("en")}`);
  }
  if (Array.isArray(v.v) && v.v.length > CONST_BUDGET.listItems) {
    return fail(`this list would have ${v.v.length.toLocaleString("en")} items; at most ${CONST_BUDGET.listItems.toLocaleString("en")}`);
  }
  return v;
}

type ConstDecl = Extract<Decl, { kind: "ConstDecl" }>;
type NameRef = Extract<Expr, { kind: "NameExpr" }>;

/**
 * Works out every `const` once, each after the constants its value names, so that working
 * one out never has to work out another first: a chain of a thousand constants, each
 * defined from the next one declared, would otherwise nest a thousand evaluations deep and
 * overflow the stack, losing every diagnostic of the file. A loop of constants is found
 * while ordering them (one `invalid-constant` at the name that closes it), for the same
 * reason. Gives the value of each declared name; a declaration whose name is taken by an
 * earlier one (reported as `duplicate-name`) is still checked but gives none.
 */
export function workOutConsts(c: Checker, decls: ConstDecl[]): Map<string, Constant> {
  const memo = budgetOf(c).consts;
  const declOf = (name: string): ConstDecl | undefined => {
    const g = c.globals.get(name);
    return g?.k === "const" ? g.decl : undefined;
  };
  const state = new Map<string, "open" | "done">();
  const order: ConstDecl[] = [];
  for (const root of decls) {
    if (declOf(root.name.text) !== root || state.has(root.name.text)) continue;
    // Depth first with a stack of its own: a constant comes after all it names.
    const stack = [{ decl: root, refs: constNamesIn(c, root.value), next: 0 }];
    state.set(root.name.text, "open");
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const ref = top.refs[top.next++];
      if (!ref) {
        state.set(top.decl.name.text, "done");
        order.push(top.decl);
        stack.pop();
        continue;
      }
      const seen = state.get(ref.name);
      if (seen === "done") continue;
      if (seen === "open") {
        const loop = stack.slice(stack.findIndex((f) => f.decl.name.text === ref.name)).map((f) => f.decl.name.text);
        c.sink.error("invalid-constant", `\`${ref.name}\` is defined in terms of itself${loopPath(loop)}`, ref.span);
        // Known to have no value before any is worked out, so no evaluation follows the loop around.
        for (const name of loop) memo.set(name, undefined);
        continue;
      }
      state.set(ref.name, "open");
      const decl = declOf(ref.name)!;
      stack.push({ decl, refs: constNamesIn(c, decl.value), next: 0 });
    }
  }
  const values = new Map<string, Constant>();
  for (const d of order) {
    const name = d.name.text;
    const inLoop = memo.has(name);
    const v = constOfDecl(c, d, new Set([name]));
    if (inLoop) continue;
    memo.set(name, v);
    if (v) values.set(name, v);
  }
  for (const d of decls) if (declOf(d.name.text) !== d) constEval(c, d.value);
  return values;
}

/**
 * The value of a `const`, of its declared type when it has one: the type keys a `{ else: 0 }` map
 * and types an empty list, and a value of another type is an error at the value.
 */
function constOfDecl(c: Checker, d: ConstDecl, resolving: Set<string>): Constant | undefined {
  if (!d.type) return constEval(c, d.value, new Map(), resolving);
  const declared = resolveType(c, d.type);
  const v = expectingMap(c, d.value, declared, () => constEval(c, d.value, new Map(), resolving));
  if (!v) return undefined;
  if (!assignable(v.ty, declared)) {
    c.sink.error("type-mismatch", `\`${d.name.text}\` is declared ${typeName(declared)} but its value is ${typeName(v.ty)}`, d.value.span);
    return undefined;
  }
  return { v: v.v, ty: declared };
}

/** ` (through `B` and `C`)` for a loop of several constants; nothing for one defined from itself. */
function loopPath(loop: string[]): string {
  const others = loop.slice(1).map((n) => `\`${n}\``);
  if (others.length === 0) return "";
  const shown = others.length > 3 ? [...others.slice(0, 2), `${(others.length - 2).toLocaleString("en")} more`] : others;
  return ` (through ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`})`;
}

/**
 * The names of constants a constant's value reads, in order: exactly the forms `evalNode`
 * reads a name in (it binds no names of its own, so every one is the global constant).
 */
function constNamesIn(c: Checker, e: Expr, out: NameRef[] = []): NameRef[] {
  switch (e.kind) {
    case "NameExpr":
      if (c.globals.get(e.name)?.k === "const") out.push(e);
      break;
    case "ListExpr":
      for (const item of e.items) constNamesIn(c, item, out);
      break;
    case "MapLit":
      for (const entry of e.entries) constNamesIn(c, entry.value, out);
      if (e.default) constNamesIn(c, e.default, out);
      break;
    case "RangeExpr":
      constNamesIn(c, e.from, out);
      constNamesIn(c, e.to, out);
      break;
    case "UnaryExpr":
      constNamesIn(c, e.operand, out);
      break;
    case "BinaryExpr":
      constNamesIn(c, e.left, out);
      constNamesIn(c, e.right, out);
      break;
    case "IndexExpr":
      constNamesIn(c, e.object, out);
      constNamesIn(c, e.index, out);
      break;
    case "IfExpr":
      constNamesIn(c, e.cond, out);
      constNamesIn(c, e.then, out);
      constNamesIn(c, e.else, out);
      break;
    case "PerEnumExpr":
      // Its variable is its own, not a constant of that name.
      out.push(...constNamesIn(c, e.body).filter((r) => r.name !== e.variable.text));
      break;
    default:
      break;
  }
  return out;
}

/** The two ends of a constant range, without listing what lies between (for bounds like `in 0..1000000`). */
export function constRangeEnds(c: Checker, e: Expr): [number, number] | undefined {
  if (e.kind !== "RangeExpr") return undefined;
  const a = constEval(c, e.from);
  const b = constEval(c, e.to);
  if (!a || !b || typeof a.v !== "number" || typeof b.v !== "number") return undefined;
  return [a.v, b.v];
}

function evalNode(c: Checker, e: Expr, env: ConstEnv, resolving: Set<string>, fail: (msg: string, span?: Span) => undefined): Constant | undefined {
  switch (e.kind) {
    case "NumberLit":
      return { v: e.value, ty: T.number };
    case "StringLit":
      return { v: e.value, ty: T.text };
    case "BoolLit":
      return { v: e.value, ty: T.bool };
    case "NoneLit":
      return { v: null, ty: T.none };
    case "ShapeLit": {
      const shape = shapeFromRows(e.rows);
      return typeof shape === "string" ? fail(shape) : { v: shape, ty: T.shape };
    }
    case "ListExpr": {
      const items: Value[] = [];
      let ty: Type = T.none;
      for (const item of e.items) {
        const v = constEval(c, item, env, resolving);
        if (!v) return undefined;
        const u = unify(ty, v.ty);
        if (!u) return fail(`a list cannot mix ${typeName(ty)} and ${typeName(v.ty)}`, item.span);
        ty = u;
        items.push(v.v);
      }
      return { v: items, ty: T.list(ty.t === "none" ? T.any : ty) };
    }
    case "MapLit": {
      const keyed = mapLitEnum(c, e);
      if (!keyed) return undefined;
      const values: Constant[] = [];
      for (const entry of e.entries) {
        const v = constEval(c, entry.value, env, resolving);
        if (!v) return undefined;
        values.push(v);
      }
      const dflt = e.default ? constEval(c, e.default, env, resolving) : undefined;
      if (e.default && !dflt) return undefined;
      let ty: Type = T.none;
      for (const [i, v] of [...values, ...(dflt ? [dflt] : [])].entries()) {
        const u = unify(ty, v.ty);
        if (!u) return fail(`a map cannot mix ${typeName(ty)} and ${typeName(v.ty)}`, (e.entries[i]?.value ?? e.default!).span);
        ty = u;
      }
      const ordered = orderMapValues(c, e, keyed, values, dflt, { v: null, ty: T.none });
      return { v: ordered.map((x) => x.v), ty: T.emap(keyed.name, keyed.members, ty.t === "none" ? T.any : ty) };
    }
    case "RangeExpr": {
      const a = constEval(c, e.from, env, resolving);
      const b = constEval(c, e.to, env, resolving);
      if (!a || !b) return undefined;
      if (typeof a.v !== "number" || typeof b.v !== "number") return fail("a range needs two numbers");
      const items = Math.floor(b.v - a.v) + 1;
      if (items > CONST_BUDGET.listItems) {
        return fail(`this range would list ${items.toLocaleString("en")} numbers; at most ${CONST_BUDGET.listItems.toLocaleString("en")}`);
      }
      if (items > 0 && !spendConstSteps(c, items, e.span)) return undefined;
      const out: number[] = [];
      for (let i = a.v; i <= b.v; i++) out.push(i);
      return { v: out, ty: T.list(T.number) };
    }
    case "UnaryExpr": {
      const a = constEval(c, e.operand, env, resolving);
      if (!a) return undefined;
      if (e.op === "-" && typeof a.v === "number") return { v: -a.v, ty: T.number };
      if (e.op === "not" && typeof a.v === "boolean") return { v: !a.v, ty: T.bool };
      return fail(`\`${e.op}\` does not apply to ${typeName(a.ty)}`);
    }
    case "BinaryExpr": {
      const a = constEval(c, e.left, env, resolving);
      const b = constEval(c, e.right, env, resolving);
      if (!a || !b) return undefined;
      if (typeof a.v === "number" && typeof b.v === "number") {
        switch (e.op) {
          case "+":
            return { v: a.v + b.v, ty: T.number };
          case "-":
            return { v: a.v - b.v, ty: T.number };
          case "*":
            return { v: a.v * b.v, ty: T.number };
          case "/":
            return b.v === 0 ? fail("division by zero") : { v: a.v / b.v, ty: T.number };
          case "%":
            return b.v === 0 ? fail("division by zero") : { v: a.v % b.v, ty: T.number };
          default:
            break;
        }
      }
      // Comparing lists is charged their length, as building them was: a field compared in a loop of components stays bounded.
      if (Array.isArray(a.v) && Array.isArray(b.v) && !spendConstSteps(c, a.v.length + b.v.length, e.span)) return undefined;
      const compared = compareConsts(e.op, a.v, b.v);
      if (compared !== undefined) return { v: compared, ty: T.bool };
      if (e.op === "+" && (typeof a.v === "string" || typeof b.v === "string")) {
        const length = String(a.v).length + String(b.v).length;
        if (length > CONST_BUDGET.textChars) return fail(`this text would have ${length.toLocaleString("en")} characters; at most ${CONST_BUDGET.textChars.toLocaleString("en")}`);
        return { v: `${a.v}${b.v}`, ty: T.text };
      }
      if (e.op === "+" && Array.isArray(a.v) && Array.isArray(b.v)) {
        const length = a.v.length + b.v.length;
        if (length > CONST_BUDGET.listItems) return fail(`this list would have ${length.toLocaleString("en")} items; at most ${CONST_BUDGET.listItems.toLocaleString("en")}`);
        if (!spendConstSteps(c, length, e.span)) return undefined;
        return { v: [...a.v, ...b.v], ty: unify(a.ty, b.ty) ?? a.ty };
      }
      return fail(`this operation cannot be worked out before the game starts`);
    }
    case "NameExpr": {
      const bound = env.get(e.name);
      if (bound) return bound;
      const g = c.globals.get(e.name);
      if (g?.k === "const") {
        use(c, e.name, e.span);
        if (resolving.has(e.name)) return fail(`\`${e.name}\` is defined in terms of itself`);
        // Worked out once: a chain of constants each using the last twice stays linear. Every
        // constant is already worked out (`workOutConsts` runs first, in an order that needs no
        // nesting); working one out here is a fallback for a caller that did not.
        const memo = budgetOf(c).consts;
        if (memo.has(e.name)) return memo.get(e.name);
        resolving.add(e.name);
        const v = constOfDecl(c, g.decl, resolving);
        resolving.delete(e.name);
        if (resolving.size === 0 || v) memo.set(e.name, v);
        return v;
      }
      if (g?.k === "enum") {
        use(c, e.name, e.span);
        return { v: g.decl.members.map((m) => m.name.text), ty: T.list(T.enumOf(e.name)) };
      }
      const owners = c.members.get(e.name);
      if (owners && owners.length === 1) {
        use(c, owners[0]!, e.span);
        return { v: e.name, ty: T.enumOf(owners[0]!) };
      }
      if (owners && owners.length > 1) return fail(`\`${e.name}\` is a member of ${owners.join(" and ")}: write \`${owners[0]}.${e.name}\``);
      // A shared zone or board is a fixed place: a table may map keys to places (`1 -> temple_track`).
      if (g?.k === "zone" && !g.decl.perPlayer && g.decl.copies === undefined) {
        use(c, e.name, e.span);
        const kind = g.decl.kindName.text;
        return { v: e.name, ty: kind === "piece" ? T.zone : { t: "zone", kind } };
      }
      if (g?.k === "board" && !g.decl.perPlayer) {
        use(c, e.name, e.span);
        return { v: e.name, ty: T.board };
      }
      if (g) return fail(`\`${e.name}\` is not known before the game starts`);
      // A misspelt member (`colour = gren` in a board's legend): the names a value known before the game may be.
      const known = [...c.members.keys(), ...[...c.globals].filter(([, s]) => s.k === "const" || s.k === "enum").map(([n]) => n), ...env.keys()];
      c.sink.error("invalid-constant", `unknown name \`${e.name}\``, e.span, didYouMean(e.name, known));
      return undefined;
    }
    case "IndexExpr":
      return indexConst(c, e, env, resolving, fail);
    case "IfExpr": {
      const cond = constEval(c, e.cond, env, resolving);
      if (!cond) return undefined;
      if (typeof cond.v !== "boolean") return fail(`the condition of \`if\` should be a bool but is ${typeName(cond.ty)}`, e.cond.span);
      // Only the branch taken is worked out: the other may be one that fails (an index past the end).
      return constEval(c, cond.v ? e.then : e.else, env, resolving);
    }
    case "PerEnumExpr": {
      const g = c.globals.get(e.enumName.text);
      if (g?.k !== "enum") return fail(`\`${e.enumName.text}\` is not an enum`, e.enumName.span);
      use(c, e.enumName.text, e.enumName.span);
      const members = g.decl.members.map((m) => m.name.text);
      const values: Value[] = [];
      let ty: Type = T.none;
      for (const m of members) {
        const v = constEval(c, e.body, new Map(env).set(e.variable.text, { v: m, ty: T.enumOf(e.enumName.text) }), resolving);
        if (!v) return undefined;
        const u = unify(ty, v.ty);
        if (!u) return fail(`a map cannot mix ${typeName(ty)} and ${typeName(v.ty)}`, e.body.span);
        ty = u;
        values.push(v.v);
      }
      return { v: values, ty: T.emap(e.enumName.text, members, ty.t === "none" ? T.any : ty) };
    }
    case "FieldExpr": {
      if (e.object.kind === "NameExpr") {
        const g = c.globals.get(e.object.name);
        if (g?.k === "enum") {
          use(c, e.object.name, e.object.span);
          if (g.decl.members.some((m) => m.name.text === e.field.text)) return { v: e.field.text, ty: T.enumOf(e.object.name) };
          return fail(`\`${e.object.name}\` has no member \`${e.field.text}\``, e.field.span);
        }
      }
      return fail("this must be a value known before the game starts (a number, text, list, shape or enum member)");
    }
    default:
      return fail("this must be a value known before the game starts (a number, text, list, shape or enum member)");
  }
}

/**
 * A comparison or `and`/`or` of two values known before the game (`if g == c then 1 else 0` in a
 * component's field), or undefined when `op` is neither or the values do not fit it.
 */
function compareConsts(op: string, a: Value, b: Value): boolean | undefined {
  switch (op) {
    case "==":
      return JSON.stringify(a) === JSON.stringify(b);
    case "!=":
      return JSON.stringify(a) !== JSON.stringify(b);
    case "<":
    case "<=":
    case ">":
    case ">=":
      if (typeof a !== "number" || typeof b !== "number") return undefined;
      return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
    case "and":
    case "or":
      if (typeof a !== "boolean" || typeof b !== "boolean") return undefined;
      return op === "and" ? a && b : a || b;
    default:
      return undefined;
  }
}

/**
 * `xs[i]`, `m[member]` or `table[key]` known before the game: an item of a constant list, an
 * entry of a constant enum map, or a table's row (its `else` for a key no row has).
 */
function indexConst(c: Checker, e: Extract<Expr, { kind: "IndexExpr" }>, env: ConstEnv, resolving: Set<string>, fail: (msg: string, span?: Span) => undefined): Constant | undefined {
  if (e.object.kind === "NameExpr" && !env.has(e.object.name) && c.globals.get(e.object.name)?.k === "table") {
    use(c, e.object.name, e.object.span);
    const table = c.def.tables[e.object.name];
    if (!table) return fail(`table \`${e.object.name}\` is not known yet here`, e.object.span);
    const key = constEval(c, e.index, env, resolving);
    if (!key) return undefined;
    const k = key.v;
    const row = tableRow(table, k);
    if (row) return { v: row.value, ty: table.valueType };
    return fail(`table \`${table.name}\` has no row for ${typeof k === "string" ? `\`${k}\`` : String(k)}`, e.index.span);
  }
  const obj = constEval(c, e.object, env, resolving);
  const idx = constEval(c, e.index, env, resolving);
  if (!obj || !idx) return undefined;
  if (obj.ty.t === "emap" && Array.isArray(obj.v)) {
    const at = typeof idx.v === "string" ? obj.ty.members.indexOf(idx.v) : -1;
    if (at < 0) return fail(`a map keyed by ${obj.ty.enum} is read with one of its members`, e.index.span);
    return { v: obj.v[at]!, ty: obj.ty.of };
  }
  if (Array.isArray(obj.v) && obj.ty.t === "list") {
    if (typeof idx.v !== "number" || !Number.isInteger(idx.v)) return fail("a list index is a whole number", e.index.span);
    if (idx.v < 0 || idx.v >= obj.v.length) return fail(`index ${idx.v} is outside this list of ${obj.v.length}`, e.index.span);
    return { v: obj.v[idx.v]!, ty: obj.ty.of };
  }
  return fail(`${typeName(obj.ty)} cannot be indexed before the game starts`, e.object.span);
}
