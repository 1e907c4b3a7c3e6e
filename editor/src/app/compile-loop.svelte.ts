import type { Diagnostic } from "../../../dsl/index.ts";
import type { ExampleStatus } from "../rules/example-status.ts";
import { toMarker } from "../rules/markers.ts";
import { monaco } from "../rules/monaco-setup.ts";
import type { CompileReply, WorkerRequest } from "../worker/protocol.ts";
import { ExamplesClient } from "../worker/examples-client.ts";
import type { WorkerClient } from "../worker/worker-client.ts";
import type { Doc, Documents } from "./documents.svelte.ts";
import type { PlaytestController } from "./playtest-controller.svelte.ts";

/**
 * How long typing must pause before a compile starts. Short: compiles run in
 * the worker one at a time and a burst of keys ends in one more compile, so
 * a short pause costs nothing while typing and saves time after it.
 */
const COMPILE_PAUSE_MS = 120;

/** How long the text must rest after a good compile before its examples run. */
const EXAMPLES_PAUSE_MS = 250;

/**
 * Compiles the document on screen in the worker as typing pauses, marks
 * its problems in Monaco, and hands the replayed playtest to the playtest
 * controller. One compile at a time; a change made meanwhile is compiled
 * right after, so the last text always gets checked.
 */
export class CompileLoop {
  diagnostics = $state.raw<Diagnostic[]>([]);
  compileOk = $state(false);
  compileMs = $state<number | undefined>(undefined);
  playMs = $state<number | undefined>(undefined);
  compiling = $state(false);
  /** The text has errors: the playtest shows the last rules that compiled. */
  rulesStale = $state(false);
  /** The text last checked (what the problems list is of): a view of other rules can tell it is outdated. */
  checkedSource = $state<string | undefined>(undefined);
  /**
   * The file the checked rules of a document extend (a variant file's base: `games/cacao.stela`;
   * undefined for a game's own file), with the document it is of: just after a switch the last
   * compile is still the other document's.
   */
  extendsOf: { doc: string; file: string | undefined } | undefined = undefined;
  /** The open file's examples, run on the last rules that compiled. */
  examples = $state.raw<ExampleStatus[]>([]);

  private timer: ReturnType<typeof setTimeout> | undefined;
  private examplesTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  private again = false;
  private markersJson = "";

  constructor(
    private readonly worker: WorkerClient,
    private readonly documents: Documents,
    private readonly playtest: PlaytestController,
  ) {}

  /** Forgets what was shown for the last document. */
  reset(): void {
    this.markersJson = "";
    this.diagnostics = [];
    this.examples = [];
    this.rulesStale = false;
  }

  /** An edit: compile once typing pauses. */
  soon(): void {
    clearTimeout(this.examplesTimer);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.now(), COMPILE_PAUSE_MS);
  }

  async now(): Promise<void> {
    const doc = this.documents.current;
    if (!doc) return;
    if (this.inFlight) {
      // Resolved once the compile of the text as it is now is in, not the one under way (of the
      // document left behind, say): a variant picked as the page opened was applied to nothing.
      this.again = true;
      return (this.afterAgain ??= new Promise<void>((resolve) => (this.resolveAgain = resolve)));
    }
    this.inFlight = true;
    this.compiling = true;
    const saved = this.documents.store.playtest(doc.key);
    const request: WorkerRequest = {
      type: "compile",
      doc: doc.key,
      file: this.documents.filePath(doc),
      source: doc.model.getValue(),
      files: this.documents.filesByPath(),
      seats: this.playtest.seats(),
    };
    if (saved) request.init = { settings: saved.settings, log: saved.log, waiting: saved.waiting ?? [], stopped: saved.stopped ?? false };
    try {
      const reply = await this.worker.request(request);
      const arrived = performance.now();
      this.compiled(doc, reply);
      // User Timing entries: how long the page spends on a result (devtools and editor/tools/measure.ts read them).
      performance.measure("stela: apply a compile", { start: arrived });
      requestAnimationFrame(() => performance.measure("stela: compile result to frame", { start: arrived }));
      // The diagnostics are on screen; now the playtest replays on the new rules.
      if (reply.ok) {
        const played = await this.worker.request({ type: "replay", doc: doc.key });
        const back = performance.now();
        if (doc.key === this.documents.docKey) {
          if (played.source === doc.model.getValue()) this.playMs = played.playMs;
          this.playtest.compiled(played);
          if (played.source === doc.model.getValue()) this.examplesSoon(doc);
        }
        performance.measure("stela: apply a replay", { start: back });
      }
    } finally {
      this.inFlight = false;
      this.compiling = false;
    }
    if (this.again) {
      this.again = false;
      const resolve = this.resolveAgain;
      this.afterAgain = undefined;
      this.resolveAgain = undefined;
      try {
        await this.now();
      } finally {
        resolve?.();
      }
    }
  }

  /** The promise callers of `now` wait on while a compile is under way: the next compile's end. */
  private afterAgain: Promise<void> | undefined;
  private resolveAgain: (() => void) | undefined;

  /**
   * The examples run in their own worker once the text has rested a moment
   * after a good compile: they can take longer than the compile, and in the
   * Stela worker they would hold up the next keystroke's diagnostics.
   */
  private examplesSoon(doc: Doc): void {
    clearTimeout(this.examplesTimer);
    this.examplesTimer = setTimeout(() => {
      if (doc.key !== this.documents.docKey) return;
      this.examplesClient.run({ source: doc.model.getValue(), file: this.documents.filePath(doc), files: this.documents.filesByPath() });
    }, EXAMPLES_PAUSE_MS);
  }

  private readonly examplesClient = new ExamplesClient((r) => {
    const doc = this.documents.current;
    if (!doc || r.source !== doc.model.getValue()) return;
    if (r.error) this.playtest.playtestError = r.error;
    if (r.examples && JSON.stringify(r.examples) !== JSON.stringify(this.examples)) this.examples = r.examples;
  });

  private compiled(doc: Doc, reply: CompileReply): void {
    if (doc.key !== this.documents.docKey) return;
    doc.compiled = { source: reply.source, symbols: reply.symbols, outline: reply.outline };
    const current = reply.source === doc.model.getValue();
    if (current) {
      if (JSON.stringify(reply.diagnostics) !== JSON.stringify(this.diagnostics)) this.diagnostics = reply.diagnostics;
      this.compileOk = reply.ok;
      this.checkedSource = reply.source;
      this.extendsOf = { doc: doc.key, file: reply.extendsFile };
      this.compileMs = reply.ms;
      this.rulesStale = !reply.ok && reply.playtest !== undefined;
      const markers = reply.diagnostics.filter((d) => d.file === this.documents.filePath(doc)).map((d) => toMarker(d, doc.model));
      const key = JSON.stringify(markers);
      if (key !== this.markersJson) {
        this.markersJson = key;
        monaco.editor.setModelMarkers(doc.model, "stela", markers);
      }
    }
    if (!reply.ok) this.playtest.compiled(reply);
    const survey = this.documents.survey[doc.key];
    if (!survey || JSON.stringify(survey.variants) !== JSON.stringify(reply.variantNames)) void this.documents.refreshSurvey();
  }
}
