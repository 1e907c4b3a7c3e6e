import type { TypeExpr } from "../ast.ts";
import { TYPE_NAMES } from "../tokens.ts";
import { didYouMean } from "../suggest.ts";
import { T, type Type } from "../types.ts";
import { use, type Checker } from "./context.ts";

const BASIC: Record<string, Type> = {
  number: T.number,
  bool: T.bool,
  text: T.text,
  player: T.player,
  space: T.space,
  placement: T.placement,
  shape: T.shape,
  sides: T.sides,
  board: T.board,
  piece: T.piece,
  zone: T.zone,
};

/** The type a type expression names: a basic type, a kind (a piece of it), an enum, a list or a per-player map. */
export function resolveType(c: Checker, t: TypeExpr): Type {
  switch (t.kind) {
    case "ListType":
      return T.list(resolveType(c, t.of));
    case "PerPlayerType":
      return T.map(resolveType(c, t.of));
    case "PerEnumType": {
      const of = resolveType(c, t.of);
      const g = c.globals.get(t.enumName.text);
      if (g?.k !== "enum") {
        const enums = [...c.globals].filter(([, s]) => s.k === "enum").map(([n]) => n);
        c.sink.error("unknown-name", `\`per ${t.enumName.text}\` needs an enum (or \`player\`), and \`${t.enumName.text}\` is not one`, t.enumName.span, didYouMean(t.enumName.text, ["player", ...enums]));
        return T.any;
      }
      use(c, t.enumName.text, t.enumName.span);
      return T.emap(t.enumName.text, g.decl.members.map((m) => m.name.text), of);
    }
    case "TypeName": {
      const name = t.name.text;
      const basic = BASIC[name];
      if (basic) return basic;
      const g = c.globals.get(name);
      if (g?.k === "kind") {
        use(c, name, t.span);
        return T.pieceOf(name);
      }
      if (g?.k === "fields") {
        use(c, name, t.span);
        return T.pieceWith(name);
      }
      if (g?.k === "enum") {
        use(c, name, t.span);
        return T.enumOf(name);
      }
      if (name === "?") return T.any;
      const kinds = [...c.globals].filter(([, s]) => s.k === "kind" || s.k === "enum" || s.k === "fields").map(([n]) => n);
      c.sink.error("unknown-name", `unknown type \`${name}\``, t.span, didYouMean(name, [...TYPE_NAMES, ...kinds]));
      return T.any;
    }
  }
}
