import type { Decl, Expr, FileAst, KnownDecl, Name, Param } from "../ast.ts";
import { checkChoicesHavePlayers } from "./choose-without-player.ts";
import { DiagnosticSink, type Diagnostic } from "../diagnostic.ts";
import type { Code, GameDef, IrExpr, KnownDef, MeasureDef, ParamDef, ShowDef } from "../ir.ts";
import { measureRowLabels } from "../measure-rows.ts";
import { NO_SPAN, type Span } from "../span.ts";
import { didYouMean } from "../suggest.ts";
import { fallsThrough } from "./falls-through.ts";
import { assignable, T, typeName, type Type } from "../types.ts";
import { isColour } from "../colour.ts";
import { CONST_BUDGET, constEval, constRangeEnds } from "./const-eval.ts";
import { declareName, Frame, Scope, textOf, type Checker, type CodeContext, type SymbolIndex } from "./context.ts";
import {
  buildBoards,
  buildComponents,
  buildConsts,
  buildEnums,
  buildEvents,
  buildKinds,
  buildTables,
  buildVariableTypes,
  buildZones,
  collectNames,
} from "./declarations.ts";
import { expectingMap } from "./enum-maps.ts";
import { article, checkExpr, expect, warnUnread } from "./expressions.ts";
import { buildExamples } from "./examples.ts";
import { flowCanEnd } from "./flow-end.ts";
import { checkBlock } from "./statements.ts";
import { resolveType } from "./types-from-ast.ts";

export interface CheckResult {
  def?: GameDef;
  diagnostics: Diagnostic[];
  symbols: SymbolIndex;
}

function emptyDef(file: string, source: string): GameDef {
  const noCode = { params: [], nlocals: 0, localNames: [], span: NO_SPAN };
  return {
    file,
    title: file,
    meta: {},
    minPlayers: 1,
    maxPlayers: 1,
    playerColours: [],
    enums: {},
    kinds: {},
    components: [],
    boards: {},
    zones: {},
    globals: [],
    playerVars: [],
    tables: {},
    functions: {},
    rules: {},
    hooks: {},
    procedures: {},
    events: {},
    handlers: [],
    flow: { ...noCode, name: "flow", body: [] },
    scoring: { ...noCode, points: { op: "lit", v: 0, ty: T.number, span: NO_SPAN }, tiebreaks: [] },
    examples: [],
    measures: [],
    source,
  };
}

/** A fresh frame and scope with the parameters declared. */
function codeScope(c: Checker, params: Param[], what = "parameter"): { frame: Frame; scope: Scope; params: ParamDef[] } {
  const frame = new Frame();
  const scope = new Scope(frame);
  const out: ParamDef[] = [];
  const seen = new Set<string>();
  for (const p of params) {
    const type = resolveType(c, p.type);
    if (seen.has(p.name.text)) c.sink.error("duplicate-name", `two parameters are called \`${p.name.text}\``, p.name.span);
    seen.add(p.name.text);
    declareName(c, scope, p.name, type, what);
    out.push({ name: p.name.text, type });
  }
  return { frame, scope, params: out };
}

function code(frame: Frame, params: ParamDef[], span: Span): Code {
  return { params, nlocals: frame.names.length, localNames: frame.names, span };
}

function cx(scope: Scope, procedural: boolean, extra: Partial<CodeContext> = {}): CodeContext {
  return { scope, procedural, loops: 0, ...extra };
}

/** Checks a parsed file and builds its game definition (only when there is no error). */
export function checkFile(
  ast: FileAst,
  source: string,
  parseDiagnostics: Diagnostic[] = [],
  otherSources: Map<string, string> = new Map(),
  overridden: ReadonlySet<string> = new Set(),
): CheckResult {
  const sink = new DiagnosticSink(ast.file);
  const symbols: SymbolIndex = { declarations: [], references: [] };
  const c: Checker = {
    sink,
    source,
    otherSources,
    globals: new Map(),
    members: new Map(),
    playerMembers: new Map(),
    uses: new Map(),
    def: emptyDef(ast.file, source),
    symbols,
    info: new Map(),
    shadowed: new Set(),
    shadowedUses: 0,
    consts: new Map(),
    kindDefaults: new Map(),
    fieldSets: new Map(),
    precedence: new Map(),
    kindSets: new Map(),
    playersKnown: false,
    overridden,
  };
  const decls = ast.decls.filter((d) => d.kind !== "ErrorDecl" && d.kind !== "VariantDecl");

  collectNames(c, decls);
  buildConsts(c, decls);
  buildEnums(c, decls);
  buildKinds(c, decls);
  buildTables(c, decls);
  buildBoards(c, decls);
  buildZones(c, decls);
  buildVariableTypes(c, decls);
  buildEvents(c, decls);
  buildSignatures(c, decls);
  buildComponents(c, decls);
  buildGame(c, decls, ast);
  buildBodies(c, decls);
  buildExamples(c, decls);
  checkStructure(c, decls, ast);
  checkChoicesHavePlayers(c);
  warnUnused(c, decls);

  const hasErrors = sink.hasErrors || parseDiagnostics.some((d) => d.severity === "error");
  const result: CheckResult = { diagnostics: sink.items, symbols };
  if (!hasErrors) result.def = c.def;
  return result;
}

// ------------------------------------------------------------------ game block

/** The `game` block's entries the engine reads; every other entry is metadata. */
const GAME_SETTINGS = ["players", "colours", "colors", "ask"];

function buildGame(c: Checker, decls: Decl[], ast: FileAst): void {
  const games = decls.filter((d): d is Extract<Decl, { kind: "GameDecl" }> => d.kind === "GameDecl");
  if (games.length === 0) {
    c.sink.error("missing-game", 'the file has no `game "Title" { players 2..4 }` block', ast.span.start.offset === 0 ? { start: ast.span.start, end: ast.span.start } : ast.span);
    return;
  }
  for (const extra of games.slice(1)) c.sink.error("duplicate-name", "a file has one `game` block", extra.span);
  const g = games[0]!;
  c.def.title = g.title;
  let players: [number, number] | undefined;
  let playersWritten = false;
  // A setting given twice would silently take the last; `colors` is `colours` spelt another way.
  const given = new Map<string, Span>();
  for (const item of g.items) {
    const setting = item.key.text === "colors" ? "colours" : item.key.text;
    // Metadata may repeat (two `author` lines); a setting may not.
    const first = GAME_SETTINGS.includes(setting) ? given.get(setting) : undefined;
    if (first) {
      c.sink.error("duplicate-name", `\`${item.key.text}\` is given twice in the \`game\` block (first on line ${first.start.line})`, item.key.span);
      continue;
    }
    given.set(setting, item.key.span);
    if (item.key.text === "players") {
      // Only the ends matter: `players 2..100000000000` must not list the numbers between.
      const ends = constRangeEnds(c, item.value);
      if (ends && ends.every((n) => Number.isInteger(n) && n >= 1) && ends[1] > CONST_BUDGET.players) {
        c.sink.error("type-mismatch", `a game is for at most ${CONST_BUDGET.players} players`, item.value.span);
        continue;
      }
    }
    if (item.key.text === "ask") {
      // `ask always`: a word, not a value.
      if (item.value.kind === "NameExpr" && item.value.name === "always") c.def.askAlways = true;
      else c.sink.error("type-mismatch", "`ask` takes one word: `ask always` (every choice is asked, even with one option)", item.value.span);
      continue;
    }
    if (item.key.text === "players") playersWritten = true;
    const v = constEval(c, item.value);
    if (!v) continue;
    if (item.key.text === "players") {
      if (Array.isArray(v.v) && v.v.length > 0 && v.v.every((x) => typeof x === "number" && Number.isInteger(x) && x >= 1)) {
        players = [v.v[0] as number, v.v[v.v.length - 1] as number];
      } else if (typeof v.v === "number" && Number.isInteger(v.v) && v.v >= 1 && v.v <= CONST_BUDGET.players) {
        players = [v.v, v.v];
      } else {
        c.sink.error("type-mismatch", "`players` is a number or a range like `2..4`", item.value.span);
      }
    } else if (item.key.text === "colours" || item.key.text === "colors") {
      if (Array.isArray(v.v) && v.v.every((x) => typeof x === "string")) {
        const bad = (v.v as string[]).find((x) => !isColour(x));
        if (bad !== undefined) c.sink.error("invalid-colour", `"${bad.slice(0, 40)}" is not a colour: write "#c0392b", a CSS colour name or rgb(…)/hsl(…) of numbers`, item.value.span);
        else c.def.playerColours = v.v as string[];
      }
      else c.sink.error("type-mismatch", '`colours` is a list of texts: `colours ["red", "blue"]`', item.value.span);
    } else {
      // Anything else is metadata (`author "…"`), which the engine keeps and never reads: a
      // misspelt setting (`plyers 3`, `colour […]`) or a setting the engine does not have
      // (`turn_limit 3`) would change nothing, silently.
      const hint = didYouMean(item.key.text, GAME_SETTINGS);
      if (hint) c.sink.warning("unknown-setting", `\`${item.key.text}\` is not a setting: it is kept as metadata and changes nothing`, item.key.span, hint);
      else if (typeof v.v !== "string") {
        c.sink.warning("unknown-setting", `\`${item.key.text}\` is not a setting (those are ${GAME_SETTINGS.map((k) => `\`${k}\``).join(", ")}); other entries are texts kept as metadata, like \`author "…"\``, item.key.span);
      }
      c.def.meta[item.key.text] = v.v;
    }
  }
  if (!players) {
    // Written, but its value failed (its error said why; or the work on values known before the
    // game ran out earlier, and that error stands): "must say how many players" would be wrong.
    if (!playersWritten) c.sink.error("missing-players", "the `game` block must say how many players: `players 2..4`", g.span);
    return;
  }
  c.def.minPlayers = players[0];
  c.def.maxPlayers = players[1];
  c.playersKnown = true;
}

// ------------------------------------------------------------------ signatures and bodies

function buildSignatures(c: Checker, decls: Decl[]): void {
  const sig = (params: Param[]): ParamDef[] => params.map((p) => ({ name: p.name.text, type: resolveType(c, p.type) }));
  const none = { nlocals: 0, localNames: [] as string[] };
  for (const d of decls) {
    switch (d.kind) {
      case "DefineDecl":
        c.def.functions[d.name.text] = {
          ...none,
          name: d.name.text,
          params: sig(d.params),
          returns: d.returns ? resolveType(c, d.returns) : T.any,
          body: { op: "lit", v: null, ty: T.none, span: d.span },
          span: d.span,
        };
        break;
      case "RuleDecl":
        c.def.rules[d.name.text] = { ...none, name: d.name.text, params: sig(d.params), requires: [], span: d.span };
        break;
      case "HookDecl":
        c.def.hooks[d.name.text] = {
          ...none,
          name: d.name.text,
          params: sig(d.params),
          returns: resolveType(c, d.returns),
          base: { op: "lit", v: null, ty: T.none, span: d.span },
          modifiers: [],
          valueSlot: 0,
          span: d.span,
        };
        break;
      case "ProcedureDecl": {
        const p: GameDef["procedures"][string] = { ...none, name: d.name.text, params: sig(d.params), body: [], span: d.span };
        if (d.returns) p.returns = resolveType(c, d.returns);
        c.def.procedures[d.name.text] = p;
        break;
      }
      default:
        break;
    }
  }
}

function showDef(c: Checker, entries: { name: Name; value: Expr; span: Span }[], self: Type, allowed: string[], span: Span): ShowDef | undefined {
  if (entries.length === 0) return undefined;
  const frame = new Frame();
  const scope = new Scope(frame);
  const slot = scope.hidden("this");
  const out: Record<string, IrExpr> = {};
  for (const e of entries) {
    if (!allowed.includes(e.name.text)) {
      c.sink.error("unknown-field", `\`show\` takes ${allowed.map((a) => `\`${a}\``).join(", ")}`, e.name.span, didYouMean(e.name.text, allowed));
      continue;
    }
    const v = checkExpr(c, e.value, cx(scope, false, { self: { type: self, slot } }));
    if (e.name.text === "hidden") expect(c, v, T.bool, e.value.span, "`hidden`");
    out[e.name.text] = v.ir;
  }
  return { ...code(frame, [], span), entries: out };
}

/** A `known { … }` block: a bool about `this`, the piece (`KnownDef`). */
function knownDef(c: Checker, k: KnownDecl, self: Type): KnownDef {
  const frame = new Frame();
  const scope = new Scope(frame);
  const slot = scope.hidden("this");
  const v = checkExpr(c, k.value, cx(scope, false, { self: { type: self, slot } }));
  expect(c, v, T.bool, k.value.span, "`known`");
  return { ...code(frame, [], k.span), value: v.ir };
}

const PIECE_SHOW = ["label", "colour", "symbol", "text", "shape"];
const SPACE_SHOW = ["label", "colour", "symbol", "text"];

function buildBodies(c: Checker, decls: Decl[]): void {
  // A hook's scope is shared by its base value and every `modify` of it.
  const hookScopes = new Map<string, { frame: Frame; scope: Scope; params: ParamDef[] }>();
  for (const d of decls) {
    switch (d.kind) {
      case "DefineDecl": {
        const { frame, scope, params } = codeScope(c, d.params);
        const body = checkExpr(c, d.body, cx(scope, false));
        const f = c.def.functions[d.name.text]!;
        if (d.returns) expect(c, body, f.returns, d.body.span, `the value of \`${d.name.text}\``);
        else f.returns = body.ty;
        Object.assign(f, code(frame, params, d.span), { body: body.ir });
        warnUnread(c, scope, c.overridden.has(d.name.text));
        break;
      }
      case "RuleDecl": {
        const { frame, scope, params } = codeScope(c, d.params);
        const requires = d.requires.map((r) => {
          const cond = checkExpr(c, r.cond, cx(scope, false));
          expect(c, cond, T.bool, r.cond.span, "a requirement");
          const req: GameDef["rules"][string]["requires"][number] = { cond: cond.ir, text: textOf(c, r.cond.span), span: r.span };
          if (r.reason) req.reason = checkExpr(c, r.reason, cx(scope, false)).ir;
          return req;
        });
        if (d.requires.length === 0) c.sink.warning("unused-declaration", `rule \`${d.name.text}\` requires nothing, so it always holds`, d.name.span);
        Object.assign(c.def.rules[d.name.text]!, code(frame, params, d.span), { requires });
        warnUnread(c, scope, c.overridden.has(d.name.text));
        break;
      }
      case "HookDecl": {
        const { frame, scope, params } = codeScope(c, d.params);
        const h = c.def.hooks[d.name.text]!;
        const base = checkExpr(c, d.body, cx(scope, false));
        expect(c, base, h.returns, d.body.span, `the base value of \`${d.name.text}\``);
        h.valueSlot = declareName(c, scope, { text: "value", span: d.name.span }, h.returns, "hook value", `value: the value of ${d.name.text} so far`).slot;
        h.base = base.ir;
        hookScopes.set(d.name.text, { frame, scope, params });
        break;
      }
      default:
        break;
    }
  }
  for (const d of decls) {
    if (d.kind !== "ModifyDecl") continue;
    const h = c.def.hooks[d.hook.text];
    const hs = hookScopes.get(d.hook.text);
    if (!h || !hs) {
      c.sink.error("unknown-name", `\`${d.hook.text}\` is not a hook`, d.hook.span, didYouMean(d.hook.text, Object.keys(c.def.hooks)));
      continue;
    }
    c.uses.set(d.hook.text, (c.uses.get(d.hook.text) ?? 0) + 1);
    const inner = cx(hs.scope, false);
    const value = checkExpr(c, d.value, inner);
    expect(c, value, h.returns, d.value.span, "the modified value");
    const mod: GameDef["hooks"][string]["modifiers"][number] = { value: value.ir, span: d.span };
    if (d.when) {
      const w = checkExpr(c, d.when, inner);
      expect(c, w, T.bool, d.when.span, "the condition of `modify`");
      mod.when = w.ir;
    }
    h.modifiers.push(mod);
  }
  for (const [name, hs] of hookScopes) Object.assign(c.def.hooks[name]!, code(hs.frame, hs.params, c.def.hooks[name]!.span));

  for (const d of decls) {
    switch (d.kind) {
      case "ProcedureDecl": {
        const { frame, scope, params } = codeScope(c, d.params);
        const p = c.def.procedures[d.name.text]!;
        const owner = { name: `procedure \`${d.name.text}\``, procedure: d.name.text };
        const extra: Partial<CodeContext> = p.returns ? { returns: p.returns, owner } : { owner };
        const body = checkBlock(c, d.body, cx(scope, true, extra));
        if (p.returns && fallsThrough(body)) {
          c.sink.warning("missing-return", `\`${d.name.text}\` says it gives \`${typeName(p.returns)}\`, but it can reach its end without \`return\`, and then gives \`none\``, d.name.span, "end every way through it with `return …`; `return none` where nothing is meant");
        }
        Object.assign(p, code(frame, params, d.span), { body });
        warnUnread(c, scope, c.overridden.has(d.name.text));
        break;
      }
      case "SetupDecl":
      case "FlowDecl": {
        const { frame, scope, params } = codeScope(c, []);
        const name = d.kind === "SetupDecl" ? "setup" : "flow";
        const body = checkBlock(c, d.body, cx(scope, true, { owner: { name: `the ${name}` } }));
        const p = { ...code(frame, params, d.span), name, body };
        if (d.kind === "SetupDecl") {
          if (c.def.setup) c.sink.error("duplicate-name", "a file has one `setup`", d.span);
          c.def.setup = p;
        } else {
          if (c.def.flow.body.length || c.def.flow.span !== NO_SPAN) c.sink.error("duplicate-name", "a file has one `flow`", d.span);
          c.def.flow = p;
        }
        break;
      }
      case "OnDecl": {
        const ev = c.def.events[d.event.text];
        if (!ev) {
          c.sink.error("unknown-name", `\`${d.event.text}\` is not an event`, d.event.span, didYouMean(d.event.text, Object.keys(c.def.events)));
          break;
        }
        c.uses.set(d.event.text, (c.uses.get(d.event.text) ?? 0) + 1);
        if (d.binds.length !== ev.params.length) {
          c.sink.error("argument-count", `\`${d.event.text}\` passes ${ev.params.length} value${ev.params.length === 1 ? "" : "s"}: ${ev.params.map((p) => p.name).join(", ")}`, d.event.span);
        }
        const frame = new Frame();
        const scope = new Scope(frame);
        const params: ParamDef[] = [];
        d.binds.forEach((b, i) => {
          const type = ev.params[i]?.type ?? T.any;
          declareName(c, scope, b, type, "parameter");
          params.push({ name: b.text, type });
        });
        let where: IrExpr | undefined;
        if (d.where) {
          const w = checkExpr(c, d.where, cx(scope, false));
          expect(c, w, T.bool, d.where.span, "the condition of a handler");
          where = w.ir;
        }
        const body = checkBlock(c, d.body, cx(scope, true, { owner: { name: `the handler \`on ${d.event.text}\`` } }));
        const h: GameDef["handlers"][number] = { ...code(frame, params, d.span), event: d.event.text, body };
        if (where) h.where = where;
        c.def.handlers.push(h);
        break;
      }
      case "ScoringDecl": {
        const frame = new Frame();
        const scope = new Scope(frame);
        declareName(c, scope, d.player, T.player, "parameter");
        if (!d.points) c.sink.error("missing-scoring", "`scoring` needs `points` for each player", d.span);
        const points = d.points ? checkExpr(c, d.points, cx(scope, false)) : undefined;
        if (points && d.points) expect(c, points, T.number, d.points.span, "`points`");
        const tiebreaks = d.tiebreaks.map((t) => {
          const v = checkExpr(c, t.value, cx(scope, false));
          expect(c, v, T.number, t.value.span, "a tiebreak");
          return { most: t.most, value: v.ir };
        });
        // The last block would silently replace the first.
        if (c.def.scoring.span !== NO_SPAN) c.sink.error("duplicate-name", "a file has one `scoring` block", d.span);
        c.def.scoring = {
          ...code(frame, [{ name: d.player.text, type: T.player }], d.span),
          points: points?.ir ?? { op: "lit", v: 0, ty: T.number, span: d.span },
          tiebreaks,
        };
        break;
      }
      case "EstimateDecl": {
        const frame = new Frame();
        const scope = new Scope(frame);
        declareName(c, scope, d.player, T.player, "parameter");
        const value = checkExpr(c, d.value, cx(scope, false));
        expect(c, value, T.number, d.value.span, "an estimate");
        if (c.def.estimate) c.sink.error("duplicate-name", "a file has one `estimate` block", d.span);
        c.def.estimate = { ...code(frame, [{ name: d.player.text, type: T.player }], d.span), value: value.ir };
        break;
      }
      case "MeasureDecl": {
        const frame = new Frame();
        const scope = new Scope(frame);
        if (d.player) declareName(c, scope, d.player, T.player, "parameter");
        const value = checkExpr(c, d.value, cx(scope, false));
        const share = value.ty.t === "bool";
        const members = value.ty.t === "enum" ? c.def.enums[value.ty.name] : undefined;
        if (!share && !members && !assignable(value.ty, T.number)) {
          c.sink.error("type-mismatch", `a measure should be a number, a \`bool\` (reported as how often it held) or an enum member (how often each came) but is ${article(typeName(value.ty))}`, d.value.span);
        }
        const params = d.player ? [{ name: d.player.text, type: T.player }] : [];
        const def: MeasureDef = { ...code(frame, params, d.span), label: d.label, perPlayer: d.player !== undefined, share: share || members !== undefined, value: value.ir };
        // An enum's value is reported member by member, each a yes/no row of its own ("Ended by:
        // the deck", "Ended by: passes"), so every report, comparison and `--fail-if` reads it as
        // one: how often the game ended each way (`measureRows`).
        if (members) def.members = members.members.map((m, i) => ({ member: m, label: members.labels[i] ?? m }));
        if (d.label.trim() === "") c.sink.error("invalid-measure", "a measure needs a label: the name simulation reports it by", d.labelSpan);
        else {
          const taken = new Set(c.def.measures.flatMap((m) => measureRowLabels(m)));
          for (const row of measureRowLabels(def)) {
            if (taken.has(row)) c.sink.error("duplicate-name", `two measures are labelled "${row}"`, d.labelSpan);
            taken.add(row);
          }
        }
        c.def.measures.push(def);
        break;
      }
      case "FieldsDecl":
        break;
      case "KindDecl": {
        // A field set's `show` entries come first, as its fields do.
        const setShows = d.sets.flatMap((n) => {
          const g = c.globals.get(n.text);
          return g?.k === "fields" ? g.decl.show : [];
        });
        const show = showDef(c, [...setShows, ...d.show], T.pieceOf(d.name.text), PIECE_SHOW, d.span);
        if (show && c.def.kinds[d.name.text]) c.def.kinds[d.name.text]!.show = show;
        const setKnown = d.sets.flatMap((n) => {
          const g = c.globals.get(n.text);
          return g?.k === "fields" ? g.decl.known : [];
        });
        const known = [...setKnown, ...d.known].map((k) => knownDef(c, k, T.pieceOf(d.name.text)));
        if (known.length > 0 && c.def.kinds[d.name.text]) {
          c.def.kinds[d.name.text]!.known = known;
          if (!c.def.kinds[d.name.text]!.states.some((st) => st.mark)) {
            c.sink.warning("known-without-marks", `\`known\` says what a piece's marks tell of it, and \`${d.name.text}\` has no \`mark\`: a redrawn copy checks it only where a mark is set`, d.known[0]?.span ?? d.span, "give the kind a `mark` field that the rules set, such as `mark told: bool = false`");
          }
        }
        break;
      }
      case "BoardDecl": {
        const show = showDef(c, d.show, T.space, SPACE_SHOW, d.span);
        if (show && c.def.boards[d.name.text]) c.def.boards[d.name.text]!.show = show;
        break;
      }
      case "VarDecl":
      case "PerPlayerDecl": {
        const fields = d.kind === "VarDecl" ? [d.field] : d.fields;
        const defs = d.kind === "VarDecl" ? c.def.globals : c.def.playerVars;
        for (const f of fields) {
          const v = defs.find((x) => x.name === f.name.text);
          if (!v || !f.init) continue;
          const frame = new Frame();
          const scope = new Scope(frame);
          const self = d.kind === "PerPlayerDecl" ? { type: T.player, slot: scope.hidden("this") } : undefined;
          const value = f.init;
          const init = expectingMap(c, value, v.type, () => checkExpr(c, value, cx(scope, false, self ? { self } : {})));
          expect(c, init, v.type, f.init.span, `the starting value of \`${f.name.text}\``);
          // Bounds clamp every assignment, but the starting value is not an assignment: outside
          // them it would stand until the first change.
          const start = init.ir.op === "lit" ? init.ir.v : undefined;
          if (v.bounds && typeof start === "number" && (start < v.bounds[0] || start > v.bounds[1])) {
            c.sink.error("out-of-bounds", `\`${f.name.text}\` starts at ${start}, outside its bounds ${v.bounds[0]}..${v.bounds[1]}`, f.init.span);
          }
          v.init = init.ir;
          v.nlocals = frame.names.length;
        }
        break;
      }
      default:
        break;
    }
  }
}

// ------------------------------------------------------------------ structure

function checkStructure(c: Checker, decls: Decl[], ast: FileAst): void {
  const at = { start: ast.span.start, end: ast.span.start };
  if (!decls.some((d) => d.kind === "FlowDecl")) {
    c.sink.error("missing-flow", "the file has no `flow { … }`: nothing would happen in a match", at);
  } else if (!flowCanEnd(c.def)) {
    const flow = decls.find((d) => d.kind === "FlowDecl")!;
    c.sink.error("flow-no-end", "the flow can never end: it loops forever and no `end game` is reachable", flow.span, "add `end game` where the game ends, or `break` out of the loop");
  }
  if (!decls.some((d) => d.kind === "ScoringDecl")) {
    c.sink.error("missing-scoring", "the file has no `scoring p { points … }`: nobody could win", at);
  }
}

function warnUnused(c: Checker, decls: Decl[]): void {
  for (const [name, g] of c.globals) {
    if ((c.uses.get(name) ?? 0) > 0) continue;
    if (g.k === "zone" && g.decl.perPlayer && (c.uses.get(`player.${name}`) ?? 0) > 0) continue;
    if (g.k === "board" && g.decl.perPlayer && (c.uses.get(`player.${name}`) ?? 0) > 0) continue;
    const span = c.info.get(name)?.span ?? NO_SPAN;
    c.sink.warning("unused-declaration", `${g.k} \`${name}\` is never used`, span);
  }
  for (const d of decls) {
    if (d.kind !== "PerPlayerDecl") continue;
    for (const f of d.fields) {
      if ((c.uses.get(`player.${f.name.text}`) ?? 0) === 0) c.sink.warning("unused-declaration", `player variable \`${f.name.text}\` is never used`, f.name.span);
    }
  }
}
