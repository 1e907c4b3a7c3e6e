import { makeBot, type BotKind } from "../index.ts";
import { playOut } from "../index.ts";
import type { Game } from "../index.ts";
import { loadRules } from "./load-rules.ts";

export interface BatchTask {
  file: string;
  variant?: string;
  players: number;
  /** The bot of each seat (repeated when shorter than the seats). */
  bots: BotKind[];
  /** Seed of the first game of the whole run; game i plays seed + i. */
  seed: number;
  from: number;
  to: number;
}

export interface GameOutcome {
  scores: number[];
  winners: number[];
  decisions: number;
  /** A rule failure, as `file:line:col: code: message`, or a game that did not end. */
  error?: string;
}

/** A different stream for each game's bots, derived from the run's seed. */
export function botSeed(seed: number, game: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 31) + game * 7919) | 0;
}

const games = new Map<string, Game>();

/** Plays games [from, to) of a run with random bots in every seat. */
export function runBatch(task: BatchTask): GameOutcome[] {
  let game = games.get(task.file);
  if (!game) {
    const r = loadRules(task.file);
    if (!r.game) throw new Error(`${task.file} does not compile`);
    game = r.game;
    games.set(task.file, game);
  }
  const out: GameOutcome[] = [];
  for (let i = task.from; i < task.to; i++) {
    const opts = task.variant === undefined ? { players: task.players, seed: task.seed + i } : { players: task.players, seed: task.seed + i, variant: task.variant };
    const m = game.start(opts);
    let decisions = 0;
    let error: string | undefined;
    try {
      const bots = Array.from({ length: task.players }, (_, p) => makeBot(task.bots[p % task.bots.length]!, botSeed(task.seed, i) + p));
      decisions = playOut(m, bots);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (m.error) error = `${m.error.file}:${m.error.span.start.line}:${m.error.span.start.column}: ${m.error.code}: ${m.error.message}`;
    const outcome: GameOutcome = { scores: m.result?.scores ?? [], winners: m.result?.winners ?? [], decisions };
    if (error) outcome.error = `game ${i} (seed ${task.seed + i}): ${error}`;
    out.push(outcome);
  }
  return out;
}
