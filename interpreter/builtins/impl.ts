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
