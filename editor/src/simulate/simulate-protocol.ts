import type { Rate, Spread } from "../../../interpreter/index.ts";

/** A balance run asked of the simulate worker: the current rules, and optionally the saved ones to compare with. */
export interface SimulateRequest {
  type: "simulate";
  file: string;
  source: string;
  /** The last saved text of the same file: played with the same seeds and bots, for a comparison. */
  saved?: string;
  /** Other rule files by path, for `variant … extends "…"`. */
  files: Record<string, string>;
  variant?: string;
  players: number;
  games: number;
  seed: number;
  /** A bot per seat: `random`, `greedy`, `mcts:100`. */
  bots: string[];
}

/** The figures of one side of a run. */
export interface BalanceFigures {
  games: number;
  clean: number;
  seats: { bot: string; wins: Rate; draws: Rate; winShare: number; score: Spread }[];
  length: Spread;
  /** Failed games: number (from 1) and message; the CLI replays one with `--game`. */
  errors: { game: number; message: string }[];
}

export type SimulateReply =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; current: BalanceFigures; saved?: BalanceFigures; seconds: number }
  | { type: "failed"; message: string };
