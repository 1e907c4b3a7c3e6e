import { describe, expect, it } from "vitest";
import { RandomBot } from "../../interpreter/bots/random-bot.ts";
import { type Match } from "../../interpreter/index.ts";
import { gameFiles, gameFromSource, loadGame } from "../support/games.ts";
import { readFileSync } from "node:fs";

/**
 * `resampleFor(player, seed)` is what bots search instead of the real match,
 * so it must never reveal hidden identities: the copy looks the same to that
 * player, and it depends only on what that player sees (two matches that look
 * the same to them give the same copy), never on the real hidden pieces.
 * Checked for every game in `games/`, at several points of random games.
 */

/** Which component each piece is: what a redraw changes for pieces the player cannot see. */
function identities(m: Match): number[] {
  return m.state.pieces.map((p) => p.c);
}

function snapshots(game: ReturnType<typeof loadGame>, players: number, seed: number, every: number): Match[] {
  const m = game.start({ players, seed });
  const bot = new RandomBot(seed * 31);
  const out: Match[] = [];
  for (let n = 0; m.decision && n < 400; n++) {
    if (n % every === 0) out.push(m.clone());
    const p = m.decision.players[0]!;
    m.applyAt(bot.chooseIndex(m, p)!, p);
  }
  return out;
}

for (const file of gameFiles()) {
  describe(`resampleFor: ${file}`, () => {
    const game = loadGame(file);
    it("looks the same to its player, depends only on what they see, and redraws what they cannot", () => {
      let redrawn = 0;
      let hiddenPositions = 0;
      const players = game.minPlayers;
      for (const m of snapshots(game, players, 3, 25).slice(0, 4)) {
        for (let p = 0; p < players; p++) {
          const a = m.resampleFor(p, 11);
          // The same to p: every piece p sees, every option p has, the log as p reads it.
          expect(a.view(p)).toEqual(m.view(p));
          expect(a.options(p).map((o) => o.id)).toEqual(m.options(p).map((o) => o.id));
          // Only what p sees decides the copy: redraw first (another world p cannot tell apart), then again.
          const other = m.resampleFor(p, 12);
          expect(other.view(p)).toEqual(m.view(p));
          expect(other.resampleFor(p, 11).toJSON()).toEqual(a.toJSON());
          const before = identities(m);
          const after = identities(other);
          if (before.some((c, i) => c !== after[i])) redrawn++;
          hiddenPositions++;
        }
      }
      expect(hiddenPositions).toBeGreaterThan(0);
      // Every game here hides something from someone at some point (a bag, a deck, a hand).
      expect(redrawn).toBeGreaterThan(0);
    });

    it("still looks the same to its player when drawn to fit the choices taken (`choice-evidence.ts`)", () => {
      const players = game.minPlayers;
      const m = game.start({ players, seed: 4 });
      // The real match keeps the choices taken from its first redraw on; the copies above do not.
      m.resampleFor(0, 1);
      const bot = new RandomBot(4 * 31);
      let checked = 0;
      for (let n = 0; m.decision && n < 200; n++) {
        if (n % 40 === 39) {
          for (let p = 0; p < players; p++) {
            const a = m.resampleFor(p, 11);
            expect(a.view(p)).toEqual(m.view(p));
            expect(a.options(p).map((o) => o.id)).toEqual(m.options(p).map((o) => o.id));
            expect(m.resampleFor(p, 11).toJSON()).toEqual(a.toJSON());
            checked++;
          }
        }
        const p = m.decision.players[0]!;
        m.applyAt(bot.chooseIndex(m, p)!, p);
      }
      expect(checked).toBeGreaterThan(0);
    });
  });
}

describe("resampleFor in a secret choice", () => {
  const goof = gameFromSource(readFileSync(new URL("../fixtures/bots/goofspiel.stela", import.meta.url), "utf8"), "goofspiel.stela");

  it("redraws another player's answer and hand, keeps the player's own, and who has answered", () => {
    const answers = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const m = goof.start({ players: 2, seed: 5 });
      const six = m.options(0)[5]!.id;
      m.apply(six, 0); // player 1 bids their 6
      const r = m.resampleFor(1, seed);
      expect(r.decision?.players).toEqual([1]);
      expect(r.state.pending?.kind === "secret" && Object.keys(r.state.pending.chosen)).toEqual(["0"]);
      const bid = r.state.pending?.kind === "secret" ? r.state.pending.chosen[0]!.label : "";
      answers.add(bid);
      expect(r.view(1).log).toEqual(m.view(1).log);
      // Player 1's own copy keeps their own answer.
      const own = m.resampleFor(0, seed);
      expect(own.state.pending?.kind === "secret" && own.state.pending.chosen[0]!.id).toBe(six);
    }
    // Player 2 cannot know the 6 was bid: the copies show many different bids.
    expect(answers.size).toBeGreaterThan(3);
  });
});
