import type { GameDef, IrStmt } from "../ir.ts";
import type { Span } from "../span.ts";
import type { Checker } from "./context.ts";

/**
 * A choice with no `by` asks the player of the innermost `turn`. One that can
 * run outside any `turn` (in `setup` or `flow`, directly or through the
 * procedures they call) would fail while playing; it is reported here, at the
 * choice or at the call that reaches it.
 */

interface Site {
  span: Span;
  /** The procedure called, when the choice is inside it. */
  via?: string;
}

/** The first place in `stmts` that asks with no player when run outside a `turn`. */
function firstUnguarded(def: GameDef, stmts: IrStmt[], memo: Map<string, Site | null>): Site | undefined {
  for (const s of stmts) {
    const found = unguardedIn(def, s, memo);
    if (found) return found;
  }
  return undefined;
}

function unguardedIn(def: GameDef, s: IrStmt, memo: Map<string, Site | null>): Site | undefined {
  switch (s.op) {
    case "turn":
      return undefined;
    case "choose":
      return s.by ? undefined : { span: s.span };
    case "options":
      if (!s.by) return { span: s.span };
      return firstUnguarded(def, s.options.flatMap((o) => o.body), memo);
    case "call": {
      if (!memo.has(s.proc)) {
        memo.set(s.proc, null); // in progress: a recursive call adds nothing new
        const p = def.procedures[s.proc];
        memo.set(s.proc, (p && firstUnguarded(def, p.body, memo)) ?? null);
      }
      return memo.get(s.proc) ? { span: s.span, via: s.proc } : undefined;
    }
    case "if":
      return firstUnguarded(def, s.then, memo) ?? firstUnguarded(def, s.else, memo);
    case "for":
    case "while":
    case "repeat":
    case "loop":
      return firstUnguarded(def, s.body, memo);
    default:
      return undefined;
  }
}

/** Reports each choice in `setup` and `flow` that can run with no player to ask. */
export function checkChoicesHavePlayers(c: Checker): void {
  const memo = new Map<string, Site | null>();
  for (const code of [c.def.setup, c.def.flow]) {
    if (!code) continue;
    const reported = new Set<number>();
    const visit = (stmts: IrStmt[]): void => {
      for (const s of stmts) {
        const site = unguardedIn(c.def, s, memo);
        if (!site || reported.has(site.span.start.offset)) continue;
        reported.add(site.span.start.offset);
        if (site.via) {
          const inner = memo.get(site.via)!;
          c.sink.error(
            "choose-without-player",
            `\`${site.via}\` asks for a choice with no \`by\` (line ${inner.span.start.line}), and is called here outside any \`turn\`: nobody would be asked`,
            site.span,
            "call it inside `turn p { … }`, or give the choice `by p`",
          );
        } else {
          c.sink.error("choose-without-player", "this choice has no `by` and runs outside any `turn`: nobody would be asked", site.span, "put it inside `turn p { … }`, or add `by p`");
        }
      }
    };
    visit(code.body);
  }
}
