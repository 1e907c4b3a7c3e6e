import type { LoggedDecision, PlaytestSettings } from "../playtest/playtest-session.ts";

/** The part of `Storage` the store uses, so tests can pass a map. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface Draft {
  text: string;
  /** The file's text the draft started from: a changed file on disk is noticed. */
  base: string;
  savedAt: number;
}

export interface SavedPlaytest {
  settings: PlaytestSettings;
  log: LoggedDecision[];
  /** Seats played by a person; the others are bots. */
  persons: number[];
  /** The bot of each bot seat as tools write it (`greedy`, `mcts:200`, `mcts:300ms`); a seat not named plays at random. */
  bots?: Record<number, string>;
  /** Decisions waiting for redo (set aside by undo, or stopped by a rule change). */
  waiting?: LoggedDecision[];
  /** The waiting decisions were stopped by a rule change, not undone. */
  stopped?: boolean;
}

const PREFIX = "stela:";

/**
 * The designer's unsaved work, kept in the browser (localStorage) per
 * document: the rule text as typed, and the playtest (settings, decisions,
 * seats). A reload restores both. A draft equal to the file is dropped, so
 * "no draft" always means "the file as it is".
 */
export class DocumentStore {
  /** The last write failed (storage full or refused): the page says so. */
  lastError: string | undefined;

  constructor(private readonly storage: KeyValueStorage) {}

  private write(key: string, value: string): boolean {
    try {
      this.storage.setItem(PREFIX + key, value);
      this.lastError = undefined;
      return true;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      return false;
    }
  }

  private read<T>(key: string): T | undefined {
    const raw = this.storage.getItem(PREFIX + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  }

  draft(doc: string): Draft | undefined {
    const d = this.read<Draft>(`draft:${doc}`);
    return d && typeof d.text === "string" ? d : undefined;
  }

  /** Keeps `text` as the draft of `doc`, or drops the draft when it equals the file. */
  saveDraft(doc: string, text: string, fileText: string | undefined, now = Date.now()): boolean {
    if (fileText !== undefined && text === fileText) {
      this.dropDraft(doc);
      return true;
    }
    const prev = this.draft(doc);
    return this.write(`draft:${doc}`, JSON.stringify({ text, base: prev?.base ?? fileText ?? "", savedAt: now } satisfies Draft));
  }

  dropDraft(doc: string): void {
    this.storage.removeItem(`${PREFIX}draft:${doc}`);
  }

  /** Documents with a draft. */
  drafts(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const k = this.storage.key(i);
      if (k?.startsWith(`${PREFIX}draft:`)) out.push(k.slice(`${PREFIX}draft:`.length));
    }
    return out.sort();
  }

  playtest(doc: string): SavedPlaytest | undefined {
    const p = this.read<SavedPlaytest>(`playtest:${doc}`);
    return p && p.settings && Array.isArray(p.log) ? p : undefined;
  }

  savePlaytest(doc: string, p: SavedPlaytest): boolean {
    return this.write(`playtest:${doc}`, JSON.stringify(p));
  }

  dropPlaytest(doc: string): void {
    this.storage.removeItem(`${PREFIX}playtest:${doc}`);
  }

  /** The document open when the page was last used. */
  lastDoc(): string | undefined {
    return this.storage.getItem(`${PREFIX}last-doc`) ?? undefined;
  }

  setLastDoc(doc: string): void {
    this.write("last-doc", doc);
  }
}

/** A map-backed storage for tests and for browsers that refuse localStorage. */
export class MemoryStorage implements KeyValueStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
}
