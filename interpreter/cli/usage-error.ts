/** A mistake in how the command was called (a missing file, a bad flag): one line, exit code 2. */
export class UsageError extends Error {}

/** Parses a whole number flag, or says which flag is wrong. */
export function wholeNumber(value: string, flag: string, min = 0): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${flag} takes a whole number${min > 0 ? ` of at least ${min}` : ""}, not "${value}"`);
  }
  return n;
}
