import type { ComponentDef, GameDef, KindDef, ShapeValue, Value, ZoneDef } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import { compileCode, compiledRuleCalls, explainCall, type Compiled } from "./compile-code.ts";
import { compileExpr } from "./compile-expr.ts";
import { newExec, nulls, tick, type Exec, type Fn } from "./exec.ts";
import type { BoardShape } from "./board-shapes/board-shape.ts";
import { facing, mirrorSides, orientations, turnSides, type Orientation } from "./placement.ts";
import { fail, RuntimeError } from "./runtime-error.ts";
import { emptyStacks, type CellStacks, type MatchState } from "./state.ts";
import { boardName, instanceKey, instanceNumber, instanceOwner, numberedKeys, Topology } from "./topology.ts";
import { label } from "./values.ts";
import { componentClasses, LikePieces } from "./like-pieces.ts";
import { drawsChance, mayDraw, remembered } from "./memo.ts";
import { placementsBySpaces } from "./memo-keys.ts";
import { readsPlay } from "./reads-play.ts";
import { isSpace } from "./space-info.ts";

/**
 * A user function, rule or hook, compiled: called with argument values. The
 * array of arguments is the caller's gift: the callee takes it as its frame
 * (compiled calls make it as long as the frame, `compile-js.ts`), writing
 * only the slots past the arguments, so a call allocates one array, not two.
 */
export type Callable = (x: Exec, args: Value[], span: Span) => Value;

/** The arguments array made into a frame of `n` locals (already so when the caller padded it). */
function frame(args: Value[], n: number): Value[] {
  while (args.length < n) args.push(null);
  return args;
}

export interface CompiledRule {
  /** Does it hold? */
  check: (x: Exec, args: Value[], span: Span) => boolean;
  /** The first failing requirement's reason, or null when it holds. */
  explain: (x: Exec, args: Value[], span: Span) => string | null;
}

export interface CompiledHandler {
  event: string;
  code: string;
  nlocals: number;
  where?: Fn;
}

/** How a runtime runs expressions: `compiled` (generated JavaScript) or `closures` (the reference interpreter). */
export type EngineKind = "compiled" | "closures";

/** Calls deeper than this are taken as endless recursion. */
const MAX_DEPTH = 2000;

/** Calls nested deeper than this note where they are made (`Runtime.takeDeepCall`): far more than any game's rules nest. */
const DEEP_CALL = 200;

/**
 * A game definition compiled once into closures and instruction lists, with
 * the geometry and naming helpers every match of the game shares. Holds no
 * match state: many matches (and clones) run on one runtime.
 */
export class Runtime {
  readonly topo: Topology;
  /** The functions, rules and hooks whose evaluation may draw on the generator (`drawsChance`). */
  readonly draws: ReadonlySet<string>;
  readonly functions = new Map<string, Callable>();
  readonly rules = new Map<string, CompiledRule>();
  readonly hooks = new Map<string, Callable>();
  readonly code = new Map<string, Compiled>();
  /** The code last asked of `codeOf`, by name: the VM asks for the frame on top's at every decision. */
  private lastCodeName: string | undefined;
  private lastCode: Compiled | undefined;
  readonly handlers: CompiledHandler[] = [];
  readonly globalInits = new Map<string, Fn>();
  readonly playerInits = new Map<string, Fn>();
  readonly scoring: { points: Fn; tiebreaks: { most: boolean; value: Fn }[]; nlocals: number; draws: boolean };
  /** The game's `estimate p { … }`, if it has one. */
  readonly estimate: { value: Fn; nlocals: number } | undefined;
  /** The game's `measure` blocks, in the order written (`measures.ts`). */
  readonly measures: { value: Fn; nlocals: number }[];
  /** `show` blocks by `kind:` or `board:` name; `draws`: an entry may draw on the generator (`random`), which showing must put back. */
  /** `labelFollowsPlay`: the `label` entry reads the match's play (`reads-play.ts`), so its texts are readings, not symbols. */
  readonly show = new Map<string, { entries: Record<string, Fn>; nlocals: number; draws: boolean; labelFollowsPlay?: boolean }>();
  /** A kind's `known` blocks by kind name (`marks.ts`): what its pieces' marks say of them. */
  readonly known = new Map<string, { value: Fn; nlocals: number }[]>();
  /** By board shape type, then by component: `orientations`' answers. */
  private readonly orientationCache = new Map<string, (Orientation[] | undefined)[]>();
  /** `startPlan`'s answers, by player count. */
  private readonly startPlans = new Map<number, StartPlan>();
  private fingerprintCache: string | undefined;
  private rulesFingerprintCache: string | undefined;
  private runFingerprintCache: string | undefined;
  /** Components' names without a `show` label (`pieceLabel`), worked out once each. */
  private readonly componentLabels: (string | undefined)[] = [];
  /** By component: its kind's `show` entries (`pieceLabel`), or null when the kind shows none; looked up once each. */
  private readonly componentShows: ({ entries: Record<string, Fn>; nlocals: number; draws: boolean } | null | undefined)[] = [];
  /** By zone or board instance key: its definition (`zoneDef`), or null; the name read out of the key once per key. */
  private readonly zoneDefs: Record<string, ZoneDef | null> = Object.create(null);
  /** By zone instance key: who sees the pieces in it (`seenBy`), worked out once per key. */
  private readonly zoneSeers: Record<string, number> = Object.create(null);
  /**
   * Does some zone hide its pieces from someone (not public)? When none does, a move between
   * zones and face-up spaces is seen by everyone without asking `seenBy` (`knowledge.ts`).
   */
  readonly zonesHide: boolean;
  /** Components' classes of interchangeable pieces (`like-pieces.ts`; `knowledge.ts` reads which a seen piece could be). */
  readonly likeClasses: Int32Array;
  /** How deep calls are nested now. */
  private depth = 0;
  /** The deepest calls have nested since `deepestFrom` last reset it: what the memo keeps with an answer. */
  private deepest = 0;

  constructor(
    readonly def: GameDef,
    /** How expressions run: compiled to JavaScript, or as the reference interpreter's closures. */
    readonly engine: EngineKind = "compiled",
  ) {
    this.topo = new Topology(def);
    this.zonesHide = Object.values(def.zones).some((z) => z.visibility !== "public");
    this.likeClasses = componentClasses(def);
    this.sided = def.components.map((comp) => (def.kinds[comp.kind]?.sidesFields.length ?? 0) > 0);
    const draws = drawsChance(def);
    this.draws = draws;
    for (const f of Object.values(def.functions)) {
      const body = compileExpr(f.body, this);
      const call = this.frameCall(f.nlocals, body, f.span);
      this.functions.set(f.name, draws.has(`fn:${f.name}`) ? call : remembered(call, f.params.length, true, placementsBySpaces(f.params, [f.body])));
    }
    for (const r of Object.values(def.rules)) {
      const reqs = r.requires.map((q) => ({
        cond: compileExpr(q.cond, this),
        reason: q.reason ? compileExpr(q.reason, this) : undefined,
        text: q.text,
        // A `require` that asks another rule, with no words of its own, is explained in that rule's.
        rules: q.reason ? [] : compiledRuleCalls(q.cond, this),
      }));
      const n = r.nlocals;
      const check = (x: Exec, args: Value[], span: Span): boolean => {
          this.enter(span);
          try {
            const l = frame(args, n);
            for (let i = 0; i < reqs.length; i++) if (reqs[i]!.cond(x, l) !== true) return false;
            return true;
          } catch (e) {
            if (e instanceof RuntimeError) e.through(span);
            throw e;
          } finally {
            this.leave();
          }
      };
      this.rules.set(r.name, {
        // Not remembered (`memo.ts`), unlike functions and hooks: a rule is a choice's filter, asked
        // of each candidate once, and in every game here its memo never paid for itself (the
        // adaptive memo switched off on every window of 512 calls), while the wrapper and its
        // call shared by every remembered callable cost 7–9% of a playout in one bench game, 1–5% in another.
        check,
        explain: (x, args, span) => {
          this.enter(span);
          try {
            const l = frame(args, n);
            for (const q of reqs) {
              if (q.cond(x, l) === true) continue;
              if (q.reason) return String(q.reason(x, l));
              for (const c of q.rules) {
                const inner = explainCall(x, l, c, span);
                if (inner) return inner;
              }
              return `this must hold: ${q.text}`;
            }
            return null;
          } finally {
            this.leave();
          }
        },
      });
    }
    for (const h of Object.values(def.hooks)) {
      const base = compileExpr(h.base, this);
      const mods = h.modifiers.map((m) => ({ when: m.when ? compileExpr(m.when, this) : undefined, value: compileExpr(m.value, this) }));
      const hook: Callable = (x, args, span) => {
        this.enter(span);
        try {
          const l = frame(args, h.nlocals);
          let v = base(x, l);
          for (const m of mods) {
            l[h.valueSlot] = v;
            if (!m.when || m.when(x, l) === true) v = m.value(x, l);
          }
          return v;
        } finally {
          this.leave();
        }
      };
      this.hooks.set(h.name, draws.has(`hook:${h.name}`) ? hook : remembered(hook, h.params.length, true, placementsBySpaces(h.params, [h.base, h.modifiers])));
    }
    for (const p of Object.values(def.procedures)) this.code.set(`proc:${p.name}`, compileCode(p, this));
    if (def.setup) this.code.set("setup", compileCode(def.setup, this));
    this.code.set("flow", compileCode(def.flow, this));
    def.handlers.forEach((h, i) => {
      const id = `handler:${i}`;
      this.code.set(id, compileCode(h, this));
      const ch: CompiledHandler = { event: h.event, code: id, nlocals: h.nlocals };
      if (h.where) ch.where = compileExpr(h.where, this);
      this.handlers.push(ch);
    });
    for (const v of def.globals) if (v.init) this.globalInits.set(v.name, compileExpr(v.init, this));
    for (const v of def.playerVars) if (v.init) this.playerInits.set(v.name, compileExpr(v.init, this));
    this.scoring = {
      points: compileExpr(def.scoring.points, this),
      tiebreaks: def.scoring.tiebreaks.map((t) => ({ most: t.most, value: compileExpr(t.value, this) })),
      nlocals: def.scoring.nlocals,
      // Whether a player's points draw on the generator: then one player's estimate is not worked out alone (`estimate.ts`).
      draws: mayDraw(def.scoring.points, draws),
    };
    this.estimate = def.estimate ? { value: compileExpr(def.estimate.value, this), nlocals: def.estimate.nlocals } : undefined;
    this.measures = def.measures.map((m) => ({ value: compileExpr(m.value, this), nlocals: m.nlocals }));
    for (const k of Object.values(def.kinds)) {
      if (k.known) this.known.set(k.name, k.known.map((b) => ({ value: compileExpr(b.value, this), nlocals: b.nlocals })));
      if (k.show) this.show.set(`kind:${k.name}`, { entries: mapValues(k.show.entries, (e) => compileExpr(e, this)), nlocals: k.show.nlocals, draws: mayDraw(Object.values(k.show.entries), draws) });
    }
    for (const b of Object.values(def.boards)) {
      if (b.show) {
        const label = b.show.entries["label"];
        this.show.set(`board:${b.name}`, {
          entries: mapValues(b.show.entries, (e) => compileExpr(e, this)),
          nlocals: b.show.nlocals,
          draws: mayDraw(Object.values(b.show.entries), draws),
          labelFollowsPlay: label !== undefined && readsPlay(label, def),
        });
      }
    }
  }

  /**
   * A fingerprint of the rules this runtime plays: a hash of the checked
   * definition without source positions (moving a comment keeps it, changing
   * a rule changes it). Saved states carry it; `Match.fromJSON` compares.
   */
  get fingerprint(): string {
    this.fingerprintCache ??= fingerprintOf(this.def);
    return this.fingerprintCache;
  }

  /**
   * A fingerprint of what the rules play alone: the definition without the bots' `estimate`,
   * the `measure`s, the examples and the variant's name, none of which changes a game (two
   * versions that differ only there play the same game; bots that steer by the estimate may
   * play it otherwise).
   */
  get rulesFingerprint(): string {
    this.rulesFingerprintCache ??= fingerprintOf(this.def, PLAY_ASIDE);
    return this.rulesFingerprintCache;
  }

  /**
   * A fingerprint of what a run of bots plays and reads: the rules, the bots' `estimate` and the
   * `measure`s, not the examples (which no run plays) nor the variant's name (a run names it). Runs
   * saved for `stela merge` carry it: a designer who added an example between two seeds' runs was
   * told their rules had changed, and played the first seed again.
   */
  get runFingerprint(): string {
    this.runFingerprintCache ??= fingerprintOf(this.def, RUN_ASIDE);
    return this.runFingerprintCache;
  }

  /** A function body run in a fresh frame. */
  private frameCall(nlocals: number, body: Fn, declSpan: Span): Callable {
    return (x, args, span) => {
      this.enter(span);
      try {
        tick(x, declSpan);
        return body(x, frame(args, nlocals));
      } catch (e) {
        if (e instanceof RuntimeError) e.through(span);
        throw e;
      } finally {
        this.leave();
      }
    };
  }

  /**
   * Enters a nested call, turning endless recursion into a diagnostic instead of a crashed tab;
   * each `enter` is paired with a `leave` in a `finally` (no closure per call: calls are hot).
   */
  private enter(span: Span): void {
    if (++this.depth > this.deepest) this.deepest = this.depth;
    if (this.depth > DEEP_CALL) this.deepCall = span;
    if (this.depth > MAX_DEPTH) {
      this.depth = 0;
      fail("runtime-stack-overflow", `calls nested more than ${MAX_DEPTH} deep: this rule probably calls itself forever`, span);
    }
  }

  private leave(): void {
    if (this.depth > 0) this.depth--;
  }

  /** The call made deepest in the nesting, past `DEEP_CALL` levels: where a recursion without end calls itself. */
  private deepCall: Span | undefined;

  /**
   * Where JavaScript's own stack gave out, if calls were nesting deep (JavaScript's stack may end
   * before `MAX_DEPTH`): the innermost call then, most likely the one a `define` makes of itself.
   * Taken once: the next overflow starts afresh.
   */
  takeDeepCall(): Span | undefined {
    const span = this.deepCall;
    this.deepCall = undefined;
    return span;
  }

  /**
   * Starts counting how many levels deeper than now calls nest: the memo keeps that with an
   * answer, so an answer given again at a deeper level can be refused where working it out would
   * have hit the nesting limit (`memo.ts`). Gives what `nestingEnd` takes back; a pair of calls,
   * not a callback, since the memo does this on every answer it works out.
   */
  nestingBegin(): number {
    const outer = this.deepest;
    this.deepest = this.depth;
    return outer;
  }

  /** Ends what `nestingBegin` started (`outer`, what it gave): how many levels deeper calls nested. */
  nestingEnd(outer: number): number {
    const below = this.deepest - this.depth;
    this.deepest = Math.max(outer, this.deepest);
    return below;
  }

  /** Would calls nesting `below` levels deeper than now pass the nesting limit? */
  nestingFits(below: number): boolean {
    return this.depth + below <= MAX_DEPTH;
  }

  // ------------------------------------------------------------ naming

  playerName(p: number): string {
    return typeof p === "number" ? `Player ${p + 1}` : "nobody";
  }

  enumLabel(name: string, member: string): string {
    const e = this.def.enums[name];
    const i = e ? e.members.indexOf(member) : -1;
    return i >= 0 ? e!.labels[i]! : String(member);
  }

  /** The definition of a zone instance (`rack#2`). Asked whenever a piece's visibility is, so kept by key. */
  zoneDef(instance: string): ZoneDef | undefined {
    let d = this.zoneDefs[instance];
    if (d === undefined) d = this.zoneDefs[instance] = this.def.zones[boardName(instance)] ?? null;
    return d ?? undefined;
  }

  /**
   * Who sees what the pieces in the zone instance are, as `visibility.ts` `seesZoneInstance` says:
   * `EVERYONE` (-1, a public zone), `NO_ONE` (-2, a hidden zone, or an owner zone no one owns), the
   * seat of the owner, or -3 - the owner's seat for an `others` zone (every seat but the owner's). Asked at every move (`knowledge.ts`), so kept by key: a number to compare.
   */
  seenBy(instance: string): number {
    let v = this.zoneSeers[instance];
    if (v === undefined) {
      const visibility = this.zoneDef(instance)?.visibility ?? "public";
      const owner = instanceOwner(instance);
      // `others` (every seat but the owner) as -3 - owner: `knowledge.ts` `sees` reads it.
      v = this.zoneSeers[instance] =
        visibility === "public" ? -1 : owner === null ? -2 : visibility === "owner" ? owner : visibility === "others" ? -3 - owner : -2;
    }
    return v;
  }

  /** `deck`, `rack of Player 2`, `display 3` (numbered zones count from 1 for players, as seats do). */
  zoneLabel(instance: string): string {
    const owner = instanceOwner(instance);
    const name = boardName(instance).replace(/_/g, " ");
    const n = instanceNumber(instance);
    // Named as the rules name them (`labels ["Jade", …]`), else by number.
    if (n !== null) return this.zoneDef(instance)?.labels?.[n] ?? `${name} ${n + 1}`;
    return owner === null ? name : `${name} of ${this.playerName(owner)}`;
  }

  component(s: MatchState, id: number): ComponentDef {
    return this.def.components[s.pieces[id]!.c]!;
  }

  /** A piece's name as players read it: its `show` label, or its name with the fields that tell it apart. */
  pieceLabel(s: MatchState, id: number): string {
    const p = s.pieces[id];
    if (!p) return "none";
    const c = this.def.components[p.c]!;
    // By component, not by a key built from the kind's name: the log names a piece at every decision.
    let show = this.componentShows[p.c];
    if (show === undefined) show = this.componentShows[p.c] = this.show.get(`kind:${c.kind}`) ?? null;
    if (show?.entries["label"]) {
      const x = newExec(this, s);
      const l = nulls(show.nlocals);
      l[0] = id;
      // A `show` label that fails (a table miss, `none` where a value was needed) names the piece by
      // its component, as a view draws nothing for a failing hint (`view.ts`): naming a piece never
      // stops a match, so a quiet match, which does not name the decisions taken, plays the same.
      // Naming changes nothing: a label that draws on the generator puts it back.
      const rng = show.draws ? s.rng.slice() : undefined;
      let v: Value = null;
      try {
        v = show.entries["label"](x, l);
      } catch (e) {
        if (!(e instanceof RuntimeError)) throw e;
      } finally {
        if (rng) s.rng = rng;
      }
      if (typeof v === "string" && v) return v;
      // A label given as a space reads as the space does (`c4`).
      if (isSpace(v)) return this.topo.label(v);
    }
    // Without a `show` label the name depends on the component alone: the log names a piece at
    // every decision that takes one.
    return (this.componentLabels[p.c] ??= this.componentLabel(s, c));
  }

  /** A component's name with the fields that tell it apart (its own name when it has one). */
  private componentLabel(s: MatchState, c: ComponentDef): string {
    if (c.label !== c.kind) return c.label;
    const kind = this.def.kinds[c.kind]!;
    const parts = kind.fields
      .filter((f) => f.type.t === "enum" || f.type.t === "number" || f.type.t === "text")
      .map((f) => {
        const x = newExec(this, s);
        return label(x, c.fields[f.name] ?? null, f.type);
      });
    return parts.length ? `${c.label} (${parts.join(", ")})` : c.label;
  }

  /** Sorts pieces of `s` into groups of interchangeable ones: a choice offers one of each group. */
  likePieces(s: MatchState): LikePieces {
    return new LikePieces(this.likeClasses, s);
  }

  // ------------------------------------------------------------ shapes and sides

  /**
   * The distinct ways a piece can face when placed on a board of `board`'s shape (cached per
   * component and shape); `mirrored`: its mirror image's ways too (`placements(…, mirrored: true)`).
   */
  orientations(s: MatchState, id: number, board: BoardShape, mirrored = false): Orientation[] {
    // Asked for every piece each time placements are listed: looked up without building a key.
    const c = s.pieces[id]!.c;
    const cacheKey = mirrored ? `${board.type}/mirrored` : board.type;
    let byComponent = this.orientationCache.get(cacheKey);
    if (!byComponent) this.orientationCache.set(cacheKey, (byComponent = []));
    const cached = byComponent[c];
    if (cached) return cached;
    const comp = this.def.components[c]!;
    const kind = this.def.kinds[comp.kind]!;
    const shape = kind.shapeField ? (comp.fields[kind.shapeField] as ShapeValue | null) : undefined;
    return (byComponent[c] = orientations(shape ?? undefined, this.printedSides(c), board, mirrored));
  }

  /** A component's `sides` values as printed (before any turn), by field. */
  private printedSides(c: number): Record<string, number[]> {
    const comp = this.def.components[c]!;
    const sides: Record<string, number[]> = {};
    for (const f of this.def.kinds[comp.kind]!.sidesFields) sides[f] = (comp.fields[f] as number[] | null) ?? [0, 0, 0, 0];
    return sides;
  }

  /** By component: is its kind one with `sides` fields? */
  private readonly sided: boolean[];

  /**
   * How a piece placed with `rotation` on board instance `board` faces: its turns, and whether it
   * was mirrored first (`placements(…, mirrored: true)` numbers a mirrored way past the board's turns).
   */
  facing(board: string, rotation: number): { turns: number; mirrored: boolean } {
    // No board turns pieces fewer than 4 ways but those that never turn one (rotation 0).
    if (rotation < 4) return { turns: rotation, mirrored: false };
    return facing(rotation, this.topo.shape(board)?.turns ?? 1);
  }

  /**
   * A piece's sides after `rotation` turns on board instance `board` (as `placements` numbers
   * them: past the board's turns, mirrored first), or undefined for a kind without sides.
   */
  turnedSides(s: MatchState, id: number, rotation: number, board: string): Record<string, number[]> | undefined {
    const c = s.pieces[id]?.c;
    // Most kinds have no sides, and a piece is put down at every move: told by component, once.
    if (c === undefined || !this.sided[c]) return undefined;
    // One record per component and turn, frozen: a piece's sides are replaced whole, never changed
    // in place (`PieceState.sides`), and naming every placement of a hand made a new one each time.
    // A mirrored turn is kept apart, by the board's shape (a square and a hex mirror differently);
    // no board turns pieces fewer than 4 ways but those that never turn one (rotation 0).
    const shape = rotation >= 4 ? this.topo.shape(board) : undefined;
    const face = shape ? facing(rotation, shape.turns) : undefined;
    const byTurn = face?.mirrored ? ((this.mirroredCache[c] ??= {})[shape!.type] ??= []) : (this.turnedCache[c] ??= []);
    let out = byTurn[rotation];
    if (!out) {
      const printed = this.printedSides(c);
      const shown = face?.mirrored ? mirrorSides(printed, shape!) : printed;
      out = {};
      for (const [f, values] of Object.entries(shown)) out[f] = Object.freeze(turnSides(values, face?.turns ?? rotation)) as number[];
      byTurn[rotation] = Object.freeze(out);
    }
    return out;
  }

  /** `turnedSides`' records, by component and turn. */
  private readonly turnedCache: Record<string, number[]>[][] = [];
  /** `turnedSides`' records of mirrored pieces, by component, board shape and turn. */
  private readonly mirroredCache: Record<string, Record<string, number[]>[]>[] = [];

  /**
   * What every match for `players` starts with, worked out once per player count: its zone and
   * board instances and each piece's component, owner, zone and state fields. Names and lists
   * only, never the pieces themselves (a match's own objects stay its own: sharing them made
   * every later `clone()` slower).
   */
  startPlan(players: number): StartPlan {
    let plan = this.startPlans.get(players);
    if (plan) return plan;
    const def = this.def;
    const zones: string[] = [];
    for (const z of Object.values(def.zones)) {
      if (z.perPlayer) for (let p = 0; p < players; p++) zones.push(instanceKey(z.name, true, p));
      else if (z.copies !== undefined) zones.push(...numberedKeys(z.name, z.copies));
      else zones.push(z.name);
    }
    const pieces = this.pieceComponents(players).map(({ c, owner }) => {
      const comp = def.components[c]!;
      // A player's pieces start in that player's zone of the name, or in the one zone of a shared name
      // (`components Worker per player in pool`: each player's workers in one pool).
      const shared = comp.zone !== undefined && def.zones[comp.zone]?.perPlayer === false;
      return { c, owner, zone: comp.zone ? instanceKey(comp.zone, comp.perPlayer && !shared, owner) : null, states: def.kinds[comp.kind]!.states };
    });
    // Each zone's pieces at the start, bottom first, as the pieces come: a new match copies each list
    // whole instead of finding its zone by name once per piece.
    const byZone = new Map<string, number[]>(zones.map((z) => [z, []]));
    pieces.forEach((p, id) => {
      if (p.zone) byZone.get(p.zone)!.push(id);
    });
    const boards = this.topo.instances(players);
    // One entry per cell of a bounded board (`CellStacks`; an open grid's list grows).
    // The zones record's layout, every key in plan order (`zoneRecord`). Made by `JSON.parse`, which
    // gives V8's fast layout however many zones there are; a record built key by key turns into a
    // hash table past a dozen or so, and copying one then took 16 µs where this takes 0.1.
    const zoneLayout = JSON.parse(JSON.stringify(Object.fromEntries(zones.map((z) => [z, null])))) as Record<string, null>;
    plan = { zones, zoneStarts: zones.map((z) => byZone.get(z)!), zoneLayout, boards, emptyStacks: boards.map((b) => emptyStacks(this.topo.cellCount(b))), pieces };
    this.startPlans.set(players, plan);
    return plan;
  }

  /**
   * The compiled code named `name` (`flow`, `proc:score`), or undefined. The last one asked is
   * kept: a frame's code is asked for again and again, and comparing one name (the same text
   * object every time) cost less than a look-up in `code` (2.6% of a small game's playout).
   */
  codeOf(name: string): Compiled | undefined {
    if (name === this.lastCodeName) return this.lastCode;
    const c = this.code.get(name);
    // Only what exists is kept: a scenario adds code later (`Scenario.runPosition`).
    if (c !== undefined) {
      this.lastCodeName = name;
      this.lastCode = c;
    }
    return c;
  }

  /** Piece ids: components in declaration order, per-player ones once per seat. */
  pieceComponents(players: number): { c: number; owner: number | null }[] {
    const out: { c: number; owner: number | null }[] = [];
    this.def.components.forEach((comp, c) => {
      if (comp.perPlayer) for (let p = 0; p < players; p++) out.push({ c, owner: p });
      else out.push({ c, owner: null });
    });
    return out;
  }
}

/** What a definition holds beside the rules a game plays by (`Runtime.rulesFingerprint`). */
const PLAY_ASIDE: readonly string[] = ["estimate", "measures", "examples", "variant"];

/** What a definition holds beside what a run of bots plays and reads (`Runtime.runFingerprint`). */
const RUN_ASIDE: readonly string[] = ["examples", "variant"];

/** Two 32-bit FNV-1a style hashes over the definition's JSON without spans (and without `aside`, top-level keys). */
function fingerprintOf(def: GameDef, aside: readonly string[] = []): string {
  // The file's name and text are left out as well: only what plays counts.
  const text = JSON.stringify(def, function (this: unknown, k: string, v: unknown) {
    if (k === "span" || (this === def && (k === "file" || k === "source" || aside.includes(k)))) return undefined;
    return v;
  });
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x0100019d);
  }
  return `${(h1 >>> 0).toString(16).padStart(8, "0")}${(h2 >>> 0).toString(16).padStart(8, "0")}`;
}

function mapValues<A, B>(o: Record<string, A>, f: (a: A) => B): Record<string, B> {
  const out: Record<string, B> = {};
  for (const [k, v] of Object.entries(o)) out[k] = f(v);
  return out;
}

/** What a match starts with for one player count (`Runtime.startPlan`). */
export interface StartPlan {
  zones: string[];
  /** By zone, in the order of `zones`: the ids of the pieces that start there, bottom first. */
  zoneStarts: number[][];
  /** Every zone key, in the order of `zones`, in V8's fast layout (`zoneRecord`). */
  zoneLayout: Record<string, null>;
  boards: string[];
  /** By board, in the order of `boards`: its stacks when no piece is on it, copied for each match. */
  emptyStacks: CellStacks[];
  pieces: { c: number; owner: number | null; zone: string | null; states: KindDef["states"] }[];
}
