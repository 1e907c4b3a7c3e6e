/// <reference lib="webworker" />
import { compile, estimateReading, estimateReadsSeat, firstPlayerTest, firstToDecide, makeBot, mixSeed, movesDigest, NO_MOVES, parseBotSpec, playOut, shareRate, spread, sumJudged, summariseMeasures, turnOrderTest, wilson, winningMargin, winningScore, type Game, type Judged } from "../../../interpreter/index.ts";
import type { BalanceFigures, LookAnswer, SimulateReply, SimulateRequest } from "./simulate-protocol.ts";

/**
 * The simulate worker: plays N games of the rules with the chosen bots, away
 * from the playtest's worker so neither waits for the other. Games are
 * numbered and seeded as `stela simulate` does (game g: match seed
 * mixSeed(seed, g), seat s's bot mixSeed(seed, g, s + 1)), so a figure seen
 * here is the CLI's figure for the same settings.
 */

function post(r: SimulateReply): void {
  (self as unknown as Worker).postMessage(r);
}

function load(req: SimulateRequest, source: string): Game {
  const readFile = (path: string): string | undefined => (Object.hasOwn(req.files, path) ? req.files[path] : undefined);
  const r = compile(source, req.file, { readFile });
  if (!r.game) {
    // Where, too: these may be rules not on screen (the saved version), whose problems no list shows.
    const d = r.diagnostics.find((x) => x.severity === "error");
    throw new Error(d ? `line ${d.span.start.line}, column ${d.span.start.column}: ${d.message}` : "the rules do not compile");
  }
  return r.game;
}

/** A run in progress: the games played so far, and what the judging bots found in each. */
interface Run {
  game: Game;
  req: SimulateRequest;
  outcomes: { game: number; scores: number[]; winners: number[]; decisions: number; turns?: number; moves: number; chance?: true; first?: number; atOnce?: true; error?: string; measures?: (number | null)[][] }[];
  /** By game, by seat: what a bot that judges options found (`Bot.judged`), as `stela simulate` sums it. */
  judged: (Judged | undefined)[][];
}

/** Plays the run's next games, up to game `to`. */
function playTo(run: Run, to: number, progress: (done: number) => void): void {
  const { game, req, outcomes, judged } = run;
  for (let g = outcomes.length + 1; g <= to; g++) {
    const seed = mixSeed(req.seed, g);
    // Quiet: only the outcome is read, and a quiet match plays the same game (`Match.quiet`).
    const m = game.start(req.variant === undefined ? { players: req.players, seed, quiet: true } : { players: req.players, seed, variant: req.variant, quiet: true });
    const bots = Array.from({ length: req.players }, (_, p) => makeBot(parseBotSpec(req.bots[p % req.bots.length]!) ?? { kind: "random" }, mixSeed(req.seed, g, p + 1)));
    let decisions = 0;
    let moves = NO_MOVES;
    let error: string | undefined;
    try {
      decisions = playOut(m, bots, undefined, (p, i) => (moves = movesDigest(moves, p, i)));
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    judged.push(bots.map((b) => b.judged && { ...b.judged }));
    if (m.error) error = `line ${m.error.span.start.line}: ${m.error.message}${m.error.hint ? ` (${m.error.hint})` : ""}`;
    // The game's measures, read once it ended cleanly as `stela simulate` reads them (`playGame`): one that fails fails the game.
    let measures: (number | null)[][] | undefined;
    if (!error && m.over) {
      const read = m.measures();
      if (!read.ok) error = `line ${read.error.span.start.line}: ${read.error.message}`;
      else if (read.measures.length) measures = read.measures.map((v) => v.values);
    }
    // Who decided first, as `stela simulate` reads it (`playGame`): the first-player test is of that seat, not seat 1.
    const { first, atOnce } = firstToDecide(m.log, m.state.firstChooser);
    outcomes.push({ game: g, scores: m.result?.scores ?? [], winners: m.result?.winners ?? [], decisions, ...(m.turns > 0 ? { turns: m.turns } : {}), moves, ...(m.drewChance ? { chance: true as const } : {}), ...(first === undefined ? {} : { first }), ...(atOnce ? { atOnce } : {}), ...(error ? { error } : {}), ...(measures ? { measures } : {}) });
    // Every game: a slow bot (MCTS) can take seconds a game, and the bar should move with it.
    progress(g);
  }
}

/** The figures of the games a run played. */
function figures(run: Run): BalanceFigures {
  const { game, req, outcomes, judged } = run;
  const clean = outcomes.filter((o) => !o.error);
  const measureInfo = game.measureInfo(req.variant);
  return {
    games: outcomes.length,
    clean: clean.length,
    seats: Array.from({ length: req.players }, (_, p) => {
      const won = clean.filter((o) => o.winners.length === 1 && o.winners[0] === p).length;
      const drew = clean.filter((o) => o.winners.length > 1 && o.winners.includes(p)).length;
      const share = clean.reduce((t, o) => t + (o.winners.includes(p) ? 1 / o.winners.length : 0), 0);
      const seat = { bot: req.bots[p % req.bots.length]!, wins: wilson(won, clean.length), draws: wilson(drew, clean.length), share: shareRate(share, clean.length), score: spread(clean.map((o) => o.scores[p] ?? 0)) };
      const found = sumJudged(judged.map((g) => g[p]));
      return found ? { ...seat, judged: found } : seat;
    }),
    length: spread(clean.map((o) => o.decisions)),
    ...(clean.some((o) => (o.turns ?? 0) > 0) ? { turns: spread(clean.map((o) => o.turns ?? 0)) } : {}),
    ...(req.players >= 2 ? { top: spread(clean.map((o) => winningScore(o.scores) ?? 0)), margin: spread(clean.map((o) => winningMargin(o.scores) ?? 0)) } : {}),
    // An estimate that reads the seat judges the seats apart: the first-player verdict says so.
    firstPlayer: estimateReadsSeat(game.definition(req.variant)) ? { ...firstPlayerTest(clean, req.players), seatEstimate: true as const } : firstPlayerTest(clean, req.players),
    ...(req.players >= 3 ? { turnOrder: turnOrderTest(clean, req.players) } : {}),
    errors: outcomes.flatMap((o, i) => (o.error ? [{ game: i + 1, message: o.error }] : [])),
    outcomes,
    measureInfo,
    ...(measureInfo.length ? { measures: summariseMeasures(measureInfo, clean, req.players) } : {}),
    // Random bots judge nothing, so what their estimate reads changes nothing (as `stela compare` reads it).
    ...(req.bots.some((b) => parseBotSpec(b)?.kind !== "random") ? { estimateReads: Object.fromEntries(estimateReading(game.definition(req.variant))) } : {}),
  };
}

/** The run this worker plays; a run with looks waits here between them for the panel's answer. */
let current: Run | undefined;
/** The looks still ahead of the current run. */
let looksLeft: number[] = [];

const progress = (done: number): void => post({ type: "progress", done });

/** Plays on to the next look, where the run waits (`look`), or to the end (`done`). */
function playOn(run: Run): void {
  const next = looksLeft.shift();
  playTo(run, next ?? run.req.games, progress);
  if (next !== undefined) post({ type: "look", games: run.outcomes.length, outcomes: run.outcomes });
  else post({ type: "done", figures: figures(run) });
}

self.onmessage = (e: MessageEvent<SimulateRequest | LookAnswer>) => {
  const msg = e.data;
  try {
    if (msg.type === "simulate") {
      current = { game: load(msg, msg.source), req: msg, outcomes: [], judged: [] };
      // Only the looks before the end: the end is where every run stops.
      looksLeft = (msg.looks ?? []).filter((n) => n > 0 && n < msg.games);
      playOn(current);
    } else if (current) {
      if (msg.type === "finish") post({ type: "done", figures: figures(current) });
      else playOn(current);
    }
  } catch (err) {
    post({ type: "failed", message: err instanceof Error ? err.message : String(err) });
  }
};
