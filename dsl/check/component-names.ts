import { didYouMean } from "../suggest.ts";
import type { Checker } from "./context.ts";
import type { Typed } from "./expressions.ts";

/**
 * `t.name == "Single tile"` picks pieces by the name their `components` entry
 * gives them. A text that no component is called never matches: almost
 * always a typo, which would otherwise only show up when the rule finds
 * nothing while a match is played. Warns, naming the closest real name.
 */
export function checkComponentName(c: Checker, a: Typed, b: Typed): void {
  for (const [name, text] of [
    [a, b],
    [b, a],
  ] as const) {
    if (name.ir.op !== "prop" || name.ir.of !== "piece" || name.ir.name !== "name") continue;
    if (text.ir.op !== "lit" || typeof text.ir.v !== "string") continue;
    const names = new Set(c.def.components.map((k) => k.label));
    if (names.has(text.ir.v)) continue;
    c.sink.warning("unknown-component-name", `no component is called "${text.ir.v}", so this never holds`, text.ir.span, didYouMean(text.ir.v, names));
  }
}
