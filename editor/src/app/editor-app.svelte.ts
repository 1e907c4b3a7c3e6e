import type { SymbolIndex } from "../../../dsl/index.ts";
import type { Diagnostic } from "../../../dsl/index.ts";
import { DocumentStore, MemoryStorage, type KeyValueStorage } from "../docs/document-store.ts";
import { fetchGame, fetchGames, saveGame, type GameFile } from "../docs/games-source.ts";
import { readShareHash, shareHash } from "../docs/share-link.ts";
import type { PlaytestSettings, PlaytestSnapshot, ViewAs } from "../playtest/playtest-session.ts";
import { toMarker } from "../rules/markers.ts";
import { monaco, setupMonaco } from "../rules/monaco-setup.ts";
import type { Outline } from "../rules/outline.ts";
import { STELA } from "../rules/stela-language.ts";
import type { LanguageContext } from "../rules/symbol-lookup.ts";
import type { CompileReply, SurveyReply, WorkerRequest } from "../worker/protocol.ts";
import { WorkerClient } from "../worker/worker-client.ts";

/** One open rule text: a file of games/, or rules opened from a share link. */
interface Doc {
  key: string;
  /** The file name in games/ (for a shared text: the name it was shared under). */
  name: string;
  shared: boolean;
  model: monaco.editor.ITextModel;
  /** The file's text on disk when last read or saved; undefined when there is no such file. */
  fileText: string | undefined;
  /** What the last compile knew, for hover and completion. */
  compiled?: { source: string; symbols: SymbolIndex; outline: Outline };
}

/** An entry of the game picker. */
export interface PickerEntry {
  value: string;
  label: string;
  doc: string;
  variant?: string;
  group: string;
}

const COMPILE_PAUSE_MS = 250;
const AUTOSAVE_PAUSE_MS = 400;
export const BOT_DELAYS = [0, 150, 500, 1200] as const;

function storage(): KeyValueStorage {
  try {
    const s = window.localStorage;
    s.setItem("stela:probe", "1");
    s.removeItem("stela:probe");
    return s;
  } catch {
    return new MemoryStorage();
  }
}

/**
 * The editor's state and what it does: the documents, compiling them in the
 * worker as typing pauses, the playtest, seats and bots, saving. The Svelte
 * components only draw this and call its methods.
 */
export class EditorApp {
  readonly store = new DocumentStore(storage());
  private readonly worker = new WorkerClient();
  private readonly docs = new Map<string, Doc>();
  private editor: monaco.editor.IStandaloneCodeEditor | undefined;

  games = $state.raw<GameFile[]>([]);
  /** There is a server to read and save rule files (npm start); a static copy has none. */
  server = $state(false);
  survey = $state.raw<SurveyReply["files"]>({});
  docKey = $state("");
  /** Names of documents that differ from their file (autosaved drafts). */
  changed = $state<string[]>([]);

  diagnostics = $state.raw<Diagnostic[]>([]);
  compileOk = $state(false);
  compileMs = $state<number | undefined>(undefined);
  playMs = $state<number | undefined>(undefined);
  compiling = $state(false);
  /** The text has errors: the playtest shows the last rules that compiled. */
  rulesStale = $state(false);

  snapshot = $state.raw<PlaytestSnapshot | undefined>(undefined);
  playtestError = $state<string | undefined>(undefined);
  /** Seats played by a person (the rest are bots), per document. */
  persons = $state<number[]>([0]);
  viewAs = $state<ViewAs>("auto");
  botsPaused = $state(false);
  botDelay = $state<number>(500);
  /** A short message: a save, a refused decision, a share link. */
  notice = $state<{ text: string; kind: "info" | "error" } | undefined>(undefined);
  shareUrl = $state<string | undefined>(undefined);

  private compileTimer: ReturnType<typeof setTimeout> | undefined;
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  private botTimer: ReturnType<typeof setTimeout> | undefined;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  private again = false;
  private playtestBusy = false;
  private shownJson = "";
  private markersJson = "";

  // ------------------------------------------------------------------ start

  /** Loads the rule files, restores the last document (or opens a shared one), and shows it in `host`. */
  async mount(host: HTMLElement): Promise<void> {
    setupMonaco((model) => this.contextFor(model));
    this.editor = monaco.editor.create(host, {
      language: STELA,
      theme: "stela",
      automaticLayout: true,
      fontSize: 13,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      renderWhitespace: "none",
      fixedOverflowWidgets: true,
      "semanticHighlighting.enabled": false,
    });
    const files = await fetchGames();
    this.server = files !== undefined;
    this.games = files ?? [];
    for (const key of this.store.drafts()) if (key.startsWith("shared:")) this.ensureDoc(key);
    this.refreshChanged();
    void this.refreshSurvey();

    const shared = readShareHash(location.hash);
    let first: string | undefined;
    if (shared) {
      const key = `shared:${shared.file}`;
      const doc = this.ensureDoc(key);
      doc.model.setValue(shared.text);
      this.store.saveDraft(key, shared.text, undefined);
      // The rules now live in the autosave; a reload must not paste the link's text over later edits.
      history.replaceState(null, "", location.pathname + location.search);
      first = key;
      this.say(`Opened rules shared as ${shared.file}`);
    }
    const last = this.store.lastDoc();
    first ??= last && (this.games.some((g) => g.name === last) || this.store.draft(last)) ? last : this.games[0]?.name;
    if (first) this.open(first);
    window.addEventListener("beforeunload", () => this.flushAutosave());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.flushAutosave();
    });
  }

  get editorInstance(): monaco.editor.IStandaloneCodeEditor | undefined {
    return this.editor;
  }

  private contextFor(model: monaco.editor.ITextModel): LanguageContext | undefined {
    const doc = [...this.docs.values()].find((d) => d.model === model);
    if (!doc?.compiled) return undefined;
    return { text: model.getValue(), compiledText: doc.compiled.source, symbols: doc.compiled.symbols, outline: doc.compiled.outline, file: this.filePath(doc) };
  }

  private filePath(doc: Doc): string {
    return `games/${doc.name}`;
  }

  private ensureDoc(key: string): Doc {
    const existing = this.docs.get(key);
    if (existing) return existing;
    const shared = key.startsWith("shared:");
    const name = shared ? key.slice("shared:".length) : key;
    const file = shared ? undefined : this.games.find((g) => g.name === name);
    const draft = this.store.draft(key);
    const text = draft?.text ?? file?.source ?? "";
    if (draft && file && draft.base && draft.base !== file.source) {
      this.say(`games/${name} changed on disk since you began editing it here: your text is kept (Revert to file takes the new one)`, "error");
    }
    const uri = monaco.Uri.parse(`file:///${shared ? "shared" : "games"}/${encodeURIComponent(name)}`);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, STELA, uri);
    const doc: Doc = { key, name, shared, model, fileText: file?.source };
    model.onDidChangeContent(() => this.edited(doc));
    this.docs.set(key, doc);
    return doc;
  }

  get doc(): Doc | undefined {
    return this.docs.get(this.docKey);
  }

  /** Every document and variant, for the picker. */
  get pickerEntries(): PickerEntry[] {
    const out: PickerEntry[] = [];
    const add = (doc: string, name: string, group: string) => {
      const info = this.survey[doc];
      const extending = info?.extends !== undefined;
      const mark = this.changed.includes(doc) ? " •" : "";
      if (!extending) out.push({ value: `${doc}|`, label: `${info?.title ?? name}${mark}`, doc, group });
      for (const v of info?.variants ?? []) out.push({ value: `${doc}|${v}`, label: `${extending ? `${info?.title ?? name}: ` : "  variant: "}${v}${mark}`, doc, variant: v, group });
      if (extending && !info?.variants.length) out.push({ value: `${doc}|`, label: `${name}${mark}`, doc, group });
    };
    for (const g of this.games) add(g.name, g.name, g.name);
    for (const d of this.docs.values()) if (d.shared) add(d.key, d.name, `shared: ${d.name}`);
    return out;
  }

  private async refreshSurvey(): Promise<void> {
    const files: Record<string, string> = {};
    for (const g of this.games) files[g.name] = this.docs.get(g.name)?.model.getValue() ?? this.store.draft(g.name)?.text ?? g.source;
    for (const d of this.docs.values()) if (d.shared) files[d.key] = d.model.getValue();
    const r = await this.worker.request({ type: "survey", files });
    this.survey = r.files;
  }

  private refreshChanged(): void {
    this.changed = this.store.drafts();
  }

  // ------------------------------------------------------------------ documents

  /** Shows a document (and, when given, starts its playtest on a variant). */
  open(key: string, variant?: string | null): void {
    const doc = this.ensureDoc(key);
    const switching = key !== this.docKey;
    this.flushAutosave();
    this.docKey = key;
    this.store.setLastDoc(key);
    if (switching) {
      this.editor?.setModel(doc.model);
      const saved = this.store.playtest(key);
      this.persons = saved?.persons ?? [0];
      this.snapshot = undefined;
      this.shownJson = "";
      this.markersJson = "";
      this.diagnostics = [];
      this.rulesStale = false;
      this.playtestError = undefined;
      this.cancelBots();
    }
    void this.compileNow().then(() => {
      if (variant !== undefined && this.snapshot && (this.snapshot.settings.variant ?? null) !== variant) void this.playVariant(variant);
    });
  }

  /** The picker's value for the current document and variant. */
  get pickerValue(): string {
    return `${this.docKey}|${this.snapshot?.settings.variant ?? ""}`;
  }

  pick(value: string): void {
    const cut = value.indexOf("|");
    const doc = value.slice(0, cut);
    const variant = value.slice(cut + 1);
    const v = variant === "" ? null : variant;
    if (doc === this.docKey) {
      if ((this.snapshot?.settings.variant ?? null) !== v) void this.playVariant(v);
    }
    else this.open(doc, v);
  }

  /** Restarts the playtest on a variant (null: the base game), same players and seed. */
  playVariant(variant: string | null): Promise<void> {
    const s = this.snapshot?.settings;
    if (!s) return Promise.resolve();
    const { variant: _old, ...rest } = s;
    return this.restart(variant === null ? rest : { ...rest, variant });
  }

  private edited(doc: Doc): void {
    if (doc.key !== this.docKey) return;
    clearTimeout(this.compileTimer);
    this.compileTimer = setTimeout(() => void this.compileNow(), COMPILE_PAUSE_MS);
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => this.autosave(doc), AUTOSAVE_PAUSE_MS);
  }

  private autosave(doc: Doc): void {
    const ok = this.store.saveDraft(doc.key, doc.model.getValue(), doc.fileText);
    if (!ok) this.say(`Could not autosave (${this.store.lastError}): download the file to keep your work`, "error");
    this.refreshChanged();
  }

  private flushAutosave(): void {
    if (this.autosaveTimer === undefined) return;
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = undefined;
    const doc = this.doc;
    if (doc) this.autosave(doc);
  }

  /** The text of every rule file, as edited, by path (for `extends`). */
  private filesByPath(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const g of this.games) out[`games/${g.name}`] = this.docs.get(g.name)?.model.getValue() ?? this.store.draft(g.name)?.text ?? g.source;
    return out;
  }

  get dirty(): boolean {
    return this.changed.includes(this.docKey);
  }

  /** What a balance run needs (the simulate panel): the text now, the saved text, the other files, the variant and players in play. */
  simulationInput(): { file: string; source: string; saved?: string; files: Record<string, string>; variant?: string; players: number } | undefined {
    const doc = this.doc;
    if (!doc) return undefined;
    const out: { file: string; source: string; saved?: string; files: Record<string, string>; variant?: string; players: number } = {
      file: this.filePath(doc),
      source: doc.model.getValue(),
      files: this.filesByPath(),
      players: this.snapshot?.settings.players ?? 2,
    };
    if (doc.fileText !== undefined) out.saved = doc.fileText;
    if (this.snapshot?.settings.variant !== undefined) out.variant = this.snapshot.settings.variant;
    return out;
  }

  // ------------------------------------------------------------------ compiling

  /**
   * Sends the text to the worker; one compile at a time, and a change made
   * meanwhile is compiled right after, so the last text always gets checked.
   */
  private async compileNow(): Promise<void> {
    const doc = this.doc;
    if (!doc) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    this.compiling = true;
    const saved = this.store.playtest(doc.key);
    const request: WorkerRequest = {
      type: "compile",
      doc: doc.key,
      file: this.filePath(doc),
      source: doc.model.getValue(),
      files: this.filesByPath(),
      seats: { persons: [...this.persons], viewAs: this.viewAs },
    };
    if (saved) request.init = { settings: saved.settings, log: saved.log };
    try {
      const reply = await this.worker.request(request);
      const arrived = performance.now();
      this.compiled(doc, reply);
      // User Timing entries: how long the page spends on a result (devtools and editor/tools/measure.ts read them).
      performance.measure("stela: apply a compile", { start: arrived });
      requestAnimationFrame(() => performance.measure("stela: compile result to frame", { start: arrived }));
    } finally {
      this.inFlight = false;
      this.compiling = false;
    }
    if (this.again) {
      this.again = false;
      await this.compileNow();
    }
  }

  private compiled(doc: Doc, reply: CompileReply): void {
    if (doc.key !== this.docKey) return;
    doc.compiled = { source: reply.source, symbols: reply.symbols, outline: reply.outline };
    const current = reply.source === doc.model.getValue();
    if (current) {
      if (JSON.stringify(reply.diagnostics) !== JSON.stringify(this.diagnostics)) this.diagnostics = reply.diagnostics;
      this.compileOk = reply.ok;
      this.compileMs = reply.ms;
      this.playMs = reply.playMs;
      this.rulesStale = !reply.ok && reply.playtest !== undefined;
      const markers = reply.diagnostics.filter((d) => d.file === this.filePath(doc)).map((d) => toMarker(d, doc.model));
      const key = JSON.stringify(markers);
      if (key !== this.markersJson) {
        this.markersJson = key;
        monaco.editor.setModelMarkers(doc.model, "stela", markers);
      }
    }
    this.playtestError = reply.playtestError;
    if (reply.playtest) this.show(reply.playtest);
    if (!this.survey[doc.key] || JSON.stringify(this.survey[doc.key]?.variants) !== JSON.stringify(reply.variantNames)) void this.refreshSurvey();
  }

  /** Moves the cursor to a diagnostic (or opens the file it is in). */
  reveal(d: { file: string; span: Diagnostic["span"] }): void {
    const doc = this.doc;
    if (!doc || !this.editor) return;
    if (d.file !== this.filePath(doc)) {
      const other = d.file.replace(/^games\//, "");
      if (this.games.some((g) => g.name === other)) {
        this.open(other);
        setTimeout(() => this.reveal(d), 50);
      }
      return;
    }
    const { line, column } = d.span.start;
    this.editor.setPosition({ lineNumber: line, column });
    this.editor.revealLineInCenter(line);
    this.editor.focus();
  }

  // ------------------------------------------------------------------ playtest

  private show(snap: PlaytestSnapshot): void {
    // Most edits (a comment, a rename) leave the playtest as it was: then nothing is redrawn.
    const json = JSON.stringify(snap);
    if (json === this.shownJson) return this.scheduleBots();
    this.shownJson = json;
    this.snapshot = snap;
    const doc = this.doc;
    if (doc) {
      this.store.savePlaytest(doc.key, { settings: snap.settings, log: snap.log.map((d) => ({ ...d })), persons: [...this.persons] });
      // A rule that failed while the match ran: marked on its line.
      const e = snap.error;
      const markers = e && (e.file === this.filePath(doc) || e.span.file === undefined) && e.span.start.offset + e.span.end.offset > 0 ? [toMarker(e, doc.model)] : [];
      monaco.editor.setModelMarkers(doc.model, "stela-runtime", markers);
    }
    this.scheduleBots();
  }

  private async playtest(body: Exclude<WorkerRequest, { type: "compile" } | { type: "survey" }>): Promise<void> {
    this.playtestBusy = true;
    try {
      const r = await this.worker.request(body);
      if (r.refused) this.say(r.refused, "error");
      if (r.snapshot) this.show(r.snapshot);
    } finally {
      this.playtestBusy = false;
    }
  }

  /** A person's decision (from a click on the board or a list). */
  choose(player: number, option: string): Promise<void> {
    this.cancelBots();
    return this.playtest({ type: "apply", player, option });
  }

  undo(): Promise<void> {
    this.cancelBots();
    // With bots in every seat, undo would be undone at once: stop them.
    if (this.persons.length === 0) this.botsPaused = true;
    return this.playtest({ type: "undo" });
  }

  redo(): Promise<void> {
    this.cancelBots();
    return this.playtest({ type: "redo" });
  }

  rewind(index: number): Promise<void> {
    this.cancelBots();
    if (this.persons.length === 0) this.botsPaused = true;
    return this.playtest({ type: "rewind", index });
  }

  restart(settings: PlaytestSettings): Promise<void> {
    this.cancelBots();
    return this.playtest({ type: "restart", settings });
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
    return this.sendSeats();
  }

  setViewAs(v: ViewAs): Promise<void> {
    this.viewAs = v;
    return this.sendSeats();
  }

  private sendSeats(): Promise<void> {
    return this.playtest({ type: "seats", persons: [...this.persons], viewAs: this.viewAs });
  }

  setBotsPaused(paused: boolean): void {
    this.botsPaused = paused;
    if (paused) this.cancelBots();
    else this.scheduleBots();
  }

  private cancelBots(): void {
    clearTimeout(this.botTimer);
    this.botTimer = undefined;
  }

  /** Bots owing a decision move after a short pause, so a person can follow what they did. */
  private scheduleBots(): void {
    this.cancelBots();
    const snap = this.snapshot;
    if (!snap || this.botsPaused || snap.error || snap.view.over) return;
    const bots = snap.owing.filter((p) => !this.persons.includes(p));
    if (bots.length === 0) return;
    this.botTimer = setTimeout(() => {
      this.botTimer = undefined;
      if (this.playtestBusy) return this.scheduleBots();
      void this.playtest({ type: "bot", players: bots });
    }, this.botDelay);
  }

  // ------------------------------------------------------------------ files

  say(text: string, kind: "info" | "error" = "info"): void {
    this.notice = { text, kind };
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => (this.notice = undefined), kind === "error" ? 8000 : 4000);
  }

  /** Writes the text back to games/ through the server. */
  async save(): Promise<void> {
    const doc = this.doc;
    if (!doc || doc.shared || !this.server) return;
    const text = doc.model.getValue();
    try {
      await saveGame(doc.name, text);
    } catch (e) {
      this.say(`Not saved: ${e instanceof Error ? e.message : String(e)}`, "error");
      return;
    }
    doc.fileText = text;
    this.games = this.games.map((g) => (g.name === doc.name ? { ...g, source: text } : g));
    this.store.dropDraft(doc.key);
    this.refreshChanged();
    this.say(`Saved games/${doc.name}`);
  }

  /** Puts the file's text back (as an edit, so Ctrl+Z brings the draft back). */
  async revert(): Promise<void> {
    const doc = this.doc;
    if (!doc || doc.shared) return;
    const text = (this.server ? await fetchGame(doc.name) : undefined) ?? doc.fileText;
    if (text === undefined) return;
    doc.fileText = text;
    doc.model.pushEditOperations([], [{ range: doc.model.getFullModelRange(), text }], () => null);
    this.store.dropDraft(doc.key);
    this.refreshChanged();
    this.say(`Reverted to games/${doc.name}`);
  }

  download(): void {
    const doc = this.doc;
    if (!doc) return;
    const url = URL.createObjectURL(new Blob([doc.model.getValue()], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = doc.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** A link that opens this text in another browser; copied to the clipboard when allowed. */
  async share(): Promise<void> {
    const doc = this.doc;
    if (!doc) return;
    const url = `${location.origin}${location.pathname}${shareHash({ file: doc.name, text: doc.model.getValue() })}`;
    this.shareUrl = url;
    try {
      await navigator.clipboard.writeText(url);
      this.say("Share link copied");
    } catch {
      // No clipboard permission: the link is shown to copy by hand.
    }
  }

  /** For browser tests: set the text as a paste would, without the keyboard's auto-indent. */
  setText(text: string): void {
    const doc = this.doc;
    if (!doc) return;
    doc.model.pushEditOperations([], [{ range: doc.model.getFullModelRange(), text }], () => null);
  }

  /** For browser tests: the lines Monaco marks, by owner (`stela`: compile, `stela-runtime`: a rule failing in play). */
  markerLines(owner: string): number[] {
    const model = this.doc?.model;
    return model ? monaco.editor.getModelMarkers({ owner, resource: model.uri }).map((m) => m.startLineNumber) : [];
  }

  get text(): string {
    return this.doc?.model.getValue() ?? "";
  }
}
