/**
 * Every diagnostic code Stela emits, defined once. Codes are stable: tools
 * (CI scripts, the editor) may match on them, so a code is never renamed, only
 * added.
 */
export const DIAGNOSTIC_CODES = {
  // Lexing
  "lex-invalid-character": "A character that cannot start any token.",
  "lex-unterminated-string": "A string literal with no closing quote on its line.",
  "lex-unterminated-comment": "A `/*` comment with no closing `*/`.",

  // Parsing
  "parse-expected-token": "A specific token was expected here.",
  "parse-unexpected-token": "None of the forms allowed here starts with this token.",
  "parse-expected-more": "A list that needs at least one item is empty.",
  "parse-trailing-input": "Text after the end of what could be read.",
  "parse-invalid-count": "A component count must look like `x3`.",
  "parse-invalid-statement": "An expression used as a statement must be a call or an assignment.",
  "parse-invalid-template": "An `{expression}` inside a text could not be read.",
  "input-too-large": "A file too long to be a rule file.",
  "input-too-deep": "Brackets, blocks or operators nested deeper than Stela reads.",
  "parse-too-many-errors": "So many syntax errors that Stela stopped reading the file there.",
  "too-many-diagnostics": "More problems than a file lists: the first ones are shown and this one counts the rest.",

  // Names
  "unknown-name": "A name that is not declared.",
  "duplicate-name": "A name declared twice.",
  "unknown-field": "A field that the value's kind, board or player does not have.",
  "field-not-guaranteed": "A field read through a type (a field set, or any piece) whose kinds do not all have it.",
  "unused-declaration": "A declaration nothing uses.",
  "unused-variable": "A local name nothing reads.",
  "hidden-name": "A `let` of a name an enclosing block already has, which it hides for the rest of the block.",
  "unknown-component-name": "A text compared with a piece's `name` that no component is called.",
  "out-of-bounds": "A variable's starting value outside the bounds it declares (`in 0..5`).",
  "missing-return": "A procedure that promises a value can reach the end of its body without `return` (it then gives `none`).",
  "unknown-setting": "A `game` block entry that is not a setting the engine reads and looks like a mistake: close to a setting's name, or not a text (metadata such as `author` is a text).",

  // Types and calls
  "type-mismatch": "A value of the wrong type.",
  "comprehension-takes-the-rest": "A `count` or `sum` whose last clause takes a second `count` or `sum` joined by arithmetic (`where a == b - count …`): most likely a difference of the two was meant.",
  "type-unknown": "A field read or assigned on a value whose type the checker cannot tell (a local that starts as `none` or `[]` with no declared type): the read would always give `none`.",
  "argument-count": "A call with too many or too few arguments.",
  "unknown-argument": "A named argument the callee does not take.",
  "not-callable": "Something that is not a function, rule, hook or procedure is called.",
  "not-assignable": "An assignment to something that cannot change.",
  "invalid-constant": "A value that must be known before the game starts is not.",
  "procedure-in-expression": "A procedure (which may choose or change the game) used where a value is needed.",
  "choose-outside-procedure": "A choice outside a procedure, setup, flow or handler.",
  "break-outside-loop": "`break` or `continue` outside a loop.",
  "choose-count-unmet": "A multi-pick (`choose 3 c from …`) that can never be met: more items than its list holds, or a count that is not a whole number.",
  "choose-without-player": "A choice with no `by` that can run outside any `turn` (nobody would be asked).",
  "choose-without-by-in-player-loop": "A choice with no `by` inside a loop over players that reads the loop's player: the current player would decide for each of them.",
  "table-missing-member": "A table keyed by an enum's members has no row for some of them: looking one up stops the match.",
  "map-missing-member": "An enum map literal leaves out a member and gives no `else` value.",
  "match-missing-member": "A `match` on an enum with no arm for some member and no `else`.",
  "match-duplicate-arm": "A `match` pattern that an earlier arm already covers.",
  "match-needs-else": "A `match` expression on numbers or kinds needs an `else` arm to always have a value.",

  // Game structure
  "missing-game": "The file has no `game` block.",
  "missing-flow": "The file has no `flow`.",
  "missing-scoring": "The file has no `scoring` block.",
  "missing-players": "The `game` block does not say how many players.",
  "flow-no-end": "The flow can never end.",
  "invalid-number": "A number written in the rules too large to hold (past about 1.8e308).",
  "invalid-board": "A board or map that cannot be built.",
  "repeated-edge": "A graph's edge listed twice (either way round): an edge joins its spaces both ways.",
  "invalid-table": "A table whose keys overlap or cannot be looked up.",
  "invalid-components": "A component declaration that cannot be built.",
  "invalid-zone": "A zone declaration that cannot be built.",
  "invalid-field": "A field of a piece or a space written with what only a variable may have (`internal`).",
  "invalid-variant": "A variant that cannot be applied to its base.",
  "invalid-measure": "A `measure` simulation cannot report: one without a label.",
  "known-without-marks": "A kind's `known` block, in a kind with no `mark` field: redrawn copies check it only where a mark is set, so never.",
  "invalid-example": "An `example` block that cannot be run as written (a setting out of place, a choice inside a position).",
  "example-failed": "A rulebook example whose expectation does not hold (`stela test`).",
  "invalid-colour": "A text given as a colour that is not one (only `#rrggbb`-style, CSS colour names, rgb()/hsl() of numbers).",
  "unknown-variant": "A variant name the game does not have.",
  "extends-not-found": "The base file of a variant cannot be read.",
  "extends-not-allowed": "A variant extends its own file, a path outside its folder, or a file that is not a small regular `.stela` file.",
  "extends-variant-file": "A variant extends a file that holds only variants of another file (a variant extends a game's file, not another variant).",
  "internal-error": "Stela itself failed on this input: a bug to report, with the file.",

  // Runtime (a rule misbehaving while a match is played)
  "runtime-step-budget": "A rule ran too long without a decision: probably a loop that never ends.",
  "runtime-division-by-zero": "A division by zero.",
  "runtime-no-options": "A choice with no legal option.",
  "runtime-no-current-player": "A choice with no `by` outside any `turn`.",
  "runtime-none-value": "A value was `none` where something was needed.",
  "runtime-index-out-of-range": "A list index outside the list.",
  "runtime-table-miss": "A table has no row for the key.",
  "runtime-invalid-move": "A piece could not be moved or placed as asked.",
  "runtime-stack-overflow": "Calls nested too deeply (probably endless recursion).",
  "runtime-size-budget": "A rule built a list or text larger than a match allows.",
  "runtime-invalid-number": "A calculation gave an infinite number or not a number.",
  "runtime-error": "A rule failed while the match was played.",
  "runtime-forced-draw": "An example's `random [...]` gives a value the rules' `random` call cannot draw.",
  "runtime-known-false": "A kind's `known` block is false of a piece as it really is: its marks tell something untrue, so bots' redrawn copies rule the real piece out (`stela check --smoke`).",
  "runtime-no-end": "A match played by random players did not end within the decision limit (`stela check --smoke`).",

  // Smoke coverage (notes: what the random games of `stela check --smoke` never did)
  "smoke-never-offered": "A choice (or one named option) no smoke game offered anyone: a condition that never holds, or a choice too rare for the games played.",
  "smoke-short-deal": "A `deal` that found fewer pieces than it was to deal in some smoke games: pieces that run out (say what happens then) or too few for the player count.",

  // Applying decisions
  "illegal-option": "An option the rules refuse.",
  "unknown-option": "An option id that is not offered.",
  "not-your-turn": "A player who does not owe a decision tried to decide.",
  "match-over": "The match has ended.",
} as const;

/** A stable diagnostic code. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
