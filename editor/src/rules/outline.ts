import type { Decl, FieldDecl, FileAst, TypeExpr } from "../../../dsl/index.ts";

/**
 * What completion needs to know about a rule file beyond the symbol index:
 * the fields of each component kind, the attributes of board spaces, player
 * variables, and where each top-level declaration starts and ends (so a
 * local is offered only inside the declaration that has it). Plain data, so
 * the worker can send it.
 */
export interface Outline {
  decls: { kind: Decl["kind"]; name?: string; start: number; end: number }[];
  kinds: { name: string; fields: OutlineField[] }[];
  /** Space attributes, per board. */
  boards: { name: string; perPlayer: boolean; attributes: OutlineField[] }[];
  playerVars: OutlineField[];
  /** Per-player zones, read as `p.rack`. */
  playerZones: { name: string; kind: string }[];
  enums: { name: string; members: string[] }[];
  /** Each variant of the file: what it includes and the declarations it overrides (`variant-overrides.ts`). */
  variants: OutlineVariant[];
}

/** A variant as the rules pane needs it to say what the variant in play changes. */
export interface OutlineVariant {
  title: string;
  includes: string[];
  /** Its `override`s: the declaration's kind and name, a constant's value as written, and where the override starts. */
  overrides: { kind: Decl["kind"]; name: string; value?: string; offset: number }[];
}

export interface OutlineField {
  name: string;
  type: string;
  /** A per-piece `state` field rather than a static one. */
  state?: boolean;
}

/** `list of Tile`, `per player number`: a type as the designer wrote it. */
export function typeText(t: TypeExpr): string {
  switch (t.kind) {
    case "TypeName":
      return t.name.text;
    case "ListType":
      return `list of ${typeText(t.of)}`;
    case "PerPlayerType":
      return `per player ${typeText(t.of)}`;
    case "PerEnumType":
      return `per ${t.enumName.text} ${typeText(t.of)}`;
  }
}

function field(f: FieldDecl, state = false): OutlineField {
  return state ? { name: f.name.text, type: typeText(f.type), state } : { name: f.name.text, type: typeText(f.type) };
}

function collect(decls: Decl[], out: Outline): void {
  for (const d of decls) {
    switch (d.kind) {
      case "KindDecl":
        out.kinds.push({ name: d.name.text, fields: [...d.fields.map((f) => field(f)), ...d.states.map((f) => field(f, true))] });
        break;
      case "BoardDecl":
        out.boards.push({ name: d.name.text, perPlayer: d.perPlayer, attributes: d.attributes.map((f) => field(f)) });
        break;
      case "PerPlayerDecl":
        out.playerVars.push(...d.fields.map((f) => field(f)));
        break;
      case "ZoneDecl":
        if (d.perPlayer) out.playerZones.push({ name: d.name.text, kind: d.kindName.text });
        break;
      case "EnumDecl":
        out.enums.push({ name: d.name.text, members: d.members.map((m) => m.name.text) });
        break;
      case "VariantDecl":
        collect(
          d.items.map((i) => i.decl),
          out,
        );
        break;
      default:
        break;
    }
  }
}

/** A variant's includes and overrides; a constant's value as written in `source`. */
function variantOf(d: Extract<Decl, { kind: "VariantDecl" }>, source: string): OutlineVariant {
  const overrides: OutlineVariant["overrides"] = [];
  for (const item of d.items) {
    const decl = item.decl;
    if (!item.override || !("name" in decl) || !decl.name || typeof decl.name !== "object") continue;
    const value = decl.kind === "ConstDecl" ? source.slice(decl.value.span.start.offset, decl.value.span.end.offset).trim() : undefined;
    overrides.push(value ? { kind: decl.kind, name: decl.name.text, value, offset: item.span.start.offset } : { kind: decl.kind, name: decl.name.text, offset: item.span.start.offset });
  }
  return { title: d.title, includes: d.includes.map((i) => i.name), overrides };
}

/** The outline of a parsed file (`source`: its text, for the values variants give constants). */
export function outlineOf(ast: FileAst, source = ""): Outline {
  const out: Outline = { decls: [], kinds: [], boards: [], playerVars: [], playerZones: [], enums: [], variants: [] };
  for (const d of ast.decls) if (d.kind === "VariantDecl") out.variants.push(variantOf(d, source));
  for (const d of ast.decls) {
    const name = "name" in d && d.name && typeof d.name === "object" ? d.name.text : d.kind === "VariantDecl" ? d.title : undefined;
    out.decls.push(name === undefined ? { kind: d.kind, start: d.span.start.offset, end: d.span.end.offset } : { kind: d.kind, name, start: d.span.start.offset, end: d.span.end.offset });
  }
  collect(ast.decls, out);
  return out;
}
