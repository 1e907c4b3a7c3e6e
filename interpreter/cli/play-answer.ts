import { pickComplete, pickId, pickSize, type PickView } from "../index.ts";

/**
 * What a typed answer in `stela play` means. Options are listed with a number (their place in the
 * list) and their id; either may be typed. When ids are numbers too (`choose n from 1..3 where
 * n > 1` lists `1. 2 [2]` and `2. 3 [3]`), `2` is both the id of the first option and the number
 * of the second: playing either would be a guess, and a move cannot be taken back, so the player
 * is asked to say which (`#2` is always a number, `[2]` always an id). A label as listed (`f5`,
 * `Man on d5`) is taken too, when it is no option's id and one option alone reads so: a square
 * or a piece is listed by its label, and its id (`squares:5,4`) is no name a player would type.
 *
 * A choice whose every id is a whole number (a bid of 0 to 13, a number of cards) is listed by its
 * ids instead (`numbersAreIds`): what is typed is the number shown, and nothing is ambiguous. A
 * trick-taking game's designer met "is both the id of option 3 and the number of option 2" at
 * every bid.
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
 * `refusedLabels()`: the options the rules refuse now, with their labels, so a refused square
 * typed by its label is put to the rules too and its reason told (asked for only when needed).
 */
export function readAnswer(
  text: string,
  options: readonly { id: string; label: string }[],
  refused: (id: string) => boolean,
  refusedLabels: () => readonly { id: string; label: string }[] = () => [],
): Answer {
  const numbers = `type a number from 1 to ${options.length}, or an option id`;
  // Listed by their ids: a number is the id shown (one not offered goes to the rules, which say why).
  if (numbersAreIds(options) && /^\d+$/.test(text)) return options.some((o) => o.id === text) ? { kind: "take", id: text } : { kind: "ask-rules", id: text };
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
  if (!isNumber) return byLabel(text, options, refusedLabels);
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

/**
 * A typed text that is no offered option's id: the one option labelled so (exactly, else with
 * another case), offered or refused; otherwise put to the rules as an id, as before. Two options
 * that read alike are no answer to guess between.
 */
function byLabel(text: string, options: readonly { id: string; label: string }[], refusedLabels: () => readonly { id: string; label: string }[]): Answer {
  const find = (list: readonly { id: string; label: string }[]): { id: string; label: string }[] => {
    const exact = list.filter((o) => o.label === text);
    return exact.length ? exact : list.filter((o) => o.label.toLowerCase() === text.toLowerCase());
  };
  const offered = find(options);
  if (offered.length === 1) return { kind: "take", id: offered[0]!.id };
  if (offered.length > 1) return { kind: "again", message: `"${text}" is the label of options ${offered.map((o) => options.indexOf(o) + 1).join(" and ")}: type the number or the id of the one you mean` };
  const refused = find(refusedLabels());
  if (refused.length === 1) return { kind: "ask-rules", id: refused[0]!.id };
  return { kind: "ask-rules", id: text };
}

/**
 * What a typed answer means at a choice of several items at once, listed item by item (`PickView`):
 * the items' numbers or ids, separated by spaces or commas (`1 4 7`, `gold, wood`), an item
 * of a group of like ones typed as often as it is taken; or a whole option's id (`gold+corn`), or
 * its label. `stop` takes the stop option when the choice offers one; `-` picks nothing where
 * fewer may be taken.
 */
export function readPick(text: string, pick: PickView, options: readonly { id: string; label: string }[]): Answer {
  const whole = options.find((o) => o.id === text || o.label === text);
  if (whole && !/^[\d\s,#[\]]+$/.test(text)) return { kind: "take", id: whole.id };
  const how = pickHow(pick);
  if (text === "-") return pick.least === 0 ? { kind: "take", id: pickId(pick, []) } : { kind: "again", message: `pick ${pickSize(pick)}: ${how}` };
  const picked: string[] = [];
  for (const word of text.split(/[\s,]+/).filter((w) => w !== "")) {
    // As with single options: `#2` is always a number in the list, `[2]` always an id, and a bare
    // 2 that is one item's id and another item's number is asked about, never guessed.
    const hash = /^#(\d+)$/.exec(word);
    const bracketed = /^\[(.*)\]$/.exec(word);
    const byId = pick.items.find((i) => i.id === (bracketed ? bracketed[1] : word));
    const byNumber = hash || /^\d+$/.test(word) ? pick.items[Number(hash ? hash[1] : word) - 1] : undefined;
    if (!hash && !bracketed && byId && byNumber && byId !== byNumber) {
      const n = pick.items.indexOf(byId) + 1;
      return { kind: "again", message: `"${word}" is both the id of item ${n} (${byId.label}) and the number of item ${word} (${byNumber.label}): type [${word}] for item ${n} or #${word} for item ${word}` };
    }
    const item = hash ? byNumber : bracketed ? byId : (byId ?? byNumber);
    if (!item) return { kind: "again", message: `"${word}" is not one of the items: ${how}` };
    picked.push(item.id);
  }
  const over = pick.items.find((i) => picked.filter((id) => id === i.id).length > i.copies);
  if (over) return { kind: "again", message: `there ${over.copies === 1 ? "is only one" : `are only ${over.copies}`} of ${over.label}: ${how}` };
  if (!pickComplete(pick, picked)) return { kind: "again", message: `that is ${picked.length} item${picked.length === 1 ? "" : "s"}: ${how}` };
  // Every whole pick of items each allowed is an option; the rules say why if not.
  const id = pickId(pick, picked);
  return options.some((o) => o.id === id) ? { kind: "take", id } : { kind: "ask-rules", id };
}

/** How to answer a pick, as `stela play` says it. */
export function pickHow(pick: PickView): string {
  return `type ${pickSize(pick)} item number${pick.count === 1 ? "" : "s"} or ids, separated by spaces${pick.least === 0 ? " (- for none)" : ""}`;
}

/** Is every option's id a whole number (`0`, `12`)? Such a choice is listed, and read, by its ids (`readAnswer`). */
export function numbersAreIds(options: readonly { id: string }[]): boolean {
  return options.length > 0 && options.every((o) => /^\d+$/.test(o.id));
}
