import type { PlayerLoop } from "./choice-of-loop-player.ts";
import type { Decl, Name } from "../ast.ts";
import type { DiagnosticSink } from "../diagnostic.ts";
import type { FieldDef, GameDef, Value } from "../ir.ts";
import type { Span } from "../span.ts";
import { CONSTANTS } from "../builtins/catalogue.ts";
import { typeName, type Type } from "../types.ts";

/** What a global name refers to. */
export type GlobalSymbol =
  | { k: "const"; decl: Extract<Decl, { kind: "ConstDecl" }> }
  | { k: "enum"; decl: Extract<Decl, { kind: "EnumDecl" }> }
  | { k: "kind"; decl: Extract<Decl, { kind: "KindDecl" }> }
  | { k: "fields"; decl: Extract<Decl, { kind: "FieldsDecl" }> }
  | { k: "board"; decl: Extract<Decl, { kind: "BoardDecl" }> }
  | { k: "zone"; decl: Extract<Decl, { kind: "ZoneDecl" }> }
  | { k: "var"; decl: Extract<Decl, { kind: "VarDecl" }> }
  | { k: "table"; decl: Extract<Decl, { kind: "TableDecl" }> }
  | { k: "define"; decl: Extract<Decl, { kind: "DefineDecl" }> }
  | { k: "rule"; decl: Extract<Decl, { kind: "RuleDecl" }> }
  | { k: "procedure"; decl: Extract<Decl, { kind: "ProcedureDecl" }> }
  | { k: "event"; decl: Extract<Decl, { kind: "EventDecl" }> }
  | { k: "hook"; decl: Extract<Decl, { kind: "HookDecl" }> };

/** What a name after `p.` refers to. */
export type PlayerMember =
  | { k: "pvar"; name: Name; type: Type; bounds?: [number, number] }
  | { k: "zone"; decl: Extract<Decl, { kind: "ZoneDecl" }> }
  | { k: "board"; decl: Extract<Decl, { kind: "BoardDecl" }> };

/** A declaration or local, for the editor's hover and go-to-definition. */
export interface SymbolInfo {
  name: string;
  /** `procedure`, `rule`, `local`, `parameter`, `enum member`, … */
  what: string;
  /** One line shown on hover: `procedure plant(p: player)`. */
  detail: string;
  span: Span;
}

/** A use of a name, and what it refers to. */
export interface SymbolReference {
  span: Span;
  target: SymbolInfo;
}

export interface SymbolIndex {
  declarations: SymbolInfo[];
  references: SymbolReference[];
}

/** A local name in a scope. */
export interface Local {
  name: string;
  slot: number;
  type: Type;
  span: Span;
  param: boolean;
  reads: number;
  info: SymbolInfo;
  /** Its value failed to check, so its type is unknown: an error already said why. */
  lost?: boolean;
}

/** Allocates local slots for one piece of code (function, rule, procedure, …). */
export class Frame {
  readonly names: string[] = [];
  alloc(name: string): number {
    this.names.push(name);
    return this.names.length - 1;
  }
}

/** Nested local scopes of one piece of code. */
export class Scope {
  private readonly vars = new Map<string, Local>();
  /**
   * A name may be declared again here: an example's positions are separate blocks in the source
   * that share one scope (so its expectations see their names), and each may say `let me = …`.
   */
  redeclarable = false;
  /** Its names are never assigned (a `define`'s block): a second `let` of one is told to take another name. */
  fixed = false;
  constructor(
    readonly frame: Frame,
    readonly parent?: Scope,
  ) {}

  child(): Scope {
    return new Scope(this.frame, this);
  }

  lookup(name: string): Local | undefined {
    return this.vars.get(name) ?? this.parent?.lookup(name);
  }

  /** Every visible local name, for "did you mean" hints. */
  names(): string[] {
    return [...this.vars.keys(), ...(this.parent?.names() ?? [])];
  }

  /** The local of this name declared in this scope itself (not an enclosing one). */
  own(name: string): Local | undefined {
    return this.vars.get(name);
  }

  declare(local: Omit<Local, "slot" | "reads">): Local {
    const l: Local = { ...local, slot: this.frame.alloc(local.name), reads: 0 };
    this.vars.set(local.name, l);
    return l;
  }

  /** A slot with no name, for a loop's hidden counter. */
  hidden(label: string): number {
    return this.frame.alloc(`(${label})`);
  }

  ownLocals(): Local[] {
    return [...this.vars.values()];
  }
}

/**
 * Declares a local name (or parameter) in a scope and records it for the
 * editor's hover and go-to-definition.
 */
export function declareName(
  c: Checker,
  scope: Scope,
  name: { text: string; span: Span },
  type: Type,
  what = "local",
  detail = `${name.text}: ${typeName(type)}`,
): Local {
  // A second `let` of a name in one block would hide the first for the rest of it, and its
  // "never read" warning with it: most likely an assignment was meant.
  const before = what === "local" && !scope.redeclarable ? scope.own(name.text) : undefined;
  if (before && !before.param) {
    const change = scope.fixed ? "a name here is given once: choose another" : `to change it, write \`${name.text} = …\``;
    c.sink.error("duplicate-name", `\`${name.text}\` is already declared in this block (line ${before.span.start.line}): ${change}`, name.span);
  }
  // A local named like a built-in value (`let players = 1`) would change what that name means for
  // the rest of the block, and every later use would fail far from the cause. Refused here, and
  // kept under a name no code can write, so those uses still mean the built-in.
  const builtin = CONSTANTS.has(name.text);
  if (builtin) c.sink.error("duplicate-name", `\`${name.text}\` is a built-in name; choose another ${what === "local" ? "variable" : what} name`, name.span);
  const local = scope.declare({ name: builtin ? `${name.text} (built-in)` : name.text, type, span: name.span, param: what !== "local", info: { name: name.text, what, detail, span: name.span } });
  // Its own "never read" warning would name the hidden name: the error above says enough.
  if (builtin) local.reads++;
  c.symbols.declarations.push(local.info);
  return local;
}

/** What kind of code is being checked: decides what statements and names are allowed. */
export interface CodeContext {
  scope: Scope;
  /** Statements may choose and change the game. */
  procedural: boolean;
  /** The type of `this` (a piece in a kind's `show`, a space in a board's), with its slot. */
  self?: { type: Type; slot: number };
  /** Loops enclosing the current statement. */
  loops: number;
  /** The declared return type of the enclosing procedure. */
  returns?: Type;
  /**
   * What the statements belong to, as a message names it (`the flow`, ``procedure `plant` ``):
   * a `return` with a value in the flow was told "this procedure gives no value".
   */
  owner?: { name: string; procedure?: string };
  /** Inside a `board … :` topology expression. */
  topology?: boolean;
  /** Names and field paths known to be pieces of a kind here (`x is Tile` held): path → kind. */
  narrow?: Map<string, string>;
  /** Loops over players enclosing the statement since the last `turn` (`choose-without-by-in-player-loop`). */
  playerLoops?: PlayerLoop[];
}

/** Shared state of one check: diagnostics, the global names, and what has been built so far. */
export interface Checker {
  sink: DiagnosticSink;
  source: string;
  /** Sources of declarations from other files (a variant file's base), by file name. */
  otherSources: Map<string, string>;
  globals: Map<string, GlobalSymbol>;
  /** Enum members by bare name: more than one enum means ambiguous. */
  members: Map<string, string[]>;
  playerMembers: Map<string, PlayerMember>;
  /** How often each global or player member is used (for unused warnings). */
  uses: Map<string, number>;
  def: GameDef;
  symbols: SymbolIndex;
  /** Declaration info per global name. */
  info: Map<string, SymbolInfo>;
  /**
   * Names a declaration tried to take from the built-ins (`define side(…)`, `zone ring`): refused
   * once, at the declaration; its uses then read as unknown (type `any`), quietly, rather than as
   * calls of the built-in, each failing far from the cause (one clash gave 50 errors).
   */
  shadowed: Set<string>;
  /** How many uses of `shadowed` names were read as unknown (a value checked since then lost its type to that clash). */
  shadowedUses: number;
  /** The value of each `const`, worked out by the declaration pass. */
  consts: Map<string, { v: Value; ty: Type }>;
  /** Default field values per kind, for component entries that leave a field out. */
  kindDefaults: Map<string, Record<string, Value>>;
  /** The fields and `state` fields of each field set (`fields Effects { … }`). */
  fieldSets: Map<string, { fields: FieldDef[]; states: FieldDef[] }>;
  /**
   * Comprehensions whose last clause ends in an operator (`count s in S where f(s) == 0`),
   * by span: if the whole is then of the wrong type, the hint says how it was read.
   */
  precedence: Map<string, string>;
  /** Whether the `game` block says how many play: without it (`missing-players`), no example's count is checked against a range nobody wrote. */
  playersKnown: boolean;
  /** The field sets each kind is declared `with`. */
  kindSets: Map<string, string[]>;
  /**
   * The `define`s, `rule`s and `procedure`s some variant of the file overrides: the base and the
   * override share one parameter list, so a parameter one of them does not read is no mistake.
   */
  overridden: ReadonlySet<string>;
  /**
   * While the value of something declared as an enum map is checked (`let x: per R bool = …`):
   * that value, and its type, so a literal naming no member (`{ else: false }`) takes its enum
   * from the declaration (see `expectingMap` in enum-maps.ts).
   */
  expectedMap?: { expr: unknown; type: Extract<Type, { t: "emap" }> };
}

export function use(c: Checker, name: string, span: Span): void {
  c.uses.set(name, (c.uses.get(name) ?? 0) + 1);
  const target = c.info.get(name);
  if (target) c.symbols.references.push({ span, target });
}

/** The source text of a span (for messages that quote a condition). */
export function textOf(c: Checker, span: Span): string {
  const source = span.file !== undefined ? (c.otherSources.get(span.file) ?? "") : c.source;
  return source.slice(span.start.offset, span.end.offset).replace(/\s+/g, " ").trim();
}
