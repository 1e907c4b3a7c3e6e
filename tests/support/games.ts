import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compile, Game, type Match } from "../../interpreter/index.ts";

export const GAMES_DIR = new URL("../../games/", import.meta.url).pathname;

/** Every rule file in `games/`. */
export function gameFiles(): string[] {
  return readdirSync(GAMES_DIR)
    .filter((f) => f.endsWith(".stela"))
    .sort();
}

export function readGame(file: string): string {
  return readFileSync(join(GAMES_DIR, file), "utf8");
}

/** Compiles a file of `games/` (reading bases of variant files from the same folder); fails loudly on any error. */
export function loadGame(file: string): Game {
  const path = join(GAMES_DIR, file);
  const r = compile(readFileSync(path, "utf8"), `games/${file}`, {
    readFile: (p) => {
      try {
        return readFileSync(p.startsWith("games/") ? join(GAMES_DIR, p.slice(6)) : p, "utf8");
      } catch {
        return undefined;
      }
    },
  });
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.game || errors.length) {
    throw new Error(`${file} does not compile:\n${errors.map((d) => `${d.file}:${d.span.start.line}:${d.span.start.column} ${d.code} ${d.message}`).join("\n")}`);
  }
  return r.game;
}

/** Compiles Stela source given inline (for scenario tests). */
export function gameFromSource(source: string, file = "inline.stela"): Game {
  const r = compile(source, file);
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.game) throw new Error(errors.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.code} ${d.message}`).join("\n"));
  return r.game;
}

/**
 * A match of inline source started in both engines, generated code and the reference closures
 * (`Game`'s `engine`), for tests that check a language feature plays alike in each.
 */
export function inBothEngines(source: string, players = 2, seed = 1): { engine: string; match: Match }[] {
  const compiled = gameFromSource(source);
  const closures = new Game(compiled.def, compiled.variantDefs, "closures");
  return [
    { engine: "compiled", match: compiled.start({ players, seed }) },
    { engine: "closures", match: closures.start({ players, seed }) },
  ];
}
