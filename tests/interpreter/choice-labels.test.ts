import { describe, expect, it } from "vitest";
import { refusedOptions } from "../../interpreter/index.ts";
import { gameFromSource } from "../support/games.ts";

/** `label` on a choice: how options read, computed on demand, never changing ids or the match. */
describe("labels on choices", () => {
  const source = `
    game "Labels" { players 2 }
    define gold_text(k: number): text = "Take {k} gold"
    var got: number = 0
    flow {
      turn players[0] {
        let k = choose k from 0..3 where k != 2 else "two is never allowed" label gold_text(k) prompt "How many?"
        got = k
      }
      turn players[1] {
        let again = choose k from [got, got + 10] label "{k} more than before ({got})"
        got = again
      }
    }
    scoring p { points 0 }
  `;

  it("options read by the label, keep their ids, and the log uses the label", () => {
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.options().map((o) => [o.id, o.label])).toEqual([
      ["0", "Take 0 gold"],
      ["1", "Take 1 gold"],
      ["3", "Take 3 gold"],
    ]);
    expect(m.view(0).decision?.options?.map((o) => o.label)).toEqual(["Take 0 gold", "Take 1 gold", "Take 3 gold"]);
    expect(m.apply("3").ok).toBe(true);
    expect(m.log[0]).toEqual({ player: 0, option: "3", label: "Take 3 gold", prompt: "How many?" });
    // The label sees the frame's other locals too, and reading it changed nothing.
    expect(m.options(1).map((o) => o.label)).toEqual(["3 more than before (3)", "13 more than before (3)"]);
    expect(m.global("got")).toBe(3);
  });

  it("a refused option is explained under its label", () => {
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    expect(m.apply("2")).toEqual({ ok: false, code: "illegal-option", reason: "Take 2 gold is not allowed: two is never allowed" });
    const refused = refusedOptions(m, 0, {});
    expect(refused.map((r) => [r.id, r.label, r.rule])).toEqual([["2", "Take 2 gold", "two is never allowed"]]);
  });

  it("the cheap path (applyAt) logs the label too, and naming leaves the state as it was", () => {
    const m = gameFromSource(source).start({ players: 2, seed: 1 });
    const before = JSON.stringify(m.toJSON());
    m.options();
    expect(JSON.stringify(m.toJSON())).toBe(before);
    expect(m.applyAt(0).ok).toBe(true);
    expect(m.log[0]!.label).toBe("Take 0 gold");
  });

  it("a secret choice's label sees the chooser", () => {
    const m = gameFromSource(`
      game "Secret" { players 2 }
      flow {
        let picks = secretly each p in players chooses k from 1..2 label "{k} for {p}"
      }
      scoring p { points 0 }
    `).start({ players: 2, seed: 1 });
    expect(m.options(0).map((o) => o.label)).toEqual(["1 for Player 1", "2 for Player 1"]);
    expect(m.options(1).map((o) => o.label)).toEqual(["1 for Player 2", "2 for Player 2"]);
  });

  it("a label that fails reads as the plain value in the options, and ends the match with a diagnostic at the label when taken", () => {
    const m = gameFromSource(`
      game "Broken" { players 2 }
      flow {
        turn players[0] {
          let k = choose k from 1..2 label "{[10, 20][k]}"
        }
      }
      scoring p { points 0 }
    `).start({ players: 2, seed: 1 });
    expect(m.options().map((o) => o.label)).toEqual(["20", "2"]);
    m.apply("2");
    expect(m.error?.code).toBe("runtime-index-out-of-range");
    expect(m.error?.span.start.line).toBe(5);
  });
});
