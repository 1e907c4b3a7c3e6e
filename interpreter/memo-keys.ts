import type { ParamDef, Value } from "../dsl/ir.ts";
import { irChildren } from "./ir-children.ts";
import { isPlacement } from "./values.ts";

/**
 * How the memo (`memo.ts`) tells apart the values of a callee's placement parameters.
 *
 * A placement is a piece, a way of facing and the spaces it would cover. Many rules ask only
 * about the spaces: "every space is empty", "it touches a piece of some kind" (`all s in pl.cells: …`,
 * `adjacent_pieces(pl)`). A choice among placements offers each spot once per piece in hand
 * and per way of facing, and such a rule gives the same answer for all of them; yet the memo
 * tells placements apart by identity, so it works the answer out again for each.
 *
 * A parameter qualifies when the callee reads it only through the spaces it covers: its
 * `cells` or `space`, or as the first argument of a built-in that reads a placement by its
 * spaces alone (`adjacent_pieces`, `adjacent`, `cells`, `surrounded`, `empty`). Then the memo keys it by
 * its list of spaces, which placements at one spot share (`placement.ts` makes one list per
 * spot and hands it to every piece and turn), and asks once per spot. Anything else (its
 * `piece` or `rotation`, passing it on, comparing it, a slot written again) and it is keyed as
 * before. What is played never changes: the answer is the same, and an answer given again
 * charges the step budget what working it out charged.
 */

/** Built-ins that read a placement given as their first argument by the spaces it covers alone (`board-builtins.ts`). */
const BY_SPACES = new Set(["adjacent_pieces", "adjacent", "cells", "surrounded", "empty"]);

/** Properties of a placement that are its spaces. */
const SPACE_PROPS = new Set(["cells", "space"]);

/**
 * For each parameter of a callee (`params`, in slots 0, 1, …): is it a placement read only by
 * the spaces it covers in `bodies` (the callee's expressions)? Undefined when none is.
 */
export function placementsBySpaces(params: readonly ParamDef[], bodies: unknown[]): boolean[] | undefined {
  const candidates = new Set<number>();
  params.forEach((p, i) => {
    if (p.type.t === "placement") candidates.add(i);
  });
  if (candidates.size === 0) return undefined;
  const scan = (node: unknown): void => {
    if (candidates.size === 0) return;
    if (Array.isArray(node)) {
      for (const n of node) scan(n);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const o = node as { op?: unknown; slot?: unknown; obj?: { op?: unknown; slot?: unknown }; of?: unknown; name?: unknown; fn?: unknown; args?: unknown[] };
    const isCandidate = (e: unknown): boolean => {
      const l = e as { op?: unknown; slot?: unknown } | undefined;
      return l?.op === "local" && candidates.has(l.slot as number);
    };
    // Read by its spaces: fine, nothing below to look at.
    if (o.op === "prop" && o.of === "placement" && SPACE_PROPS.has(o.name as string) && isCandidate(o.obj)) return;
    if (o.op === "builtin" && BY_SPACES.has(o.fn as string) && o.args && isCandidate(o.args[0])) {
      scan(o.args.slice(1));
      return;
    }
    // Any other read, and any write to the slot (a `bind`, a comprehension's variable), disqualifies it.
    if (typeof o.slot === "number" && candidates.has(o.slot)) candidates.delete(o.slot);
    for (const v of irChildren(node)) scan(v);
  };
  scan(bodies);
  if (candidates.size === 0) return undefined;
  return params.map((_, i) => candidates.has(i));
}

/**
 * The memo's key for a call's arguments: `args` itself, or a copy where each placement in a
 * parameter read by its spaces is its list of spaces. The callee's frame is `args`, so it is
 * never changed in place.
 */
export function memoKeys(args: readonly Value[], arity: number, bySpaces: readonly boolean[] | undefined): readonly unknown[] {
  if (!bySpaces) return args;
  const keys: unknown[] = args.slice(0, arity);
  for (let i = 0; i < arity; i++) {
    const v = keys[i] as Value;
    if (bySpaces[i] && isPlacement(v)) keys[i] = v.cells;
  }
  return keys;
}
