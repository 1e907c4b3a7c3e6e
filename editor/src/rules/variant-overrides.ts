import type { Outline } from "./outline.ts";

/** A declaration of the base rules that the variant in play replaces, and what to say beside it. */
export interface ShownOverride {
  /** Where the base declaration starts in the text (an offset): its first line gets the note. */
  offset: number;
  /** `→ 12 in "Tight purse" (line 250)`, or `replaced in "Tight purse" (line 250)` for a rule. */
  text: string;
}

/**
 * The base declarations the variant in play (`A+B`: several, in order) overrides, each with what
 * replaces it: an auction's designer picked "Tight purse" in the playtest and read
 * `const START_COINS = 16` in the rules beside it, the override 250 lines below. A variant's
 * `include`s count first, as they are laid over the base first; a later variant's override wins.
 * Overrides of declarations this file does not have (a variant file's base lives in another) are
 * left out. `lineOf` gives a text offset's line, for where the override is written.
 */
export function overridesShown(outline: Outline, variant: string | undefined, lineOf: (offset: number) => number): ShownOverride[] {
  if (!variant) return [];
  const byTitle = new Map(outline.variants.map((v) => [v.title, v]));
  // The variants laid over the base, in order, each once (an include cycle is the checker's error).
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (title: string): void => {
    const v = byTitle.get(title);
    if (!v || seen.has(title)) return;
    seen.add(title);
    for (const inc of v.includes) visit(inc);
    order.push(title);
  };
  for (const title of variant.split("+")) visit(title.trim());
  const shown = new Map<number, ShownOverride>();
  for (const title of order) {
    for (const o of byTitle.get(title)!.overrides) {
      const base = outline.decls.find((d) => d.kind === o.kind && d.name === o.name);
      if (!base) continue;
      const where = `in "${title}" (line ${lineOf(o.offset)})`;
      shown.set(base.start, { offset: base.start, text: o.value !== undefined ? `→ ${o.value} ${where}` : `replaced ${where}` });
    }
  }
  return [...shown.values()].sort((a, b) => a.offset - b.offset);
}
