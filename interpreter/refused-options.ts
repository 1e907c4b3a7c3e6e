import type { Exec } from "./exec.ts";
import { newExec } from "./exec.ts";
import { items } from "./compile-expr.ts";
import type { Match, Option } from "./match.ts";
import { choiceLabeller, legalValues, nameChoice, namedOption } from "./options.ts";
import type { Instr } from "./compile-code.ts";
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
 * pending decision offers nothing to click there or nothing about the target
 * is refused. Of a choice of named actions (`option "…" when c`), with no
 * target: those turned down, with their `else` text (a playtest showed only
 * the ones offered, and never said why "Play it" was missing).
 */
export function refusedOptions(match: Match, player: number, target: RefusalTarget): RefusedOption[] {
  // Asking who decides offers a choice a look-ahead copy stopped at (`Match.lookAhead`).
  if (!match.decision) return [];
  const s = match.state;
  const p = s.pending;
  if (!p || s.over) return [];
  const rt = match.game.runtime(s.variant);
  const f = s.stack[s.stack.length - 1];
  if (!f) return [];
  const ins = rt.code.get(f.code)?.instrs[f.pc];
  if (p.kind === "options") return ins?.k === "options" && target.space === undefined && target.piece === undefined ? refusedNamed(match, player, ins, f.locals) : [];
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

/** The named options of `ins` not offered to `player` now, each with the match's own refusal. */
function refusedNamed(match: Match, player: number, ins: Extract<Instr, { k: "options" }>, locals: readonly unknown[]): RefusedOption[] {
  const offered = new Set(match.options(player).map((o) => o.id));
  // Labels are read on a copy, as the VM reads them: reading one must not disturb the match.
  const probe: Exec = { ...newExec(match.game.runtime(match.state.variant), cloneState(match.state)), events: [] };
  const l = [...locals] as Parameters<(typeof ins.options)[number]["label"]>[1];
  const out: RefusedOption[] = [];
  for (let i = 0; i < ins.options.length; i++) {
    let named;
    try {
      named = namedOption(String(ins.options[i]!.label(probe, l)), i, i);
    } catch {
      continue;
    }
    if (offered.has(named.id)) continue;
    // Asked of a copy: were a label read otherwise than the VM reads it, the real match stays as it was.
    const r = match.clone().apply(named.id, player);
    if (r.ok) continue;
    const prefix = `${named.label} is not allowed: `;
    out.push({ id: named.id, label: named.label, reason: r.reason, rule: r.reason.startsWith(prefix) ? r.reason.slice(prefix.length) : r.reason });
  }
  return out;
}
