import type { PickView } from "../../../interpreter/index.ts";

/**
 * A choice of several items at once, taken in the playtest item by item (`DecisionView.pick`): the
 * designer clicks cards in a hand (or items in the list) to pick and unpick them, then takes the
 * pick. `picked` holds item ids, an item of a group of like ones once per copy picked.
 */

/** How many of item `id` are picked. */
export function timesPicked(picked: readonly string[], id: string): number {
  let n = 0;
  for (const p of picked) if (p === id) n++;
  return n;
}

/**
 * A click on item `id`: picks one more of it while its group has copies left and the pick is not
 * full; otherwise unpicks all of it (a single item toggles; one of three alike goes 0, 1, 2, 3, 0).
 * A full pick refuses a new item (`full`), so one click never silently drops another item.
 */
export function togglePick(pick: PickView, picked: readonly string[], id: string): { picked: string[]; full?: true } {
  const item = pick.items.find((i) => i.id === id);
  if (!item) return { picked: [...picked] };
  const n = timesPicked(picked, id);
  if (n < item.copies && picked.length < pick.count) return { picked: [...picked, id] };
  if (n > 0) return { picked: picked.filter((p) => p !== id) };
  // One item at a time: the new one replaces the old, as a single choice would.
  if (pick.count === 1) return { picked: [id] };
  return { picked: [...picked], full: true };
}

/** The pieces of the picked items, to show them picked on the table. */
export function pickedPieces(pick: PickView, picked: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (const item of pick.items) if (picked.includes(item.id)) for (const p of item.pieces ?? []) out.add(p);
  return out;
}

/** What is picked, in the items' order, as a sentence: "2 of clubs, 4 of spades and 5 of hearts"; "nothing" for none. */
export function pickedText(pick: PickView, picked: readonly string[]): string {
  const labels: string[] = [];
  for (const item of pick.items) for (let i = timesPicked(picked, item.id); i > 0; i--) labels.push(item.label);
  if (labels.length === 0) return "nothing";
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}
