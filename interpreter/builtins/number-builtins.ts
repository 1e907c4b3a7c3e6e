import type { Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import type { Exec, ForcedDraw } from "../exec.ts";
import { randomInt, shuffleInPlace } from "../random.ts";
import { equal } from "../values.ts";
import { isSpace } from "../space-info.ts";
import { fail } from "../runtime-error.ts";
import { direct, type BuiltinImpl, type BuiltinName } from "./impl.ts";
import { listOf } from "./list-builtins.ts";

export const NUMBER_IMPLS = {
  floor: direct((_x, _span, v) => Math.floor(v as number)),
  ceil: direct((_x, _span, v) => Math.ceil(v as number)),
  round: direct((_x, _span, v) => Math.round(v as number)),
  abs: direct((_x, _span, v) => Math.abs(v as number)),
  clamp: direct((_x, span, v, lo, hi) => {
    if (typeof v !== "number" || typeof lo !== "number" || typeof hi !== "number") fail("runtime-none-value", "`clamp` needs three numbers", span);
    return Math.min(hi, Math.max(lo, v));
  }),
  random: direct((x, span, v) => {
    const list = listOf(x, v!);
    if (x.forcedDraws !== undefined && x.forcedDraws.length > 0) return forcedDraw(x, x.forcedDraws.shift()!, list, span);
    return list.length ? list[randomInt(x.s, 0, list.length - 1)]! : null;
  }),
  shuffled: direct((x, _span, v) => {
    // A copy: values are never changed in place (lists are shared between states).
    const out = [...listOf(x, v!)];
    shuffleInPlace(x.s, out);
    return out;
  }),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;

/**
 * The value an example said this `random` call gives (`random [6, 5, 1]`), as the rules' list
 * holds it; one the list does not hold is a mistake in the example, told at this call with the
 * example's line, since the draw could never give it.
 */
function forcedDraw(x: Exec, draw: ForcedDraw, list: readonly Value[], span: Span): Value {
  const found = list.find((v) => equal(v, draw.value));
  if (found !== undefined) return found;
  // A space as players read it (`d5`), a text quoted, a list item by item.
  const shown = (v: Value): string => (isSpace(v) ? x.rt.topo.label(v) : typeof v === "string" ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(shown).join(", ")}]` : String(v));
  const drawn = list.length > 12 ? `${list.slice(0, 12).map(shown).join(", ")}, … (${list.length} values)` : list.map(shown).join(", ");
  fail("runtime-forced-draw", `the example's \`random\` (line ${draw.span.start.line}) gives ${shown(draw.value)} for this draw, but it draws from ${list.length ? `[${drawn}]` : "an empty list"}`, span);
}
