import { BUILTINS, CONSTANTS, EVENTS, FORMS, PROPERTIES, type BuiltinCategory, type Form } from "../builtins/catalogue.ts";
import { typeName } from "../types.ts";

const CATEGORY_TITLES: Record<BuiltinCategory, string> = {
  board: "Boards and spaces",
  pieces: "Pieces",
  lists: "Lists and zones",
  numbers: "Numbers",
  chance: "Chance",
  players: "Players",
  scoring: "Scoring",
  topology: "Board shapes",
};

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/**
 * The built-in catalogue as Markdown: the reference section of
 * `dsl/README.md` is this text, written by `npm run docs`.
 */
const FORM_TITLES: Record<Form["category"], string> = {
  aggregates: "Aggregates and quantifiers",
  choices: "Choices",
  effects: "Effects",
  flow: "Flow",
  declarations: "Declarations",
};

export function catalogueMarkdown(): string {
  const out: string[] = [];
  for (const cat of Object.keys(FORM_TITLES) as Form["category"][]) {
    out.push(`### ${FORM_TITLES[cat]}`, "", "| form | what it does | example |", "|---|---|---|");
    for (const f of FORMS) if (f.category === cat) out.push(`| \`${cell(f.signature)}\` | ${cell(f.description)} | \`${cell(f.example)}\` |`);
    out.push("");
  }
  const categories = [...new Set([...BUILTINS.values(), ...CONSTANTS.values()].map((b) => b.category))];
  for (const cat of Object.keys(CATEGORY_TITLES) as BuiltinCategory[]) {
    if (!categories.includes(cat)) continue;
    out.push(`### ${CATEGORY_TITLES[cat]}`, "", "| built-in | what it gives | example |", "|---|---|---|");
    for (const b of BUILTINS.values()) {
      if (b.category === cat) out.push(`| \`${cell(b.signature)}\` | ${cell(b.description)} | \`${cell(b.example)}\` |`);
    }
    for (const c of CONSTANTS.values()) {
      if (c.category === cat) out.push(`| \`${c.name}\`: ${cell(typeName(c.type))} | ${cell(c.description)} | \`${cell(c.example)}\` |`);
    }
    out.push("");
  }
  out.push("### Properties", "", "| property | of | type | meaning |", "|---|---|---|---|");
  for (const p of PROPERTIES) out.push(`| \`.${p.name}\` | ${p.of} | ${cell(typeName(p.type))} | ${cell(p.description)}${p.assignable ? " Assignable." : ""} |`);
  out.push("", "### Events", "", "| event | when | example |", "|---|---|---|");
  for (const e of EVENTS) out.push(`| \`${e.name}(${e.params.map((p) => `${p.name}: ${typeName(p.type)}`).join(", ")})\` | ${cell(e.description)} | \`${cell(e.example)}\` |`);
  return out.join("\n");
}

const START = "<!-- catalogue:start -->";
const END = "<!-- catalogue:end -->";

/** The README with its catalogue section replaced by the current catalogue. */
export function withCatalogue(readme: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error("the README has no catalogue markers");
  return `${readme.slice(0, a + START.length)}\n<!-- written by \`npm run docs\` from dsl/builtins/: edit those, not this -->\n\n${catalogueMarkdown()}\n\n${readme.slice(b)}`;
}
