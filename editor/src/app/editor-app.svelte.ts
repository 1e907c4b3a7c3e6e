import type { Diagnostic } from "../../../dsl/index.ts";
import { readShareHash, shareHash } from "../docs/share-link.ts";
import { monaco, setupMonaco } from "../rules/monaco-setup.ts";
import { STELA } from "../rules/stela-language.ts";
import { overridesShown } from "../rules/variant-overrides.ts";
import type { LanguageContext } from "../rules/symbol-lookup.ts";
import type { SimulationInput } from "../simulate/simulation-input.ts";
import { WorkerClient } from "../worker/worker-client.ts";
import { CompileLoop } from "./compile-loop.svelte.ts";
import { Documents, type PickerEntry } from "./documents.svelte.ts";
import { Notices } from "./notices.svelte.ts";
import { PlaytestController } from "./playtest-controller.svelte.ts";
import { PositionEditor } from "./position-editor.svelte.ts";

/**
 * The editor's composition root: it builds the documents model, the
 * compile loop and the playtest controller around one worker and one Monaco
 * editor, and does what spans them (opening a document, a share link). The
 * Svelte components draw those parts and call their methods.
 */
export class EditorApp {
  readonly notices = new Notices();
  private readonly worker = new WorkerClient();
  readonly docs = new Documents(this.worker, this.notices);
  readonly playtest = new PlaytestController(this.worker, this.docs, this.notices);
  readonly compiler = new CompileLoop(this.worker, this.docs, this.playtest);
  readonly position = new PositionEditor(this.worker, this.docs, this.compiler, this.playtest, this.notices);
  private editor: monaco.editor.IStandaloneCodeEditor | undefined;
  private variantNotes: monaco.editor.IEditorDecorationsCollection | undefined;

  shareUrl = $state<string | undefined>(undefined);

  constructor() {
    this.docs.onEdit = () => this.compiler.soon();
    this.docs.errorsOf = (doc) =>
      doc === this.docs.current && this.compiler.checkedSource === doc.model.getValue() ? this.compiler.diagnostics.filter((d) => d.severity === "error").length : 0;
  }

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
    // The pane shrinks while the designer types when the problems or examples below it grow: the
    // line being typed would slip out of view under them. Typing keeps its line in view.
    const editor = this.editor;
    editor.onDidLayoutChange(() => {
      const at = editor.getPosition();
      if (at && editor.hasTextFocus()) editor.revealPosition(at, monaco.editor.ScrollType.Immediate);
    });
    await this.docs.load();

    const first = this.openShared() ?? this.lastDoc();
    if (first) this.open(first);
    // No rule file to show (an empty folder): text typed here would belong to no document and be
    // lost, so the editor takes none until one is made or opened.
    else editor.updateOptions({ readOnly: true, readOnlyMessage: { value: "No rule file is open: **New game** makes one." } });
    window.addEventListener("beforeunload", () => this.docs.flushAutosave());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.docs.flushAutosave();
    });
  }

  /**
   * Beside each base declaration the variant in play overrides, what replaces it, at the end of its
   * line (`overridesShown`): `const START_COINS = 16   → 12 in "Tight purse" (line 250)`. Shown
   * while the text is the one last checked (offsets of another text would land on other lines);
   * `variant` is the playtest's, `checked` the text the checker last read (the caller's dependencies).
   */
  showVariant(variant: string | undefined, checked: string | undefined): void {
    const editor = this.editor;
    const doc = this.docs.current;
    if (!editor || !doc) return;
    // The editor's own model: the document's may come back wrapped, and another object.
    const model = editor.getModel();
    if (!model) return;
    const outline = doc.compiled?.outline;
    const current = outline !== undefined && checked === model.getValue() && doc.compiled?.source === checked;
    const shown = current ? overridesShown(outline, variant, (o) => model.getPositionAt(o).lineNumber) : [];
    this.variantNotes ??= editor.createDecorationsCollection();
    this.variantNotes.set(
      shown.map((s) => {
        const line = model.getPositionAt(s.offset).lineNumber;
        const end = model.getLineMaxColumn(line);
        return { range: new monaco.Range(line, end, line, end), options: { showIfCollapsed: true, after: { content: `   ${s.text}`, inlineClassName: "variant-note" }, hoverMessage: { value: `The variant in play replaces this: ${s.text}` } } };
      }),
    );
  }

  /** A share link in the address: its rules (and playtest) become a shared document. */
  private openShared(): string | undefined {
    const link = readShareHash(location.hash);
    if (link && "refused" in link) {
      history.replaceState(null, "", location.pathname + location.search);
      this.notices.say(link.refused, "error");
      return undefined;
    }
    const shared = link;
    if (!shared) return undefined;
    const key = `shared:${shared.file}`;
    const doc = this.docs.ensure(key);
    doc.model.setValue(shared.text);
    this.docs.store.saveDraft(key, shared.text, undefined);
    // The link's seats too: those kept for an earlier link of the same file name would win over them.
    if (shared.playtest) {
      this.docs.store.savePlaytest(key, shared.playtest);
      this.docs.store.saveSeats(key, { persons: shared.playtest.persons, bots: shared.playtest.bots ?? {} });
    } else {
      this.docs.store.dropPlaytest(key);
      this.docs.store.dropSeats(key);
    }
    // The rules now live in the autosave; a reload must not paste the link's text over later edits.
    history.replaceState(null, "", location.pathname + location.search);
    this.notices.say(`Opened rules shared as ${shared.file}`);
    return key;
  }

  private lastDoc(): string | undefined {
    const last = this.docs.store.lastDoc();
    return last && (this.docs.games.some((g) => g.name === last) || this.docs.store.draft(last)) ? last : this.docs.games[0]?.name;
  }

  get editorInstance(): monaco.editor.IStandaloneCodeEditor | undefined {
    return this.editor;
  }

  private contextFor(model: monaco.editor.ITextModel): LanguageContext | undefined {
    const doc = this.docs.byModel(model);
    if (!doc?.compiled) return undefined;
    const diagnostics = doc.key === this.docs.docKey ? this.compiler.diagnostics : [];
    return { text: model.getValue(), compiledText: doc.compiled.source, symbols: doc.compiled.symbols, outline: doc.compiled.outline, file: this.docs.filePath(doc), diagnostics };
  }

  /** Shows a document (and, when given, starts its playtest on a variant). */
  open(key: string, variant?: string | null): void {
    const switching = key !== this.docs.docKey;
    const doc = this.docs.select(key);
    if (switching) {
      // A position being set up belongs to the document it started from.
      if (this.position.active) this.position.cancel();
      this.editor?.updateOptions({ readOnly: false });
      this.editor?.setModel(doc.model);
      this.playtest.reset(key);
      this.compiler.reset();
    }
    void this.compiler.now().then(() => {
      const snap = this.playtest.snapshot;
      if (variant !== undefined && snap && (snap.settings.variant ?? null) !== variant) void this.playtest.playVariant(variant);
    });
  }

  /** Asks for a title, creates games/<title>.stela from the minimal template, and opens it. */
  async newGame(title = window.prompt("Title of the new game", "My Game") ?? ""): Promise<void> {
    if (!title.trim()) return;
    const name = await this.docs.create(title);
    if (name) this.open(name);
  }

  /** Asks for a new file name and renames the document's file (its text, draft and playtest move along). */
  async renameGame(to = window.prompt("New file name", this.docs.current?.name ?? "") ?? ""): Promise<void> {
    if (!to.trim()) return;
    const name = await this.docs.rename(to);
    if (name && name !== this.docs.docKey) this.open(name);
  }

  /** The picker's value for the current document and variant. */
  get pickerValue(): string {
    const variant = this.playtest.snapshot?.settings.variant;
    const value = `${this.docs.docKey}|${variant ?? ""}`;
    if (variant !== undefined) return value;
    // A file of variants only has no entry of its own: while no variant plays (its base does not
    // check, so nothing plays), the picker names the file's first variant, which it plays when one
    // does, rather than nothing (a designer who broke the base lost sight of which file was open).
    const entries = this.docs.pickerEntries;
    if (entries.some((e) => e.value === value)) return value;
    return entries.find((e) => e.doc === this.docs.docKey)?.value ?? value;
  }

  /** The picker's entries, with the variants played together now (`"A+B"`, which no file declares) under their file. */
  get pickerEntries(): PickerEntry[] {
    const entries = this.docs.pickerEntries;
    const variant = this.playtest.snapshot?.settings.variant;
    const value = this.pickerValue;
    if (variant === undefined || entries.some((e) => e.value === value)) return entries;
    const at = entries.findLastIndex((e) => e.doc === this.docs.docKey);
    const entry: PickerEntry = { value, label: `  variants together: ${variant}`, doc: this.docs.docKey, variant, group: entries[at]?.group ?? this.docs.docKey };
    return [...entries.slice(0, at + 1), entry, ...entries.slice(at + 1)];
  }

  pick(value: string): void {
    const cut = value.indexOf("|");
    const doc = value.slice(0, cut);
    const variant = value.slice(cut + 1);
    const v = variant === "" ? null : variant;
    if (doc === this.docs.docKey) {
      if ((this.playtest.snapshot?.settings.variant ?? null) !== v) void this.playtest.playVariant(v);
    } else this.open(doc, v);
  }

  /** Moves the cursor to a diagnostic (or opens the file it is in). */
  reveal(d: { file: string; span: Diagnostic["span"] }): void {
    const doc = this.docs.current;
    if (!doc || !this.editor) return;
    if (d.file !== this.docs.filePath(doc)) {
      const other = d.file.replace(/^games\//, "");
      if (this.docs.games.some((g) => g.name === other)) {
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

  /**
   * A link that opens this text, and the playtest where it stands (seed,
   * players, variant, decisions, seats), in another browser; copied to the
   * clipboard when allowed.
   */
  async share(): Promise<void> {
    const doc = this.docs.current;
    if (!doc) return;
    const snap = this.playtest.snapshot;
    const playtest = snap ? { settings: snap.settings, log: snap.log.map((d) => ({ ...d })), persons: [...this.playtest.persons] } : undefined;
    const url = `${location.origin}${location.pathname}${shareHash({ file: doc.name, text: doc.model.getValue(), ...(playtest ? { playtest } : {}) })}`;
    this.shareUrl = url;
    try {
      await navigator.clipboard.writeText(url);
      this.notices.say("Share link copied");
    } catch {
      // No clipboard permission: the link is shown to copy by hand.
    }
  }

  // What the browser tests and editor/tools/measure.ts read through `window.stela`.

  /** What a balance run needs (the simulate panel): the text now, the saved text, the other files, the variant and players in play. */
  simulationInput(): SimulationInput | undefined {
    const doc = this.docs.current;
    if (!doc) return undefined;
    const settings = this.playtest.snapshot?.settings;
    const out: SimulationInput & { variants: string[] } = {
      file: this.docs.filePath(doc),
      source: doc.model.getValue(),
      files: this.docs.filesByPath(),
      variants: this.playtest.snapshot?.variants ?? [],
      players: settings?.players ?? 2,
      onDisk: (path) => this.docs.onDisk(path),
    };
    if (doc.fileText !== undefined) out.saved = doc.fileText;
    if (settings?.variant !== undefined) out.variant = settings.variant;
    // A variant file's base rules are the file it extends, as edited (its own text plays a variant).
    const of = this.compiler.extendsOf;
    const base = of?.doc === doc.key ? of.file : undefined;
    if (base !== undefined && out.files[base] !== undefined) out.base = { file: base, source: out.files[base] };
    return out;
  }

  get text(): string {
    return this.docs.text;
  }
  get docKey(): string {
    return this.docs.docKey;
  }
  get snapshot() {
    return this.playtest.snapshot;
  }
  get persons(): number[] {
    return this.playtest.persons;
  }
  get compiling(): boolean {
    return this.compiler.compiling;
  }
  get compileMs(): number | undefined {
    return this.compiler.compileMs;
  }
  get playMs(): number | undefined {
    return this.compiler.playMs;
  }

  /** For browser tests: set the text as a paste would, without the keyboard's auto-indent. */
  setText(text: string): void {
    this.docs.setText(text);
  }

  /** For browser tests: the lines Monaco marks, by owner (`stela`: compile, `stela-runtime`: a rule failing in play). */
  markerLines(owner: string): number[] {
    const model = this.docs.current?.model;
    return model ? monaco.editor.getModelMarkers({ owner, resource: model.uri }).map((m) => m.startLineNumber) : [];
  }
}
