import type { IrStmt } from "../ir.ts";

/**
 * Can running these statements reach their end? A procedure that promises a value
 * (`procedure give(p: player): number`) and can reach the end of its body gives `none` there,
 * and the mistake shows only when a caller uses that `none`, at the caller's line, in some
 * games. A block cannot reach its end past a statement that always leaves: a `return`, an
 * `end game`, an `if` whose branches both always leave, a choice among named options each of
 * which always leaves, a turn whose body always leaves, or a loop nothing breaks out of.
 */
export function fallsThrough(stmts: IrStmt[]): boolean {
  return !stmts.some(alwaysLeaves);
}

/**
 * The last test of a `match` with an arm for every member of its enum (`match.ts` lowers a match
 * to a chain of `if`s): its empty `else` is never reached.
 */
const exhaustive = new WeakSet<IrStmt>();

export function markExhaustive(last: IrStmt): void {
  exhaustive.add(last);
}

function alwaysLeaves(s: IrStmt): boolean {
  switch (s.op) {
    case "return":
    case "end":
      return true;
    case "if":
      return !fallsThrough(s.then) && (exhaustive.has(s) || !fallsThrough(s.else));
    case "options":
      return s.options.length > 0 && s.options.every((o) => !fallsThrough(o.body));
    case "turn":
      return !fallsThrough(s.body);
    case "loop":
      return !breaks(s.body);
    case "while":
      return s.c.op === "lit" && s.c.v === true && !breaks(s.body);
    default:
      return false;
  }
}

/** Does a loop body hold a `break` that leaves this loop (not one of an inner loop)? */
function breaks(stmts: IrStmt[]): boolean {
  return stmts.some((s) => {
    switch (s.op) {
      case "break":
        return true;
      case "if":
        return breaks(s.then) || breaks(s.else);
      case "options":
        return s.options.some((o) => breaks(o.body));
      case "turn":
        return breaks(s.body);
      default:
        // An inner loop's `break` leaves only that loop.
        return false;
    }
  });
}
