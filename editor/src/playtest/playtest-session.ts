import type { Diagnostic } from "../../../dsl/index.ts";
import { formatBotSpec, makeBot, mixSeed, parseBotSpec, RandomBot, type Bot } from "../../../interpreter/index.ts";
import { listExamples, optionTrace, refusedOptions, runExample, StartError, type Game, type Match, type OptionPlace, type ReplayObserver, type View } from "../../../interpreter/index.ts";

/** How a playtest starts: everything else follows from the rules and the decisions. */
export interface PlaytestSettings {
  players: number;
  seed: number;
  /** A variant name; absent for the base game. */
  variant?: string;
  /** Start from the position of this `example` of the rules (its title): where it ends, or where it fails. */
  example?: string;
}

/** One decision as the log keeps it: enough to replay it, and a label to show. */
export interface LoggedDecision {
  player: number;
  option: string;
  label: string;
  /** A secret choice: its label is not shown to the other players. */
  secret?: boolean;
  /**
   * Where the option stood among the options when it was taken (`Option.index`, and how many
   * there were): a replay takes it by its place when a rename changed its id (`Match.replay`).
   */
  at?: OptionPlace;
  /** What the choice asked (its prompt): the log says who, what was asked and what they chose. */
  prompt?: string;
  /**
   * What the decision changed in its player's numbers ("score +3, corn −2"): player variables
   * are public in every view, so this tells nobody anything they could not see.
   */
  changes?: string;
}

/** Why the decisions after `index` are waiting instead of applied. */
export interface StoppedAt {
  index: number;
  reason: string;
  decision: LoggedDecision;
}

/** Whose eyes the playtest shows the match through. */
export type ViewAs = "auto" | "spectator" | number;

/** Everything the playtest pane draws, as plain data (it crosses from the worker). */
export interface PlaytestSnapshot {
  title: string;
  settings: PlaytestSettings;
  minPlayers: number;
  maxPlayers: number;
  variants: string[];
  /**
   * The file holds variants of another file (`variant "…" extends "base.stela"`): it has no base
   * game of its own, and with no variant named it plays its first.
   */
  variantFile: boolean;
  view: View;
  /** The seat the view is for, or null for a spectator. */
  viewer: number | null;
  /** Seats that owe a decision now (empty when the match is over). */
  owing: number[];
  /** The decisions taken, labels as the viewer may see them. */
  log: LoggedDecision[];
  /**
   * The decisions an opened example took before its position (its `choose` steps), labels as the
   * viewer may see them: shown in the log ahead of the designer's, but not theirs to undo. Empty
   * when no example is open. The view's `messages` count them too (a line's `at`).
   */
  opening: LoggedDecision[];
  /** Decisions that undo set aside (or that no longer applied), ready for redo. */
  redo: number;
  /** Those decisions themselves (labels as the viewer may see them), so they are kept over a reload. */
  waiting: LoggedDecision[];
  /** The waiting decisions are meant, not undone: a rule change or a rule failure held them back, and new rules replay them. */
  waitingHeld: boolean;
  stopped?: StoppedAt;
  /** The rule failure that stopped the match. */
  error: Diagnostic | null;
  /** Each tiebreak of the scoring, named as the rules write it (`most corn`), in order. */
  tiebreaks: string[];
  /**
   * The decision during which the rule failed (its 0-based index in the
   * log, and the decision): the failure is that decision's, not the next
   * one's. Absent when the rules failed before any decision (the set-up).
   */
  failedDuring?: { index: number; decision: LoggedDecision };
  /** Things the designer should know about the last change (a variant that disappeared, …). */
  notes: string[];
  /**
   * Once the game is over: the zones of `view` shown as their owners see them though the viewer
   * may not (a hand), as players turn their hands over at a table (`stela play` prints them so).
   * Zones nobody sees (a deck) stay hidden. While a position is set up (`snapshot({ setup: true })`):
   * every zone the viewer may not see, shown whole (`setup`).
   */
  revealed: string[];
  /** The position editor's view: every piece shown as it is, so a tile can be taken out of a supply nobody may look into. */
  setup?: boolean;
  /**
   * While a position is set up: by piece that faces more than one way (a shape, `sides`), by board
   * it may go on, the ways it can face there (`Match.facings`; its mirror images too when the rules
   * flip pieces somewhere, `Game.mirrorsPieces`),
   * which R steps through: a bar turns twice, not four times, and an L of three has no mirror image
   * of its own.
   */
  facings?: Record<number, Record<string, number[]>>;
  /**
   * The named actions the rules turn down for the viewer at the choice they owe (`option "…" when c
   * else "…"`), each with the rules' words: shown greyed beside those offered, so a player sees why
   * "Play it" is missing rather than only "Discard it".
   */
  refusedActions?: { label: string; rule: string }[];
}

function sameDecision(a: { player: number; option: string }, b: { player: number; option: string }): boolean {
  return a.player === b.player && a.option === b.option;
}

/**
 * One playtest: a game, its start settings and the decisions taken. The
 * decision list is the truth; the match is always what replaying it gives.
 * So undo, redo, rewinding and new rules are all "replay a different list",
 * and a list that no longer fits the rules keeps its unplayable rest for
 * redo instead of losing it (the designer may be half way through an edit).
 */
export class PlaytestSession {
  private game: Game;
  private match!: Match;
  private applied: LoggedDecision[] = [];
  /** What each decision changed in its player's numbers, by its index in the match's log. */
  private changes = new Map<number, string>();
  /** Where each decision's option stood among the options (`LoggedDecision.at`), by its index in the match's log. */
  private positions = new Map<number, OptionPlace>();
  /** Decisions beyond the match, in order: redo takes from the front. */
  private tail: LoggedDecision[] = [];
  private stopped: StoppedAt | undefined;
  /** The decisions waiting for redo were held back by a rule failure: new rules replay them too. */
  private heldByFailure = false;
  private notes: string[] = [];
  /** Log entries the opening position already holds (an example's own decisions): not the designer's to undo. */
  private openingLog = 0;
  private bot: RandomBot;
  settings: PlaytestSettings;
  persons = new Set<number>();
  /** A bot seat's bot as tools write it (`greedy`, `mcts:200`, `mcts:300ms`); a seat not named here plays at random. */
  botSpecs: Record<number, string> = {};
  /** Bots other than the shared random one, by seat and spec, each with its own stream from the seed. */
  private bots = new Map<string, Bot>();
  /** The rule text by file path, to name tiebreaks as they are written (set by the worker). */
  sources: Record<string, string> = {};
  viewAs: ViewAs = "auto";

  /**
   * `waiting` are decisions set aside for redo; `stopped` says a rule change
   * stopped them, so they are replayed too as far as they fit.
   */
  constructor(game: Game, settings: PlaytestSettings, log: LoggedDecision[] = [], waiting: LoggedDecision[] = [], stopped = false) {
    this.game = game;
    this.settings = this.fit(settings);
    this.bot = new RandomBot(this.settings.seed);
    this.replay(log, waiting, stopped);
  }

  /** Settings the game accepts: a player count in range, an existing variant. */
  private fit(settings: PlaytestSettings): PlaytestSettings {
    const g = this.game;
    const out: PlaytestSettings = { players: settings.players, seed: Number.isInteger(settings.seed) ? settings.seed : 1 };
    if (settings.example !== undefined) {
      const found = listExamples(g).find((e) => e.example.title === settings.example);
      if (found) {
        // The example says how its match starts.
        const fromExample: PlaytestSettings = { players: found.example.players, seed: found.example.seed, example: settings.example };
        if (found.variant !== undefined) fromExample.variant = found.variant;
        return fromExample;
      }
      this.notes.push(`The rules have no example "${settings.example}" any more: playing from the start.`);
    }
    if (settings.variant !== undefined) {
      if (g.variants.includes(settings.variant)) out.variant = settings.variant;
      else {
        // Not declared: variants played together ("A+B"), when they combine.
        try {
          g.definition(settings.variant);
          out.variant = settings.variant;
        } catch (e) {
          if (!(e instanceof StartError)) throw e;
          // A combination says which part is missing, or which two clash.
          // A file of variants of another has no base game: it plays its first variant (below).
          const instead = g.definition().variant !== undefined ? `its first variant, "${g.definition().variant}"` : "the base game";
          this.notes.push(settings.variant.includes("+") ? `${e.message.replace(/^the/, "The")}; playing ${instead}.` : `The rules have no variant "${settings.variant}" any more: playing ${instead}.`);
        }
      }
    }
    // A variant file has no base game of its own: it plays its first variant, named as such (the
    // pane offered "base game", which played that variant under another name).
    if (out.variant === undefined && g.definition().variant !== undefined) out.variant = g.definition().variant;
    const def = g.definition(out.variant);
    if (!Number.isInteger(out.players) || out.players < def.minPlayers || out.players > def.maxPlayers) {
      const n = Math.min(def.maxPlayers, Math.max(def.minPlayers, Number.isInteger(out.players) ? out.players : 2));
      if (Number.isInteger(settings.players)) this.notes.push(`"${def.title}" is for ${def.minPlayers}–${def.maxPlayers} players: playing with ${n}.`);
      out.players = n;
    }
    return out;
  }

  private start(): Match {
    return this.game.start(this.settings);
  }

  /**
   * Replays `decisions` from the start (and `tail` too when `intendTail`:
   * after a rule change that had stopped the log, the designer still means
   * all of it). What does not fit, and a tail not replayed, wait for redo.
   */
  private replay(decisions: LoggedDecision[], tail: LoggedDecision[] = [], intendTail = false): void {
    const toApply = intendTail ? [...decisions, ...tail] : decisions;
    let r: ReturnType<Game["replay"]>;
    this.openingLog = 0;
    this.changes = new Map();
    this.positions = new Map();
    const observe = this.observer(toApply);
    try {
      const opening = this.opening();
      r = opening ? { match: opening, ...opening.replay(toApply, observe) } : this.game.replay(this.settings, toApply, observe);
    } catch (e) {
      // A start these rules refuse: say so and start as the rules allow, keeping the decisions.
      if (!(e instanceof StartError)) throw e;
      this.notes.push(e.message);
      this.settings = { players: this.game.minPlayers, seed: this.settings.seed };
      r = this.game.replay(this.settings, toApply, observe);
    }
    this.match = r.match;
    if (r.byPosition.length) {
      const which = r.byPosition.map((i) => i + 1);
      this.notes.push(`${which.length === 1 ? `Decision ${which[0]} was` : `Decisions ${which.join(", ")} were`} taken by ${which.length === 1 ? "its place" : "their places"} among the options: the rules name ${which.length === 1 ? "that option" : "those options"} otherwise now (a label or name changed).`);
    }
    const n = r.stoppedAt ? r.stoppedAt.index : toApply.length;
    this.applied = this.loggedDecisions();
    this.tail = [...toApply.slice(n), ...(intendTail ? [] : tail)];
    // A rule that failed ends the match: the decisions after it did not "no longer fit", they wait behind the failure.
    this.stopped = r.stoppedAt && !this.match.error ? { index: n, reason: r.stoppedAt.reason, decision: toApply[n]! } : undefined;
    this.heldByFailure = this.match.error !== null && this.tail.length > 0 && (n < toApply.length || this.heldByFailure);
  }

  /** The match an example leaves (its position, decisions and all), when the settings name one. */
  private opening(): Match | undefined {
    if (this.settings.example === undefined) return undefined;
    const found = listExamples(this.game).find((e) => e.example.title === this.settings.example);
    const r = found && runExample(this.game, found.example, found.variant);
    if (!r?.scenario) return undefined;
    if (r.failure) this.notes.push(`Example "${r.title}" fails at line ${r.failure.span.start.line}: ${r.failure.message}. Shown where it fails.`);
    const m = r.scenario.match.clone();
    this.openingLog = m.log.length;
    return m;
  }

  /**
   * Watches decisions being applied and notes, for each log entry they add, what changed in
   * that entry's player's numbers (`changes`, by the entry's index in the match's log), and
   * where its option stood among the options (`positions`): as `decisions` say, or looked up
   * before it is taken (a playtest saved before positions were kept).
   */
  private observer(decisions: readonly LoggedDecision[] = []): ReplayObserver {
    let before: Record<string, number>[] = [];
    let logBefore = 0;
    let at: LoggedDecision["at"];
    return (m, phase, index) => {
      if (phase === "before") {
        before = numbersOf(m, this.internal());
        logBefore = m.log.length;
        const d = decisions[index];
        at = d && (d.at ?? positionOf(m, d.player, d.option));
        return;
      }
      if (at && m.log.length > logBefore) this.positions.set(logBefore, at);
      const after = numbersOf(m, this.internal());
      const changed = (seat: number): string =>
        Object.keys(after[seat] ?? {})
          .filter((k) => after[seat]![k] !== before[seat]?.[k] && before[seat]?.[k] !== undefined)
          .map((k) => `${k} ${signed(after[seat]![k]! - before[seat]![k]!)}`)
          .join(", ");
      for (let i = logBefore; i < m.log.length; i++) {
        const seat = m.log[i]!.player;
        // The decider's numbers first, then each other player's that moved, named: a harvest that
        // gave the neighbour 1 cacao showed only the decider's +4.
        const others = after.flatMap((_, p) => (p === seat ? [] : changed(p) ? [`Player ${p + 1}: ${changed(p)}`] : []));
        const text = [changed(seat), ...others].filter(Boolean).join("; ");
        if (text) this.changes.set(i, text);
      }
    };
  }

  /** The player variables the rules keep off the players' screens (`internal`): never named in a decision's changes. */
  private internal(): ReadonlySet<string> {
    const def = this.game.definition(this.settings.variant);
    return new Set(def.playerVars.filter((v) => v.internal).map((v) => v.name));
  }

  /** The match's log from the opening on, as the playtest keeps it. */
  private loggedDecisions(): LoggedDecision[] {
    return this.match.log.slice(this.openingLog).map((e, k) => {
      const d = this.entry(e.player, e.option, e.label, e.secret, e.prompt);
      const changes = this.changes.get(this.openingLog + k);
      if (changes) d.changes = changes;
      const at = this.positions.get(this.openingLog + k);
      if (at) d.at = at;
      return d;
    });
  }

  private entry(player: number, option: string, label: string, secret?: boolean, prompt?: string): LoggedDecision {
    const e: LoggedDecision = secret ? { player, option, label, secret } : { player, option, label };
    if (prompt !== undefined) e.prompt = prompt;
    return e;
  }

  /** New rules (the text changed and compiles): replay everything taken, and what redo held. */
  setGame(game: Game): void {
    this.game = game;
    this.notes = [];
    this.settings = this.fit(this.settings);
    this.replay(this.applied, this.tail, this.stopped !== undefined || this.heldByFailure);
  }

  /**
   * Starts over with new settings (a new seed, player count or variant), or, with `log` and
   * `waiting`, goes back to a playtest of those settings that was set aside (replayed as far as
   * it fits the rules now).
   */
  restart(settings: PlaytestSettings, log: LoggedDecision[] = [], waiting: LoggedDecision[] = []): void {
    this.notes = [];
    this.settings = this.fit(settings);
    this.bot = new RandomBot(this.settings.seed);
    this.bots.clear();
    this.replay(log, waiting);
  }

  /** Takes a decision for `player`. A refused one changes nothing and says why. */
  apply(player: number, option: string): { ok: true } | { ok: false; reason: string } {
    const before = this.match.log.length;
    const observe = this.observer([{ player, option, label: option }]);
    observe(this.match, "before", 0);
    const r = this.match.apply(option, player);
    if (!r.ok) return r;
    observe(this.match, "after", 0);
    this.notes = [];
    // The log grows by one entry per decision (a secret choice's entry is added as it is made).
    const e = this.match.log[before];
    const made = e ? this.entry(e.player, e.option, e.label, e.secret, e.prompt) : this.entry(player, option, option);
    this.applied = this.loggedDecisions();
    // Taking the decision redo would take keeps the rest of redo; anything else starts a new line.
    if (this.tail.length && sameDecision(this.tail[0]!, made)) this.tail.shift();
    else this.tail = [];
    this.stopped = undefined;
    return { ok: true };
  }

  /**
   * Each of `players` who owes a decision lets the random bot take it. Not
   * while a rule change has stopped the replay: a bot's move would start a
   * new line and drop the designer's waiting decisions.
   */
  botMove(players: number[]): void {
    if (this.stopped) return;
    for (const p of players) {
      const id = this.botFor(p).choose(this.match, p);
      if (id !== undefined) this.apply(p, id);
    }
  }

  /** The bot playing `seat`: the shared random bot, or the seat's own greedy or MCTS bot. */
  private botFor(seat: number): Bot {
    const text = this.botSpecs[seat];
    const spec = text === undefined ? undefined : parseBotSpec(text);
    if (!spec || spec.kind === "random") return this.bot;
    const key = `${seat}|${formatBotSpec(spec)}`;
    let bot = this.bots.get(key);
    if (!bot) this.bots.set(key, (bot = makeBot(spec, mixSeed(this.settings.seed, seat))));
    return bot;
  }

  /** Goes back to just before the last decision a person took (bots' moves after it go too). */
  undo(): void {
    if (this.applied.length === 0) return;
    let k = this.applied.length - 1;
    if (this.persons.size > 0) {
      while (k > 0 && !this.persons.has(this.applied[k]!.player)) k--;
    }
    this.rewind(k);
  }

  /** Takes again what undo set aside: the next person's decision and the bots' after it. */
  redo(): { ok: true } | { ok: false; reason: string } {
    let first = true;
    while (this.tail.length) {
      const next = this.tail[0]!;
      if (!first && this.persons.has(next.player)) break;
      if (!this.match.decision?.players.includes(next.player)) {
        return { ok: false, reason: `${this.playerName(next.player)} does not owe a decision now` };
      }
      const r = this.apply(next.player, next.option);
      if (!r.ok) {
        this.stopped = { index: this.applied.length, reason: r.reason, decision: next };
        return { ok: false, reason: reasonAsSeen(r.reason, next, next.secret ? "(a secret choice)" : next.label) };
      }
      first = false;
    }
    return { ok: true };
  }

  /** Throws away the decisions waiting for redo: the designer has seen them and lets them go. */
  discard(): void {
    this.tail = [];
    this.stopped = undefined;
    this.heldByFailure = false;
    this.notes = [];
  }

  /** Goes back to the moment after `index` decisions; the later ones wait for redo. */
  rewind(index: number): void {
    const k = Math.max(0, Math.min(index, this.applied.length));
    this.notes = [];
    this.replay(this.applied.slice(0, k), [...this.applied.slice(k), ...this.tail], false);
  }

  /** Seats that owe a decision and are played by a bot. */
  botsToMove(): number[] {
    const d = this.match.decision;
    if (!d || this.match.error) return [];
    return d.players.filter((p) => !this.persons.has(p));
  }

  private playerName(seat: number): string {
    return this.match.view(null).players[seat]?.name ?? `Player ${seat + 1}`;
  }

  /** Whose view to show: a chosen seat, a spectator, or (auto) the person who must act. */
  private viewer(): number | null {
    if (this.viewAs === "spectator") return null;
    if (typeof this.viewAs === "number") return this.viewAs < this.settings.players ? this.viewAs : null;
    const owing = this.match.decision?.players ?? [];
    const person = owing.find((p) => this.persons.has(p));
    if (person !== undefined) return person;
    for (let i = this.applied.length - 1; i >= 0; i--) {
      if (this.persons.has(this.applied[i]!.player)) return this.applied[i]!.player;
    }
    const first = [...this.persons].sort((a, b) => a - b)[0];
    return first !== undefined && first < this.settings.players ? first : null;
  }

  private textOf(span: { file?: string; start: { offset: number }; end: { offset: number } }): string | undefined {
    const text = this.sources[span.file ?? this.game.definition(this.settings.variant).file];
    return text?.slice(span.start.offset, span.end.offset).replace(/\s+/g, " ");
  }

  /**
   * At the end of a game, each zone of `view` the viewer may not see but its owner may (a hand)
   * given the pieces its owner sees in it; the keys of those zones.
   */
  private turnOver(view: View): string[] {
    const keys: string[] = [];
    const owners = new Map<number, View>();
    for (const z of view.zones) {
      if (z.pieces || z.owner === null || z.count === 0) continue;
      let own = owners.get(z.owner);
      if (!own) owners.set(z.owner, (own = this.match.view(z.owner)));
      const theirs = own.zones.find((o) => o.key === z.key);
      if (!theirs?.pieces) continue;
      z.pieces = theirs.pieces;
      keys.push(z.key);
    }
    return keys;
  }

  /** The current match (for tests and tools). */
  get current(): Match {
    return this.match;
  }

  /** `PlaytestSnapshot.facings`: each piece shown that faces more than one way on some board of the view. */
  private facings(view: View, mirrors: boolean): Record<number, Record<string, number[]>> {
    const out: Record<number, Record<string, number[]>> = {};
    const pieces = [...view.zones.flatMap((z) => z.pieces ?? []), ...view.boards.flatMap((b) => b.pieces)];
    for (const p of pieces) {
      if (p.id === undefined || out[p.id]) continue;
      const ways: Record<string, number[]> = {};
      for (const b of view.boards) {
        const f = this.match.facings(p.id, b.key, mirrors);
        if (f.length > 1) ways[b.key] = f;
      }
      if (Object.keys(ways).length) out[p.id] = ways;
    }
    return out;
  }

  /** What the pane draws; `setup`: the position editor's, every piece shown as it is (`PlaytestSnapshot.setup`). */
  snapshot(options: { setup?: boolean } = {}): PlaytestSnapshot {
    const viewer = this.viewer();
    const view = this.match.view(viewer);
    let revealed = view.over && !this.match.error ? this.turnOver(view) : [];
    if (options.setup) {
      const all = this.match.view(viewer, { everything: true });
      revealed = view.zones.filter((z, i) => !z.pieces && all.zones[i]!.pieces && z.count > 0).map((z) => z.key);
      view.zones = all.zones;
      view.boards = all.boards;
    }
    const def = this.game.definition(this.settings.variant);
    // The view gives a piece's turned sides only once it is on a board; in a zone it faces as printed.
    for (const z of view.zones) {
      for (const p of z.pieces ?? []) {
        const fields = def.kinds[p.kind]?.sidesFields ?? [];
        if (p.sides || !fields.length || !p.fields) continue;
        p.sides = Object.fromEntries(fields.map((f) => [f, p.fields![f] as number[]]));
      }
    }
    const snap: PlaytestSnapshot = {
      title: view.title,
      settings: { ...this.settings },
      minPlayers: def.minPlayers,
      maxPlayers: def.maxPlayers,
      variants: this.game.variants,
      variantFile: this.game.definition().variant !== undefined,
      ...(options.setup ? { facings: this.facings(view, this.game.mirrorsPieces(this.settings.variant)) } : {}),
      view,
      viewer,
      owing: this.match.decision?.players ?? [],
      // Once the match is over nothing is secret any more: every choice shows what it was.
      // The label and the question as the viewer reads them: a prompt naming another's hidden card reads "hidden card".
      log: this.applied.map((e, i) => {
        if (view.over && !this.match.error) return { ...e };
        const seen = view.log[i + this.openingLog];
        const d: LoggedDecision = { ...e, label: seen?.label ?? e.label };
        if (seen?.prompt !== undefined) d.prompt = seen.prompt;
        return d;
      }),
      opening: this.match.log.slice(0, this.openingLog).map((e, i) => {
        const seen = view.over && !this.match.error ? e : view.log[i];
        return this.entry(e.player, e.option, seen?.label ?? e.label, e.secret, seen?.prompt ?? e.prompt);
      }),
      redo: this.tail.length,
      waitingHeld: this.stopped !== undefined || this.heldByFailure,
      waiting: this.tail.map((d) => (d.secret && viewer !== d.player ? { ...d, label: "(a secret choice)" } : { ...d })),
      error: this.match.error,
      tiebreaks: def.scoring.tiebreaks.map((t) => `${t.most ? "most" : "fewest"} ${this.textOf(t.value.span) ?? "(tiebreak)"}`),
      notes: [...this.notes],
      revealed,
    };
    if (options.setup) snap.setup = true;
    if (viewer !== null && this.match.state.pending?.kind === "options" && snap.owing.includes(viewer)) {
      const refused = refusedOptions(this.match, viewer, {});
      if (refused.length) snap.refusedActions = refused.map((r) => ({ label: r.label, rule: r.rule }));
    }
    if (this.match.error && this.applied.length > 0) {
      const index = this.applied.length - 1;
      snap.failedDuring = { index, decision: snap.log[index]! };
    }
    if (this.stopped) {
      const d = this.stopped.decision;
      const hide = d.secret && viewer !== d.player;
      const shown = hide ? { ...d, label: "(a secret choice)" } : d;
      snap.stopped = { ...this.stopped, reason: reasonAsSeen(this.stopped.reason, d, shown.label), decision: shown };
    }
    return snap;
  }
}

/**
 * A refusal in the designer's words: the engine names an option it does not
 * know by its id (`` `expand-a-city` is not one of the options ``), which the
 * designer never saw; the playtest showed its label. A secret stays a secret.
 */
function reasonAsSeen(reason: string, d: LoggedDecision, shown: string): string {
  let out = reason.split(`\`${d.option}\``).join(`"${shown}"`);
  if (shown !== d.label) out = out.split(d.label).join(shown);
  return out;
}

/** Each player's variables that are numbers, by name, but those kept off the screens (`internal`): what a decision's `changes` compares. */
function numbersOf(m: Match, internal: ReadonlySet<string>): Record<string, number>[] {
  return m.state.pvars.map((vars) => Object.fromEntries(Object.entries(vars).filter((e): e is [string, number] => typeof e[1] === "number" && !internal.has(e[0]))));
}

/** `+3`, `−2` (a real minus sign, as people write it). */
function signed(n: number): string {
  return n > 0 ? `+${n}` : `−${-n}`;
}

/** Where option `option` stands among `player`'s options now, and what it is about (`LoggedDecision.at`), or undefined when it is none of them. */
function positionOf(m: Match, player: number, option: string): LoggedDecision["at"] {
  if (m.over || !m.decision?.players.includes(player)) return undefined;
  const options = m.options(player);
  const o = options.find((x) => x.id === option);
  if (!o) return undefined;
  const at: NonNullable<LoggedDecision["at"]> = { index: o.index, of: options.length };
  const trace = optionTrace(m, player, o.index);
  if (trace !== undefined) at.trace = trace;
  return at;
}
