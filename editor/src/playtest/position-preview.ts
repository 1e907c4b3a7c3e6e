import { compile, listExamples, runExample } from "../../../interpreter/index.ts";
import type { GameDef } from "../../../dsl/index.ts";
import { exampleText, fieldWriting, positionStatement, wordsOf, type ExampleOpening, type FieldWriting, type PositionEdit } from "./position-edit.ts";
import { PlaytestSession, type PlaytestSnapshot, type ViewAs } from "./playtest-session.ts";

/** The rules a position is set up on: the text on screen, its path, and the other rule files it may extend. */
export interface PositionRules {
  source: string;
  file: string;
  readFile?: (path: string) => string | undefined;
}

/** A position being set up: the example's title, the statements so far, and the next change (if any). */
export interface PositionRequest {
  title: string;
  statements: string[];
  edit?: PositionEdit;
}

export interface PositionPreview {
  /** The statements the example's `position` block holds now (the edit's added when it worked). */
  statements: string[];
  /** The whole `example` block, as it will be inserted into the rules. */
  example: string;
  /** The position as the playtest shows it: where the example leaves the match. */
  snapshot?: PlaytestSnapshot;
  /** Why the last edit was not taken (the rules refused the statement, or it named nothing). */
  error?: string;
  /** The example as it stands compiles and runs: it can be saved (a refused edit leaves it so). */
  ok: boolean;
  /**
   * The position leaves the choice asked next one option, which the rules would take by
   * themselves: the example asks every choice (`ask always`) so it stands at the position laid
   * out. Says which choice, for the panel.
   */
  asks?: string;
  /** How the panel sets each variable (global, and per player), by its declared type; others are not set there. */
  varKinds?: { globals: Record<string, VarKind>; players: Record<string, VarKind> };
}

/** A variable the position panel can set: a number box, a yes/no box, or a pick of the seats. */
export type VarKind = "number" | "bool" | "player";

function varKinds(def: GameDef): NonNullable<PositionPreview["varKinds"]> {
  const kinds = (vars: GameDef["globals"]) => {
    const out: Record<string, VarKind> = {};
    for (const v of vars) if (v.type.t === "number" || v.type.t === "bool" || v.type.t === "player") out[v.name] = v.type.t;
    return out;
  };
  return { globals: kinds(def.globals), players: kinds(def.playerVars) };
}

/**
 * Why the position editor cannot open on the playtest as it stands, or undefined when it can. Said
 * before any piece is moved: a half-answered secret choice was refused only at the first change (a
 * designer picked up a card and put it down before being told).
 */
export function cannotSetUp(session: PlaytestSession): string | undefined {
  if (session.settings.example !== undefined) return "The playtest opens an example: leave it first, or change that example's position block.";
  const pending = session.current.state.pending;
  if (pending?.kind === "secret" && Object.keys(pending.chosen).length > 0) {
    return "A secret choice is half answered here (some players gave theirs), and a position is laid out where a question is still to be asked: Undo to before it (bots answer at once: make every seat a person and Restart), then set up the position.";
  }
  return undefined;
}

/** The opening of a playtest (its settings and every decision by label), what an example replays. */
export function openingOf(session: PlaytestSession): ExampleOpening {
  const s = session.settings;
  const opening: ExampleOpening = {
    players: s.players,
    seed: s.seed,
    decisions: session.current.log.map((e) => (e.secret ? { player: e.player, label: e.label, secret: true } : { player: e.player, label: e.label })),
    // What an example that asks every choice must take itself (see `exampleText`).
    forced: session.current.state.messages.flatMap((m) => (m.forced ? [{ player: m.forced.player, label: m.forced.label, at: m.at }] : [])),
  };
  if (s.variant !== undefined) opening.variant = s.variant;
  return opening;
}

/**
 * Lays out the position: the rules with the example appended are compiled
 * and the example run, exactly as the saved example will be, and the
 * playtest opened where it ends. A statement the rules refuse (a name that
 * does not check, a placement that does not fit) is dropped and said why.
 */
export function previewPosition(rules: PositionRules, opening: ExampleOpening, req: PositionRequest, seats: { persons: number[]; viewAs: ViewAs }): PositionPreview {
  let writing: FieldWriting | undefined;
  let kinds: PositionPreview["varKinds"];
  const forcedBefore = opening.forced?.length ?? 0;
  const run = (statements: string[], askAlways = false): PositionPreview => {
    const example = exampleText(req.title, opening, statements, askAlways);
    const text = `${rules.source.replace(/\s*$/, "")}\n\n${example}\n`;
    const r = compile(text, rules.file, rules.readFile ? { readFile: rules.readFile } : {});
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    if (!r.game || errors.length) {
      const first = errors[0];
      return { statements, example, ok: false, error: first ? `${first.message} (in the example, line ${first.span.start.line})` : "The rules do not compile." };
    }
    writing ??= fieldWriting(r.game.definition(opening.variant));
    kinds ??= varKinds(r.game.definition(opening.variant));
    const found = listExamples(r.game).filter((e) => e.example.title === req.title);
    if (found.length !== 1) return { statements, example, ok: false, error: `The rules already have an example called "${req.title}": choose another title.` };
    const result = runExample(r.game, found[0]!.example, found[0]!.variant);
    // The position left the next choice one option and the rules took it (a player's money set to
    // 0 left only "Pass"): the example would stand past the position laid out, and the board show
    // it. Asking every choice, it stops at that choice, the designer's to take.
    const messages = result.scenario?.match.state.messages ?? [];
    const taken = messages.filter((m) => m.forced);
    if (!askAlways && statements.length && !result.failure && taken.length > forcedBefore) {
      const asked = run(statements, true);
      const first = taken[forcedBefore]!.forced!;
      if (!asked.error) asked.asks = `${asked.snapshot?.view.players[first.player]?.name ?? `Player ${first.player + 1}`} has one option left, "${first.label}": the example stops there and asks it (\`ask always\`), rather than let the rules take it.`;
      return asked;
    }
    const session = new PlaytestSession(r.game, { players: opening.players, seed: opening.seed, example: req.title });
    session.persons = new Set(seats.persons);
    session.viewAs = seats.viewAs;
    const out: PositionPreview = { statements, example, snapshot: session.snapshot({ setup: true }), ok: !result.failure };
    if (kinds) out.varKinds = kinds;
    if (result.failure) out.error = result.failure.message;
    return out;
  };
  const before = run(req.statements);
  if (!req.edit || before.error || !before.snapshot) return before;
  const made = positionStatement(before.snapshot.view, req.edit, writing, wordsOf(`${rules.source}\n${req.statements.join("\n")}`));
  if ("error" in made) return { ...before, error: made.error };
  const after = run([...req.statements, made.statement]);
  // A change the rules refuse is not kept: the position stays as it was, and says why.
  return after.error ? { ...before, error: `${made.statement}: ${after.error}` } : after;
}
