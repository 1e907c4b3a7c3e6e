import type { GameDef } from "../dsl/ir.ts";
import { irChildren } from "./ir-children.ts";

/**
 * Do the rules put pieces down mirrored anywhere: a call of `placements(…, mirrored: …)` whose
 * `mirrored` is not written `false`? Read from the rules, never from play. The editor's position
 * editor turns a piece through its mirror images too only then: a tile of a game that never flips
 * its pieces (a printed back) turns through its turns alone.
 */
export function mirrorsPieces(def: GameDef): boolean {
  // The examples are not play: one that mirrors a piece to check a rule says nothing of the game.
  const { examples: _examples, ...rules } = def;
  const seen = new Set<object>();
  const walk = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(walk);
    if (node === null || typeof node !== "object" || seen.has(node)) return false;
    seen.add(node);
    const o = node as { op?: unknown; fn?: unknown; args?: unknown };
    if (o.op === "builtin" && o.fn === "placements" && Array.isArray(o.args)) {
      const m = o.args[2] as { op?: unknown; v?: unknown } | undefined;
      if (m && !(m.op === "lit" && (m.v === false || m.v === null))) return true;
    }
    return irChildren(node).some(walk);
  };
  return walk(rules);
}
