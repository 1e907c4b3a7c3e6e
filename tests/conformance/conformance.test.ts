import { describe, expect, it } from "vitest";
import { playRandomly, RandomBot } from "../../interpreter/bots/random-bot.ts";
import { compareIds, Match, STOP_ID, type Game } from "../../interpreter/index.ts";
import { gameFiles, loadGame } from "../support/games.ts";

/**
 * The suite every game in `games/` must pass, found automatically: add a
 * `.stela` file and it is tested. Random games end without a rule error;
 * options are unique and sorted; a seed gives the same game; a clone and a
 * JSON round trip mid-game continue identically; a view hides what its
 * player may not see; no option reads as a bare number.
 */

const GAMES_PER_COUNT = 3;

function playerCounts(game: Game): number[] {
  const out: number[] = [];
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) out.push(n);
  return out;
}

function variantsOf(game: Game): (string | undefined)[] {
  // A file of variants plays its first variant when none is named: no need to play it twice.
  return game.def.variant === undefined ? [undefined, ...game.variants] : game.variants;
}

/** Plays to the end with a seeded bot, returning the decision log. */
function logOf(game: Game, players: number, seed: number, variant?: string): string[] {
  const m = game.start(variant === undefined ? { players, seed } : { players, seed, variant });
  playRandomly(m, seed + 1000);
  expect(m.error).toBeNull();
  return m.log.map((e) => `${e.player}:${e.option}`);
}

/** Advances a match by `n` bot decisions. */
function advance(m: Match, bot: RandomBot, n: number): void {
  for (let i = 0; i < n && m.decision; i++) {
    const p = m.decision.players[0]!;
    m.apply(bot.choose(m, p)!, p);
  }
}

for (const file of gameFiles()) {
  describe(`conformance: ${file}`, () => {
    const game = loadGame(file);

    for (const variant of variantsOf(game)) {
      const name = variant ? ` (variant "${variant}")` : "";
      it(`random games end without a rule error, for every player count${name}`, () => {
        for (const players of playerCounts(game)) {
          for (let g = 0; g < GAMES_PER_COUNT; g++) {
            const m = game.start(variant === undefined ? { players, seed: 100 + g } : { players, seed: 100 + g, variant });
            const decisions = playRandomly(m, 7 * g + players);
            expect(m.error, `${players} players, game ${g}: ${m.error?.message}`).toBeNull();
            expect(m.over).toBe(true);
            expect(decisions).toBeGreaterThan(0);
            expect(m.result!.scores).toHaveLength(players);
            expect(m.result!.ranking.flat().sort()).toEqual([...Array(players).keys()]);
          }
        }
      });
    }

    it("options are unique, sorted, labelled, and a refused option changes nothing", () => {
      const players = game.minPlayers;
      const m = game.start({ players, seed: 5 });
      const bot = new RandomBot(5);
      let checked = 0;
      while (m.decision && checked < 200) {
        for (const p of m.decision.players) {
          const opts = m.options(p);
          expect(opts.length).toBeGreaterThan(0);
          const ids = opts.map((o) => o.id);
          expect(new Set(ids).size).toBe(ids.length);
          const regular = ids.filter((id) => id !== STOP_ID);
          // Named options (`choose { option "…" … }`) keep the order the rules list them in.
          // Members of an enum keep the order the rules declare them in; anything else is sorted by id.
          const pending = m.state.pending;
          const values = pending?.kind === "choose" ? pending.choice.values : [];
          const enumOrder = values.length > 0 && values.every((v) => typeof v === "string")
            ? Object.values(m.game.runtime(m.state.variant).def.enums).find((e) => values.every((v) => e.members.includes(v as string)))
            : undefined;
          // A multi-pick lists its combinations in the order of their items (tests/interpreter/multi-pick.test.ts).
          const multi = (pending?.kind === "choose" ? pending.choice.k : pending?.kind === "secret" ? pending.choices[p]?.k : undefined) !== undefined;
          if (m.state.pending?.kind !== "options" && !multi) {
            expect(regular).toEqual(enumOrder ? enumOrder.members.filter((x) => regular.includes(x)) : [...regular].sort(compareIds));
          }
          for (const o of opts) expect(o.label.length).toBeGreaterThan(0);
          const before = JSON.stringify(m.toJSON());
          const r = m.apply("no-such-option", p);
          expect(r.ok).toBe(false);
          expect(JSON.stringify(m.toJSON())).toBe(before);
        }
        advance(m, bot, 1);
        checked++;
      }
    });

    it("no option reads as a bare number: a number choice says what the number means", () => {
      for (const [players, seed] of [[game.minPlayers, 3], [game.maxPlayers, 4]] as const) {
        const m = game.start({ players, seed });
        const bot = new RandomBot(seed);
        while (m.decision) {
          const p = m.decision.players[0]!;
          const bare = m.options(p).filter((o) => /^[-+]?\d+(\.\d+)?$/.test(o.label.trim()));
          expect(bare.map((o) => `${m.decision!.prompt}: "${o.label}"`)).toEqual([]);
          advance(m, bot, 1);
        }
      }
    });

    it("lazy option ids are stable, and taking an option by position equals taking it by id", () => {
      const players = game.minPlayers;
      const m = game.start({ players, seed: 41 });
      const bot = new RandomBot(41);
      let checked = 0;
      while (m.decision && checked < 40) {
        const p = m.decision.players[0]!;
        const named = m.options(p).map((o) => [o.id, o.label, o.index]);
        // Names are worked out on demand: a copy and a saved state name them the same way.
        expect(m.clone().options(p).map((o) => [o.id, o.label, o.index])).toEqual(named);
        expect(Match.fromJSON(game, JSON.parse(JSON.stringify(m.toJSON()))).options(p).map((o) => [o.id, o.label, o.index])).toEqual(named);
        expect(m.options(p).map((o) => [o.id, o.label, o.index])).toEqual(named);
        expect(m.optionCount(p)).toBe(named.length);
        expect([...named.map((n) => n[2])].sort((a, b) => Number(a) - Number(b))).toEqual([...Array(named.length).keys()]);
        const i = bot.chooseIndex(m, p)!;
        const byId = m.clone();
        expect(byId.apply(m.options(p).find((o) => o.index === i)!.id, p)).toEqual({ ok: true });
        expect(m.applyAt(i, p)).toEqual({ ok: true });
        expect(JSON.stringify(m.toJSON())).toBe(JSON.stringify(byId.toJSON()));
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it("the log names each option taken as the list of options names it", () => {
      // The log names the option taken by itself when it can (`nameOne`); a copy that names the
      // whole list must give it the same id and label.
      const players = game.maxPlayers;
      const m = game.start({ players, seed: 43 });
      const bot = new RandomBot(43);
      let checked = 0;
      while (m.decision && checked < 80) {
        const p = m.decision.players[0]!;
        const fresh = Match.fromJSON(game, JSON.parse(JSON.stringify(m.toJSON())));
        const i = bot.chooseIndex(m, p)!;
        const before = m.log.length;
        expect(m.applyAt(i, p)).toEqual({ ok: true });
        const o = fresh.options(p).find((x) => x.index === i)!;
        expect(m.log.length).toBeGreaterThan(before);
        const e = m.log[before]!;
        expect([e.option, e.label]).toEqual([o.id, o.label]);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it("the same seed and decisions give the same game", () => {
      const players = game.maxPlayers;
      expect(logOf(game, players, 11)).toEqual(logOf(game, players, 11));
    });

    it("without an `estimate`, a player's estimate is their score as if the game ended now", () => {
      // Bots work out one player's points alone (`interpreter/estimate.ts`): it must be the
      // number the whole scoring gives that player, at every point of a game.
      if (game.def.estimate) return;
      const players = game.maxPlayers;
      const m = game.start({ players, seed: 31 });
      const bot = new RandomBot(5);
      let checked = 0;
      for (let step = 0; step < 400 && m.decision; step += 20) {
        const scores = m.provisionalResult().scores;
        for (let p = 0; p < players; p++) expect(m.estimate(p)).toBe(scores[p]);
        checked++;
        advance(m, bot, 20);
      }
      expect(checked).toBeGreaterThan(1);
    });

    it("a clone and a JSON round trip mid-game continue identically", () => {
      const players = game.minPlayers;
      const m = game.start({ players, seed: 21 });
      advance(m, new RandomBot(3), 7);
      const copy = m.clone();
      const restored = Match.fromJSON(game, JSON.parse(JSON.stringify(m.toJSON())));
      const finish = (x: Match) => {
        playRandomly(x, 99);
        return JSON.stringify({ log: x.log, result: x.result, messages: x.state.messages });
      };
      const a = finish(m);
      expect(finish(copy)).toBe(a);
      expect(finish(restored)).toBe(a);
    });

    it("a player's view hides other players' hidden and owner-only zones and face-down pieces", () => {
      const players = game.maxPlayers;
      const m = game.start({ players, seed: 31 });
      advance(m, new RandomBot(4), 10);
      for (let viewer = 0; viewer < players; viewer++) {
        const v = m.view(viewer);
        for (const z of v.zones) {
          const mayAll = z.visibility === "public";
          const mayOwn = z.visibility === "owner" && z.owner === viewer;
          if (!mayAll && !mayOwn) expect(z.pieces, `${z.label} seen by ${viewer}`).toBeUndefined();
          else expect(z.pieces).toHaveLength(z.count);
        }
        for (const b of v.boards) {
          for (const p of b.pieces) if (!p.faceUp) expect(p.id === undefined && p.fields === undefined).toBe(true);
        }
        if (v.decision && !v.decision.players.includes(viewer)) expect(v.decision.options).toBeUndefined();
      }
      const spectator = m.view(null);
      for (const z of spectator.zones) if (z.visibility !== "public") expect(z.pieces).toBeUndefined();
    });
  });
}
