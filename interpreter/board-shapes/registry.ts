import type { BoardDef } from "../../dsl/ir.ts";
import type { BoardShape } from "./board-shape.ts";
import { Graph } from "./graph.ts";
import { GridPartShape } from "./grid-parts.ts";
import { HexGrid } from "./hex-grid.ts";
import { LayeredGrid } from "./layered-grid.ts";
import { OpenGrid } from "./open-grid.ts";
import { Ring } from "./ring.ts";
import { SquareGrid } from "./square-grid.ts";
import { Track } from "./track.ts";

/** The geometry of a declared board: one shape per topology, one file per shape. */
export function shapeFor(board: BoardDef): BoardShape {
  const t = board.topology;
  const holes = new Set(board.holes);
  switch (t.type) {
    case "grid":
      return new SquareGrid(t.width, t.height, holes);
    case "open":
      return new OpenGrid();
    case "layered":
      return new LayeredGrid(t.width, t.height, t.levels);
    case "ring":
      return new Ring(t.size, holes);
    case "hex":
      return new HexGrid(t.width, t.height, holes);
    case "track":
      return new Track(t.size, holes);
    case "graph":
      return new Graph(t.size, t.edges, holes, t.places, t.names);
    case "corners":
    case "edges":
      return new GridPartShape(t.type, t);
  }
}
