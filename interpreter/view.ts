import type { Diagnostic } from "../dsl/diagnostic.ts";
import type { Topology as TopologyDef, Value, Visibility } from "../dsl/ir.ts";
import type { Type } from "../dsl/types.ts";
import { newExec, nulls, type Exec } from "./exec.ts";
import { isTop } from "./pieces.ts";
import type { Runtime } from "./runtime.ts";
import type { MatchResult, MatchState, Message } from "./state.ts";
import { boardName, instanceOwner } from "./topology.ts";
import { safeColour } from "../dsl/colour.ts";
import { isPlacement, label } from "./values.ts";
import { copyWithSpaces } from "./space-info.ts";
import { logLabel, readBy, seesPiece, seesZone } from "./visibility.ts";
import { marksSet, setMarksOf } from "./marks.ts";
import { answerNamed, namedOptions, owing, pendingPick } from "./vm.ts";
import type { OptionState } from "./state.ts";
import type { PickView } from "./pick-view.ts";

/** Presentation of a piece or space, from its kind's or board's `show` block. */
export interface ShowView {
  label?: string;
  colour?: string;
  symbol?: string;
  text?: string;
}

/** A piece as one player may see it. Hidden pieces carry no id and no fields. */
export interface PieceView {
  id?: number;
  kind: string;
  name?: string;
  owner: number | null;
  faceUp: boolean;
  /** The viewer may not see what this piece is. */
  hidden?: true;
  fields?: Record<string, Value>;
  state?: Record<string, Value>;
  /** Space keys covered, on a board. */
  cells?: string[];
  /** How it was placed, as `placements` numbers it: turns clockwise, plus the board's turns (4 on a square grid) when mirrored. */
  rotation?: number;
  /** Placed mirrored left to right (then turned `rotation` less the board's turns). */
  mirrored?: true;
  sides?: Record<string, number[]>;
  /** Covered by another piece (overbuilt). */
  covered?: true;
  show?: ShowView;
  /** A hidden piece's marks that are set (`mark` fields, `marks.ts`): they show wherever it is. A piece seen shows them in `state`. */
  marks?: Record<string, Value>;
}

export interface ZoneView {
  key: string;
  name: string;
  label: string;
  owner: number | null;
  visibility: Visibility;
  count: number;
  /** The pieces, bottom first, when the viewer may see them. */
  pieces?: PieceView[];
  /**
   * When the viewer may not look into the zone but a piece there has a mark set (`marks.ts`):
   * every piece, bottom first, hidden, with its marks that are set (a hand held facing out, where clues were marked).
   */
  marked?: PieceView[];
}

export interface SpaceView {
  key: string;
  x: number;
  y: number;
  level: number;
  label: string;
  attrs: Record<string, Value>;
  show?: ShowView;
  /** Where the space's centre is drawn, in cell widths from the board's top left: the board shape's layout hint. */
  at: { x: number; y: number };
}

export interface BoardView {
  key: string;
  name: string;
  owner: number | null;
  topology: TopologyDef;
  /** How the board shape draws a space: a square cell that tiles the board, or a round spot. */
  cell: "square" | "round";
  spaces: SpaceView[];
  pieces: PieceView[];
  /**
   * Set when the board's `show { label }` reads the match's play (a space's state, pieces, a
   * player's variables): its labels are readings (a count, a value) that change as the game goes,
   * not symbols of the spaces' kinds, so no legend should explain them by the spaces' attributes.
   */
  labelsFollowPlay?: true;
}

export interface OptionView {
  id: string;
  label: string;
  spaces?: string[];
  pieces?: number[];
  /**
   * A placement's way of facing (quarter turns clockwise on a square grid, plus 4 when
   * mirrored; sixths and 6 on a hex grid), so a board can offer the turns of one piece by a key
   * instead of a list.
   */
  rotation?: number;
  /** The placement puts the piece down mirrored left to right (`placements(…, mirrored: true)`). */
  mirrored?: true;
  /** A placement's `sides` values as the piece would face (turned), so a board can show its edges before it is put down. */
  sides?: Record<string, number[]>;
}

export interface DecisionView {
  /** Players who still owe a decision. */
  players: number[];
  prompt: string;
  simultaneous: boolean;
  /** The viewer's options, when the viewer owes a decision. */
  options?: OptionView[];
  /** The viewer's own secret choice, already made, while others still choose. */
  chosen?: string;
  /**
   * When the viewer owes a choice of several items at once: its items one at a time, to pick
   * from instead of `options`, which lists every combination (`pick-view.ts`).
   */
  pick?: PickView;
}

export interface PlayerView {
  seat: number;
  name: string;
  colour?: string;
  vars: Record<string, Value>;
  /**
   * For each variable holding one value per member of an enum (`per Resource number`), the
   * members in the order its values are listed, so a view can show `wood 2, stone 0, gold 1`
   * instead of a bare `[2, 0, 1]`.
   */
  keys?: Record<string, readonly string[]>;
}

export interface View {
  viewer: number | null;
  title: string;
  variant?: string;
  players: PlayerView[];
  current: number | null;
  globals: Record<string, Value>;
  /**
   * The rules' variables as a text of the rules reads them (`Player 1`, `blue, yellow`), for a
   * reader that has no types: a player is named, not seat 0. Left out: a variable that may hold a
   * piece (some viewers may not see it), or whose type is not known.
   */
  globalsText: Record<string, string>;
  /**
   * Variables (global or per player) the rules declare `internal`: bookkeeping a player's screen
   * leaves out (`stela play`'s `game:` line, the playtest's player cards), though their values are
   * in `globals` and `players[].vars` as every variable's: they are public, not secret. Absent
   * when there are none.
   */
  internalVars?: string[];
  zones: ZoneView[];
  boards: BoardView[];
  decision: DecisionView | null;
  log: { player: number; label: string; prompt?: string }[];
  messages: Message[];
  over: boolean;
  result: MatchResult | null;
  error: Diagnostic | null;
}

function evalShow(x: Exec, key: string, self: Value): ShowView | undefined {
  const show = x.rt.show.get(key);
  if (!show) return undefined;
  const out: ShowView = {};
  // Showing changes nothing: entries that draw on the generator put it back.
  const rng = show.draws ? x.s.rng.slice() : undefined;
  for (const [name, f] of Object.entries(show.entries)) {
    const l = nulls(Math.max(1, show.nlocals));
    l[0] = self;
    try {
      const v = f(x, l);
      // A colour reaches styles in the editor: anything but a plain colour is dropped (see dsl/colour.ts).
      if (name === "colour" && safeColour(v) === undefined) continue;
      if (v !== null && v !== undefined && v !== "") (out as Record<string, string>)[name] = String(v);
    } catch {
      // A presentation hint that fails (e.g. a table miss) draws nothing rather than breaking the view.
    }
  }
  if (rng) x.s.rng = rng;
  return out;
}

function pieceView(x: Exec, id: number, visible: boolean): PieceView {
  const p = x.s.pieces[id]!;
  const comp = x.rt.def.components[p.c]!;
  if (!visible) {
    const v: PieceView = { kind: comp.kind, owner: p.owner, faceUp: p.up, hidden: true };
    if (p.board !== null) v.cells = p.cells.map((c) => x.rt.topo.spaceKey(p.board!, c));
    const marks = setMarksOf(x.rt, x.s, id);
    if (marks) v.marks = marks;
    return v;
  }
  const v: PieceView = { id, kind: comp.kind, name: comp.label, owner: p.owner, faceUp: p.up, fields: comp.fields, state: p.st };
  if (p.board !== null) {
    v.cells = p.cells.map((c) => x.rt.topo.spaceKey(p.board!, c));
    v.rotation = p.rot;
    if (x.rt.facing(p.board, p.rot).mirrored) v.mirrored = true;
    if (!isTop(x.rt.topo, x.s, id)) v.covered = true;
  }
  if (p.sides) v.sides = p.sides;
  const show = evalShow(x, `kind:${comp.kind}`, id);
  if (show) v.show = show;
  if (!show?.label) (v.show ??= {}).label = x.rt.pieceLabel(x.s, id);
  return v;
}

/** An option as a view shows it: what it is about on the board, and a placement's turn and edges. */
function optionView(x: Exec, o: OptionState): OptionView {
  const v: OptionView = { id: o.id, label: o.label };
  if (o.spaces) v.spaces = o.spaces;
  if (o.pieces) v.pieces = o.pieces;
  if (isPlacement(o.value)) {
    v.rotation = o.value.rotation;
    if (x.rt.facing(o.value.board, o.value.rotation).mirrored) v.mirrored = true;
    const sides = x.rt.turnedSides(x.s, o.value.piece, o.value.rotation, o.value.board);
    if (sides) v.sides = sides;
  }
  return v;
}

/** How a view is made (`Match.view`). */
export interface ViewOptions {
  /**
   * Every zone's pieces and every face-down piece shown as what it is, whoever the viewer: the
   * rules' author's view, for a tool that sets up a position (a designer moving a tile out of a
   * supply nobody may look into), never for a player. The decision and log still read as the
   * viewer reads them.
   */
  everything?: boolean;
}

/** What `viewer` may see of a match (null: a spectator, who sees only what is public). */
export function makeView(rt: Runtime, s: MatchState, viewer: number | null, options: ViewOptions = {}): View {
  const everything = options.everything === true;
  const x = newExec(rt, s);
  const zones: ZoneView[] = Object.entries(s.zones).map(([key, ids]) => {
    const def = rt.zoneDef(key)!;
    const owner = instanceOwner(key);
    const z: ZoneView = { key, name: boardName(key), label: rt.zoneLabel(key), owner, visibility: def.visibility, count: ids.length };
    if (everything || seesZone(def.visibility, owner, viewer)) z.pieces = ids.map((id) => pieceView(x, id, true));
    else if (ids.some((id) => marksSet(rt, s, id))) z.marked = ids.map((id) => pieceView(x, id, false));
    return z;
  });
  const boards: BoardView[] = rt.topo.instances(s.players).map((key) => {
    const def = rt.topo.boardDef(key)!;
    const spaces = rt.topo.spaces(s, key).map((info) => {
      const sv: SpaceView = { key: info.key, x: info.x, y: info.y, level: info.z, label: rt.topo.label(info), attrs: info.attrs, at: info.shape.place(info.index) };
      const show = evalShow(x, `board:${def.name}`, info);
      if (show) sv.show = show;
      return sv;
    });
    const pieces = (s.placed[key] ?? []).map((id) => pieceView(x, id, everything || seesPiece(x, id, viewer)));
    const bv: BoardView = { key, name: def.name, owner: instanceOwner(key), topology: def.topology, cell: rt.topo.shape(key)!.layout.cell, spaces, pieces };
    if (rt.show.get(`board:${def.name}`)?.labelFollowsPlay) bv.labelsFollowPlay = true;
    return bv;
  });
  const p = s.pending;
  let decision: DecisionView | null = null;
  if (p) {
    const owes = owing(p);
    decision = { players: owes, prompt: readBy(p.prompt, p.promptFor, viewer), simultaneous: p.kind === "secret" };
    if (viewer !== null && owes.includes(viewer)) {
      decision.options = namedOptions(x, viewer).map((o) => optionView(x, o));
      const pick = pendingPick(x, viewer);
      if (pick) decision.pick = { count: pick.count, least: pick.least, upTo: pick.upTo, items: pick.items.map((o) => ({ ...optionView(x, o), copies: o.copies })) };
    }
    if (p.kind === "secret" && viewer !== null && p.chosen[viewer]) decision.chosen = answerNamed(x, p, viewer)!.label;
  }
  const log = s.log.map((e) => {
    const line: View["log"][number] = { player: e.player, label: logLabel(x, e, viewer) };
    if (e.prompt !== undefined) line.prompt = readBy(e.prompt, e.promptFor, viewer);
    return line;
  });
  const view: View = {
    viewer,
    title: rt.def.title,
    players: s.pvars.map((vars, seat) => {
      const pv: PlayerView = { seat, name: rt.playerName(seat), vars };
      const keys = enumMapKeys(rt.def.playerVars);
      if (keys) pv.keys = keys;
      const colour = rt.def.playerColours[seat];
      if (colour && safeColour(colour)) pv.colour = colour;
      return pv;
    }),
    current: s.current,
    globals: s.globals,
    globalsText: globalsText(x, s),
    zones,
    boards,
    decision,
    log,
    messages: s.messages.map((m) => ({ text: readBy(m.text, m, viewer), at: m.at })),
    over: s.over,
    result: s.result,
    error: s.error,
  };
  if (s.variant) view.variant = s.variant;
  const internal = [...rt.def.globals, ...rt.def.playerVars].filter((v) => v.internal).map((v) => v.name);
  if (internal.length) view.internalVars = internal;
  // A view is a snapshot: later moves must not change it, nor may its reader change the match.
  // Spaces in it are their keys, as the boards' spaces are (`SpaceView.key`).
  return copyWithSpaces(view, (t) => t.key) as View;
}

/** `View.globalsText`: each variable whose value names no piece, as a text of the rules reads it. */
function globalsText(x: Exec, s: MatchState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of x.rt.def.globals) if (v.name in s.globals && namesNoPiece(v.type)) out[v.name] = label(x, s.globals[v.name]!, v.type);
  return out;
}

function namesNoPiece(ty: Type): boolean {
  switch (ty.t) {
    case "piece":
    case "placement":
    case "any":
      return false;
    case "list":
    case "map":
    case "emap":
      return namesNoPiece(ty.of);
    default:
      return true;
  }
}

/** The members of every enum-keyed map among `vars` (none when there is no such variable). */
function enumMapKeys(vars: readonly { name: string; type: Type }[]): Record<string, readonly string[]> | undefined {
  let out: Record<string, readonly string[]> | undefined;
  for (const v of vars) if (v.type.t === "emap") (out ??= {})[v.name] = v.type.members;
  return out;
}
