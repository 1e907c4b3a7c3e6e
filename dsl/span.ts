/** A position in a source file. `line` and `column` are 1-based; `offset` is 0-based. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

/**
 * A range of source text: `end` points just past the last character.
 * `file` is set only on declarations read from another file (the base of a
 * variant file), so their diagnostics name the right file.
 */
export interface Span {
  start: Position;
  end: Position;
  file?: string;
}

/** The span used when nothing better is known (e.g. a missing declaration). */
export const NO_SPAN: Span = {
  start: { line: 1, column: 1, offset: 0 },
  end: { line: 1, column: 1, offset: 0 },
};

/** The smallest span covering both. */
export function joinSpans(a: Span, b: Span): Span {
  return {
    start: a.start.offset <= b.start.offset ? a.start : b.start,
    end: a.end.offset >= b.end.offset ? a.end : b.end,
  };
}

/** The position reached after reading `text` from `from`. */
export function advance(from: Position, text: string): Position {
  let { line, column, offset } = from;
  for (const ch of text) {
    offset += ch.length;
    if (ch === "\n") {
      line += 1;
      column = 1;
    } else {
      column += 1;
    }
  }
  return { line, column, offset };
}

/** The position of `offset` in `source` (used for lexer errors that carry only an offset). */
export function positionAt(source: string, offset: number): Position {
  let line = 1;
  let column = 1;
  const stop = Math.min(offset, source.length);
  for (let i = 0; i < stop; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return { line, column, offset: stop };
}
