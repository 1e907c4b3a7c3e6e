/**
 * Whether a balance run's figures are still those of the rules being edited:
 * the panel stays open while the designer edits, and figures of rules since
 * changed, shown with no word, read as the figures of the rules on screen.
 * Gives the note to show, or undefined when the run played these very rules.
 */
export function runAgeNote(ranOn: string, rulesNow: string | undefined): string | undefined {
  if (rulesNow === undefined || rulesNow === ranOn) return undefined;
  return "These figures are from an earlier version of the rules: they were edited since this run. Run again for the rules as they are now.";
}
