import type { LoggedDecision, PlaytestSettings, PlaytestSnapshot, ViewAs } from "../playtest/playtest-session.ts";
import { toMarker } from "../rules/markers.ts";
import { monaco } from "../rules/monaco-setup.ts";
import type { CompileReply, PlaytestRequest, Seats } from "../worker/protocol.ts";
import type { WorkerClient } from "../worker/worker-client.ts";
import { fitSeats } from "../docs/document-store.ts";
import type { Documents } from "./documents.svelte.ts";
import type { Notices } from "./notices.svelte.ts";

export const BOT_DELAYS = [0, 150, 500, 1200] as const;

/**
 * The playtest as the page sees it: the last snapshot from the worker, who
 * plays each seat, and the bots. Every decision goes to the worker's
 * session; the snapshot it sends back is kept in the browser per document.
 */
export class PlaytestController {
  snapshot = $state.raw<PlaytestSnapshot | undefined>(undefined);
  playtestError = $state<string | undefined>(undefined);
  /** Seats played by a person (the rest are bots), per document. */
  persons = $state<number[]>([0]);
  /** Each bot seat's bot as tools write it (`greedy`, `mcts:200`, `mcts:300ms`); unnamed seats play at random. */
  bots = $state<Record<number, string>>({});
  viewAs = $state<ViewAs>("auto");
  botsPaused = $state(false);
  botDelay = $state<number>(500);

  /** Bots wait while the designer sets up a position by hand. */
  private held = false;
  private botTimer: ReturnType<typeof setTimeout> | undefined;
  private busy = false;
  private shownJson = "";

  constructor(
    private readonly worker: WorkerClient,
    private readonly documents: Documents,
    private readonly notices: Notices,
  ) {}

  /** Another document is on screen: its seats, and no snapshot until it compiles. */
  reset(docKey: string): void {
    const saved = this.documents.store.seats(docKey);
    this.persons = saved?.persons ?? [0];
    this.bots = { ...(saved?.bots ?? {}) };
    this.snapshot = undefined;
    this.shownJson = "";
    this.playtestError = undefined;
    this.cancelBots();
  }

  /** Who plays which seat, as the worker needs it. */
  seats(): Seats {
    return { persons: [...this.persons], viewAs: this.viewAs, bots: { ...this.bots } };
  }

  /** Who plays `seat`: `person`, or its bot as tools write it. */
  seatOf(seat: number): string {
    return this.persons.includes(seat) ? "person" : (this.bots[seat] ?? "random");
  }

  /** Puts a person or a bot (`random`, `greedy`, `mcts:200`, `mcts:300ms`) in a seat. Bots think in the worker. */
  setSeat(seat: number, who: string): Promise<void> {
    if (who === "person") return this.setPerson(seat, true);
    this.bots = { ...this.bots, [seat]: who };
    return this.setPerson(seat, false);
  }

  /** A compile's or a replay's result: the playtest on the new rules (or the last good one, or why it could not run). */
  compiled(reply: Pick<CompileReply, "playtest" | "playtestError">): void {
    this.playtestError = reply.playtestError;
    if (reply.playtest) this.show(reply.playtest);
  }

  private show(snap: PlaytestSnapshot): void {
    // Seats kept from before a reload may not fit these rules (fewer players now): fitted, and sent.
    const fit = fitSeats({ persons: this.persons, bots: this.bots }, snap.view.players.length);
    if (JSON.stringify(fit) !== JSON.stringify({ persons: this.persons, bots: this.bots })) {
      this.persons = fit.persons;
      this.bots = fit.bots;
      this.saveSeats();
      queueMicrotask(() => void this.sendSeats());
    }
    // Most edits (a comment, a rename) leave the playtest as it was: then nothing is redrawn.
    const json = JSON.stringify(snap);
    if (json === this.shownJson) return this.scheduleBots();
    this.shownJson = json;
    this.snapshot = snap;
    const doc = this.documents.current;
    if (doc) {
      // What is kept is everything the designer meant, the decisions waiting for redo included.
      this.documents.store.savePlaytest(doc.key, {
        settings: snap.settings,
        log: snap.log.map((d) => ({ ...d })),
        persons: [...this.persons],
        bots: { ...this.bots },
        waiting: snap.waiting.map((d) => ({ ...d })),
        stopped: snap.waitingHeld,
      });
      // A rule that failed while the match ran: marked on its line.
      const e = snap.error;
      const markers = e && (e.file === this.documents.filePath(doc) || e.span.file === undefined) && e.span.start.offset + e.span.end.offset > 0 ? [toMarker(e, doc.model)] : [];
      monaco.editor.setModelMarkers(doc.model, "stela-runtime", markers);
    }
    this.scheduleBots();
  }

  private async send(body: PlaytestRequest): Promise<void> {
    this.busy = true;
    try {
      const r = await this.worker.request(body);
      if (r.refused) this.notices.say(r.refused, "error");
      if (r.snapshot) this.show(r.snapshot);
    } finally {
      this.busy = false;
    }
  }

  /** A person's decision (from a click on the board or a list). */
  choose(player: number, option: string): Promise<void> {
    this.cancelBots();
    return this.send({ type: "apply", player, option });
  }

  /** Why an option the board offers no click for is not legal, in the rules' words. */
  async whyNot(player: number, target: { space?: string; piece?: number }): Promise<string | undefined> {
    const r = await this.worker.request({ type: "why-not", player, ...target });
    return r.refused;
  }

  undo(): Promise<void> {
    this.cancelBots();
    // With bots in every seat, undo would be undone at once: stop them.
    if (this.persons.length === 0) this.botsPaused = true;
    return this.send({ type: "undo" });
  }

  redo(): Promise<void> {
    this.cancelBots();
    return this.send({ type: "redo" });
  }

  /** Throws away the decisions waiting for redo (those a rule change stopped included). */
  discard(): Promise<void> {
    this.cancelBots();
    return this.send({ type: "discard" });
  }

  rewind(index: number): Promise<void> {
    this.cancelBots();
    if (this.persons.length === 0) this.botsPaused = true;
    return this.send({ type: "rewind", index });
  }

  restart(settings: PlaytestSettings): Promise<void> {
    this.cancelBots();
    return this.send({ type: "restart", settings });
  }

  /**
   * Playtests set aside when the designer switched to other settings (a variant, a player count,
   * an example), by document and settings: switching back takes the playtest up where it was,
   * instead of losing its decisions to a look at a variant. Kept for this page only.
   */
  private readonly setAside = new Map<string, { log: LoggedDecision[]; waiting: LoggedDecision[] }>();

  private asideKey(s: PlaytestSettings): string {
    return JSON.stringify([this.documents.docKey, s.players, s.seed, s.variant ?? null, s.example ?? null]);
  }

  /** Switches to other settings, setting this playtest aside and taking up one set aside for those settings. */
  switchTo(settings: PlaytestSettings): Promise<void> {
    const snap = this.snapshot;
    if (snap && (snap.log.length > 0 || snap.waiting.length > 0)) this.setAside.set(this.asideKey(snap.settings), { log: [...snap.log], waiting: [...snap.waiting] });
    const back = this.setAside.get(this.asideKey(settings));
    this.setAside.delete(this.asideKey(settings));
    this.cancelBots();
    return this.send(back ? { type: "restart", settings, log: back.log, waiting: back.waiting } : { type: "restart", settings });
  }

  /** Plays a variant (null: the base game), same players and seed; the playtest of the one left is set aside. */
  playVariant(variant: string | null): Promise<void> {
    const s = this.snapshot?.settings;
    if (!s) return Promise.resolve();
    // An example's position brings its own variant: picking another leaves the example (a designer
    // picked variants to play together there, and nothing happened).
    const { variant: _old, example, ...rest } = s;
    if (example !== undefined) {
      this.beforeExample = undefined;
      this.botsPaused = this.pausedBeforeExample ?? this.botsPaused;
      this.pausedBeforeExample = undefined;
    }
    return this.switchTo(variant === null ? rest : { ...rest, variant });
  }

  /** The settings played before an example's position opened (an example brings its own players and seed). */
  private beforeExample: PlaytestSettings | undefined;

  /** Whether the bots were paused before an example's position opened (they are paused while it shows). */
  private pausedBeforeExample: boolean | undefined;

  /**
   * Opens an example's position (where it ends, or where it fails) in the playtest. The bots wait
   * there (*Resume bots* lets them play on): a designer opened a failing example and the bots had
   * played on from it before they could read it.
   */
  openExample(title: string): Promise<void> {
    const s = this.snapshot?.settings;
    if (!s) return Promise.resolve();
    if (s.example === undefined) {
      this.beforeExample = s;
      this.pausedBeforeExample = this.botsPaused;
    }
    this.botsPaused = true;
    return this.switchTo({ ...s, example: title });
  }

  /** Leaves an example's position: back to the playtest set aside when it opened, or the beginning, the bots as they were. */
  closeExample(): Promise<void> {
    const s = this.snapshot?.settings;
    if (!s) return Promise.resolve();
    const { example: _example, ...rest } = s;
    const back = this.beforeExample ?? rest;
    this.beforeExample = undefined;
    this.botsPaused = this.pausedBeforeExample ?? this.botsPaused;
    this.pausedBeforeExample = undefined;
    return this.switchTo(back);
  }

  newSeed(): Promise<void> {
    const s = this.snapshot?.settings;
    if (!s) return Promise.resolve();
    return this.restart({ ...s, seed: 1 + Math.floor(Math.random() * 99_999) });
  }

  setPerson(seat: number, person: boolean): Promise<void> {
    const set = new Set(this.persons);
    if (person) set.add(seat);
    else set.delete(seat);
    this.persons = [...set].sort((a, b) => a - b);
    this.saveSeats();
    return this.sendSeats();
  }

  /** Keeps who plays each seat over a reload, at once: the snapshot that follows may not change, and is then not saved. */
  private saveSeats(): void {
    const doc = this.documents.current;
    if (doc) this.documents.store.saveSeats(doc.key, { persons: [...this.persons], bots: { ...this.bots } });
  }

  setViewAs(v: ViewAs): Promise<void> {
    this.viewAs = v;
    return this.sendSeats();
  }

  private sendSeats(): Promise<void> {
    return this.send({ type: "seats", ...this.seats() });
  }

  /** Holds the bots (the position editor is open) or lets them go on. */
  hold(held: boolean): void {
    this.held = held;
    if (held) this.cancelBots();
    else this.scheduleBots();
  }

  setBotsPaused(paused: boolean): void {
    this.botsPaused = paused;
    if (paused) this.cancelBots();
    else this.scheduleBots();
  }

  cancelBots(): void {
    clearTimeout(this.botTimer);
    this.botTimer = undefined;
  }

  /**
   * Bots owing a decision move after a short pause, so a person can follow
   * what they did. They wait while decisions wait for Redo (after an Undo, or
   * a rule change that stopped the replay): a bot's move would start a new
   * line and throw away the designer's later decisions, which must stay until
   * the designer redoes them, decides otherwise, or lets the bots go on
   * (`discard`).
   */
  private scheduleBots(): void {
    this.cancelBots();
    const snap = this.snapshot;
    if (!snap || this.held || this.botsPaused || snap.error || snap.stopped || snap.redo > 0 || snap.view.over) return;
    const bots = snap.owing.filter((p) => !this.persons.includes(p));
    if (bots.length === 0) return;
    this.botTimer = setTimeout(() => {
      this.botTimer = undefined;
      // Held or paused since the timer was set: the bots wait (`hold` clears the timer, but a
      // timer is the last line of defence against a move made behind the position editor).
      if (this.held || this.botsPaused) return;
      if (this.busy) return this.scheduleBots();
      void this.send({ type: "bot", players: bots });
    }, this.botDelay);
  }
}
