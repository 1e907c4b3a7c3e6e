import type { Diagnostic } from "../dsl/diagnostic.ts";
import type { Value } from "../dsl/ir.ts";
import { nulls, type Exec } from "./exec.ts";
import { computeResult } from "./result.ts";
import { asideFailure } from "./runtime-error.ts";

/**
 * How well `player` stands: the final score once the game is over, otherwise
 * the game's `estimate p { … }`, otherwise its `scoring` points as if the game
 * ended now. Bots compare players by it; `null` when the rules cannot tell
 * yet (an estimate or scoring that needs a finished game).
 */
export function computeEstimate(x: Exec, player: number): number | null {
  if (x.s.result) return x.s.result.scores[player] ?? 0;
  const est = x.rt.estimate;
  try {
    if (est) return Number(estimateOf(x, est, player)) || 0;
    const sc = x.rt.scoring;
    // Points that draw on the generator are worked out for every player, in seat order, as the
    // final scoring does, so the draws fall as they would there.
    if (sc.draws) return computeResult(x).scores[player] ?? 0;
    // One player's points alone: the same number as their score in the full result (a player's
    // points are their own expression, ranked only afterwards), for a third of the work with three
    // players. Bots ask this for every option they weigh (`greedy-bot.ts`).
    const l = nulls(Math.max(1, sc.nlocals));
    l[0] = player;
    return Number(sc.points(x, l)) || 0;
  } catch {
    return null;
  }
}

/**
 * Why the game's own `estimate p { … }` fails for `player` now, as a diagnostic at the rule that
 * failed; null when it gives a number, when the game is over, or when the game has no estimate.
 * Bots read a failing estimate as "cannot tell yet" (`computeEstimate`): every option then looks
 * alike and a greedy bot plays at random, which a designer would take for an estimate too weak
 * to tell the options apart. An estimate is read while the game is on, so unlike a `scoring` that
 * needs a finished game, its failing is always a mistake: `stela check --smoke` asks this.
 */
export function estimateFailure(x: Exec, player: number): Diagnostic | null {
  const est = x.rt.estimate;
  if (!est || x.s.result) return null;
  try {
    estimateOf(x, est, player);
    return null;
  } catch (e) {
    return asideFailure(e, x.rt.def.estimate!.span, x.rt.def.file, `the estimate for Player ${player + 1}`);
  }
}

/** The game's own `estimate p { … }` for `player`, as written (a failure throws). */
function estimateOf(x: Exec, est: NonNullable<Exec["rt"]["estimate"]>, player: number): Value {
  const l = nulls(Math.max(1, est.nlocals));
  l[0] = player;
  return est.value(x, l);
}
