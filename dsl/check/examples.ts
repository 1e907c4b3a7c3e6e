import type { Decl, ExampleDecl, Expr } from "../ast.ts";
import type { Span } from "../span.ts";
import type { ExampleDef, ExampleStepDef, IrExpr, IrStmt } from "../ir.ts";
import { isPrimitive, T, typeName, unify, type Type } from "../types.ts";
import { constEval } from "./const-eval.ts";
import { expectingMap } from "./enum-maps.ts";
import { seedProblem } from "../seed.ts";
import { Frame, Scope, textOf, type Checker, type CodeContext } from "./context.ts";
import { narrowed } from "./narrowing.ts";
import { DiagnosticSink } from "../diagnostic.ts";
import { checkExpr, expect, warnUnread } from "./expressions.ts";
import { checkStmts } from "./statements.ts";

/**
 * Checks the `example` blocks of a file and lowers them to {@link ExampleDef}s.
 * An example's names are the rule file's: a misspelt zone, a wrong type or a
 * setting out of place is a diagnostic at its line, like anywhere else.
 */
export function buildExamples(c: Checker, decls: Decl[]): void {
  const titles = new Set<string>();
  for (const d of decls) {
    if (d.kind !== "ExampleDecl") continue;
    if (titles.has(d.title)) c.sink.error("duplicate-name", `there are two examples called "${d.title}"`, d.titleSpan);
    titles.add(d.title);
    c.def.examples.push(checkExample(c, d));
  }
}

const SETTINGS = ["players", "seed", "variant"];

function checkExample(c: Checker, d: ExampleDecl): ExampleDef {
  const frame = new Frame();
  const scope = new Scope(frame);
  scope.redeclarable = true;
  const cx: CodeContext = { scope, procedural: true, loops: 0 };
  const ex: ExampleDef = { title: d.title, players: c.def.minPlayers, seed: 1, steps: [], params: [], nlocals: 0, localNames: [], span: d.span };
  const seen = new Set<string>();
  for (const step of d.steps) {
    switch (step.kind) {
      case "ExampleSetting": {
        const key = step.key.text;
        if (!SETTINGS.includes(key)) {
          c.sink.error("invalid-example", `an example starts with \`players\`, \`seed\`, \`variant\` or \`ask always\`, not \`${key}\``, step.key.span);
          break;
        }
        if (seen.has(key)) c.sink.error("invalid-example", `\`${key}\` is set twice`, step.key.span);
        seen.add(key);
        if (ex.steps.length) c.sink.error("invalid-example", `\`${key}\` says how the match starts: write it before the position and the decisions`, step.key.span);
        const v = constEval(c, step.value);
        if (!v) break;
        if (key === "variant") {
          if (typeof v.v === "string") ex.variant = v.v;
          else c.sink.error("type-mismatch", '`variant` is the name of a variant: `variant "Two cities"`', step.value.span);
        } else if (typeof v.v !== "number" || !Number.isInteger(v.v)) {
          c.sink.error("type-mismatch", `\`${key}\` is a whole number`, step.value.span);
        } else if (key === "players" && c.playersKnown && (v.v < c.def.minPlayers || v.v > c.def.maxPlayers)) {
          const range = c.def.minPlayers === c.def.maxPlayers ? `${c.def.minPlayers} ${c.def.minPlayers === 1 ? "player" : "players"}` : `${c.def.minPlayers} to ${c.def.maxPlayers} players`;
          c.sink.error("invalid-example", `the game is for ${range}, not ${v.v}`, step.value.span);
        } else if (key === "players") ex.players = v.v;
        else if (seedProblem(v.v)) c.sink.error("invalid-example", `\`seed\` ${seedProblem(v.v)}, not ${textOf(c, step.value.span)}`, step.value.span);
        else ex.seed = v.v;
        break;
      }
      case "ExampleAskAlways":
        if (ex.askAlways) c.sink.error("invalid-example", "`ask always` is set twice", step.span);
        if (ex.steps.length) c.sink.error("invalid-example", "`ask always` says how the match starts: write it before the position and the decisions", step.span);
        ex.askAlways = true;
        break;
      case "ExamplePosition": {
        // Checked in the example's own scope (not a child): a `let` here names a piece or a
        // player for the later steps.
        const body = checkStmts(c, step.body.stmts, cx);
        forbidQuestions(c, body);
        ex.steps.push({ op: "position", body, triggers: step.triggers, span: step.span });
        break;
      }
      case "ExampleChoose": {
        const s: ExampleStepDef = { op: "choose", label: step.label, span: step.span };
        if (step.by) s.by = player(c, step.by, cx);
        ex.steps.push(s);
        break;
      }
      case "ExampleRandom": {
        const v = checkExpr(c, step.values, cx);
        if (v.ty.t !== "list" && v.ty.t !== "any") c.sink.error("type-mismatch", `\`random\` in an example lists what the rules' next draws give, \`random [6, 5, 1]\`, not ${typeName(v.ty)}`, step.values.span);
        ex.steps.push({ op: "random", values: v.ir, span: step.span });
        break;
      }
      case "ExpectHolds": {
        // The step's own text after `expect`: the condition's span leaves out a bracket it opens
        // or closes with (`expect (first s in …) != none` read "first s in …) != none").
        const text = textOf(c, step.span).replace(/^expect\s+/, "");
        if (step.cond.kind === "BinaryExpr" && step.cond.op === "==") {
          // Both sides kept apart, to show what was expected and what the rules gave.
          const got = checkExpr(c, step.cond.left, cx);
          const right = step.cond.right;
          // `expect runner == { else: 0 }`: the literal takes its enum from the map it is compared with.
          const want = expectingMap(c, right, got.ty, () => checkExpr(c, right, cx));
          // A per-player value reads naturally against a list by seat: `expect award(t) == [6, 3, 0]`.
          const bySeat = (a: Type, b: Type): boolean => a.t === "map" && b.t === "list" && unify(a.of, b.of) !== undefined;
          if (!unify(got.ty, want.ty) && !bySeat(got.ty, want.ty) && !bySeat(want.ty, got.ty)) c.sink.error("type-mismatch", `cannot compare ${typeName(got.ty)} with ${typeName(want.ty)}`, step.cond.span);
          const deep = !isPrimitive(got.ty) || !isPrimitive(want.ty);
          const cond: IrExpr = { op: "cmp", o: "==", a: got.ir, b: want.ir, deep, span: step.cond.span };
          ex.steps.push({ op: "expect", cond, text, got: { e: got.ir, ty: got.ty }, want: { e: want.ir, ty: want.ty }, span: step.span });
          break;
        }
        const cond = checkExpr(c, step.cond, cx);
        expect(c, cond, T.bool, step.cond.span, "an expectation");
        const parts = expectParts(c, step.cond, cond.ir, cx);
        ex.steps.push(parts.length > 1 ? { op: "expect", cond: cond.ir, text, parts, span: step.span } : { op: "expect", cond: cond.ir, text, span: step.span });
        break;
      }
      case "ExpectOption": {
        const s: ExampleStepDef = { op: "option", label: step.label, offered: step.offered, ...(step.absent ? { absent: true as const } : {}), span: step.span };
        if (step.reason !== undefined) s.reason = step.reason;
        // Every reason contains the empty text, "there is no such option" too: the step checks only that the option is not offered.
        if (step.reason === "") c.sink.warning("invalid-example", '`because ""` matches any refusal, and an option that does not exist: give words of the reason the rules give', step.span, "or leave out `because` to say only that the option is not offered");
        if (step.by) s.by = player(c, step.by, cx);
        ex.steps.push(s);
        break;
      }
      case "ExpectOver":
        ex.steps.push(step.negated ? { op: "over", negated: true, span: step.span } : { op: "over", span: step.span });
        break;
      case "ExpectResult": {
        // `expect scores [0, -5] and gold == 10` reads as the scores of `[0, -5] and gold == 10`:
        // two type errors at one place that named neither mistake. One message says what to write.
        if (step.value.kind === "BinaryExpr" && (step.value.op === "and" || step.value.op === "or")) {
          c.sink.error(
            "invalid-example",
            `\`expect ${step.what}\` takes the ${step.what} alone, not joined by \`${step.value.op}\` to another condition`,
            step.value.span,
            `write \`expect ${step.what} …\` on its own line, and each other condition as an \`expect\` of its own`,
          );
          break;
        }
        if (step.what === "scores") {
          const v = checkExpr(c, step.value, cx);
          expect(c, v, T.list(T.number), step.value.span, "`scores` (points by seat)");
          ex.steps.push({ op: "scores", value: v.ir, span: step.span });
        } else if (step.value.kind === "ListExpr") {
          // Written out, a place is a player or a list of the players sharing it: `[[red, black], blue]`
          // mixes the two, which a list of one type cannot, so each place is read on its own.
          const places = step.value.items.map((item) => {
            const p = checkExpr(c, item, cx);
            if (p.ty.t === "player" || p.ty.t === "any") return { op: "list" as const, items: [p.ir], span: item.span };
            if (!(p.ty.t === "list" && (p.ty.of.t === "player" || p.ty.of.t === "any"))) rankingMismatch(c, p.ty, item.span);
            return p.ir;
          });
          ex.steps.push({ op: "ranking", value: { op: "list", items: places, span: step.value.span }, grouped: true, span: step.span });
        } else {
          const v = checkExpr(c, step.value, cx);
          const grouped = v.ty.t === "list" && v.ty.of.t === "list";
          if (!(v.ty.t === "any" || (v.ty.t === "list" && (v.ty.of.t === "player" || (v.ty.of.t === "list" && v.ty.of.of.t === "player"))))) {
            rankingMismatch(c, v.ty, step.value.span);
          }
          ex.steps.push({ op: "ranking", value: v.ir, grouped, span: step.span });
        }
        break;
      }
    }
  }
  warnUnread(c, scope);
  ex.nlocals = frame.names.length;
  ex.localNames = frame.names;
  return ex;
}

function rankingMismatch(c: Checker, ty: Type, span: Span): void {
  c.sink.error(
    "type-mismatch",
    `\`ranking\` lists players from first place (a list of players sharing a place): \`[red, black]\` or \`[[red, black], blue]\`, not ${typeName(ty)}`,
    span,
  );
}

function player(c: Checker, e: Expr, cx: CodeContext): IrExpr {
  const v = checkExpr(c, e, cx);
  expect(c, v, T.player, e.span, "`by`");
  return v.ir;
}

/** A position lays the table out: nobody is asked anything, no turn is played, the game does not end. */
function forbidQuestions(c: Checker, body: IrStmt[]): void {
  const walk = (stmts: IrStmt[]): void => {
    for (const s of stmts) {
      switch (s.op) {
        case "choose":
        case "secret":
        case "options":
          c.sink.error("invalid-example", "a position only lays the table out: take decisions with `choose \"label\"` after it", s.span);
          break;
        case "turn":
        case "end":
        case "return":
          c.sink.error("invalid-example", `\`${s.op === "end" ? "end game" : s.op}\` has no place in a position: it only lays the table out`, s.span);
          break;
        case "if":
          walk(s.then);
          walk(s.else);
          break;
        case "for":
        case "while":
        case "repeat":
        case "loop":
          walk(s.body);
          break;
        default:
          break;
      }
    }
  };
  walk(body);
}

type ExpectPart = NonNullable<Extract<ExampleStepDef, { op: "expect" }>["parts"]>[number];

/**
 * The parts of `expect a and b and c`, in order, each with its text and, for an `==`, its two
 * sides: a failed conjunction said only "but it does not hold", and a designer split it into one
 * `expect` a line to see which part failed and with what. Each part is the whole condition's own
 * checked code; an `==` part's sides are checked again, as the whole checked them (narrowed by
 * the parts before it), into a sink of their own: where that finds a problem they are left out.
 */
function expectParts(c: Checker, ast: Expr, ir: IrExpr, cx: CodeContext, out: ExpectPart[] = []): ExpectPart[] {
  if (ast.kind === "BinaryExpr" && ast.op === "and" && ir.op === "and") {
    expectParts(c, ast.left, ir.a, cx, out);
    expectParts(c, ast.right, ir.b, narrowed(cx, ast.left), out);
    return out;
  }
  const part: ExpectPart = { cond: ir, text: textOf(c, ast.span) };
  if (ast.kind === "BinaryExpr" && ast.op === "==") {
    const kept = c.sink;
    c.sink = new DiagnosticSink(kept.file);
    try {
      const got = checkExpr(c, ast.left, cx);
      const right = ast.right;
      // As the whole condition read it: a map literal takes its enum from the other side.
      const want = expectingMap(c, right, got.ty, () => checkExpr(c, right, cx));
      if (c.sink.items.length === 0) {
        part.got = { e: got.ir, ty: got.ty };
        part.want = { e: want.ir, ty: want.ty };
      }
    } finally {
      c.sink = kept;
    }
  }
  out.push(part);
  return out;
}
