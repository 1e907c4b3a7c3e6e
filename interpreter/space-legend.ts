import type { BoardView, SpaceView } from "./view.ts";

/**
 * What each label drawn on a board's spaces means (`t`: temple, `--`: out of play), for a legend
 * under the board in the editor and the terminal: a space's `show { text }`, else the attributes
 * every space showing that label shares. A board labelled on every space (a track's values)
 * explains itself, and so does one whose labels read the play (a count of seeds in a pit: the
 * spaces showing "0" now share nothing that "0" means): those get none.
 */
export function spaceLegend(b: BoardView): { label: string; meaning: string }[] {
  const byLabel = new Map<string, SpaceView[]>();
  for (const s of b.spaces) {
    const l = s.show?.label;
    if (l) byLabel.set(l, [...(byLabel.get(l) ?? []), s]);
  }
  if (byLabel.size === 0 || byLabel.size >= b.spaces.length || b.labelsFollowPlay) return [];
  const out: { label: string; meaning: string }[] = [];
  for (const [label, spaces] of byLabel) {
    const meaning = spaceMeaning(label, spaces);
    if (meaning) out.push({ label, meaning });
  }
  return out;
}

/**
 * What the spaces showing `label` share, or nothing when the label already spells it out in words
 * (not numbers alone): a town named by its `town` attribute, a route shown as its length and
 * colour ("2 red"). Such labels are not codes, and a legend of them (a route map's "Ardmore town
 * Ardmore, length 0, colour grey", once per town) only repeats the board.
 */
function spaceMeaning(label: string, spaces: SpaceView[]): string {
  const text = spaces.find((s) => s.show?.text)?.show?.text;
  if (text) return text;
  const [first, ...rest] = spaces;
  const shared = Object.entries(first!.attrs).filter(([k, v]) => v !== null && v !== false && v !== "" && rest.every((s) => s.attrs[k] === v));
  // A bare number stays explained: "3" could be any attribute's (zone 3, 3 crops).
  const values = new Set(shared.map(([, v]) => String(v)));
  const words = label.split(/\s+/);
  if (words.every((w) => values.has(w)) && words.some((w) => Number.isNaN(Number(w)))) return "";
  return shared.map(([k, v]) => (v === true ? k : `${k} ${String(v)}`)).join(", ");
}
