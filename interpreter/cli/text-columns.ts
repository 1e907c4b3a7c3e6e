/**
 * Lays rows of cells out as aligned columns for a terminal. Each column is as wide as its
 * minimum or as its widest cell and two spaces, whichever is more, so a figure wider than the
 * usual (a score in the tens of thousands, a long bot name) pushes its column out rather than
 * running into the next one. The last column is not padded.
 */
export function alignColumns(rows: readonly (readonly string[])[], minWidths: readonly number[]): string[] {
  const widths = minWidths.map((min, i) => Math.max(min, ...rows.map((r) => (r[i]?.length ?? 0) + 2)));
  return rows.map((r) => r.map((cell, i) => (i < r.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell)).join(""));
}
