import { randomInt } from "../random.ts";
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
  random: direct((x, _span, v) => {
    const list = listOf(x, v!);
    return list.length ? list[randomInt(x.s, 0, list.length - 1)]! : null;
  }),
} satisfies Partial<Record<BuiltinName, BuiltinImpl>>;
