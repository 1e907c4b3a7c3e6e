import type { IParserErrorMessageProvider, IToken, TokenType } from "chevrotain";
import { didYouMean } from "./suggest.ts";
import { KEYWORDS } from "./tokens.ts";
import { familiarSign } from "./familiar-words.ts";

/**
 * What to write instead of a numbered zone per player (each player's pattern lines, expedition
 * columns, rows of a tableau): the two forms the language has for it.
 */
export const ZONE_ROW_PER_PLAYER =
  "for a row of places each player has, declare one zone per place (`zone line1 per player: …`, `zone line2 per player: …`) or a board per player whose spaces are the places (`board lines per player: grid(5, 1)`)";

/** What a grammar rule is called in an error message. */
const RULE_NOUNS: Record<string, string> = {
  declaration: "a declaration (`game`, `kind`, `board`, `procedure`, …)",
  statement: "a statement",
  expression: "a value",
  primary: "a value",
  typeExpr: "a type",
  componentEntry: "a component entry like `\"Name\" x3 { … }`",
  legendEntry: "a legend entry like `T: temple = true`",
  tableKey: "a table key (a number, a range like `5..`, or a name)",
  effectStmt: "a statement",
  simpleStmt: "a statement",
  comprehension: "a value",
};

function tokenText(t: IToken): string {
  if (t.tokenType.name === "EOF") return "the end of the file";
  return `\`${t.image}\``;
}

function label(t: TokenType): string {
  return t.LABEL ?? t.name;
}

/** Keyword spellings among the expected tokens, for "did you mean" hints. */
function keywordWords(types: TokenType[]): string[] {
  return types.filter((t) => t.name.startsWith("Kw_")).map((t) => t.name.slice(3));
}

/**
 * Hints noted while messages are built, keyed by the offending token, so the
 * diagnostic for that error can carry them (Chevrotain errors have no hint).
 */
export const parseHints = new WeakMap<IToken, string>();

function noteHint(actual: IToken, expected: TokenType[]): void {
  if (actual.tokenType.name === "Identifier" && actual.image === "extend") {
    // `extend flow { … }` in a variant: only a setup is extended.
    parseHints.set(actual, "a variant extends only `setup` (`extend setup { … }` runs its steps after the base's); replace anything else with `override`");
  } else if (actual.tokenType.name === "Identifier") {
    // A misspelt keyword is the likeliest cause: first among those expected here, then any.
    const hint = didYouMean(actual.image, keywordWords(expected)) ?? didYouMean(actual.image, KEYWORDS);
    if (hint) parseHints.set(actual, hint);
  } else if (actual.image === "shuffle" && actual.tokenType.name.startsWith("Kw_")) {
    // `let order = shuffle(spaces(world))`: the statement where a value was meant.
    parseHints.set(actual, "`shuffle z` shuffles a zone in place, as a statement; `shuffled(list)` is a list's items in a random order");
  } else if (actual.tokenType.name.startsWith("Kw_") && expected.some((t) => t.name === "Identifier")) {
    // A name was expected and a keyword came (`let from = …`): the word is taken, not misspelt.
    parseHints.set(actual, `\`${actual.image}\` is a word of the language and cannot be a name; choose another`);
  } else if (actual.tokenType.name === "MapLine" && actual.image.startsWith("||")) {
    // `a || b`: a `|` starts a drawn row of a map, which takes the rest of the line.
    parseHints.set(actual, familiarSign("||")!);
  } else if (actual.image === "for" && expected.some((t) => t.name === "RParen")) {
    // `sum(p.gold for p in players)`, as Python writes it.
    parseHints.set(actual, "a list worked out item by item is `[e for x in list]`, in square brackets; `sum`, `highest`, `lowest` and `count` take theirs with none (`sum p.gold for p in players`)");
  } else if (actual.image === "=" && expected.some((t) => t.name === "LBrace" || t.name === "Kw_then")) {
    parseHints.set(actual, "use `==` to compare; `=` assigns");
  }
}

function uniqueFirsts(paths: TokenType[][]): TokenType[] {
  const seen = new Set<TokenType>();
  for (const p of paths) if (p[0]) seen.add(p[0]);
  return [...seen];
}

function listOf(types: TokenType[]): string {
  const names = types.map(label);
  if (names.length <= 4) return names.join(", ");
  return `${names.slice(0, 4).join(", ")}, …`;
}

/** Words a designer tries for a game the lowest score wins (`lowest wins`, `points fewest …`). */
export const LOWEST = new Set(["lowest", "fewest", "least", "min", "minimum"]);
export const LOWEST_WINS = "the most points win: where the fewest do (penalty points), score the penalty negated, `points 0 - p.penalty`; `tiebreak fewest e` orders tied players";
/** What a `scoring` block holds, said of any other line in it (`let total = …`). */
export const SCORING_LINES = "a `scoring` block holds only `points` and `tiebreak` lines: work a value out in a `define` (`define total(p: player): number = …`) and use it in `points`";
/** A word after the `points` expression on its line (`points fewest p.penalty`). */
export const POINTS_ONE_EXPRESSION = `one \`points\` line gives each player's score, one expression; ${LOWEST_WINS}`;

/** Plain-language parse error messages. */
export const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, ruleName }) {
    noteHint(actual, [expected]);
    // `let total = …` in `scoring`: its lines are `points` and `tiebreak` only.
    // Its `}` expected and a declaration found at the start of a line: the block was left open.
    if (ruleName === "scoringDecl" && actual.tokenType.name.startsWith("Kw_") && actual.image !== "tiebreak") {
      parseHints.set(actual, actual.startColumn === 1 ? "the `scoring` block above is not closed: add its `}` before this line" : LOWEST.has(actual.image) ? LOWEST_WINS : SCORING_LINES);
    }

    // `zone rows per player x5: …`: the count after `per player` (the other order reads, and is refused by the checker).
    if (ruleName === "zoneDecl" && /^x\d+$/.test(actual.image)) parseHints.set(actual, `a zone is either per player or numbered (\`x3\`), not both: ${ZONE_ROW_PER_PLAYER}`);
    const where = ruleName === "file" ? "" : "";
    return `expected ${label(expected)} but found ${tokenText(actual)}${where}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${tokenText(firstRedundant)}: a declaration was expected here`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }) {
    const first = actual[0]!;
    const firsts = uniqueFirsts(expectedPathsPerAlt.flat());
    noteHint(first, firsts);
    const noun = RULE_NOUNS[ruleName];
    return noun
      ? `expected ${noun} but found ${tokenText(first)}`
      : `expected one of ${listOf(firsts)} but found ${tokenText(first)}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }) {
    const first = actual[0]!;
    const firsts = uniqueFirsts(expectedIterationPaths);
    noteHint(first, firsts);
    const noun = RULE_NOUNS[ruleName];
    return `expected at least one ${noun ?? listOf(firsts)} but found ${tokenText(first)}`;
  },
};
