import type { IrStmt } from "../ir.ts";
import type { Checker, CodeContext } from "./context.ts";

/**
 * "Each holder, in turn order, sells, trades or keeps": a loop over players whose body asks each
 * of them. A `choose` with no `by` asks the player of the enclosing `turn`, not the loop's, so
 * written without `by q` the current player silently decides for every `q`: the rules play, the
 * examples of the current player pass, and the other players are never asked. When such a choice
 * reads the loop's player (`from 0..q.shares[d]`, a `where` or `prompt` about `q`), that is
 * almost surely what was meant; `by current` says the other reading and silences the warning.
 */

/** A `for` over players enclosing a statement, since the last `turn`: its name, slot and line. */
export interface PlayerLoop {
  name: string;
  slot: number;
  line: number;
}

/** Does a piece of checked IR (plain tagged data) read one of the locals in `slots`? */
function readsLocal(node: unknown, slots: ReadonlySet<number>): boolean {
  if (Array.isArray(node)) return node.some((n) => readsLocal(n, slots));
  if (node === null || typeof node !== "object") return false;
  const o = node as Record<string, unknown>;
  if (o.op === "local" && typeof o.slot === "number" && slots.has(o.slot)) return true;
  for (const k in o) if (k !== "span" && k !== "ty" && readsLocal(o[k], slots)) return true;
  return false;
}

/** Warns of a choice with no `by` that reads the player of an enclosing loop over players. */
export function warnChoiceOfLoopPlayer(c: Checker, ir: Extract<IrStmt, { op: "choose" }>, cx: CodeContext): void {
  if (ir.by || !cx.playerLoops?.length) return;
  const clauses = [ir.src, ir.prompt, ir.label, ir.count, ir.stop, ir.wheres];
  // The innermost loop the choice reads is the one meant.
  for (const loop of [...cx.playerLoops].reverse()) {
    if (!clauses.some((e) => readsLocal(e, new Set([loop.slot])))) continue;
    c.sink.warning(
      "choose-without-by-in-player-loop",
      `this choice has no \`by\`, so the current player makes it, yet it reads \`${loop.name}\`, the player of the loop of line ${loop.line}`,
      ir.span,
      `add \`by ${loop.name}\` for each \`${loop.name}\` to choose, or \`by current\` if the current player chooses for them`,
    );
    return;
  }
}
