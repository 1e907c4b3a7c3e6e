import { readFileSync } from "node:fs";
import { compile, type Game, type Match } from "../../interpreter/index.ts";
import { RandomPolicy, type PlayoutResult } from "./random-policy.ts";

const root = new URL("../../", import.meta.url).pathname;

/** Compiles a rule file of the repository (path from its root); throws on a rule error. */
export function loadGame(file: string): Game {
  const source = readFileSync(root + file, "utf8");
  const r = compile(source, file, { readFile: (p) => readFileSync(root + p, "utf8") });
  if (!r.game) throw new Error(`${file} does not compile: ${r.diagnostics.map((d) => d.message).join("; ")}`);
  return r.game;
}

/** The final scores and decision count of a finished match; throws if it stopped on a rule error. */
export function outcome(m: Match, decisions: number): PlayoutResult {
  if (m.error) throw new Error(`the match stopped: ${m.error.message}`);
  if (!m.result) throw new Error("the match did not end");
  return { scores: m.result.scores, decisions };
}

/**
 * One random playout in Stela under the benchmark policy, recording (option count, index) per
 * decision into `trace` when given: every option counted (all weighed), one taken by position, as
 * the hand-written twins do. The engine's `RandomBot` picks as uniformly but draws differently
 * where a choice's candidates wait to be weighed (`Match.applyRandom`), so it plays other games.
 */
export function playStela(game: Game, players: number, matchSeed: number, botSeed: number, trace?: number[]): PlayoutResult {
  // Quiet (no texts kept), as simulation plays: the twins keep no log either.
  const m = game.start({ players, seed: matchSeed, quiet: true });
  const policy = new RandomPolicy(botSeed, trace);
  let decisions = 0;
  for (let d = m.decision; d; d = m.decision) {
    for (const p of d.players) {
      const n = m.optionCount(p);
      if (n === 0) continue;
      const r = m.applyAt(policy.pick(n), p);
      if (!r.ok) throw new Error(`option refused: ${r.reason}`);
      decisions++;
    }
  }
  return outcome(m, decisions);
}
