import type { Game } from "../index.ts";

/**
 * Whether two rule files given to `stela compare` are one game: a game and a version or variant
 * of it keep its title, or (a version that renames it) most of its names. Two files with other
 * titles that share fewer than half of the names they declare are two games: B − A then reads
 * as the change a variant made, and is not one.
 */
export function differentGames(a: Game, b: Game): { a: string; b: string } | undefined {
  if (a.title === b.title) return undefined;
  const namesA = declaredNames(a);
  const namesB = declaredNames(b);
  let shared = 0;
  for (const n of namesA) if (namesB.has(n)) shared++;
  const all = namesA.size + namesB.size - shared;
  return all > 0 && shared / all >= 0.5 ? undefined : { a: a.title, b: b.title };
}

/** The warning line for two games (`differentGames`). */
export function differentGamesWarning(g: { a: string; b: string }): string {
  return `A is the game "${g.a}" and B is "${g.b}", which share few names: not the same game, so B − A compares two games, not two versions or variants of one`;
}

/** What a file declares by name, each with what it is (a zone and a kind may share a name). */
function declaredNames(g: Game): Set<string> {
  const d = g.def;
  const named: [string, Iterable<string>][] = [
    ["kind", Object.keys(d.kinds)],
    ["enum", Object.keys(d.enums)],
    ["board", Object.keys(d.boards)],
    ["zone", Object.keys(d.zones)],
    ["table", Object.keys(d.tables)],
    ["define", Object.keys(d.functions)],
    ["rule", Object.keys(d.rules)],
    ["procedure", Object.keys(d.procedures)],
    ["event", Object.keys(d.events)],
    ["var", d.globals.map((v) => v.name)],
    ["player var", d.playerVars.map((v) => v.name)],
  ];
  const out = new Set<string>();
  for (const [what, names] of named) for (const n of names) out.add(`${what} ${n}`);
  return out;
}
