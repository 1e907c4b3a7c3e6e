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

/** The outline of a parsed file. */
export function outlineOf(ast: FileAst): Outline {
  const out: Outline = { decls: [], kinds: [], boards: [], playerVars: [], playerZones: [], enums: [] };
  for (const d of ast.decls) {
    const name = "name" in d && d.name && typeof d.name === "object" ? d.name.text : d.kind === "VariantDecl" ? d.title : undefined;
    out.decls.push(name === undefined ? { kind: d.kind, start: d.span.start.offset, end: d.span.end.offset } : { kind: d.kind, name, start: d.span.start.offset, end: d.span.end.offset });
  }
  collect(ast.decls, out);
  return out;
}
