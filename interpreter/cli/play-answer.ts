/**
 * What a typed answer in `stela play` means. Options are listed with a number (their place in the
 * list) and their id; either may be typed. When ids are numbers too (`choose n from 1..3 where
 * n > 1` lists `1. 2 [2]` and `2. 3 [3]`), `2` is both the id of the first option and the number
 * of the second: playing either would be a guess, and a move cannot be taken back, so the player
 * is asked to say which (`#2` is always a number, `[2]` always an id).
 */
export type Answer =
  /** An offered option, by id. */
  | { kind: "take"; id: string }
  /** Not an offered option: put it to the rules, which say why they refuse it; `hint` follows their reason. */
  | { kind: "ask-rules"; id: string; hint?: string }
  /** Not understood, or ambiguous: say this and ask again. */
  | { kind: "again"; message: string };

/**
 * Reads `text` against the options listed (in their listed order). `refused(id)`: whether the
 * rules know `id` as an option of this choice that they refuse now (then a number that is also
 * a position is read as that id, so a designer trying a refused value sees why it is refused).
 */
export function readAnswer(text: string, options: readonly { id: string; label: string }[], refused: (id: string) => boolean): Answer {
  const numbers = `type a number from 1 to ${options.length}, or an option id`;
  const offered = options.find((o) => o.id === text);
  const isNumber = /^\d+$/.test(text);
  if (offered && !isNumber) return { kind: "take", id: offered.id };
  const hash = /^#(\d+)$/.exec(text);
  if (hash) {
    const at = options[Number(hash[1]) - 1];
    return at ? { kind: "take", id: at.id } : { kind: "again", message: `"${text}" is not an option: ${numbers}` };
  }
  const bracketed = /^\[(.*)\]$/.exec(text);
  if (bracketed) {
    const id = bracketed[1]!.trim();
    return options.some((o) => o.id === id) ? { kind: "take", id } : { kind: "ask-rules", id };
  }
  if (!isNumber) return { kind: "ask-rules", id: text };
  const n = Number(text);
  const at = options[n - 1];
  if (offered) {
    if (!at || at.id === offered.id) return { kind: "take", id: offered.id };
    const first = options.indexOf(offered) + 1;
    return {
      kind: "again",
      message: `"${text}" is both the id of option ${first} (${offered.label}) and the number of option ${n} (${at.label}): type [${text}] for option ${first} or #${n} for option ${n}`,
    };
  }
  if (!at) return { kind: "ask-rules", id: text };
  if (refused(text)) return { kind: "ask-rules", id: text, hint: `(option ${n} is ${at.label}: type #${n} to take it)` };
  return { kind: "take", id: at.id };
}
