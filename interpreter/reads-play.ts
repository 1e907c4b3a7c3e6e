import type { GameDef, IrExpr } from "../dsl/ir.ts";
import { FIXED_BUILTINS, FIXED_SPACE_PROPS } from "./fixed-values.ts";
import { irChildren } from "./ir-children.ts";

/**
 * Does an expression's value follow the play of a match: a space's state, a piece (its fields,
 * where it is, what stands on a space), a player's variables, whose turn it is, chance? The game's
 * own functions it calls are read too. Written values, a board's geometry and its spaces'
 * attributes, tables and the game's variables (which rules set up, such as the areas in play)
 * do not count.
 *
 * A board's `show { label }` that follows play shows readings (a count of seeds, a value on a
 * track), not symbols of its spaces' kinds: the text view then does not explain its labels by
 * the attributes of the spaces that show them (`BoardView.labelsFollowPlay`).
 */
export function readsPlay(e: IrExpr, def: GameDef, seen: Set<string> = new Set()): boolean {
  const visit = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(visit);
    if (node === null || typeof node !== "object") return false;
    const o = node as IrExpr;
    switch (o.op) {
      case "sstate":
      case "pvar":
      case "field":
      case "current":
      case "perplayer":
      case "rule":
      case "hook":
        return true;
      case "prop":
        if (o.of !== "space" || !FIXED_SPACE_PROPS.has(o.name)) return true;
        break;
      case "in":
        if (o.zone) return true;
        break;
      case "builtin":
        if (!FIXED_BUILTINS.has(o.fn)) return true;
        break;
      case "fn": {
        if (!seen.has(o.name)) {
          seen.add(o.name);
          const f = def.functions[o.name];
          if (!f || readsPlay(f.body, def, seen)) return true;
        }
        break;
      }
      default:
        break;
    }
    return irChildren(node).some(visit);
  };
  return visit(e);
}
