import type { Span } from "./span.ts";

/**
 * The Stela abstract syntax tree: plain tagged data (`kind` + `span`), built
 * by the parser and walked by exhaustive `switch`es. Nothing here knows about
 * playing a game.
 */

export interface Name {
  text: string;
  span: Span;
}

// ---------------------------------------------------------------- types

export type TypeExpr =
  | { kind: "TypeName"; name: Name; span: Span }
  | { kind: "ListType"; of: TypeExpr; span: Span }
  | { kind: "PerPlayerType"; of: TypeExpr; span: Span }
  /** `per Colour number`: one value for each member of an enum. */
  | { kind: "PerEnumType"; enumName: Name; of: TypeExpr; span: Span };

// ---------------------------------------------------------------- expressions

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "and" | "or" | "in";

export type ComprehensionForm = "list" | "count" | "sum" | "highest" | "lowest" | "any" | "all" | "no" | "first" | "sort";

export interface Arg {
  name?: Name;
  value: Expr;
  span: Span;
}

/** One pattern of a `match` arm: a number, a range of numbers, a name (an enum member or a kind), or `else`. */
export type MatchPattern =
  | { kind: "NumberPattern"; value: number; span: Span }
  | { kind: "RangePattern"; from: number; to: number | null; span: Span }
  | { kind: "NamePattern"; name: Name; qualifier?: Name; span: Span }
  | { kind: "ElsePattern"; span: Span };

/** `p1, p2 -> body`: the body is an expression in a `match` expression, a block in a `match` statement. */
export interface MatchArm<B> {
  patterns: MatchPattern[];
  body: B;
  span: Span;
}

/** One `member: value` of an enum map literal. */
export interface MapEntry {
  key: Name;
  value: Expr;
  span: Span;
}

export type Expr =
  | { kind: "NumberLit"; value: number; span: Span }
  | { kind: "StringLit"; value: string; span: Span }
  | { kind: "TemplateLit"; parts: (string | Expr)[]; span: Span }
  | { kind: "BoolLit"; value: boolean; span: Span }
  | { kind: "NoneLit"; span: Span }
  | { kind: "CurrentExpr"; span: Span }
  | { kind: "ThisExpr"; span: Span }
  | { kind: "NameExpr"; name: string; span: Span }
  | { kind: "FieldExpr"; object: Expr; field: Name; span: Span }
  | { kind: "IndexExpr"; object: Expr; index: Expr; span: Span }
  | { kind: "CallExpr"; callee: Name; args: Arg[]; span: Span }
  | { kind: "UnaryExpr"; op: "-" | "not"; operand: Expr; span: Span }
  | { kind: "BinaryExpr"; op: BinaryOp; left: Expr; right: Expr; span: Span }
  | { kind: "IsExpr"; value: Expr; kindName: Name; span: Span }
  | { kind: "RangeExpr"; from: Expr; to: Expr; span: Span }
  | { kind: "IfExpr"; cond: Expr; then: Expr; else: Expr; span: Span }
  | { kind: "ListExpr"; items: Expr[]; span: Span }
  | {
      kind: "ComprehensionExpr";
      form: ComprehensionForm;
      variable: Name;
      source: Expr;
      where?: Expr;
      /** The element (list), value (sum, highest, lowest), predicate (any, all, no) or key (sort). */
      body?: Expr;
      /**
       * A list with a further `for` (`[e for a in A for b in B]`): its body is the list comprehension
       * of the later clause, and the lists it gives for each item are joined into one.
       */
      flat?: true;
      span: Span;
    }
  | { kind: "PerPlayerExpr"; variable: Name; body: Expr; span: Span }
  /** `per Colour c: body`: one value for each member of an enum. */
  | { kind: "PerEnumExpr"; enumName: Name; variable: Name; body: Expr; span: Span }
  /** `{ red: 2, blue: 1, else: 0 }`: one value for each member of an enum; `else` gives the rest. */
  | { kind: "MapLit"; entries: MapEntry[]; default?: Expr; span: Span }
  | { kind: "MatchExpr"; subject: Expr; arms: MatchArm<Expr>[]; span: Span }
  | { kind: "ShapeLit"; rows: string[]; span: Span }
  /** `{ let a = …  let b = …  value }`: a `define`'s body with names for its parts, in order. */
  | { kind: "BlockExpr"; lets: LetPart[]; value: Expr; span: Span }
  | { kind: "ErrorExpr"; span: Span };

/** One `let` of a `define`'s block body. */
export interface LetPart {
  name: Name;
  type?: TypeExpr;
  value: Expr;
  span: Span;
}

export type ExprKind = Expr["kind"];

// ---------------------------------------------------------------- choices

export interface WhereClause {
  cond: Expr;
  reason?: Expr;
  span: Span;
}

export interface StopClause {
  label: Expr;
  when?: Expr;
  span: Span;
}

/** What `choose` and `secretly … chooses` share after `from`. */
export interface ChoiceClauses {
  /** `choose 2 c from …`: how many items are picked at once (the value is then a list). */
  count?: Expr;
  /** `choose up to 2 c from …`: any number of items from none to `count`. */
  upTo?: true;
  /** `choose at least 2 c from …`: any number of items from `count` to all of them. */
  atLeast?: true;
  prompt?: Expr;
  stop?: StopClause;
  wheres: WhereClause[];
  /** `label "{…}"`: how each option reads; sees the item's name (and the chooser's). */
  label?: Expr;
  /** `ask always`: never take this choice without asking, even with one option. */
  askAlways?: Span;
  /** `if any`: when no option is allowed, the choice is `none` and nobody is asked (instead of an error). */
  ifAny?: Span;
}

export interface ChooseExpr extends ChoiceClauses {
  kind: "ChooseExpr";
  /** The name each candidate item is seen under (written, or `it` when a multi-pick names none). */
  variable: Name;
  source: Expr;
  by?: Expr;
  span: Span;
}

export interface SecretChooseExpr extends ChoiceClauses {
  kind: "SecretChooseExpr";
  /** The name bound to each choosing player inside `source` and the clauses. */
  chooser: Name;
  choosers: Expr;
  variable: Name;
  source: Expr;
  span: Span;
}

// ---------------------------------------------------------------- statements

export interface Block {
  kind: "Block";
  stmts: Stmt[];
  span: Span;
}

export interface ChoiceOption {
  label: Expr;
  /** `option "…" at s`: the space the option is about, so a board can offer it where it acts. */
  at?: Expr;
  when?: Expr;
  /** `when c else "…"`: why the option is not offered, as a refusal says it. */
  reason?: Expr;
  body: Block;
  span: Span;
}

export type AssignOp = "=" | "+=" | "-=";

export type Stmt =
  | { kind: "LetStmt"; name: Name; type?: TypeExpr; value: Expr | ChooseExpr | SecretChooseExpr; span: Span }
  | { kind: "AssignStmt"; target: Expr; op: AssignOp; value: Expr | ChooseExpr | SecretChooseExpr; span: Span }
  | { kind: "CallStmt"; call: Extract<Expr, { kind: "CallExpr" }>; span: Span }
  | { kind: "IfStmt"; cond: Expr; then: Block; else?: Block | Extract<Stmt, { kind: "IfStmt" }>; span: Span }
  | { kind: "ForStmt"; variable: Name; source: Expr; where?: Expr; body: Block; span: Span }
  | { kind: "WhileStmt"; cond: Expr; body: Block; span: Span }
  | { kind: "RepeatStmt"; count: Expr; body: Block; span: Span }
  | { kind: "LoopStmt"; body: Block; span: Span }
  | { kind: "BreakStmt"; span: Span }
  | { kind: "ContinueStmt"; span: Span }
  | { kind: "ReturnStmt"; value?: Expr; span: Span }
  | { kind: "TurnStmt"; player: Expr; body: Block; span: Span }
  | { kind: "ChooseBlockStmt"; by?: Expr; prompt?: Expr; options: ChoiceOption[]; askAlways?: Span; span: Span }
  /** `move c to z`, onto the top of `z`; `move c to bottom of z` (`bottom`), under its other pieces. */
  | { kind: "MoveStmt"; piece: Expr; to: Expr; bottom?: true; span: Span }
  /** `upTo`: `deal up to n`, as many as there are up to n (running out is meant: `stela check --smoke` does not note it). */
  | { kind: "DealStmt"; count: Expr; from: Expr; to: Expr; upTo?: true; span: Span }
  | { kind: "ShuffleStmt"; zone: Expr; span: Span }
  | { kind: "PlaceStmt"; piece: Expr; at: Expr; faceDown: boolean; span: Span }
  | { kind: "FlipStmt"; piece: Expr; up: boolean; span: Span }
  | { kind: "RemoveStmt"; piece: Expr; span: Span }
  | { kind: "TriggerStmt"; event: Name; args: Arg[]; span: Span }
  | { kind: "EndStmt"; span: Span }
  | { kind: "LogStmt"; value: Expr; span: Span }
  | { kind: "MatchStmt"; subject: Expr; arms: MatchArm<Block>[]; span: Span }
  | { kind: "ErrorStmt"; span: Span };

export type StmtKind = Stmt["kind"];

// ---------------------------------------------------------------- declarations

export interface Param {
  name: Name;
  type: TypeExpr;
  span: Span;
}

/** A typed name with an optional initial value and bounds: fields, state, variables, space attributes. */
export interface FieldDecl {
  name: Name;
  type: TypeExpr;
  init?: Expr;
  bounds?: Expr;
  /** A kind's `mark` field: a `state` field that shows wherever the piece is, even hidden. */
  mark?: true;
  /** `var turns: number = 0 internal`: a variable kept off the players' screens (bookkeeping), still public. */
  internal?: true;
  span: Span;
}

/** `known { … }` in a kind: what a piece's marks say of it, kept true by a bot's redrawn copies. */
export interface KnownDecl {
  value: Expr;
  span: Span;
}

export interface ShowEntry {
  name: Name;
  value: Expr;
  span: Span;
}

export type ComponentEntry =
  /** `x3`, or `x WORKERS` (`countName`, a constant, replaces `count`). */
  | { kind: "ComponentItem"; label?: string; count: number; countName?: Name; fields: { name: Name; value: Expr; span: Span }[]; span: Span }
  | { kind: "ComponentFor"; variable: Name; source: Expr; entries: ComponentEntry[]; span: Span };

export interface LegendEntry {
  key: string;
  /** `none`: this symbol leaves a hole in the board. */
  hole: boolean;
  assigns: { name: Name; value?: Expr; span: Span }[];
  span: Span;
}

/** One `map { … }` of a board: a row of symbols per line. */
export interface BoardMap {
  rows: { text: string; span: Span }[];
  span: Span;
}

export type TableKey =
  | { kind: "NumberKey"; from: number; to: number | null; span: Span }
  | { kind: "NameKey"; name: Name; span: Span }
  /** `else -> v`: the value of every key no other row has (the last row). */
  | { kind: "ElseKey"; span: Span };

export interface TableRow {
  key: TableKey;
  value: Expr;
  span: Span;
}

export interface Requirement {
  cond: Expr;
  reason?: Expr;
  span: Span;
}

export interface Tiebreak {
  most: boolean;
  value: Expr;
  span: Span;
}

export type Decl =
  | { kind: "GameDecl"; title: string; items: { key: Name; value: Expr; span: Span }[]; span: Span }
  /** `const X = v`, or typed, `const COLOURS: list of Gem = [white, blue]` (an empty list or a `{ else: 0 }` map takes the type). */
  | { kind: "ConstDecl"; name: Name; type?: TypeExpr; value: Expr; span: Span }
  | { kind: "EnumDecl"; name: Name; members: { name: Name; label?: string }[]; span: Span }
  /** `kind Building with Effects { … }`: `sets` names the field sets the kind has too. */
  | { kind: "KindDecl"; name: Name; sets: Name[]; fields: FieldDecl[]; states: FieldDecl[]; show: ShowEntry[]; known: KnownDecl[]; span: Span }
  /** `fields Effects { … }`: fields (and `state` fields) that several kinds share. */
  | { kind: "FieldsDecl"; name: Name; fields: FieldDecl[]; states: FieldDecl[]; show: ShowEntry[]; known: KnownDecl[]; span: Span }
  | { kind: "ComponentsDecl"; kindName: Name; perPlayer: boolean; zone?: Expr; entries: ComponentEntry[]; span: Span }
  | {
      kind: "BoardDecl";
      name: Name;
      perPlayer: boolean;
      topology: Expr;
      attributes: FieldDecl[];
      /** `space state …`: per-space values the rules change while playing. */
      states: FieldDecl[];
      /** The drawn maps, laid over each other (one may draw the areas, another the special spaces). */
      maps: BoardMap[];
      legend: LegendEntry[];
      show: ShowEntry[];
      span: Span;
    }
  | {
      kind: "ZoneDecl";
      name: Name;
      perPlayer: boolean;
      bag: boolean;
      kindName: Name;
      options: { name: Name; value?: Expr; span: Span }[];
      /** `zone market x4`: that many numbered zones, read as a list (`market[0]`). */
      copies?: number;
      span: Span;
    }
  | { kind: "VarDecl"; field: FieldDecl; span: Span }
  | { kind: "PerPlayerDecl"; fields: FieldDecl[]; span: Span }
  | { kind: "TableDecl"; name: Name; rows: TableRow[]; span: Span }
  | { kind: "DefineDecl"; name: Name; params: Param[]; returns?: TypeExpr; body: Expr; span: Span }
  | { kind: "RuleDecl"; name: Name; params: Param[]; requires: Requirement[]; span: Span }
  | { kind: "ProcedureDecl"; name: Name; params: Param[]; returns?: TypeExpr; body: Block; span: Span }
  | { kind: "SetupDecl"; body: Block; span: Span }
  | { kind: "FlowDecl"; body: Block; span: Span }
  | { kind: "EventDecl"; name: Name; params: Param[]; span: Span }
  | { kind: "OnDecl"; event: Name; binds: Name[]; where?: Expr; body: Block; span: Span }
  | { kind: "HookDecl"; name: Name; params: Param[]; returns: TypeExpr; body: Expr; span: Span }
  | { kind: "ModifyDecl"; hook: Name; when?: Expr; value: Expr; span: Span }
  | { kind: "ScoringDecl"; player: Name; points?: Expr; tiebreaks: Tiebreak[]; span: Span }
  /** `estimate p { value }`: how well a player stands while the game is on (bots use it). */
  | { kind: "EstimateDecl"; player: Name; value: Expr; span: Span }
  /** `measure "Label" { value }` (one figure a game) or `measure "Label" p { value }` (one a seat): read when a game ends, reported by `stela simulate` and `compare`. */
  | { kind: "MeasureDecl"; label: string; labelSpan: Span; player?: Name; value: Expr; span: Span }
  | {
      kind: "VariantDecl";
      title: string;
      titleSpan: Span;
      extendsFile?: { path: string; span: Span };
      /** `include "Other variant"`: variants laid over the base first, in this order, before `items`. */
      includes: VariantInclude[];
      /** `extend`: `extend setup { … }`, the variant's steps run after the base's setup (`variants.ts`). */
      items: { override: boolean; extend?: true; decl: Decl; span: Span }[];
      span: Span;
    }
  | ExampleDecl
  | { kind: "ErrorDecl"; span: Span };

/** `include "Other variant"` inside a variant: that variant's items come first. */
export interface VariantInclude {
  name: string;
  nameSpan: Span;
  span: Span;
}

/**
 * A rulebook example as an executable test: how the match starts, the
 * position laid out, the decisions taken by their labels, and what must then
 * hold. Its steps run in order.
 */
export interface ExampleDecl {
  kind: "ExampleDecl";
  title: string;
  titleSpan: Span;
  steps: ExampleStep[];
  span: Span;
}

export type ExampleStep =
  /** `players 2`, `seed 7`, `variant "Two cities"`: how the match starts (before any other step). */
  | { kind: "ExampleSetting"; key: Name; value: Expr; span: Span }
  /**
   * `ask always`: every choice of the example's match waits to be asked, one with a single option
   * too (before any other step), so a position can be laid out before it and its refusals tested.
   */
  | { kind: "ExampleAskAlways"; span: Span }
  /** `position { … }`: statements that lay out the table; the rules' `on` handlers react only `with triggers`. */
  | { kind: "ExamplePosition"; triggers: boolean; body: Block; span: Span }
  /**
   * `random [6, 5, 1]`: the next calls of `random` in the rules give these values, in order (a
   * rulebook's "the attacker rolls 6, 5 and 1"), each one of what the call draws from.
   */
  | { kind: "ExampleRandom"; values: Expr; span: Span }
  /** `choose "Plant crops"` (`by p` for one of several players choosing at once). */
  | { kind: "ExampleChoose"; label: string; labelSpan: Span; by?: Expr; span: Span }
  /** `expect <condition>`. */
  | { kind: "ExpectHolds"; cond: Expr; span: Span }
  /** `expect offered "…"` / `expect refused "…" because "…"` / `expect not offered "…"` (`absent`: no option by that label passes too). */
  | { kind: "ExpectOption"; offered: boolean; absent?: true; label: string; labelSpan: Span; reason?: string; by?: Expr; span: Span }
  /** `expect over`: the game has ended (without a rule failing); `expect not over` (`negated`): it goes on. */
  | { kind: "ExpectOver"; negated?: true; span: Span }
  /** `expect scores [..]` (points by seat) / `expect ranking [..]` (players from first place; a list for a tie). */
  | { kind: "ExpectResult"; what: "scores" | "ranking"; value: Expr; span: Span };

export type DeclKind = Decl["kind"];

export interface FileAst {
  kind: "File";
  file: string;
  decls: Decl[];
  span: Span;
}

/** The name a declaration introduces, if it introduces one. */
export function declName(d: Decl): Name | undefined {
  switch (d.kind) {
    case "ConstDecl":
    case "EnumDecl":
    case "KindDecl":
    case "FieldsDecl":
    case "BoardDecl":
    case "ZoneDecl":
    case "TableDecl":
    case "DefineDecl":
    case "RuleDecl":
    case "ProcedureDecl":
    case "EventDecl":
    case "HookDecl":
      return d.name;
    case "VarDecl":
      return d.field.name;
    default:
      return undefined;
  }
}
