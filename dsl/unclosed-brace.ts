import type { IToken } from "chevrotain";

/**
 * Which `{` a "expected `}`" error most likely comes from. The parser matches braces by count, not
 * by layout, so a block left open takes in what follows it, and the error shows where the count
 * finally runs out: often at the next declaration, many lines below the mistake. Designers lay
 * their blocks out by indentation, and that says which `{` lost its `}`:
 * - a `{` never closed at all, or
 * - a `{` whose `}`, by count, starts a line indented less than the line the `{` is on: that `}`
 *   was written for an outer block, so the `{` is the one missing its own.
 * Of these, the one whose `}` comes first (a `{` never closed: last), and of those the innermost.
 */
export interface UnclosedBrace {
  /** The line of the `{`. */
  line: number;
  /** The line of the `}` that, by count, closes it, laid out for an outer block; none when never closed. */
  closedOn?: number;
}

interface Pair {
  open: IToken;
  close: IToken | undefined;
}

/** The pairs of each token list, worked out once: a file may report many errors. */
const pairsOf = new WeakMap<IToken[], Pair[]>();

function pairs(tokens: IToken[]): Pair[] {
  let kept = pairsOf.get(tokens);
  if (kept) return kept;
  kept = [];
  const open: Pair[] = [];
  for (const t of tokens) {
    const name = t.tokenType.name;
    if (name === "LBrace") {
      const p: Pair = { open: t, close: undefined };
      open.push(p);
      kept.push(p);
    } else if (name === "RBrace") {
      const p = open.pop();
      if (p) p.close = t;
    }
  }
  pairsOf.set(tokens, kept);
  return kept;
}

/** The column of the first token on each line that has one. */
function indents(tokens: IToken[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const t of tokens) {
    const line = t.startLine;
    if (line !== undefined && !out.has(line)) out.set(line, t.startColumn ?? 1);
  }
  return out;
}
const indentsOf = new WeakMap<IToken[], Map<number, number>>();

/** The `{` most likely missing its `}`, before the error at `offset`; undefined when the layout does not say. */
export function unclosedBrace(tokens: IToken[], offset: number): UnclosedBrace | undefined {
  let indent = indentsOf.get(tokens);
  if (!indent) indentsOf.set(tokens, (indent = indents(tokens)));
  let best: Pair | undefined;
  const closeAt = (p: Pair): number => p.close?.startOffset ?? Infinity;
  for (const p of pairs(tokens)) {
    if (p.open.startOffset >= offset) break;
    const line = p.open.startLine!;
    const close = p.close;
    // A `{` closed after the error encloses it; only one never closed, or closed before the error
    // by a `}` laid out for an outer block, is suspect.
    if (close && !(close.startOffset < offset)) continue;
    if (close && !(close.startLine !== line && indent.get(close.startLine!) === close.startColumn && close.startColumn! < indent.get(line)!)) continue;
    // The earliest `}` wins; among the never closed (and ties), the innermost: the last opened.
    if (!best || closeAt(p) <= closeAt(best)) best = p;
  }
  if (!best) return undefined;
  return best.close ? { line: best.open.startLine!, closedOn: best.close.startLine! } : { line: best.open.startLine! };
}

/** The hint for an "expected `}`" error, or undefined. */
export function unclosedBraceHint(tokens: IToken[], offset: number, line: number): string | undefined {
  const u = unclosedBrace(tokens, offset);
  // A `{` on the error's own line: the error already shows it.
  if (!u || u.line === line) return undefined;
  if (u.closedOn === undefined) return `the \`{\` on line ${u.line} is never closed: is its \`}\` missing?`;
  return `the \`{\` on line ${u.line} may be missing its \`}\`: the \`}\` on line ${u.closedOn}, indented for an outer block, is read as closing it`;
}
