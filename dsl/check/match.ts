import type { Block, Expr, MatchArm, MatchPattern, Stmt } from "../ast.ts";
import type { IrExpr, IrStmt } from "../ir.ts";
import type { Span } from "../span.ts";
import { didYouMean } from "../suggest.ts";
import { markExhaustive } from "./falls-through.ts";
import { T, typeName, unify, type Type } from "../types.ts";
import { use, type Checker, type CodeContext } from "./context.ts";
import { article, checkExpr, type Typed } from "./expressions.ts";
import { checkBlock } from "./statements.ts";

/**
 * `match` on an enum, a number (with ranges) or a piece's kind, as an
 * expression or a statement. The subject is evaluated once into a hidden
 * local; the arms lower to a chain of `if`s testing that local.
 */

type Subject = "enum" | "number" | "kind" | "any";

interface Arms {
  /** One condition per arm (undefined for `else`), in order. */
  conds: (IrExpr | undefined)[];
  hasElse: boolean;
  /** Enum members no arm names (for the missing-member warning). */
  missing: string[];
  subject: Subject;
}

function local(slot: number, span: Span): IrExpr {
  return { op: "local", slot, span };
}

function lit(v: number | string, ty: Type, span: Span): IrExpr {
  return { op: "lit", v, ty, span };
}

function subjectOf(ty: Type): Subject {
  if (ty.t === "enum") return "enum";
  if (ty.t === "number") return "number";
  if (ty.t === "piece") return "kind";
  return "any";
}

/** Checks every arm's patterns against the subject and builds each arm's condition. */
function checkArms<B>(c: Checker, subject: Typed, slot: number, arms: MatchArm<B>[], subjectSpan: Span, cx: CodeContext): Arms {
  const kind = subjectOf(subject.ty);
  if (kind === "any" && subject.ty.t !== "any") {
    c.sink.error("type-mismatch", `\`match\` works on an enum, a number or a piece, not on ${article(typeName(subject.ty))}`, subjectSpan);
  }
  const enumName = subject.ty.t === "enum" ? subject.ty.name : undefined;
  const g = enumName ? c.globals.get(enumName) : undefined;
  const members = g?.k === "enum" ? g.decl.members.map((m) => m.name.text) : [];
  const seenNames = new Set<string>();
  const numbers: { from: number; to: number }[] = [];
  const conds: (IrExpr | undefined)[] = [];
  let hasElse = false;
  const duplicate = (span: Span, what: string): void => c.sink.error("match-duplicate-arm", `${what} is already matched by an earlier arm`, span, "remove this pattern or the earlier one");

  for (const arm of arms) {
    if (hasElse) c.sink.error("match-duplicate-arm", "this arm comes after `else` and never runs", arm.span, "move `else` to the last arm");
    let cond: IrExpr | undefined;
    let isElse = false;
    const or = (e: IrExpr): void => {
      cond = cond ? { op: "or", a: cond, b: e, span: e.span } : e;
    };
    const subj = (span: Span): IrExpr => local(slot, span);
    // A number, or a range from `from` (to `to`, or up without end when null).
    const numberArm = (from: number, to: number | null, span: Span, shown: string): void => {
      const end = to ?? Infinity;
      if (numbers.some((r) => r.from <= from && end <= r.to)) duplicate(span, shown);
      numbers.push({ from, to: end });
      if (to === from) {
        or({ op: "cmp", o: "==", a: subj(span), b: lit(from, T.number, span), deep: false, span });
      } else {
        const low: IrExpr = { op: "cmp", o: ">=", a: subj(span), b: lit(from, T.number, span), deep: false, span };
        or(to === null ? low : { op: "and", a: low, b: { op: "cmp", o: "<=", a: subj(span), b: lit(to, T.number, span), deep: false, span }, span });
      }
    };
    for (const p of arm.patterns) {
      switch (p.kind) {
        case "ElsePattern":
          if (arm.patterns.length > 1) c.sink.error("match-duplicate-arm", "`else` stands alone in its arm", p.span);
          isElse = true;
          break;
        case "NumberPattern":
        case "RangePattern": {
          if (kind !== "number" && kind !== "any") {
            c.sink.error("type-mismatch", `a number pattern cannot match ${article(typeName(subject.ty))}`, p.span);
            break;
          }
          const from = p.kind === "NumberPattern" ? p.value : p.from;
          const to = p.kind === "NumberPattern" ? p.value : (p.to ?? Infinity);
          if (to < from) c.sink.error("type-mismatch", `the range ${from}..${to} is empty`, p.span);
          numberArm(from, p.kind === "NumberPattern" ? from : p.to, p.span, p.kind === "NumberPattern" ? `${from}` : `${from}..${p.to ?? ""}`);
          break;
        }
        case "NamePattern": {
          // A `const` stands for its value: `match edge { ROAD -> … }` as `match edge { 1 -> … }`.
          const k = p.qualifier || (kind !== "number" && kind !== "any") ? undefined : c.consts.get(p.name.text);
          if (typeof k?.v === "number" && !cx.scope.lookup(p.name.text)) {
            use(c, p.name.text, p.name.span);
            numberArm(k.v, k.v, p.span, `\`${p.name.text}\` (${k.v})`);
            break;
          }
          checkNamePattern(c, p, kind, enumName, members, seenNames, duplicate, (e) => or(e), subj);
          break;
        }
      }
    }
    if (isElse) hasElse = true;
    conds.push(isElse ? undefined : (cond ?? { op: "lit", v: false, ty: T.bool, span: arm.span }));
  }
  return { conds, hasElse, missing: members.filter((m) => !seenNames.has(m)), subject: kind };
}

function checkNamePattern(
  c: Checker,
  p: Extract<MatchPattern, { kind: "NamePattern" }>,
  kind: Subject,
  enumName: string | undefined,
  members: string[],
  seen: Set<string>,
  duplicate: (span: Span, what: string) => void,
  or: (e: IrExpr) => void,
  subj: (span: Span) => IrExpr,
): void {
  const name = p.name.text;
  if (kind === "enum" && enumName) {
    if (p.qualifier && p.qualifier.text !== enumName) {
      c.sink.error("type-mismatch", `\`${p.qualifier.text}.${name}\` is not a member of ${enumName}, the type matched`, p.span);
      return;
    }
    if (!members.includes(name)) {
      c.sink.error("unknown-name", `\`${name}\` is not a member of ${enumName}`, p.name.span, didYouMean(name, members));
      return;
    }
    use(c, enumName, p.name.span);
    if (seen.has(name)) duplicate(p.span, `\`${name}\``);
    seen.add(name);
    or({ op: "cmp", o: "==", a: subj(p.span), b: lit(name, T.enumOf(enumName), p.span), deep: false, span: p.span });
    return;
  }
  if (kind === "kind") {
    const g = c.globals.get(name);
    if (p.qualifier || g?.k !== "kind") {
      const kinds = [...c.globals].filter(([, s]) => s.k === "kind").map(([n]) => n);
      c.sink.error("unknown-name", `\`${p.qualifier ? `${p.qualifier.text}.` : ""}${name}\` is not a kind`, p.span, didYouMean(name, kinds));
      return;
    }
    use(c, name, p.name.span);
    if (seen.has(name)) duplicate(p.span, `\`${name}\``);
    seen.add(name);
    or({ op: "is", a: subj(p.span), kind: name, span: p.span });
    return;
  }
  if (kind === "number") c.sink.error("type-mismatch", `\`${name}\` is a name, but this \`match\` is on a number: write numbers, ranges or number constants (\`const\`)`, p.span);
}

function warnMissing(c: Checker, arms: Arms, subjectTy: Type, span: Span): void {
  if (arms.subject === "enum" && !arms.hasElse && arms.missing.length > 0) {
    c.sink.warning(
      "match-missing-member",
      `this \`match\` on ${typeName(subjectTy)} has no arm for ${arms.missing.map((m) => `\`${m}\``).join(", ")}`,
      span,
      "add an arm for each, or an `else` arm",
    );
  }
}

/** The span of the `match` keyword, where the missing-member warning points. */
function keywordSpan(span: Span): Span {
  return { start: span.start, end: { line: span.start.line, column: span.start.column + 5, offset: span.start.offset + 5 } };
}

export function checkMatchExpr(c: Checker, e: Extract<Expr, { kind: "MatchExpr" }>, cx: CodeContext): Typed {
  const subject = checkExpr(c, e.subject, cx);
  const slot = cx.scope.hidden("match");
  const arms = checkArms(c, subject, slot, e.arms, e.subject.span, cx);
  const bodies = e.arms.map((a) => checkExpr(c, a.body, cx));
  let ty: Type = T.none;
  bodies.forEach((b, i) => {
    const u = unify(ty, b.ty);
    if (!u) c.sink.error("type-mismatch", `the arms of this \`match\` give ${typeName(ty)} and ${typeName(b.ty)}`, e.arms[i]!.body.span);
    else ty = u;
  });
  warnMissing(c, arms, subject.ty, keywordSpan(e.span));
  if (!arms.hasElse && (arms.subject === "number" || arms.subject === "kind")) {
    c.sink.error("match-needs-else", "a `match` giving a value needs an `else` arm: some values match no arm", keywordSpan(e.span), "add `else -> value` as the last arm");
  }
  // Built from the last arm up: no arm matching gives `none`.
  let out: IrExpr = { op: "lit", v: null, ty: T.none, span: e.span };
  for (let i = e.arms.length - 1; i >= 0; i--) {
    const cond = arms.conds[i];
    out = cond ? { op: "if", c: cond, a: bodies[i]!.ir, b: out, span: e.arms[i]!.span } : bodies[i]!.ir;
  }
  return { ir: { op: "bind", slot, value: subject.ir, body: out, span: e.span }, ty: ty.t === "none" ? T.any : ty };
}

export function checkMatchStmt(c: Checker, s: Extract<Stmt, { kind: "MatchStmt" }>, cx: CodeContext): IrStmt[] {
  const subject = checkExpr(c, s.subject, cx);
  const slot = cx.scope.hidden("match");
  const arms = checkArms<Block>(c, subject, slot, s.arms, s.subject.span, cx);
  const bodies = s.arms.map((a) => checkBlock(c, a.body, cx));
  warnMissing(c, arms, subject.ty, keywordSpan(s.span));
  let out: IrStmt[] = [];
  const everyMember = arms.subject === "enum" && !arms.hasElse && arms.missing.length === 0;
  for (let i = s.arms.length - 1; i >= 0; i--) {
    const cond = arms.conds[i];
    const wasLast = out.length === 0;
    out = cond ? [{ op: "if", c: cond, then: bodies[i]!, else: out, span: s.arms[i]!.span }] : bodies[i]!;
    // An arm for every member: the chain's last test never fails (`missing-return` knows it).
    if (cond && wasLast && everyMember) markExhaustive(out[0]!);
  }
  return [{ op: "let", slot, value: subject.ir, span: s.subject.span }, ...out];
}
