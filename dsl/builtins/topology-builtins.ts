import { T } from "../types.ts";
import { accepts, catalogued, param } from "./builtin.ts";

const whole = (name: string, optional = false) => param(name, accepts.type(T.number, "a whole number"), { optional });

/** Board shapes, used only after `board name:`. */
export const TOPOLOGY_BUILTINS = catalogued([
  {
    name: "grid",
    category: "topology",
    signature: "grid(width: number, height: number)",
    description: "A bounded square grid; spaces are named `a1` (top left) to the bottom right, and may be drawn with a `map`.",
    example: "board main: grid(8, 8)",
    params: [whole("width"), whole("height")],
    returns: () => T.topology,
  },
  {
    name: "open_grid",
    category: "topology",
    signature: "open_grid()",
    description: "An unbounded square grid that grows as pieces are placed; spaces are named by their coordinates.",
    example: "board table_top: open_grid()",
    params: [],
    returns: () => T.topology,
  },
  {
    name: "layered",
    category: "topology",
    signature: "layered(width: number, height: number, levels: number)",
    description:
      "Stacked square grids: level 0 is `width` x `height`, each level above is one smaller in both directions, and each of its spaces rests on the 4 spaces below it (`below`, `above`).",
    example: "board tower per player: layered(7, 7, levels: 4)",
    params: [whole("width"), whole("height"), param("levels", accepts.type(T.number, "a whole number"), { named: true })],
    returns: () => T.topology,
  },
  {
    name: "ring",
    category: "topology",
    signature: "ring(size: number)",
    description: "`size` spaces in a circle, each next to the one before and after (a gear, a circular track).",
    example: "board gear: ring(10)",
    params: [whole("size")],
    returns: () => T.topology,
  },
  {
    name: "hex",
    category: "topology",
    signature: "hex(width: number, height: number)",
    description:
      "A board of hexagons, `width` columns by `height` rows, each row drawn half a hex right of the one above (the rhombus of Hex; a `map` can cut holes for other outlines). Each space touches 6 others; their directions run clockwise from the upper right (`side`, `sides` values and turns follow them). Spaces are named `a1` (top left) on.",
    example: "board hexes: hex(11, 11)",
    params: [whole("width"), whole("height")],
    returns: () => T.topology,
  },
  {
    name: "track",
    category: "topology",
    signature: "track(size: number)",
    description:
      "`size` spaces in a line, numbered from 0, each next to the one before and after (a score track, a temple's steps, a technology track); `step(s, n)` moves along it. Drawn as a row of spaces.",
    example: "board score_track: track(20)",
    params: [whole("size")],
    returns: () => T.topology,
  },
  {
    name: "graph",
    category: "topology",
    signature: "graph(size: number, names: list of text, edges: list of list of number, places: list of list of number)",
    description:
      "`size` spaces, numbered from 0, joined by the listed edges (pairs of space numbers): a route map, a network of places. `neighbours` follows the edges and `distance` counts them. The editor draws it on a circle with its edges, or, with `places`, each space where the map puts it: `[x, y]` in space widths from the top left for the first spaces, and each space after the list halfway among the listed spaces it is joined to (a route between two towns, between them); `stela play` lists each space by number and label with the spaces it is joined to. A one-row `map` sets attributes. `names`, if given, calls each space by a text of its own, in number order (`names: [\"Alaska\", \"Kamchatka\", …]`): its label in options, the log, `stela play` and `space_named`, and an edge may name its spaces (`[\"Alaska\", \"Kamchatka\"]`); without it a space reads by board and number (`routes 3`).",
    example: "board routes: graph(5, edges: [[0, 3], [3, 1], [1, 4], [4, 2]], places: [[0, 0], [4, 0], [4, 3]])\nboard world: graph(3, names: [\"Alaska\", \"Kamchatka\", \"Alberta\"], edges: [[\"Alaska\", \"Kamchatka\"], [\"Alaska\", \"Alberta\"]])",
    params: [
      whole("size"),
      param("names", accepts.type(T.list(T.text), "a list of the spaces' names"), { named: true, optional: true }),
      param("edges", accepts.type(T.list(T.list(T.any)), "a list of pairs of space numbers or names"), { named: true }),
      param("places", accepts.type(T.list(T.list(T.number)), "a list of [x, y] places"), { named: true, optional: true }),
    ],
    returns: () => T.topology,
  },
  {
    name: "corners",
    category: "topology",
    signature: "corners(b: board)",
    description:
      "The corners of the cells of the square or hex board `b`, as a board of their own: a space for each corner, one for a corner several cells share (up to 3 hexes, 4 squares), for the settlements and towns of a map of hexes. A corner's `neighbours` are the corners one edge away (the \"no settlement next to another\" distance rule is `no n in neighbours(c): occupied(n)`); `touching` gives the cells and the edges at a corner, and a cell's corners. Spaces are numbered from 0 top to bottom, left to right (`space_at(b, n)`), and named after the first cell in board order that has them and the compass point they lie at: `c3 n`, `c3 ne`, `c3 se`, `c3 s`, `c3 sw`, `c3 nw` on a hex, `b2 nw`, `b2 ne`, `b2 se`, `b2 sw` on a square. Drawn where the corners lie; no `map`, but `space state` values.",
    example: "board crossings: corners(land)",
    params: [param("b", accepts.type(T.board, "a square or hex board"))],
    returns: () => T.topology,
  },
  {
    name: "edges",
    category: "topology",
    signature: "edges(b: board)",
    description:
      "The edges of the cells of the square or hex board `b` (each side between two corners, once, though two cells share it), as a board of their own: the roads of a map of hexes, the lines of a game of drawn boxes. An edge's `neighbours` are the edges that share a corner with it; `touching` gives the two corners of an edge and the cells on either side of it (one at the board's rim). Spaces are numbered from 0 top to bottom, left to right, and named after the first cell in board order that has them and the side they are: `c3 ne`, `c3 e`, `c3 se`, `c3 sw`, `c3 w`, `c3 nw` on a hex (sides clockwise from the upper right, as the hex board's directions), `b2 n`, `b2 e`, `b2 s`, `b2 w` on a square. `longest_trail` walks them.",
    example: "board paths: edges(land)",
    params: [param("b", accepts.type(T.board, "a square or hex board"))],
    returns: () => T.topology,
  },
]);
