/**
 * The default of an exhaustive `switch` over a tagged union: a compile error
 * when a case is missing, and a loud failure (never a silent no-op or an
 * endless loop) if malformed data gets past the types at run time.
 */
export function assertNever(value: never, what: string): never {
  throw new Error(`internal error: unknown ${what} ${JSON.stringify(value)?.slice(0, 200)}`);
}
