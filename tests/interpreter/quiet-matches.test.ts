import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile, makeBot, parseBotSpec, playOut, Scenario, type Game, type Match } from "../../interpreter/index.ts";
import { gameFiles, gameFromSource, loadGame } from "../support/games.ts";

/**
 * A quiet match (`Match.quiet`, `start({ quiet: true })`) keeps no texts for decisions taken by
 * position and no `log` lines, and plays the same game as a narrated one: same decisions, same
 * state, same result, the same stop on a broken rule.
 */

const BENCH = new URL("../../tests/bench/games/", import.meta.url).pathname;

function benchGame(file: string): Game {
  const r = compile(readFileSync(BENCH + file, "utf8"), `tests/bench/games/${file}`);
  if (!r.game) throw new Error(`${file} does not compile`);
  return r.game;
}

/** The match as saved, without what a quiet match leaves out: the log's ids and labels, and the lines. */
function played(m: Match): unknown {
  const j = m.toJSON() as unknown as { log: { option: string; label: string }[]; messages: unknown[] };
  return { ...j, log: j.log.map((e) => ({ ...e, option: "", label: "" })), messages: [] };
}

function playBoth(game: Game, players: number, seed: number, bot: string): { narrated: Match; quiet: Match } {
  const out = [false, true].map((quiet) => {
    const m = game.start({ players, seed, quiet });
    const bots = Array.from({ length: players }, (_, p) => makeBot(parseBotSpec(p === 0 ? bot : "random")!, seed * 31 + p));
    playOut(m, bots, 100_000);
    return m;
  });
  return { narrated: out[0]!, quiet: out[1]! };
}

describe("quiet matches", () => {
  const games: [string, () => Game, number][] = [
    ...gameFiles().map((f): [string, () => Game, number] => [f, () => loadGame(f), 3]),
    ...["connect-four.stela", "tic-tac-toe.stela", "reversi.stela"].map((f): [string, () => Game, number] => [f, () => benchGame(f), 2]),
  ];

  it.each(games)("%s plays the same games quiet as narrated (random bots)", (_file, load, players) => {
    const game = load();
    for (const seed of [1, 2]) {
      const { narrated, quiet } = playBoth(game, players, seed, "random");
      expect(narrated.error).toBeNull();
      expect(quiet.over).toBe(true);
      expect(played(quiet)).toEqual(played(narrated));
      // What quiet leaves out is there when narrated, so the comparison above could fail.
      expect(narrated.log.length).toBeGreaterThan(0);
      expect(narrated.log.some((e) => e.option !== "")).toBe(true);
      expect(quiet.state.messages).toEqual([]);
      for (const e of quiet.log) expect([e.option, e.label]).toEqual(["", ""]);
    }
  });

  it("the greedy bot takes the same decisions on a quiet match (it searches quiet copies either way)", () => {
    for (const file of ["cacao.stela", "maya.stela"]) {
      const { narrated, quiet } = playBoth(loadGame(file), 3, 5, "greedy");
      expect(played(quiet)).toEqual(played(narrated));
    }
  });

  it("copies are as quiet as their match; a saved match resumes narrated; a replay narrates", () => {
    const game = loadGame("cacao.stela");
    const m = game.start({ players: 3, seed: 4, quiet: true });
    expect(m.quiet).toBe(true);
    expect(m.clone().quiet).toBe(true);
    expect(m.lookAhead().quiet).toBe(true);
    expect(m.resampleFor(0, 9).quiet).toBe(true);
    expect(game.start({ players: 3, seed: 4 }).quiet).toBe(false);
    const copy = m.clone();
    copy.applyAt(0);
    expect(copy.log.at(-1)).toMatchObject({ option: "", label: "" });
    // Taken by id, a decision is named on a quiet match too: the id was at hand.
    const byId = m.clone();
    const first = byId.options()[0]!;
    byId.apply(first.id);
    expect(byId.log.at(-1)).toMatchObject({ option: first.id, label: first.label });
    const resumed = (m.constructor as typeof Match).fromJSON(game, m.toJSON());
    expect(resumed.quiet).toBe(false);
    resumed.applyAt(0);
    expect(resumed.log.at(-1)!.option).not.toBe("");
  });

  it("an answer to an open secret choice is named when asked: in a view, and when a redraw takes it again", () => {
    const game = loadGame("yaxha.stela");
    const [narrated, quiet] = [false, true].map((q) => {
      const m = game.start({ players: 3, seed: 3, quiet: q });
      const bot = makeBot(parseBotSpec("random")!, 7);
      // On to the first secret choice that all three owe, and one answer to it.
      while (!(m.state.pending?.kind === "secret" && m.decision!.players.length === 3)) bot.play!(m, m.decision!.players[0]!);
      m.applyAt(m.optionCount(1) - 1, 1);
      return m;
    });
    expect(quiet!.state.pending).toMatchObject({ chosen: { 1: { id: "", label: "" } } });
    const chosen = narrated!.view(1).decision!.chosen;
    expect(chosen).toMatch(/^card of market tile \d$/);
    expect(quiet!.view(1).decision!.chosen).toBe(chosen);
    // Player 2 redraws what they cannot see and answers again, by id.
    const [a, b] = [narrated!, quiet!].map((m) => m.resampleFor(1, 11));
    expect(played(b!)).toEqual(played(a!));
    expect(b!.decision!.players).toEqual([0, 2]);
  });

  const source = (label: string) => `
    game "Labels" { players 2 }
    kind Token { n: number }
    components Token in bag { x3 { n: 1 } }
    zone bag: Token
    table names { 1 -> "one"
      2 -> "two" }
    var got: number = 0
    flow {
      loop {
        turn players[0] {
          let k = choose k from 1..3 prompt "How many?" ${label}
          got += k
          log "took {k}"
          if got > 6 { end game }
        }
      }
    }
    scoring p { points got }
  `;

  it("a rule's label that fails on the value taken stops a quiet match where it stops a narrated one", () => {
    const game = gameFromSource(source(`label names[k]`));
    const stops = [false, true].map((quiet) => {
      const m = game.start({ players: 2, seed: 1, quiet });
      let taken = 0;
      while (!m.over && taken < 10) {
        // 1, 2, then 3: the label has no entry for 3.
        m.applyAt(Math.min(taken, 2));
        taken++;
      }
      return { taken, error: m.error && { code: m.error.code, line: m.error.span.start.line, message: m.error.message }, got: m.global("got") };
    });
    expect(stops[0]!.error).not.toBeNull();
    expect(stops[1]).toEqual(stops[0]);
  });

  it("the label runs on what is taken, whether or not the options were listed, and only on that", () => {
    // Listed first (named leniently: "3" has no label), then taken: the label stops the match.
    const one = gameFromSource(source(`label names[k]`));
    const outcomes = [false, true].map((quiet) => {
      const m = one.start({ players: 2, seed: 1, quiet });
      const three = m.options().find((o) => o.id === "3")!;
      m.applyAt(three.index);
      return m.error?.message ?? "none";
    });
    expect(outcomes[0]).toMatch(/names/);
    expect(outcomes[1]).toBe(outcomes[0]);
    // Two of three taken: the one left over, which has no label, is not labelled for the log.
    const two = gameFromSource(source(`label names[k]`).replace("choose k from 1..3", "choose 2 k from 1..3").replace("got += k", "got += sum q for q in k").replace('log "took {k}"', ""));
    for (const quiet of [false, true]) {
      const m = two.start({ players: 2, seed: 1, quiet });
      const pair = m.options().find((o) => o.id === "1+2")!;
      m.clone().applyAt(pair.index);
      const taken = two.start({ players: 2, seed: 1, quiet });
      taken.applyAt(pair.index);
      expect(taken.error).toBeNull();
      expect(taken.global("got")).toBe(3);
    }
  });

  it("a quiet answer to a secret choice weighed only as drawn is named as a narrated one, stop included", () => {
    const game = gameFromSource(`
      game "Secret" { players 2 }
      var picks: list of number = []
      flow {
        loop {
          let k = secretly each p in players chooses k from 1..40 where k % 7 == 0
            prompt "Pick a multiple of 7" stop "Pass"
          if k[players[0]] == none { end game }
          picks = picks + [k[players[0]]]
        }
      }
      scoring p { points size(picks) }
    `);
    for (const take of ["random", "stop"] as const) {
      const [narrated, quiet] = [false, true].map((q) => {
        const m = game.start({ players: 2, seed: 5, quiet: q });
        if (take === "random") m.applyRandom((n) => 27 % n, 0);
        else m.applyAt(m.optionCount(0) - 1, 0);
        return m;
      });
      const chosen = narrated!.view(0).decision!.chosen;
      expect(chosen).toBe(take === "stop" ? "Pass" : "28");
      expect(quiet!.view(0).decision!.chosen).toBe(chosen);
      const [a, b] = [narrated!, quiet!].map((m) => m.resampleFor(0, 3));
      expect(b!.decision!.players).toEqual([1]);
      expect(played(b!)).toEqual(played(a!));
    }
  });

  it("a scenario narrates, even of a match asked to be quiet", () => {
    const s = Scenario.start(gameFromSource(source("")), { players: 2, seed: 1, quiet: true });
    expect(s.match.quiet).toBe(false);
    s.match.applyAt(0);
    expect(s.match.log[0]).toMatchObject({ option: "1", label: "1" });
  });

  it("a `show` label that fails names the piece by its component instead of stopping the match", () => {
    const game = gameFromSource(`
      game "Shown" { players 2 ask always }
      table names { 1 -> "one" }
      kind Token {
        n: number
        show { label: names[this.n] }
      }
      zone bag: Token
      components Token in bag { x2 { n: 5 } }
      flow {
        turn players[0] {
          let t = choose t from bag prompt "Take one"
          log "took {t}"
        }
      }
      scoring p { points 0 }
    `);
    const m = game.start({ players: 2, seed: 1 });
    expect(m.options().map((o) => o.label)).toEqual(["Token (5)"]);
    m.applyAt(0);
    expect(m.error).toBeNull();
    expect(m.over).toBe(true);
    expect(m.log[0]!.label).toBe("Token (5)");
    expect(m.state.messages.map((x) => x.text)).toEqual(["took Token (5)"]);
    const q = game.start({ players: 2, seed: 1, quiet: true });
    q.applyAt(0);
    expect(played(q)).toEqual(played(m));
  });

  it("a `show` label that draws on the generator puts it back: naming and views change nothing", () => {
    const game = gameFromSource(`
      game "Drawn" { players 2 ask always }
      kind Token {
        n: number
        show { label: random(["a", "b", "c"]), colour: random(["red", "blue"]) }
      }
      zone bag: Token
      components Token in bag { x2 { n: 1 } x2 { n: 2 } }
      var r: number = 0
      flow {
        turn players[0] {
          let t = choose t from bag prompt "Take one"
          log "took {t}"
          r = random(1..1000)
        }
      }
      scoring p { points r }
    `);
    for (const seed of [1, 2, 3, 4]) {
      const rs = [false, true].map((quiet) => {
        const m = game.start({ players: 2, seed, quiet });
        if (!quiet) {
          m.options();
          m.view(0);
        }
        m.applyAt(1);
        return m.global("r");
      });
      expect(rs[1]).toBe(rs[0]);
    }
  });
});
