import type { ComprehensionForm } from "./ast.ts";
import type { Span } from "./span.ts";
import type { Type } from "./types.ts";

/**
 * The checked, resolved form of a game (the "GameDef"): plain data that the
 * interpreter compiles to closures once. Every name is resolved (locals are
 * slots, globals are names known to exist), every expression carries the
 * type the checker gave it, and every node keeps its span so a rule that
 * fails while playing can point at its line.
 */

/**
 * A run-time value. Numbers, texts, booleans and `none` (null) as usual;
 * players are seat numbers; pieces are numeric ids; enum members are their
 * names; spaces are {@link SpaceValue}s; zones and boards are instance keys
 * like `rack#1`; `per player` maps are arrays by seat; placements are
 * {@link PlacementValue}s; shapes are {@link ShapeValue}s.
 */
export type Value = number | string | boolean | null | Value[] | SpaceValue | PlacementValue | ShapeValue;

/**
 * A space while a match is played: one object per space of a game, made by the interpreter's
 * topology (`SpaceInfo`), so the same space is always the same object. Read as text it is its
 * key (`main:3,4`, `tower#1:0,0,2`); JSON writes it `{ "$space": key }`.
 */
export interface SpaceValue {
  readonly key: string;
  /** The board instance it is on (`main`, `tower#1`). */
  readonly board: string;
}

/** One way to put a piece on a board: the cells it covers and how it is turned. */
export interface PlacementValue {
  piece: number;
  board: string;
  cells: SpaceValue[];
  /** Turns clockwise (0-3 on a square grid, 0-5 on a hex grid), plus the board's turns when mirrored (`placements(…, mirrored: true)`). */
  rotation: number;
}

/** A polyomino: cell offsets, normalised so the smallest x and y are 0. */
export interface ShapeValue {
  shape: [number, number][];
}

// ------------------------------------------------------------------ expressions

interface N {
  span: Span;
}

export type IrExpr = N &
  (
    | { op: "lit"; v: Value; ty: Type }
    | { op: "local"; slot: number }
    | { op: "global"; name: string }
    | { op: "pvar"; player: IrExpr; name: string }
    | { op: "zone"; name: string; player?: IrExpr }
    /** Every instance of a numbered zone (`zone display x3`), in order. */
    | { op: "zones"; name: string }
    | { op: "board"; name: string; player?: IrExpr }
    /** A static or state field of a piece. */
    | { op: "field"; obj: IrExpr; name: string }
    /** A built-in property (`owner`, `cells`, `x`, `seat`, …) of a piece, space, placement or player. */
    | { op: "prop"; obj: IrExpr; of: "piece" | "space" | "placement" | "player"; name: string }
    /** A declared attribute of a space. */
    | { op: "attr"; obj: IrExpr; name: string }
    /** A `space state` value of a space: kept in the match state, `init` until changed. */
    | { op: "sstate"; obj: IrExpr; name: string; init: Value }
    /** `of: "zone"`: the zone's pieces as a list, bottom first (`offer[0]`). */
    | { op: "index"; obj: IrExpr; idx: IrExpr; of: "list" | "map" | "zone" }
    /** The position of an enum member among `members` (how an enum map is indexed); a value not among them fails. */
    | { op: "ordinal"; a: IrExpr; members: readonly string[] }
    /** Evaluates `value` once into local `slot`, then `body` (a `match` reads its subject from the slot). */
    | { op: "bind"; slot: number; value: IrExpr; body: IrExpr }
    | { op: "table"; name: string; key: IrExpr }
    /** A built-in function or constant from the catalogue; `args` follow the catalogue's parameters (a missing optional one is `none`). */
    | { op: "builtin"; fn: string; args: IrExpr[] }
    | { op: "fn"; name: string; args: IrExpr[] }
    | { op: "rule"; name: string; args: IrExpr[] }
    | { op: "hook"; name: string; args: IrExpr[] }
    | { op: "arith"; o: "+" | "-" | "*" | "/" | "%"; a: IrExpr; b: IrExpr; mode: "number" | "list" }
    | { op: "cmp"; o: "==" | "!=" | "<" | "<=" | ">" | ">="; a: IrExpr; b: IrExpr; deep: boolean }
    | { op: "in"; a: IrExpr; b: IrExpr; deep: boolean; zone: boolean }
    | { op: "and" | "or"; a: IrExpr; b: IrExpr }
    | { op: "not" | "neg"; a: IrExpr }
    | { op: "if"; c: IrExpr; a: IrExpr; b: IrExpr }
    | { op: "list"; items: IrExpr[] }
    | { op: "range"; a: IrExpr; b: IrExpr }
    | { op: "is"; a: IrExpr; kind: string }
    | {
        op: "comp";
        form: ComprehensionForm;
        slot: number;
        src: IrExpr;
        /** The source is a zone: iterate over its pieces. */
        zone: boolean;
        where?: IrExpr;
        body?: IrExpr;
        /** For `sort` and `highest`/`lowest`: compare keys deeply (lists). */
        deep: boolean;
      }
    | { op: "perplayer"; slot: number; body: IrExpr }
    | { op: "template"; parts: (string | { e: IrExpr; ty: Type })[] }
    | { op: "current" }
  );

// ------------------------------------------------------------------ statements

export interface IrWhere {
  cond: IrExpr;
  /** An explicit `else "…"`; without it the reason comes from a rule's failing `require`, or from `text`. */
  reason?: IrExpr;
  /** The condition's source text, the reason of last resort. */
  text: string;
  span: Span;
}

export interface IrStop {
  label: IrExpr;
  when?: IrExpr;
}

export type IrTarget =
  | { op: "local"; slot: number }
  | { op: "global"; name: string; bounds?: [number, number] }
  | { op: "pvar"; player: IrExpr; name: string; bounds?: [number, number] }
  | { op: "state"; obj: IrExpr; name: string }
  | { op: "sstate"; obj: IrExpr; name: string }
  | { op: "owner"; obj: IrExpr }
  | { op: "index"; obj: IrTarget; idx: IrExpr; of: "list" | "map" };

export type IrStmt = N &
  (
    | { op: "let"; slot: number; value: IrExpr }
    | { op: "assign"; target: IrTarget; mode: "=" | "+=" | "-="; value: IrExpr; valueType: Type }
    | { op: "call"; proc: string; args: IrExpr[]; result?: IrTarget }
    | { op: "if"; c: IrExpr; then: IrStmt[]; else: IrStmt[] }
    | { op: "for"; slot: number; listSlot: number; indexSlot: number; src: IrExpr; zone: boolean; where?: IrExpr; body: IrStmt[] }
    | { op: "while"; c: IrExpr; body: IrStmt[] }
    | { op: "repeat"; n: IrExpr; counterSlot: number; body: IrStmt[] }
    | { op: "loop"; body: IrStmt[] }
    | { op: "break" }
    | { op: "continue" }
    | { op: "return"; value?: IrExpr }
    | { op: "turn"; player: IrExpr; saveSlot: number; body: IrStmt[] }
    | {
        op: "choose";
        slot: number;
        /** The name the clauses see each candidate under. */
        varSlot: number;
        src: IrExpr;
        zone: boolean;
        by?: IrExpr;
        prompt?: IrExpr;
        stop?: IrStop;
        wheres: IrWhere[];
        /** The type of one candidate item (the value is a list of them when `count` is given). */
        valueType: Type;
        /** How each option reads; sees the item under `varSlot`. */
        label?: IrExpr;
        /** Several items picked at once: how many. */
        count?: IrExpr;
        /** With `count`: any number of items from none up to it (`choose up to 2 …`). */
        upTo?: true;
        /** With `count`: any number of items from it up to all (`choose at least 2 …`). */
        atLeast?: true;
        /** Asked even when only one option is legal. */
        askAlways?: true;
        /** `if any`: `none`, nobody asked, when no option is legal (a secret choice: for each such player). */
        ifAny?: true;
      }
    | {
        op: "secret";
        slot: number;
        chooserSlot: number;
        varSlot: number;
        choosers: IrExpr;
        src: IrExpr;
        zone: boolean;
        prompt?: IrExpr;
        stop?: IrStop;
        wheres: IrWhere[];
        /** The type of one candidate item (the value is a list of them when `count` is given). */
        valueType: Type;
        /** How each option reads; sees the item under `varSlot`. */
        label?: IrExpr;
        /** Several items picked at once: how many. */
        count?: IrExpr;
        /** With `count`: any number of items from none up to it (`choose up to 2 …`). */
        upTo?: true;
        /** With `count`: any number of items from it up to all (`choose at least 2 …`). */
        atLeast?: true;
        /** Asked even when only one option is legal. */
        askAlways?: true;
        /** `if any`: `none`, nobody asked, when no option is legal (a secret choice: for each such player). */
        ifAny?: true;
      }
    | {
        op: "options";
        by?: IrExpr;
        prompt?: IrExpr;
        /**
         * `when`: offered only while it holds; `reason` (`when c else "…"`) and `text` (the condition's source) say why not.
         * `span`: the option's own (from `option` to its block), so a tool can point at an option that is never offered.
         */
        options: { label: IrExpr; at?: IrExpr; when?: IrExpr; reason?: IrExpr; text?: string; body: IrStmt[]; span: Span }[];
        askAlways?: true;
      }
    /** `bottom`: under the zone's other pieces (`move c to bottom of deck`), not on top. */
    | { op: "move"; piece: IrExpr; to: IrExpr; bottom?: true }
    | { op: "deal"; n: IrExpr; from: IrExpr; to: IrExpr; upTo?: true }
    | { op: "shuffle"; zone: IrExpr }
    | { op: "place"; piece: IrExpr; at: IrExpr; atType: "space" | "placement"; faceDown: boolean }
    | { op: "flip"; piece: IrExpr; up: boolean }
    | { op: "remove"; piece: IrExpr }
    | { op: "trigger"; event: string; args: IrExpr[] }
    | { op: "end" }
    | { op: "log"; value: IrExpr; ty: Type }
  );

// ------------------------------------------------------------------ declarations

export interface ParamDef {
  name: string;
  type: Type;
}

/** A piece of code with its own locals: a function, rule, hook, procedure, handler or show entry. */
export interface Code {
  params: ParamDef[];
  nlocals: number;
  /** The name of each local slot, for messages and debugging. */
  localNames: string[];
  span: Span;
}

export interface FunctionDef extends Code {
  name: string;
  returns: Type;
  body: IrExpr;
}

export interface RuleDef extends Code {
  name: string;
  requires: { cond: IrExpr; reason?: IrExpr; text: string; span: Span }[];
}

export interface HookDef extends Code {
  name: string;
  returns: Type;
  base: IrExpr;
  /** Each `modify` runs with `value` in slot {@link HookDef.valueSlot}. */
  modifiers: { when?: IrExpr; value: IrExpr; span: Span }[];
  valueSlot: number;
}

export interface ProcDef extends Code {
  name: string;
  returns?: Type;
  body: IrStmt[];
}

export interface HandlerDef extends Code {
  event: string;
  where?: IrExpr;
  body: IrStmt[];
}

export interface EnumDef {
  name: string;
  members: string[];
  labels: string[];
}

export interface FieldDef {
  name: string;
  type: Type;
}

/** A `known { … }` block: evaluated with `this` in slot 0. */
export interface KnownDef extends Code {
  value: IrExpr;
}

/** `show { … }` entries: evaluated with `this` in slot 0. */
export interface ShowDef extends Code {
  entries: Record<string, IrExpr>;
}

export interface KindDef {
  name: string;
  fields: FieldDef[];
  /** `state` fields, and `mark` fields (`mark`: shown wherever the piece is, kept with it when a copy is redrawn). */
  states: (FieldDef & { init: Value; mark?: true })[];
  show?: ShowDef;
  /** `known { … }` blocks: what a piece's marks say of it (`this` in slot 0), each a bool. */
  known?: KnownDef[];
  /** The field holding the piece's shape, if any (a piece without one covers one cell). */
  shapeField?: string;
  /** The `sides` fields, which turn with the piece. */
  sidesFields: string[];
}

export interface ComponentDef {
  kind: string;
  label: string;
  fields: Record<string, Value>;
  perPlayer: boolean;
  /** The zone the piece starts in (for per-player pieces, the owner's zone of that name; one of several numbered zones by its key, `pile[2]`); none: out of the game until moved. */
  zone?: string;
}

export type Topology =
  | { type: "grid"; width: number; height: number }
  | { type: "open" }
  | { type: "layered"; width: number; height: number; levels: number }
  | { type: "ring"; size: number }
  | { type: "hex"; width: number; height: number }
  | { type: "track"; size: number }
  /** `places`: where the first spaces are drawn, `[x, y]` in space widths (the rest between their neighbours). */
  /** `names`: what each space is called (`Alaska`), read as its label; by board and number without. */
  | { type: "graph"; size: number; edges: [number, number][]; places?: [number, number][]; names?: string[] }
  /**
   * `corners(b)` / `edges(b)`: the corners (or the edges, the sides between two corners) of the
   * cells of a square or hex board `of`, each shared corner or edge once; `base` and `holes` are
   * that board's, so the shape is built from this alone.
   */
  | { type: "corners" | "edges"; of: string; base: { type: "grid" | "hex"; width: number; height: number }; holes: string[] };

export interface BoardDef {
  name: string;
  perPlayer: boolean;
  topology: Topology;
  attributes: (FieldDef & { init: Value })[];
  /** `space state …`: values kept per space in the match state, starting at `init`. */
  states?: (FieldDef & { init: Value })[];
  /** Attribute values that differ from the defaults, by cell key `x,y` (no board prefix). */
  cells: Record<string, Record<string, Value>>;
  /** Cells of a bounded board that are not part of it. */
  holes: string[];
  show?: ShowDef;
  span: Span;
}

/** Who sees what a zone holds: everyone, its owner, nobody, or everyone but its owner (`others`: a hand held facing out). */
export type Visibility = "public" | "owner" | "hidden" | "others";

export interface ZoneDef {
  name: string;
  perPlayer: boolean;
  bag: boolean;
  kind?: string;
  visibility: Visibility;
  limit?: number;
  /** Numbered zones (`zone market x4`): instances `market[0]` … `market[3]`; the name is a list of them. */
  copies?: number;
  /** A numbered zone's names as players read them, one per zone (`labels ["Jade", …]`); without them "market 1", "market 2", … */
  labels?: string[];
}

export interface VarDef {
  name: string;
  type: Type;
  init?: IrExpr;
  bounds?: [number, number];
  /** Locals an initial value needs (per-player ones see the player as `this` in slot 0). */
  nlocals: number;
  /** `internal`: bookkeeping kept off the players' screens (`View.internalVars`); still public, as every variable is. */
  internal?: true;
}

export interface TableDef {
  name: string;
  keyType: Type;
  valueType: Type;
  rows: { from: number | string; to: number | string | null; value: Value }[];
  /** `else -> v`: the value of a key no row has; without it such a key stops the match (`runtime-table-miss`). */
  else?: { value: Value };
}

export interface EventDef {
  name: string;
  params: ParamDef[];
}

export interface ScoringDef extends Code {
  points: IrExpr;
  tiebreaks: { most: boolean; value: IrExpr }[];
}

/** `estimate p { … }`: a player's standing while the game is on, with the player in slot 0. */
export interface EstimateDef extends Code {
  value: IrExpr;
}

/**
 * `measure "Label" { … }` or `measure "Label" p { … }`: a figure of a finished game that
 * simulation reports (its mean, or how often it held), one a seat when it names a player
 * (the player in slot 0).
 */
export interface MeasureDef extends Code {
  label: string;
  perPlayer: boolean;
  /** A yes/no measure: reported as how often it held, with a share's interval. */
  share: boolean;
  value: IrExpr;
  /**
   * An enum's value: reported member by member, each a yes/no row of its own labelled
   * `Label: member label` (`member`: the value it stands for), from one reading of `value`.
   */
  members?: { member: string; label: string }[];
}

/** Everything the interpreter needs to play one game (one variant of a file). */
export interface GameDef {
  file: string;
  title: string;
  /** The variant this definition is, or undefined for the base game. */
  variant?: string;
  meta: Record<string, Value>;
  minPlayers: number;
  maxPlayers: number;
  playerColours: string[];
  /** `game { ask always }`: no choice is taken for a player, even with one option. */
  askAlways?: true;
  enums: Record<string, EnumDef>;
  kinds: Record<string, KindDef>;
  components: ComponentDef[];
  boards: Record<string, BoardDef>;
  zones: Record<string, ZoneDef>;
  globals: VarDef[];
  playerVars: VarDef[];
  tables: Record<string, TableDef>;
  functions: Record<string, FunctionDef>;
  rules: Record<string, RuleDef>;
  hooks: Record<string, HookDef>;
  procedures: Record<string, ProcDef>;
  events: Record<string, EventDef>;
  handlers: HandlerDef[];
  setup?: ProcDef;
  flow: ProcDef;
  scoring: ScoringDef;
  /** The designer's running estimate for bots; without one, bots read `scoring`. */
  estimate?: EstimateDef;
  /** The file's `measure` blocks, in the order written: figures of a finished game for simulation. */
  measures: MeasureDef[];
  /** The file's `example` blocks: rulebook examples run by `stela test` (not part of play). */
  examples: ExampleDef[];
  /** The source, kept so run-time diagnostics can quote it. */
  source: string;
}

// ------------------------------------------------------------------ examples

/**
 * A checked `example`: the match it starts and its steps in order. All steps
 * share one set of locals (a `let` in a position is seen by later steps).
 */
export interface ExampleDef extends Code {
  title: string;
  players: number;
  seed: number;
  variant?: string;
  /** `ask always`: every choice of its match waits to be asked, one with a single option too. */
  askAlways?: true;
  steps: ExampleStepDef[];
}

export type ExampleStepDef = N &
  (
    | { op: "position"; body: IrStmt[]; triggers: boolean }
    | { op: "choose"; label: string; by?: IrExpr }
    /** `random [6, 5, 1]`: the values the rules' next `random` calls give, in order. */
    | { op: "random"; values: IrExpr }
    /** `got` and `want` are the two sides when the condition is an `==`, to show the difference. */
    | {
        op: "expect";
        cond: IrExpr;
        text: string;
        got?: { e: IrExpr; ty: Type };
        want?: { e: IrExpr; ty: Type };
        /** `expect a and b and c`: each part, in order, to say which one failed (with its two sides when it is an `==`). */
        parts?: { cond: IrExpr; text: string; got?: { e: IrExpr; ty: Type }; want?: { e: IrExpr; ty: Type } }[];
      }
    | { op: "option"; label: string; offered: boolean; absent?: true; reason?: string; by?: IrExpr }
    /** `negated`: `expect not over`, the game goes on. */
    | { op: "over"; negated?: true }
    | { op: "scores"; value: IrExpr }
    /** A list of players (no ties) or of lists of players (groups sharing a place). */
    | { op: "ranking"; value: IrExpr; grouped: boolean }
  );
