import { hiddenSlot } from "./hidden-slot.ts";
import type { MatchState } from "./state.ts";

/**
 * Zones a state shares with its copies. Copying a state (`clone-state.ts`) copies its record of
 * zones (`MatchState.zones`, zone key → piece ids bottom first) but not the lists in it: both
 * states share every list until one of them changes it. Every change to a zone's list goes
 * through `ownZone`, which first gives the changing state a list of its own if it shares that one.
 *
 * Why: a search copies the match for every option it tries and changes a zone or two on each
 * copy, and copying every zone's list with a record of thirty zones took 40% of a copy (5 µs).
 * Copying the record itself is cheap only while V8 keeps it in its fast layout, which a record
 * built key by key loses past a dozen or so keys: records are made from the rules' layout
 * (`zoneRecord`), in every match started or read back.
 *
 * Kept beside each state whose record shares: the keys of the lists it has made its own since
 * (null before the first). A state without a mark shares nothing (a new match, one read back
 * from JSON) and changes its lists in place: a random playout, which copies nothing, pays a
 * look-up per change. The mark is kept on the state, not on the record: V8 copies a record that
 * carries a hidden slot ten times as slowly (1.3 µs against 0.1 for thirty zones).
 */
const sharing = hiddenSlot<Set<string> | null>();

/**
 * `lists` (a zones record read back from JSON) in the fast layout of `layout` (the plan's,
 * `StartPlan.zoneLayout`), when it has exactly the layout's keys; otherwise `lists` as it is.
 */
export function zoneRecord(layout: Record<string, null>, lists: Record<string, number[]>): Record<string, number[]> {
  let n = 0;
  for (const k in layout) {
    if (!Array.isArray(lists[k])) return lists;
    n++;
  }
  if (Object.keys(lists).length !== n) return lists;
  const out = { ...layout } as unknown as Record<string, number[]>;
  for (const k in layout) out[k] = lists[k]!;
  return out;
}

/** Gives `copy` (a copy of `s` being made) the zones of `s`: the same lists, now shared, so neither state changes one in place. */
export function shareZones(s: MatchState, copy: MatchState): void {
  copy.zones = { ...s.zones };
  sharing.set(s, null);
  sharing.set(copy, null);
}

/** The list of zone `key` in `s`, to change: one `s` shares with a copy is copied first. Undefined for no such zone. */
export function ownZone(s: MatchState, key: string): number[] | undefined {
  const zones = s.zones;
  const list = zones[key];
  if (list === undefined) return undefined;
  const owned = sharing.get(s);
  if (owned === undefined) return list;
  if (owned !== null && owned.has(key)) return list;
  const mine = list.slice();
  zones[key] = mine;
  if (owned === null) sharing.set(s, new Set([key]));
  else owned.add(key);
  return mine;
}
