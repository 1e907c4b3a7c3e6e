import { count } from "../text/plural.ts";
import type { PositionEdit } from "../playtest/position-edit.ts";
import type { PlaytestSnapshot } from "../playtest/playtest-session.ts";
import type { PositionPreview } from "../playtest/position-preview.ts";
import type { WorkerClient } from "../worker/worker-client.ts";
import type { CompileLoop } from "./compile-loop.svelte.ts";
import type { Documents } from "./documents.svelte.ts";
import type { Notices } from "./notices.svelte.ts";
import type { PlaytestController } from "./playtest-controller.svelte.ts";

/**
 * The position editor: from where the playtest stands, the designer moves
 * pieces and sets variables by hand to try a rule from the middle of a game,
 * then saves the position as an `example` of the rules (inserted into the
 * text as one edit, undone by Ctrl+Z). The position shown is always the
 * example run on the rules, so what is saved is what was seen.
 */
export class PositionEditor {
  active = $state(false);
  title = $state("");
  /** The example's `position { … }` statements so far, one per change. */
  statements = $state.raw<string[]>([]);
  /** The position as the example leaves it. */
  snapshot = $state.raw<PlaytestSnapshot | undefined>(undefined);
  /** The whole example block, as it will be inserted. */
  example = $state("");
  /** Why the last change was not taken. */
  error = $state<string | undefined>(undefined);
  /** The example as it stands runs on the rules: it can be saved. */
  ok = $state(false);
  /** The position leaves a choice one option, which the example stops at and asks (`ask always`): says which. */
  asks = $state<string | undefined>(undefined);
  /** How each variable is set (a number, a yes/no, a seat), by its declared type. */
  varKinds = $state.raw<PositionPreview["varKinds"]>(undefined);

  constructor(
    private readonly worker: WorkerClient,
    private readonly documents: Documents,
    private readonly compiler: CompileLoop,
    private readonly playtest: PlaytestController,
    private readonly notices: Notices,
  ) {}

  /** Opens the editor on the playtest's position; bots wait meanwhile. */
  async start(): Promise<void> {
    const snap = this.playtest.snapshot;
    if (!snap) return;
    this.playtest.hold(true);
    this.title = `Position after ${count(snap.log.length, "decision")}`;
    this.statements = [];
    this.error = undefined;
    const r = await this.worker.request({ type: "position", start: true, title: this.title, statements: [] });
    if (r.refused || !r.preview) {
      this.playtest.hold(false);
      this.notices.say(r.refused ?? "The position editor could not start.", "error");
      return;
    }
    this.take(r.preview);
    this.active = true;
  }

  private take(p: PositionPreview): void {
    this.statements = p.statements;
    this.example = p.example;
    if (p.snapshot) this.snapshot = p.snapshot;
    this.error = p.error;
    this.ok = p.ok;
    this.asks = p.asks;
    if (p.varKinds) this.varKinds = p.varKinds;
  }

  private async ask(statements: string[], edit?: PositionEdit): Promise<void> {
    const body: { type: "position"; title: string; statements: string[]; edit?: PositionEdit } = { type: "position", title: this.title, statements };
    if (edit) body.edit = edit;
    const r = await this.worker.request(body);
    if (r.refused) this.error = r.refused;
    else if (r.preview) this.take(r.preview);
  }

  /** One change: a piece moved or a variable set. */
  change(edit: PositionEdit): Promise<void> {
    return this.ask(this.statements, edit);
  }

  /** Takes back the last change. */
  undoLast(): Promise<void> {
    return this.ask(this.statements.slice(0, -1));
  }

  /** A new title for the example (it must not be one the rules already use). */
  rename(title: string): Promise<void> {
    this.title = title;
    return this.ask(this.statements);
  }

  /** Closes the editor without saving; the playtest is as it was. */
  cancel(): void {
    this.close();
    this.playtest.hold(false);
  }

  private close(): void {
    this.active = false;
    this.snapshot = undefined;
    this.error = undefined;
  }

  /**
   * Inserts the example at the end of the rules (one undoable edit), then
   * opens it in the playtest: from there the designer plays the rule to try.
   */
  async save(): Promise<void> {
    const doc = this.documents.current;
    if (!doc || !this.ok) return;
    // The block is built again under the title as it stands: a title typed and then Save clicked
    // was renamed (on the field's change) while the block kept the old one, and the example then
    // opened under a title the rules did not have.
    const title = this.title;
    await this.ask(this.statements);
    if (!this.ok || this.title !== title || this.documents.current !== doc) return;
    const model = doc.model;
    const end = model.getFullModelRange().getEndPosition();
    const text = `${model.getValue().endsWith("\n") ? "" : "\n"}\n${this.example}\n`;
    model.pushStackElement();
    model.pushEditOperations([], [{ range: { startLineNumber: end.lineNumber, startColumn: end.column, endLineNumber: end.lineNumber, endColumn: end.column }, text }], () => null);
    model.pushStackElement();
    // The bots stay held until the example is open (where they are paused): let go before the
    // rules had compiled, a bot seat owing a move in the playtest being left played it meanwhile,
    // a decision the designer never saw, found later in the playtest set aside.
    this.close();
    try {
      await this.compiler.now();
      await this.playtest.openExample(title);
    } finally {
      this.playtest.hold(false);
    }
    this.notices.say(`Saved the position as the example "${title}" at the end of the rules (Ctrl+Z takes it out).`);
  }
}
