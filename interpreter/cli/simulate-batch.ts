import type { Diagnostic, Span } from "../../dsl/index.ts";
import { firstToDecide, GAME_DECISION_LIMIT, makeBot, mixSeed, movesDigest, NO_MOVES, NoEndError, parseBotSpec, playOut, replayCommand, type Bot, type Game, type Judged, type Match, type RunSettings, type StartOptions } from "../index.ts";
import { loadRules } from "./load-rules.ts";

export interface BatchTask extends RunSettings {
  /** Games `from` to `to` - 1 (games are numbered from 1). */
  from: number;
  to: number;
}

export interface GameOutcome {
  /** The game's number in its run (from 1): the one numbering every tool prints. */
  game: number;
  /** The match seed it was played with. */
  seed: number;
  /** The seed of the run it was played in, when runs of several seeds are pooled (`stela merge`): `game` numbers it in that run. */
  run?: number;
  scores: number[];
  winners: number[];
  decisions: number;
  /** The turns begun in it (`Match.turns`); absent in a game that began none (rules without `turn`). */
  turns?: number;
  /** A digest of its decisions (`PlayedGame.moves`): `stela compare` tells by it whether the bots played alike. */
  moves?: number;
  /** It drew from its generator (a shuffle, a deal, a roll): its decisions alone do not tell it (`Match.drewChance`). */
  chance?: true;
  /**
   * The seat that took the game's first decision (absent: seat 1, as in shards from before it was
   * kept): the first player of a game that draws who starts (`random(players)`) is not seat 1.
   */
  first?: number;
  /** Its first decision was a choice several players make at once (`secretly each`): no seat decided first. */
  atOnce?: true;
  /** A rule failure, as `file:line:col: code: message`, or a game that did not end. */
  error?: string;
  /**
   * By seat, what a bot that judges options (`greedy`) found (`Bot.judged`); `null` for a seat
   * whose bot does not judge. Absent when no seat's does.
   */
  judged?: (Judged | null)[];
  /**
   * The game's `measure` blocks read when it ended, in the order the file writes them: a seat's
   * each, or one for the game; `none` where the rules gave no figure. Absent for a game that failed
   * and for a game without measures.
   */
  measures?: (number | null)[][];
}

/** The seed of game `game` of a run (numbered from 1): a hash, so neighbouring games are unrelated. */
export function gameSeed(seed: number, game: number): number {
  return mixSeed(seed, game);
}

/** The seed of a seat's bot in game `game` of a run: its own stream, unrelated to the other seats'. */
export function seatSeed(seed: number, game: number, seat: number): number {
  return mixSeed(seed, game, seat + 1);
}

const games = new Map<string, Game>();

/** Remembers `game` as the rules of `file` for the batches played in this process: the command compiled it already. */
export function keepGame(file: string, game: Game): void {
  games.set(file, game);
}

function loadGame(file: string): Game {
  let game = games.get(file);
  if (!game) {
    const r = loadRules(file);
    if (!r.game) throw new Error(`${file} does not compile`);
    game = r.game;
    games.set(file, game);
  }
  return game;
}

/**
 * Plays game number `g` of a run: the same settings and number always give the
 * same game, whether alone (`--game g`), in a batch, a worker or a shard.
 * `onDecision` sees each decision (player, option index) before it is taken.
 * A game still going after `maxDecisions` fails with `noEnd` (`noEndDiagnostic`).
 * `quiet`: the match keeps no texts (`Match.quiet`), for runs that only count
 * outcomes; it plays the same game. `onForcedChoice` hears of each choice taken
 * without asking (`Match.onForcedChoice`); it changes nothing in the game either.
 */
/** How long one game may play before the run says it has not ended (`slowGameWatch`). */
export const SLOW_GAME_MS = 60_000;

/**
 * Says once, on stderr, that game `g` has played for a minute without ending, with its decisions
 * so far and the command that shows it move by move. Bots that never end a game (an estimate that
 * makes them stop buying) ran silent for ten minutes and more: the run stops a game only at
 * `maxDecisions`, which slow bots take hours to reach. A game that ends is as it would be.
 */
export function slowGameWatch(s: RunSettings, g: number, maxDecisions: number, now: () => number = () => performance.now(), write: (text: string) => void = (t) => void process.stderr.write(t)): () => void {
  const started = now();
  let decisions = 0;
  let said = false;
  // The clock is read at every decision while decisions are slow (a search bot's take seconds),
  // and less often as they come quicker, up to every 64th (a quick game's take a microsecond).
  let stride = 1;
  let next = 1;
  let last = started;
  return () => {
    decisions++;
    if (said || decisions < next) return;
    const t = now();
    stride = t - last < 10 ? Math.min(64, stride * 2) : 1;
    last = t;
    next = decisions + stride;
    if (t - started < SLOW_GAME_MS) return;
    said = true;
    write(
      `stela: game ${g} has played ${decisions.toLocaleString("en")} decisions in ${Math.round((now() - started) / 1000)} s and not ended (a game is stopped at ${maxDecisions.toLocaleString("en")}: runtime-no-end${s.maxDecisions === undefined ? "; --max-decisions stops it sooner" : ""}); if the bots never end it, watch it: ${replayCommand(s, g)}\n`,
    );
  };
}

export function playGame(
  game: Game,
  s: RunSettings,
  g: number,
  onDecision?: (match: Match, player: number, index: number) => void,
  maxDecisions = s.maxDecisions ?? GAME_DECISION_LIMIT,
  quiet = false,
  onForcedChoice?: (sites: Span[]) => void,
  onShortDeal?: (span: Span, asked: number, dealt: number) => void,
): { match: Match; outcome: GameOutcome; noEnd?: Diagnostic; measureFailure?: Diagnostic } {
  const seed = gameSeed(s.seed, g);
  const options: StartOptions = { players: s.players, seed, quiet };
  if (s.variant !== undefined) options.variant = s.variant;
  if (onForcedChoice) options.onForcedChoice = onForcedChoice;
  if (onShortDeal) options.onShortDeal = onShortDeal;
  const m = game.start(options);
  let decisions = 0;
  let moves = NO_MOVES;
  let error: string | undefined;
  let noEnd: Diagnostic | undefined;
  let bots: Bot[] = [];
  try {
    bots = Array.from({ length: s.players }, (_, p) => {
      const spec = parseBotSpec(s.bots[p % s.bots.length]!);
      if (!spec) throw new Error(`unknown bot "${s.bots[p % s.bots.length]}"`);
      return makeBot(spec, seatSeed(s.seed, g, p));
    });
    const slow = slowGameWatch(s, g, maxDecisions);
    decisions = playOut(m, bots, maxDecisions, (p, i) => {
      moves = movesDigest(moves, p, i);
      onDecision?.(m, p, i);
      slow();
    });
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    // `playOut` stops a game past its limit with a `NoEndError`, told apart from a bot's refused option.
    if (e instanceof NoEndError && !m.error) noEnd = noEndDiagnostic(game, s.variant, maxDecisions);
  }
  // A game's measures are read once it ended cleanly; one that fails is a rule's failure like any
  // other (the game counts as failed, with the measure's line), never a figure read as 0.
  let measureFailure: Diagnostic | undefined;
  let measures: (number | null)[][] | undefined;
  if (!error && !m.error && !noEnd && m.over) {
    const read = m.measures();
    if (!read.ok) measureFailure = read.error;
    else if (read.measures.length) measures = read.measures.map((v) => v.values);
  }
  const failure = m.error ?? noEnd ?? measureFailure;
  if (failure) error = `${failure.file}:${failure.span.start.line}:${failure.span.start.column}: ${failure.code}: ${failure.message}${failure.hint ? ` (${failure.hint})` : ""}`;
  const outcome: GameOutcome = { game: g, seed, scores: m.result?.scores ?? [], winners: m.result?.winners ?? [], decisions, ...(m.turns > 0 ? { turns: m.turns } : {}), moves, ...(m.drewChance ? { chance: true as const } : {}) };
  // Who decided first alone; nobody when all answered secret choices at once (bots answer in
  // seat order, which says nothing of the game).
  const { first, atOnce } = firstToDecide(m.log, m.state.firstChooser);
  if (atOnce) outcome.atOnce = true;
  else if (first !== undefined && first !== 0) outcome.first = first;
  if (error) outcome.error = error;
  if (bots.some((b) => b.judged)) outcome.judged = bots.map((b) => (b.judged ? { ...b.judged } : null));
  if (measures) outcome.measures = measures;
  return { match: m, outcome, ...(noEnd ? { noEnd } : {}), ...(measureFailure ? { measureFailure } : {}) };
}

/**
 * A game still going after `limit` decisions, as the rule failure it is: a stable code and a place
 * in the rules like every other failure a run reports. No single rule is at fault, so it is placed
 * at the rules' `flow`, which neither reached `end game` nor came to its end (a game may end either way).
 */
export function noEndDiagnostic(game: Game, variant: string | undefined, limit: number): Diagnostic {
  const def = game.definition(variant);
  const span = def.flow.span;
  return { code: "runtime-no-end", severity: "error", message: `no end after ${limit.toLocaleString("en")} decisions: the flow neither reached \`end game\` nor came to its end`, file: span.file ?? def.file, span };
}

/** Plays games [from, to) of a run. */
export function runBatch(task: BatchTask): GameOutcome[] {
  const game = loadGame(task.file);
  const out: GameOutcome[] = [];
  // Only outcomes are kept: the matches run quiet.
  for (let g = task.from; g < task.to; g++) out.push(playGame(game, task, g, undefined, undefined, true).outcome);
  return out;
}

/** A bot seed for tools outside a run (`stela play`): mixed, so neighbouring seeds are unrelated. */
export function botSeed(seed: number, game: number): number {
  return mixSeed(seed, game);
}
