import type { Code, IrStmt, SpaceValue, Value } from "../dsl/ir.ts";
import { T, type Type } from "../dsl/types.ts";
import { compileCode, type Instr } from "./compile-code.ts";
import { items } from "./compile-expr.ts";
import { newExec, type Exec } from "./exec.ts";
import type { Game, StartOptions } from "./game.ts";
import { Match, type Option } from "./match.ts";
import { choiceLabeller, legalValues, nameChoice, namedOption } from "./options.ts";
import { ownPiece, putInZone, putOnBoard, takeOut } from "./pieces.ts";
import { noteFlip } from "./knowledge.ts";
import type { Runtime } from "./runtime.ts";
import { stackAt, type MatchResult } from "./state.ts";
import { numberedKey } from "../dsl/keys.ts";
import { boardName, instanceKey, instanceOwner } from "./topology.ts";
import { run } from "./vm.ts";
import { cloneState } from "./clone-state.ts";
import { isPlacement } from "./values.ts";
import { nearest } from "../dsl/suggest.ts";

/**
 * Scenarios: a rulebook example laid out on the table in the rule file's own
 * words. Start a match, put pieces in zones and on spaces by their names, set
 * variables, let the rules ask again, take decisions by their labels, and ask
 * whether an option is offered or refused (and why). The `example` blocks of a
 * rule file run on this; tests and tools use it directly.
 *
 * Seats are numbered from 0, as everywhere in the engine's API; messages name
 * players as people read them ("Player 1").
 */

/** A scenario step that cannot be done (an unknown zone, no such piece, no such option): the message says why. */
export class ScenarioError extends Error {}

/** A piece as a scenario sees it: what it is and where it lies, in the rule file's words. */
export interface ScenarioPiece {
  id: number;
  /** The component's name (the kind's name for unnamed components). */
  name: string;
  /** How players read it (its `show` label). */
  label: string;
  kind: string;
  fields: Record<string, Value>;
  /** Values of the kind's `state` fields. */
  state: Record<string, Value>;
  owner: number | null;
  /** The zone holding it: its declared name and, for a per-player zone, whose; null when not in a zone. */
  zone: { name: string; owner: number | null; key: string } | null;
  /** The board it lies on (declared name and owner), or null. */
  board: { name: string; owner: number | null; key: string } | null;
  /** The spaces it covers, as players name them (`d4`). */
  spaces: string[];
  faceUp: boolean;
}

/** Which piece: every given property must match. */
export interface PieceQuery {
  kind?: string;
  /** The component's name or its label. */
  name?: string;
  owner?: number | null;
  /** In this zone (declared name); with `zoneOwner` for a per-player zone. */
  zone?: string;
  zoneOwner?: number;
  /** Static field values (enum members by name). */
  fields?: Record<string, Value>;
  /** Only pieces lying on a board (true) or not on one (false). */
  onBoard?: boolean;
}

/** Where to put a piece on a board. */
export interface PlaceOptions {
  /** For a per-player board: whose. */
  owner?: number;
  /** Turns clockwise, as `placements` numbers them (plus the board's turns, 4 on a square grid, when mirrored). */
  rotation?: number;
  faceDown?: boolean;
}

/** Why a label is not among the options, or that it is. */
export type OptionCheck =
  | { offered: true }
  | {
      offered: false;
      reason: string;
      /** Is it a candidate the rules rule out (not a label nobody offers)? */
      candidate: boolean;
      /**
       * When it is no candidate: the label of every candidate of the pending choice, offered or
       * not, when they can be listed; of a pick of several, its items' labels (`several`).
       */
      labels?: string[];
      /** The pending choice picks several items: an option's label joins its items' ("Gold, Wood and Corn"). */
      several?: boolean;
    };

/** A match driven as a rulebook example: see the module comment. */
export class Scenario {
  /** Messages before this one were written before the last decision taken here (or were matched already). */
  private forcedSeen = 0;
  /**
   * How many messages the match had when the example's first step ran (`stepped`): choices taken
   * without asking before then came as the match started, before any position was laid out.
   */
  private started: number | undefined;

  /** Marks that one of the example's steps runs now (the first sets `started`). */
  stepped(): void {
    this.started ??= this.match.state.messages.length;
  }

  /** Drives `match`, narrated from now on (`Match.quiet` off): an example names what was taken without asking, and reads the lines. */
  constructor(readonly match: Match) {
    match.quiet = false;
  }

  /** Starts a match of `game` and runs it to the first decision, narrated (even when `options` ask for a quiet one). */
  static start(game: Game, options: StartOptions): Scenario {
    return new Scenario(game.start({ ...options, quiet: false }));
  }

  private get rt(): Runtime {
    return this.match.game.runtime(this.match.state.variant);
  }

  /** A context to run the match's rules in: one that asks every choice when the match does (`Match.askAlways`). */
  private exec(): Exec {
    const x = newExec(this.rt, this.match.state);
    x.askAlways = this.match.askAlways;
    x.forcedDraws = this.match.forcedDraws;
    return x;
  }

  // ------------------------------------------------------------ reading

  /** Every piece of the match with what it is and where it lies. */
  pieces(): ScenarioPiece[] {
    const rt = this.rt;
    const s = this.match.state;
    return s.pieces.map((p, id) => {
      const c = rt.def.components[p.c]!;
      return {
        id,
        name: c.label,
        label: rt.pieceLabel(s, id),
        kind: c.kind,
        fields: c.fields,
        state: p.st,
        owner: p.owner,
        zone: p.zone === null ? null : { name: boardName(p.zone), owner: instanceOwner(p.zone), key: p.zone },
        board: p.board === null ? null : { name: boardName(p.board), owner: instanceOwner(p.board), key: p.board },
        spaces: p.board === null ? [] : p.cells.map((cell) => rt.topo.label(rt.topo.spaceKey(p.board!, cell))),
        faceUp: p.up,
      };
    });
  }

  /** The pieces matching `query`, in id order. */
  findAll(query: PieceQuery): ScenarioPiece[] {
    const zones = Object.keys(this.rt.def.zones);
    if (query.zone !== undefined && !zones.includes(query.zone)) throw new ScenarioError(`there is no zone \`${query.zone}\`${suggest(query.zone, zones)}`);
    return this.pieces().filter((p) => matches(p, query));
  }

  /**
   * One piece matching `query`: the first not on a board, else the first on
   * one (laying out a position takes pieces from the box before the table).
   */
  piece(query: PieceQuery): number {
    const all = this.findAll(query);
    const p = all.find((q) => q.board === null) ?? all[0];
    if (!p) throw new ScenarioError(`no piece is ${describeQuery(query)}`);
    return p.id;
  }

  /** The ids of the pieces in a zone, bottom first (`zone("rack", 0)`: the first player's rack). */
  zone(name: string, owner?: number): number[] {
    return [...this.match.state.zones[this.zoneKey(name, owner)]!];
  }

  /** The ids of the pieces on a space, bottom first (`at("land", "d4")`). */
  at(board: string, space: string, owner?: number): number[] {
    const key = this.spaceKey(board, space, owner);
    const info = this.rt.topo.info(key)!;
    return [...(stackAt(this.match.state.cells[info.board], info.index) ?? [])];
  }

  /** A global variable's value. */
  global(name: string): Value {
    if (!this.rt.def.globals.some((v) => v.name === name)) throw new ScenarioError(`there is no variable \`${name}\``);
    return this.match.global(name);
  }

  /** A per-player variable's value. */
  playerVar(player: number, name: string): Value {
    this.seat(player);
    if (!this.rt.def.playerVars.some((v) => v.name === name)) throw new ScenarioError(`there is no player variable \`${name}\``);
    return this.match.playerVar(player, name);
  }

  /** The final result, or the result as if the game ended now. */
  result(): MatchResult {
    return this.match.result ?? this.match.provisionalResult();
  }

  // ------------------------------------------------------------ laying out a position

  /** Puts a piece on spaces of a board (labels like `d4`), as if placed earlier: no rule reacts. Call `resume` when done. */
  place(id: number, board: string, spaces: string[], options: PlaceOptions = {}): void {
    const x = this.exec();
    this.pieceState(id);
    const keys = spaces.map((sp) => this.spaceKey(board, sp, options.owner));
    const instance = this.rt.topo.info(keys[0]!)!.board;
    const rotation = options.rotation ?? 0;
    putOnBoard(x, id, instance, keys.map((k) => this.rt.topo.info(k)!.cell), rotation, x.rt.turnedSides(x.s, id, rotation, instance), !options.faceDown);
  }

  /** Moves a piece on top of a zone (`move(id, "rack", 1)`: the second player's rack). */
  move(id: number, zone: string, owner?: number): void {
    this.pieceState(id);
    const key = this.zoneKey(zone, owner);
    try {
      putInZone(this.exec(), id, key, this.rt.def.flow.span);
    } catch (e) {
      throw new ScenarioError(e instanceof Error ? e.message : String(e));
    }
  }

  /** Takes a piece out of the game. */
  remove(id: number): void {
    this.pieceState(id);
    takeOut(this.rt, this.match.state, id);
  }

  /** Turns a piece on a board face up or face down. */
  flip(id: number, faceUp: boolean): void {
    this.pieceState(id);
    noteFlip(this.match.state, id, faceUp);
    ownPiece(this.match.state, id).up = faceUp;
  }

  /** Sets a global variable (checked against its declared bounds). */
  setGlobal(name: string, value: Value): void {
    const v = this.rt.def.globals.find((g) => g.name === name);
    if (!v) throw new ScenarioError(`there is no variable \`${name}\``);
    this.match.state.globals[name] = this.bounded(name, this.typed(name, value, v.type), v.bounds);
  }

  /** Sets a player's variable (checked against its declared bounds). */
  setPlayerVar(player: number, name: string, value: Value): void {
    this.seat(player);
    const v = this.rt.def.playerVars.find((g) => g.name === name);
    if (!v) throw new ScenarioError(`there is no player variable \`${name}\``);
    this.match.state.pvars[player]![name] = this.bounded(name, this.typed(name, value, v.type), v.bounds);
  }

  /**
   * Runs checked statements (an `example`'s `position` block) where the match
   * stands, sharing `locals` with the rest of the example, then asks the
   * pending question again. With `triggers`, the rules' `on` handlers react to
   * what the statements do; without, the position is simply laid out.
   */
  runPosition(code: Code & { body: IrStmt[] }, id: string, locals: Value[], triggers: boolean): void {
    const s = this.match.state;
    this.assertResumable();
    const rt = this.rt;
    const key = `position:${id}`;
    if (!rt.code.has(key)) rt.code.set(key, compileCode({ ...code, name: key }, rt));
    s.pending = null;
    const frame: (typeof s.stack)[number] = { code: key, pc: 0, locals, detached: true };
    if (!triggers) frame.quiet = true;
    s.stack.push(frame);
    run(this.exec());
    if (s.error) {
      // A statement of the position itself (a piece looked for where it is not) is the example's
      // own mistake: "the rules failed" sent two new users looking in their rules.
      const at = s.error.span.start;
      const own = at.offset >= code.span.start.offset && at.offset <= code.span.end.offset && s.error.span.file === code.span.file;
      throw new ScenarioError(`${own ? "the position failed" : "the rules failed, run from the position"}: ${s.error.message} (line ${at.line}, column ${at.column})`);
    }
    if (s.stack.some((f) => f.code === key)) {
      throw new ScenarioError("a position only lays pieces out: what it ran asked a player to choose");
    }
  }

  /**
   * After laying out a position, the rules ask their pending question again,
   * so its options reflect the new position.
   */
  resume(): void {
    this.assertResumable();
    this.match.state.pending = null;
    this.match.runToDecision();
    if (this.match.error) throw new ScenarioError(`the rules failed: ${this.match.error.message} (line ${this.match.error.span.start.line})`);
  }

  private assertResumable(): void {
    const p = this.match.state.pending;
    if (this.match.over || !p) throw new ScenarioError("the game is over: there is no question to ask again");
    if (p.kind === "secret" && Object.keys(p.chosen).length) {
      throw new ScenarioError("cannot lay out a position while a secret choice is half answered");
    }
  }

  /** Ends the game here, as if its flow had run out, and scores it. */
  end(): void {
    const s = this.match.state;
    s.pending = null;
    s.stack = [];
    this.match.runToDecision();
    if (s.error) throw new ScenarioError(`the rules failed: ${s.error.message} (line ${s.error.span.start.line})`);
  }

  /** Calls a `define` of the rule file on the match as it stands (arguments as engine values: seats, piece ids, spaces from `space` or their keys). */
  call(name: string, ...args: Value[]): Value {
    const f = this.rt.functions.get(name);
    if (!f) throw new ScenarioError(`there is no \`define ${name}\`${suggest(name, Object.keys(this.rt.def.functions))}`);
    const def = this.rt.def.functions[name]!;
    const typed = args.map((v, i) => (def.params[i] ? this.typed(def.params[i]!.name, v, def.params[i]!.type) : v));
    return f(this.exec(), typed, def.span);
  }

  // ------------------------------------------------------------ decisions

  /** The options of `player` (default: whoever decides first). */
  options(player?: number): Option[] {
    return this.match.options(player);
  }

  /** The one option whose label is `label` (or matches it); fails listing the options. */
  option(label: string | RegExp, player?: number): Option {
    const who = player ?? this.match.decision?.players[0];
    const opts = this.match.options(who);
    const test = (o: Option): boolean => (typeof label === "string" ? sameLabel(o.label, label) : label.test(o.label));
    let found = opts.filter(test);
    if (found.length === 0 && typeof label === "string") found = opts.filter((o) => o.id === label);
    // A pick of several named with its items in another order ("corn and gold" for the engine's
    // "gold and corn"): `expect offered` takes it, so `choose` does too.
    if (found.length === 0 && typeof label === "string" && who !== undefined) {
      const c = this.candidates(who);
      const pick = c?.several ? pickNamed(label, c.list) : undefined;
      if (pick) found = opts.filter((o) => itemsKey(o.id) === itemsKey(pick.id));
    }
    if (found.length !== 1) {
      const whom = who === undefined ? "nobody" : this.rt.playerName(who);
      // Asked of a player who owes no decision (`choose … by` the wrong seat): say so, not "no option".
      const owing = this.match.decision?.players ?? [];
      if (found.length === 0 && who !== undefined && owing.length > 0 && !owing.includes(who)) {
        const names = owing.map((p) => this.rt.playerName(p));
        throw new ScenarioError(`it is not ${whom}'s decision: ${names.join(" and ")} ${names.length === 1 ? "decides" : "decide"} now (prompt: ${this.match.decision!.prompt})`);
      }
      throw new ScenarioError(
        found.length === 0
          ? `${whom} has no option "${String(label)}" (prompt: ${this.match.decision?.prompt ?? "the game is over"}; ${optionsHint(String(label), opts.map((o) => o.label))})${this.takenSince()}`
          : `${found.length} options of ${whom} match ${String(label)}: ${found.map((o) => `"${o.label}"`).join(", ")}`,
      );
    }
    return found[0]!;
  }

  /**
   * Takes the option labelled `label`; fails with the reason if it is not
   * offered. A choice the rules took without asking (its only option) since
   * the last decision taken here counts as chosen.
   */
  choose(label: string | RegExp, player?: number): void {
    const who = player ?? this.match.decision?.players[0];
    let o: Option;
    try {
      o = this.option(label, who);
    } catch (e) {
      if (this.takenWithoutAsking(label, player)) return;
      const check = typeof label === "string" ? this.check(label, who) : undefined;
      if (check && !check.offered && check.candidate) throw new ScenarioError(`"${label}" is refused: ${check.reason}`);
      throw e;
    }
    const before = this.match.state.messages.length;
    const r = this.match.apply(o.id, who);
    this.forcedSeen = before;
    if (!r.ok) throw new ScenarioError(`"${o.label}" is refused: ${r.reason}`);
    if (this.match.error) throw new ScenarioError(`the rules failed: ${this.match.error.message} (line ${this.match.error.span.start.line})`);
  }

  /**
   * Was the option labelled `label` (of `player`, when given) just taken
   * without asking, as the only option, since the last decision taken here?
   * Then choosing it is already done: a rulebook example may say "the player
   * takes the last tile" where the rules leave nothing else to do.
   */
  private takenWithoutAsking(label: string | RegExp, player?: number): boolean {
    const matches = (f: { id?: string; option?: string; label: string }): boolean =>
      typeof label === "string" ? sameLabel(f.label, label) || (f.option ?? f.id) === label : label.test(f.label);
    // An answer to a secret choice still open is told only when all are in: it is in the pending choice.
    const p = this.match.state.pending;
    const answer = p?.kind === "secret" && player !== undefined ? p.chosen[player] : undefined;
    if (answer?.forced && matches(answer)) return true;
    const messages = this.match.state.messages;
    for (let j = this.forcedSeen; j < messages.length; j++) {
      const f = messages[j]!.forced;
      if (!f || (player !== undefined && f.player !== player)) continue;
      if (matches(f)) {
        this.forcedSeen = j + 1;
        return true;
      }
    }
    return false;
  }

  /**
   * The choices the rules took without asking (each the only option) since the last decision
   * taken here, as a failing step tells them: an example that meant to take one of them finds
   * the match a decision or two further on, at another player's choice, and would not know why.
   * An expectation too: a position that leaves one option runs the match on by itself, and the
   * condition then reads a later position. Empty when none was taken.
   */
  takenSince(): string {
    const early: string[] = [];
    const later: string[] = [];
    const messages = this.match.state.messages;
    for (let j = this.forcedSeen; j < messages.length; j++) {
      const f = messages[j]!.forced;
      if (f) (j < (this.started ?? Infinity) ? early : later).push(`${this.rt.playerName(f.player)}: ${f.label}`);
    }
    // Those that came as the match started came before the example's position was laid out: the
    // example then stands at a later choice than it was written for.
    const atStart = early.length ? `; taken without asking as the match started, before the example's steps: ${early.join(", ")} (\`ask always\` in the example stops at each)` : "";
    return atStart + (later.length ? `; taken without asking since the last step: ${later.join(", ")}` : "");
  }

  /**
   * Is the option labelled `label` offered to `player` now, and if not, why?
   * A candidate the rules rule out gets the rules' own reason; a label that is
   * no candidate at all says so, listing what is offered.
   */
  check(label: string, player?: number): OptionCheck {
    const m = this.match;
    const who = player ?? m.decision?.players[0];
    const offered = m.options(who);
    // By its label, or by its id as `choose` takes it (a placement's id is shorter than its label).
    if (offered.some((o) => sameLabel(o.label, label) || o.id === label)) return { offered: true };
    if (!m.decision || who === undefined) return { offered: false, candidate: false, reason: m.error ? `the rules failed: ${m.error.message}` : "the game is over" };
    if (!m.decision.players.includes(who)) return { offered: false, candidate: false, reason: `${this.rt.playerName(who)} has no decision to take now` };
    const found = this.candidates(who);
    const all = found?.list;
    // A pick of several is named by its items: the label is read back into them (`pickNamed`).
    const candidate = found?.several ? pickNamed(label, found.list) : (all?.find((o) => sameLabel(o.label, label)) ?? all?.find((o) => o.id === label));
    if (!candidate) {
      const reason = `there is no such option (${this.rt.playerName(who)} decides now, prompt: ${m.decision.prompt}; ${optionsHint(label, offered.map((o) => o.label), "offered")})${this.takenSince()}`;
      if (!all) return { offered: false, candidate: false, reason };
      return { offered: false, candidate: false, reason, labels: all.map((o) => o.label), ...(found.several ? { several: true } : {}) };
    }
    // The same items in another order than the engine names them: that pick is offered.
    if (found?.several && offered.some((o) => itemsKey(o.id) === itemsKey(candidate.id))) return { offered: true };
    const r = m.clone().apply(candidate.id, who);
    if (r.ok) return { offered: false, candidate: true, reason: "it is not offered" };
    // The engine's reason repeats the candidate's label: keep only the rules' words.
    const prefix = `${candidate.label} is not allowed: `;
    return { offered: false, candidate: true, reason: r.reason.startsWith(prefix) ? r.reason.slice(prefix.length) : r.reason };
  }

  /**
   * Every candidate of the pending choice, allowed or not, with the id the engine would accept;
   * undefined when they cannot be listed.
   */
  private candidates(who: number): { list: { id: string; label: string }[]; several: boolean } | undefined {
    const s = cloneState(this.match.state);
    const x = newExec(this.rt, s);
    const f = s.stack[s.stack.length - 1];
    if (!f) return undefined;
    const ins: Instr | undefined = this.rt.code.get(f.code)?.instrs[f.pc];
    if (!ins) return undefined;
    try {
      if (ins.k === "options") return { list: ins.options.map((o, i) => namedOption(String(o.label(x, f.locals)), i, i)).map((o) => ({ id: o.id, label: o.label })), several: false };
      if (ins.k !== "choose" && ins.k !== "secret") return undefined;
      if (ins.k === "secret") f.locals[ins.chooserSlot] = who;
      const values = items(x, ins.src(x, f.locals), ins.zone, ins.span);
      const ty = ins.valueType as Type;
      // A multi-pick's options are combinations of these items, named after them.
      const list = nameChoice(x, { values: legalValues(x, values, ty, who) }, ty, who, choiceLabeller(x, ins, f.locals, who, false)).map((o) => ({ id: o.id, label: o.label }));
      return { list, several: ins.count !== undefined };
    } catch {
      return undefined;
    }
  }

  // ------------------------------------------------------------ names

  /** The instance key of a zone by its declared name (and owner, for a per-player zone). */
  zoneKey(name: string, owner?: number): string {
    const z = this.rt.def.zones[name];
    if (!z) throw new ScenarioError(`there is no zone \`${name}\`${suggest(name, Object.keys(this.rt.def.zones))}`);
    if (z.perPlayer) {
      if (owner === undefined) throw new ScenarioError(`\`${name}\` is a zone per player: say whose`);
      this.seat(owner);
      return instanceKey(name, true, owner);
    }
    if (owner !== undefined && z.copies !== undefined) {
      if (owner < 0 || owner >= z.copies) throw new ScenarioError(`\`${name}\` has ${z.copies} zones, numbered from 0`);
      return numberedKey(name, owner);
    }
    return name;
  }

  /** The key of a space of a board by the name players read (`d4`, `d4 level 2`, `(2,-1)`, a ring's step number). */
  spaceKey(board: string, space: string, owner?: number): string {
    return this.space(board, space, owner).key;
  }

  /** A space of a board by the name players read, as the rules hold it: what `call` takes for a `space` argument. */
  space(board: string, space: string, owner?: number): SpaceValue {
    const b = this.rt.def.boards[board];
    if (!b) throw new ScenarioError(`there is no board \`${board}\`${suggest(board, Object.keys(this.rt.def.boards))}`);
    if (b.perPlayer && owner === undefined) throw new ScenarioError(`\`${board}\` is a board per player: say whose`);
    if (b.perPlayer) this.seat(owner!);
    const instance = instanceKey(board, b.perPlayer, owner ?? null);
    const cell = parseSpace(space, b.topology.type);
    const at = cell && this.rt.topo.spaceAt(instance, cell[0], cell[1], cell[2]);
    if (!at) throw new ScenarioError(`\`${space}\` is not a space of \`${board}\``);
    return at;
  }

  private seat(player: number): void {
    if (!Number.isInteger(player) || player < 0 || player >= this.match.state.players) {
      throw new ScenarioError(`there is no seat ${player} in a game of ${this.match.state.players} (seats count from 0)`);
    }
  }

  private pieceState(id: number) {
    const p = this.match.state.pieces[id];
    if (!p) throw new ScenarioError(`there is no piece ${id}`);
    return p;
  }

  /**
   * A value of type `type` as the rules hold it: a space given by its key (`land:3,4`) becomes the
   * space itself, in lists, maps and placements too; a key the boards lack is refused.
   */
  private typed(name: string, value: Value, type: Type): Value {
    if ((type.t === "list" || type.t === "map" || type.t === "emap") && Array.isArray(value)) return value.map((v) => this.typed(name, v, type.of));
    if (type.t === "placement" && isPlacement(value)) return { ...value, cells: value.cells.map((c) => this.typed(name, c as Value, T.space) as SpaceValue) };
    if (type.t !== "space" || typeof value !== "string") return value;
    const at = this.rt.topo.info(value);
    if (!at) throw new ScenarioError(`\`${name}\` holds a space, and \`${value}\` is not one`);
    return at;
  }

  private bounded(name: string, value: Value, bounds: [number, number] | undefined): Value {
    if (bounds && typeof value === "number" && (value < bounds[0] || value > bounds[1])) {
      throw new ScenarioError(`\`${name}\` goes from ${bounds[0]} to ${bounds[1]}, not ${value}`);
    }
    return value;
  }
}

function matches(p: ScenarioPiece, q: PieceQuery): boolean {
  if (q.kind !== undefined && p.kind !== q.kind) return false;
  if (q.name !== undefined && p.name !== q.name && p.label !== q.name) return false;
  if (q.owner !== undefined && p.owner !== q.owner) return false;
  if (q.zone !== undefined && (p.zone?.name !== q.zone || (q.zoneOwner !== undefined && p.zone.owner !== q.zoneOwner))) return false;
  if (q.onBoard !== undefined && (p.board !== null) !== q.onBoard) return false;
  if (q.fields) for (const [k, v] of Object.entries(q.fields)) if (JSON.stringify(p.fields[k]) !== JSON.stringify(v)) return false;
  return true;
}

function describeQuery(q: PieceQuery): string {
  const parts: string[] = [];
  if (q.kind !== undefined) parts.push(`a ${q.kind}`);
  if (q.name !== undefined) parts.push(`named "${q.name}"`);
  if (q.fields) parts.push(`with ${Object.entries(q.fields).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ")}`);
  if (q.owner !== undefined) parts.push(q.owner === null ? "owned by nobody" : `of Player ${q.owner + 1}`);
  if (q.zone !== undefined) parts.push(`in ${q.zone}${q.zoneOwner !== undefined ? ` of Player ${q.zoneOwner + 1}` : ""}`);
  if (q.onBoard !== undefined) parts.push(q.onBoard ? "on a board" : "off the boards");
  return parts.length ? parts.join(" ") : "in the game";
}

function suggest(name: string, names: string[]): string {
  return names.length ? ` (there is: ${names.map((n) => `\`${n}\``).join(", ")})` : "";
}

/** `d4` → [3, 3]; `d4 level 2` → [3, 3, 1]; `(2,-1)` → [2, -1]; a ring's `5` → [5, 0]. */
function parseSpace(label: string, topology: string): [number, number, number?] | undefined {
  const t = label.trim();
  // Rings, tracks and graphs name a space by its board and number (`gear 3`); the corners and edges of a board by number too.
  if (topology === "ring" || topology === "track" || topology === "graph" || topology === "corners" || topology === "edges") {
    const m = /(\d+)$/.exec(t);
    return m ? [Number(m[1]), 0] : undefined;
  }
  const pair = /^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(\d+)\s*)?\)?$/.exec(t);
  if (pair) return pair[3] === undefined ? [Number(pair[1]), Number(pair[2])] : [Number(pair[1]), Number(pair[2]), Number(pair[3])];
  const m = /^([a-z]+)(\d+)(?:\s*(?:level\s*)?(\d+))?$/i.exec(t.replace(/,\s*/, " "));
  if (!m) return undefined;
  let x = 0;
  for (const ch of m[1]!.toLowerCase()) x = x * 26 + (ch.charCodeAt(0) - 96);
  const out: [number, number, number?] = [x - 1, Number(m[2]) - 1];
  if (m[3] !== undefined) out.push(Number(m[3]) - 1);
  return out;
}

/**
 * The pick of several items a label names, as the engine names one (`options.ts`: "Gold",
 * "Gold and Wood", "Gold, Wood and Corn"; "nothing" for none), read back into `choices` with the
 * id the engine accepts (the items' ids joined by `+`); undefined when the label is not so made.
 * Item labels may themselves hold ", " or " and ", so every way of reading it is tried.
 */
export function pickNamed(label: string, choices: readonly { id: string; label: string }[]): { id: string; label: string } | undefined {
  if (label === "nothing") return { id: "nothing", label };
  const read = (rest: string, taken: string[]): string[] | undefined => {
    for (const it of choices) {
      if (!rest.startsWith(it.label)) continue;
      const after = rest.slice(it.label.length);
      const ids = [...taken, it.id];
      if (after === "") return ids;
      // ", " between items, " and " before the last one only.
      if (after.startsWith(", ")) {
        const r = read(after.slice(2), ids);
        if (r && r.length > ids.length + 1) return r;
      }
      if (after.startsWith(" and ")) {
        const last = choices.find((o) => o.label === after.slice(5));
        if (last) return [...ids, last.id];
      }
    }
    return undefined;
  };
  const ids = read(label, []);
  return ids ? { id: ids.join("+"), label } : undefined;
}

/** A pick of several items by its items, whatever their order (`gold+corn` and `corn+gold` alike). */
/**
 * Is `written` (an example's step) the label `label`? The same text, or the same but for its dashes:
 * a placement reads "I2 on a7–b7" with an en dash no keyboard has, and `choose "I2 on a7-b7"`
 * failed naming "I2 on a7–b7" as the nearest, which reads the same.
 */
export function sameLabel(label: string, written: string): boolean {
  return label === written || plainDashes(label) === plainDashes(written);
}

function plainDashes(text: string): string {
  return text.replace(/[\u2010-\u2015\u2212]/g, "-");
}

function itemsKey(id: string): string {
  return id.split("+").sort().join("+");
}

/** Most options a failing step lists whole; past it, the labels nearest the one asked for. */
const LISTED_WHOLE = 8;

/**
 * The options there are, for a step naming none of them: all of a few, or the nearest of many (a
 * bid from 0 to 100 listed 101 labels for one misspelt "bid15").
 */
function optionsHint(label: string, labels: readonly string[], what = "options"): string {
  if (labels.length === 0) return `${what}: none`;
  const quoted = (ls: readonly string[]) => ls.map((l) => `"${l}"`).join(", ");
  if (labels.length <= LISTED_WHOLE) return `${what}: ${quoted(labels)}`;
  const near = nearest(label, labels);
  const first = near.length ? near : labels.slice(0, 3);
  return `${labels.length} ${what}, ${near.length ? "the nearest" : "the first"}: ${quoted(first)}`;
}
