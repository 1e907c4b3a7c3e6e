import type { GameDef, IrExpr, IrStmt } from "../dsl/ir.ts";
import type { Span } from "../dsl/span.ts";
import { assertNever } from "./assert-never.ts";

/**
 * A place in the rules where a player may be asked to decide. Listed from the checked rules
 * (`Game.choiceSites`) and matched with the places the decisions of played matches came from
 * (`Match.decisionSites`), so a tool can tell a designer which choices never came up: a choice
 * behind a condition that never holds is a rule that silently never happens.
 */
export interface ChoiceSite {
  /**
   * `choose`, `secretly … chooses`, a `choose { option … }` block of named options, or one
   * `option` of such a block: each option has a site of its own, since a `when` that never holds
   * hides that one option while the block is offered with the others.
   */
  kind: "choose" | "secret" | "options" | "option";
  /** Where it is written; `file` is set when that is another file (a variant's base), as on every span of the rules. */
  span: Span;
  /**
   * The question as the rules write it (an option's label for an `option`), when they give one:
   * its text, each `{…}` interpolation as written. What a designer recognises the choice by.
   */
  prompt?: string;
  /** An option's block of named options: when the block itself is never offered, neither are its options. */
  block?: Span;
}

/** The identity of a site across the rules and the matches played: its file and where it starts. */
export function siteKey(span: Span): string {
  return `${span.file ?? ""}@${span.start.offset}`;
}

/**
 * Every choice site of a game's rules (`setup`, `flow`, procedures and event handlers: where a
 * choice may be written), in file and source order. A procedure nothing calls still has its
 * sites: its choices never come up either, and saying so is the point.
 */
export function choiceSites(def: GameDef): ChoiceSite[] {
  const out: ChoiceSite[] = [];
  const prompt = (e: IrExpr | undefined): string | undefined => (e ? writtenText(def, e) : undefined);
  const add = (kind: ChoiceSite["kind"], span: Span, text: string | undefined, block?: Span): void => {
    const site: ChoiceSite = { kind, span };
    if (text !== undefined) site.prompt = text;
    if (block) site.block = block;
    out.push(site);
  };
  const visit = (stmts: IrStmt[]): void => {
    for (const s of stmts) {
      switch (s.op) {
        case "choose":
        case "secret":
          add(s.op, s.span, prompt(s.prompt));
          break;
        case "options":
          add("options", s.span, prompt(s.prompt));
          for (const o of s.options) {
            add("option", o.span, prompt(o.label), s.span);
            visit(o.body);
          }
          break;
        case "if":
          visit(s.then);
          visit(s.else);
          break;
        case "for":
        case "while":
        case "repeat":
        case "loop":
        case "turn":
          visit(s.body);
          break;
        case "let":
        case "assign":
        case "call":
        case "break":
        case "continue":
        case "return":
        case "move":
        case "deal":
        case "shuffle":
        case "place":
        case "flip":
        case "remove":
        case "trigger":
        case "end":
        case "log":
          break;
        default:
          assertNever(s, "statement");
      }
    }
  };
  if (def.setup) visit(def.setup.body);
  visit(def.flow.body);
  for (const p of Object.values(def.procedures)) visit(p.body);
  for (const h of def.handlers) visit(h.body);
  return out.sort((a, b) => (a.span.file ?? "").localeCompare(b.span.file ?? "") || a.span.start.offset - b.span.start.offset);
}

/**
 * A prompt or label as written: a plain text as it is; an interpolated one with each `{…}` as
 * its source when the source is at hand (the rules' own file), else `{…}`. Only for reading:
 * what players see is worked out while playing.
 */
function writtenText(def: GameDef, e: IrExpr): string | undefined {
  if (e.op === "lit") return typeof e.v === "string" ? e.v : undefined;
  if (e.op !== "template") return undefined;
  return e.parts.map((p) => (typeof p === "string" ? p : `{${p.e.span.file === undefined ? def.source.slice(p.e.span.start.offset, p.e.span.end.offset) : "…"}}`)).join("");
}
