import type { FirstPlayerTest, Judged, MeasuredGame, MeasureInfo, MeasureSummary, PlayedGame, Rate, Spread, TurnOrderTest } from "../../../interpreter/index.ts";

/**
 * A balance run asked of a simulate worker: one text of the rules, and a variant. A comparison
 * asks a second worker the same of the other side (the saved text, or the same text under the base
 * rules or another variant): the two sides play at once, one a core, and neither side's engine
 * code is compiled by V8 for the other side's rules as well.
 */
export interface SimulateRequest {
  type: "simulate";
  file: string;
  source: string;
  /** Other rule files by path, for `variant … extends "…"`. */
  files: Record<string, string>;
  variant?: string;
  players: number;
  games: number;
  seed: number;
  /** A bot per seat: `random`, `greedy`, `mcts:100`. */
  bots: string[];
  /**
   * A run with looks ("stop when sure", `lookSchedule`): the games after which the worker sends
   * what it played (`look`) and waits to be told to go on or to finish there (`LookAnswer`).
   */
  looks?: number[];
}

/** The panel's answer to a look: play on to the next look (or the end), or finish with the games played. */
export interface LookAnswer {
  type: "go-on" | "finish";
}

/**
 * How many games of the rules in play failed in the last Simulate run (a rule's error): the header
 * says so beside "rules OK" while the rules are still those (`source`, `variant`).
 */
export interface SimulatedFailures {
  games: number;
  source: string;
  variant?: string;
}

/** The figures of one side of a run. */
export interface BalanceFigures {
  games: number;
  clean: number;
  /** `judged`: for a bot that judges options (`greedy`), what it found over the games (`Bot.judged`). */
  seats: { bot: string; wins: Rate; draws: Rate; share: Rate; score: Spread; judged?: Judged }[];
  length: Spread;
  /** Game length in turns (outermost `turn` blocks begun, `Match.turns`), when a game counted one. */
  turns?: Spread;
  /** The top score less the next, per game (`winningMargin`); absent with one player. */
  margin?: Spread;
  /** The top score, per game (`winningScore`); absent with one player. */
  top?: Spread;
  /** Whether the first to decide wins more than the fair share, over the games that ended cleanly (`firstPlayerTest`). */
  firstPlayer: FirstPlayerTest;
  /** With 3 players or more: does a place in the turn order win more or less than its share (`turnOrderTest`)? */
  turnOrder?: TurnOrderTest;
  /** Failed games: number (from 1) and message; the CLI replays one with `--game`. */
  errors: { game: number; message: string }[];
  /** Every game's outcome in game order: two runs on the same seeds are compared game by game (`pairedChange`). */
  outcomes: (PlayedGame & MeasuredGame)[];
  /** The rules' `measure` blocks (`Game.measureInfo`), and their figures over the games that ended cleanly (absent without any). */
  measureInfo: MeasureInfo[];
  measures?: MeasureSummary[];
  /**
   * What the rules' bots' `estimate` reads (`estimateReading`, by name), when a seat's bot judges by
   * it (greedy, MCTS): two sides whose estimates read differently get the CLI's note (`estimateSteersNote`).
   */
  estimateReads?: Record<string, string>;
}

export type SimulateReply =
  | { type: "progress"; done: number }
  | { type: "look"; games: number; outcomes: PlayedGame[] }
  | { type: "done"; figures: BalanceFigures }
  | { type: "failed"; message: string };
