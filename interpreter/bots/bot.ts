import type { Match } from "../match.ts";
import type { ApplyResult } from "../vm.ts";
import { GreedyBot } from "./greedy-bot.ts";
import { MctsBot, type MctsBudget } from "./mcts-bot.ts";
import { RandomBot } from "./random-bot.ts";

/**
 * Something that takes decisions for a seat: the option id it picks, or
 * undefined if it owes none. Bots that pick by position (all of Stela's)
 * also offer `chooseIndex`, the cheap path for `match.applyAt`: simulation
 * uses it, so nothing is named or labelled.
 */
export interface Bot {
  choose(match: Match, player: number): string | undefined;
  /** The option's position for `Match.applyAt` (the same pick as `choose`). */
  chooseIndex?(match: Match, player: number): number | undefined;
  /**
   * Takes the decision itself, the same pick as `chooseIndex`, or undefined if it owes none: for
   * bots with a cheaper way than naming a position (a random bot weighs only the options it draws).
   */
  play?(match: Match, player: number): ApplyResult | undefined;
  /**
   * For a bot that judges options by the game's estimate (`greedy`): how many decisions it weighed
   * two options or more at, and at how many it found them all worth the same, so that it took one
   * at random. A run where that is nearly every decision was played as the random bot plays.
   */
  readonly judged?: Judged;
}

/** What `Bot.judged` counts. */
export interface Judged {
  weighed: number;
  even: number;
  /**
   * The same counts by the choice of the rules each decision was asked at, keyed `line:column`
   * of its `choose`: a bot can tell one kind of decision apart and be blind at another ("roll
   * again or stop?"), which the counts over every decision hide.
   */
  sites?: Record<string, JudgedSite>;
  /**
   * Of the even decisions, those at which the game's `estimate` failed (a rule error): it then
   * reads 0 for every option, which is why they were even. The first failure's message (with its
   * line) in `failure`. A broken estimate, not a blind one: the note says to fix it.
   */
  failed?: number;
  failure?: string;
}

/** What `Bot.judged` counts at one choice of the rules: where it is and its prompt. */
export interface JudgedSite {
  /**
   * The file it is written in when that is not the rules' own: the base game a variant file
   * extends (`Span.file`). Its lines are that file's: a note that said "line 184" beside an
   * 11-line variant file sent a designer looking for a fault in their variant.
   */
  file?: string;
  line: number;
  column: number;
  prompt: string;
  weighed: number;
  even: number;
  /**
   * At a choice of named options (`choose { option "…" … }`): how often the bot was offered each
   * and took it, keyed `line:column` of the option: one offered at every decision and never taken
   * may be one whose gain comes too many of its own choices later for it to see (`untakenOptionsNote`).
   */
  options?: Record<string, JudgedOption>;
}

/** A named option at a choice the bot weighed: its label, where it is written, and how often it was offered and taken. */
export interface JudgedOption {
  label: string;
  line: number;
  column: number;
  offered: number;
  taken: number;
  /** Times it was judged short of what it leads to: the rules still asked the player again when the look stopped (`Followed.short`). */
  short: number;
}

/** The kinds of bot the tools offer, with what each does. */
export const BOT_KINDS = {
  random: "picks uniformly among the legal options",
  greedy: "picks the option that most raises its own estimate (the game's `estimate`, else its `scoring`) right away, or after the best of its own next choice when the rules ask it again at once (an action, then where), and on through a line of its further choices in that turn (then which cards to pay with), on a copy where what it cannot see is redrawn (`greedy:16`: its mean over 16 such copies, for a game of chance); ties at random",
  mcts: "information-set Monte Carlo tree search: judges up to 64 options one step on as greedy does (where the rules next stop, or after the best of its own next choice and a line of its further choices in that turn) and widens its search through them best first, playing many short games on copies where what it cannot see is redrawn, judged by the game's `estimate` or `scoring` (budget: `mcts:<iterations>`, default 200)",
} as const;

export type BotKind = keyof typeof BOT_KINDS;

/** A bot kind with its settings, as tools write it: `random`, `greedy`, `mcts`, `mcts:500`, `mcts:200ms`. */
export interface BotSpec {
  kind: BotKind;
  budget?: MctsBudget;
  /** Of `greedy:16`: the redrawn copies each option is tried on, its mean judged (default 1). */
  samples?: number;
}

/**
 * Reads `mcts:500` (iterations), `mcts:200ms` (time: not reproducible) or `greedy:16` (redrawn
 * copies an option is tried on); undefined when not a bot.
 */
export function parseBotSpec(text: string): BotSpec | undefined {
  const m = /^(\w+)(?::(\d+)(ms)?)?$/.exec(text.trim());
  if (!m || !(m[1]! in BOT_KINDS)) return undefined;
  const kind = m[1] as BotKind;
  if (m[2] === undefined) return { kind };
  const n = Number(m[2]);
  if (n < 1) return undefined;
  if (kind === "greedy" && !m[3]) return { kind, samples: n };
  if (kind !== "mcts") return undefined;
  return { kind, budget: m[3] ? { milliseconds: n } : { iterations: n } };
}

/** How a spec is written back (`mcts:500`, `greedy:16`). */
export function formatBotSpec(spec: BotSpec | BotKind): string {
  if (typeof spec === "string") return spec;
  if (spec.samples !== undefined) return `${spec.kind}:${spec.samples}`;
  if (!spec.budget) return spec.kind;
  return "milliseconds" in spec.budget ? `${spec.kind}:${spec.budget.milliseconds}ms` : `${spec.kind}:${spec.budget.iterations}`;
}

/** A bot of `kind` with its own random stream from `seed` (mixed: neighbouring seeds are unrelated). */
export function makeBot(kind: BotKind | BotSpec, seed: number): Bot {
  const spec = typeof kind === "string" ? { kind } : kind;
  switch (spec.kind) {
    case "random":
      return new RandomBot(seed);
    case "greedy":
      return new GreedyBot(seed, undefined, spec.samples);
    case "mcts":
      return new MctsBot(seed, spec.budget);
  }
}
