import { describe, expect, it } from "vitest";
import { BUILTINS, CONSTANTS, EVENTS, FORMS, PROPERTIES } from "../../dsl/builtins/catalogue.ts";
import { CONTEXTUAL_KEYWORDS, KEYWORDS } from "../../dsl/tokens.ts";
import { parse } from "../../dsl/parse.ts";
import { BUILTIN_IMPLS } from "../../interpreter/builtins/index.ts";
import { majority } from "../../interpreter/builtins/scoring-builtins.ts";

/**
 * The catalogue in dsl/ declares each built-in (for the checker, the docs and
 * the editor); interpreter/ implements it. The two must list the same names.
 */
describe("built-in catalogue", () => {
  it("every built-in function and non-policy constant has an implementation, and nothing else does", () => {
    const declared = [...BUILTINS.keys(), ...[...CONSTANTS.values()].filter((c) => c.type.t !== "policy").map((c) => c.name)].sort();
    expect(Object.keys(BUILTIN_IMPLS).sort()).toEqual(declared);
  });

  it("every tie policy is understood by `majority`", () => {
    for (const c of CONSTANTS.values()) {
      if (c.type.t !== "policy") continue;
      expect(() => majority([1, 0], [5], c.name, 1)).not.toThrow();
    }
    expect(() => majority([1, 0], [5], "no_such_policy", 1)).toThrow();
  });

  it("documents every entry with a signature, a description and an example that parses", () => {
    for (const b of BUILTINS.values()) {
      expect(b.signature.startsWith(`${b.name}(`), b.name).toBe(true);
      expect(b.description.length, b.name).toBeGreaterThan(20);
      expect(b.example.length, b.name).toBeGreaterThan(3);
    }
    for (const c of CONSTANTS.values()) expect(c.description.length, c.name).toBeGreaterThan(10);
    for (const p of PROPERTIES) expect(p.description.length, p.name).toBeGreaterThan(5);
    for (const e of EVENTS) expect(e.example).toContain(`on ${e.name}(`);
    // Examples are expressions or statements: wrapped in a flow they must be valid syntax.
    for (const b of [...BUILTINS.values(), ...CONSTANTS.values()]) {
      const src = b.example.startsWith("board ") ? b.example : `flow { ${/^(for|let|log|turn|place|choose|repeat|first_picker|deal|if)\b/.test(b.example) ? b.example.replace("…", "end game") : `log ${b.example}`} }`;
      const errors = parse(src, b.name).diagnostics.filter((d) => d.severity === "error");
      expect(errors.map((d) => d.message), `${b.name}: ${src}`).toEqual([]);
    }
  });

  it("documents the language's forms under real keywords, with examples that parse", () => {
    for (const f of FORMS) {
      expect([...KEYWORDS, ...CONTEXTUAL_KEYWORDS] as readonly string[], f.keyword).toContain(f.keyword);
      // A contextual clause (`label`, `ask`) is shown inside the form it belongs to.
      expect(f.signature.startsWith(f.keyword) || f.signature.startsWith("let ") || f.signature.includes(` ${f.keyword} `), f.keyword).toBe(true);
      expect(f.description.length, f.keyword).toBeGreaterThan(20);
      const statement = /^(let|move|deal|shuffle|place|flip|remove|log|turn|trigger|if)\b/.test(f.example);
      const src = f.category === "declarations" ? f.example : `flow { ${statement ? f.example : `log ${f.example}`} }`;
      const errors = parse(src, f.keyword).diagnostics.filter((d) => d.severity === "error");
      expect(errors.map((d) => d.message), `${f.keyword}: ${src}`).toEqual([]);
    }
  });

  it("no built-in is named like a keyword", () => {
    for (const name of [...BUILTINS.keys(), ...CONSTANTS.keys()]) expect(KEYWORDS as readonly string[]).not.toContain(name);
  });
});

describe("the language reference", () => {
  it("shows the current catalogue (run `npm run docs` after changing dsl/builtins/)", async () => {
    const { readFileSync } = await import("node:fs");
    const { withCatalogue } = await import("../../dsl/reference/catalogue-markdown.ts");
    const readme = readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8");
    expect(readme).toBe(withCatalogue(readme));
  });

  it("lists every word of the language, and only those", async () => {
    const { readFileSync } = await import("node:fs");
    const readme = readFileSync(new URL("../../dsl/README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("### Words of the language"), readme.indexOf("## Built-in catalogue"));
    const listed = section.slice(section.indexOf("The words are:")).split("\n").slice(1).join(" ").split(".")[0]!;
    expect([...listed.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).sort()).toEqual([...KEYWORDS].sort());
  });
});
