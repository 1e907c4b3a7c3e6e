import { describe, expect, it } from "vitest";
import { compileRules } from "../../dsl/compile.ts";
import { KEYWORDS } from "../../dsl/tokens.ts";

/**
 * Every word of the language, as the name of a local, a zone, a parameter and a variable: one
 * error where it is declared, one at each use naming the line to rename, and nothing else of the
 * file lost (no cascade, no "unknown function" for a declaration that was dropped).
 */

const FORMS: Record<string, (w: string) => string> = {
  let: (w) => `game "N" { players 2 }
kind Card { v: number }
zone deck: Card public
components Card in deck { x3 { v: 1 } }
flow {
  turn players[0] {
    let ${w} = size(deck)
    let left = 1 + ${w}
    let _c = choose c from deck where left > ${w} prompt "Play"
    log "{${w}}"
  }
}
scoring p { points size(deck) }
`,
  zone: (w) => `game "N" { players 2 }
kind Card { v: number }
zone ${w}: Card public
zone deck: Card public
components Card in deck { x3 { v: 1 } }
flow {
  turn players[0] {
    let c = choose c from deck prompt "Play"
    move c to ${w}
    if size(${w}) > 0 { log "{size(${w})}" }
  }
}
scoring p { points size(${w}) }
`,
  param: (w) => `game "N" { players 2 }
kind Card { v: number }
zone deck: Card public
components Card in deck { x3 { v: 1 } }
define more(${w}: number): number = ${w} + 1
procedure give(${w}: number) {
  current.score += ${w}
}
per player { score: number = 0 }
flow {
  turn players[0] {
    let c = choose c from deck where more(c.v) > 0 prompt "Play"
    give(more(1))
  }
}
scoring p { points p.score }
`,
  var: (w) => `game "N" { players 2 }
kind Card { v: number }
zone deck: Card public
var ${w}: number = 0
components Card in deck { x3 { v: 1 } }
flow {
  turn players[0] {
    let c = choose c from deck prompt "Play"
    ${w} += c.v
    ${w} = ${w} * 2
  }
}
scoring p { points ${w} }
`,
};
/** Uses of the name each form makes, each one error. */
const USES: Record<string, number> = { let: 3, zone: 4, param: 2, var: 4 };

/**
 * A whole value (`none`, `current`): a use reads as the value, and only a use the checker rejects
 * can be told (`keyword-value-names.stela`). `let let = …` then `… + let` on the line before a
 * `let`, and a zone `if` or `match` (`move c to if` before an `if` statement) read on as the
 * statement: known, and left.
 */
const VALUES = new Set(["true", "false", "none", "current", "this"]);
const LEFT = new Set(["let:let", "zone:if", "zone:match"]);

describe("a word of the language as a name", () => {
  for (const [form, make] of Object.entries(FORMS)) {
    it(`as a ${form}: one error at the declaration, one at each use, nothing else`, () => {
      const wrong: string[] = [];
      for (const w of KEYWORDS) {
        if (LEFT.has(`${form}:${w}`)) continue;
        const errors = compileRules(make(w), "x.stela").diagnostics.filter((d) => d.severity === "error");
        const declared = errors.filter((d) => d.hint?.includes("cannot be a name")).length;
        const uses = errors.filter((d) => d.hint?.startsWith("rename what line")).length;
        const other = errors.filter((d) => !d.hint?.includes("cannot be a name") && !d.hint?.startsWith("rename what line"));
        const ok = declared === (form === "param" ? 2 : 1) && other.length === 0 && (VALUES.has(w) ? uses <= USES[form]! : uses === USES[form]);
        if (!ok) wrong.push(`${w}: ${declared} at the declaration, ${uses} at uses, others: ${other.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.message}`).join("; ")}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
