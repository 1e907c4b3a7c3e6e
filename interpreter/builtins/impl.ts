import type { Value } from "../../dsl/ir.ts";
import type { Span } from "../../dsl/span.ts";
import type { Exec } from "../exec.ts";

export type { BuiltinName } from "../../dsl/builtins/catalogue.ts";

/**
 * The implementation of a built-in: gets the argument values in the order of
 * the catalogue's parameters (a missing optional one is null) and the span
 * of the call, for errors.
 */
export type BuiltinImpl = (x: Exec, args: Value[], span: Span) => Value;

/**
 * A built-in's implementation that takes its arguments one by one, after the span: what compiled
 * rules call (`compile-js.ts`), with no list made for the arguments at every call.
 */
export type DirectImpl = (x: Exec, span: Span, a: Value, b: Value, c: Value, d: Value, e: Value, f: Value) => Value;

/** A built-in whose arguments are read one by one: compiled rules call `direct` itself. */
export type DirectBuiltin = BuiltinImpl & { direct: DirectImpl };

/**
 * A built-in written with its arguments one by one (at most six, `MAX_DIRECT`): the list form every
 * interpreter can call, with the one-by-one form beside it for compiled rules.
 */
export function direct(f: DirectImpl): DirectBuiltin {
  const impl = ((x: Exec, args: Value[], span: Span) => f(x, span, args[0] ?? null, args[1] ?? null, args[2] ?? null, args[3] ?? null, args[4] ?? null, args[5] ?? null)) as DirectBuiltin;
  impl.direct = f;
  return impl;
}

/** The most arguments a built-in takes one by one (`direct`). */
export const MAX_DIRECT = 6;
