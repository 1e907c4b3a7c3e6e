import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Imports go one way: dsl ← interpreter ← editor / CLI. The CLI and the editor
// reach the engine only through its public faces, so the engine's inside can
// change without breaking them.
const root = resolve(import.meta.dirname, "../..");
const PUBLIC_FACES = new Set(["dsl/index.ts", "interpreter/index.ts"]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "dist") continue;
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|svelte)$/.test(name)) out.push(path);
  }
  return out;
}

/** Every relative import of a file, as a path from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
    out.push(relative(root, resolve(join(root, file, ".."), m[1]!)));
  }
  return out;
}

function violations(dir: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((f) => importsOf(f).filter((t) => !allowed(t)).map((t) => `${f} imports ${t}`));
}

describe("import direction", () => {
  it("dsl/ imports nothing from the engine, the editor or the tests", () => {
    expect(violations("dsl", (t) => t.startsWith("dsl/"))).toEqual([]);
  });

  it("interpreter/ (outside the CLI) imports the language only through dsl/ and never the editor", () => {
    const engine = violations("interpreter", (t) => t.startsWith("dsl/") || t.startsWith("interpreter/"));
    expect(engine).toEqual([]);
  });

  it("the CLI uses only the public faces of the language and the engine", () => {
    const cli = violations("interpreter/cli", (t) => t.startsWith("interpreter/cli/") || PUBLIC_FACES.has(t));
    expect(cli).toEqual([]);
  });

  it("the editor uses only the public faces of the language and the engine", () => {
    const editor = violations("editor", (t) => t.startsWith("editor/") || PUBLIC_FACES.has(t));
    expect(editor).toEqual([]);
  });
});
