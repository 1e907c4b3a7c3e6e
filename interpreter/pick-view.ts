import type { OptionView } from "./view.ts";

/**
 * A choice of several items at once (`choose 3 c from …`, `choose up to 2 …`) as a person takes
 * it: item by item, not from a list of every combination (passing 3 of 13 cards is 286
 * combinations). Its options are still the combinations, and an option's id is the ids of the
 * items it takes, in the order `items` lists them, joined with `+` (an item of a group of like
 * ones taken twice appears twice); `pickId` builds it from the items a person picked.
 */
export interface PickView {
  /** The most items one pick takes (never more than there are items). */
  count: number;
  /** Whether fewer may be taken (`choose up to n`); otherwise exactly `count`. */
  upTo: boolean;
  /** Each item once per group of like ones (interchangeable pieces, equal values), with how many the group holds. */
  items: (OptionView & { copies: number })[];
}

/** The option id that takes the items picked (their ids, an item picked twice given twice), or `nothing` for none. */
export function pickId(pick: PickView, picked: readonly string[]): string {
  const rank = new Map(pick.items.map((item, i) => [item.id, i]));
  const ids = [...picked].sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity));
  return ids.length ? ids.join("+") : "nothing";
}

/**
 * Whether `picked` (item ids, repeats for several of one group) is a whole pick: as many items as
 * the choice takes (up to that many for `choose up to`), none more often than its group holds.
 */
export function pickComplete(pick: PickView, picked: readonly string[]): boolean {
  const n = picked.length;
  if (pick.upTo ? n > pick.count : n !== pick.count) return false;
  for (const item of pick.items) if (picked.filter((id) => id === item.id).length > item.copies) return false;
  return picked.every((id) => pick.items.some((item) => item.id === id));
}
