/** The rules a balance run played: their text, and the variant in play (none: the base rules). */
export interface RunRules {
  source: string;
  variant?: string | undefined;
}

/**
 * Whether a balance run's figures are still those of the rules being played:
 * the panel stays open while the designer edits or picks another variant, and
 * figures of other rules, shown with no word, read as the figures of the rules
 * on screen. Variants of one file share its text, so the variant is compared
 * too. Gives the note to show, or undefined when the run played these very rules.
 * `now.source` undefined: the rules are not known yet (nothing checked), no note.
 */
export function runAgeNote(ran: RunRules, now: { source: string | undefined; variant?: string | undefined }): string | undefined {
  if (now.source === undefined) return undefined;
  if (now.source !== ran.source) return "These figures are from an earlier version of the rules: they were edited since this run. Run again for the rules as they are now.";
  if (now.variant === ran.variant) return undefined;
  const name = (v: string | undefined): string => (v === undefined ? "the base rules" : `variant "${v}"`);
  return `These figures are of ${name(ran.variant)}, not of ${name(now.variant)} now in play. Run again for the rules in play.`;
}
