import type { IrExpr, IrWhere } from "../dsl/ir.ts";
import type { Type } from "../dsl/types.ts";
import { irChildren } from "./ir-children.ts";
import { mayDraw } from "./memo.ts";

/**
 * How many of a choice's leading `where` filters read its placement only through the piece placed
 * (`pl.piece`), and so give every placement of one piece the same answer: a choice over
 * `placements(market, p.board)` whose first filter is `pl.piece in offer()` asks it of each of a
 * piece's hundreds of spots and turns. The VM weighs those filters once per piece for one offer
 * of the choice (`vm.ts` `passes`), and a piece they refuse costs each of its placements a lookup.
 * Only a leading run: a filter after one that reads the spot is weighed, as written, only for the
 * placements the earlier filters let through (it may fail on the others, where it was never
 * asked). Never one that may draw on the generator (each draw must happen, in order). 0 for a
 * choice of anything but placements.
 */
export function pieceOnlyFilters(wheres: readonly IrWhere[], varSlot: number, valueType: Type, draws: ReadonlySet<string>): number {
  if (valueType.t !== "placement") return 0;
  let n = 0;
  while (n < wheres.length && readsOnlyPiece(wheres[n]!.cond, varSlot) && !mayDraw(wheres[n]!.cond, draws)) n++;
  return n;
}

/** Does `node` read the local `slot` only as `slot.piece`? */
function readsOnlyPiece(node: unknown, slot: number): boolean {
  if (Array.isArray(node)) return node.every((n) => readsOnlyPiece(n, slot));
  if (node === null || typeof node !== "object") return true;
  const e = node as IrExpr;
  if (e.op === "prop" && e.of === "placement" && e.name === "piece" && e.obj.op === "local" && e.obj.slot === slot) return true;
  if (e.op === "local" && e.slot === slot) return false;
  return irChildren(node).every((v) => readsOnlyPiece(v, slot));
}
