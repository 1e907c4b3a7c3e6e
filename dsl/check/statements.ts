import { warnChoiceOfLoopPlayer } from "./choice-of-loop-player.ts";
import type { Block, ChooseExpr, Expr, Name, SecretChooseExpr, Stmt, StopClause, WhereClause } from "../ast.ts";
import type { IrExpr, IrStmt, IrStop, IrTarget, IrWhere } from "../ir.ts";
import type { Span } from "../span.ts";
import { didYouMean } from "../suggest.ts";
import { assignable, elementType, T, typeName, type Type } from "../types.ts";
import { declareName, textOf, use, type Checker, type CodeContext, type Scope } from "./context.ts";
import { article, checkArgs, checkExpr, expect, spaceState, unknownType, warnUnread, type Typed } from "./expressions.ts";
import { enumMapIndex, expectingMap } from "./enum-maps.ts";
import { checkMatchStmt } from "./match.ts";
import { narrowed, narrowedWhenFalse } from "./narrowing.ts";
import { resolveType } from "./types-from-ast.ts";

/** Checks the statements of a block in a new scope. */
export function checkBlock(c: Checker, block: Block, cx: CodeContext): IrStmt[] {
  const scope = cx.scope.child();
  const out = checkStmts(c, block.stmts, { ...cx, scope });
  warnUnread(c, scope);
  return out;
}

export function checkStmts(c: Checker, stmts: Stmt[], cx: CodeContext): IrStmt[] {
  const out: IrStmt[] = [];
  for (const s of stmts) {
    const ir = checkStmt(c, s, cx);
    if (Array.isArray(ir)) out.push(...ir);
    else if (ir) out.push(ir);
  }
  return out;
}

/** A call to a procedure used for its result (`let x = pick(p)`), or undefined if `e` is not one. */
function procedureCall(c: Checker, e: Expr, cx: CodeContext): { proc: string; args: IrExpr[]; returns?: Type; span: Span } | undefined {
  if (e.kind !== "CallExpr" || cx.scope.lookup(e.callee.text)) return undefined;
  const g = c.globals.get(e.callee.text);
  if (g?.k !== "procedure") return undefined;
  use(c, e.callee.text, e.callee.span);
  const p = c.def.procedures[e.callee.text];
  const args = checkArgs(c, e.callee.text, p?.params ?? [], e.args, e.span, cx);
  const out: { proc: string; args: IrExpr[]; returns?: Type; span: Span } = { proc: e.callee.text, args, span: e.span };
  if (p?.returns) out.returns = p.returns;
  return out;
}

/** A statement's IR: usually one instruction, two for a choice stored by assignment. */
function checkStmt(c: Checker, s: Stmt, cx: CodeContext): IrStmt | IrStmt[] | undefined {
  const span = s.span;
  switch (s.kind) {
    case "ErrorStmt":
      return undefined;
    case "LetStmt": {
      warnHiding(c, cx.scope, s.name);
      const declared = s.type ? resolveType(c, s.type) : undefined;
      if (s.value.kind === "ChooseExpr" || s.value.kind === "SecretChooseExpr") {
        const reported = c.sink.items.length;
        const shadowed = c.shadowedUses;
        const { ir, ty } = s.value.kind === "ChooseExpr" ? checkChoose(c, s.value, cx) : checkSecret(c, s.value, cx);
        if (declared && !assignable(ty, declared)) {
          c.sink.error("type-mismatch", `\`${s.name.text}\` is declared ${typeName(declared)} but the choice gives ${article(typeName(ty))}`, s.value.span);
        }
        const local = declareName(c, cx.scope, s.name, declared ?? ty);
        // A choice from what an error left unknown: its type is lost to that error, said once.
        if (!declared && ty.t === "any" && (c.shadowedUses > shadowed || c.sink.items.slice(reported).some((d) => d.severity === "error"))) local.lost = true;
        return { ...ir, slot: local.slot } as IrStmt;
      }
      const call = procedureCall(c, s.value, cx);
      if (call) {
        if (!call.returns) c.sink.error("type-mismatch", `procedure \`${call.proc}\` gives no value: declare one with \`procedure ${call.proc}(…): type\``, s.value.span);
        const ty = declared ?? call.returns ?? T.any;
        if (declared && call.returns) expect(c, { ir: null as never, ty: call.returns }, declared, s.value.span, `the value of \`${call.proc}\``);
        const local = declareName(c, cx.scope, s.name, ty);
        return { op: "call", proc: call.proc, args: call.args, result: { op: "local", slot: local.slot }, span };
      }
      const value: Expr = s.value;
      const reported = c.sink.items.length;
      const shadowed = c.shadowedUses;
      const v = expectingMap(c, value, declared, () => checkExpr(c, value, cx));
      if (declared) expect(c, v, declared, s.value.span, `the value of \`${s.name.text}\``);
      let ty = declared ?? v.ty;
      if (!declared && ty.t === "none") ty = T.any;
      const local = declareName(c, cx.scope, s.name, ty);
      // Its type lost to an error in its value, or to a built-in's name a declaration tried to take.
      if (ty.t === "any" && (c.shadowedUses > shadowed || c.sink.items.slice(reported).some((d) => d.severity === "error"))) local.lost = true;
      return { op: "let", slot: local.slot, value: v.ir, span };
    }
    case "AssignStmt": {
      const target = checkTarget(c, s.target, cx);
      if (s.value.kind === "ChooseExpr" || s.value.kind === "SecretChooseExpr") {
        // `x = choose …`: the choice lands in a hidden local, then goes where the target says.
        const { ir, ty } = s.value.kind === "ChooseExpr" ? checkChoose(c, s.value, cx) : checkSecret(c, s.value, cx);
        if (!target) return undefined;
        if (s.op !== "=") c.sink.error("not-assignable", "a choice is stored with `=`", span);
        else if (!assignable(ty, target.type)) c.sink.error("type-mismatch", `this stores ${article(typeName(ty))} in ${article(typeName(target.type))}`, s.value.span);
        const slot = cx.scope.hidden("choice");
        return [
          { ...ir, slot } as IrStmt,
          { op: "assign", target: target.target, mode: "=", value: { op: "local", slot, span }, valueType: target.type, span },
        ];
      }
      if (!target) {
        checkExpr(c, s.value, cx);
        return undefined;
      }
      const call = procedureCall(c, s.value, cx);
      if (call) {
        if (s.op !== "=") c.sink.error("not-assignable", `use \`=\` to store the value of a procedure`, span);
        if (!call.returns) c.sink.error("type-mismatch", `procedure \`${call.proc}\` gives no value`, s.value.span);
        else if (!assignable(call.returns, target.type)) c.sink.error("type-mismatch", `this stores ${article(typeName(call.returns))} in ${article(typeName(target.type))}`, s.value.span);
        return { op: "call", proc: call.proc, args: call.args, result: target.target, span };
      }
      // The target's type says which enum a literal map is keyed by (`marks = { else: 0 }`), as a declaration's does.
      const value = s.value;
      const v = expectingMap(c, value, target.type, () => checkExpr(c, value, cx));
      if (s.op === "=") {
        expect(c, v, target.type, s.value.span, "the new value");
      } else if (target.type.t === "emap") {
        // `p.res -= b.cost`: member by member.
        expect(c, v, target.type, s.value.span, `the value of \`${s.op}\``);
        if (target.type.of.t !== "number" && target.type.of.t !== "any") c.sink.error("type-mismatch", `\`${s.op}\` on a map needs numbers in it`, span);
      } else if (target.type.t === "list" || target.type.t === "text") {
        if (s.op === "-=") c.sink.error("type-mismatch", `\`-=\` needs a number`, span);
        expect(c, v, target.type, s.value.span, "the value added");
      } else {
        expect(c, { ir: v.ir, ty: target.type }, T.number, s.target.span, `the target of \`${s.op}\``);
        expect(c, v, T.number, s.value.span, `the value of \`${s.op}\``);
      }
      return { op: "assign", target: target.target, mode: s.op, value: v.ir, valueType: target.type, span };
    }
    case "CallStmt": {
      const call = procedureCall(c, s.call, cx);
      if (call) return { op: "call", proc: call.proc, args: call.args, span };
      const errors = c.sink.items.length;
      checkExpr(c, s.call, cx);
      // An unknown name is reported by `checkExpr` already: it gives no value to do nothing with.
      const unknown = c.sink.items.slice(errors).some((d) => d.code === "unknown-name" && d.span.start.offset === s.call.callee.span.start.offset);
      if (!unknown) c.sink.error("parse-invalid-statement", `\`${s.call.callee.text}(…)\` gives a value but does nothing with it: only procedures can be called on their own`, span);
      return undefined;
    }
    case "IfStmt": {
      const cond = checkExpr(c, s.cond, cx);
      expect(c, cond, T.bool, s.cond.span, "the condition");
      const then = checkBlock(c, s.then, narrowed(cx, s.cond));
      let otherwise: IrStmt[] = [];
      const elseCx = narrowedWhenFalse(cx, s.cond);
      if (s.else) otherwise = s.else.kind === "Block" ? checkBlock(c, s.else, elseCx) : checkStmts(c, [s.else], elseCx);
      return { op: "if", c: cond.ir, then, else: otherwise, span };
    }
    case "ForStmt": {
      const src = checkExpr(c, s.source, cx);
      const el = iterated(c, src, s.source.span, "`for`");
      const scope = cx.scope.child();
      const listSlot = scope.hidden("list");
      const indexSlot = scope.hidden("index");
      const v = declareName(c, scope, s.variable, el);
      if (el.t === "any" && src.ty.t !== "list") v.lost = true;
      const inner: CodeContext = { ...cx, scope, loops: cx.loops + 1 };
      if (el.t === "player") inner.playerLoops = [...(cx.playerLoops ?? []), { name: s.variable.text, slot: v.slot, line: s.variable.span.start.line }];
      let where: Typed | undefined;
      if (s.where) {
        where = checkExpr(c, s.where, inner);
        expect(c, where, T.bool, s.where.span, "the `where` condition");
      }
      const body = checkBlock(c, s.body, narrowed(inner, s.where));
      warnUnread(c, scope);
      const ir: IrStmt = { op: "for", slot: v.slot, listSlot, indexSlot, src: src.ir, zone: src.ty.t === "zone", body, span };
      if (where) ir.where = where.ir;
      return ir;
    }
    case "WhileStmt": {
      const cond = checkExpr(c, s.cond, cx);
      expect(c, cond, T.bool, s.cond.span, "the condition");
      return { op: "while", c: cond.ir, body: checkBlock(c, s.body, { ...cx, loops: cx.loops + 1 }), span };
    }
    case "RepeatStmt": {
      const n = checkExpr(c, s.count, cx);
      expect(c, n, T.number, s.count.span, "the number of repeats");
      const counterSlot = cx.scope.hidden("repeat");
      return { op: "repeat", n: n.ir, counterSlot, body: checkBlock(c, s.body, { ...cx, loops: cx.loops + 1 }), span };
    }
    case "LoopStmt":
      return { op: "loop", body: checkBlock(c, s.body, { ...cx, loops: cx.loops + 1 }), span };
    case "BreakStmt":
    case "ContinueStmt":
      if (cx.loops === 0) {
        c.sink.error("break-outside-loop", `\`${s.kind === "BreakStmt" ? "break" : "continue"}\` must be inside a loop`, span);
        return undefined;
      }
      return { op: s.kind === "BreakStmt" ? "break" : "continue", span };
    case "ReturnStmt": {
      if (!s.value) {
        if (cx.returns) c.sink.error("type-mismatch", `this procedure gives ${article(typeName(cx.returns))}: \`return\` needs a value`, span);
        return { op: "return", span };
      }
      const v = checkExpr(c, s.value, cx);
      if (!cx.returns) {
        const owner = cx.owner ?? { name: "this procedure", procedure: "name" };
        const fix = owner.procedure !== undefined ? `declare one with \`procedure ${owner.procedure}(…): type\`` : "write `return` alone to end it";
        c.sink.error("type-mismatch", `${owner.name} gives no value: ${fix}`, s.value.span);
      }
      else expect(c, v, cx.returns, s.value.span, "the value returned");
      return { op: "return", value: v.ir, span };
    }
    case "TurnStmt": {
      const p = checkExpr(c, s.player, cx);
      expect(c, p, T.player, s.player.span, "the player of `turn`");
      const saveSlot = cx.scope.hidden("turn");
      // Inside the turn, choices ask its player: a loop over players outside it is not theirs.
      return { op: "turn", player: p.ir, saveSlot, body: checkBlock(c, s.body, { ...cx, playerLoops: undefined }), span };
    }
    case "ChooseBlockStmt": {
      const by = s.by ? checkExpr(c, s.by, cx) : undefined;
      if (by && s.by) expect(c, by, T.player, s.by.span, "the player who chooses");
      const prompt = s.prompt ? checkExpr(c, s.prompt, cx) : undefined;
      const options = s.options.map((o) => {
        const label = checkExpr(c, o.label, cx);
        const when = o.when ? checkExpr(c, o.when, cx) : undefined;
        if (when && o.when) expect(c, when, T.bool, o.when.span, "the condition of an option");
        const out: Extract<IrStmt, { op: "options" }>["options"][number] = { label: label.ir, body: checkBlock(c, o.body, cx), span: o.span };
        if (o.at) {
          const at = checkExpr(c, o.at, cx);
          expect(c, at, T.space, o.at.span, "the space an option is about (`at`)");
          out.at = at.ir;
        }
        if (when && o.when) {
          out.when = when.ir;
          out.text = textOf(c, o.when.span);
        }
        if (o.reason) out.reason = checkExpr(c, o.reason, cx).ir;
        return out;
      });
      const ir: IrStmt = { op: "options", options, span };
      if (by) ir.by = by.ir;
      if (prompt) ir.prompt = prompt.ir;
      if (s.askAlways) ir.askAlways = true;
      return ir;
    }
    case "MoveStmt": {
      const piece = checkExpr(c, s.piece, cx);
      if (piece.ty.t === "zone") {
        // `move p.discard to p.deck`: one piece moves at a time; a whole zone is moved piece by piece.
        const from = textOf(c, s.piece.span);
        c.sink.error("type-mismatch", `what is moved should be a piece but is ${article(typeName(piece.ty))}`, s.piece.span, `to move every piece of it: \`for k in ${from} { move k to ${textOf(c, s.to.span)} }\``);
      } else expect(c, piece, T.piece, s.piece.span, "what is moved");
      const to = checkExpr(c, s.to, cx);
      expect(c, to, T.zone, s.to.span, "where it goes");
      return { op: "move", piece: piece.ir, to: to.ir, ...(s.bottom ? { bottom: true as const } : {}), span };
    }
    case "DealStmt": {
      const n = checkExpr(c, s.count, cx);
      expect(c, n, T.number, s.count.span, "how many to deal");
      const from = checkExpr(c, s.from, cx);
      expect(c, from, T.zone, s.from.span, "where pieces are dealt from");
      const to = checkExpr(c, s.to, cx);
      expect(c, to, T.zone, s.to.span, "where they go");
      return { op: "deal", n: n.ir, from: from.ir, to: to.ir, ...(s.upTo ? { upTo: s.upTo } : {}), span };
    }
    case "ShuffleStmt": {
      const z = checkExpr(c, s.zone, cx);
      expect(c, z, T.zone, s.zone.span, "what is shuffled");
      return { op: "shuffle", zone: z.ir, span };
    }
    case "PlaceStmt": {
      const piece = checkExpr(c, s.piece, cx);
      expect(c, piece, T.piece, s.piece.span, "what is placed");
      const at = checkExpr(c, s.at, cx);
      if (!(at.ty.t === "space" || at.ty.t === "placement" || at.ty.t === "any" || at.ty.t === "none")) {
        c.sink.error("type-mismatch", `a piece is placed at a space or placement, not ${article(typeName(at.ty))}`, s.at.span);
      }
      return { op: "place", piece: piece.ir, at: at.ir, atType: at.ty.t === "placement" ? "placement" : "space", faceDown: s.faceDown, span };
    }
    case "FlipStmt": {
      const piece = checkExpr(c, s.piece, cx);
      expect(c, piece, T.piece, s.piece.span, "what is flipped");
      return { op: "flip", piece: piece.ir, up: s.up, span };
    }
    case "RemoveStmt": {
      const piece = checkExpr(c, s.piece, cx);
      expect(c, piece, T.piece, s.piece.span, "what is removed");
      return { op: "remove", piece: piece.ir, span };
    }
    case "TriggerStmt": {
      const g = c.globals.get(s.event.text);
      if (g?.k !== "event") {
        c.sink.error("unknown-name", `\`${s.event.text}\` is not an event declared with \`event\``, s.event.span);
        return undefined;
      }
      use(c, s.event.text, s.event.span);
      const args = checkArgs(c, s.event.text, c.def.events[s.event.text]?.params ?? [], s.args, span, cx);
      return { op: "trigger", event: s.event.text, args, span };
    }
    case "EndStmt":
      return { op: "end", span };
    case "LogStmt": {
      const v = checkExpr(c, s.value, cx);
      return { op: "log", value: v.ir, ty: v.ty, span };
    }
    case "MatchStmt":
      return checkMatchStmt(c, s, cx);
  }
}

function iterated(c: Checker, src: Typed, span: Span, what: string): Type {
  const el = elementType(src.ty);
  if (!el) {
    c.sink.error("type-mismatch", `${what} goes over a list or zone, not ${article(typeName(src.ty))}`, span);
    return T.any;
  }
  return el;
}

/** An assignment target and the type it holds. */
function checkTarget(c: Checker, e: Expr, cx: CodeContext): { target: IrTarget; type: Type } | undefined {
  const refuse = (msg: string): undefined => {
    c.sink.error("not-assignable", msg, e.span);
    return undefined;
  };
  switch (e.kind) {
    case "NameExpr": {
      const local = cx.scope.lookup(e.name);
      if (local) {
        c.symbols.references.push({ span: e.span, target: local.info });
        return { target: { op: "local", slot: local.slot }, type: local.type };
      }
      const g = c.globals.get(e.name);
      if (g?.k === "var") {
        use(c, e.name, e.span);
        const v = c.def.globals.find((x) => x.name === e.name);
        const target: IrTarget = { op: "global", name: e.name };
        if (v?.bounds) target.bounds = v.bounds;
        return { target, type: v?.type ?? T.any };
      }
      if (g) return refuse(`\`${e.name}\` is a ${g.k} and cannot be changed; only locals, \`var\`s, player variables and piece \`state\` can`);
      checkExpr(c, e, cx);
      return undefined;
    }
    case "FieldExpr": {
      const reported = c.sink.items.length;
      const obj = checkExpr(c, e.object, cx);
      const field = e.field.text;
      if (obj.ty.t === "player") {
        const m = c.playerMembers.get(field);
        if (m?.k === "pvar") {
          use(c, `player.${field}`, e.field.span);
          const target: IrTarget = { op: "pvar", player: obj.ir, name: field };
          if (m.bounds) target.bounds = m.bounds;
          return { target, type: m.type };
        }
        if (m) return refuse(`\`${field}\` is a ${m.k} of each player and cannot be assigned`);
        const variables = [...c.playerMembers].filter(([, x]) => x.k === "pvar").map(([n]) => n);
        c.sink.error("not-assignable", `players have no variable \`${field}\` (declare it in \`per player { … }\`)`, e.span, didYouMean(field, variables));
        return undefined;
      }
      if (obj.ty.t === "piece") {
        if (field === "owner") return { target: { op: "owner", obj: obj.ir }, type: T.player };
        const kinds = obj.ty.kind ? [obj.ty.kind] : Object.keys(c.def.kinds);
        for (const k of kinds) {
          const st = c.def.kinds[k]?.states.find((f) => f.name === field);
          if (st) return { target: { op: "state", obj: obj.ir, name: field }, type: st.type };
        }
        return refuse(`\`${field}\` cannot be changed: only a kind's \`state\` fields and \`owner\` can`);
      }
      if (obj.ty.t === "space") {
        const st = spaceState(c, field);
        if (st) return { target: { op: "sstate", obj: obj.ir, name: field }, type: st.type };
        return refuse(`\`${field}\` cannot be changed: only a board's \`space state\` values can`);
      }
      if (obj.ty.t === "any") {
        unknownType(c, e, cx, reported);
        return undefined;
      }
      return refuse(`${article(typeName(obj.ty))} has nothing to assign`);
    }
    case "IndexExpr": {
      const inner = checkTarget(c, e.object, cx);
      if (!inner) return undefined;
      const idx = checkExpr(c, e.index, cx);
      if (inner.type.t === "map") {
        expect(c, idx, T.player, e.index.span, "the index of a per player value");
        return { target: { op: "index", obj: inner.target, idx: idx.ir, of: "map" }, type: inner.type.of };
      }
      if (inner.type.t === "emap") {
        return { target: { op: "index", obj: inner.target, idx: enumMapIndex(c, inner.type, idx, e.index.span), of: "list" }, type: inner.type.of };
      }
      if (inner.type.t === "list") {
        expect(c, idx, T.number, e.index.span, "a list index");
        return { target: { op: "index", obj: inner.target, idx: idx.ir, of: "list" }, type: inner.type.of };
      }
      return refuse(`${article(typeName(inner.type))} cannot be indexed`);
    }
    default:
      return refuse("only a name, a field or an index can be assigned");
  }
}

// ------------------------------------------------------------------ choices

function checkStop(c: Checker, stop: StopClause | undefined, cx: CodeContext): IrStop | undefined {
  if (!stop) return undefined;
  const label = checkExpr(c, stop.label, cx);
  const out: IrStop = { label: label.ir };
  if (stop.when) {
    const w = checkExpr(c, stop.when, cx);
    expect(c, w, T.bool, stop.when.span, "the condition of `stop`");
    out.when = w.ir;
  }
  return out;
}

function checkWheres(c: Checker, wheres: WhereClause[], outer: CodeContext): IrWhere[] {
  let cx = outer;
  return wheres.map((w) => {
    const cond = checkExpr(c, w.cond, cx);
    // A later `where` is tested only for candidates that passed this one.
    cx = narrowed(cx, w.cond);
    expect(c, cond, T.bool, w.cond.span, "a `where` condition");
    const out: IrWhere = { cond: cond.ir, text: textOf(c, w.cond.span), span: w.span };
    if (w.reason) out.reason = checkExpr(c, w.reason, cx).ir;
    return out;
  });
}

type ChooseIr = Extract<IrStmt, { op: "choose" }>;
type SecretIr = Extract<IrStmt, { op: "secret" }>;

function checkChoose(c: Checker, e: ChooseExpr, cx: CodeContext): { ir: ChooseIr; ty: Type } {
  const src = checkExpr(c, e.source, cx);
  const el = iterated(c, src, e.source.span, "`choose`");
  const scope = cx.scope.child();
  // `let n = size(q.hand) - 3`, then `choose n from q.hand`: the name of each item, not a count.
  const counted = cx.scope.lookup(e.variable.text);
  if (!e.count && counted?.type.t === "number" && el.t !== "number") {
    c.sink.warning(
      "hidden-name",
      `\`${e.variable.text}\` here names each item chosen, and hides the number \`${e.variable.text}\` of line ${counted.span.start.line}`,
      e.variable.span,
      `to choose that many items, name them after the count: \`choose ${e.variable.text} c from …\``,
    );
  }
  const v = declareName(c, scope, e.variable, el);
  if (el.t === "any" && src.ty.t !== "list") v.lost = true;
  const inner: CodeContext = { ...cx, scope };
  const by = e.by ? checkExpr(c, e.by, cx) : undefined;
  if (by && e.by) expect(c, by, T.player, e.by.span, "the player who chooses");
  const prompt = e.prompt ? checkExpr(c, e.prompt, cx) : undefined;
  const stop = checkStop(c, e.stop, cx);
  const wheres = checkWheres(c, e.wheres, inner);
  const ir: ChooseIr = { op: "choose", slot: -1, varSlot: v.slot, src: src.ir, zone: src.ty.t === "zone", wheres, valueType: el, span: e.span };
  if (by) ir.by = by.ir;
  if (prompt) ir.prompt = prompt.ir;
  if (stop) ir.stop = stop;
  const ty = pickClauses(c, e, ir, cx, inner, el);
  warnChoiceOfLoopPlayer(c, ir, cx);
  return { ir, ty };
}

/**
 * The clauses both kinds of choice share beyond `where`: the count of a
 * multi-pick (a number; the value is then a list), the label (a text, seeing
 * the item's name) and `ask always`. Gives the type of one player's pick.
 */
function pickClauses(c: Checker, e: ChooseExpr | SecretChooseExpr, ir: ChooseIr | SecretIr, outer: CodeContext, inner: CodeContext, el: Type): Type {
  if (e.label) {
    const l = checkExpr(c, e.label, inner);
    expect(c, l, T.text, e.label.span, "the label of an option");
    ir.label = l.ir;
  }
  if (e.askAlways) ir.askAlways = true;
  if (e.ifAny) ir.ifAny = true;
  if (!e.count) return el;
  const n = checkExpr(c, e.count, outer);
  expect(c, n, T.number, e.count.span, "how many to choose");
  ir.count = n.ir;
  if (e.upTo) ir.upTo = true;
  if (e.atLeast) ir.atLeast = true;
  unmetCount(c, e);
  return T.list(el);
}

/** How many items a written list or range of literals holds, when the source says it plainly. */
function literalLength(e: Expr): number | undefined {
  if (e.kind === "ListExpr") return e.items.length;
  if (e.kind === "RangeExpr" && e.from.kind === "NumberLit" && e.to.kind === "NumberLit") return Math.max(0, Math.floor(e.to.value) - Math.ceil(e.from.value) + 1);
  return undefined;
}

/** A literal count that no run can meet: not whole, or more than a literal list holds (the rest is found at run time). */
function unmetCount(c: Checker, e: ChooseExpr | SecretChooseExpr): void {
  const count = e.count;
  if (count?.kind !== "NumberLit") return;
  if (!Number.isInteger(count.value)) {
    c.sink.error("choose-count-unmet", `how many to choose must be a whole number, not ${count.value}`, count.span);
    return;
  }
  const len = literalLength(e.source);
  // `up to` more than the list holds takes at most all of it.
  if (len !== undefined && count.value > len && !e.upTo) {
    c.sink.error("choose-count-unmet", `this asks for ${count.value} items but the list has only ${len}`, count.span, "a multi-pick takes different items of its list; choose fewer, or list more");
  }
}

function checkSecret(c: Checker, e: SecretChooseExpr, cx: CodeContext): { ir: SecretIr; ty: Type } {
  const choosers = checkExpr(c, e.choosers, cx);
  expect(c, choosers, T.list(T.player), e.choosers.span, "the players who choose");
  const outer = cx.scope.child();
  const chooser = declareName(c, outer, e.chooser, T.player);
  const src = checkExpr(c, e.source, { ...cx, scope: outer });
  const el = iterated(c, src, e.source.span, "a secret choice");
  const scope = outer.child();
  const v = declareName(c, scope, e.variable, el);
  if (el.t === "any" && src.ty.t !== "list") v.lost = true;
  const prompt = e.prompt ? checkExpr(c, e.prompt, { ...cx, scope: outer }) : undefined;
  const stop = checkStop(c, e.stop, { ...cx, scope: outer });
  const wheres = checkWheres(c, e.wheres, { ...cx, scope });
  const ir: SecretIr = {
    op: "secret",
    slot: -1,
    chooserSlot: chooser.slot,
    varSlot: v.slot,
    choosers: choosers.ir,
    src: src.ir,
    zone: src.ty.t === "zone",
    wheres,
    valueType: el,
    span: e.span,
  };
  if (prompt) ir.prompt = prompt.ir;
  if (stop) ir.stop = stop;
  const ty = pickClauses(c, e, ir, { ...cx, scope: outer }, { ...cx, scope }, el);
  return { ir, ty: T.map(ty) };
}

/**
 * A `let` of a name an enclosing block already has (`for p in players { let p = 3 }`) hides it for
 * the rest of the block: what follows reads the new one, and the mistake shows as a confusing
 * error on another line (`p.score += 1`: "a number has nothing to assign"), or not at all.
 */
function warnHiding(c: Checker, scope: Scope, name: Name): void {
  // `let loco = true` where `loco` is a member of `Colour`: every later `loco` reads the local, and
  // `red != loco` was a type error that never said why (a new user's route game). An example's
  // position names players as its rulebook does (`let red = current`): left alone there.
  const owners = scope.own(name.text) || scope.redeclarable ? undefined : c.members.get(name.text);
  if (owners?.length) {
    c.sink.warning("hidden-name", `\`${name.text}\` hides the member \`${name.text}\` of ${owners[0]} for the rest of this block`, name.span, `give it a name of its own (the member stays \`${owners[0]}.${name.text}\`)`);
    return;
  }
  if (scope.own(name.text) || !scope.parent) return;
  const outer = scope.parent.lookup(name.text);
  if (outer) c.sink.warning("hidden-name", `\`${name.text}\` hides the \`${name.text}\` of line ${outer.span.start.line} for the rest of this block`, name.span, "give it a name of its own");
}
