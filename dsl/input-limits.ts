import type { IToken } from "chevrotain";
import type { Decl, Expr } from "./ast.ts";
import type { DiagnosticSink } from "./diagnostic.ts";
import { tokenSpan } from "./parser.ts";
import type { Span } from "./span.ts";

/**
 * Limits on what a rule file may be before it is parsed and checked. Rule
 * files are shared (files, share links, pull requests), so their text is
 * untrusted: the parser, the checker and the interpreter all recurse on the
 * shape of the text, and a file nested thousands deep would overflow the
 * JavaScript stack. These limits are far above any real rule file (the games
 * in `games/` are under 25 kB and nest under 12 deep) and below what the
 * stack survives.
 */
export const INPUT_LIMITS = {
  /** Characters in one file. */
  maxChars: 1_000_000,
  /**
   * Brackets (`(`, `[`, `{`) open at once, plus prefix operators (`not`, `-`, `if`, `else`)
   * in a row and the links of `else if` chains. 48 nested brackets take the parser under
   * 600 grammar rules deep (`maxParserDepth`).
   */
  maxNesting: 48,
  /** Depth of the syntax tree (a long chain like `1 + 1 + … + 1` is deep though unbracketed). */
  maxTreeDepth: 200,
  /**
   * Syntax errors the parser records before it stops reading. Each error costs the
   * parser a search of the grammar for what was expected, so a fragment pasted
   * thousands of times (`let y = let y = …`) would otherwise take seconds; a
   * designer reads the first few anyway.
   */
  maxSyntaxErrors: 200,
  /**
   * Grammar rules the parser may be inside at once: a backstop for forms the count
   * above does not see (`if a then if b then …`), so the parser stops itself at the
   * token where it would go deeper. 48 nested brackets take under 600, the games in
   * `games/` under 100; without the optimising compiler's smaller frames
   * (`node --jitless`) the stack gives out from about 720 (statements) to 1,450
   * (parentheses).
   */
  maxParserDepth: 700,
  /**
   * Grammar rules the parser may be inside when it meets a syntax error and looks for how to
   * recover. That search walks the grammar along every rule it is inside, as deep again on the
   * stack: at 466 rules a file mid-edit overflowed the stack on its first parse (unoptimised code
   * has bigger frames), and at 304 under `node --jitless`, but parsed on later ones, so the
   * same file gave different diagnostics (found by `npm run fuzz -- --seed 3535`). Deeper than
   * this, a syntax error stops the parser with `input-too-deep` at its token, the same every
   * time. The games in `games/` go under 100 rules deep.
   */
  maxRecoveryDepth: 200,
  /** Diagnostics listed for one file; one more says how many were left out. */
  maxDiagnostics: 1000,
} as const;

const OPEN = new Set(["(", "[", "{"]);
const CLOSE = new Set([")", "]", "}"]);
/** Tokens that nest the parser one level deeper without a bracket. */
const PREFIX = new Set(["not", "-", "if", "else"]);

/** Refuses a file too long to be a rule file; true when it may be read. */
export function checkInputSize(source: string, sink: DiagnosticSink): boolean {
  if (source.length <= INPUT_LIMITS.maxChars) return true;
  const at = { line: 1, column: 1, offset: 0 };
  sink.error(
    "input-too-large",
    `this file has ${source.length.toLocaleString("en")} characters; a rule file may have at most ${INPUT_LIMITS.maxChars.toLocaleString("en")}`,
    { start: at, end: at },
  );
  return false;
}

/**
 * Measures how deeply the tokens nest before the parser sees them; true when
 * the parser may read them. Otherwise reports `input-too-deep` at the token
 * that goes one level too deep.
 */
export function checkNesting(tokens: IToken[], sink: DiagnosticSink): boolean {
  // One entry per open bracket: the prefix operators in a row at that level, and the
  // links of an `else if` chain running at that level.
  const runs: number[] = [0];
  const chains: number[] = [0];
  let nesting = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const image = t.image;
    const top = chains.length - 1;
    // A chain goes on only with `else`: a new line that starts otherwise, or a `;`, ends it.
    if (chains[top]! > 0 && (image === ";" || (i > 0 && t.startLine! > tokens[i - 1]!.endLine! && image !== "else"))) {
      nesting -= chains[top]!;
      chains[top] = 0;
    }
    // Each `else if` is parsed inside the `if` before it, though nothing brackets it.
    if (image === "else" && tokens[i + 1]?.image === "if") {
      chains[top]!++;
      nesting++;
      if (nesting > INPUT_LIMITS.maxNesting) {
        tooDeep(sink, tokenSpan(t), `more than ${INPUT_LIMITS.maxNesting} brackets, prefix operators or \`else if\` links are open here`, "write a long `else if` chain as a `match`");
        return false;
      }
      // The link is counted once, not again as two prefix words.
      nesting -= runs[runs.length - 1]!;
      runs[runs.length - 1] = 0;
      i++;
      continue;
    }
    if (OPEN.has(image)) {
      runs.push(0);
      chains.push(0);
      nesting++;
    } else if (CLOSE.has(image)) {
      if (runs.length > 1) nesting -= 1 + runs.pop()! + chains.pop()!;
      nesting -= runs[runs.length - 1]!;
      runs[runs.length - 1] = 0;
      continue;
    } else if (PREFIX.has(image)) {
      runs[runs.length - 1]!++;
      nesting++;
    } else {
      nesting -= runs[runs.length - 1]!;
      runs[runs.length - 1] = 0;
      continue;
    }
    if (nesting > INPUT_LIMITS.maxNesting) {
      if (chains.some((c) => c > 0)) tooDeep(sink, tokenSpan(t), `more than ${INPUT_LIMITS.maxNesting} brackets, prefix operators or \`else if\` links are open here`, "write a long `else if` chain as a `match`");
      else tooDeep(sink, tokenSpan(t), `more than ${INPUT_LIMITS.maxNesting} brackets or prefix operators are open here`);
      return false;
    }
  }
  return true;
}

/**
 * Replaces each declaration whose syntax tree is deeper than the checker may
 * walk by an error declaration, with `input-too-deep` at its deepest point.
 * Iterative, so the walk itself cannot overflow.
 */
export function limitTreeDepth(decls: Decl[], sink: DiagnosticSink): Decl[] {
  return decls.map((decl) => {
    const deep = deepestBeyondLimit(decl);
    if (!deep) return decl;
    tooDeep(sink, deep, TREE_TOO_DEEP);
    return { kind: "ErrorDecl", span: decl.span };
  });
}

/**
 * Measures an expression read from a text's `{…}`, whose template stands `depth` syntax nodes deep
 * in its declaration: texts are read after `limitTreeDepth` measured the file. True when the
 * checker may walk it; otherwise reports `input-too-deep` at the point that goes too deep.
 */
export function checkEmbeddedDepth(expr: Expr, depth: number, sink: DiagnosticSink): boolean {
  const deep = deepestBeyondLimit(expr, depth);
  if (!deep) return true;
  tooDeep(sink, deep, TREE_TOO_DEEP);
  return false;
}

/** The span of the first syntax node found beyond the depth limit, counting `above` nodes above `root`. */
function deepestBeyondLimit(root: Decl | Expr, above = 0): Span | undefined {
  const stack: [unknown, number][] = [[root, above]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (Array.isArray(node)) {
      for (const item of node) if (item && typeof item === "object") stack.push([item, depth]);
      continue;
    }
    const obj = node as Record<string, unknown>;
    const isNode = typeof obj["kind"] === "string";
    const d = isNode ? depth + 1 : depth;
    if (d > INPUT_LIMITS.maxTreeDepth && isNode) return obj["span"] as Span;
    for (const k in obj) {
      if (k === "span" || k === "titleSpan") continue;
      const v = obj[k];
      if (v && typeof v === "object") stack.push([v, d]);
    }
  }
  return undefined;
}

/** What `limitTreeDepth` and `checkEmbeddedDepth` say at the point that goes too deep. */
const TREE_TOO_DEEP = `this expression or block nests more than ${INPUT_LIMITS.maxTreeDepth} deep`;

function tooDeep(sink: DiagnosticSink, span: Span, what: string, hint = "split the expression with `let` or `define`"): void {
  sink.error("input-too-deep", `${what}: Stela reads at most that deep`, span, hint);
}
