import type { SymbolIndex } from "../../../dsl/index.ts";
import type { Diagnostic } from "../../../dsl/index.ts";
import type { LoggedDecision, PlaytestSettings, PlaytestSnapshot, ViewAs } from "../playtest/playtest-session.ts";
import type { PositionEdit } from "../playtest/position-edit.ts";
import type { PositionPreview } from "../playtest/position-preview.ts";
import type { Outline } from "../rules/outline.ts";

/**
 * The messages between the page and the Stela worker. The worker compiles
 * rule files and runs the playtest, so neither ever blocks typing; the page
 * only draws what it gets back.
 */
export type WorkerRequest =
  | {
      type: "compile";
      /** The document the text belongs to; a new one starts a new playtest. */
      doc: string;
      /** The path diagnostics name (`games/<file>.stela`). */
      file: string;
      source: string;
      /** Other rule files by path, for `variant … extends "…"`. */
      files: Record<string, string>;
      /** Who plays each seat, and whose view to show. */
      seats: Seats;
      /** How to start the playtest if this document has none yet (a saved one, say). */
      init?: PlaytestInit;
    }
  /** Titles and variant names of rule files, for the picker. */
  | { type: "survey"; files: Record<string, string> }
  | PositionRequestMessage
  /** Replays the playtest on the rules the last `compile` of the document compiled (asked right after it). */
  | { type: "replay"; doc: string }
  | PlaytestRequest;

/**
 * The position editor: lay out the playtest's position (`start` freezes the
 * playtest's opening: its settings and decisions) plus `statements`, and the
 * next `edit` if any, as an example on the last rules that compiled.
 */
export interface PositionRequestMessage {
  type: "position";
  start?: boolean;
  title: string;
  statements: string[];
  edit?: PositionEdit;
}

export interface PositionReply {
  type: "position";
  preview?: PositionPreview;
  /** Nothing to set up (no playtest, or it opens an example already): why. */
  refused?: string;
}

/** Who plays each seat (persons; the others are bots, random unless `bots` names another), and whose view to show. */
export interface Seats {
  persons: number[];
  viewAs: ViewAs;
  /** A bot seat's bot as tools write it: `random`, `greedy`, `mcts:200` (playouts), `mcts:300ms`. */
  bots?: Record<number, string>;
}

/** How a playtest resumes: its settings, the decisions taken, and those waiting for redo. */
export interface PlaytestInit {
  settings: PlaytestSettings;
  log: LoggedDecision[];
  waiting?: LoggedDecision[];
  /** The waiting decisions were stopped by a rule change: the designer still means them. */
  stopped?: boolean;
}

/** What the page asks of the playtest session. */
export type PlaytestRequest =
  /** With `log` and `waiting`: a playtest of these settings set aside earlier, played again. */
  | { type: "restart"; settings: PlaytestSettings; log?: LoggedDecision[]; waiting?: LoggedDecision[] }
  | { type: "apply"; player: number; option: string }
  | { type: "bot"; players: number[] }
  | { type: "undo" }
  | { type: "redo" }
  /** Throw away the decisions waiting for redo. */
  | { type: "discard" }
  | { type: "rewind"; index: number }
  | ({ type: "seats" } & Seats)
  /** Why a click on this space or piece offers nothing: the reply's `refused` says it in the rules' words. */
  | { type: "why-not"; player: number; space?: string; piece?: number };

export interface CompileReply {
  type: "compiled";
  doc: string;
  source: string;
  diagnostics: Diagnostic[];
  symbols: SymbolIndex;
  outline: Outline;
  variantNames: string[];
  /** The file a variant file extends, as a path among the files (`games/cacao.stela`); absent for a game's own file. */
  extendsFile?: string;
  /** The text compiled without error, and the playtest now runs it. */
  ok: boolean;
  /** Milliseconds the compile took in the worker. */
  ms: number;
  /** The last good playtest, when these rules have errors (when they compile, `replay` brings the new one). */
  playtest?: PlaytestSnapshot;
  /** The playtest could not run these rules (an engine failure): why. */
  playtestError?: string;
}

/** The playtest replayed on the rules just compiled. */
export interface ReplayReply {
  type: "replayed";
  doc: string;
  /** The source the playtest now runs (absent when there was nothing new to replay). */
  source?: string;
  /** Milliseconds replaying the playtest on the new rules took. */
  playMs?: number;
  playtest?: PlaytestSnapshot;
  /** The playtest could not run these rules (an engine failure): why. */
  playtestError?: string;
}

export interface SurveyReply {
  type: "survey";
  files: Record<string, { title?: string; variants: string[]; extends?: string }>;
}

export interface PlaytestReply {
  type: "playtest";
  snapshot?: PlaytestSnapshot;
  /** A refused decision or a failed request: a message for the designer. */
  refused?: string;
}

export type WorkerReply = CompileReply | SurveyReply | PlaytestReply | PositionReply | ReplayReply;

/** Every message carries an id; the reply to it carries the same. */
export interface Envelope<T> {
  id: number;
  body: T;
}
