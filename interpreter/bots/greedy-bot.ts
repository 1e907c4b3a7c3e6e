import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { Match } from "../match.ts";
import type { Judged, JudgedSite } from "./bot.ts";
import type { Span } from "../../dsl/span.ts";
import { optionIdAt } from "./option-at.ts";
import { choiceSite, FOLLOW_DEPTH, FOLLOW_WIDTH, followed, followedAcross, optionSample, tryOption } from "./one-step.ts";
import { mixSeed, botRandom, type BotRandom } from "./seeds.ts";

/**
 * One step of look-ahead: tries each option on a copy of the match and keeps
 * those that leave its own estimate (the game's `estimate`, else its
 * `scoring` as if the game ended now) highest, then picks among them at random.
 * Each option is scored where the rules next ask someone to choose, before
 * that choice's candidates are weighed (`Match.lookAhead`): in games whose
 * filters reject most candidates, weighing them was most of a try's cost, and
 * only an option forced on the next player (taken without asking) is left out
 * of the score. When the rules next ask this player alone again (an action,
 * then where), the option is scored by the best of that choice (`followed`).
 * Generic: it knows
 * nothing of any game beyond its scoring. Options are many (hundreds of
 * placements), so it samples at most `width` of them.
 *
 * The copy is `match.resampleFor(player, …)`: what the bot cannot see (the
 * deck's order, others' hands, others' secret answers, future chance) is
 * redrawn, so the score it compares is never the real hidden outcome.
 */
export class GreedyBot {
  private readonly rng: BotRandom;
  private readonly seed: number;
  private decisions = 0;
  /** Decisions weighed, and those where every option weighed came out the same, in all and by choice (`Bot.judged`). */
  readonly judged: Judged & Required<Pick<Judged, "sites">> = { weighed: 0, even: 0, sites: {} };
  /** A whole number below `n`, from this bot's generator. */
  private readonly pick = (n: number): number => uniformInt(this.rng, 0, n - 1);

  constructor(
    seed: number,
    private readonly width = 64,
    /**
     * Redrawn copies each option is tried on (`greedy:16`), its mean judged. One copy draws the dice
     * of "roll again" once: the option looks as good as that one roll, where the mean over several
     * weighs what the roll risks against what it promises.
     */
    private readonly samples = 1,
  ) {
    this.seed = seed;
    this.rng = botRandom(seed);
  }

  /** The index of the option this bot takes for `player` now, or undefined if it owes nothing. */
  chooseIndex(match: Match, player: number): number | undefined {
    const n = match.optionCount(player);
    if (n <= 1) return n === 1 ? 0 : undefined;
    const pool = optionSample(n, this.width, this.pick);
    const decision = this.decisions++;
    // Every option is tried on the same copies, so they differ by what they do, not by their luck.
    const worlds: Match[] = [];
    for (let k = 0; k < this.samples; k++) {
      const world = match.resampleFor(player, k === 0 ? mixSeed(this.seed, decision) : mixSeed(mixSeed(this.seed, decision), k));
      // Nobody reads the trials' logs: they play the same moves without naming them.
      world.quiet = true;
      worlds.push(world);
    }
    // One copy: its rank there. Several: the mean, a follow-up judged across them (`followedAcross`).
    // Options judged short of what they lead to (`Followed.short`): counted at named options, for the note on an action never taken.
    const short = new Set<number>();
    // Where the choice waits and the player's turn now: a look ends when the option's action does.
    const site = choiceSite(match);
    const turn = match.state.turns[player];
    const scores = pool.map((i) => {
      const f = worlds.length > 1 ? followedAcross(worlds, i, player, FOLLOW_DEPTH, FOLLOW_WIDTH, this.pick, site, turn) : followed(tryOption(worlds[0]!, i, player), player, FOLLOW_DEPTH, FOLLOW_WIDTH, this.pick, site, turn);
      if (f.short) short.add(i);
      return f.score;
    });
    let best = -Infinity;
    let bestIndices: number[] = [];
    for (const [j, i] of pool.entries()) {
      const score = scores[j]!;
      if (score > best) {
        best = score;
        bestIndices = [i];
      } else if (score === best) {
        bestIndices.push(i);
      }
    }
    const even = bestIndices.length === pool.length;
    this.judged.weighed++;
    if (even) {
      this.judged.even++;
      // Every option alike: a blind estimate, or one that fails (read as 0). Asked on a copy, only here.
      const failed = match.estimateFailure(player);
      if (failed) {
        this.judged.failed = (this.judged.failed ?? 0) + 1;
        this.judged.failure ??= `${failed.message} (line ${failed.span.start.line})`;
      }
    }
    const chosen = bestIndices[this.pick(bestIndices.length)]!;
    const sites = match.decisionSites;
    const at = sites[0];
    if (at) {
      // A choice of the base game a variant file extends is keyed and named with its file: its lines are that file's.
      const key = at.file === undefined ? `${at.start.line}:${at.start.column}` : `${at.file}:${at.start.line}:${at.start.column}`;
      const site = (this.judged.sites[key] ??= { ...(at.file === undefined ? {} : { file: at.file }), line: at.start.line, column: at.start.column, prompt: writtenPrompt(match, at) ?? match.decision?.prompt ?? "", weighed: 0, even: 0 });
      site.weighed++;
      if (even) site.even++;
      // Named options: the spans after the choice's, one per option offered, in the order `applyAt` counts them.
      if (sites.length > 2) countOffered(site, sites.slice(1), chosen, short, match, player);
    }
    return chosen;
  }

  /** The option id this bot takes for `player` now, or undefined if it owes nothing. */
  choose(match: Match, player: number): string | undefined {
    return optionIdAt(match, player, this.chooseIndex(match, player));
  }
}

/** Counts each named option offered at `site` and the one taken (`JudgedSite.options`); an option's label is read the first time it is seen. */
function countOffered(site: JudgedSite, offered: readonly Span[], chosen: number, short: ReadonlySet<number>, match: Match, player: number): void {
  const options = (site.options ??= {});
  for (let k = 0; k < offered.length; k++) {
    const span = offered[k]!;
    const key = `${span.start.line}:${span.start.column}`;
    let o = options[key];
    if (!o) options[key] = o = { label: match.options(player).find((x) => x.index === k)?.label ?? "", line: span.start.line, column: span.start.column, offered: 0, taken: 0, short: 0 };
    o.offered++;
    if (k === chosen) o.taken++;
    if (short.has(k)) o.short++;
  }
}

/**
 * The prompt of the choice written at `at` as the rules write it (`{roll}`, not this decision's "4"):
 * a note about every decision asked there quoted one of them ("Rolled 4: move which runner?"), and
 * read as about rolls of 4 alone. Read once per choice a bot meets.
 */
function writtenPrompt(match: Match, at: Span): string | undefined {
  return match.game.choiceSites(match.state.variant).find((c) => c.span.start.offset === at.start.offset && c.span.file === at.file)?.prompt;
}
