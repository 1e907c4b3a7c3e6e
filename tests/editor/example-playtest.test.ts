import { describe, expect, it } from "vitest";
import { PlaytestSession } from "../../editor/src/playtest/playtest-session.ts";
import { exampleStatuses } from "../../editor/src/rules/example-status.ts";
import { compile } from "../../interpreter/index.ts";
import { loadGame, readGame } from "../support/games.ts";

/** The editor's examples list: each example's mark, and its position opened in the playtest. */

const CITY = "Scoring a city: a city of 3, Red has 5 crops around it and scores 12, Blue has 4 and scores 6";
const PLANT = "Plant crops: Red plays 2 tiles with 3 corn and scores 3, not the corn of Black";

describe("examples in the editor", () => {
  it("marks each example, and says where and why one fails", () => {
    const wrong = readGame("maya.stela").replace("expect red.score == 1 + 12", "expect red.score == 1 + 13");
    const statuses = exampleStatuses(compile(wrong, "games/maya.stela").game!);
    expect(statuses.map((s) => s.passed)).toEqual([true, true, true, true, false, true, true]);
    const failing = statuses[4]!;
    expect(failing.title).toBe(CITY);
    expect(failing.failure).toMatchObject({ message: "expected red.score == 1 + 13", expected: "14", got: "13" });
    expect(failing.failure!.line).toBe(wrong.split("\n").findIndex((l) => l.includes("1 + 13")) + 1);
  });

  it("opens an example's position in the playtest; the designer plays on and rewinds to it, not to the start", () => {
    const game = loadGame("maya.stela");
    const s = new PlaytestSession(game, { players: 3, seed: 9, example: PLANT });
    expect(s.snapshot().settings).toEqual({ players: 2, seed: 1, example: PLANT });
    // The example's own decisions are its opening, not the designer's log: shown apart, not undone from there.
    expect(s.snapshot().log).toEqual([]);
    expect(s.current.log.map((e) => e.label)).toEqual(["green", "Plant crops", "1 corn on d5", "2 corn on e5"]);
    expect(s.snapshot().opening.map((e) => e.label)).toEqual(["green", "Plant crops", "1 corn on d5", "2 corn on e5"]);
    expect(s.snapshot().opening[1]!.player).toBe(s.current.log[1]!.player);
    const red = s.current.log[1]!.player;
    expect(s.current.playerVar(red, "score")).toBe(3);
    expect(s.current.decision!.players).toEqual([1 - red]);

    const black = 1 - red;
    expect(s.apply(black, s.current.options(black)[0]!.id).ok).toBe(true);
    expect(s.snapshot().log).toHaveLength(1);
    s.rewind(0);
    expect(s.snapshot().log).toEqual([]);
    expect(s.current.log).toHaveLength(4);
    expect(s.current.decision!.players).toEqual([black]);

    expect(s.snapshot().opening).toHaveLength(4);
    s.restart({ players: 2, seed: 1 });
    expect(s.current.log).toEqual([]);
    expect(s.snapshot().opening).toEqual([]);
    expect(s.current.playerVar(red, "score")).toBe(0);
  });
});
