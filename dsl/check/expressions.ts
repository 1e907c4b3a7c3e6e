import type { Arg, Expr } from "../ast.ts";
import { BUILTINS, CONSTANTS, PROPERTIES, TOPOLOGIES } from "../builtins/catalogue.ts";
import type { IrExpr, Value } from "../ir.ts";
import { tableRow } from "./table-rows.ts";
import type { Span } from "../span.ts";
import { familiarField, familiarFunction } from "../familiar-words.ts";
import { didYouMean } from "../suggest.ts";
import { assignable, elementType, isPrimitive, T, typeName, unify, type Type } from "../types.ts";
import { checkComponentName } from "./component-names.ts";
import { shapeFromRows } from "./const-eval.ts";
import { declareName, textOf, use, type Checker, type CodeContext } from "./context.ts";
import { checkMapLit, checkPerEnum, enumMapIndex, expectingMap } from "./enum-maps.ts";
import { resolveType } from "./types-from-ast.ts";
import { checkMatchExpr } from "./match.ts";
import { narrowed, narrowedKind, narrowedWhenFalse } from "./narrowing.ts";

/** A checked expression: its IR and its type. */
export interface Typed {
  ir: IrExpr;
  ty: Type;
}

const lit = (v: Value, ty: Type, span: Span): Typed => ({ ir: { op: "lit", v, ty, span }, ty });

function bad(span: Span): Typed {
  return { ir: { op: "lit", v: null, ty: T.any, span }, ty: T.any };
}

/** Reports a type mismatch unless `got` fits `want`. */
export function expect(c: Checker, got: Typed, want: Type, span: Span, what = "this"): void {
  if (!assignable(got.ty, want)) {
    c.sink.error("type-mismatch", `${what} should be ${article(typeName(want))} but is ${article(typeName(got.ty))}`, span, c.precedence.get(spanKey(span)));
  } else if (want.t === "piece" && want.set && got.ty.t === "piece" && got.ty.kind && !(c.kindSets.get(got.ty.kind) ?? []).includes(want.set)) {
    c.sink.error("type-mismatch", `${what} should be a piece with ${want.set} but ${got.ty.kind} is not declared \`with ${want.set}\``, span);
  }
}

function spanKey(span: Span): string {
  return `${span.file ?? ""}:${span.start.offset}:${span.end.offset}`;
}

/**
 * `count s in S where f(s) == 0` reads as `count s in S where (f(s) == 0)`:
 * the last clause of a comprehension takes everything after it. When that
 * clause ends in an operator, remember how to write the other reading.
 */
function notePrecedence(c: Checker, e: Extract<Expr, { kind: "ComprehensionExpr" }>): void {
  // With nothing after its list (`count x in p.hand + p.score`), the list takes the arithmetic after
  // it: when that is no list, the hint is on the comprehension's own error (`checkComprehension`).
  const src = e.source;
  if (!e.where && !["any", "all", "no", "sort"].includes(e.form) && src.kind === "BinaryExpr" && ["+", "-", "*", "/", "%"].includes(src.op)) {
    const head = textOf(c, { ...e.span, end: src.left.span.end });
    c.precedence.set(
      spanKey(src.span),
      `\`in\` takes everything after it, \`${src.op} ${textOf(c, src.right.span)}\` included; for the other reading write \`(${head}) ${src.op} ${textOf(c, src.right.span)}\``,
    );
  }
  const last = e.form === "any" || e.form === "all" || e.form === "no" || e.form === "sort" ? e.body : (e.where ?? e.body);
  warnAggregateTaken(c, e, last);
  if (!last || last.kind !== "BinaryExpr" || ["+", "-", "*", "/", "%"].includes(last.op)) return;
  const head = textOf(c, { ...e.span, end: last.left.span.end });
  const clause = e.form === "any" || e.form === "all" || e.form === "no" ? "`:`" : e.form === "sort" ? "`by`" : e.where ? "`where`" : "the value";
  c.precedence.set(
    spanKey(e.span),
    `${clause} takes everything after it, \`${last.op} ${textOf(c, last.right.span)}\` included; for the other reading write \`(${head}) ${last.op} ${textOf(c, last.right.span)}\``,
  );
}

/** Comprehensions that give a number: two of them joined by arithmetic read as a difference or total. */
const NUMBER_FORMS: ReadonlySet<string> = new Set(["count", "sum", "highest", "lowest"]);

/**
 * `count d in ds where a == b - count q in qs where c` is read as one `count` whose condition is
 * `a == b - (count q …)`, with no type error to show it: the last clause takes the second count
 * too. Meant that way, it is rare; meant as a difference of two counts, it silently counts the
 * wrong thing (a tile game's open edges read 0). Warned when a number comprehension's last clause
 * ends, along its right-hand side, in arithmetic on another number comprehension not in brackets.
 */
function warnAggregateTaken(c: Checker, e: Extract<Expr, { kind: "ComprehensionExpr" }>, last: Expr | undefined): void {
  if (!NUMBER_FORMS.has(e.form) || !last) return;
  let node: Expr = last;
  // The loosest arithmetic of the run the second comprehension ends: in `… == p + 3 * count …`
  // the two read as a sum at the `+`, not at the `*` (the hint split at the `*` and bracketed
  // `… == p + 3`, which is neither reading).
  let run: Extract<Expr, { kind: "BinaryExpr" }> | undefined;
  while (node.kind === "BinaryExpr") {
    const right: Expr = node.right;
    const arithmetic = ["+", "-", "*", "/", "%"].includes(node.op);
    run = arithmetic ? (run ?? node) : undefined;
    if (arithmetic && right.kind === "ComprehensionExpr" && NUMBER_FORMS.has(right.form) && !bracketed(c, node.span)) {
      const split = run ?? node;
      const clause = e.where ? "`where`" : "value";
      const head = textOf(c, { ...e.span, end: split.left.span.end });
      const tail = textOf(c, split.right.span);
      c.sink.warning(
        "comprehension-takes-the-rest",
        `the ${clause} of this \`${e.form}\` takes everything after it, \`${split.op} ${tail.split(" ")[0]} …\` included: the second ${right.form} is part of the first one's ${e.where ? "condition" : "value"}`,
        { ...split.span, start: split.right.span.start },
        `for a ${split.op === "-" ? "difference" : split.op === "+" ? "sum" : "combination"} of the two, write \`(${head}) ${split.op} ${tail}\`; to keep this reading, put it in brackets`,
      );
      return;
    }
    node = right;
  }
}

/** Is the span written inside brackets of its own (`(b - count …)`)? */
function bracketed(c: Checker, span: Span): boolean {
  const source = span.file !== undefined ? (c.otherSources.get(span.file) ?? "") : c.source;
  const before = source.slice(0, span.start.offset).trimEnd();
  const after = source.slice(span.end.offset).trimStart();
  return before.endsWith("(") && after.startsWith(")");
}

export function article(name: string): string {
  if (/^(list|per player|anything|none)/.test(name)) return name;
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** Every global name a designer could have meant (for "did you mean" hints). */
function visibleNames(c: Checker, cx: CodeContext): string[] {
  return [...cx.scope.names(), ...c.globals.keys(), ...c.members.keys(), ...BUILTINS.keys(), ...CONSTANTS.keys()];
}

/** Checks an expression and lowers it to IR. */
export function checkExpr(c: Checker, e: Expr, cx: CodeContext): Typed {
  switch (e.kind) {
    case "NumberLit":
      // `1` and 309 zeros reads as Infinity: the engines would each fail on it their own way, later.
      if (!Number.isFinite(e.value)) c.sink.error("invalid-number", "this number is too large to hold: numbers go up to about 1.8e308", e.span);
      return lit(e.value, T.number, e.span);
    case "StringLit":
      return lit(e.value, T.text, e.span);
    case "BoolLit":
      return lit(e.value, T.bool, e.span);
    case "NoneLit":
      return lit(null, T.none, e.span);
    case "ErrorExpr":
      return bad(e.span);
    case "CurrentExpr":
      return { ir: { op: "current", span: e.span }, ty: T.player };
    case "ThisExpr":
      if (!cx.self) {
        c.sink.error("unknown-name", "`this` exists only in a `show` block or a per-player initial value", e.span);
        return bad(e.span);
      }
      return { ir: { op: "local", slot: cx.self.slot, span: e.span }, ty: cx.self.type };
    case "TemplateLit": {
      const parts: (string | { e: IrExpr; ty: Type })[] = e.parts.map((p) => {
        if (typeof p === "string") return p;
        const t = checkExpr(c, p, cx);
        return { e: t.ir, ty: t.ty };
      });
      return { ir: { op: "template", parts, span: e.span }, ty: T.text };
    }
    case "ShapeLit": {
      const shape = shapeFromRows(e.rows);
      if (typeof shape === "string") {
        c.sink.error("invalid-constant", shape, e.span);
        return bad(e.span);
      }
      return lit(shape, T.shape, e.span);
    }
    case "NameExpr": {
      const t = checkName(c, e.name, e.span, cx);
      const k = t.ty.t === "piece" && !t.ty.kind ? narrowedKind(cx, e) : undefined;
      return k ? { ir: t.ir, ty: T.pieceOf(k) } : t;
    }
    case "FieldExpr":
      return checkField(c, e, cx);
    case "IndexExpr":
      return checkIndex(c, e, cx);
    case "CallExpr": {
      const t = checkCall(c, e.callee.text, e.callee.span, e.args, e.span, cx);
      const k = t.ty.t === "piece" && !t.ty.kind ? narrowedKind(cx, e) : undefined;
      return k ? { ir: t.ir, ty: T.pieceOf(k) } : t;
    }
    case "UnaryExpr": {
      const a = checkExpr(c, e.operand, cx);
      if (e.op === "not") {
        expect(c, a, T.bool, e.operand.span, "the operand of `not`");
        return { ir: { op: "not", a: a.ir, span: e.span }, ty: T.bool };
      }
      expect(c, a, T.number, e.operand.span, "the operand of `-`");
      return { ir: { op: "neg", a: a.ir, span: e.span }, ty: T.number };
    }
    case "BinaryExpr":
      return checkBinary(c, e, cx);
    case "IsExpr": {
      const a = checkExpr(c, e.value, cx);
      expect(c, a, T.piece, e.value.span, "the left of `is`");
      const k = c.globals.get(e.kindName.text);
      if (k?.k !== "kind") {
        c.sink.error(
          "unknown-name",
          `\`${e.kindName.text}\` is not a kind`,
          e.kindName.span,
          didYouMean(e.kindName.text, [...c.globals].filter(([, g]) => g.k === "kind").map(([n]) => n)),
        );
      } else {
        use(c, e.kindName.text, e.kindName.span);
      }
      return { ir: { op: "is", a: a.ir, kind: e.kindName.text, span: e.span }, ty: T.bool };
    }
    case "RangeExpr": {
      const a = checkExpr(c, e.from, cx);
      const b = checkExpr(c, e.to, cx);
      expect(c, a, T.number, e.from.span, "the start of a range");
      expect(c, b, T.number, e.to.span, "the end of a range");
      return { ir: { op: "range", a: a.ir, b: b.ir, span: e.span }, ty: T.list(T.number) };
    }
    case "IfExpr": {
      const cond = checkExpr(c, e.cond, cx);
      expect(c, cond, T.bool, e.cond.span, "the condition");
      const a = checkExpr(c, e.then, narrowed(cx, e.cond));
      const b = checkExpr(c, e.else, narrowedWhenFalse(cx, e.cond));
      const ty = unify(a.ty, b.ty);
      if (!ty) c.sink.error("type-mismatch", `the two branches differ: ${typeName(a.ty)} and ${typeName(b.ty)}`, e.span);
      return { ir: { op: "if", c: cond.ir, a: a.ir, b: b.ir, span: e.span }, ty: ty ?? T.any };
    }
    case "ListExpr": {
      let ty: Type = T.none;
      const items = e.items.map((item) => {
        const t = checkExpr(c, item, cx);
        const u = unify(ty, t.ty);
        if (!u) c.sink.error("type-mismatch", `a list cannot mix ${typeName(ty)} and ${typeName(t.ty)}`, item.span);
        else ty = u;
        return t.ir;
      });
      return { ir: { op: "list", items, span: e.span }, ty: T.list(ty.t === "none" ? T.any : ty) };
    }
    case "ComprehensionExpr":
      return checkComprehension(c, e, cx);
    case "PerEnumExpr":
      return checkPerEnum(c, e, cx);
    case "MapLit":
      return checkMapLit(c, e, cx);
    case "MatchExpr":
      return checkMatchExpr(c, e, cx);
    case "BlockExpr": {
      // One scope for the block's names, so a second `let` of one is the same error as in a block of statements.
      const scope = cx.scope.child();
      scope.fixed = true;
      const inner: CodeContext = { ...cx, scope };
      const parts = e.lets.map((l) => {
        const declared = l.type ? resolveType(c, l.type) : undefined;
        const reported = c.sink.items.length;
        const shadowed = c.shadowedUses;
        const v = expectingMap(c, l.value, declared, () => checkExpr(c, l.value, inner));
        if (declared) expect(c, v, declared, l.value.span, `the value of \`${l.name.text}\``);
        let ty = declared ?? v.ty;
        if (!declared && ty.t === "none") ty = T.any;
        const local = declareName(c, scope, l.name, ty);
        if (ty.t === "any" && (c.shadowedUses > shadowed || c.sink.items.slice(reported).some((d) => d.severity === "error"))) local.lost = true;
        return { slot: local.slot, value: v.ir, span: l.span };
      });
      const value = checkExpr(c, e.value, inner);
      warnUnread(c, scope);
      // Each name is worked out once, in order, then the value: nested `bind`s, the last innermost.
      const ir = parts.reduceRight<IrExpr>((body, p) => ({ op: "bind", slot: p.slot, value: p.value, body, span: p.span }), value.ir);
      return { ir, ty: value.ty };
    }
    case "PerPlayerExpr": {
      const scope = cx.scope.child();
      const local = declareName(c, scope, e.variable, T.player);
      const body = checkExpr(c, e.body, { ...cx, scope });
      // `per player q: 0`, the same value for every player, is meant as written: the name is the form's.
      return { ir: { op: "perplayer", slot: local.slot, body: body.ir, span: e.span }, ty: T.map(body.ty) };
    }
  }
}

/**
 * Warns of each local of `scope` nothing reads. `sharedParams`: the parameters are a signature
 * another version of the declaration shares (a variant overrides it, or it is the override), which
 * may read what this one does not: removing one, as the warning's hint says, would break the other.
 */
export function warnUnread(c: Checker, scope: { ownLocals(): { name: string; reads: number; span: Span; param: boolean }[] }, sharedParams = false): void {
  for (const l of scope.ownLocals()) {
    if (l.reads === 0 && !l.name.startsWith("_") && !(sharedParams && l.param)) {
      c.sink.warning("unused-variable", `\`${l.name}\` is never read`, l.span, "remove it, or start its name with `_`");
    }
  }
}

// ------------------------------------------------------------------ names

export function checkName(c: Checker, name: string, span: Span, cx: CodeContext): Typed {
  const local = cx.scope.lookup(name);
  if (local) {
    local.reads++;
    c.symbols.references.push({ span, target: local.info });
    return { ir: { op: "local", slot: local.slot, span }, ty: local.type };
  }
  const g = c.globals.get(name);
  if (g) {
    use(c, name, span);
    switch (g.k) {
      case "const": {
        const k = c.consts.get(name);
        return k ? lit(k.v, k.ty, span) : bad(span);
      }
      case "enum": {
        const members = g.decl.members.map((m) => m.name.text);
        const ty = T.list(T.enumOf(name));
        return lit(members, ty, span);
      }
      case "var": {
        const v = c.def.globals.find((x) => x.name === name);
        return { ir: { op: "global", name, span }, ty: v?.type ?? T.any };
      }
      case "zone": {
        if (g.decl.perPlayer) break;
        const ty: Type = { t: "zone", kind: zoneKind(g.decl.kindName.text) };
        if (g.decl.copies !== undefined) return { ir: { op: "zones", name, span }, ty: T.list(ty) };
        return { ir: { op: "zone", name, span }, ty };
      }
      case "board":
        if (g.decl.perPlayer) break;
        return { ir: { op: "board", name, span }, ty: T.board };
      case "table":
        c.sink.error("type-mismatch", `\`${name}\` is a table: read a row with \`${name}[key]\``, span);
        return bad(span);
      case "kind":
        c.sink.error("type-mismatch", `\`${name}\` is a kind, not a value: test a piece with \`x is ${name}\``, span);
        return bad(span);
      default:
        c.sink.error("type-mismatch", `\`${name}\` is a ${g.k}: call it with \`${name}(…)\``, span);
        return bad(span);
    }
    c.sink.error("type-mismatch", `\`${name}\` belongs to each player: write \`p.${name}\` for a player \`p\``, span);
    return bad(span);
  }
  const owners = c.members.get(name);
  if (owners?.length === 1) {
    use(c, owners[0]!, span);
    return lit(name, T.enumOf(owners[0]!), span);
  }
  if (owners && owners.length > 1) {
    c.sink.error("type-mismatch", `\`${name}\` is a member of ${owners.join(" and ")}: write \`${owners[0]}.${name}\``, span);
    return bad(span);
  }
  const k = CONSTANTS.get(name);
  if (k) {
    if (k.type.t === "policy") return lit(name, T.policy, span);
    return { ir: { op: "builtin", fn: name, args: [], span }, ty: k.type };
  }
  if (c.shadowed.has(name)) {
    c.shadowedUses++;
    return bad(span);
  }
  if (BUILTINS.has(name)) {
    c.sink.error("type-mismatch", `\`${name}\` is a built-in function: call it with \`${name}(…)\``, span);
    return bad(span);
  }
  if (c.playerMembers.has(name)) {
    c.sink.error("unknown-name", `\`${name}\` belongs to each player: write \`p.${name}\` for a player \`p\``, span);
    return bad(span);
  }
  c.sink.error("unknown-name", `unknown name \`${name}\``, span, selfFieldHint(c, name, cx) ?? didYouMean(name, visibleNames(c, cx)));
  return bad(span);
}

/** In a `show` block, a bare field name means the shown piece's or space's field: `this.value`. */
function selfFieldHint(c: Checker, name: string, cx: CodeContext): string | undefined {
  const self = cx.self?.type;
  if (!self) return undefined;
  const has =
    self.t === "piece"
      ? self.kind
        ? kindFieldType(c, self.kind, name) !== undefined
        : false
      : self.t === "space"
        ? Object.values(c.def.boards).some((b) => b.attributes.some((a) => a.name === name))
        : self.t === "player"
          ? c.playerMembers.has(name)
          : false;
  return has ? `did you mean \`this.${name}\`?` : undefined;
}

function zoneKind(kindName: string): string | undefined {
  return kindName === "piece" ? undefined : kindName;
}

// ------------------------------------------------------------------ fields

function kindFieldType(c: Checker, kind: string, field: string): Type | undefined {
  const k = c.def.kinds[kind];
  if (!k) return undefined;
  return k.fields.find((f) => f.name === field)?.type ?? k.states.find((f) => f.name === field)?.type;
}

/** The type of `field` on a piece of unknown kind: from the kinds that have it. */
function anyKindFieldType(c: Checker, field: string): Type | undefined {
  let ty: Type | undefined;
  for (const k of Object.keys(c.def.kinds)) {
    const f = kindFieldType(c, k, field);
    if (!f) continue;
    ty = ty ? (unify(ty, f) ?? T.any) : f;
  }
  return ty;
}

/** A `space state` of that name on some board (its type and start value). */
export function spaceState(c: Checker, name: string): { type: Type; init: Value } | undefined {
  for (const b of Object.values(c.def.boards)) {
    const s = b.states?.find((x) => x.name === name);
    if (s) return s;
  }
  return undefined;
}

/** The kinds declared `with` a field set. */
export function kindsWithSet(c: Checker, set: string): string[] {
  return [...c.kindSets].filter(([, sets]) => sets.includes(set)).map(([k]) => k);
}

function checkField(c: Checker, e: Extract<Expr, { kind: "FieldExpr" }>, cx: CodeContext): Typed {
  const field = e.field.text;
  // `Enum.member`
  if (e.object.kind === "NameExpr" && !cx.scope.lookup(e.object.name)) {
    const g = c.globals.get(e.object.name);
    if (g?.k === "enum") {
      use(c, e.object.name, e.object.span);
      if (!g.decl.members.some((m) => m.name.text === field)) {
        c.sink.error("unknown-field", `\`${e.object.name}\` has no member \`${field}\``, e.field.span, didYouMean(field, g.decl.members.map((m) => m.name.text)));
        return bad(e.span);
      }
      return lit(field, T.enumOf(e.object.name), e.span);
    }
  }
  const reported = c.sink.items.length;
  const checked = checkExpr(c, e.object, cx);
  const narrowKind = checked.ty.t === "piece" && !checked.ty.kind ? narrowedKind(cx, e.object) : undefined;
  const obj: Typed = narrowKind ? { ir: checked.ir, ty: T.pieceOf(narrowKind) } : checked;
  const ty = obj.ty;
  const span = e.span;
  if (ty.t === "any") {
    unknownType(c, e, cx, reported);
    return bad(span);
  }
  if (ty.t === "player") {
    const m = c.playerMembers.get(field);
    if (m) {
      use(c, `player.${field}`, e.field.span);
      if (m.k === "pvar") return { ir: { op: "pvar", player: obj.ir, name: field, span }, ty: m.type };
      if (m.k === "zone") return { ir: { op: "zone", name: field, player: obj.ir, span }, ty: { t: "zone", kind: zoneKind(m.decl.kindName.text) } };
      return { ir: { op: "board", name: field, player: obj.ir, span }, ty: T.board };
    }
    return property(c, obj, "player", e, [...c.playerMembers.keys()]);
  }
  if (ty.t === "piece") {
    if (!ty.kind) {
      // Only a field every possible kind has may be read: otherwise a piece without it would fail while playing.
      const kinds = ty.set ? kindsWithSet(c, ty.set) : Object.keys(c.def.kinds);
      const having = kinds.filter((k) => kindFieldType(c, k, field));
      if (having.length > 0 && having.length < kinds.length) {
        const lacking = kinds.filter((k) => !having.includes(k));
        c.sink.error(
          "field-not-guaranteed",
          `not every ${ty.set ? `piece with ${ty.set}` : "piece"} has \`${field}\`: ${lacking.map((k) => `\`${k}\``).join(", ")} ${lacking.length === 1 ? "does" : "do"} not`,
          e.field.span,
          ty.set
            ? `add \`${field}\` to \`fields ${ty.set}\`, or narrow with \`is ${having[0]}\``
            : `narrow first (\`where x is ${having[0]}\`, \`if x is ${having[0]} { … }\`), or type it with a kind or a field set`,
        );
        return bad(span);
      }
    }
    const fty = ty.kind ? kindFieldType(c, ty.kind, field) : anyKindFieldType(c, field);
    if (fty) return { ir: { op: "field", obj: obj.ir, name: field, span }, ty: fty };
    const fields = ty.kind
      ? [...(c.def.kinds[ty.kind]?.fields ?? []), ...(c.def.kinds[ty.kind]?.states ?? [])].map((f) => f.name)
      : Object.values(c.def.kinds).flatMap((k) => [...k.fields, ...k.states].map((f) => f.name));
    return property(c, obj, "piece", e, fields);
  }
  if (ty.t === "space") {
    let aty: Type | undefined;
    for (const b of Object.values(c.def.boards)) {
      const a = b.attributes.find((x) => x.name === field);
      if (a) aty = aty ? (unify(aty, a.type) ?? T.any) : a.type;
    }
    if (aty) return { ir: { op: "attr", obj: obj.ir, name: field, span }, ty: aty };
    const st = spaceState(c, field);
    if (st) return { ir: { op: "sstate", obj: obj.ir, name: field, init: st.init, span }, ty: st.type };
    return property(c, obj, "space", e, Object.values(c.def.boards).flatMap((b) => b.attributes.map((a) => a.name)));
  }
  if (ty.t === "placement") return property(c, obj, "placement", e, []);
  // `p.gems.white`: a map's entry is read with brackets, `p.gems[white]`.
  const entry = ty.t === "emap" && ty.members.includes(field) ? `a map's entry is read with brackets: \`${textOf(c, e.object.span)}[${field}]\`` : undefined;
  c.sink.error("unknown-field", `${article(typeName(ty))} has no field \`${field}\``, e.field.span, entry ?? (ty.t === "list" || ty.t === "zone" ? familiarField(field) : undefined));
  return bad(span);
}

/**
 * Reports a field of a value whose type is not known (`let spot = none`, `let got = []`): the
 * engine reads a field by the type the checker gives, so without one the read would always give
 * `none` and the assignment would do nothing. Nothing is said when checking the value itself
 * reported an error since `reported`, or the local it names was given a value that did (the type
 * was lost to that error).
 */
export function unknownType(c: Checker, e: Extract<Expr, { kind: "FieldExpr" }>, cx: CodeContext, reported: number): void {
  for (let i = reported; i < c.sink.items.length; i++) if (c.sink.items[i]!.severity === "error") return;
  const name = e.object.kind === "NameExpr" ? e.object.name : undefined;
  if (name && cx.scope.lookup(name)?.lost) return;
  c.sink.error(
    "type-unknown",
    `the type of ${name ? `\`${name}\`` : "this value"} is not known here, so its \`${e.field.text}\` cannot be read or set`,
    e.field.span,
    name
      ? `declare its type where it is first given a value: \`let ${name}: placement = none\`, \`let ${name}: list of Tile = []\``
      : "declare the type of the value it comes from: `let x: placement = none`, `let xs: list of Tile = []`",
  );
}

function property(
  c: Checker,
  obj: Typed,
  of: "piece" | "space" | "placement" | "player",
  e: Extract<Expr, { kind: "FieldExpr" }>,
  declared: string[],
): Typed {
  const p = PROPERTIES.find((x) => x.of === of && x.name === e.field.text);
  if (p) {
    // A placement's piece is of the kind the placements were made of (`placements(circle, b)`, a zone of Patch).
    const ty = p.name === "piece" && obj.ty.t === "placement" && obj.ty.piece ? obj.ty.piece : p.type;
    return { ir: { op: "prop", obj: obj.ir, of, name: p.name, span: e.span }, ty };
  }
  // A player's zone or board whose name a built-in has (`zone ring per player`): refused where it
  // was declared (`Checker.shadowed`), unknown here, quietly.
  if (of === "player" && c.shadowed.has(e.field.text)) {
    c.shadowedUses++;
    return bad(e.span);
  }
  const known = [...declared, ...PROPERTIES.filter((x) => x.of === of).map((x) => x.name)];
  c.sink.error("unknown-field", `${article(typeName(obj.ty))} has no field \`${e.field.text}\``, e.field.span, didYouMean(e.field.text, known));
  return bad(e.span);
}

// ------------------------------------------------------------------ index

function checkIndex(c: Checker, e: Extract<Expr, { kind: "IndexExpr" }>, cx: CodeContext): Typed {
  if (e.object.kind === "NameExpr" && !cx.scope.lookup(e.object.name)) {
    const g = c.globals.get(e.object.name);
    if (g?.k === "table") {
      use(c, e.object.name, e.object.span);
      const table = c.def.tables[e.object.name];
      const key = checkExpr(c, e.index, cx);
      if (table) expect(c, key, table.keyType, e.index.span, "the table key");
      // A key known before the game with no row: the lookup could only fail, when it is played.
      if (table && key.ir.op === "lit" && key.ir.v !== null && !tableRow(table, key.ir.v)) {
        c.sink.error("invalid-table", `table \`${table.name}\` has no row for ${typeof key.ir.v === "string" ? `\`${key.ir.v}\`` : String(key.ir.v)}`, e.index.span);
      }
      return { ir: { op: "table", name: e.object.name, key: key.ir, span: e.span }, ty: table?.valueType ?? T.any };
    }
  }
  const obj = checkExpr(c, e.object, cx);
  const idx = checkExpr(c, e.index, cx);
  if (obj.ty.t === "map") {
    expect(c, idx, T.player, e.index.span, "the index of a per player value");
    return { ir: { op: "index", obj: obj.ir, idx: idx.ir, of: "map", span: e.span }, ty: obj.ty.of };
  }
  if (obj.ty.t === "emap") {
    return { ir: { op: "index", obj: obj.ir, idx: enumMapIndex(c, obj.ty, idx, e.index.span), of: "list", span: e.span }, ty: obj.ty.of };
  }
  if (obj.ty.t === "list" || obj.ty.t === "sides" || obj.ty.t === "any") {
    if (!numberIndex(c, e, idx, "a list index")) return bad(e.span);
    const of = obj.ty.t === "list" ? obj.ty.of : obj.ty.t === "sides" ? T.number : T.any;
    return { ir: { op: "index", obj: obj.ir, idx: idx.ir, of: "list", span: e.span }, ty: of };
  }
  if (obj.ty.t === "zone") {
    // A zone reads as the list of its pieces, bottom first, as `for k in z` visits them.
    if (!numberIndex(c, e, idx, "an index into a zone (0: its bottom piece)")) return bad(e.span);
    return { ir: { op: "index", obj: obj.ir, idx: idx.ir, of: "zone", span: e.span }, ty: elementType(obj.ty) ?? T.piece };
  }
  c.sink.error("type-mismatch", `${article(typeName(obj.ty))} cannot be indexed with \`[…]\``, e.object.span);
  return bad(e.span);
}

/**
 * Reports an index that is not a number. A range (`display[0..2]`, as a designer slices the
 * displays in play) gets a hint with the comprehension that says it. Returns whether the index
 * fits: when it does not, the caller gives no element type, since the one it would give (an
 * item where a list was meant) only sets off errors further on about what is not wrong.
 */
function numberIndex(c: Checker, e: Extract<Expr, { kind: "IndexExpr" }>, idx: Typed, what: string): boolean {
  if (assignable(idx.ty, T.number)) return true;
  const hint =
    e.index.kind === "RangeExpr"
      ? `\`[…]\` takes one item; for several, write \`[${textOf(c, e.object.span)}[i] for i in ${textOf(c, e.index.span)}]\``
      : undefined;
  c.sink.error("type-mismatch", `${what} should be a number but is ${article(typeName(idx.ty))}`, e.index.span, hint);
  return false;
}

// ------------------------------------------------------------------ calls

export function checkArgs(
  c: Checker,
  callee: string,
  params: { name: string; type: Type }[],
  args: Arg[],
  span: Span,
  cx: CodeContext,
): IrExpr[] {
  const out: IrExpr[] = [];
  if (args.some((a) => a.name)) {
    c.sink.error("unknown-argument", `\`${callee}\` takes its arguments in order, without names`, args.find((a) => a.name)!.span);
  }
  if (args.length !== params.length) {
    c.sink.error("argument-count", `\`${callee}\` takes ${params.length} argument${params.length === 1 ? "" : "s"} but is given ${args.length}`, span);
  }
  args.forEach((a, i) => {
    const t = checkExpr(c, a.value, cx);
    const p = params[i];
    if (p) expect(c, t, p.type, a.value.span, `argument \`${p.name}\` of \`${callee}\``);
    out.push(t.ir);
  });
  return out;
}

export function checkCall(c: Checker, name: string, nameSpan: Span, args: Arg[], span: Span, cx: CodeContext): Typed {
  // A built-in's name a declaration tried to take: refused there, unknown here (`Checker.shadowed`).
  if (c.shadowed.has(name) && !cx.scope.lookup(name)) {
    c.shadowedUses++;
    // Its arguments are checked still: their own mistakes are told, and the names they use count as used.
    for (const a of args) checkExpr(c, a.value, cx);
    return bad(span);
  }
  if (!cx.scope.lookup(name)) {
    const g = c.globals.get(name);
    if (g) {
      use(c, name, nameSpan);
      switch (g.k) {
        case "define": {
          const f = c.def.functions[name];
          const ir = checkArgs(c, name, f?.params ?? [], args, span, cx);
          return { ir: { op: "fn", name, args: ir, span }, ty: f?.returns ?? T.any };
        }
        case "rule": {
          const r = c.def.rules[name];
          const ir = checkArgs(c, name, r?.params ?? [], args, span, cx);
          return { ir: { op: "rule", name, args: ir, span }, ty: T.bool };
        }
        case "hook": {
          const h = c.def.hooks[name];
          const ir = checkArgs(c, name, h?.params ?? [], args, span, cx);
          return { ir: { op: "hook", name, args: ir, span }, ty: h?.returns ?? T.any };
        }
        case "procedure":
          c.sink.error(
            "procedure-in-expression",
            `\`${name}\` is a procedure: call it on its own line, or as \`let x = ${name}(…)\``,
            span,
          );
          return bad(span);
        default:
          c.sink.error("not-callable", `\`${name}\` is a ${g.k}, not something to call`, nameSpan);
          return bad(span);
      }
    }
  }
  const b = BUILTINS.get(name);
  const shadow = cx.scope.lookup(name);
  if (!b || shadow) {
    c.sink.error(
      shadow ? "not-callable" : "unknown-name",
      shadow ? `\`${name}\` is a local value, not something to call` : `unknown function \`${name}\``,
      nameSpan,
      // `let top = 3`, then `top(deck)`: the local hides the built-in from its line on.
      (shadow && b ? `the local \`${name}\` (line ${shadow.span.start.line}) hides the built-in \`${name}(…)\` here: give the local another name` : undefined) ??
        (shadow ? undefined : familiarFunction(name)) ??
        didYouMean(name, [...BUILTINS.keys(), ...[...c.globals].filter(([, g]) => ["define", "rule", "hook", "procedure"].includes(g.k)).map(([n]) => n)]),
    );
    for (const a of args) checkExpr(c, a.value, cx);
    return bad(span);
  }
  if (TOPOLOGIES.has(name) !== !!cx.topology) {
    c.sink.error(
      "type-mismatch",
      cx.topology ? `a board's shape is one of ${[...TOPOLOGIES].map((t) => `\`${t}(…)\``).join(", ")}` : `\`${name}(…)\` describes a board: use it after \`board name:\``,
      span,
    );
  }
  const slots: (IrExpr | undefined)[] = new Array(b.params.length).fill(undefined);
  const types: Type[] = new Array(b.params.length).fill(T.any);
  let positional = 0;
  for (const a of args) {
    let i: number;
    if (a.name) {
      i = b.params.findIndex((p) => p.name === a.name!.text);
      if (i < 0) {
        c.sink.error("unknown-argument", `\`${name}\` has no argument \`${a.name.text}\``, a.name.span, didYouMean(a.name.text, b.params.map((p) => p.name)));
        checkExpr(c, a.value, cx);
        continue;
      }
    } else {
      while (positional < b.params.length && b.params[positional]!.named) positional++;
      i = positional++;
      if (i >= b.params.length) {
        // An argument past those in order is most likely one of the named ones, written without its name.
        const unnamed = b.params.filter((p) => p.named && !args.some((x) => x.name?.text === p.name));
        const hint = unnamed.length ? `${unnamed.length === 1 ? "its other argument goes" : "its other arguments go"} by name: ${unnamed.map((p) => `\`${p.name}: …\``).join(", ")}` : undefined;
        c.sink.error("argument-count", `\`${name}\` takes at most ${b.params.filter((p) => !p.named).length} arguments in order: ${b.signature}`, a.span, hint);
        checkExpr(c, a.value, cx);
        continue;
      }
    }
    const p = b.params[i]!;
    const t = checkExpr(c, a.value, cx);
    if (!p.accepts(t.ty)) {
      c.sink.error("type-mismatch", `argument \`${p.name}\` of \`${name}\` should be ${p.expects} but is ${article(typeName(t.ty))}`, a.value.span);
    }
    if (slots[i]) c.sink.error("argument-count", `argument \`${p.name}\` of \`${name}\` is given twice`, a.span);
    slots[i] = t.ir;
    types[i] = t.ty;
  }
  b.params.forEach((p, i) => {
    if (!slots[i] && !p.optional) {
      c.sink.error("argument-count", `\`${name}\` needs its argument \`${p.name}\`: ${b.signature}`, span);
    }
  });
  const named: Record<string, Type> = {};
  b.params.forEach((p, i) => (named[p.name] = types[i]!));
  return {
    ir: { op: "builtin", fn: name, args: slots.map((s) => s ?? { op: "lit", v: null, ty: T.none, span }), span },
    ty: b.returns(types, named),
  };
}

// ------------------------------------------------------------------ operators

function checkBinary(c: Checker, e: Extract<Expr, { kind: "BinaryExpr" }>, cx: CodeContext): Typed {
  const a = checkExpr(c, e.left, cx);
  // `x is Tile and x.colour == red`: the right runs only when the left held.
  // `b` of `a and b` is read when `a` holds; of `a or b`, when it does not.
  const right = (): Typed => checkExpr(c, e.right, e.op === "and" ? narrowed(cx, e.left) : e.op === "or" ? narrowedWhenFalse(cx, e.left) : cx);
  // `runner == { else: 0 }`: a map literal compared with a map takes its enum from it, as from a declaration.
  const b = (e.op === "==" || e.op === "!=") && e.right.kind === "MapLit" ? expectingMap(c, e.right, a.ty, right) : right();
  const span = e.span;
  switch (e.op) {
    case "and":
    case "or":
      expect(c, a, T.bool, e.left.span, `the left of \`${e.op}\``);
      expect(c, b, T.bool, e.right.span, `the right of \`${e.op}\``);
      return { ir: { op: e.op, a: a.ir, b: b.ir, span }, ty: T.bool };
    case "+": {
      // Joining texts reads each side the way a template would (`"x" + p` gives "x Player 2").
      if (a.ty.t === "text" || b.ty.t === "text") {
        return { ir: { op: "template", parts: [{ e: a.ir, ty: a.ty }, { e: b.ir, ty: b.ty }], span }, ty: T.text };
      }
      // A zone is a place, not a list of its pieces: say how to join what zones hold, once,
      // instead of two "should be a number" errors and a third at whatever takes the sum.
      if ((a.ty.t === "zone" || b.ty.t === "zone") && [a.ty.t, b.ty.t].every((t) => t === "zone" || t === "list")) {
        const side = (e2: Expr, ty: Type): string => (ty.t === "zone" ? `[q for q in ${textOf(c, e2.span)}]` : textOf(c, e2.span));
        c.sink.error("type-mismatch", "`+` joins lists, and a zone is a place, not a list: join what the zones hold", span, `write \`${side(e.left, a.ty)} + ${side(e.right, b.ty)}\``);
        const kind = a.ty.t === "zone" ? a.ty.kind : b.ty.t === "zone" ? b.ty.kind : undefined;
        return { ir: bad(span).ir, ty: T.list(kind ? T.pieceOf(kind) : T.piece) };
      }
      if (a.ty.t === "list" || b.ty.t === "list") {
        const ty = unify(a.ty, b.ty);
        if (!ty || ty.t !== "list") {
          c.sink.error("type-mismatch", `cannot join ${article(typeName(a.ty))} and ${article(typeName(b.ty))}`, span, c.precedence.get(spanKey(span)));
          return bad(span);
        }
        return { ir: { op: "arith", o: "+", a: a.ir, b: b.ir, mode: "list", span }, ty };
      }
      expect(c, a, T.number, e.left.span, "the left of `+`");
      expect(c, b, T.number, e.right.span, "the right of `+`");
      return { ir: { op: "arith", o: "+", a: a.ir, b: b.ir, mode: "number", span }, ty: T.number };
    }
    case "-":
    case "*":
    case "/":
    case "%":
      expect(c, a, T.number, e.left.span, `the left of \`${e.op}\``);
      expect(c, b, T.number, e.right.span, `the right of \`${e.op}\``);
      return { ir: { op: "arith", o: e.op, a: a.ir, b: b.ir, mode: "number", span }, ty: T.number };
    case "==":
    case "!=": {
      if (!unify(a.ty, b.ty)) {
        c.sink.error("type-mismatch", `cannot compare ${article(typeName(a.ty))} with ${article(typeName(b.ty))}`, span);
      }
      checkComponentName(c, a, b);
      const deep = !isPrimitive(a.ty) || !isPrimitive(b.ty);
      return { ir: { op: "cmp", o: e.op, a: a.ir, b: b.ir, deep, span }, ty: T.bool };
    }
    case "<":
    case "<=":
    case ">":
    case ">=":
      if (!(a.ty.t === "text" && b.ty.t === "text")) {
        expect(c, a, T.number, e.left.span, `the left of \`${e.op}\``);
        expect(c, b, T.number, e.right.span, `the right of \`${e.op}\``);
      }
      return { ir: { op: "cmp", o: e.op, a: a.ir, b: b.ir, deep: false, span }, ty: T.bool };
    case "in": {
      const el = elementType(b.ty);
      if (!el) {
        c.sink.error("type-mismatch", `the right of \`in\` should be a list or zone but is ${article(typeName(b.ty))}`, e.right.span);
      } else if (!unify(a.ty, el)) {
        c.sink.error("type-mismatch", `${article(typeName(a.ty))} is never in a ${typeName(b.ty)}`, span);
      }
      return { ir: { op: "in", a: a.ir, b: b.ir, deep: !isPrimitive(a.ty), zone: b.ty.t === "zone", span }, ty: T.bool };
    }
  }
}

// ------------------------------------------------------------------ comprehensions

function checkComprehension(c: Checker, e: Extract<Expr, { kind: "ComprehensionExpr" }>, cx: CodeContext): Typed {
  notePrecedence(c, e);
  const src = checkExpr(c, e.source, cx);
  let el = elementType(src.ty);
  if (!el) {
    c.sink.error("type-mismatch", `\`${e.form === "list" ? "for" : e.form}\` goes over a list or zone, not ${article(typeName(src.ty))}`, e.source.span, c.precedence.get(spanKey(e.source.span)));
    el = T.any;
  }
  const scope = cx.scope.child();
  const v = declareName(c, scope, e.variable, el);
  // A source that is no list is a mistake reported on its own (or later in the same expression):
  // its items have no type to read fields of. (`[]` is a list, of items whose type is unknown.)
  if (el.t === "any" && src.ty.t !== "list") v.lost = true;
  const inner: CodeContext = { ...cx, scope };
  let where: Typed | undefined;
  if (e.where) {
    where = checkExpr(c, e.where, inner);
    expect(c, where, T.bool, e.where.span, "the `where` condition");
  }
  // The later clauses of a sum over pairs count as the sum's own: `sum 1 for a in xs for b in ys` counts pairs.
  if (e.flat && e.form === "sum") for (let b = e.body; b?.kind === "ComprehensionExpr"; b = b.flat ? b.body : undefined) counting.add(b);
  let body: Typed | undefined;
  if (e.body) body = checkExpr(c, e.body, narrowed(inner, e.where));
  let ty: Type;
  switch (e.form) {
    case "list":
      // A further `for` clause gives a list per item: joined, they are the items.
      ty = e.flat ? (body?.ty ?? T.list(T.any)) : T.list(body?.ty ?? T.any);
      break;
    case "count":
      ty = T.number;
      break;
    case "first":
      ty = el;
      break;
    case "sum":
    case "highest":
    case "lowest":
      // Over pairs (`flat`), the body is the list of the later clauses' values for each item.
      if (body) expect(c, e.flat ? { ir: body.ir, ty: elementType(body.ty) ?? T.any } : body, T.number, e.flat ? innermostBody(e).span : e.body!.span, `the value to ${e.form === "sum" ? "add up" : "compare"}`);
      ty = T.number;
      break;
    case "any":
    case "all":
    case "no":
      if (body) expect(c, body, T.bool, e.body!.span, "the condition");
      ty = T.bool;
      break;
    case "sort":
      if (body && !sortKey(body.ty)) {
        c.sink.error("type-mismatch", `a sort key should be a number or text (or a list of them, compared item by item) but is ${article(typeName(body.ty))}`, e.body!.span);
      }
      ty = T.list(el);
      break;
  }
  // The variable is read by the where/body; only a comprehension that never reads it deserves a
  // warning. The form needs the name even when nothing reads it: counting (`count x in xs`,
  // `sum 1 for x in xs`) and the first item (`first k in pile`) are meant as written.
  if (v.reads === 0 && e.form !== "count" && e.form !== "first" && e.form !== "sum" && !counting.has(e) && !v.name.startsWith("_")) {
    c.sink.warning("unused-variable", `\`${v.name}\` is never read`, v.span, "the form needs a name here: start it with `_` to say it is not read");
  }
  const ir: IrExpr = {
    op: "comp",
    form: e.form,
    slot: v.slot,
    src: src.ir,
    zone: src.ty.t === "zone",
    deep: false,
    span: e.span,
  };
  if (where) ir.where = where.ir;
  if (body) ir.body = body.ir;
  if (!e.flat) return { ir, ty };
  // The lists of a further clause, one per item, joined as `flatten` joins them.
  const joined: IrExpr = { op: "builtin", fn: "flatten", args: [{ ...ir, form: "list" }], span: e.span };
  if (e.form === "list") return { ir: joined, ty };
  // `sum`, `highest`, `lowest` over pairs: over every value of the joined lists, in a slot of its own.
  const each = cx.scope.frame.alloc("(each value)");
  return { ir: { op: "comp", form: e.form, slot: each, src: joined, zone: false, deep: false, body: { op: "local", slot: each, span: e.span }, span: e.span }, ty };
}

/** Can values of `ty` order a `sort`: numbers, texts, or lists of them (compared item by item)? */
function sortKey(ty: Type): boolean {
  if (ty.t === "number" || ty.t === "text" || ty.t === "any") return true;
  return ty.t === "list" && ty.of.t !== "list" && sortKey(ty.of);
}

/** The later clauses of a `sum` over pairs (`checkComprehension`): their names need not be read either. */
const counting = new WeakSet<Expr>();

/** The value a comprehension over pairs works out for each (`[a * b for a in xs for b in ys]`: `a * b`). */
function innermostBody(e: Extract<Expr, { kind: "ComprehensionExpr" }>): Expr {
  // The later clauses' lists (`listClauses` in the parser): each but the last has another inside.
  let clause = e.body as Extract<Expr, { kind: "ComprehensionExpr" }>;
  while (clause.flat) clause = clause.body as Extract<Expr, { kind: "ComprehensionExpr" }>;
  return clause.body!;
}
