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
  /** The browser tab that wrote it (a page load), so a tab can tell another tab's text from its own. */
  tab?: string;
}

/** A long draft replaced by a much shorter text (everything selected and typed over): kept until the designer chooses. */
export interface EarlierDraft {
  text: string;
  savedAt: number;
}

/**
 * Whether `next` throws away most of `prev`: half of it or more, and at least a few lines' worth.
 * Undo brings such text back only until the page reloads; past that, the store keeps it.
 */
export function losesMost(prev: string, next: string): boolean {
  return prev.length >= 400 && next.length * 2 <= prev.length && prev.length - next.length >= 200;
}

/** A draft another tab wrote and this tab would have replaced unseen: kept aside until the designer chooses. */
export interface AsideDraft {
  text: string;
  savedAt: number;
  /** The tab that wrote it; a tab's newer text replaces its older one aside. */
  tab: string;
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

/** Who plays each seat of a game: the seats a person plays, and each bot seat's bot as tools write it. */
export interface SavedSeats {
  persons: number[];
  bots: Record<number, string>;
}

/**
 * Seats kept for a game, as far as they still fit `players` seats (the rules or the player count
 * changed since): a seat beyond them is dropped. A designer who played some seat keeps playing one:
 * when none of theirs is left, they take the first, rather than find every seat a bot.
 */
export function fitSeats(saved: Partial<SavedSeats> | undefined, players: number): SavedSeats {
  const seat = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) < players;
  const had = Array.isArray(saved?.persons) ? saved.persons : [0];
  const kept = [...new Set(had.filter(seat))].sort((a, b) => a - b);
  const persons = kept.length === 0 && had.length > 0 && players > 0 ? [0] : kept;
  const bots: Record<number, string> = {};
  for (const [k, v] of Object.entries(saved?.bots && typeof saved.bots === "object" ? saved.bots : {})) if (seat(Number(k)) && typeof v === "string") bots[Number(k)] = v;
  return { persons, bots };
}

const PREFIX = "stela:";

/**
 * The designer's unsaved work, kept in the browser (localStorage) per
 * document: the rule text as typed, and the playtest (settings, decisions,
 * seats). A reload restores both. A draft equal to the file is dropped, so
 * "no draft" always means "the file as it is".
 *
 * Every tab of the editor shares this storage, and each writes its own text
 * of a document. So that one tab never silently replaces what another typed,
 * a store remembers the stored text it took or wrote last (per document); a
 * stored text it has not seen (another tab's) is moved aside before it is
 * replaced or dropped, and stays there (`aside`) until the designer chooses.
 */
export class DocumentStore {
  /** The last write failed (storage full or refused): the page says so. */
  lastError: string | undefined;
  /** Per document, the stored draft text this tab took or wrote last (null: it saw no draft). */
  private readonly seen = new Map<string, string | null>();

  constructor(
    private readonly storage: KeyValueStorage,
    /** This tab, in the drafts it writes. */
    readonly tab: string = Math.random().toString(36).slice(2, 10),
  ) {}

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
    return parseDraft(this.storage.getItem(`${PREFIX}draft:${doc}`));
  }

  /** Reads the draft to edit it in this tab: this tab's next write may replace it. */
  takeDraft(doc: string): Draft | undefined {
    const d = this.draft(doc);
    this.seen.set(doc, d?.text ?? null);
    return d;
  }

  /**
   * Keeps `text` as the draft of `doc`, or drops the draft when it equals the
   * file. A stored text this tab has not seen is set aside first: it is
   * another tab's, and the designer has not chosen between them.
   */
  saveDraft(doc: string, text: string, fileText: string | undefined, now = Date.now()): boolean {
    if (fileText !== undefined && text === fileText) {
      this.dropDraft(doc, now);
      return true;
    }
    const prev = this.draft(doc);
    this.setAsideUnseen(doc, prev, text, now);
    // A long draft typed over is kept: after a reload, Ctrl+Z cannot bring it back.
    if (prev && losesMost(prev.text, text)) this.write(`earlier:${doc}`, JSON.stringify({ text: prev.text, savedAt: prev.savedAt || now } satisfies EarlierDraft));
    const ok = this.write(`draft:${doc}`, JSON.stringify({ text, base: prev?.base ?? fileText ?? "", savedAt: now, tab: this.tab } satisfies Draft));
    if (ok) {
      this.seen.set(doc, text);
      // This tab's text aside is older than what it just wrote.
      this.dropAside(doc, this.tab);
    }
    return ok;
  }

  /** Drops the draft (saved, reverted, or equal to the file again); another tab's unseen text is set aside, not dropped. */
  dropDraft(doc: string, now = Date.now()): void {
    this.setAsideUnseen(doc, this.draft(doc), undefined, now);
    this.storage.removeItem(`${PREFIX}draft:${doc}`);
    this.seen.set(doc, null);
  }

  /** The long draft of `doc` last replaced by a much shorter text (`losesMost`), if kept. */
  earlier(doc: string): EarlierDraft | undefined {
    const e = this.read<EarlierDraft>(`earlier:${doc}`);
    return typeof e?.text === "string" ? e : undefined;
  }

  /** Forgets the earlier draft of `doc` (restored, or dismissed by the designer). */
  dropEarlier(doc: string): void {
    this.storage.removeItem(`${PREFIX}earlier:${doc}`);
  }

  /** The texts of other tabs set aside for `doc`, newest first. */
  aside(doc: string): AsideDraft[] {
    const all = this.read<AsideDraft[]>(`aside:${doc}`);
    return Array.isArray(all) ? all.filter((a) => typeof a?.text === "string").sort((a, b) => b.savedAt - a.savedAt) : [];
  }

  /** Forgets a tab's text aside (the designer took it, or chose this tab's). */
  dropAside(doc: string, tab: string): void {
    const all = this.aside(doc);
    const rest = all.filter((a) => a.tab !== tab);
    if (rest.length === all.length) return;
    if (rest.length) this.write(`aside:${doc}`, JSON.stringify(rest));
    else this.storage.removeItem(`${PREFIX}aside:${doc}`);
  }

  /**
   * The designer has seen the stored text (another tab's, offered beside this
   * tab's) and means this tab's next write to replace it.
   */
  acceptStored(doc: string): void {
    this.seen.set(doc, this.draft(doc)?.text ?? null);
  }

  private setAsideUnseen(doc: string, stored: Draft | undefined, replacement: string | undefined, now: number): void {
    if (!stored || stored.text === replacement) return;
    const seen = this.seen.get(doc);
    if (seen === stored.text) return;
    // A draft written before drafts named their tab is still someone's text.
    const tab = stored.tab ?? `earlier-${stored.savedAt}`;
    const rest = this.aside(doc).filter((a) => a.tab !== tab);
    this.write(`aside:${doc}`, JSON.stringify([{ text: stored.text, savedAt: stored.savedAt || now, tab }, ...rest] satisfies AsideDraft[]));
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

  /**
   * Who plays each seat of `doc`, kept apart from the playtest: a seat changed leaves the
   * playtest's snapshot as it was (nothing else to save then), and must outlive a reload all the
   * same. Before seats were kept apart, the playtest's own record held them.
   */
  seats(doc: string): SavedSeats | undefined {
    const s = this.read<Partial<SavedSeats>>(`seats:${doc}`) ?? this.playtest(doc);
    return s && Array.isArray(s.persons) ? { persons: s.persons.filter((n) => Number.isInteger(n)), bots: s.bots && typeof s.bots === "object" ? { ...s.bots } : {} } : undefined;
  }

  saveSeats(doc: string, seats: SavedSeats): boolean {
    return this.write(`seats:${doc}`, JSON.stringify({ persons: [...seats.persons], bots: { ...seats.bots } } satisfies SavedSeats));
  }

  dropSeats(doc: string): void {
    this.storage.removeItem(`${PREFIX}seats:${doc}`);
  }

  /** The document open when the page was last used. */
  lastDoc(): string | undefined {
    return this.storage.getItem(`${PREFIX}last-doc`) ?? undefined;
  }

  setLastDoc(doc: string): void {
    this.write("last-doc", doc);
  }
}

/** A stored draft's JSON as a draft, or undefined when it is none (removed, or unreadable). */
export function parseDraft(raw: string | null | undefined): Draft | undefined {
  if (raw === null || raw === undefined) return undefined;
  try {
    const d = JSON.parse(raw) as Draft;
    return d && typeof d.text === "string" ? d : undefined;
  } catch {
    return undefined;
  }
}

/** The document whose draft a storage key holds (a `storage` event's key), if it is one. */
export function draftDocOf(storageKey: string | null): string | undefined {
  return storageKey?.startsWith(`${PREFIX}draft:`) ? storageKey.slice(`${PREFIX}draft:`.length) : undefined;
}

/**
 * What a `storage` event (another tab wrote `newValue`) means for a tab whose
 * text is `text`: the other tab's draft when it differs from this tab's text,
 * else undefined (not a draft, this tab's own, or the same text).
 */
export function otherTabDraft(newValue: string | null, tab: string, text: string): Draft | undefined {
  const other = parseDraft(newValue);
  return other && other.tab !== tab && other.text !== text ? other : undefined;
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
