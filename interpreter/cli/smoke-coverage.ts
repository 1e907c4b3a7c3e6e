import type { Span } from "../../dsl/index.ts";
import { siteKey, type ChoiceSite, type Game } from "../index.ts";

/**
 * A choice of a rule file that no smoke game offered anyone: plain data, as in `--format json`.
 * Often a rule that silently never happens (a `choose` behind a condition that never holds, an
 * `option … when` that is never true); sometimes only a rare choice random games did not reach.
 */
export interface NeverOffered {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** `choose`, `secret` (`secretly … chooses`), `options` (a `choose { option … }` block) or `option` (one option of a block). */
  kind: ChoiceSite["kind"];
  /** The question (an option's label) as the rules write it, when they give one. */
  prompt?: string;
  /** The smoke games that could have offered it: those played with a variant whose rules have it. */
  games: number;
}

/**
 * A `deal` that found fewer pieces than it was to deal in some smoke games (a deck too small for
 * the player count, a supply run out): plain data, as in `--format json`. Dealing what is there is
 * the rule, and some games mean it (nobody draws once the deck is out); often it is a count that
 * does not add up, which otherwise shows only later, as an empty hand asked to choose.
 */
export interface ShortDeal {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** In how many smoke games it came up short. */
  games: number;
  /** The most pieces it was to deal when short, and the fewest it found then. */
  asked: number;
  dealt: number;
  /** The first smoke game it came up short in (its number), and its player count. */
  first: number;
  players: number;
}

interface Tally {
  site: ChoiceSite;
  games: number;
  offered: boolean;
}

/**
 * Which choices of one file's rules the smoke games offered. The engine keeps no count while
 * playing: the sites are read from the rules (`Game.choiceSites`), and each decision a smoke game
 * takes says where the rules asked it (`Match.decisionSites`), so this costs a look-up per
 * decision and nothing per rule run.
 *
 * A choice taken without asking (its only legal option, `Match.onForcedChoice`) counts as offered:
 * the question is whether a rule ever happens, and it did (the log tells it as "(only option)").
 * Counting only choices put to a player listed, as never offered, choices that came up but always
 * with one option (a "which block do you not pay?" when only one block can be skipped). A choice with
 * nothing to choose (`if any`) took nothing, and does not count.
 */
export class SmokeCoverage {
  private readonly tallies = new Map<string, Tally>();
  /** Each variant's sites, by key: read once per variant, not once per game. */
  private readonly keysOf = new Map<string | undefined, string[]>();

  /** Short deals by site: the smoke games they came up short in, with the extremes. */
  private readonly short = new Map<string, { span: Span; games: Set<number>; asked: number; dealt: number; first: number; players: number }>();
  /** The smoke game being played (its number and player count), for `shortDeal`. */
  private current = { game: 0, players: 0 };

  constructor(private readonly game: Game) {}

  /** The number and player count of the smoke game about to be played (`shortDeal` names the first short one). */
  playing(game: number, players: number): void {
    this.current = { game, players };
  }

  /** A `deal` of the game being played found fewer pieces than it was to deal (`Match.onShortDeal`). */
  shortDeal(span: Span, asked: number, dealt: number): void {
    const key = siteKey(span);
    let t = this.short.get(key);
    if (!t) this.short.set(key, (t = { span, games: new Set(), asked, dealt, first: this.current.game, players: this.current.players }));
    t.games.add(this.current.game);
    t.asked = Math.max(t.asked, asked);
    t.dealt = Math.min(t.dealt, dealt);
  }

  /** The deals of the file itself that came up short, in source order (a base file's are that file's to report). */
  shortDeals(): ShortDeal[] {
    const out: ShortDeal[] = [];
    for (const t of this.short.values()) {
      if (t.span.file !== undefined) continue;
      const { start, end } = t.span;
      out.push({ line: start.line, column: start.column, endLine: end.line, endColumn: end.column, games: t.games.size, asked: t.asked, dealt: t.dealt, first: t.first, players: t.players });
    }
    return out.sort((a, b) => a.line - b.line || a.column - b.column);
  }

  /**
   * A smoke game is about to be played with `variant`: each site of that variant's rules could be
   * offered in it. Counted per site, so a variant's own choices are judged only over the games
   * played with it (smoke games take the variants in turn), and a base choice a variant replaces
   * only over the games whose rules still have it.
   */
  startGame(variant: string | undefined): void {
    let keys = this.keysOf.get(variant);
    if (!keys) {
      keys = [];
      for (const site of this.game.choiceSites(variant)) {
        const key = siteKey(site.span);
        if (!this.tallies.has(key)) this.tallies.set(key, { site, games: 0, offered: false });
        keys.push(key);
      }
      this.keysOf.set(variant, keys);
    }
    for (const k of keys) this.tallies.get(k)!.games++;
  }

  /** Sites of the game being played that came up: a decision's (`Match.decisionSites`), or a choice's taken without asking. */
  offered(sites: Span[]): void {
    for (const span of sites) {
      const t = this.tallies.get(siteKey(span));
      if (t) t.offered = true;
    }
  }

  /**
   * The sites of the file itself never offered, in source order. Those of a base file (a variant
   * file's `extends`) are that file's to report when it is checked: the variants here may leave
   * some of its choices out on purpose. An option of a block never offered is not listed apart:
   * the block's own line says it all.
   */
  neverOffered(): NeverOffered[] {
    const out: NeverOffered[] = [];
    for (const { site, games, offered } of this.tallies.values()) {
      if (offered || games === 0 || site.span.file !== undefined) continue;
      if (site.block && !this.tallies.get(siteKey(site.block))?.offered) continue;
      const { start, end } = site.span;
      // Built in the order a reader of the JSON wants: where, what, then over how many games.
      const n: Omit<NeverOffered, "games"> = { line: start.line, column: start.column, endLine: end.line, endColumn: end.column, kind: site.kind };
      if (site.prompt !== undefined) n.prompt = site.prompt;
      out.push({ ...n, games });
    }
    return out.sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
