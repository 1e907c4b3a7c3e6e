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
    signature: "graph(size: number, edges: list of list of number, places: list of list of number)",
    description:
      "`size` spaces, numbered from 0, joined by the listed edges (pairs of space numbers): a route map, a network of places. `neighbours` follows the edges and `distance` counts them. The editor draws it on a circle with its edges, or, with `places`, each space where the map puts it: `[x, y]` in space widths from the top left for the first spaces, and each space after the list halfway among the listed spaces it is joined to (a route between two towns, between them); `stela play` lists each space by number and label with the spaces it is joined to. A one-row `map` sets attributes.",
    example: "board routes: graph(5, edges: [[0, 3], [3, 1], [1, 4], [4, 2]], places: [[0, 0], [4, 0], [4, 3]])",
    params: [
      whole("size"),
      param("edges", accepts.type(T.list(T.list(T.number)), "a list of pairs of space numbers"), { named: true }),
      param("places", accepts.type(T.list(T.list(T.number)), "a list of [x, y] places"), { named: true, optional: true }),
    ],
    returns: () => T.topology,
  },
]);
