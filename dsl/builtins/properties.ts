import { T } from "../types.ts";
import type { BuiltinEvent, BuiltinProperty } from "./builtin.ts";

/** Properties every piece, space, placement and player has, beside declared fields. */
export const PROPERTIES: BuiltinProperty[] = [
  { name: "owner", of: "piece", type: T.player, assignable: true, description: "The player the piece belongs to, or `none`." },
  { name: "name", of: "piece", type: T.text, description: "The piece's name from its `components` entry (or its kind's name)." },
  { name: "kind", of: "piece", type: T.text, description: "The name of the piece's kind." },
  { name: "face_up", of: "piece", type: T.bool, description: "False for a piece placed or flipped face down." },
  { name: "rotation", of: "piece", type: T.number, description: "Turns clockwise the piece was placed with: quarter turns on a square board (0-3), sixths on a hex board (0-5); a mirrored piece was mirrored first." },
  { name: "mirrored", of: "piece", type: T.bool, description: "The piece was placed mirrored (a placement of `placements(…, mirrored: true)` that shows its mirror image)." },
  { name: "cells", of: "piece", type: T.list(T.space), description: "The spaces the piece covers on its board (empty off the board)." },
  { name: "space", of: "piece", type: T.space, description: "The first space the piece covers, or `none` off the board." },
  { name: "on_board", of: "piece", type: T.bool, description: "The piece is on a board." },

  { name: "x", of: "space", type: T.number, description: "The column, from 0 at the left." },
  { name: "y", of: "space", type: T.number, description: "The row, from 0 at the top." },
  { name: "level", of: "space", type: T.number, description: "The level on a layered board (0 at the bottom)." },
  { name: "board", of: "space", type: T.board, description: "The board the space belongs to." },
  { name: "label", of: "space", type: T.text, description: "The space's name as shown to players (`c4`)." },

  { name: "piece", of: "placement", type: T.piece, description: "The piece the placement puts down: of the kind the placements were made of (`placements(circle, b)` of a zone of `Patch` gives Patches, so `pl.piece.cost` reads)." },
  { name: "cells", of: "placement", type: T.list(T.space), description: "The spaces it would cover." },
  { name: "rotation", of: "placement", type: T.number, description: "Turns clockwise: quarter turns on a square board (0-3), sixths on a hex board (0-5); of a mirrored placement, after mirroring." },
  { name: "mirrored", of: "placement", type: T.bool, description: "It puts the piece down mirrored left to right (only `placements(…, mirrored: true)` offers such)." },
  { name: "space", of: "placement", type: T.space, description: "The first space it covers." },

  { name: "seat", of: "player", type: T.number, description: "The player's seat, from 0 (clockwise order)." },
  { name: "name", of: "player", type: T.text, description: "`Player 1`, `Player 2`, …" },
];

/** Events the engine raises; handle them with `on name(args) { … }`. */
export const EVENTS: BuiltinEvent[] = [
  {
    name: "placed",
    params: [{ name: "piece", type: T.piece }],
    description: "After a `place` statement puts a piece on a board.",
    example: "on placed(t) where t is Tile { … }",
  },
];
