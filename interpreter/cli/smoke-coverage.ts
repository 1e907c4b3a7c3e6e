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

  constructor(private readonly game: Game) {}

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
