import type { SymbolIndex } from "../../../dsl/index.ts";
import { DocumentStore, draftDocOf, MemoryStorage, otherTabDraft, parseDraft, type KeyValueStorage } from "../docs/document-store.ts";
import { deleteGame, fetchGame, fetchGames, NEW_FILE, saveGame, SaveConflict, type GameFile } from "../docs/games-source.ts";
import { fileNameFor, newGameText } from "../docs/new-game.ts";
import { monaco } from "../rules/monaco-setup.ts";
import type { Outline } from "../rules/outline.ts";
import { STELA } from "../rules/stela-language.ts";
import type { SurveyReply } from "../worker/protocol.ts";
import type { WorkerClient } from "../worker/worker-client.ts";
import type { Notices } from "./notices.svelte.ts";

/** One open rule text: a file of games/, or rules opened from a share link. */
export interface Doc {
  key: string;
  /** The file name in games/ (for a shared text: the name it was shared under). */
  name: string;
  shared: boolean;
  model: monaco.editor.ITextModel;
  /** The file's text on disk when last read or saved; undefined when there is no such file. */
  fileText: string | undefined;
  /** The server's version of the file when last read or saved: a save from an older one is refused. */
  fileVersion: string | undefined;
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

/** A save the server refused because the file changed on disk since it was read. */
export interface Conflict {
  doc: string;
  /** The file's text on disk now, and its version. */
  diskText: string;
  diskVersion: string;
}

/**
 * Another browser tab of the editor holds other unsaved text of a document
 * open here: this tab's text stays on screen and in the browser, and the page
 * offers to load the other tab's, keep this one, or compare them.
 */
export interface TabConflict {
  doc: string;
  /** The other tab's text. */
  otherText: string;
  /** The other tab (as its drafts name it). */
  tab: string;
}

const AUTOSAVE_PAUSE_MS = 400;

function browserStorage(): KeyValueStorage {
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
 * The documents: rule files of games/ and shared texts, each a Monaco model
 * with an autosaved draft, and saving them back through the server. It
 * knows nothing of compiling or playing: an edit is reported to `onEdit`.
 */
export class Documents {
  readonly store = new DocumentStore(browserStorage());
  private readonly docs = new Map<string, Doc>();
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;

  games = $state.raw<GameFile[]>([]);
  /** There is a server to read and save rule files (npm start); a static copy has none. */
  server = $state(false);
  /** The rule files have been read (`load`): an empty `games` then means a folder with none. */
  loaded = $state(false);
  survey = $state.raw<SurveyReply["files"]>({});
  docKey = $state("");
  /** Names of documents that differ from their file (autosaved drafts). */
  changed = $state<string[]>([]);
  /** A save refused because someone else changed the file: the page offers reload, overwrite or compare. */
  conflict = $state.raw<Conflict | undefined>(undefined);
  /** Another tab changed the unsaved text of a document open here: the page offers to load it, keep this tab's, or compare. */
  tabConflict = $state.raw<TabConflict | undefined>(undefined);
  /** A long draft of the document on screen that a much shorter text replaced (kept by the store): offered back on opening it. */
  earlierDraft = $state.raw<{ doc: string; text: string; savedAt: number } | undefined>(undefined);

  /** Called after each edit of the document on screen. */
  onEdit: (doc: Doc) => void = () => {};
  /** How many errors the checker found in a document's text as it is now (0 when not known). */
  errorsOf: (doc: Doc) => number = () => 0;

  constructor(
    private readonly worker: WorkerClient,
    private readonly notices: Notices,
  ) {}

  /** Reads the rule files from the server (none on a static copy) and the shared texts kept here. */
  async load(): Promise<void> {
    const listed = await fetchGames();
    this.server = listed !== undefined;
    this.games = listed?.files ?? [];
    if (listed?.folder !== undefined) this.folder = listed.folder;
    this.loaded = true;
    for (const key of this.store.drafts()) if (key.startsWith("shared:")) this.ensure(key);
    this.refreshChanged();
    // Fired in every other tab of this page's origin when one writes: that is how a tab hears of another's edits.
    window.addEventListener("storage", (e) => this.storageChanged(e.key, e.newValue));
    void this.refreshSurvey();
  }

  /** The path diagnostics name for a document. */
  filePath(doc: Doc): string {
    return `games/${doc.name}`;
  }

  /**
   * The folder the rule files are in as a terminal names it (the server's `folder`): `games`, or a
   * designer's own (`STELA_GAMES_DIR`). Paths the editor names `games/…` are there.
   */
  folder = "games";

  /** A path the editor names (`filePath`: `games/cacao.stela`) as a command in a terminal must name it. */
  onDisk(path: string): string {
    return path.startsWith("games/") ? `${this.folder === "." ? "" : `${this.folder}/`}${path.slice("games/".length)}` : path;
  }

  /** The document that owns a Monaco model. */
  byModel(model: monaco.editor.ITextModel): Doc | undefined {
    return [...this.docs.values()].find((d) => d.model === model);
  }

  ensure(key: string): Doc {
    const existing = this.docs.get(key);
    if (existing) return existing;
    const shared = key.startsWith("shared:");
    const name = shared ? key.slice("shared:".length) : key;
    const file = shared ? undefined : this.games.find((g) => g.name === name);
    const draft = this.store.takeDraft(key);
    const text = draft?.text ?? file?.source ?? "";
    if (draft && file && draft.base && draft.base !== file.source) {
      this.notices.say(`${this.onDisk(`games/${name}`)} changed on disk since you began editing it here: your text is kept (Revert to file takes the new one)`, "error");
    }
    const uri = monaco.Uri.parse(`file:///${shared ? "shared" : "games"}/${encodeURIComponent(name)}`);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, STELA, uri);
    const doc: Doc = { key, name, shared, model, fileText: file?.source, fileVersion: file?.version };
    model.onDidChangeContent(() => this.edited(doc));
    this.docs.set(key, doc);
    return doc;
  }

  get current(): Doc | undefined {
    return this.docs.get(this.docKey);
  }

  all(): Doc[] {
    return [...this.docs.values()];
  }

  /** Makes `key` the document on screen; its pending autosave of the last one is written first. */
  select(key: string): Doc {
    const doc = this.ensure(key);
    this.flushAutosave();
    this.docKey = key;
    this.store.setLastDoc(key);
    this.offerAside(key);
    this.offerEarlier(key);
    return doc;
  }

  /**
   * Another tab wrote to the browser's storage. A draft of a document open
   * here that differs from this tab's text is offered beside it; nothing is
   * replaced until the designer chooses (this tab's next autosave sets the
   * other text aside rather than dropping it).
   */
  storageChanged(storageKey: string | null, newValue: string | null): void {
    const key = draftDocOf(storageKey);
    if (key === undefined) return;
    this.refreshChanged();
    const doc = this.docs.get(key);
    if (!doc) return;
    const other = otherTabDraft(newValue, this.store.tab, doc.model.getValue());
    if (!other) {
      // The other tab took this tab's text: nothing is left to choose.
      if (this.tabConflict?.doc === key && parseDraft(newValue)?.text === doc.model.getValue()) this.tabConflict = undefined;
      return;
    }
    this.tabConflict = { doc: key, otherText: other.text, tab: other.tab ?? "" };
    if (key === this.docKey) this.notices.say(`Another tab changed the unsaved text of ${doc.shared ? doc.name : `${this.onDisk(`games/${doc.name}`)}`}: yours is kept`, "error");
  }

  /** Offers a text of another tab that this tab set aside (or found at load), if any and nothing else is offered. */
  private offerAside(key: string): void {
    if (this.tabConflict?.doc === key) return;
    const doc = this.docs.get(key);
    const aside = this.store.aside(key).find((a) => a.text !== doc?.model.getValue());
    if (aside) this.tabConflict = { doc: key, otherText: aside.text, tab: aside.tab };
  }

  /** Ends the offer of another tab's text, whichever way it is settled: the stored draft is now this tab's to replace. */
  private settleTabConflict(): { c: TabConflict; doc: Doc } | undefined {
    const c = this.tabConflict;
    const doc = c && this.docs.get(c.doc);
    if (!c || !doc) return undefined;
    this.tabConflict = undefined;
    this.store.acceptStored(c.doc);
    this.store.dropAside(c.doc, c.tab);
    return { c, doc };
  }

  /**
   * Offers the long draft a much shorter text replaced (everything selected and typed over), when
   * the document is opened with other text: after a reload, undo no longer reaches it.
   */
  private offerEarlier(key: string): void {
    const e = this.store.earlier(key);
    const doc = this.docs.get(key);
    this.earlierDraft = e && doc && e.text !== doc.model.getValue() ? { doc: key, ...e } : undefined;
  }

  /** Puts the earlier draft back (as an edit: Ctrl+Z brings the text it replaces back). */
  restoreEarlier(): void {
    const e = this.earlierDraft;
    const doc = e && this.docs.get(e.doc);
    this.earlierDraft = undefined;
    if (!e || !doc) return;
    doc.model.pushEditOperations([], [{ range: doc.model.getFullModelRange(), text: e.text }], () => null);
    this.flushAutosave();
    this.store.dropEarlier(e.doc);
    this.notices.say("Restored the earlier draft (Ctrl+Z brings the shorter text back)");
  }

  /** The designer does not want the earlier draft: it is forgotten. */
  dismissEarlier(): void {
    const e = this.earlierDraft;
    this.earlierDraft = undefined;
    if (e) this.store.dropEarlier(e.doc);
  }

  /** Takes the other tab's text (as an edit: Ctrl+Z brings this tab's back). */
  loadOtherTab(): void {
    const settled = this.settleTabConflict();
    if (!settled) return;
    const { c, doc } = settled;
    doc.model.pushEditOperations([], [{ range: doc.model.getFullModelRange(), text: c.otherText }], () => null);
    this.flushAutosave();
    this.notices.say("Loaded the other tab's text (Ctrl+Z brings this tab's back)");
    this.offerAside(c.doc);
  }

  /** Keeps this tab's text: it replaces the other tab's in the browser (that tab, if open, is told in turn). */
  keepThisTab(): void {
    const settled = this.settleTabConflict();
    if (!settled) return;
    const { c, doc } = settled;
    clearTimeout(this.autosaveTimer);
    this.autosave(doc);
    this.offerAside(c.doc);
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

  /** Titles and variants of every document, as edited (for the picker). */
  async refreshSurvey(): Promise<void> {
    const files: Record<string, string> = {};
    for (const g of this.games) files[g.name] = this.docs.get(g.name)?.model.getValue() ?? this.store.draft(g.name)?.text ?? g.source;
    for (const d of this.docs.values()) if (d.shared) files[d.key] = d.model.getValue();
    const r = await this.worker.request({ type: "survey", files });
    this.survey = r.files;
  }

  private refreshChanged(): void {
    this.changed = this.store.drafts();
  }

  private edited(doc: Doc): void {
    if (doc.key !== this.docKey) return;
    this.onEdit(doc);
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => this.autosave(doc), AUTOSAVE_PAUSE_MS);
  }

  private autosave(doc: Doc): void {
    this.autosaveTimer = undefined;
    const ok = this.store.saveDraft(doc.key, doc.model.getValue(), doc.fileText);
    if (!ok) this.notices.say(`Could not autosave (${this.store.lastError}): download the file to keep your work`, "error");
    this.refreshChanged();
    // The write may have set aside another tab's text that no storage event announced (a tab closed meanwhile).
    this.offerAside(doc.key);
  }

  /** Writes a pending autosave now (the page is hidden or another document opens). */
  flushAutosave(): void {
    if (this.autosaveTimer === undefined) return;
    clearTimeout(this.autosaveTimer);
    const doc = this.current;
    if (doc) this.autosave(doc);
  }

  /** The text of every rule file, as edited, by path (for `extends`). */
  filesByPath(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const g of this.games) out[`games/${g.name}`] = this.docs.get(g.name)?.model.getValue() ?? this.store.draft(g.name)?.text ?? g.source;
    return out;
  }

  get dirty(): boolean {
    return this.changed.includes(this.docKey);
  }

  get text(): string {
    return this.current?.model.getValue() ?? "";
  }

  /**
   * Writes the text back to games/ through the server. The server refuses it
   * when the file changed on disk since this page read it (another editor, a
   * `git pull`): then `conflict` holds the disk's text and nothing is written,
   * unless `overwrite` says the designer has seen it and means to replace it.
   */
  async save(overwrite = false): Promise<void> {
    const doc = this.current;
    if (!doc || doc.shared || !this.server) return;
    const text = doc.model.getValue();
    let version: string;
    try {
      version = await saveGame(doc.name, text, overwrite ? undefined : doc.fileVersion);
    } catch (e) {
      if (e instanceof SaveConflict) {
        this.conflict = { doc: doc.key, diskText: e.diskText, diskVersion: e.diskVersion };
        this.notices.say(`${this.onDisk(`games/${doc.name}`)} changed on disk since this page read it: not saved`, "error");
        return;
      }
      this.notices.say(`Not saved: ${e instanceof Error ? e.message : String(e)}`, "error");
      return;
    }
    this.conflict = undefined;
    doc.fileText = text;
    doc.fileVersion = version;
    this.games = this.games.map((g) => (g.name === doc.name ? { ...g, source: text, version } : g));
    this.store.dropDraft(doc.key);
    this.refreshChanged();
    this.offerAside(doc.key);
    // Saved as typed, errors and all (work in progress is the designer's to keep), but said:
    // "Saved" alone read as a file that plays.
    const errors = this.errorsOf(doc);
    if (errors > 0) this.notices.say(`Saved ${this.onDisk(`games/${doc.name}`)} with ${errors === 1 ? "1 error" : `${errors} errors`}: it will not play until ${errors === 1 ? "it is" : "they are"} fixed`, "error");
    else this.notices.say(`Saved ${this.onDisk(`games/${doc.name}`)}`);
  }

  /** Puts the file's text back (as an edit, so Ctrl+Z brings the draft back). */
  async revert(): Promise<void> {
    const doc = this.current;
    if (!doc || doc.shared) return;
    const disk = this.server ? await fetchGame(doc.name) : undefined;
    const text = disk?.source ?? doc.fileText;
    if (text === undefined) return;
    doc.fileText = text;
    if (disk) doc.fileVersion = disk.version;
    this.conflict = undefined;
    doc.model.pushEditOperations([], [{ range: doc.model.getFullModelRange(), text }], () => null);
    this.store.dropDraft(doc.key);
    this.refreshChanged();
    this.offerAside(doc.key);
    this.notices.say(`Reverted to ${this.onDisk(`games/${doc.name}`)}`);
  }

  /**
   * Writes a new rule file into games/ from the minimal template (never over
   * an existing one) and gives its name, or undefined after saying why not.
   */
  async create(title: string): Promise<string | undefined> {
    const name = fileNameFor(title);
    if (!name || !this.server) return void this.notices.say(name ? "No server: a new game needs `npm start`" : "A game needs a name", "error");
    if (this.games.some((g) => g.name === name)) return void this.notices.say(`${this.onDisk(`games/${name}`)} already exists`, "error");
    const text = newGameText(title.trim());
    try {
      const version = await saveGame(name, text, NEW_FILE);
      this.games = [...this.games, { name, source: text, version }].sort((a, b) => a.name.localeCompare(b.name));
    } catch (e) {
      return void this.notices.say(e instanceof SaveConflict ? `${this.onDisk(`games/${name}`)} already exists` : `Not created: ${e instanceof Error ? e.message : String(e)}`, "error");
    }
    void this.refreshSurvey();
    this.notices.say(`Created ${this.onDisk(`games/${name}`)}`);
    return name;
  }

  /**
   * Renames the document's file: writes the text (as typed) under the new
   * name, then deletes the old file; the draft and playtest move with it.
   * Gives the new name, or undefined after saying why not.
   */
  async rename(to: string): Promise<string | undefined> {
    const doc = this.current;
    if (!doc || doc.shared || !this.server) return undefined;
    const name = fileNameFor(to);
    if (!name) return void this.notices.say("A file needs a name", "error");
    if (name === doc.name) return name;
    if (this.games.some((g) => g.name === name)) return void this.notices.say(`${this.onDisk(`games/${name}`)} already exists`, "error");
    this.flushAutosave();
    const text = doc.model.getValue();
    try {
      const version = await saveGame(name, text, NEW_FILE);
      await deleteGame(doc.name);
      this.games = [...this.games.filter((g) => g.name !== doc.name), { name, source: text, version }].sort((a, b) => a.name.localeCompare(b.name));
    } catch (e) {
      return void this.notices.say(`Not renamed: ${e instanceof Error ? e.message : String(e)}`, "error");
    }
    const playtest = this.store.playtest(doc.key);
    if (playtest) this.store.savePlaytest(name, playtest);
    this.store.dropPlaytest(doc.key);
    const seats = this.store.seats(doc.key);
    if (seats) this.store.saveSeats(name, seats);
    this.store.dropSeats(doc.key);
    this.store.dropDraft(doc.key);
    this.refreshChanged();
    void this.refreshSurvey();
    this.notices.say(`Renamed ${this.onDisk(`games/${doc.name}`)} to ${this.onDisk(`games/${name}`)}`);
    return name;
  }

  /** Leaves a save conflict: the text stays as typed and a later save asks again. */
  dismissConflict(): void {
    this.conflict = undefined;
  }

  download(): void {
    const doc = this.current;
    if (!doc) return;
    const url = URL.createObjectURL(new Blob([doc.model.getValue()], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = doc.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Sets the text as a paste would (one undoable edit, without the keyboard's auto-indent). */
  setText(text: string): void {
    const doc = this.current;
    if (!doc) return;
    doc.model.pushEditOperations([], [{ range: doc.model.getFullModelRange(), text }], () => null);
  }
}
