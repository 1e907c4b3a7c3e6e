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
  /** The fewest items one pick takes: `count` for `choose n`, 0 for `choose up to n`, n for `choose at least n`. */
  least: number;
  /** Whether none may be taken (`choose up to n`). */
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
 * the choice takes (from `least` up to `count`), none more often than its group holds.
 */
export function pickComplete(pick: PickView, picked: readonly string[]): boolean {
  const n = picked.length;
  if (n < pick.least || n > pick.count) return false;
  for (const item of pick.items) if (picked.filter((id) => id === item.id).length > item.copies) return false;
  return picked.every((id) => pick.items.some((item) => item.id === id));
}

/** How many items a pick takes, as a person reads it: `2`, `up to 2`, `2 to 5` (`choose at least 2` of five). */
export function pickSize(pick: PickView): string {
  if (pick.least === pick.count) return String(pick.count);
  return pick.least === 0 ? `up to ${pick.count}` : `${pick.least} to ${pick.count}`;
}
