import type { Exec } from "./exec.ts";
import { newExec } from "./exec.ts";
import { items } from "./compile-expr.ts";
import type { Match, Option } from "./match.ts";
import { choiceLabeller, legalValues, nameChoice } from "./options.ts";
import { cloneState } from "./clone-state.ts";

/** A would-be option the rules do not allow now, and why, in the rules' own words. */
export interface RefusedOption extends Omit<Option, "index"> {
  /** The whole refusal, naming the option ("X is not allowed: …"). */
  reason: string;
  /** The rules' own words alone (the failing `where … else` / `require` text), shared by options refused alike. */
  rule: string;
}

/** Which would-be options to explain: those about a space, a piece, or both. */
export interface RefusalTarget {
  space?: string;
  piece?: number;
}

/**
 * The options `player` would have at the pending choice if its `where` /
 * `require` conditions were not there, minus those offered, each with the
 * reason the rules give for refusing it — restricted to those about
 * `target` (a clicked space or piece). A table draws every space; this says
 * why a click on one that is not highlighted does nothing. Empty when the
 * pending decision is not a choice from a collection (a list of named
 * options has nothing to click) or nothing about the target is refused.
 */
export function refusedOptions(match: Match, player: number, target: RefusalTarget): RefusedOption[] {
  // Asking who decides offers a choice a look-ahead copy stopped at (`Match.lookAhead`).
  if (!match.decision) return [];
  const s = match.state;
  const p = s.pending;
  if (!p || s.over || p.kind === "options") return [];
  const rt = match.game.runtime(s.variant);
  const f = s.stack[s.stack.length - 1];
  if (!f) return [];
  const ins = rt.code.get(f.code)?.instrs[f.pc];
  if (!ins || (ins.k !== "choose" && ins.k !== "secret")) return [];
  const offered = new Set(match.options(player).map((o) => o.id));
  // Work on a copy: listing candidates must not disturb the match.
  const probe: Exec = { ...newExec(rt, cloneState(s)), events: [] };
  const l = probe.s.stack[probe.s.stack.length - 1]!.locals;
  if (ins.k === "secret") l[ins.chooserSlot] = player;
  let candidates;
  try {
    const values = legalValues(probe, items(probe, ins.src(probe, l), ins.zone, ins.span), ins.valueType, player);
    candidates = nameChoice(probe, { values }, ins.valueType, player, choiceLabeller(probe, ins, l, player, false));
  } catch {
    return [];
  }
  const out: RefusedOption[] = [];
  for (const c of candidates) {
    if (offered.has(c.id)) continue;
    if (target.space !== undefined && !c.spaces?.includes(target.space)) continue;
    if (target.piece !== undefined && !c.pieces?.includes(target.piece)) continue;
    // The match's own refusal gives the reason (it explains on a copy, so the match is unchanged).
    const r = match.apply(c.id, player);
    if (r.ok) continue;
    // A multi-pick offers combinations: an item no `where` refuses is simply part of some of them.
    if (ins.count && r.code === "unknown-option") continue;
    const prefix = `${c.label} is not allowed: `;
    const o: RefusedOption = { id: c.id, label: c.label, reason: r.reason, rule: r.reason.startsWith(prefix) ? r.reason.slice(prefix.length) : r.reason };
    if (c.spaces) o.spaces = c.spaces;
    if (c.pieces) o.pieces = c.pieces;
    out.push(o);
  }
  return out;
}
