import { compileRules, type CompiledRules, type CompileOptions } from "../dsl/compile.ts";
import type { GameDef, Value } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import { formatDiagnostic } from "../dsl/diagnostic.ts";
import { defaultValue } from "../dsl/types.ts";
import { newExec, nulls } from "./exec.ts";
import { Match } from "./match.ts";
import type { LoggedChoice, ReplayObserver } from "./replay.ts";
import { seedState } from "./random.ts";
import { recordError } from "./vm.ts";
import { Runtime, type EngineKind } from "./runtime.ts";
import { STATE_VERSION, type MatchState } from "./state.ts";
import { RUNTIME_LIMITS } from "./values.ts";
import { forget } from "./memo.ts";
import { choiceSites, type ChoiceSite } from "./choice-sites.ts";
import { measureRows, type MeasureInfo } from "./measures.ts";
import { mirrorsPieces } from "./mirroring.ts";

export interface StartOptions {
  players: number;
  /** Any integer; the same seed and decisions always give the same game. Default 1. */
  seed?: number;
  /** A variant name from `game.variants`, or several joined by `+` (`"A+B"`: A, then B laid over the game). */
  variant?: string;
  /**
   * Keep no texts (`Match.quiet`): the log records each decision without its option's id and
   * label, and `log` statements' lines are not kept. For bots and simulation, which read neither;
   * the match plays the same game.
   */
  quiet?: boolean;
  /**
   * Ask every choice (`Match.askAlways`), one with a single legal option too, as if the rules said
   * `ask always`: for an example (`ask always` there) or a tool that must stop at each choice.
   */
  askAlways?: boolean;
  /** `Match.onForcedChoice` from the start, so the choices `setup` takes without asking are told too. */
  onForcedChoice?: (sites: Span[]) => void;
  /** `Match.onShortDeal` from the start, so a short deal in `setup` is told too. */
  onShortDeal?: (span: Span, asked: number, dealt: number) => void;
}

/** A bad request to start a match (wrong player count, unknown variant): a message for the user. */
export class StartError extends Error {}

/** A checked game, ready to start matches of it and of its variants. */
export class Game {
  private readonly runtimes = new Map<string, Runtime>();

  constructor(
    readonly def: GameDef,
    readonly variantDefs: Record<string, GameDef> = {},
    /** `closures` runs the reference interpreter instead of generated code (for comparing the two). */
    readonly engine: EngineKind = "compiled",
  ) {}

  get title(): string {
    return this.def.title;
  }

  get minPlayers(): number {
    return this.def.minPlayers;
  }

  get maxPlayers(): number {
    return this.def.maxPlayers;
  }

  /** The variant names, in the order the file declares them. */
  get variants(): string[] {
    return Object.keys(this.variantDefs);
  }

  /**
   * Builds a combination of declared variants nobody declared (`"A+B"`), from the rules
   * (`CompiledRules.combine`); without it, only declared variants play.
   */
  combineVariants?: CompiledRules["combine"];
  private readonly combined = new Map<string, GameDef>();

  /** The definition a variant plays (the base game for none; `"A+B"`: A then B laid over it, unless a variant has that name). */
  definition(variant?: string): GameDef {
    if (variant === undefined || variant === (this.def.variant ?? "")) return this.def;
    const d = this.variantDefs[variant] ?? this.combination(variant);
    if (!d) throw new StartError(`"${this.title}" has no variant "${variant}"${this.variants.length ? ` (it has: ${this.variants.map((v) => `"${v}"`).join(", ")})` : ""}`);
    return d;
  }

  /**
   * Every place the rules of a variant (the base game for none) may ask someone to decide, in
   * file and source order; the sites a match's decisions come from (`Match.decisionSites`) are
   * among them. Read from the rules, never from play, so the engine counts nothing while playing.
   */
  choiceSites(variant?: string): ChoiceSite[] {
    return choiceSites(this.definition(variant));
  }

  /**
   * Do the rules of a variant (the base game for none) put pieces down mirrored anywhere
   * (`placements(…, mirrored: …)`): where the editor's position editor offers mirror images.
   */
  mirrorsPieces(variant?: string): boolean {
    const key = variant ?? "";
    let known = this.mirroring.get(key);
    if (known === undefined) this.mirroring.set(key, (known = mirrorsPieces(this.definition(variant))));
    return known;
  }

  /** `mirrorsPieces` by variant, read from the rules once. */
  private readonly mirroring = new Map<string, boolean>();

  /**
   * The `measure` blocks of a variant (the base game for none), in the order written: what each
   * game's `Match.measures()` reads, and how simulation reports it.
   */
  measureInfo(variant?: string): MeasureInfo[] {
    return this.definition(variant).measures.flatMap(measureRows);
  }

  /** A combination of variants (`"A+B"`), built once; undefined when the name is not one. */
  private combination(name: string): GameDef | undefined {
    const known = this.combined.get(name);
    if (known || !this.combineVariants) return known;
    const r = this.combineVariants(name);
    if (!r.def) {
      const errors = r.diagnostics.filter((d) => d.severity === "error");
      if (errors.length === 0) return undefined;
      const unknown = errors.find((d) => d.code === "unknown-variant");
      if (unknown) throw new StartError(`"${this.title}": ${unknown.message}${unknown.hint ? ` (${unknown.hint})` : ""}`);
      const shown = errors.slice(0, 5).map((d) => `\n  ${formatDiagnostic(d)}`).join("");
      throw new StartError(`the variants in "${name}" do not combine:${shown}${errors.length > 5 ? `\n  and ${errors.length - 5} more` : ""}`);
    }
    this.combined.set(name, r.def);
    return r.def;
  }

  /**
   * The fingerprint of the rules a variant plays (the base game for none): what a saved state
   * carries (`MatchState.rules`). Two files or variants with one fingerprint play the same game.
   */
  fingerprint(variant?: string): string {
    return this.runtime(variant).fingerprint;
  }

  /**
   * The fingerprint of what a variant's rules play alone, leaving aside the bots' `estimate`, the
   * `measure`s and the examples (`Runtime.rulesFingerprint`): two versions with one play the same
   * game, and any difference in how it goes comes from bots steering otherwise.
   */
  rulesFingerprint(variant?: string): string {
    return this.runtime(variant).rulesFingerprint;
  }

  /**
   * The fingerprint of what a run of bots plays and reads on a variant (`Runtime.runFingerprint`):
   * the rules, the `estimate` and the `measure`s, not the examples. Runs with one can be pooled.
   */
  runFingerprint(variant?: string): string {
    return this.runtime(variant).runFingerprint;
  }

  /** The compiled form of a variant, built once. */
  runtime(variant?: string): Runtime {
    const key = variant === undefined || variant === this.def.variant ? "" : variant;
    let rt = this.runtimes.get(key);
    if (!rt) {
      rt = new Runtime(this.definition(variant), this.engine);
      this.runtimes.set(key, rt);
    }
    return rt;
  }

  /** Starts a match and runs it to the first decision. */
  start(options: StartOptions): Match {
    // Called without options from JavaScript (types aside): say what is missing, not a TypeError.
    if (options === null || typeof options !== "object") throw new StartError("start needs its options: `start({ players: 3 })`");
    const { players } = options;
    const seed = options.seed ?? 1;
    const def = this.definition(options.variant);
    if (!Number.isInteger(players) || players < def.minPlayers || players > def.maxPlayers) {
      throw new StartError(`"${def.title}" is for ${def.minPlayers === def.maxPlayers ? def.minPlayers : `${def.minPlayers} to ${def.maxPlayers}`} players, not ${players}`);
    }
    if (players > RUNTIME_LIMITS.players) throw new StartError(`a match may have at most ${RUNTIME_LIMITS.players} players, not ${players}`);
    if (!Number.isInteger(seed)) throw new StartError(`a seed is a whole number, not ${seed}`);
    const rt = this.runtime(options.variant);
    let perPlayer = 0;
    for (const c of def.components) if (c.perPlayer) perPlayer++;
    const pieceCount = def.components.length - perPlayer + perPlayer * players;
    if (pieceCount > RUNTIME_LIMITS.pieces) {
      throw new StartError(`with ${players} players this game would have ${pieceCount.toLocaleString("en")} pieces; a match may have at most ${RUNTIME_LIMITS.pieces.toLocaleString("en")}`);
    }
    const s: MatchState = {
      version: STATE_VERSION,
      rules: rt.fingerprint,
      players,
      seed,
      rng: seedState(seed),
      globals: {},
      pvars: [],
      pieces: [],
      zones: {},
      cells: {},
      placed: {},
      current: null,
      stack: [],
      pending: null,
      log: [],
      messages: [],
      decisions: [],
      turns: [],
      firstChooser: null,
      over: false,
      result: null,
      error: null,
      // In every state from the start, though undefined until a hidden piece moves (`knowledge.ts`):
      // a property added during play would give the state another shape in V8.
      known: undefined,
    };
    // A loop, not `Array.from({ length })` or `new Array(n).fill(0)`: each took a tenth of
    // starting a small game (and `fill` leaves the list holey for good).
    for (let p = 0; p < players; p++) {
      s.pvars.push({});
      s.decisions.push(0);
      s.turns.push(0);
    }
    // A variant file's game is its first variant: its matches carry that name even when none was asked for.
    const variant = options.variant ?? def.variant;
    if (variant !== undefined) s.variant = variant;
    const plan = rt.startPlan(players);
    // In the plan's layout, which V8 keeps fast for any number of zones (`shared-zones.ts`).
    s.zones = { ...plan.zoneLayout } as unknown as MatchState["zones"];
    for (let i = 0; i < plan.zones.length; i++) s.zones[plan.zones[i]!] = plan.zoneStarts[i]!.slice();
    for (let i = 0; i < plan.boards.length; i++) {
      const b = plan.boards[i]!;
      s.cells[b] = plan.emptyStacks[i]!.slice();
      s.placed[b] = [];
    }
    for (let id = 0; id < plan.pieces.length; id++) {
      const { c, owner, zone, states } = plan.pieces[id]!;
      const st: Record<string, Value> = {};
      // Only a list or map start value needs a copy of its own (values are never changed in place,
      // but a saved state must not alias the definition); `structuredClone` of a number took a microsecond.
      for (const f of states) st[f.name] = f.init !== null && typeof f.init === "object" ? structuredClone(f.init) : f.init;
      s.pieces.push({ c, owner, zone, board: null, cells: [], rot: 0, up: true, st });
    }
    const match = new Match(this, s, true);
    match.quiet = options.quiet === true;
    match.askAlways = options.askAlways === true;
    if (options.onForcedChoice) match.onForcedChoice = options.onForcedChoice;
    if (options.onShortDeal) match.onShortDeal = options.onShortDeal;
    const x = newExec(rt, s);
    try {
      for (const v of def.globals) {
        const init = rt.globalInits.get(v.name);
        s.globals[v.name] = init ? init(x, nulls(v.nlocals)) : defaultValue(v.type, players);
        // A later start value may call a function that reads this one.
        forget(x);
      }
      for (let p = 0; p < players; p++) {
        for (const v of def.playerVars) {
          const init = rt.playerInits.get(v.name);
          const l = nulls(Math.max(1, v.nlocals));
          l[0] = p;
          s.pvars[p]![v.name] = init ? init(x, l) : defaultValue(v.type, players);
          forget(x);
        }
      }
    } catch (e) {
      recordError(x, e, def.flow.span);
      return match;
    }
    s.stack.push({ code: "flow", pc: 0, locals: nulls(def.flow.nlocals) });
    if (def.setup) s.stack.push({ code: "setup", pc: 0, locals: nulls(def.setup.nlocals), detached: true });
    match.runToDecision();
    return match;
  }

  /**
   * Plays a logged game again (after a rule change, say) from the start: `Match.replay` on a new
   * narrated match (passing over a choice taken for lack of options reads the line that tells of it).
   */
  replay(options: StartOptions, decisions: readonly LoggedChoice[], observe?: ReplayObserver): { match: Match; stoppedAt?: { index: number; reason: string }; byPosition: number[] } {
    const match = this.start({ ...options, quiet: false });
    return { match, ...match.replay(decisions, observe) };
  }
}

export interface CompileResult extends Omit<CompiledRules, "def" | "variants" | "combine"> {
  /** The playable game, when the file has no error. */
  game?: Game;
}

/**
 * Reads a rule file into a playable game: every diagnostic with its line and
 * column, and the game when there is no error. Never throws on user input.
 */
export function compile(source: string, file: string, options: CompileOptions = {}): CompileResult {
  const { def, variants, combine, ...rest } = compileRules(source, file, options);
  const out: CompileResult = rest;
  if (def) out.game = new Game(def, variants);
  if (out.game && combine) out.game.combineVariants = combine;
  return out;
}
