import { randomInt } from "../random.ts";
import { fail } from "../runtime-error.ts";
import type { BuiltinImpl, BuiltinName } from "./impl.ts";
import { listOf } from "./list-builtins.ts";

export const NUMBER_IMPLS = {
  floor: (_x, [v]) => Math.floor(v as number),
  ceil: (_x, [v]) => Math.ceil(v as number),
  round: (_x, [v]) => Math.round(v as number),
  abs: (_x, [v]) => Math.abs(v as number),
  clamp: (_x, [v, lo, hi], span) => {
    if (typeof v !== "number" || typeof lo !== "number" || typeof hi !== "number") fail("runtime-none-value", "`clamp` needs three numbers", span);
    return Math.min(hi, Math.max(lo, v));
  },
  random: (x, [v]) => {
    const list = listOf(x, v!);
    return list.length ? list[randomInt(x.s, 0, list.length - 1)]! : null;
  },
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
