import { describe, expect, it } from "vitest";
import { RandomBot } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** A choice with exactly one legal option is taken without asking, unless the rules say `ask always`. */
describe("forced choices", () => {
  const source = (extra = "", game = "") => `
    game "Forced" { players 2 ${game} }
    var got: number = 0
    flow {
      turn players[0] {
        let k = choose k from 1..3 where k == 2 label "take {k}" prompt "How many?" ${extra}
        got = k
        let j = choose j from 1..2 prompt "And then?"
        got += j
      }
    }
    scoring p { points 0 }
  `;

  it("is taken at once, said in the messages (not in the log of decisions), and the next real choice is asked", () => {
    const m = gameFromSource(source()).start({ players: 2, seed: 1 });
    expect(m.global("got")).toBe(2);
    expect(m.decision!.prompt).toBe("And then?");
    expect(m.log).toEqual([]);
    expect(m.state.decisions).toEqual([0, 0]);
    expect(m.state.messages).toEqual([{ text: "Player 1: take 2 (only option)", at: 0, forced: { player: 0, option: "2", label: "take 2" } }]);
    expect(m.view(1).messages).toEqual([{ text: "Player 1: take 2 (only option)", at: 0 }]);
  });

  it("`ask always` on the choice, or in `game { }`, asks all the same", () => {
    for (const m of [gameFromSource(source("ask always")).start({ players: 2, seed: 1 }), gameFromSource(source("", "ask always")).start({ players: 2, seed: 1 })]) {
      expect(m.decision!.prompt).toBe("How many?");
      expect(m.options().map((o) => o.label)).toEqual(["take 2"]);
      m.apply("2");
      expect(m.log).toEqual([{ player: 0, option: "2", label: "take 2", prompt: "How many?" }]);
    }
  });

  it("named options and secret choices follow it; a secret forced answer is told when all are revealed", () => {
    const m = gameFromSource(`
      game "Menu" { players 2 }
      per player { score: number = 0 }
      flow {
        turn players[0] {
          choose prompt "Act" {
            option "Rest" { current.score += 1 }
            option "Work" when current.score > 5 { current.score += 2 }
          }
        }
        let bids = secretly each p in players chooses c from 1..3 where p == players[0] or c == 3 prompt "Bid"
        for p in players { p.score += bids[p] }
      }
      scoring p { points p.score }
    `).start({ players: 2, seed: 1 });
    // Its player reads why the other option was not offered (a designer saw only the one taken); the others read the choice.
    expect(m.state.messages.map((x) => x.text)).toEqual(["Player 1: Rest (only option; Work is not allowed: this must hold: current.score > 5)"]);
    expect(m.view(1).messages.map((x) => x.text)).toEqual(["Player 1: Rest (only option)"]);
    // Player 2 could only bid 3: answered already, hidden until player 1 bids.
    expect(m.decision).toEqual({ players: [0], prompt: "Bid", simultaneous: true });
    expect(m.view(0).messages.map((x) => x.text)).toEqual(["Player 1: Rest (only option; Work is not allowed: this must hold: current.score > 5)"]);
    m.apply("1", 0);
    expect(m.result!.scores).toEqual([2, 3]);
    expect(m.state.messages.map((x) => x.text)).toEqual(["Player 1: Rest (only option; Work is not allowed: this must hold: current.score > 5)", "Player 2: 3 (only option)"]);
  });

  it("a forced choice of a piece the others cannot see reads to them without its name", () => {
    const m = gameFromSource(`
      game "Hand" { players 2 }
      kind Card { value: number }
      components Card per player in hand {
        x1 { value: 7 }
      }
      zone hand per player: Card owner
      zone shown: Card public
      flow {
        turn players[0] {
          let c = choose c from players[0].hand prompt "Play"
          move c to shown
        }
      }
      scoring p { points 0 }
    `).start({ players: 2, seed: 1 });
    expect(m.over).toBe(true);
    expect(m.view(0).messages.map((x) => x.text)).toEqual(["Player 1: Card (7) (only option)"]);
    // As any hidden choice reads, not as forced: being forced tells what a hand holds.
    expect(m.view(1).messages.map((x) => x.text)).toEqual(["Player 1: (a hidden choice)"]);
    expect(m.view(null).messages.map((x) => x.text)).toEqual(["Player 1: (a hidden choice)"]);
  });

  it("replays an old decision list that still holds a now-forced choice, and a new one without it, to the same match", () => {
    const game = gameFromSource(source().replace("choose j from 1..2", "choose j from [10, 20]"));
    const fresh = game.replay({ players: 2, seed: 1 }, [{ player: 0, option: "10" }]);
    const old = game.replay({ players: 2, seed: 1 }, [
      { player: 0, option: "2" },
      { player: 0, option: "10" },
    ]);
    expect(fresh.stoppedAt).toBeUndefined();
    expect(old.stoppedAt).toBeUndefined();
    expect(old.match.global("got")).toBe(12);
    expect(old.match.toJSON()).toEqual(fresh.match.toJSON());
    // A decision that fits neither way still stops the replay, with the reason.
    expect(game.replay({ players: 2, seed: 1 }, [{ player: 0, option: "3" }]).stoppedAt).toEqual({ index: 0, reason: "`3` is not one of the options" });
  });

  it("bots never see a forced choice: a game of only forced choices ends before any decision", () => {
    const m = gameFromSource(`
      game "Rails" { players 2 }
      var n: number = 0
      flow {
        repeat 50 { turn players[n % 2] { let k = choose k from [n] ; n = k + 1 } }
      }
      scoring p { points 0 }
    `).start({ players: 2, seed: 1 });
    expect(m.over).toBe(true);
    expect(m.global("n")).toBe(50);
    expect(m.log).toHaveLength(0);
    expect(new RandomBot(1).choose(m, 0)).toBeUndefined();
  });
});
