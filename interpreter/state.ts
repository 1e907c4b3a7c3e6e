import type { Diagnostic } from "../dsl/diagnostic.ts";

/**
 * The layout version of `MatchState` this engine writes and reads. 5: a space the rules hold is
 * saved `{ "$space": key }` (`space-info.ts`); version 4 wrote its bare key, which reads back as text.
 * 6: what each player knows of the pieces they cannot see (`known`); a version 5 state has none,
 * which would read as "nothing hidden has moved yet", so it is refused rather than misread.
 */
export const STATE_VERSION = 6;
import type { Value } from "../dsl/ir.ts";
import { hiddenSlot } from "./hidden-slot.ts";
import type { SpaceLinks } from "./space-links.ts";
import type { SpaceInfo } from "./space-info.ts";
import type { PrivateText } from "./secret-text.ts";
import type { Knowledge } from "./knowledge.ts";

/**
 * Everything about a match in progress: plain data, but for the spaces the
 * rules hold, which are the topology's objects (`space-info.ts`), so copy it
 * with `cloneState`, not `structuredClone`. Saving writes it as `SavedState`
 * (`Match.toJSON`), which names each board's cells by key where this keeps
 * them by number, and each space by key. The same rules, seed and decisions
 * always give the same state.
 */
export interface MatchState {
  /**
   * The layout of this record: 2 since pending choices keep values, not named options; 3 since a
   * pending choice of named options keeps which options are offered, not their labels; 4 since a
   * pending choice may keep its candidates unweighed (`ChoiceState.unweighed`); 6 since it keeps
   * what each player knows of the pieces they cannot see (`known`).
   */
  version: 6;
  /** A fingerprint of the rules (and variant) the match is played under: a saved state resumes only on the same rules. */
  rules?: string;
  players: number;
  seed: number;
  variant?: string;
  /** The seeded generator's state: the only source of chance. */
  rng: number[];
  globals: Record<string, Value>;
  /** Per-player variables, by seat. */
  pvars: Record<string, Value>[];
  pieces: PieceState[];
  /** Zone instance (`deck`, `rack#1`) → piece ids, bottom first (the top is the last). */
  zones: Record<string, number[]>;
  /** Board instance (`main`, `tower#2`) → its stacks by cell number (`CellStacks`); a stack is replaced, never changed in place. */
  cells: Record<string, CellStacks>;
  /** Space key → `space state` name → value, for the values changed so far (the rest are at their start). */
  spaces?: Record<string, Record<string, Value>>;
  /** Board instance → ids of the pieces on it, in the order they were placed. */
  placed: Record<string, number[]>;
  /** The player of the innermost `turn`, or null. */
  current: number | null;
  /** The interpreter's call stack: resumable at any decision. */
  stack: FrameState[];
  pending: Pending | null;
  /** Every decision taken, in order. */
  log: LogEntry[];
  /** Lines written by `log` statements. */
  messages: Message[];
  /** How many decisions each player has taken (a common tiebreak: turns played). */
  decisions: number[];
  /**
   * How many turns each player has begun: outermost `turn` blocks, not a `turn` inside another
   * (a reply asked of someone in another's turn). A game's length as a designer counts it, where
   * decisions also count every follow-up question of one turn.
   */
  turns: number[];
  /**
   * The player of the match's first choice made alone, asked or taken for lack of others (not a
   * choice all make at once, `secretly each`): the first to act, whom a run's first-player test
   * reads. A choice taken without asking leaves no decision in the log, so the log alone named the
   * next player. Null until then; absent in a state saved before it was kept.
   */
  firstChooser?: number | null;
  over: boolean;
  result: MatchResult | null;
  error: Diagnostic | null;
  /**
   * Which pieces each player cannot tell apart among those they cannot see (`knowledge.ts`): what
   * `resampleFor` redraws within. Absent while every such piece is still in the class of where it
   * is (a game that hides nothing never has it). A started match has the property from the start,
   * undefined (JSON leaves it out); a saved match writes it last (`saved-state.ts`).
   */
  known?: Knowledge | undefined;
}

/**
 * A board's pieces by cell number (the board shape's, `SpaceInfo.index`): the ids on each cell,
 * bottom first, and null where the cell is empty. Numbers, not the cells' keys (`3,4`): a piece
 * put on a cell no piece was on wrote a new key into a hash table, a tenth of a small game's
 * playout (about 130 ns a key against 20 ns for an array entry, measured on this machine). An
 * open grid numbers its cells as they are first asked about, in an order that depends on what
 * the process did before, so the numbers never leave the engine: a saved state names cells by
 * key (`SavedState`). A bounded board's list has an entry for every cell; an open grid's grows.
 */
export type CellStacks = (number[] | null)[];

/** The stacks of a board with `n` cells and no piece on it (packed: filled by pushes). */
export function emptyStacks(n: number): CellStacks {
  const out: CellStacks = [];
  for (let i = 0; i < n; i++) out.push(null);
  return out;
}

/** The ids on cell `i` of a board's stacks (null: empty, or a cell numbered after the list last grew). */
export function stackAt(stacks: CellStacks | undefined, i: number): number[] | null {
  return stacks !== undefined && i >= 0 && i < stacks.length ? stacks[i]! : null;
}

/** Sets cell `i` of a board's stacks, growing the list of an open grid for a cell numbered since (by pushes: it stays packed). */
export function setStack(stacks: CellStacks, i: number, stack: number[] | null): void {
  while (stacks.length <= i) stacks.push(null);
  stacks[i] = stack;
}

/**
 * A match as it is saved (`Match.toJSON`, `Match.fromJSON`): the state, JSON-safe, with each
 * board's pieces by cell key (`3,4`, `1,1,2`) instead of by the engine's cell numbers.
 */
export interface SavedState extends Omit<MatchState, "cells"> {
  /** Board instance (`main`, `tower#2`) → cell (`3,4`, `1,1,2`) → piece ids, bottom first. */
  cells: Record<string, Record<string, number[]>>;
}

/**
 * A record keyed by data rather than by the engine's own names: the spaces
 * with a changed `space state`. Its prototype is null, which V8 keeps as a
 * hash table from the start. A plain object that is given its keys in a
 * different order in every match gets a new hidden class for each key
 * (measured: 1.5 µs a key, 7x the hash table's cost), and rules change
 * spaces in every order there is.
 */
export function keyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * What the engine keeps on a board's cells record in a hidden slot (`hidden-slot.ts`), invisible to
 * JSON, copies and comparisons: whether two states share it (`shareCells`), and what is known of
 * its position (`BoardPosition`). One slot for both, so a piece put down reads it once.
 */
interface RecordMeta {
  shared: boolean;
  position: BoardPosition | undefined;
}

const slot = hiddenSlot<RecordMeta>();

/**
 * The record whose meta was read last, and its meta: a move reads one board's meta several times
 * (the piece put down, the empty spaces, the links), and comparing two objects is cheaper than
 * reading a hidden slot. A record's meta is made once and never replaced, so the pair stays true.
 */
let lastRecord: object | undefined;
let lastMeta: RecordMeta | undefined;

const metas = {
  get(record: object): RecordMeta | undefined {
    if (record === lastRecord) return lastMeta;
    const m = slot.get(record);
    if (m) {
      lastRecord = record;
      lastMeta = m;
    }
    return m;
  },
  set(record: object, m: RecordMeta): void {
    slot.set(record, m);
    lastRecord = record;
    lastMeta = m;
  },
};

/** The record's meta, made when missing. */
function metaOf(record: object): RecordMeta {
  let m = metas.get(record);
  if (!m) metas.set(record, (m = { shared: false, position: undefined }));
  return m;
}

/**
 * Lets two states share a board's cells record until one of them changes it:
 * a clone copies only the boards a move then touches (a search clones once a
 * playout and touches a board or two). The mark is a hidden slot
 * (`hidden-slot.ts`), invisible to JSON, copies and comparisons.
 */
export function shareCells(record: CellStacks): CellStacks {
  metaOf(record).shared = true;
  return record;
}

/**
 * What the engine has worked out from one position of a board (an open grid's spaces, the fits of
 * each shape, the pieces on top, the links of touching pieces), kept on the board's cells record
 * in a hidden slot: every rule that asks while the position stands, and every copy of the state
 * sharing the record, reads it instead of working it out again. Forgotten when the board changes
 * (`ownCells`); the links also when a piece on it changes owner (`pieces.ts` `setOwner`, which
 * first makes a shared record this state's own: copies sharing a record agree on all it keeps). A
 * piece put down works the next position's spaces and links out from this one's (`pieces.ts`
 * `putOnBoard`).
 */
export interface BoardPosition {
  /** The open grid's spaces, row by row (`Topology.spaces`), and their cell numbers, in the same order. */
  spaces?: SpaceInfo[];
  cells?: number[];
  /** The fits of each shape, by shape (`placement.ts`). */
  fits?: Map<string, Value[][]>;
  /** The pieces on top, in the order they came (`pieces(board)`). */
  tops?: number[];
  /** Which occupied spaces are linked by touching pieces of one owner (`space-links.ts`, `joins`). */
  links?: SpaceLinks;
  /** A bounded board's empty spaces, in board order (`empty_spaces`); a list no one changes. */
  empty?: SpaceInfo[];
}

/** What is known of the position of `board` in `s`, kept with it (a new, unkept one for a board with no record). */
export function boardPosition(s: MatchState, board: string): BoardPosition {
  const record = s.cells[board];
  if (!record) return {};
  const m = metaOf(record);
  return (m.position ??= {});
}

/** What is known of the position of `board` in `s`, if anything. */
export function knownPosition(s: MatchState, board: string): BoardPosition | undefined {
  const record = s.cells[board];
  return record ? metas.get(record)?.position : undefined;
}

/** Keeps what is known of the position of `board` in `s` (its record just changed, `ownCells`). */
export function keepPosition(s: MatchState, board: string, known: BoardPosition): void {
  const record = s.cells[board];
  if (record) metaOf(record).position = known;
}

/** Does `s` share the cells record of `board` with another state (a copy), so that what is kept with it is not its own to change? */
export function cellsShared(s: MatchState, board: string): boolean {
  const record = s.cells[board];
  return record !== undefined && metas.get(record)?.shared === true;
}

/**
 * The cells record of `board` in `s`, its own to change: a shared one is copied first. Its stacks
 * are shared with the copy: a move replaces a cell's stack, never changes one in place (copying
 * every stack of a board at a search copy's first move took 2.7% of a greedy bot's game of a
 * tile-building game). With `was`, also what the record was before: what was known of
 * its position, and whether it was this state's own (one read of the record's hidden slot, for a
 * piece put down, which works the next position out from the last).
 */
export function ownCells(s: MatchState, board: string, was?: { before: BoardPosition | undefined; own: boolean }): CellStacks {
  const record = s.cells[board];
  const m = record ? metas.get(record) : undefined;
  if (was) {
    was.before = m?.position;
    was.own = m?.shared !== true;
  }
  if (!record) return (s.cells[board] = []);
  if (m?.shared !== true) {
    // The caller changes it: what was worked out from the position no longer holds.
    if (m) m.position = undefined;
    return record;
  }
  return (s.cells[board] = record.slice());
}

export interface PieceState {
  /** Index into the game's component list (static fields, name, kind). */
  c: number;
  owner: number | null;
  /** The zone instance holding it, or null. */
  zone: string | null;
  /** The board instance it is on, or null. */
  board: string | null;
  /** The cells it covers on its board (no board prefix). */
  cells: string[];
  rot: number;
  /** Sides fields as turned (only for kinds with `sides`). */
  sides?: Record<string, number[]>;
  up: boolean;
  /** Values of the kind's `state` fields. */
  st: Record<string, Value>;
}

export interface FrameState {
  /** Which code: `flow`, `setup`, `proc:name`, `handler:3`. */
  code: string;
  pc: number;
  locals: Value[];
  /** Not called by the frame below (setup, an event handler): returning does not advance it. */
  detached?: true;
  /** Events raised while this frame is on top are dropped: a scenario lays out a position without the rules reacting. */
  quiet?: true;
}

/**
 * A named option as people and the log see it: computed on demand from a
 * pending choice (never stored in the match state), cached per choice.
 */
export interface OptionState {
  id: string;
  label: string;
  value: Value;
  /** Its position among the choice's legal values: what `applyAt` takes. */
  index: number;
  /** Spaces (by key) and pieces the option is about, so a board can make them clickable. */
  spaces?: string[];
  pieces?: number[];
}

/**
 * What a pending `choose` keeps: only its legal values (distinct, in the
 * order the rules produced them; a `where` may have drawn on the generator to
 * pick them, so they are never recomputed), and the stop option's label when
 * stopping is allowed (the stop option comes after the values).
 */
export interface ChoiceState {
  values: Value[];
  stop?: string;
  /**
   * The `where` filters have not been applied to every value: `values` are the distinct
   * candidates, and which are legal is worked out when someone asks (`vm.ts` `legalOf`), the same
   * answer whenever asked, as the match stands still and the filters never draw on the generator.
   * Set only when at least two options are known to be offered (one when `ask always`), so whether
   * anyone is asked was settled at the choice. A random bot draws among the candidates and weighs
   * only those it draws (`vm.ts` `drawOption`).
   */
  unweighed?: true;
  /**
   * A multi-pick (`choose 2 c from …`): each option takes `k` of the items in
   * `values` at once. Its options are numbered, not stored: option `i` is
   * the `i`th combination (`options.ts` `valueAt`), so a pick of 3 from 20
   * keeps 20 values, not 1140 lists.
   */
  k?: number;
  /** With `k`: any number of items from none up to `k` (`choose up to 2 …`); option `i` counts the picks of fewer items first. */
  upTo?: true;
  /** With `k`: any number of items from `k` up to all of them (`choose at least 2 …`); option `i` counts the picks of fewer items first. */
  atLeast?: true;
  /** With `k`: the sizes of the runs of interchangeable items in `values` (absent when each stands alone). */
  groups?: number[];
}

export type Pending =
  | { kind: "choose"; player: number; prompt: string; promptFor?: PrivateText; choice: ChoiceState }
  /**
   * Named options (`choose { option "…" … }`). `offered`: those whose `when` holds, by their place
   * in the rules. Their ids and labels are worked out when asked for (`vm.ts` `namedOptions`): the
   * match stands still meanwhile.
   */
  | { kind: "options"; player: number; prompt: string; promptFor?: PrivateText; offered: number[] }
  | {
      kind: "secret";
      players: number[];
      prompt: string;
      promptFor?: PrivateText;
      choices: Record<number, ChoiceState>;
      /**
       * Submitted choices by seat (hidden from other players until everyone has chosen); `forced`: the
       * player's only option, taken without asking. `index`: the answer's position among the player's
       * options, kept instead of its id and label by a quiet match (`Match.quiet`), which names it
       * only when asked (`vm.ts` `answerNamed`).
       */
      chosen: Record<number, { id: string; label: string; value: Value; forced?: true; index?: number; labelFor?: PrivateText }>;
    };

export interface LogEntry {
  player: number;
  option: string;
  label: string;
  /** The question the choice asked (its `prompt`), so a log line reads on its own: who, what was asked, what they chose. */
  prompt?: string;
  /** Who reads `prompt` otherwise: it named a piece some cannot see (`secret-text.ts`). Also on `Pending`. */
  promptFor?: PrivateText;
  /** A secret choice: hidden from the other players until `revealed`. */
  secret?: boolean;
  /** A choice of a piece the other players cannot see (in a zone that is not public, or face down): only its player reads it. */
  hidden?: true;
  /** Who reads `label` otherwise: the rules' label named a piece some cannot see (`secret-text.ts`). */
  labelFor?: PrivateText;
  revealed?: boolean;
  /**
   * A revealed secret answer of pieces some could not see at the reveal: named only to `readers`,
   * the seats that saw every one of them where the rules put them by the next question (`vm.ts`
   * `fixReaders`; spectators are not among them).
   */
  pieces?: number[];
  readers?: number[];
}

export interface Message {
  text: string;
  /** How many decisions had been taken when it was written. */
  at: number;
  /**
   * With `others`: only `to` (when set) reads `text` (a forced choice of a piece the others cannot
   * see, a `log` line naming one: `secret-text.ts`); everyone else reads `others`.
   */
  to?: number;
  /** With `others`: every player but this one reads `text` (it named a piece in their `others` zone). */
  allBut?: number;
  others?: string;
  /** A choice taken without asking (the only option): who took which option, for tools replaying old decision lists. */
  forced?: { player: number; option: string; label: string };
}

export interface MatchResult {
  scores: number[];
  /** Each tiebreak's value per player, in declaration order. */
  tiebreaks: number[][];
  /** Groups of seats from first place down; a group shares its place. */
  ranking: number[][];
  /** Place per seat, 1 for the winners. */
  places: number[];
  winners: number[];
}
