import { BUILTINS, CONSTANTS, EVENTS, FORMS, PROPERTIES, type BuiltinProperty } from "../../../dsl/index.ts";
import { CONTEXTUAL_KEYWORDS, KEYWORDS, TYPE_NAMES } from "../../../dsl/index.ts";
import type { OutlineField } from "./outline.ts";
import { declarationAround, typeOfName, wordAt, type LanguageContext } from "./symbol-lookup.ts";

export type SuggestionKind = "keyword" | "type" | "function" | "constant" | "variable" | "field" | "property" | "snippet" | "declaration";

/** One completion, independent of Monaco (so it can be tested in Node). */
export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  /** Shown beside the label: a signature or a type. */
  detail?: string;
  /** Markdown shown in the details pane. */
  documentation?: string;
  /** Text to insert, a Monaco snippet when `snippet` is set. */
  insertText: string;
  snippet?: boolean;
  /** Offered before everything else (an enum's members after `==`). */
  first?: boolean;
}

/** Skeletons of the common blocks: written as the language reference shows them. */
const SNIPPETS: { label: string; body: string; detail: string }[] = [
  { label: "procedure", body: "procedure ${1:name}(${2:p: player}) {\n\t$0\n}", detail: "procedure name(params) { … }" },
  { label: "rule", body: 'rule ${1:name}(${2:spot: placement}) {\n\trequire ${3:condition} else "${4:reason}"\n}', detail: "rule name(params) { require … else \"…\" }" },
  { label: "for", body: "for ${1:x} in ${2:list} {\n\t$0\n}", detail: "for x in list { … }" },
  { label: "if", body: "if ${1:condition} {\n\t$0\n}", detail: "if condition { … }" },
  { label: "turn", body: "turn ${1:p} {\n\t$0\n}", detail: "turn p { … }" },
  { label: "choose", body: 'let ${1:x} = choose ${2:c} from ${3:list} prompt "${4:Pick one}"', detail: 'let x = choose c from list prompt "…"' },
  { label: "kind", body: "kind ${1:Name} {\n\t${2:field}: ${3:number}\n}", detail: "kind Name { field: type }" },
];

function builtinSuggestions(): Suggestion[] {
  const out: Suggestion[] = [];
  for (const b of BUILTINS.values()) {
    out.push({
      label: b.name,
      kind: "function",
      detail: b.signature,
      documentation: `${b.description}\n\n\`\`\`stela\n${b.example}\n\`\`\``,
      insertText: b.params.length ? `${b.name}($0)` : `${b.name}()`,
      snippet: true,
    });
  }
  for (const c of CONSTANTS.values()) {
    out.push({ label: c.name, kind: "constant", detail: c.category, documentation: `${c.description}\n\n\`\`\`stela\n${c.example}\n\`\`\``, insertText: c.name });
  }
  for (const e of EVENTS) {
    out.push({ label: e.name, kind: "constant", detail: `event ${e.name}(${e.params.map((p) => p.name).join(", ")})`, documentation: `${e.description}\n\n\`\`\`stela\n${e.example}\n\`\`\``, insertText: e.name });
  }
  return out;
}

function fieldSuggestion(f: OutlineField, owner: string): Suggestion {
  return { label: f.name, kind: "field", detail: `${f.state ? "state " : ""}${f.name}: ${f.type}`, documentation: `A field of ${owner}.`, insertText: f.name };
}

function propertySuggestion(p: BuiltinProperty): Suggestion {
  return { label: p.name, kind: "property", detail: `${p.of}.${p.name}`, documentation: p.description, insertText: p.name };
}

/** What can follow `x.` when `x` has type `type` (unknown: everything that could). */
function memberSuggestions(ctx: LanguageContext, type: string | undefined): Suggestion[] {
  const o = ctx.outline;
  const props = (of: BuiltinProperty["of"]) => PROPERTIES.filter((p) => p.of === of).map(propertySuggestion);
  const player = () => [
    ...o.playerVars.map((f) => fieldSuggestion(f, "every player")),
    ...o.playerZones.map((z) => ({ label: z.name, kind: "field", detail: `zone of ${z.kind}`, documentation: "The player's own zone.", insertText: z.name }) satisfies Suggestion),
    ...o.boards.filter((b) => b.perPlayer).map((b) => ({ label: b.name, kind: "field", detail: "board", documentation: "The player's own board.", insertText: b.name }) satisfies Suggestion),
    ...props("player"),
  ];
  const pieceOf = (kinds: typeof o.kinds) => [...kinds.flatMap((k) => k.fields.map((f) => fieldSuggestion(f, `a ${k.name}`))), ...props("piece")];
  const space = () => [...o.boards.flatMap((b) => b.attributes.map((f) => fieldSuggestion(f, `a space of ${b.name}`))), ...props("space")];
  const t = type?.replace(/^list of /, "");
  let out: Suggestion[];
  if (t === "player") out = player();
  else if (t === "piece") out = pieceOf(o.kinds);
  else if (t === "space") out = space();
  else if (t === "placement") out = props("placement");
  else if (t && o.kinds.some((k) => k.name === t)) out = pieceOf(o.kinds.filter((k) => k.name === t));
  else out = [...player(), ...pieceOf(o.kinds), ...space(), ...props("placement")];
  const seen = new Set<string>();
  return out.filter((s) => (seen.has(s.label) ? false : (seen.add(s.label), true)));
}

/** Inside a comment, a text (outside its `{…}`) or a drawn map row, nothing is offered. */
function inCommentOrText(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const line = text.slice(lineStart, offset);
  let inText = false;
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (inText) {
      if (ch === "\\") i++;
      else if (ch === "{") depth++;
      else if (ch === "}" && depth > 0) depth--;
      else if (ch === '"' && depth === 0) inText = false;
    } else if (ch === '"') inText = true;
    else if (ch === "/" && line[i + 1] === "/") return true;
    // A drawn map or shape row (`| . # .`) is a picture, not code; `|` means nothing else.
    else if (ch === "|") return true;
  }
  if (inText && depth === 0) return true;
  const open = text.lastIndexOf("/*", offset);
  return open >= 0 && text.lastIndexOf("*/", offset) < open;
}

/**
 * After `==` or `!=`, the members of the enum the left side holds (a
 * field, attribute or player variable of an enum type; any enum when that
 * is not known), to be offered first: they are what is compared most.
 */
function comparedEnumMembers(ctx: LanguageContext, before: string): Suggestion[] {
  const m = /([A-Za-z_][A-Za-z0-9_]*)\s*(?:==|!=)\s*$/.exec(before);
  if (!m) return [];
  const o = ctx.outline;
  const field = m[1]!;
  const typed = [...o.kinds.flatMap((k) => k.fields), ...o.boards.flatMap((b) => b.attributes), ...o.playerVars].find((f) => f.name === field);
  const enums = typed ? o.enums.filter((e) => e.name === typed.type) : [];
  return (enums.length ? enums : o.enums).flatMap((e) =>
    e.members.map((name) => ({ label: name, kind: "constant", detail: `${e.name}.${name}`, documentation: `A member of ${e.name}.`, insertText: name, first: true }) satisfies Suggestion),
  );
}

/**
 * In `include "…"`: the file's other variants. Monaco replaces only the word being typed, so a
 * name with spaces is offered from that word on (`include "Short r` gets `race`).
 */
function variantNames(ctx: LanguageContext, offset: number, typed: string): Suggestion[] {
  const around = declarationAround(ctx.outline, offset);
  const own = around && ctx.outline.decls.find((d) => d.start === around.start)?.name;
  const word = /[A-Za-z0-9_]*$/.exec(typed)![0];
  return ctx.outline.decls
    .filter((d) => d.kind === "VariantDecl" && d.name !== undefined && d.name !== own && d.name.startsWith(typed))
    .map((d) => {
      const rest = d.name!.slice(typed.length - word.length);
      return { label: rest, kind: "declaration", detail: `variant "${d.name}"`, documentation: "A variant of this file, laid under this one first.", insertText: rest };
    });
}

/** The completions at `offset`: members after a dot, otherwise every name that fits there. */
export function completionsAt(ctx: LanguageContext, offset: number): Suggestion[] {
  const { text } = ctx;
  const included = /\binclude[ \t]+"([^"\n]*)$/.exec(text.slice(0, offset));
  if (included && !inCommentOrText(text, included.index)) return variantNames(ctx, offset, included[1]!);
  if (inCommentOrText(text, offset)) return [];
  const word = wordAt(text, offset);
  const before = text.slice(0, word ? word.start : offset);
  // Only on the same line: a comment above that ends its sentence with a dot is no member access.
  const member = /([A-Za-z_][A-Za-z0-9_]*|[)\]])[ \t]*\.[ \t]*$/.exec(before);
  if (member && !/\.\.[ \t]*$/.test(before)) {
    const name = member[1]!;
    if (name === "this") {
      const around = declarationAround(ctx.outline, offset);
      const decl = around && ctx.outline.decls.find((d) => d.start === around.start);
      if (decl?.kind === "KindDecl") return memberSuggestions(ctx, decl.name);
      if (decl?.kind === "BoardDecl") return memberSuggestions(ctx, "space");
    }
    if (name === "current") return memberSuggestions(ctx, "player");
    return memberSuggestions(ctx, /^[A-Za-z_]/.test(name) ? typeOfName(ctx, name, offset) : undefined);
  }
  const out: Suggestion[] = comparedEnumMembers(ctx, before);
  for (const k of KEYWORDS) {
    const form = FORMS.find((f) => f.keyword === k);
    out.push(form ? { label: k, kind: "keyword", detail: form.signature, documentation: form.description, insertText: k } : { label: k, kind: "keyword", insertText: k });
  }
  for (const k of CONTEXTUAL_KEYWORDS) {
    if (KEYWORDS.includes(k as never)) continue;
    const form = FORMS.find((f) => f.keyword === k);
    out.push(form ? { label: k, kind: "keyword", detail: form.signature, documentation: form.description, insertText: k } : { label: k, kind: "keyword", insertText: k });
  }
  for (const t of TYPE_NAMES) out.push({ label: t, kind: "type", detail: "type", insertText: t });
  for (const s of SNIPPETS) out.push({ label: s.label, kind: "snippet", detail: s.detail, insertText: s.body, snippet: true });
  out.push(...builtinSuggestions());
  const around = declarationAround(ctx.outline, offset);
  const seen = new Set(out.filter((s) => s.kind !== "snippet").map((s) => s.label));
  for (const d of ctx.symbols.declarations) {
    if (d.span.file !== undefined && d.span.file !== ctx.file) continue;
    const local = d.what === "local" || d.what === "parameter" || d.what === "hook value";
    // A local is offered inside its own declaration, once it is declared.
    if (local && (!around || d.span.start.offset < around.start || d.span.start.offset > offset)) continue;
    if (seen.has(d.name)) continue;
    seen.add(d.name);
    out.push({ label: d.name, kind: local ? "variable" : "declaration", detail: d.detail, documentation: d.what, insertText: d.name });
  }
  return out;
}
