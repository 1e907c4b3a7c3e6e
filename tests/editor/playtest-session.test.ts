import { describe, expect, it } from "vitest";
import { PlaytestSession } from "../../editor/src/playtest/playtest-session.ts";
import { decisionSentence, tiebreakColumn } from "../../editor/src/playtest/present.ts";
import { gameFromSource, loadGame } from "../support/games.ts";
import { compile, makeBot, mixSeed } from "../../interpreter/index.ts";

const counting = (max: number) => `
game "Counting" { players 2..3 }
const LIMIT = 3
per player { score: number = 0 }
flow {
  repeat 3 {
    for p in players {
      turn p {
        let n = choose n from 1..${max} prompt "How many?"
        p.score += n
      }
    }
  }
}
scoring p { points p.score }
variant "Short" { override const LIMIT = 1 }
`;

/** Two players, each dealt 2 of `cards` cards from a hidden deck; each plays one to a pile nobody sees. */
const hands = (cards: number) =>
  gameFromSource(`game "Hands" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
zone played per player: Card hidden
components Card in deck { for v in 1..${cards} { x1 { value: v } } }
per player { score: number = 0 }
flow {
  shuffle deck
  for p in players { deal 2 from deck to p.hand }
  for p in players {
    turn p {
      let c = choose c from p.hand prompt "Play a card"
      move c to p.played
      p.score += c.value
    }
  }
}
scoring p { points p.score }`);

/** Plays `n` decisions, each the first option of whoever owes one. */
function playFirst(s: PlaytestSession, n: number): void {
  for (let i = 0; i < n; i++) {
    const p = s.current.decision!.players[0]!;
    const r = s.apply(p, s.current.options(p)[0]!.id);
    expect(r.ok).toBe(true);
  }
}

describe("playtest session", () => {
  it("undoes and redoes by replaying the decision log", () => {
    const s = new PlaytestSession(loadGame("mayan-city.stela"), { players: 2, seed: 3 });
    s.persons = new Set([0, 1]);
    playFirst(s, 5);
    const after5 = JSON.stringify(s.current.toJSON());
    s.undo();
    expect(s.snapshot().log).toHaveLength(4);
    expect(s.snapshot().redo).toBe(1);
    s.undo();
    expect(s.snapshot().log).toHaveLength(3);
    expect(s.redo().ok).toBe(true);
    expect(s.redo().ok).toBe(true);
    expect(JSON.stringify(s.current.toJSON())).toBe(after5);
    expect(s.snapshot().redo).toBe(0);
  });

  it("undo goes back past the bots' moves to the last person's decision", () => {
    const s = new PlaytestSession(loadGame("mayan-city.stela"), { players: 3, seed: 3 });
    s.persons = new Set([s.current.decision!.players[0]!]);
    const person = [...s.persons][0]!;
    playFirst(s, 1);
    let guard = 0;
    while (!s.current.decision!.players.includes(person) && guard++ < 20) s.botMove(s.botsToMove());
    const before = s.snapshot().log.length;
    expect(before).toBeGreaterThan(1);
    s.undo();
    expect(s.snapshot().log).toHaveLength(0);
    expect(s.snapshot().redo).toBe(before);
    // Redo takes the person's decision and the bots' after it, up to the person's next turn.
    s.redo();
    expect(s.snapshot().log).toHaveLength(before);
  });

  it("a new decision replaces what redo held, the same one keeps it", () => {
    const g = gameFromSource(counting(3));
    const s = new PlaytestSession(g, { players: 2, seed: 1 });
    s.apply(0, "2");
    s.apply(1, "3");
    s.rewind(0);
    expect(s.snapshot().redo).toBe(2);
    s.apply(0, "2");
    expect(s.snapshot().redo).toBe(1);
    s.apply(1, "1");
    expect(s.snapshot().redo).toBe(0);
  });

  it("replays the log on new rules and stops at the first decision that became illegal", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 2, seed: 1 });
    for (const [p, o] of [[0, "1"], [1, "2"], [0, "3"], [1, "1"]] as const) expect(s.apply(p, o).ok).toBe(true);
    s.setGame(gameFromSource(counting(2)));
    const snap = s.snapshot();
    expect(snap.log.map((d) => d.option)).toEqual(["1", "2"]);
    expect(snap.stopped?.index).toBe(2);
    expect(snap.stopped?.decision.option).toBe("3");
    expect(snap.stopped?.reason).toBeTruthy();
    expect(snap.redo).toBe(2);
    // Still illegal after another edit: still stopped there, nothing lost.
    s.setGame(gameFromSource(counting(2)));
    expect(s.snapshot().stopped?.index).toBe(2);
    // The edit is undone: the whole log plays again.
    s.setGame(gameFromSource(counting(3)));
    expect(s.snapshot().log.map((d) => d.option)).toEqual(["1", "2", "3", "1"]);
    expect(s.snapshot().stopped).toBeUndefined();
    expect(s.snapshot().redo).toBe(0);
  });

  it("a bot does not move while a rule change has stopped the replay; discarding lets go of the rest", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 2, seed: 1 });
    for (const [p, o] of [[0, "1"], [1, "2"], [0, "3"], [1, "1"]] as const) expect(s.apply(p, o).ok).toBe(true);
    s.setGame(gameFromSource(counting(2)));
    s.botMove([0]);
    expect(s.snapshot().log).toHaveLength(2);
    expect(s.snapshot().waiting.map((d) => d.option)).toEqual(["3", "1"]);
    // Resumed from what a reload keeps (log, waiting, stopped): still stopped, still waiting.
    const again = new PlaytestSession(gameFromSource(counting(2)), { players: 2, seed: 1 }, s.snapshot().log, s.snapshot().waiting, true);
    expect(again.snapshot().stopped?.index).toBe(2);
    expect(again.snapshot().redo).toBe(2);
    s.discard();
    expect(s.snapshot().redo).toBe(0);
    expect(s.snapshot().stopped).toBeUndefined();
    s.botMove([0]);
    expect(s.snapshot().log).toHaveLength(3);
  });

  it("blames a rule failure on the decision during which it failed, and keeps the later ones for new rules", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 2, seed: 1 });
    for (const [p, o] of [[0, "1"], [1, "2"], [0, "3"], [1, "1"]] as const) expect(s.apply(p, o).ok).toBe(true);
    // Taking 3 now fails in the rule (index 3 of a list of 3).
    s.setGame(gameFromSource(counting(3).replace("p.score += n", "p.score += [n, n, n][n]")));
    const snap = s.snapshot();
    expect(snap.error).not.toBeNull();
    expect(snap.stopped).toBeUndefined();
    expect(snap.failedDuring?.index).toBe(2);
    expect(snap.failedDuring?.decision.option).toBe("3");
    expect(snap.waiting.map((d) => d.option)).toEqual(["1"]);
    expect(snap.waitingHeld).toBe(true);
    s.setGame(gameFromSource(counting(3)));
    expect(s.snapshot().log.map((d) => d.option)).toEqual(["1", "2", "3", "1"]);
    expect(s.snapshot().error).toBeNull();
  });

  it("names each tiebreak as the rules write it", () => {
    const src = counting(3).replace("scoring p { points p.score }", "scoring p {\n  points p.score\n  tiebreak most  p.score * 2\n  tiebreak fewest 1\n}");
    const s = new PlaytestSession(gameFromSource(src), { players: 2, seed: 1 });
    s.sources = { "inline.stela": src };
    expect(s.snapshot().tiebreaks).toEqual(["most p.score * 2", "fewest 1"]);
  });

  it("heads a result's tiebreak column with a short name, the whole rule under it and a sentence to hover", () => {
    expect(tiebreakColumn(0, "most staying(p)")).toEqual({ name: "tiebreak 1", rule: "most staying(p)", title: "Tiebreak 1, between players tied on score: most staying(p)" });
    expect(tiebreakColumn(1, undefined)).toEqual({ name: "tiebreak 2", rule: "", title: "Tiebreak 2, between players tied on score" });
  });

  it("new rules do not bring back what undo set aside", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 2, seed: 1 });
    s.apply(0, "1");
    s.apply(1, "2");
    s.undo();
    s.setGame(gameFromSource(counting(3)));
    expect(s.snapshot().log).toHaveLength(1);
    expect(s.snapshot().redo).toBe(1);
  });

  it("keeps playing when the settings no longer fit the rules", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 3, seed: 1, variant: "Short" });
    s.setGame(gameFromSource(counting(3).replace("players 2..3", "players 2").replace(/variant[^\n]*/, "")));
    const snap = s.snapshot();
    expect(snap.settings).toEqual({ players: 2, seed: 1 });
    expect(snap.notes.join(" ")).toMatch(/no variant "Short"/);
    expect(snap.notes.join(" ")).toMatch(/playing with 2/);
  });

  it("plays variants together (\"A+B\"), and tells why two that clash cannot be, playing the base game", () => {
    const both = counting(3) + `variant "Long" { override const LIMIT = 5 }\nvariant "Scored" { override scoring p { points 2 * p.score } }\n`;
    const s = new PlaytestSession(gameFromSource(both), { players: 2, seed: 1, variant: "Short+Scored" });
    expect(s.snapshot().settings.variant).toBe("Short+Scored");
    expect(s.snapshot().notes).toEqual([]);
    const clash = new PlaytestSession(gameFromSource(both), { players: 2, seed: 1, variant: "Short+Long" });
    expect(clash.snapshot().settings.variant).toBeUndefined();
    expect(clash.snapshot().notes.join(" ")).toMatch(/^The variants in "Short\+Long" do not combine:[^]*LIMIT[^]*; playing the base game\.$/);
    const unknown = new PlaytestSession(gameFromSource(both), { players: 2, seed: 1, variant: "Short+Longer" });
    expect(unknown.snapshot().notes.join(" ")).toMatch(/"Short\+Longer" joins variants with `\+`, but this file has no variant "Longer" \(did you mean `Long`\?\); playing the base game\.$/);
  });

  it("shows the view of the person who must decide, hiding what they may not see", () => {
    const s = new PlaytestSession(loadGame("mayan-city.stela"), { players: 2, seed: 5 });
    s.persons = new Set([0, 1]);
    const snap = s.snapshot();
    expect(snap.viewer).toBe(snap.owing[0]);
    expect(snap.view.decision?.options?.length).toBeGreaterThan(0);
    expect(snap.view.zones.find((z) => z.name === "deck")?.pieces).toBeUndefined();
    s.viewAs = "spectator";
    expect(s.snapshot().viewer).toBeNull();
  });

  it("hides a choice from a seat that may not see it, and shows every choice once the game is over", () => {
    const s = new PlaytestSession(
      hands(4),
      { players: 2, seed: 1 },
    );
    s.persons = new Set([0, 1]);
    s.apply(0, s.current.options(0)[0]!.id);
    const played = s.current.log[0]!.label;
    expect(played).toMatch(/^card \d$/);
    s.viewAs = 1;
    expect(s.snapshot().log.map((d) => d.label)).toEqual(["(a hidden choice)"]);
    s.viewAs = 0;
    expect(s.snapshot().log.map((d) => d.label)).toEqual([played]);
    s.apply(1, s.current.options(1)[0]!.id);
    expect(s.snapshot().view.over).toBe(true);
    for (const seat of [0, 1, "spectator"] as const) {
      s.viewAs = seat;
      expect(s.snapshot().log.map((d) => d.label)).toEqual([played, s.current.log[1]!.label]);
    }
  });

  it("turns the hands over once the game is over: each as its owner sees it, a zone nobody sees still hidden", () => {
    const s = new PlaytestSession(
      hands(6),
      { players: 2, seed: 1 },
    );
    s.persons = new Set([0, 1]);
    s.viewAs = 0;
    const zone = (name: string) => s.snapshot().view.zones.find((z) => z.label === name)!;
    s.apply(0, s.current.options(0)[0]!.id);
    // While the game is on, Player 1 does not see Player 2's hand.
    expect(zone("hand of Player 2").pieces).toBeUndefined();
    expect(s.snapshot().revealed).toEqual([]);
    s.apply(1, s.current.options(1)[0]!.id);
    expect(s.snapshot().view.over).toBe(true);
    const theirs = s.current.view(1).zones.find((z) => z.label === "hand of Player 2")!.pieces!;
    expect(theirs).toHaveLength(1);
    expect(zone("hand of Player 2").pieces).toEqual(theirs);
    expect(s.snapshot().revealed).toEqual([zone("hand of Player 2").key]);
    // The deck (2 cards) and the played cards nobody sees stay as they were.
    expect(zone("deck").pieces).toBeUndefined();
    expect(zone("deck").count).toBe(2);
    expect(zone("played of Player 2").pieces).toBeUndefined();
  });

  it("says what each decision changed in its player's numbers, also after a replay", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 2, seed: 1 });
    s.apply(0, "3");
    s.apply(1, "2");
    expect(s.snapshot().log.map((d) => [d.label, d.changes])).toEqual([
      ["3", "score +3"],
      ["2", "score +2"],
    ]);
    // New rules that score double: the replayed log says so.
    s.setGame(gameFromSource(counting(3).replace("p.score += n", "p.score += 2 * n")));
    expect(s.snapshot().log.map((d) => d.changes)).toEqual(["score +6", "score +4"]);
    s.undo();
    expect(s.snapshot().log.map((d) => d.changes)).toEqual(["score +6"]);
    // A decision that also moves another player's numbers names theirs after its own (a harvest that
    // gave the neighbour 1 cacao showed only the decider's gain).
    s.setGame(gameFromSource(counting(3).replace("p.score += n", "p.score += n\n        others(p)[0].score -= 1")));
    expect(s.snapshot().log.map((d) => d.changes)).toEqual(["score +3; Player 2: score −1"]);
  });

  it("never names a variable the rules keep off the players' screens (`internal`) among a decision's changes", () => {
    // A designer's log read "score +2; Player 2: turns +1" on every line: a count kept for the rules.
    const s = new PlaytestSession(
      gameFromSource(`game "Internal log" { players 2 }
per player {
  score: number = 0
  turns: number = 0 internal
}
flow {
  repeat 2 {
    for p in players {
      p.turns += 1
      turn p {
        let n = choose n from 1..2 prompt "Take points"
        p.score += n
      }
    }
  }
}
scoring p { points p.score }
`),
      { players: 2, seed: 1 },
    );
    s.apply(0, "2");
    s.apply(1, "1");
    expect(s.snapshot().log.map((d) => d.changes)).toEqual(["score +2", "score +1"]);
  });

  it("the log's question and label read as the viewer reads them: another's hidden card is a hidden card", () => {
    const g = gameFromSource(`game "Peek" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone deck: Card hidden
zone hand per player: Card owner
components Card in deck { for v in 1..9 { x1 { value: v } } }
setup { shuffle deck }
flow {
  for p in players {
    turn p {
      deal 1 from deck to p.hand
      let n = choose n from 0..1 prompt "Keep {top(p.hand)}?" label if n == 0 then "keep {top(p.hand)}" else "drop {top(p.hand)}"
    }
  }
}
scoring p { points 0 }
`);
    const s = new PlaytestSession(g, { players: 2, seed: 1 });
    s.persons = new Set([0, 1]);
    s.apply(0, s.current.options(0)[0]!.id);
    s.viewAs = 1;
    const [d] = s.snapshot().log;
    expect(d!.prompt).toBe("Keep hidden card?");
    expect(d!.label).toBe("keep hidden card");
    s.viewAs = 0;
    expect(s.snapshot().log[0]!.prompt).toMatch(/^Keep card \d\?$/);
  });

  it("plays a variant file's first variant under its name, with no base game to offer", () => {
    const base = counting(3);
    const r = compile(`variant "Rich" extends "counting.stela" { override const LIMIT = 2 }\nvariant "Poor" extends "counting.stela" { override const LIMIT = 0 }\n`, "games/rich.stela", { readFile: (path) => (path === "games/counting.stela" ? base : undefined) });
    const s = new PlaytestSession(r.game!, { players: 2, seed: 1 });
    expect(s.snapshot().settings.variant).toBe("Rich");
    expect(s.snapshot().variantFile).toBe(true);
    expect(new PlaytestSession(gameFromSource(base), { players: 2, seed: 1 }).snapshot().variantFile).toBe(false);
  });

  it("keeps each decision's prompt, so the log reads who, what was asked and what they chose", () => {
    const s = new PlaytestSession(gameFromSource(counting(3)), { players: 2, seed: 1 });
    playFirst(s, 2);
    const log = s.snapshot().log;
    expect(log.map((d) => [d.player, d.prompt, d.label])).toEqual([
      [0, "How many?", "1"],
      [1, "How many?", "1"],
    ]);
    expect(log.map((d) => decisionSentence(`Player ${d.player + 1}`, d.prompt, d.label))).toEqual(["Player 1 — How many? 1", "Player 2 — How many? 1"]);
    expect(decisionSentence("Player 1", "Place a piece", "Palace on d4")).toBe("Player 1 — Place a piece: Palace on d4");
    expect(decisionSentence("Player 2", undefined, "Plaza")).toBe("Player 2: Plaza");
  });

  it("plays a bot seat with the bot it names: the MCTS bot with its budget, its own stream from the seed", () => {
    const s = new PlaytestSession(loadGame("mayan-city.stela"), { players: 2, seed: 1 });
    s.botSpecs = { 0: "mcts:30" };
    s.botMove([0]);
    const mctsPick = s.snapshot().log[0]!.option;
    // The same bot made directly: the session's seat plays exactly as it.
    const direct = makeBot({ kind: "mcts", budget: { iterations: 30 } }, mixSeed(1, 0)).choose(loadGame("mayan-city.stela").start({ players: 2, seed: 1 }), 0);
    expect(mctsPick).toBe(direct);
    expect(mctsPick).toBe("reservoir");
    // A seat without a named bot plays at random (the Temple, for this seed).
    s.restart({ players: 2, seed: 1 });
    s.botSpecs = {};
    s.botMove([0]);
    expect(s.snapshot().log[0]!.option).toBe("temple");
  });

  it("replays a decision whose card was renamed by its place among the options, and says so", () => {
    // A designer relabelling a card changes every option id naming it ("card-3" becomes "c3"):
    // the playtest read "no longer fits the rules" at the first such decision.
    const relabelled = (game: string) => game.replace('label: "card {this.value}"', 'label: "c{this.value}"');
    const source = `game "Picks" { players 2 }
kind Card { value: number  show { label: "card {this.value}" } }
zone row: Card public
zone kept per player: Card public
components Card in row { for v in 1..6 { x1 { value: v } } }
per player { score: number = 0 }
flow {
  loop {
    for p in players {
      turn p {
        if size(row) == 0 { end game }
        let c = choose c from row prompt "Take a card"
        move c to p.kept
        p.score += c.value
      }
    }
  }
}
scoring p { points p.score }`;
    const s = new PlaytestSession(gameFromSource(source), { players: 2, seed: 1 });
    s.persons = new Set([0, 1]);
    expect(s.apply(0, "card-3").ok).toBe(true);
    expect(s.apply(1, "card-5").ok).toBe(true);
    // Where each stood among the options, and which card it was (by the engine's number, not its name).
    expect(s.snapshot().log.map((d) => d.at)).toEqual([
      { index: 2, of: 6, trace: '["Card",{"value":3}]' },
      { index: 3, of: 5, trace: '["Card",{"value":5}]' },
    ]);
    s.setGame(gameFromSource(relabelled(source)));
    const snap = s.snapshot();
    expect(snap.stopped).toBeUndefined();
    expect(snap.log.map((d) => [d.option, d.label])).toEqual([
      ["c3", "c3"],
      ["c5", "c5"],
    ]);
    expect(snap.notes).toEqual(["Decisions 1, 2 were taken by their places among the options: the rules name those options otherwise now (a label or name changed)."]);
    // A change that also changes how many options there are is not taken by place: it stops there.
    const fewer = relabelled(source).replace("for v in 1..6", "for v in 1..7");
    const t = new PlaytestSession(gameFromSource(source), { players: 2, seed: 1 });
    t.persons = new Set([0, 1]);
    t.apply(0, "card-3");
    t.setGame(gameFromSource(fewer));
    expect(t.snapshot().stopped?.reason).toContain("is not one of the options");
    // As many options, but another card at that place (the row dealt otherwise): not taken by place.
    const other = relabelled(source).replace("components Card in row { for v in 1..6 { x1 { value: v } } }", "components Card in row { x1 { value: 9 } for v in 1..5 { x1 { value: v } } }");
    const u = new PlaytestSession(gameFromSource(source), { players: 2, seed: 1 });
    u.persons = new Set([0, 1]);
    u.apply(0, "card-3");
    u.setGame(gameFromSource(other));
    expect(u.snapshot().stopped?.reason).toContain("is not one of the options");
    expect(u.snapshot().log).toEqual([]);
  });
});


describe("a decision that no longer fits the rules", () => {
  const actions = (second: string) => `
game "Actions" { players 2 }
per player { score: number = 0 }
flow {
  repeat 2 {
    for p in players {
      turn p {
        choose prompt "Choose an action" {
          option "Plant crops" { p.score += 1 }
          option "${second}" { p.score += 2 }
        }
      }
    }
  }
}
scoring p { points p.score }
`;

  it("is named by the label the designer saw, not the option's internal id", () => {
    const s = new PlaytestSession(gameFromSource(actions("Expand a city")), { players: 2, seed: 1 });
    const take = (label: string) => {
      const p = s.current.decision!.players[0]!;
      expect(s.apply(p, s.current.options(p).find((o) => o.label === label)!.id).ok).toBe(true);
    };
    take("Plant crops");
    take("Expand a city");
    // The second option is renamed: the decision that took it is taken by its place, as the renamed action.
    s.setGame(gameFromSource(actions("Build a temple")));
    expect(s.snapshot().stopped).toBeUndefined();
    expect(s.snapshot().log.map((d) => d.label)).toEqual(["Plant crops", "Build a temple"]);
    // Renamed and joined by a third action: the choice is not the one the log saw, and the decision no longer fits.
    s.setGame(gameFromSource(actions("Expand a city")));
    s.setGame(gameFromSource(actions("Build a temple").replace('option "Plant crops" { p.score += 1 }', 'option "Plant crops" { p.score += 1 }\n          option "Trade" { p.score += 3 }')));
    const stopped = s.snapshot().stopped!;
    expect(stopped.index).toBe(1);
    expect(stopped.decision.option).not.toBe("Expand a city");
    expect(stopped.reason).toContain("Expand a city");
    expect(stopped.reason).not.toContain(stopped.decision.option);
  });
});
