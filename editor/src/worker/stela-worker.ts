/// <reference lib="webworker" />
import { parse } from "../../../dsl/index.ts";
import { compile, refusedOptions, type Game } from "../../../interpreter/index.ts";
import { PlaytestSession, type PlaytestSnapshot } from "../playtest/playtest-session.ts";
import type { ExampleOpening } from "../playtest/position-edit.ts";
import { cannotSetUp, openingOf, previewPosition, type PositionRequest, type PositionRules } from "../playtest/position-preview.ts";
import { outlineOf } from "../rules/outline.ts";
import type { CompileReply, Envelope, ReplayReply, PlaytestReply, PlaytestRequest, PositionReply, SurveyReply, WorkerReply, WorkerRequest } from "./protocol.ts";

/**
 * The Stela worker: compiles the rules on every pause in typing and runs
 * the playtest on the last rules that compiled. One session at a time, for
 * the document being edited.
 */

let session: PlaytestSession | undefined;
let sessionDoc: string | undefined;
/** Rules compiled whose playtest has not replayed on them yet (the page asks next, with `replay`). */
let toReplay: { req: Extract<WorkerRequest, { type: "compile" }>; game: Game } | undefined;

/** The last rules that compiled, for the position editor to add its example to. */
let rules: PositionRules | undefined;
/** The playtest's opening when the position editor started: bots and clicks after it do not change the example. */
let positionOpening: ExampleOpening | undefined;

function snapshot(): PlaytestSnapshot | undefined {
  return session?.snapshot();
}

function compileDoc(req: Extract<WorkerRequest, { type: "compile" }>): CompileReply {
  const t0 = performance.now();
  // Only the open rule files, by their own names: `compile` has already refused a path
  // outside the file's folder, and an inherited name like `constructor` is no file.
  const readFile = (path: string): string | undefined => {
    const text = Object.hasOwn(req.files, path) ? req.files[path] : undefined;
    return typeof text === "string" ? text : undefined;
  };
  const r = compile(req.source, req.file, { readFile });
  const ms = performance.now() - t0;
  const reply: CompileReply = {
    type: "compiled",
    doc: req.doc,
    source: req.source,
    diagnostics: r.diagnostics,
    symbols: r.symbols,
    outline: outlineOf(r.ast, req.source),
    variantNames: r.variantNames,
    ...(r.extendsFile === undefined ? {} : { extendsFile: r.extendsFile }),
    ok: r.game !== undefined,
    ms,
  };
  if (sessionDoc !== req.doc) {
    session = undefined;
    sessionDoc = req.doc;
  }
  if (r.game) {
    rules = { source: req.source, file: req.file, readFile };
    // The playtest replays on the next request (`replay`), so the diagnostics go back to the page
    // first; the examples run in their own worker (examples-worker.ts).
    toReplay = { req, game: r.game };
    return reply;
  }
  toReplay = undefined;
  // Rules with errors: the last good playtest stays on screen.
  const snap = snapshot();
  if (snap) reply.playtest = snap;
  return reply;
}

/** The playtest on the rules just compiled: the session replays its decisions on them. */
function replay(doc: string): ReplayReply {
  const reply: ReplayReply = { type: "replayed", doc };
  const pending = toReplay;
  if (!pending || pending.req.doc !== doc) {
    const snap = sessionDoc === doc ? snapshot() : undefined;
    if (snap) reply.playtest = snap;
    return reply;
  }
  toReplay = undefined;
  const { req, game } = pending;
  reply.source = req.source;
  const t1 = performance.now();
  try {
    if (session) session.setGame(game);
    else {
      const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, 2));
      const init = req.init;
      session = new PlaytestSession(game, init?.settings ?? { players, seed: 1 }, init?.log ?? [], init?.waiting ?? [], init?.stopped ?? false);
    }
    session.sources = { ...req.files, [req.file]: req.source };
    session.persons = new Set(req.seats.persons);
    session.viewAs = req.seats.viewAs;
    session.botSpecs = req.seats.bots ?? {};
  } catch (e) {
    reply.playtestError = e instanceof Error ? e.message : String(e);
  }
  reply.playMs = performance.now() - t1;
  const snap = snapshot();
  if (snap) reply.playtest = snap;
  return reply;
}

function survey(files: Record<string, string>): SurveyReply {
  const out: SurveyReply["files"] = {};
  for (const [name, source] of Object.entries(files)) {
    const { ast } = parse(source, name);
    const entry: SurveyReply["files"][string] = { variants: [] };
    for (const d of ast.decls) {
      if (d.kind === "GameDecl") entry.title = d.title;
      if (d.kind === "VariantDecl") {
        entry.variants.push(d.title);
        if (d.extendsFile) entry.extends = d.extendsFile.path;
      }
    }
    out[name] = entry;
  }
  return { type: "survey", files: out };
}

/** Why nothing about a space or piece is offered to `player`, or undefined when nothing there is refused. */
function whyNot(s: PlaytestSession, req: Extract<PlaytestRequest, { type: "why-not" }>): string | undefined {
  const target: { space?: string; piece?: number } = {};
  if (req.space !== undefined) target.space = req.space;
  if (req.piece !== undefined) target.piece = req.piece;
  const refused = refusedOptions(s.current, req.player, target);
  if (refused.length === 0) return undefined;
  // Many refusals share one rule: say each once.
  return [...new Set(refused.map((r) => r.rule))].slice(0, 3).join("; ");
}

function playtest(req: PlaytestRequest): PlaytestReply {
  if (!session) return { type: "playtest", refused: "There is no playtest yet: the rules have not compiled." };
  let refused: string | undefined;
  switch (req.type) {
    case "restart":
      session.restart(req.settings, req.log, req.waiting);
      break;
    case "apply": {
      const r = session.apply(req.player, req.option);
      if (!r.ok) refused = r.reason;
      break;
    }
    case "bot":
      session.botMove(req.players);
      break;
    case "undo":
      session.undo();
      break;
    case "redo": {
      const r = session.redo();
      if (!r.ok) refused = r.reason;
      break;
    }
    case "discard":
      session.discard();
      break;
    case "rewind":
      session.rewind(req.index);
      break;
    case "why-not": {
      const why = whyNot(session, req);
      // A question, not a move: no snapshot, the playtest is as it was.
      return why === undefined ? { type: "playtest" } : { type: "playtest", refused: why };
    }
    case "seats":
      session.persons = new Set(req.persons);
      session.viewAs = req.viewAs;
      session.botSpecs = req.bots ?? {};
      break;
  }
  const reply: PlaytestReply = { type: "playtest", snapshot: session.snapshot() };
  if (refused) reply.refused = refused;
  return reply;
}

function position(req: Extract<WorkerRequest, { type: "position" }>): PositionReply {
  if (!session || !rules) return { type: "position", refused: "There is no playtest yet: the rules have not compiled." };
  if (req.start) {
    const refused = cannotSetUp(session);
    if (refused) return { type: "position", refused };
    positionOpening = openingOf(session);
  }
  if (!positionOpening) return { type: "position", refused: "The position editor is not open." };
  const seats = { persons: [...session.persons], viewAs: session.viewAs };
  const request: PositionRequest = { title: req.title, statements: req.statements };
  if (req.edit) request.edit = req.edit;
  return { type: "position", preview: previewPosition(rules, positionOpening, request, seats) };
}

function handle(req: WorkerRequest): WorkerReply {
  switch (req.type) {
    case "compile":
      return compileDoc(req);
    case "survey":
      return survey(req.files);
    case "position":
      return position(req);
    case "replay":
      return replay(req.doc);
    default:
      return playtest(req);
  }
}

/** An engine failure must not kill the worker: the page shows it and goes on. */
function failed(req: WorkerRequest, err: unknown): WorkerReply {
  const message = `The engine failed: ${err instanceof Error ? err.message : String(err)}`;
  switch (req.type) {
    case "compile":
      return {
        type: "compiled",
        doc: req.doc,
        source: req.source,
        diagnostics: [],
        symbols: { declarations: [], references: [] },
        outline: { decls: [], kinds: [], boards: [], playerVars: [], playerZones: [], enums: [], variants: [] },
        variantNames: [],
        ok: false,
        ms: 0,
        playtestError: message,
      };
    case "survey":
      return { type: "survey", files: {} };
    case "position":
      return { type: "position", refused: message };
    case "replay":
      return { type: "replayed", doc: req.doc, playtestError: message };
    default:
      return { type: "playtest", refused: message };
  }
}

self.onmessage = (e: MessageEvent<Envelope<WorkerRequest>>) => {
  const { id, body } = e.data;
  let reply: WorkerReply;
  try {
    reply = handle(body);
  } catch (err) {
    reply = failed(body, err);
  }
  (self as unknown as Worker).postMessage({ id, body: reply } satisfies Envelope<WorkerReply>);
};
