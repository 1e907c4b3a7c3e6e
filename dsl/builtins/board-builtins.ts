import { T, type Type } from "../types.ts";
import { accepts, catalogued, elementOf, param } from "./builtin.ts";

const footprint = param("x", accepts.footprint());

/** The placements of `pieces` (a piece, a list of pieces, a zone): of the kind they share, when the checker knows it. */
function placementOf(pieces: Type | undefined): Type {
  const piece = pieces?.t === "zone" ? (pieces.kind ? T.pieceOf(pieces.kind) : undefined) : pieces?.t === "list" ? pieces.of : pieces;
  return piece?.t === "piece" && (piece.kind !== undefined || piece.set !== undefined) ? { t: "placement", piece } : T.placement;
}
const space = (name = "s") => param(name, accepts.type(T.space, "a space"));

/** Queries on boards, spaces and the pieces on them. */
export const BOARD_BUILTINS = catalogued([
  {
    name: "spaces",
    category: "board",
    signature: "spaces(b: board): list of space",
    description:
      "Every space of a board, row by row (level by level on a layered board). On an open grid: the occupied spaces and the empty ones next to them.",
    example: "count s in spaces(main) where empty(s)",
    params: [param("b", accepts.type(T.board, "a board"))],
    returns: () => T.list(T.space),
  },
  {
    name: "empty_spaces",
    category: "board",
    signature: "empty_spaces(b: board): list of space",
    description:
      "The spaces of a board with no piece on them, in the order `spaces` lists them: the same as `[s for s in spaces(b) where empty(s)]`, read straight off the board (the usual choice of where to put a stone or a mark).",
    example: "let s = choose s from empty_spaces(field) prompt \"Place a stone\"",
    params: [param("b", accepts.type(T.board, "a board"))],
    returns: () => T.list(T.space),
  },
  {
    name: "neighbours",
    category: "board",
    signature: "neighbours(s: space): list of space",
    description: "The spaces sharing an edge with `s` on the same level (corners do not count; holes and the board edge have no space).",
    example: "any n in neighbours(s): occupied(n)",
    params: [space()],
    returns: () => T.list(T.space),
  },
  {
    name: "adjacent",
    category: "board",
    signature: "adjacent(x: space | piece | placement | list): list of space",
    description:
      "The spaces sharing an edge with the footprint of `x` (a space, a piece on a board, a placement, or a group of them), not counting the footprint itself.",
    example: "count s in adjacent(piece) where occupied(s)",
    params: [footprint],
    returns: () => T.list(T.space),
  },
  {
    name: "adjacent_pieces",
    category: "board",
    signature: "adjacent_pieces(x: space | piece | placement | list): list of piece",
    description: "The distinct pieces on the spaces `adjacent(x)` returns (the top piece of a stack), each once.",
    example: "no q in adjacent_pieces(spot): q.building == spot.piece.building",
    params: [footprint],
    returns: () => T.list(T.piece),
  },
  {
    name: "piece_at",
    category: "board",
    signature: "piece_at(s: space): piece",
    description: "The piece on `s` (the top one of a stack), or `none`.",
    example: "piece_at(s).colour == c.colour",
    params: [space()],
    returns: () => T.piece,
  },
  {
    name: "pieces_at",
    category: "board",
    signature: "pieces_at(s: space): list of piece",
    description: "Every piece on `s`, bottom first (a stack after overbuilding).",
    example: "size(pieces_at(s)) < 2",
    params: [space()],
    returns: () => T.list(T.piece),
  },
  {
    name: "pieces",
    category: "board",
    signature: "pieces(b: board, covered: bool = false): list of piece",
    description:
      "The pieces on a board that are not covered by another piece, in the order they were placed. `covered: true` lists every piece on it, covered ones too (pawns sharing a space of a track, a stack after overbuilding), in the order they were placed.",
    example: "for t in pieces(land) where t is Temple { … }",
    params: [param("b", accepts.type(T.board, "a board")), param("covered", accepts.type(T.bool), { named: true, optional: true })],
    returns: () => T.list(T.piece),
  },
  {
    name: "empty",
    category: "board",
    signature: "empty(x: space | placement): bool",
    description:
      "No piece is on `x`: the space is free. Of a placement, no piece is on any space it would cover (the same as `all s in spot.cells: empty(s)`, read straight off the board); `not empty(spot)` when one of them is taken.",
    example: "count pl in placements(hand, main) where empty(pl)",
    params: [param("x", accepts.oneOf("a space or placement", T.space, T.placement))],
    returns: () => T.bool,
  },
  {
    name: "occupied",
    category: "board",
    signature: "occupied(s: space): bool",
    description: "A piece is on `s`: the space is taken.",
    example: "all s in zone_spaces: occupied(s)",
    params: [space()],
    returns: () => T.bool,
  },
  {
    name: "cells",
    category: "board",
    signature: "cells(x: piece | placement): list of space",
    description: "The spaces a piece on a board (or a placement) covers. The same as `x.cells`.",
    example: "size(cells(piece))",
    params: [param("x", accepts.oneOf("a piece or placement", T.piece, T.placement))],
    returns: () => T.list(T.space),
  },
  {
    name: "connected",
    category: "board",
    signature: "connected(seed: piece | space, among: list): list",
    description:
      "The members of `among` joined to `seed` through members of `among` that touch (share an edge, or sit on/under each other on a layered board). `seed` is included when it is in `among`.",
    example: "connected(t, [q for q in pieces(land) where q.crop == t.crop])",
    params: [param("seed", accepts.oneOf("a piece or space", T.piece, T.space)), param("among", accepts.iterable("a list of pieces or spaces"))],
    returns: (args) => T.list(elementOf(args[1])),
  },
  {
    name: "groups",
    category: "board",
    signature: "groups(among: list): list of list",
    description: "`among` split into its connected groups (see `connected`), largest first; ties keep board order.",
    example: "highest size(g) for g in groups(my_cubes)",
    params: [param("among", accepts.iterable("a list of pieces or spaces"))],
    returns: (args) => T.list(T.list(elementOf(args[0]))),
  },
  {
    name: "surrounded",
    category: "board",
    signature: "surrounded(x: piece | list): bool",
    description: "Every space sharing an edge with `x`'s footprint is occupied. The board edge and holes count as closed.",
    example: "count q in adjacent_pieces(piece) where surrounded(q)",
    params: [footprint],
    returns: () => T.bool,
  },
  {
    name: "placements",
    category: "board",
    signature: "placements(pieces: piece | list of piece, b: board, mirrored: bool = false): list of placement",
    description:
      "Every way to put one of the pieces on `b`: each distinct turn of its shape (and of its `sides`) at each position that fits inside the board (on an open grid: on or next to the pieces already there). Identical pieces are offered once. Nothing else is checked: filter with `where`. `mirrored: true` offers each turn of the piece's mirror image too (a polyomino a player may flip over; `sides` values mirrored with it), those alike an unmirrored way once: `pl.mirrored` tells them apart. On a board pieces do not turn on (a track, a graph) it adds nothing.",
    example: "let spot = choose s from placements(p.hand, main) where all c in s.cells: empty(c)",
    params: [
      param("pieces", accepts.oneOf("a piece or a list of pieces", T.piece, T.list(T.piece), T.zone)),
      param("b", accepts.type(T.board, "a board")),
      param("mirrored", accepts.type(T.bool), { named: true, optional: true }),
    ],
    // Placements of the pieces given: of a zone of one kind, of pieces of that kind (`pl.piece.cost`).
    returns: ([pieces]) => T.list(placementOf(pieces)),
  },
  {
    name: "level",
    category: "board",
    signature: "level(s: space): number",
    description: "The level of a space on a layered board, 0 for the bottom (always 0 on other boards).",
    example: "level(s) == 0",
    params: [space()],
    returns: () => T.number,
  },
  {
    name: "below",
    category: "board",
    signature: "below(s: space): list of space",
    description: "On a layered board, the 4 spaces of the level under `s` that it rests on (none on level 0).",
    example: "all b in below(s): occupied(b)",
    params: [space()],
    returns: () => T.list(T.space),
  },
  {
    name: "above",
    category: "board",
    signature: "above(s: space): list of space",
    description: "On a layered board, the spaces of the next level up that rest on `s` (up to 4).",
    example: "all a in above(s): occupied(a)",
    params: [space()],
    returns: () => T.list(T.space),
  },
  {
    name: "board_of",
    category: "board",
    signature: "board_of(s: space): board",
    description: "The board a space belongs to.",
    example: "size(pieces(board_of(s)))",
    params: [space()],
    returns: () => T.board,
  },
  {
    name: "side",
    category: "board",
    signature: "side(p: piece | placement, toward: piece | space | placement): number",
    description:
      "The value on the side of `p` that faces `toward` (an edge neighbour), from `p`'s first `sides` field as turned when placed; 0 if they do not share an edge. Of a placement, the side its piece would show once put down with that turn: an edge-matching rule weighs each placement before it is played (`all q in adjacent_pieces(pl): side(pl, toward: q) == side(q, toward: pl)`).",
    example: "repeat side(worker, toward: j) { use(j) }",
    params: [
      param("p", accepts.oneOf("a piece or placement", T.piece, T.placement)),
      param("toward", accepts.oneOf("a piece, space or placement", T.piece, T.space, T.placement), { named: true }),
    ],
    returns: () => T.number,
  },
  {
    name: "direction",
    category: "board",
    signature: "direction(from: space | piece | placement, to: space | piece | placement): number",
    description:
      "Which side of `from` faces `to`, an edge neighbour: on a square grid 0 top, 1 right, 2 bottom, 3 left; on a hex grid 0 to 5 clockwise from the upper right; along a track or a ring 0 forward, 1 back; -1 when they share no edge (and always on a graph, whose spaces have no directions). The index into any `sides` field of a piece on a board (already turned as it was placed): `t.feature[direction(t, q)]` reads the part of `t` facing `q`, where `side` reads only the first `sides` field.",
    example: "t.feature[direction(t, q)] == q.feature[direction(q, t)]",
    params: [
      param("from", accepts.oneOf("a space, piece or placement", T.space, T.piece, T.placement)),
      param("to", accepts.oneOf("a space, piece or placement", T.space, T.piece, T.placement)),
    ],
    returns: () => T.number,
  },
  {
    name: "distance",
    category: "board",
    signature: "distance(a: space, b: space): number",
    description: "Steps between two spaces moving along edges (ignoring pieces); around a ring, the shorter way.",
    example: "distance(s, centre) <= 2",
    params: [space("a"), space("b")],
    returns: () => T.number,
  },
  {
    name: "space_at",
    category: "board",
    signature: "space_at(b: board, x: number, y: number, level: number): space",
    description: "The space at column `x`, row `y` (from 0, top left) and level (default 0), or `none` outside the board.",
    example: "space_at(main, 3, 4)",
    params: [
      param("b", accepts.type(T.board, "a board")),
      param("x", accepts.type(T.number)),
      param("y", accepts.type(T.number), { optional: true }),
      param("level", accepts.type(T.number), { optional: true }),
    ],
    returns: () => T.space,
  },
  {
    name: "space_named",
    category: "board",
    signature: "space_named(b: board, name: text): space",
    description:
      "The space of `b` that players read as `name` (as options and `.label` name it: `d5` on a grid, counted from `a1` at the top left; `c4 level 2` on a layered board; a track's, a ring's or a graph's by board and number, `course 2`, or by the number alone, `\"2\"`), or `none` when `b` has none by that name. Lays a rulebook's diagram out by its squares, in an example's `position` or a setup: `place m at space_named(squares, \"d5\")` rather than `space_at(squares, 3, 4)`. On an open grid, only the spaces `spaces(b)` lists.",
    example: 'place top(p.box) at space_named(squares, "d5")',
    params: [param("b", accepts.type(T.board, "a board")), param("name", accepts.type(T.text))],
    returns: () => T.space,
  },
  {
    name: "drop_space",
    category: "board",
    signature: "drop_space(b: board, column: number): space",
    description:
      "Where a piece dropped into column `column` of `b` from the top row (row 0) comes to rest: going down the column (on a hex grid, along its (0, 1) axis; on a layered board, on the lowest level), the last empty space before a piece, a hole or the bottom row. `none` when the column's top space is taken (the column is full) or `column` is not on the board. For games where pieces fall: `place d at drop_space(b, c)`, and a column is open while `empty(space_at(b, c, 0))`. A board with no bottom (an open grid) or no columns (a ring, a track, a graph) is an error, as is a column that is not a whole number.",
    example: "drop_space(rack, 3)",
    params: [param("b", accepts.type(T.board, "a board")), param("column", accepts.type(T.number))],
    returns: () => T.space,
  },
  {
    name: "step",
    category: "board",
    signature: "step(s: space, n: number): space",
    description: "On a ring, the space `n` steps clockwise from `s` (negative: anticlockwise), round and round; on a track, `n` spaces on along it (negative: back), or `none` past either end; on other boards `none`.",
    example: "place w at step(w.space, 1)",
    params: [space(), param("n", accepts.type(T.number))],
    returns: () => T.space,
  },
  {
    name: "line_length",
    category: "board",
    signature: "line_length(s: space, dx: number, dy: number, owner: player): number",
    description:
      "How many spaces in a row, starting next to `s` and stepping `dx` columns and `dy` rows each time, hold a piece of `owner` (the top one of a stack); the row stops at an empty space, another player's piece or the board's edge. `s` itself is not counted: a line through `s` both ways is `1 + line_length(s, dx, dy, p) + line_length(s, -dx, -dy, p)`. Without `owner` (or with `none`) every piece counts, whoever owns it, and only an empty space or the edge stops the row: the tiles in a row on a player's own board, which belong to nobody.",
    example: "1 + line_length(s, 1, 0, p) + line_length(s, -1, 0, p) >= 4",
    params: [space(), param("dx", accepts.type(T.number)), param("dy", accepts.type(T.number)), param("owner", accepts.type(T.player, "a player"), { optional: true })],
    returns: () => T.number,
  },
  {
    name: "outflanked",
    category: "board",
    signature: "outflanked(s: space, dx: number, dy: number, owner: player): list of piece",
    description:
      "The pieces a piece of `owner` on `s` would outflank along (`dx`, `dy`): the unbroken row of other players' pieces starting next to `s`, when a piece of `owner` closes it; an empty list when the row meets an empty space or the board's edge first, or when it is closed at once.",
    example: "for q in outflanked(s, 1, 0, p) { q.owner = p }",
    params: [space(), param("dx", accepts.type(T.number)), param("dy", accepts.type(T.number)), param("owner", accepts.type(T.player, "a player"))],
    returns: () => T.list(T.piece),
  },
  {
    name: "longest_line",
    category: "board",
    signature: "longest_line(s: space, owner: player): number",
    description:
      "The most pieces of `owner` in one unbroken line through `s`, counting `s` as one of them: along each of the board's lines (rows, columns and both diagonals on a square grid; the three axes through a hex's sides on a hex grid; along a track, or a ring without going round past its first space), `1 + line_length` both ways, the longest. Ask it of the space just played to find a row of n. Without `owner` (or with `none`) every piece counts, whoever owns it. A graph has no lines: an error there.",
    example: "if longest_line(s, p) >= 4 { p.won = 1 }",
    params: [space(), param("owner", accepts.type(T.player, "a player"), { optional: true })],
    returns: () => T.number,
  },
  {
    name: "outflanked_all",
    category: "board",
    signature: "outflanked_all(s: space, owner: player): list of piece",
    description:
      "The pieces a piece of `owner` on `s` would outflank in every direction of the board's lines (see `longest_line`), direction by direction clockwise (from the top on a square grid, from the upper right on a hex grid): what `outflanked` gives for each direction, joined. Empty when nothing is outflanked; to ask only whether a move outflanks anything (an outflanking game's legal move), `outflanks` is cheaper. A graph has no lines: an error there.",
    example: "for q in outflanked_all(s, p) { q.owner = p }",
    params: [space(), param("owner", accepts.type(T.player, "a player"))],
    returns: () => T.list(T.piece),
  },
  {
    name: "outflanks",
    category: "board",
    signature: "outflanks(s: space, owner: player): bool",
    description:
      "Would a piece of `owner` on `s` outflank at least one piece, in any direction of the board's lines (see `longest_line`)? The same as `size(outflanked_all(s, owner)) > 0`, but it stops at the first row it finds closed and builds no list: the legal-move test of an outflanking game, asked of every empty space before each move. A graph has no lines: an error there.",
    example: "[s for s in empty_spaces(field) where outflanks(s, p)]",
    params: [space(), param("owner", accepts.type(T.player, "a player"))],
    returns: () => T.bool,
  },
  {
    name: "joins",
    category: "board",
    signature: "joins(s: space, a: list of space, b: list of space): bool",
    description:
      "Does the chain of touching pieces of one owner through `s` (the pieces that share an edge, step by step, with the piece on `s` and have its owner) cover a space of `a` and, when `b` is given, also a space of `b`? False when `s` is empty. Connects two sides of a board, or reaches an edge.",
    example: "joins(s, top_row, bottom_row)",
    params: [
      space(),
      param("a", accepts.type(T.list(T.space), "a list of spaces")),
      param("b", accepts.type(T.list(T.space), "a list of spaces"), { optional: true }),
    ],
    returns: () => T.bool,
  },
  {
    name: "touching",
    category: "board",
    signature: "touching(x: space, b: board): list of space",
    description:
      "The spaces of board `b` that touch the space `x`, where both boards are parts of one square or hex board: its cells, its `corners(…)` and its `edges(…)`. A cell's corners and its edges (clockwise, from its top corner on a hex and its upper-right side; from the top left corner and the top side on a square); a corner's cells (up to 3 hexes, 4 squares) and its edges; an edge's cells (2, or 1 at the board's rim) and its two corners; on `x`'s own board, its `neighbours`. A board not made of the same cells is an error.",
    example: "for c in touching(h, crossings) where occupied(c) { gain(piece_at(c).owner, h.terrain) }",
    params: [space("x"), param("b", accepts.type(T.board, "a board"))],
    returns: () => T.list(T.space),
  },
  {
    name: "longest_trail",
    category: "board",
    signature: "longest_trail(roads: list of space, blocked: list of space): number",
    description:
      "The most edges in one unbroken trail along `roads`, spaces of one `edges(…)` board (a player's roads): from edge to edge through the corners they share, each edge once (a trail may pass a corner again, so a loop counts whole; a fork counts only its longer branch). It never goes on through a corner in `blocked` (corners of the same board: a rival's settlement cuts a road there), though it may end at one. 0 when `roads` is empty. Every trail is tried, which suits the few roads a player builds (a few dozen), not a whole board's.",
    example: "longest_trail([e for e in spaces(paths) where owner_of(e) == p], [c for c in spaces(crossings) where rival_of(c, p)])",
    params: [param("roads", accepts.type(T.list(T.space), "a list of spaces")), param("blocked", accepts.type(T.list(T.space), "a list of spaces"), { optional: true })],
    returns: () => T.number,
  },
]);

