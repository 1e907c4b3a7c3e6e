import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { gameFiles, readGame } from "../support/games.ts";

/**
 * `compile` never throws on user input, whatever the input: random text, and
 * real rule files cut, spliced and garbled the way an editing designer leaves
 * them mid-keystroke. It returns diagnostics, never an internal error.
 */

const sources = gameFiles().map(readGame);

function check(source: string): void {
  const r = compileRules(source, "fuzz.stela");
  const internal = r.diagnostics.filter((d) => d.code === "internal-error");
  expect(internal.map((d) => d.message)).toEqual([]);
  for (const d of r.diagnostics) {
    expect(d.span.start.line).toBeGreaterThanOrEqual(1);
    expect(d.span.start.column).toBeGreaterThanOrEqual(1);
  }
}

describe("compile never throws", () => {
  it("on random text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), check), { numRuns: 300 });
  });

  it("on random tokens of the language", () => {
    const words = ["game", "{", "}", "(", ")", "[", "]", "let", "x", "=", "choose", "from", "where", "players", "for", "in", "if", "else", "1", '"t"', "..", ":", ",", "|", "# .", "\n", "procedure", "flow", "scoring", "p", "points", "kind", "board", "grid(2,2)", "zone", "per", "player", "sum", "count", "all", "+", "==", "not", "end", "turn", "override", "variant"];
    fc.assert(fc.property(fc.array(fc.constantFrom(...words), { maxLength: 80 }), (ws) => check(ws.join(" "))), { numRuns: 400 });
  });

  it("on a choice whose source the parser had to skip (found by the garbling below)", () => {
    check(`procedure place_one(p: player) {
  let spot = choose s from placements(p.p( piece" where fits(s)
  score_placement(p, spot)
}`);
  });

  it("on the games cut, spliced and garbled", () => {
    const edit = fc.record({
      file: fc.nat(sources.length - 1),
      at: fc.nat(),
      length: fc.nat(60),
      insert: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("{", "}", "(", '"', "|", "\n", "where", "let ", "..")),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        let src = sources[edits[0]!.file]!;
        for (const e of edits) {
          const at = e.at % (src.length + 1);
          src = src.slice(0, at) + e.insert + src.slice(at + e.length);
        }
        check(src);
      }),
      { numRuns: 150 },
    );
  });
});
