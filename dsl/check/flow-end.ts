import type { GameDef, IrStmt } from "../ir.ts";

/**
 * Can the flow ever end? It ends when its body finishes or when `end game`
 * runs (in the flow, a procedure it calls, or an event handler). A `loop`
 * (or `while true`) with no `break` or `return` never finishes, so a flow
 * built on one needs an `end game` somewhere reachable.
 */
export function flowCanEnd(def: GameDef): boolean {
  if (mayFinish(def.flow.body)) return true;
  const seen = new Set<string>();
  const reachesEnd = (stmts: IrStmt[]): boolean => stmts.some((s) => stmtReachesEnd(s, reachesEnd, seen, def));
  return reachesEnd(def.flow.body) || def.handlers.some((h) => reachesEnd(h.body));
}

function stmtReachesEnd(s: IrStmt, reaches: (b: IrStmt[]) => boolean, seen: Set<string>, def: GameDef): boolean {
  switch (s.op) {
    case "end":
      return true;
    case "call": {
      if (seen.has(s.proc)) return false;
      seen.add(s.proc);
      const p = def.procedures[s.proc];
      return !!p && reaches(p.body);
    }
    default:
      return children(s).some(reaches);
  }
}

function children(s: IrStmt): IrStmt[][] {
  switch (s.op) {
    case "if":
      return [s.then, s.else];
    case "for":
    case "while":
    case "repeat":
    case "loop":
    case "turn":
      return [s.body];
    case "options":
      return s.options.map((o) => o.body);
    default:
      return [];
  }
}

/** May these statements run to their end (rather than loop forever)? */
function mayFinish(stmts: IrStmt[]): boolean {
  return stmts.every((s) => {
    if (s.op === "loop" || (s.op === "while" && s.c.op === "lit" && s.c.v === true)) return exits(s.body);
    return true;
  });
}

/** Does a loop body contain a `break` for this loop, or a `return`? */
function exits(stmts: IrStmt[]): boolean {
  return stmts.some((s) => {
    if (s.op === "break" || s.op === "return") return true;
    // A `break` inside an inner loop leaves only that loop; a `return` leaves everything.
    if (s.op === "for" || s.op === "while" || s.op === "repeat" || s.op === "loop") return returns(s.body);
    return children(s).some(exits);
  });
}

function returns(stmts: IrStmt[]): boolean {
  return stmts.some((s) => s.op === "return" || children(s).some(returns));
}
