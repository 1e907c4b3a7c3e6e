import { describe, expect, it } from "vitest";
import { compile, runExamples, StartError } from "../../interpreter/index.ts";

/**
 * Variants: named overlays that add or override declarations, in the same
 * file or in a file of their own that extends a base; checked against the
 * base; taken by `game.start`, `stela check`, `simulate` and `play`.
 */

/** A small game whose setup step, table, constant and phase a variant can replace. */
const BASE = `game "Counting" { players 2 }

const START = 1
table bonus {
  1 -> 10
  2.. -> 20
}
per player { score: number = 0 }

procedure opening() {
  for p in players { p.score += START }
}

procedure play_round() {
  for p in players {
    turn p {
      let k = choose n from 1..2 prompt "Take"
      p.score += bonus[k]
    }
  }
}

setup { opening() }
flow { play_round() }
scoring p { points p.score }
`;

function errors(r: ReturnType<typeof compile>) {
  return r.diagnostics.filter((d) => d.severity === "error");
}

/** Plays a match taking the first option each time; gives the scores. */
function firstOptions(game: NonNullable<ReturnType<typeof compile>["game"]>, variant?: string): number[] {
  const m = game.start(variant === undefined ? { players: 2 } : { players: 2, variant });
  while (m.decision) m.apply(m.options()[0]!.id);
  expect(m.error).toBeNull();
  return m.result!.scores;
}

describe("variants in the same file", () => {
  it("override a constant, a table, a setup step and a phase, and add declarations", () => {
    const source = `${BASE}
variant "Rich start" {
  override const START = 5
}

variant "Big bonus" {
  override table bonus {
    1 -> 100
    2.. -> 200
  }
}

variant "Head start" {
  override procedure opening() {
    for p in players { p.score += 50 + START }
  }
}

variant "Two rounds" {
  const ROUNDS = 2
  override flow {
    repeat ROUNDS { play_round() }
  }
}
`;
    const r = compile(source, "counting.stela");
    expect(errors(r)).toEqual([]);
    const game = r.game!;
    expect(game.variants).toEqual(["Rich start", "Big bonus", "Head start", "Two rounds"]);
    expect(firstOptions(game)).toEqual([11, 11]);
    expect(firstOptions(game, "Rich start")).toEqual([15, 15]);
    expect(firstOptions(game, "Big bonus")).toEqual([101, 101]);
    expect(firstOptions(game, "Head start")).toEqual([61, 61]);
    expect(firstOptions(game, "Two rounds")).toEqual([21, 21]);
    const m = game.start({ players: 2, variant: "Big bonus" });
    expect(m.state.variant).toBe("Big bonus");
    expect(m.view(0).variant).toBe("Big bonus");
  });

  it("overriding a name the base does not have is an error at the variant's line, with a hint", () => {
    const source = `${BASE}
variant "Typo" {
  override const STRAT = 3
  override procedure openin() { }
}
`;
    const r = compile(source, "counting.stela");
    expect(r.game).toBeUndefined();
    const errs = errors(r);
    expect(errs.map((d) => [d.code, d.file, d.span.start.line, d.span.start.column])).toEqual([
      ["invalid-variant", "counting.stela", 28, 3],
      ["invalid-variant", "counting.stela", 29, 3],
    ]);
    expect(errs[0]!.message).toBe("`override`: the base game has no `STRAT` to override");
    expect(errs[0]!.hint).toBe("did you mean `START`?");
    expect(errs[1]!.hint).toBe("did you mean `opening`?");
  });

  it("adding a name the base already has needs `override`; a player variable too", () => {
    const source = `${BASE}
variant "Clash" {
  const START = 2
  per player { score: number = 3 }
  override per player { gold: number = 0 }
}
`;
    const errs = errors(compile(source, "counting.stela"));
    expect(errs.map((d) => [d.span.start.line, d.message])).toEqual([
      [28, "the base game already has `START`: write `override` to replace it"],
      [29, "players already have `score`: write `override per player { … }` to replace it"],
      [30, "`override`: players have no variable `gold` to override"],
    ]);
  });

  it("every other mistake in a variant is reported at its own line; two variants may not share a name", () => {
    const source = `${BASE}
variant "Broken" {
  override procedure opening() {
    for p in players { p.score += missing }
  }
}

variant "Broken" {
  variant "Inner" { }
}
`;
    const errs = errors(compile(source, "counting.stela"));
    expect(errs.map((d) => [d.code, d.span.start.line])).toEqual([
      ["unknown-name", 29],
      ["duplicate-name", 33],
      ["invalid-variant", 34],
    ]);
  });

  it("a problem a variant causes in the base's declarations names the variant", () => {
    const source = `${BASE}
variant "Worded" {
  override const START = "one"
}
`;
    const r = compile(source, "counting.stela");
    const e = errors(r)[0]!;
    expect(e.span.start.line).toBe(11);
    expect(e.message).toMatch(/\(with variant "Worded"\)$/);
  });

  it("a base declaration only what a variant replaced used is not warned unused under it", () => {
    // A yardstick variant that drops a step leaves the base's helper unused: nothing to fix, and
    // under --max-warnings 0 it failed two designers' CI (a constant, then a procedure).
    const source = `${BASE}
variant "Bare" {
  override setup { }
}
`;
    const r = compile(source, "counting.stela");
    expect(r.diagnostics).toEqual([]);
    // Unused in the base game itself: still said.
    const lone = compile(BASE.replace("setup { opening() }", "setup { }"), "counting.stela");
    expect(lone.diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["unused-declaration", 10]]);
  });

  it("extend setup runs the variant's steps after the base's, through includes too, each in a scope of its own", () => {
    const source = `game "Corn" { players 2 }
per player { corn: number = 0 }
setup {
  let n = 3
  for p in players { p.corn = n }
}
flow { log "{players[0].corn} {players[1].corn}" }
scoring p { points p.corn }
variant "Rich" {
  extend setup {
    let n = 12
    players[0].corn += n
  }
}
variant "Richer" {
  include "Rich"
  extend setup { players[0].corn += 100 }
}
`;
    const r = compile(source, "corn.stela");
    // The variant's \`n\` neither hides nor clashes with the base setup's.
    expect(r.diagnostics).toEqual([]);
    const said = (variant?: string) => r.game!.start(variant === undefined ? { players: 2 } : { players: 2, variant }).toJSON().messages.map((m) => m.text);
    expect(said()).toEqual(["3 3"]);
    expect(said("Rich")).toEqual(["15 3"]);
    expect(said("Richer")).toEqual(["115 3"]);
    // Two includes that each extend the setup compose (one after the other); an override beside an extension clashes.
    const poor = `${source}variant "Poor" { extend setup { players[1].corn += 5 } }
variant "Plain" { override setup { for p in players { p.corn = 1 } } }
variant "Both" { include "Rich"  include "Poor" }
`;
    const both = compile(poor, "corn.stela");
    expect(both.diagnostics).toEqual([]);
    expect(both.game!.start({ players: 2, variant: "Both" }).toJSON().messages.map((m) => m.text)).toEqual(["15 8"]);
    expect(both.game!.start({ players: 2, variant: "Rich+Poor" }).toJSON().messages.map((m) => m.text)).toEqual(["15 8"]);
    const mixed = compile(`${poor}variant "Mixed" { include "Rich"  include "Plain" }\n`, "corn.stela");
    expect(mixed.diagnostics.map((d) => [d.code, d.message])).toEqual([["invalid-variant", '"Rich" and "Plain" both change `setup`: which of the two plays is not said']]);
    // Anything but a setup is replaced, not extended, and the parser says so.
    const flow = compile(source.replace("extend setup { players[0].corn += 100 }", "extend flow { log \"x\" }"), "corn.stela");
    expect(flow.diagnostics[0]).toMatchObject({ code: "parse-unexpected-token", hint: "a variant extends only `setup` (`extend setup { … }` runs its steps after the base's); replace anything else with `override`" });
  });

  it("a base constant read only by what a variant overrides is not said to be unused", () => {
    const r = compile(
      `game "Worth" { players 2 }
const BASE = 1
define worth(p: player): number = BASE
flow { log "{worth(players[0])}" }
scoring p { points 0 }
variant "Double" {
  override define worth(p: player): number = 2
  const SPARE = 3
}
`,
      "worth.stela",
    );
    // The variant's own constant left unused is still its own mistake.
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line, d.message])).toEqual([["unused-declaration", 8, "const `SPARE` is never used"]]);
  });

  it("starting an unknown variant is refused with the names there are", () => {
    const game = compile(`${BASE}\nvariant "Only" { override const START = 2 }\n`, "counting.stela").game!;
    expect(() => game.start({ players: 2, variant: "Nope" })).toThrow(StartError);
    expect(() => game.start({ players: 2, variant: "Nope" })).toThrow('"Counting" has no variant "Nope" (it has: "Only")');
  });
});

describe("variants in a file of their own", () => {
  const files: Record<string, string> = { "rules/counting.stela": BASE };
  const readFile = (path: string) => files[path];

  it("extend a base file read relative to the variant file", () => {
    const source = `// House rules.
variant "Generous" extends "counting.stela" {
  override const START = 7
}

variant "Stingy" extends "counting.stela" {
  override table bonus {
    1.. -> 0
  }
}
`;
    const r = compile(source, "rules/house.stela", { readFile });
    expect(errors(r)).toEqual([]);
    expect(r.extendsFile).toBe("rules/counting.stela");
    expect(r.variantNames).toEqual(["Generous", "Stingy"]);
    const game = r.game!;
    expect(game.variants).toEqual(["Generous", "Stingy"]);
    expect(firstOptions(game)).toEqual([17, 17]); // the file's first variant
    expect(firstOptions(game, "Generous")).toEqual([17, 17]);
    expect(firstOptions(game, "Stingy")).toEqual([1, 1]);
  });

  it("report their own mistakes in their own file, and an unknown override at the variant's line", () => {
    const source = `variant "Generous" extends "counting.stela" {
  override const BEGIN = 7
  override procedure opening() { x = 1 }
}
`;
    const errs = errors(compile(source, "rules/house.stela", { readFile }));
    expect(errs.map((d) => [d.code, d.file, d.span.start.line])).toEqual([
      ["invalid-variant", "rules/house.stela", 2],
      ["unknown-name", "rules/house.stela", 3],
    ]);
  });

  it("name the override a base line reads when the variant breaks it there, at the override's place in the variant file", () => {
    // A constant of the wrong type breaks the base's lines that read it: the error lies in the base
    // file, which the designer did not change, and the editor marks only the variant file's lines.
    const source = `// House rules.
variant "Wordy" extends "counting.stela" {
  override const START = "seven"
}
`;
    const errs = errors(compile(source, "rules/house.stela", { readFile }));
    expect(errs.length).toBeGreaterThan(0);
    for (const d of errs) {
      expect(d.file).toBe("rules/counting.stela");
      expect(d.message).toMatch(/\(with variant "Wordy"\)$/);
      expect(d.hint).toMatch(/this line reads `START`, which variant "Wordy" overrides at rules\/house\.stela:3:3$/);
    }
    // Read inside a text's `{…}` too.
    files["rules/told.stela"] = BASE.replace("  for p in players { p.score += START }", '  log "start {START * 2}"');
    const told = errors(compile(source.replace('"counting.stela"', '"told.stela"'), "rules/house.stela", { readFile }));
    expect(told.length).toBeGreaterThan(0);
    for (const d of told) expect(d.hint).toMatch(/this line reads `START`, which variant "Wordy" overrides at rules\/house\.stela:3:3$/);
  });

  it("leave the base's examples of its own variants to those variants, as checking the base file itself does", () => {
    // The example of "Big" reads the constant "Big" adds: an error of the base under this file,
    // while the base file checked clean.
    files["rules/with-example.stela"] = `${BASE}
variant "Big" {
  const BONUS = 5
}
example "big bonus" {
  variant "Big"
  players 2
  expect BONUS == 5
}
`;
    expect(errors(compile(files["rules/with-example.stela"]!, "rules/with-example.stela", { readFile }))).toEqual([]);
    const r = compile(`variant "One" extends "with-example.stela" {\n  override const START = 4\n}\n`, "rules/house.stela", { readFile });
    expect(errors(r)).toEqual([]);
    expect(r.variantNames).toEqual(["One"]);
  });

  it("tell a variant that says no `extends` beside others that do to add one", () => {
    const source = `variant "Generous" extends "counting.stela" {
  override const START = 7
}

variant "Stingy" {
  override const START = 1
}
`;
    const errs = errors(compile(source, "rules/house.stela", { readFile }));
    expect(errs.map((d) => [d.code, d.span.start.line, d.message])).toEqual([
      ["invalid-variant", 5, 'variant "Stingy" has no `extends`: in a file whose variants extend another, each says which, `variant "Stingy" extends "counting.stela"`'],
    ]);
  });

  it("report a missing base, a base with errors, and declarations beside the variants", () => {
    const missing = errors(compile(`variant "A" extends "nowhere.stela" { }\n`, "rules/house.stela", { readFile }));
    expect(missing.map((d) => [d.code, d.span.start.line, d.span.start.column])).toEqual([["extends-not-found", 1, 21]]);

    // A file naming itself as its base: one error saying so, not the base's missing game, flow and scoring.
    const itself = `variant "A" extends "house.stela" { }\n`;
    const self = errors(compile(itself, "rules/house.stela", { readFile: (p) => (p === "rules/house.stela" ? itself : readFile(p)) }));
    expect(self.map((d) => [d.code, d.span.start.line, d.span.start.column, d.message])).toEqual([
      ["extends-not-allowed", 1, 21, 'cannot extend "house.stela": that is this file: name the file of the game it changes'],
    ]);

    files["rules/broken.stela"] = BASE.replace("p.score += START", "p.score += STRAT");
    const broken = errors(compile(`variant "A" extends "broken.stela" { }\n`, "rules/house.stela", { readFile }));
    expect(broken.map((d) => [d.code, d.file])).toEqual([
      ["unknown-name", "rules/broken.stela"],
      ["invalid-variant", "rules/house.stela"],
    ]);

    // A file of variants is no base: one error at the path, naming the game's file, not the
    // game, flow and scoring that file leaves to its own base.
    files["rules/more/house.stela"] = `variant "Long" extends "bases/counting.stela" { }\n`;
    const chained = compile(`variant "Longer" extends "more/house.stela" { }\n`, "rules/top.stela", { readFile });
    expect(chained.diagnostics.map((d) => [d.code, d.file, d.span.start.line, d.span.start.column, d.message, d.hint])).toEqual([
      [
        "extends-variant-file",
        "rules/top.stela",
        1,
        26,
        'cannot extend "more/house.stela": it holds variants of "bases/counting.stela", not a game; a variant extends the file of a game',
        'extend "more/bases/counting.stela" itself, with the overrides of "more/house.stela" this variant needs copied into it',
      ],
    ]);

    const mixed = errors(compile(`const X = 1\nvariant "A" extends "counting.stela" { }\nvariant "B" extends "other.stela" { }\n`, "rules/house.stela", { readFile }));
    expect(mixed.map((d) => [d.code, d.span.start.line])).toEqual([
      ["invalid-variant", 1],
      ["invalid-variant", 3],
    ]);
  });

  it("do not repeat the base's own warnings", () => {
    files["rules/warned.stela"] = `${BASE}\nconst UNUSED = 3\n`;
    const r = compile(`variant "A" extends "warned.stela" { override const START = 2 }\n`, "rules/house.stela", { readFile });
    expect(r.diagnostics).toEqual([]);
  });
});

describe("examples and the variants they play", () => {
  // A kind the variant adds: `k.colour` of any piece on the track is not sure to exist in the
  // variant, and the base's example that reads it was checked with the variant too, so the
  // file had an error and none of its examples could run.
  const source = `game "Race" { players 2 }
kind Camel { colour: number }
zone box: Camel
components Camel in box { x2 { colour: 1 } }
board course: track(4)
flow {
  turn players[0] {
    let k = choose k from box prompt "Which?"
    place k at space_at(course, 1, 0)
  }
}
scoring p { points 0 }

example "the base game" {
  ask always
  expect size(box) == 2
  choose "Camel (1)"
  expect [k.colour for k in pieces_at(space_at(course, 1, 0))] == [1]
}

example "the variant, from the base's examples" {
  variant "Rocks"
  expect size(rocks) == 1
}

variant "Rocks" {
  kind Rock { show { symbol: "R" } }
  zone rocks: Rock
  components Rock in rocks { x1 {} }
  example "the variant's own" {
    ask always
    expect size(rocks) + size(box) == 3
  }
}
`;

  it("are each checked with the rules they play: a base example with the base, one naming a variant with it", () => {
    const r = compile(source, "race.stela");
    expect(r.diagnostics).toEqual([]);
    const results = runExamples(r.game!);
    expect(results.map((x) => [x.title, x.variant, x.passed])).toEqual([
      ["the base game", undefined, true],
      ["the variant, from the base's examples", "Rocks", true],
      ["the variant's own", "Rocks", true],
    ]);
  });

  it("what only the base's examples use is no unused declaration of a variant", () => {
    const withHelper = source
      .replace("scoring p { points 0 }", "scoring p { points 0 }\nprocedure lay_out() { move top(box) to box }")
      .replace('example "the base game" {\n  ask always', 'example "the base game" {\n  ask always\n  position { lay_out() }');
    expect(compile(withHelper, "race.stela").diagnostics).toEqual([]);
  });

  it("a base example that names what only a variant has is still an error, at its line", () => {
    const r = compile(source.replace("expect size(box) == 2", "expect size(rocks) == 1"), "race.stela");
    expect(r.diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["unknown-name", 16]]);
  });
});
