/**
 * Questions asked in turn whose answers may come back late and out of turn: "why can this not be
 * taken?" goes to the worker, which may take a second on a big game, and the designer clicks on
 * meanwhile. Only the answer to the question asked last may be shown: a refusal of an earlier
 * click must not overwrite what a later click did (a piece picked up, another reason given).
 */
export class LatestQuestion {
  private asked = 0;

  /** Something new was asked or done: answers to what came before are stale from now on. Gives the new question's number. */
  next(): number {
    return ++this.asked;
  }

  /** Whether the answer to question `n` is still wanted (nothing was asked or done since). */
  current(n: number): boolean {
    return n === this.asked;
  }
}
