/**
 * Words and signs a designer brings from other languages (`&&`, `len(xs)`, `xs.length`), with
 * what Stela writes instead. Edit distance finds a misspelt name; these are spelt right, for
 * another language, so they get their own hints.
 */

/** Signs the lexer does not know: `&&` and friends. */
const SIGNS: Record<string, string> = {
  "&&": "write `and`",
  "&": "write `and`",
  "||": "write `or`",
  "|": "write `or`",
  "!": "write `not`; `!=` is not equal",
};

/** The hint for a character the lexer refused (`ch`: the run of them it reports), if it is a familiar sign. */
export function familiarSign(ch: string): string | undefined {
  return SIGNS[ch];
}

/** Functions by their names elsewhere. */
const FUNCTIONS: Record<string, string> = {
  len: "`size(xs)` gives how many items a list or zone holds",
  length: "`size(xs)` gives how many items a list or zone holds",
  count: "`size(xs)` gives how many items a list holds; `count x in xs where …` counts those that pass",
  print: "`log \"…\"` writes a line to the match log",
  str: "a text shows a value inside braces: `\"{x}\"`",
  append: "add an item with `xs + [x]`",
  push: "add an item with `xs + [x]`",
};

/** The hint for an unknown function `name`, if it is a familiar one from elsewhere. */
export function familiarFunction(name: string): string | undefined {
  return FUNCTIONS[name];
}

/** The hint for an unknown field `field` on a list or zone (`xs.length`), if it asks for its size. */
export function familiarField(field: string): string | undefined {
  return field === "length" || field === "size" || field === "count" || field === "len" ? "`size(xs)` gives how many items a list or zone holds" : undefined;
}
