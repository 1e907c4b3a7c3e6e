import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { Match } from "../match.ts";
import { optionIdAt } from "./option-at.ts";
import { choiceSite, FOLLOW_DEPTH, FOLLOW_WIDTH, followed, optionSample, tryOption } from "./one-step.ts";
import { botRandom, mixSeed, type BotRandom } from "./seeds.ts";

/** How long the bot thinks per decision: a number of playouts (reproducible) or a time (not reproducible). */
export type MctsBudget = { iterations: number } | { milliseconds: number };

/** Tuning of the search; the defaults suit short euro-game turns. */
export interface MctsSettings {
  /** Random decisions played past the tree before the position is judged (the game's `estimate`, else its `scoring` as if it ended then). */
  rolloutDepth: number;
  /** UCB1's exploration constant, for rewards in [0, 1]. */
  exploration: number;
  /**
   * Playouts per redrawn world: a world (`resampleFor`) costs several
   * playouts' time, so a few playouts share one (each on its own copy).
   */
  playoutsPerWorld: number;
  /**
   * Options at the root judged by one step of look-ahead before the search, as the greedy bot
   * judges them (`one-step.ts`): at most this many, drawn when there are more. The search widens
   * through them best first and looks at no other root option, so the smallest budgets take
   * greedy's choice (ties aside: greedy breaks them at random, this the lowest position). 0: none
   * judged, the root widens through every option at random.
   */
  priorWidth: number;
  /** How many playouts a root option's one-step judgement counts as, in its average and its visits. */
  priorVisits: number;
  /**
   * How sure the search must be to overrule the one-step judgement. When the most visited option
   * is not the best judged one, the last quarter of the budget plays fresh playouts through each
   * of the two in turn, and the most visited is taken only when its fresh mean is higher by more
   * than this many standard errors of the difference (0: always the most visited, no check).
   * When the two are one option, the choice is made: that quarter of the budget is not played.
   * Fresh, because the search's own averages are biased by how it chose what to visit: an option
   * unlucky in its first playouts is left with few, a lucky one gathers many. Where playouts are
   * mostly noise (random rollouts in auctions and deck-builders), a larger budget spread visits
   * over options alike in value, and the most visited was close to a draw among them: more search
   * played worse than none.
   */
  guard: number;
  /**
   * `rolloutDepth` for a game that declares no `estimate`: by default to the end of the game (at
   * most this many random decisions; one still going is judged where it stands). Without an
   * estimate a rollout cut short is judged by the scoring as if the game ended then, which often
   * cannot tell positions apart (a game that scores its largest group at the end: every stone
   * next to one's own adds the same now); a finished game's result always tells.
   */
  rolloutDepthWithoutEstimate: number;
}

/** The settings a bot takes where none are given; their names are every setting there is. */
export const MCTS_DEFAULTS: Readonly<MctsSettings> = { rolloutDepth: 8, exploration: 0.7, playoutsPerWorld: 4, priorWidth: 64, priorVisits: 2, guard: 1, rolloutDepthWithoutEstimate: 2000 };

/**
 * A root option judged before the search (`MctsSettings.priorWidth`): its position, each seat's
 * reward one step on, and the player's own estimate then (what the greedy bot ranks by).
 */
interface Prior {
  index: number;
  reward: number[];
  score: number;
}

interface Node {
  visits: number;
  /** Sum of each seat's rewards over the playouts through this node. */
  totals: number[];
  /** Option index → node, for the options tried so far. */
  children: Map<number, Node>;

  /** Who decides at this node and among how many options, fixed by the first playout that reached it. */
  mover: number;
  count: number;
  /** The root's options judged in advance, best first: the node widens through these, in order, and no others. */
  priors?: Prior[];
}

/** Rewards of fresh playouts through one option: how many, their sum and sum of squares. */
interface Tally {
  n: number;
  sum: number;
  sq: number;
}

function newTally(): Tally {
  return { n: 0, sum: 0, sq: 0 };
}

function tally(t: Tally, reward: number): void {
  t.n++;
  t.sum += reward;
  t.sq += reward * reward;
}

/** The variance of a tally's mean (its sample variance over its count). */
function meanVariance(t: Tally): number {
  const mean = t.sum / t.n;
  return Math.max(0, t.sq / t.n - mean * mean) / (t.n - 1);
}

function newNode(players: number): Node {
  return { visits: 0, totals: new Array<number>(players).fill(0), children: new Map(), mover: -1, count: -1 };
}

/**
 * Rewards in [0, 1] for each seat. A finished game pays its win share (a shared
 * win splits 1). A game cut short is judged by each seat's estimate (the
 * game's `estimate`, else its `scoring` as if it ended now): half for leading
 * (shared among the leaders), half for the margin over the best rival squashed
 * into (0, 1), so a lead that is not yet a win still counts.
 */
export function rewards(values: number[], winners: number[] | null): number[] {
  const n = values.length;
  if (winners) return Array.from({ length: n }, (_, p) => (winners.includes(p) ? 1 / winners.length : 0));
  const top = Math.max(...values);
  const leaders = values.filter((v) => v === top).length;
  const spread = Math.max(1, ...values.map((v) => Math.abs(v)));
  return Array.from({ length: n }, (_, p) => {
    const rival = Math.max(...values.filter((_, q) => q !== p), -Infinity);
    const margin = n === 1 ? 0 : (values[p]! - rival) / spread;
    return 0.5 * (values[p] === top ? 1 / leaders : 0) + 0.5 / (1 + Math.exp(-4 * margin));
  });
}

/**
 * Each seat's reward for where `world` stands (zero for all when the option that led there was
 * refused or a rule failed): a finished game's win shares, else the estimates (`rewards`).
 */
function judge(world: Match | undefined, players: number): number[] {
  if (!world || world.error) return new Array<number>(players).fill(0);
  if (world.over) return rewards(world.result!.scores, world.result!.winners);
  return rewards(Array.from({ length: players }, (_, q) => world.estimate(q)), null);
}

/**
 * Information-set Monte Carlo tree search (single observer). Every playout
 * starts from `match.resampleFor(player, …)`: a copy where what the bot cannot
 * see (deck order, others' hands and secret answers, future chance) is
 * redrawn, so the tree gathers statistics over the worlds the bot cannot tell
 * apart and never the real hidden state. Playouts are cut short and judged by
 * the game's `estimate` (its `scoring` when it has none). One tree per decision, with edges
 * by option index (`applyAt`): a playout whose world offers a different count
 * of options at a node stops descending there and plays out at random.
 *
 * In a secret choice the bot answers first and the others answer at random,
 * outside the tree, so no seat's statistics depend on an answer it could not
 * have seen. Nodes widen progressively (about 2√visits children), so a
 * decision with hundreds of placements still gets deep playouts. The root's
 * options are first judged one step on, as the greedy bot judges them
 * (`MctsSettings.priorWidth`), and it widens through them best first, each
 * starting with its judgement counted as a few playouts: a search too short to
 * tell options apart then takes what the greedy bot would, and a longer one
 * corrects the one-step view where playing on shows it wrong.
 *
 * With an iteration budget the bot is deterministic for its seed.
 */
export class MctsBot {
  private readonly rng: BotRandom;
  private readonly budget: MctsBudget;
  private readonly settings: MctsSettings;
  private decisions = 0;
  /** How many random decisions this decision's rollouts play (`rolloutDepth`, or `rolloutDepthWithoutEstimate`). */
  private depth = 0;
  /** Playouts run by this bot so far (for decisions-per-second figures). */
  iterations = 0;

  constructor(
    private readonly seed: number,
    budget: MctsBudget = { iterations: 200 },
    settings: Partial<MctsSettings> = {},
  ) {
    this.rng = botRandom(seed, 0x3c75);
    this.budget = budget;
    this.settings = { ...MCTS_DEFAULTS, ...settings };
  }

  /** The index of the option this bot takes for `player` now, or undefined if it owes nothing. */
  chooseIndex(match: Match, player: number): number | undefined {
    const n = match.optionCount(player);
    if (n <= 1) return n === 1 ? 0 : undefined;
    const decision = this.decisions++;
    const root = newNode(match.state.players);
    root.mover = player;
    root.count = n;
    const deadline = "milliseconds" in this.budget ? performance.now() + this.budget.milliseconds : Infinity;
    if (this.settings.priorWidth > 0) root.priors = this.judgeOptions(match, player, n, decision);
    this.depth = match.game.runtime(match.state.variant).estimate === undefined ? this.settings.rolloutDepthWithoutEstimate : this.settings.rolloutDepth;
    const limit = "iterations" in this.budget ? this.budget.iterations : Infinity;
    // The check against the judgement (`guard`) keeps the last quarter of the budget for itself.
    const checking = this.settings.guard > 0 && root.priors !== undefined;
    const start = performance.now();
    const searchLimit = checking && limit !== Infinity ? Math.ceil(limit * 0.75) : limit;
    const searchDeadline = checking && deadline !== Infinity ? start + (deadline - start) * 0.75 : deadline;
    let world = match;
    let i = 0;
    for (; i < searchLimit && (i === 0 || searchDeadline === Infinity || performance.now() < searchDeadline); i++) {
      if (i % this.settings.playoutsPerWorld === 0) {
        world = match.resampleFor(player, mixSeed(this.seed, decision, i));
        // Nobody reads the playouts' logs: they play the same moves without naming them.
        world.quiet = true;
      }
      this.playout(world.clone(), root, player);
      this.iterations++;
    }
    const best = this.mostVisited(root, player);
    if (!checking) return best;
    return this.checked(match, root, player, decision, best, i, limit, deadline);
  }

  /** The most visited option at the root (ties: the higher mean, then the lower position). */
  private mostVisited(root: Node, player: number): number {
    // A search that reached no option (every world offered another count) takes the best judged one.
    let best = root.priors?.[0]?.index ?? 0;
    let bestVisits = -1;
    let bestValue = -Infinity;
    for (const [i, child] of [...root.children.entries()].sort((a, b) => a[0] - b[0])) {
      const value = child.totals[player]! / Math.max(1, child.visits);
      if (child.visits > bestVisits || (child.visits === bestVisits && value > bestValue)) {
        best = i;
        bestVisits = child.visits;
        bestValue = value;
      }
    }
    return best;
  }

  /**
   * The most visited option `best`, or the best judged one when the search did not show it worse:
   * the rest of the budget (from playout `from`) plays fresh playouts through each of the two in
   * turn, in worlds of their own, and `best` is kept only when its fresh mean beats the judged
   * one's by `guard` standard errors of the difference (each side 2 playouts at least).
   */
  private checked(match: Match, root: Node, player: number, decision: number, best: number, from: number, limit: number, deadline: number): number {
    const judged = root.priors![0]?.index;
    if (judged === undefined || judged === best || !root.children.has(judged) || !root.children.has(best)) return best;
    const fresh = [newTally(), newTally()];
    let world = match;
    for (let i = from, k = 0; i < limit && (deadline === Infinity || performance.now() < deadline); i++, k++) {
      if (k % this.settings.playoutsPerWorld === 0) {
        world = match.resampleFor(player, mixSeed(this.seed, decision, i));
        world.quiet = true;
      }
      const side = k % 2;
      const reward = this.playout(world.clone(), root, player, side === 0 ? best : judged);
      if (reward !== undefined) tally(fresh[side]!, reward);
      this.iterations++;
    }
    const [a, b] = fresh as [Tally, Tally];
    if (a.n < 2 || b.n < 2) return judged;
    const se = Math.sqrt(meanVariance(a) + meanVariance(b));
    return a.sum / a.n - b.sum / b.n > this.settings.guard * se ? best : judged;
  }

  /** The option id this bot takes for `player` now, or undefined if it owes nothing. */
  choose(match: Match, player: number): string | undefined {
    return optionIdAt(match, player, this.chooseIndex(match, player));
  }

  /**
   * Up to `priorWidth` of the `n` options of `player` at the root, each judged one step on in one
   * world redrawn for this decision (`judge`), through the player's own next choice when the rules
   * ask them again at once (`followed`), best first as the greedy bot ranks them:
   * by the player's own estimate. Rewards squash a lead into (0, 1) relative to the scores, so
   * they cannot rank a lead of 9 against a lead of 1 over a rival at 0 (the first moves of many
   * games). Equal ones keep their order by position, so a seed always searches them in the same order.
   */
  private judgeOptions(match: Match, player: number, n: number, decision: number): Prior[] | undefined {
    const pool = optionSample(n, this.settings.priorWidth, this.pick);
    // Two parts: the playouts' worlds are mixed from three (`chooseIndex`), so this one is none of them.
    const world = match.resampleFor(player, mixSeed(this.seed, decision));
    world.quiet = true;
    // A world offering another count numbers its options otherwise: its judgements would be of
    // other options. The root then widens at random, as playouts refuse such worlds too.
    if (world.optionCount(player) !== n) return undefined;
    const players = match.state.players;
    // Where the root's choice waits and the player's turn: the same choice asked again later in the
    // turn (a turn of several actions), or another turn, ends a look.
    const site = choiceSite(match);
    const turn = match.state.turns[player];
    const priors = pool.map((index): Prior => {
      // Through the player's own next choice, as greedy judges (an action is worth the best of
      // what it then lets them do), rewarded where that best one left the game.
      const best = followed(tryOption(world, index, player), player, FOLLOW_DEPTH, FOLLOW_WIDTH, this.pick, site, turn);
      return { index, reward: judge(best.trial, players), score: best.score };
    });
    return priors.sort((a, b) => b.score - a.score || a.index - b.index);
  }

  /** Who acts next in `world`: the searching player first in a secret choice, so they never see an answer. */
  private mover(world: Match, me: number): number | undefined {
    const d = world.decision;
    if (!d) return undefined;
    return d.players.includes(me) ? me : d.players[0];
  }

  /** A whole number below `n`, from this bot's generator. */
  private readonly pick = (n: number): number => uniformInt(this.rng, 0, n - 1);

  private randomMove(world: Match, q: number): boolean {
    // Weighs only the options it draws (`Match.applyRandom`); refused when `q` owes nothing.
    return world.applyRandom(this.pick, q).ok;
  }

  /** One playout from `root` (through option `through` at the root when given); the reward it gave `me`, or undefined when it could not take that option. */
  private playout(world: Match, root: Node, me: number, through?: number): number | undefined {
    const path: Node[] = [root];
    let node = root;
    if (through !== undefined) {
      // The check against the judgement (`checked`): this option at the root, whatever its visits.
      const mover = this.mover(world, me);
      if (mover !== me || world.optionCount(me) !== root.count) return undefined;
      const pending = world.state.pending;
      if (!world.applyAt(through, me).ok) return undefined;
      node = root.children.get(through)!;
      path.push(node);
      this.settleSecret(world, pending);
    }
    // A fresh playout through `through` goes straight to its rollout: it samples that option, not the tree below it.
    while (through === undefined) {
      const d = world.decision;
      if (!d || world.error) break;
      const mover = this.mover(world, me)!;
      if (node.mover !== -1 && node.mover !== mover) break;
      const n = world.optionCount(mover);
      if (node.count === -1) {
        node.count = n;
        node.mover = mover;
      } else if (node.count !== n) break;
      const widen = Math.max(1, Math.min(node.priors?.length ?? n, Math.ceil(2 * Math.sqrt(node.visits + 1))));
      if (node.children.size < widen) {
        const child = newNode(world.state.players);
        let i: number;
        const prior = node.priors?.[node.children.size];
        if (prior) {
          // The next best judged option, its judgement counted as `priorVisits` playouts.
          i = prior.index;
          const k = this.settings.priorVisits;
          child.visits = k;
          for (let q = 0; q < child.totals.length; q++) child.totals[q] = k * (prior.reward[q] ?? 0);
        } else {
          i = uniformInt(this.rng, 0, n - 1);
          while (node.children.has(i)) i = (i + 1) % n;
        }
        node.children.set(i, child);
        const pending = world.state.pending;
        if (!world.applyAt(i, mover).ok) break;
        path.push(child);
        node = child;
        this.settleSecret(world, pending);
        break;
      }
      let best = -1;
      let bestScore = -Infinity;
      // Real playouts only: a judged child's counted visits make it look surer than the parent's
      // count says, which damps its exploration a little, as a judgement given in advance should.
      const logN = Math.log(node.visits + 1);
      for (const [i, child] of node.children) {
        const score = child.totals[mover]! / Math.max(1, child.visits) + this.settings.exploration * Math.sqrt(logN / Math.max(1, child.visits));
        if (score > bestScore || (score === bestScore && i < best)) {
          best = i;
          bestScore = score;
        }
      }
      const pending = world.state.pending;
      if (!world.applyAt(best, mover).ok) break;
      node = node.children.get(best)!;
      path.push(node);
      this.settleSecret(world, pending);
    }
    // Play on at random for a few decisions (to the end in a game without an estimate), then score.
    for (let k = 0; k < this.depth && !world.error; k++) {
      const d = world.decision;
      if (!d) break;
      for (const q of d.players) if (world.decision?.players.includes(q)) this.randomMove(world, q);
    }
    const reward = judge(world, world.state.players);
    for (const n of path) {
      n.visits++;
      for (let q = 0; q < reward.length; q++) n.totals[q]! += reward[q]!;
    }
    return reward[me] ?? 0;
  }

  /**
   * After the mover answers a secret choice, the others still owing it answer at random
   * (the state holds the same pending decision until the last answer resolves it).
   */
  private settleSecret(world: Match, pending: Match["state"]["pending"]): void {
    while (pending?.kind === "secret" && world.state.pending === pending) {
      if (!this.randomMove(world, world.decision!.players[0]!)) return;
    }
  }
}
