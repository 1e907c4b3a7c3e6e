import { zoneRecord } from "./shared-zones.ts";
import { replayDecisions, type LoggedChoice, type ReplayObserver } from "./replay.ts";
import type { Diagnostic } from "../dsl/diagnostic.ts";
import type { Span } from "../dsl/span.ts";
import type { Value } from "../dsl/ir.ts";
import { newExec, type Exec, type ForcedDraw } from "./exec.ts";
import { computeEstimate, estimateFailure } from "./estimate.ts";
import { knownFailure } from "./marks.ts";
import { readMeasures, type Measured } from "./measures.ts";
import { computeResult } from "./result.ts";
import type { Game } from "./game.ts";
import type { Runtime } from "./runtime.ts";
import { cloneState } from "./clone-state.ts";
import { seedState } from "./random.ts";
import { STATE_VERSION, type LogEntry, type MatchResult, type MatchState, type OptionState, type SavedState } from "./state.ts";
import { savedStateProblem } from "./saved-state-shape.ts";
import { loadedState, savedState } from "./saved-state.ts";
import { makeView, type View, type ViewOptions } from "./view.ts";
import { resampleState } from "./resample.ts";
import { recordTaken, type PastChoice } from "./choice-evidence.ts";
import { apply, applyAt, applyRandom, knownOptionCount, namedOptions, optionCount, owing, randomIndex, recordError, run, type ApplyResult } from "./vm.ts";

/** A saved state that cannot be resumed on this game: from other rules or another engine version. */
export class SavedStateError extends Error {
  override name = "SavedStateError";
}

/** A draw for `applyRandom` or `randomIndex` that is not a whole number below the count it was asked for. */
export class PickError extends RangeError {
  override name = "PickError";
}

/**
 * The caller's `pick` threw: its error is passed on to the caller as it was, and the match is
 * left as it stood (a draw takes nothing until it is done). Caught as a rule's failure, it ended
 * the match and blamed the rules' flow for the caller's mistake.
 */
class CallersPickFailed extends Error {
  constructor(readonly original: unknown) {
    super("the caller's pick failed");
  }
}

/** `pick`, refusing with a `PickError` an answer outside 0..n-1 (it would take no option, or the wrong one). */
function checkedPick(pick: (n: number) => number): (n: number) => number {
  return (n) => {
    let i: number;
    try {
      i = pick(n);
    } catch (e) {
      throw new CallersPickFailed(e);
    }
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new PickError(`a draw among ${n} must be a whole number from 0 to ${n - 1}, not ${i}`);
    return i;
  };
}

/** What must be decided now. */
export interface Decision {
  /** Players who owe a decision: one, or several for a secret choice. */
  players: number[];
  /** The question as the rules wrote it; `view(p).decision.prompt` is as player `p` reads it (a piece they cannot see unnamed). */
  prompt: string;
  simultaneous: boolean;
}

/** A legal option: a stable id, a readable label, and what it refers to on the boards. */
export interface Option {
  id: string;
  label: string;
  /** Its position for `applyAt`: the order the rules produced the legal values in, not the id order. */
  index: number;
  /** Space keys the option is about (a placement's cells, a space). */
  spaces?: string[];
  /** Piece ids the option is about. */
  pieces?: number[];
}

function toOption(o: OptionState): Option {
  const out: Option = { id: o.id, label: o.label, index: o.index };
  if (o.spaces) out.spaces = o.spaces;
  if (o.pieces) out.pieces = o.pieces;
  return out;
}

/**
 * One match of a game: who must decide, their options, applying a decision,
 * each player's view, the result and the log. All of its state is plain data
 * (`toJSON`), so a match can be cloned, saved and resumed at any decision.
 */
export class Match {
  /**
   * `keepsChoices`: the match may keep the decisions taken in it, which a redrawn copy must not
   * contradict (`choice-evidence.ts`): a match started or resumed may, the copies a bot searches
   * do not (they are redrawn from the real match).
   */
  constructor(
    readonly game: Game,
    public state: MatchState,
    keepsChoices = false,
  ) {
    if (keepsChoices) this.past = null;
  }

  /**
   * The decisions taken since the first redraw of this match (`resampleFor`), when it keeps them:
   * null until then. A match nobody redraws (random bots, a replay) pays nothing for them; bots
   * that redraw ask at their first decision.
   */
  private past: PastChoice[] | null | undefined;

  /** The runtime last found for the state's variant: every call asks, and the variant seldom changes (only with a new `state`). */
  private rtKept: { variant: string | undefined; rt: Runtime } | undefined;

  private get rt(): Runtime {
    const variant = this.state.variant;
    const kept = this.rtKept;
    if (kept && kept.variant === variant) return kept.rt;
    const rt = this.game.runtime(variant);
    this.rtKept = { variant, rt };
    return rt;
  }

  /**
   * A quiet match keeps no texts for decisions taken by position: bots, simulation and search,
   * which never read them, run quiet (`StartOptions.quiet`; a bot sets it on the copies it
   * searches). Its log still has an entry for every decision, with the player and the prompt,
   * but an empty `option` and `label` when taken by position (`applyAt`, `applyRandom`; by id,
   * `apply`, the name is at hand and logged), and the lines of `log` statements are not kept, nor
   * the lines telling of options taken for lack of others. An answer to a secret choice still open
   * is named when asked (a view, a redraw: `vm.ts` `answerNamed`). The rules' own `label` of the value taken and
   * every `log` statement still run, so a quiet match plays the same game as a narrated one, and
   * stops at the same place on a broken rule. Copies (`clone`, `lookAhead`, `resampleFor`) are
   * as quiet as their match; a saved state does not say (a match resumed from one narrates).
   */
  quiet = false;

  /**
   * Every choice waits to be asked, one with a single legal option too, as if the rules said
   * `ask always` (`StartOptions.askAlways`): an example that lays out a position before a choice the
   * rules would take for lack of others, or tests what it refuses. The game goes as it would with
   * `ask always` written in its rules. Copies keep it; a saved state does not say.
   */
  askAlways = false;

  /**
   * Told of each choice the rules take without asking anyone (its only legal option): where it is
   * written, as `decisionSites` says it of a decision asked, so a tool that records both knows
   * every choice that came up (`stela check --smoke`: a choice always taken for lack of others
   * still happened). Set it before the first decision with `StartOptions.onForcedChoice`; copies
   * (`clone`, `lookAhead`, `resampleFor`) do not inherit it, so a bot's searches are not told.
   * A choice with nothing to choose (`if any`) took no option and is not told.
   */
  onForcedChoice: ((sites: Span[]) => void) | undefined = undefined;

  /**
   * Told of each `deal` that found fewer pieces than it was to deal (a deck run out): where, how
   * many it was to deal, how many it did. The rule deals what there is; a tool may want to know
   * (`stela check --smoke` notes it). Set with `StartOptions.onShortDeal`; copies do not inherit it.
   */
  onShortDeal: ((span: Span, asked: number, dealt: number) => void) | undefined = undefined;

  /**
   * What the rules' next `random` calls give, in order (an example's `random [6, 5, 1]`: a
   * rulebook's dice laid out), taken from the front as they are drawn; undefined or empty, they
   * draw from the generator. Copies do not inherit it.
   */
  forcedDraws: ForcedDraw[] | undefined = undefined;

  /** A look-ahead copy (`lookAhead`): its rules stop on reaching a choice, before offering it. */
  private lookingAhead = false;
  /** The state the rules of a look-ahead copy stopped in, at a choice not offered yet. */
  private unoffered: MatchState | null = null;
  /** The work the rules did before they stopped: offering the choice goes on counting from it (`Exec.steps`). */
  private unofferedSteps = 0;

  /**
   * Offers the choice a look-ahead copy stopped at, if it did: everything but the position's own
   * readings asks for it (who decides, the options, taking one, a view, a redraw, saving).
   */
  private offerStopped(): void {
    if (this.unoffered !== this.state) return;
    this.unoffered = null;
    // Offered as if the rules had never stopped: the same step budget, so the same games.
    const resume = this.context();
    resume.steps = this.unofferedSteps;
    run(resume);
  }

  /** A context to run the match's rules in, as quiet as the match. */
  private context(): Exec {
    const x = newExec(this.rt, this.state);
    x.quiet = this.quiet;
    x.askAlways = this.askAlways;
    x.onForced = this.onForcedChoice;
    x.onShortDeal = this.onShortDeal;
    x.forcedDraws = this.forcedDraws;
    return x;
  }

  /** A context for one call, the stopped choice of a look-ahead copy offered first. */
  private exec(): Exec {
    this.offerStopped();
    const x = this.context();
    x.stopAtChoice = this.lookingAhead;
    return x;
  }

  /** A context to take a decision in: one that records it when the match keeps its choices (`past`). */
  private deciding(): Exec {
    const x = this.exec();
    if (this.past) x.onTaken = recordTaken(this.rt, this.state, this.past);
    return x;
  }

  /** After a decision on a look-ahead copy: whether the rules stopped at a choice unoffered. */
  private ran<T>(x: Exec, result: T): T {
    if (x.stoppedAtChoice) {
      this.unoffered = this.state;
      this.unofferedSteps = x.steps;
    }
    return result;
  }

  /** Who must decide now, or null when the match is over. */
  get decision(): Decision | null {
    this.offerStopped();
    const p = this.state.pending;
    if (!p || this.state.over) return null;
    return { players: owing(p), prompt: p.prompt, simultaneous: p.kind === "secret" };
  }

  /**
   * Where the rules ask the pending decision: the span of its choice, then, for named options
   * (`choose { option … }`), the span of each option offered, in the rules' order; empty when
   * the match is over. The spans of `game.choiceSites()`, so a tool can tell which choices a run
   * of matches offered (`stela check --smoke`). Apart from `decision` (whose shape callers compare
   * whole), and read only when asked: the match keeps no record of where it has been.
   */
  get decisionSites(): Span[] {
    this.offerStopped();
    const p = this.state.pending;
    const f = this.state.stack[this.state.stack.length - 1];
    if (!p || this.state.over || !f) return [];
    // A pending decision waits at its choice instruction, on top of the stack (`vm.ts` `waitingAt`).
    const ins = this.rt.codeOf(f.code)?.instrs[f.pc];
    if (!ins) return [];
    if (ins.k === "options" && p.kind === "options") return [ins.span, ...p.offered.map((i) => ins.options[i]!.span)];
    return [ins.span];
  }

  /**
   * The legal options of `player` (default: the first player who owes a
   * decision), named and sorted by id; named options (`choose { option … }`)
   * keep the order the rules list them in. Names are worked out on demand and
   * cached for this decision: bots should use `optionCount` and `applyAt`.
   */
  options(player?: number): Option[] {
    return namedOptions(this.exec(), player).map(toOption);
  }

  /**
   * How many legal options `player` has now (the cheap path for bots and
   * simulation: no ids or labels are made). Same default player as `options`.
   */
  optionCount(player?: number): number {
    this.offerStopped();
    return knownOptionCount(this.state, player) ?? optionCount(this.exec(), player);
  }

  /**
   * Takes the option at `index` (0-based, below `optionCount`): the cheap
   * path for bots and simulation. Positions follow the order the rules
   * produced the legal values in (each `Option` tells its `index`), not the
   * id order of `options`, so nothing needs naming but the log line.
   */
  applyAt(index: number, player?: number): ApplyResult {
    const x = this.deciding();
    try {
      return this.ran(x, applyAt(x, index, player));
    } catch (e) {
      recordError(x, e, this.rt.def.flow.span);
      return { ok: true };
    }
  }

  /**
   * Takes a random legal option of `player`, each as likely, drawing with `pick(n)` (a whole
   * number from 0 to n - 1, from the caller's own generator): the cheapest path for random bots
   * and search playouts. Where a choice's `where` filters reject most candidates, only the
   * candidates drawn are weighed, not every one. The same draws take the same option however
   * the match was looked at before (`randomIndex` tells which, without taking it).
   */
  applyRandom(pick: (n: number) => number, player?: number): ApplyResult {
    const x = this.deciding();
    try {
      return this.ran(x, applyRandom(x, checkedPick(pick), player));
    } catch (e) {
      // A bad draw is the caller's mistake, found before anything was taken: the match goes on.
      if (e instanceof PickError) return { ok: false, code: "unknown-option", reason: e.message };
      if (e instanceof CallersPickFailed) throw e.original;
      recordError(x, e, this.rt.def.flow.span);
      return { ok: true };
    }
  }

  /**
   * The position (for `applyAt`) of the option `applyRandom` takes with the same draws, or
   * undefined when `player` owes nothing. Weighs every candidate (a position counts the legal
   * ones before it): for tools that record decisions by position.
   */
  randomIndex(pick: (n: number) => number, player?: number): number | undefined {
    const x = this.exec();
    try {
      return randomIndex(x, checkedPick(pick), player);
    } catch (e) {
      if (e instanceof PickError) throw e;
      if (e instanceof CallersPickFailed) throw e.original;
      recordError(x, e, this.rt.def.flow.span);
      return undefined;
    }
  }

  /**
   * Takes logged decisions again, in order, from here (`replay.ts`): stops at the first the rules
   * no longer allow and says which; one whose option was renamed is taken by its position
   * (`LoggedChoice.at`) when the choice has as many options as the log saw (`byPosition`).
   */
  replay(decisions: readonly LoggedChoice[], observe?: ReplayObserver): { stoppedAt?: { index: number; reason: string }; byPosition: number[] } {
    return replayDecisions(this, decisions, observe);
  }

  /** Takes a decision. An illegal one is refused with a reason and changes nothing. */
  apply(optionId: string, player?: number): ApplyResult {
    const x = this.deciding();
    try {
      return this.ran(x, apply(x, optionId, player));
    } catch (e) {
      recordError(x, e, this.rt.def.flow.span);
      return { ok: true };
    }
  }

  /** What `player` may see (null: a spectator); `{ everything: true }`: all of it, for a tool that sets up positions (`ViewOptions`). */
  view(player: number | null, options?: ViewOptions): View {
    this.offerStopped();
    return makeView(this.rt, this.state, player, options);
  }

  get over(): boolean {
    return this.state.over;
  }

  get result(): MatchResult | null {
    return this.state.result;
  }

  /** The rule failure that stopped the match, if any. */
  get error(): Diagnostic | null {
    return this.state.error;
  }

  get log(): LogEntry[] {
    return this.state.log;
  }

  /**
   * The turns begun so far, all players together: each outermost `turn` block entered once (a
   * `turn` inside another is a reply within it). A game's length as a designer counts it: a turn
   * may ask several questions (an action, then where), each a decision. 0 in rules without `turn`.
   */
  get turns(): number {
    let n = 0;
    for (const t of this.state.turns) n += t;
    return n;
  }

  /**
   * Has the match drawn from its generator yet (a shuffle, a deal, a roll)? A match that never did
   * is told whole by its decisions: two such matches of one rules with the same decisions are one
   * game, whatever their seeds (`repeatedGames`).
   */
  get drewChance(): boolean {
    const start = seedState(this.state.seed);
    const now = this.state.rng;
    for (let i = 0; i < start.length; i++) if (start[i] !== now[i]) return true;
    return false;
  }

  /**
   * The result as if the game ended now: each player's `points` by the
   * game's own scoring. A bot's yardstick, and a running score for a board.
   */
  provisionalResult(): MatchResult {
    if (this.state.result) return this.state.result;
    try {
      return computeResult(newExec(this.rt, this.state));
    } catch {
      // Scoring rules may need a finished game (e.g. an empty list); then nobody leads yet.
      const n = this.state.players;
      return { scores: new Array<number>(n).fill(0), tiebreaks: [], ranking: [[...Array(n).keys()]], places: new Array<number>(n).fill(1), winners: [...Array(n).keys()] };
    }
  }

  /**
   * The distinct ways piece `piece` can face on board `board` (its key), in order, numbered as
   * placements number their `rotation`: its turns, then, with `mirrored`, `turns + r` for each
   * turn of its mirror image that is no turn of the piece itself (`placement.ts` `orientations`).
   * Empty when there is no such piece or board. What the editor's position editor steps through
   * when a piece is turned by hand: a bar has 2 ways on a square grid, an L of four cells 8.
   */
  facings(piece: number, board: string, mirrored = false): number[] {
    const shape = this.rt.topo.shape(board);
    if (!shape || !this.state.pieces[piece]) return [];
    return this.rt.orientations(this.state, piece, shape, mirrored).map((o) => o.rotation);
  }

  /**
   * How well `player` stands now: the final score when the match is over,
   * else the game's `estimate p { … }`, else its `scoring` points as if it
   * ended now (0 when the rules cannot tell yet). Bots steer by it.
   */
  estimate(player: number): number {
    return computeEstimate(newExec(this.rt, this.state), player) ?? 0;
  }

  /**
   * Why the game's `estimate` fails for `player` now (a diagnostic at the failing rule), or null.
   * `estimate` reads a failure as 0, as bots must; this says it is one. Worked out on a copy, so
   * asking never changes the match (an estimate may draw chance).
   */
  estimateFailure(player: number): Diagnostic | null {
    if (!this.rt.estimate || this.state.result) return null;
    return estimateFailure(newExec(this.rt, this.clone().state), player);
  }

  /**
   * Why what the marks tell (a kind's `known` blocks) is untrue of some piece as it really is now
   * (a diagnostic at the block), or null. Redraws read such a block as saying nothing or as ruling
   * the real piece out; this says the rules are wrong. Worked out on a copy, as `estimateFailure`.
   */
  knownFailure(): Diagnostic | null {
    if (this.rt.known.size === 0) return null;
    return knownFailure(this.rt, this.clone().state);
  }

  /**
   * The game's `measure` blocks read on the match as it stands (simulation reads them once a game
   * has ended), or the failure of the first that failed. Worked out on a copy, so asking never
   * changes the match (a measure may draw chance).
   */
  measures(): Measured {
    if (this.rt.measures.length === 0) return { ok: true, measures: [] };
    return readMeasures(newExec(this.rt, this.clone().state));
  }

  /** The value of a global variable (for tests and tools). */
  global(name: string): Value {
    return this.state.globals[name] ?? null;
  }

  /** The value of a player's variable (for tests and tools). */
  playerVar(player: number, name: string): Value {
    return this.state.pvars[player]?.[name] ?? null;
  }

  /**
   * A copy of the match in which everything `player` cannot see (hidden
   * zones, deck and bag order, others' hands and open secret answers, the
   * generator) is redrawn from `seed`, consistently with what they saw: a
   * hidden piece only among the pieces they cannot tell apart (`knowledge.ts`;
   * their own face-down deck keeps its cards). What a bot searches instead of
   * the real match, so it never peeks.
   */
  resampleFor(player: number, seed: number): Match {
    // The redraw offers the open decision again: a stopped copy's choice must be open first.
    this.offerStopped();
    if (this.past === null) this.past = [];
    const m = new Match(this.game, resampleState(this.rt, this.state, player, seed, this.quiet, this.past));
    m.quiet = this.quiet;
    m.askAlways = this.askAlways;
    return m;
  }

  /** An independent copy to explore from (a search's step): copies only what moves change in place. */
  clone(): Match {
    const m = new Match(this.game, cloneState(this.state));
    m.lookingAhead = this.lookingAhead;
    m.quiet = this.quiet;
    m.askAlways = this.askAlways;
    if (this.unoffered === this.state) {
      m.unoffered = m.state;
      m.unofferedSteps = this.unofferedSteps;
    }
    return m;
  }

  /**
   * A copy for one step of look-ahead: after a decision taken on it, the rules run on until
   * someone must choose again, and stop there before weighing that choice's options (in games
   * where filters reject most candidates, weighing them is most of a move's cost). Its
   * `estimate`, `provisionalResult`, variables, log, `over`, `result` and `error` tell the match
   * as the rules left it then: an option forced on the next player is not taken yet, and a choice
   * with no option left has not stopped the match yet. Asking who decides, for the options or a
   * view, or taking one, offers that choice first, as on any match. Copies of it look ahead too.
   */
  lookAhead(): Match {
    const m = this.clone();
    m.lookingAhead = true;
    return m;
  }

  /** The match as it is saved: plain JSON-safe data (`SavedState`), resumed by `fromJSON`. */
  toJSON(): SavedState {
    this.offerStopped();
    return savedState(this.rt.topo, this.state);
  }

  /**
   * A match resumed from `toJSON()` output, on the same game. Refuses, with
   * a `SavedStateError` that says why, a state saved by another version of
   * the engine or under other rules (its frames point into code that is not
   * there any more).
   */
  static fromJSON(game: Game, json: SavedState): Match {
    if (json === null || typeof json !== "object" || (json as { version?: unknown }).version !== STATE_VERSION) {
      throw new SavedStateError(`this saved match is not a state this engine reads (layout version ${String((json as { version?: unknown } | null)?.version)}, expected ${STATE_VERSION})`);
    }
    let rt: Runtime;
    try {
      rt = game.runtime(json.variant);
    } catch (e) {
      throw new SavedStateError(`this saved match plays a variant "${String(json.variant)}" that "${game.title}" does not have`, { cause: e });
    }
    if (json.rules !== rt.fingerprint) {
      throw new SavedStateError(`this saved match was played under other rules than this "${game.title}"${json.variant ? ` (variant "${json.variant}")` : ""}: the rule file changed since it was saved; replay its log instead`);
    }
    const problem = savedStateProblem(rt, json);
    if (problem) throw new SavedStateError(`this saved match does not fit "${game.title}": ${problem}`);
    let state: ReturnType<typeof loadedState>;
    try {
      state = loadedState(rt.topo, json);
    } catch (e) {
      // Data nested deeper than copying can follow (a hand-edited or hostile save): refused, not a crash.
      if (e instanceof RangeError) throw new SavedStateError(`this saved match does not fit "${game.title}": its data nests too deeply`, { cause: e });
      throw e;
    }
    if (typeof state === "string") throw new SavedStateError(`this saved match does not fit "${game.title}": ${state}`);
    // Zones in the rules' fast layout, as a started match has them: copies then copy the record cheaply.
    const players = state.players;
    const fits = Number.isInteger(players) && players >= rt.def.minPlayers && players <= rt.def.maxPlayers;
    if (fits && state.zones !== null && typeof state.zones === "object") state.zones = zoneRecord(rt.startPlan(players).zoneLayout, state.zones);
    return new Match(game, state, true);
  }

  /** Runs the code until the first decision (used once by `Game.start`). */
  runToDecision(): void {
    run(this.context());
  }
}
