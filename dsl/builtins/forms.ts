/**
 * The language's own forms (aggregates, quantifiers, choices, effects), in
 * the catalogue beside the built-in functions: written with keywords rather
 * than called, but documented the same way, for the reference and for the
 * editor's hover and completion on their keyword.
 */
export interface Form {
  /** The keyword that starts the form (hover on it shows this entry). */
  keyword: string;
  category: "aggregates" | "choices" | "effects" | "flow" | "declarations";
  signature: string;
  description: string;
  example: string;
}

export const FORMS: Form[] = [
  {
    keyword: "count",
    category: "aggregates",
    signature: "count x in list where c",
    description: "How many items of a list (or pieces of a zone) satisfy the condition; all of them without `where`.",
    example: "count s in adjacent(piece) where occupied(s)",
  },
  {
    keyword: "sum",
    category: "aggregates",
    signature: "sum e for x in list where c",
    description: "The total of `e` over the items that satisfy the condition (0 when none do). Further clauses go over pairs: `sum a * b for a in xs for b in ys` (each `where` filters where it stands; `sum 1 for …` counts the pairs). A list of pairs is written alike: `[[a, b] for a in xs for b in ys]`.",
    example: "sum q.crops for q in group",
  },
  {
    keyword: "highest",
    category: "aggregates",
    signature: "highest e for x in list where c",
    description: "The largest value of `e` over the items (0 when there are none); over pairs with further clauses, as `sum`.",
    example: "highest size(g) for g in groups(cubes)",
  },
  {
    keyword: "lowest",
    category: "aggregates",
    signature: "lowest e for x in list where c",
    description: "The smallest value of `e` over the items (0 when there are none); over pairs with further clauses, as `sum`.",
    example: "lowest p.score for p in players",
  },
  {
    keyword: "any",
    category: "aggregates",
    signature: "any x in list: c",
    description: "True if at least one item satisfies the condition. The condition runs to the end of the expression: parenthesise the whole form to combine it. (`if any` at the end of a `choose` is a clause of the choice: see `choose`.)",
    example: "any q in adjacent_pieces(spot): q.building == plaza",
  },
  {
    keyword: "all",
    category: "aggregates",
    signature: "all x in list: c",
    description: "True if every item satisfies the condition (true for an empty list). A `where` before the colon asks only the items that pass it (`all q in players where q != p: q.gold > 0`), as for `any` and `no`.",
    example: "all s in spot.cells: empty(s)",
  },
  {
    keyword: "no",
    category: "aggregates",
    signature: "no x in list: c",
    description: "True if no item satisfies the condition.",
    example: "no q in adjacent_pieces(spot): q is Worker",
  },
  {
    keyword: "first",
    category: "aggregates",
    signature: "first x in list where c",
    description: "The first item that satisfies the condition, or `none`.",
    example: "first s in spaces(gear) where empty(s)",
  },
  {
    keyword: "sort",
    category: "aggregates",
    signature: "sort x in list by key",
    description: "The items ordered by a number or text key, smallest first; equal keys keep their order. A list of keys is compared item by item: `by [-p.score, p.seat]` puts the highest score first, ties in seat order.",
    example: "sort p in players by p.turn_order",
  },
  {
    keyword: "per",
    category: "aggregates",
    signature: "per player p: e  |  per Enum x: e",
    description:
      "A value for each player (a `per player` map), read as `m[p]`; or one for each member of an enum (a `per Crop number` map), read as `m[corn]`. Also declares per-player variables: `per player { score: number = 0 }`.",
    example: "per player p: count t in p.rack",
  },
  {
    keyword: "choose",
    category: "choices",
    signature: "let x = choose [[up to | at least] n] v from list [by p] [prompt text] [label text] [stop text [when c]] [where c else reason]… [ask always] [if any]",
    description:
      "A player decision: the options are the items that pass every `where`; a refused option is explained by the failing `where`'s reason (or its rule's `require`). `label` says how each option reads (it sees `v`). `stop` adds a \"done\" option giving `none`. `by` says who decides (default: the current player of `turn`). `choose 2 v from list` picks two items at once: the value is a list, each option a combination (ids joined with `+`); `choose up to 2 v from list` picks any number from none to two (\"trash up to 4 cards\"), picking none being the option `nothing`; `choose at least 2 v from list` any number from two to all of them (\"keep at least 2 tickets\"). A choice with one legal option is taken without asking unless it says `ask always`. A choice with none stops the match with an error, unless it says `if any`: then it is `none` and nobody is asked (\"place a tile if one fits, else discard\"; \"pass when no move is legal\"). `choose { option \"…\" [at s] when c else reason { … } }` picks among named actions instead (`at`: the space the action is about, offered there on the board).",
    example: "let card = choose c from offer prompt \"Pick a card\"",
  },
  {
    keyword: "label",
    category: "choices",
    signature: "choose v from list label text",
    description:
      "How each option of a `choose` (or `secretly … chooses`) reads in the playtest, `stela play`, the log and refusals; it sees the item's name (and a secret choice's chooser). Option ids do not depend on it; a several-item pick joins its items' labels (\"Gold and Wood\").",
    example: "let k = choose k from 0..5 label \"Pay {k} corn\"",
  },
  {
    keyword: "ask",
    category: "choices",
    signature: "choose v from list ask always  |  game \"…\" { ask always }",
    description:
      "Asks the player even when only one option is legal. Without it such a choice is taken at once and told in the messages as \"(only option)\"; in `game { }` it applies to every choice of the game; as a step of an `example` (before the others), to every choice of the example's match, so a position can be laid out before a choice the rules would take at once.",
    example: "let s = choose s from starts ask always",
  },
  {
    keyword: "secretly",
    category: "choices",
    signature: "let m = secretly each p in players chooses [[up to] n] v from list [prompt text] [label text] [where c]… [ask always] [if any]",
    description:
      "Several players decide at once; nobody sees another's choice until all are in. The value is a `per player` map. `chooses 2 v from p.hand` has each player pick two items at once, `chooses up to 2 v from p.hand` none to two (each player's value is then a list). With `if any`, a player with nothing to choose is not asked and their value is `none`.",
    example: "let picks = secretly each p in players chooses c from p.hand prompt \"Pick a card\"",
  },
  {
    keyword: "move",
    category: "effects",
    signature: "move piece to zone  |  move piece to bottom of zone",
    description: "Puts a piece on top of a zone, taking it off a board or out of another zone; `to bottom of` puts it under the zone's other pieces (a card put on the bottom of the deck is dealt last).",
    example: "move card to p.picked",
  },
  {
    keyword: "deal",
    category: "effects",
    signature: "deal [up to] n from zone to zone",
    description:
      "Moves the top n pieces (random ones from a `bag`); fewer when the zone runs out. `deal up to n` says running out is meant (draw if you can); a plain `deal` that comes up short is noted by `stela check --smoke`.",
    example: "deal up to 2 - size(display) from pile to display",
  },
  {
    keyword: "shuffle",
    category: "effects",
    signature: "shuffle zone",
    description: "Shuffles a zone with the match's seeded generator.",
    example: "shuffle deck",
  },
  {
    keyword: "place",
    category: "effects",
    signature: "place piece at placement_or_space [face down]",
    description: "Puts a piece on a board, over a placement's cells or on one space, on top of anything there; then runs `on placed` handlers.",
    example: "place spot.piece at spot",
  },
  {
    keyword: "flip",
    category: "effects",
    signature: "flip piece face up|down",
    description: "Turns a piece face up or face down where it lies.",
    example: "flip tile face up",
  },
  {
    keyword: "remove",
    category: "effects",
    signature: "remove piece",
    description: "Takes a piece out of the game.",
    example: "remove extra",
  },
  {
    keyword: "log",
    category: "effects",
    signature: "log text",
    description: "Writes a line to the match log that every player reads; `{expr}` in a text shows a value as players read it. A piece named there that some players cannot see reads to them by what shows of it (`hidden card`, `face-down tile`), as a choice's `prompt` does.",
    example: "log \"{p.name} scores {points}\"",
  },
  {
    keyword: "turn",
    category: "flow",
    signature: "turn p { … }",
    description: "Makes `p` the current player inside the block: choices without `by` are theirs.",
    example: "turn p { place_one(p) }",
  },
  {
    keyword: "trigger",
    category: "flow",
    signature: "trigger event(args)",
    description: "Runs the handlers (`on event(…)`) of an event declared with `event`, in the order they are declared.",
    example: "trigger scored(p, 5)",
  },
  {
    keyword: "end",
    category: "flow",
    signature: "end game",
    description: "Ends the match now; the `scoring` block gives the result.",
    example: "if size(deck) == 0 { end game }",
  },
  {
    keyword: "match",
    category: "flow",
    signature: "match x { p1, p2 -> e  a..b -> e  else -> e }",
    description:
      "Picks the first arm whose pattern fits `x`: enum members, numbers, ranges (`3..5`, `10..`) or kinds (for a piece). As a statement each arm is a block `-> { … }`. A `match` on an enum warns about members with no arm; a pattern an earlier arm covers is an error; a `match` giving a number or a kind needs `else`.",
    example: "match n { 0 -> 0  1..2 -> 3  else -> 6 }",
  },
  {
    keyword: "fields",
    category: "declarations",
    signature: "fields Set { name: type … }  then  kind K with Set { … }",
    description:
      "Fields (and `state` fields, and `show` entries) shared by several kinds: every `kind … with Set` has them. A parameter or variable typed `Set` accepts a piece of any of those kinds and may read only the set's fields; reading a field not every possible kind has is a checker error (`field-not-guaranteed`) unless narrowed with `is`.",
    example: "fields Effects { gain: number = 0 }\nkind Building with Effects { cost: number }",
  },
  {
    keyword: "with",
    category: "declarations",
    signature: "kind K with Set1, Set2 { … }",
    description: "Gives a kind every field of the named field sets (`fields Set { … }`), so a parameter typed by a set accepts a piece of this kind.",
    example: "fields Effects { gain: number = 0 }\nkind Farm with Effects { feeds: number }",
  },
  {
    keyword: "state",
    category: "declarations",
    signature: "state name: type = value  /  space state name: type = value",
    description:
      "A value the rules may change during play: in a kind, one per piece (`q.name = …`); in a board, `space state` gives every space one (`s.name = …`). Both are saved in the match state like everything else; other fields are fixed.",
    example: "board field: grid(4, 1) {\n  space state tiles: number = 0\n}",
  },
  {
    keyword: "mark",
    category: "declarations",
    signature: "mark name: type = value",
    description:
      "In a kind: a `state` field that shows wherever its piece is, face down or in a hand its viewer cannot look into (a clue, a token on a card's back). Read and set as any `state` field; a bot's redrawn copy keeps each mark with its place while what the piece is is redrawn. `mark` is a word only there.",
    example: "kind Card {\n  colour: Colour\n  mark told_colour: Colour = none\n}",
  },
  {
    keyword: "known",
    category: "declarations",
    signature: "known { condition }",
    description:
      "In a kind: what a piece's marks say of it, with `this` the piece. A bot's redrawn copy gives a piece whose marks are set only what every `known` block of its kind allows. `known` is a word only there.",
    example: "kind Card {\n  colour: Colour\n  mark told_colour: Colour = none\n  known { this.told_colour == none or this.told_colour == this.colour }\n}",
  },
  {
    keyword: "estimate",
    category: "declarations",
    signature: "estimate p { value }",
    description:
      "A running estimate of how well player `p` stands while the game is on (bots steer by it, through `match.estimate(player)`); without it, bots read the `scoring` points as if the game ended now.",
    example: "estimate p { p.score + 2 * size(p.hand) }",
  },
  {
    keyword: "measure",
    category: "declarations",
    signature: "measure \"Label\" { value }  /  measure \"Label\" p { value }",
    description:
      "A figure of a finished game that `stela simulate` and `stela compare` report beside the win shares: a number's mean, for a `bool` how often it held, for an enum how often each member came (one row a member, `Ended by: the deck`), each with its 95% interval; with a player (`p`), one figure a seat. The value may be worked out in named steps first, as in a `define`'s block (`{ let top = … top - second }`). `none` leaves the game out of that measure. Read once the game has ended; a measure that fails stops `stela check --smoke`.",
    example: "measure \"Rounds played\" { rounds }\nmeasure \"Ended by the deck\" { size(deck) == 0 }\nmeasure \"Gold left\" p { p.gold }",
  },
  {
    keyword: "labels",
    category: "declarations",
    signature: "zone name xN: Kind … labels [\"…\", …]",
    description:
      "Names each zone of a numbered row (`x3`) as players read it, one text a zone, in order: on the table, in options (whose ids are made from the labels) and in the log, where without it they read `pile 1`, `pile 2`, …. As many labels as zones, none empty or repeated.",
    example: "zone pile x3: Card public labels [\"Jade\", \"Scribe\", \"Priest\"]",
  },
  {
    keyword: "include",
    category: "declarations",
    signature: "variant \"…\" { include \"Other variant\" … }",
    description:
      "Inside a variant, at its top: lays another variant of the file over the base first (its own includes before it, each variant once), then this variant's items. Two includes that both change one declaration are an error unless this variant overrides it itself. A combination nobody declared is named `\"A+B\"` (`--variant`, `game.start`, an example's `variant`).",
    example: "variant \"Short race, head start\" {\n  include \"Short race\"\n  include \"Head start\"\n}",
  },
];
