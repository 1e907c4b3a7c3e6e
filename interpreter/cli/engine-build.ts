import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Which engine played a run: a fingerprint of the language's and the engine's sources (`dsl/` and
 * `interpreter/`, bots and CLI included), the same whether `stela` runs its bundle or the
 * TypeScript. Kept in `--json` outputs: the same rules and seed on another engine may play other
 * games (a bot's draw changed, a built-in fixed), so two runs a designer compares, or the shards
 * `merge` puts together, say whether one engine played them. `"unknown"` when the sources are not
 * beside the CLI.
 */
export function engineBuild(): string {
  if (known === undefined) known = fingerprint();
  return known;
}

let known: string | undefined;

function fingerprint(): string {
  const root = repositoryRoot(dirname(fileURLToPath(import.meta.url)));
  if (!root) return "unknown";
  const files: string[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), `${rel}/${e.name}`);
      else if (/\.(ts|mjs)$/.test(e.name)) files.push(`${rel}/${e.name}`);
    }
  };
  for (const top of ["dsl", "interpreter"]) walk(join(root, top), top);
  const hash = createHash("sha256");
  // Sorted by path, so the order a file system lists them in changes nothing.
  for (const f of files.sort()) hash.update(`${f}\0`).update(readFileSync(join(root, f))).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** The folder holding `dsl/` and `interpreter/` above `from` (the bundle's `dist/cli/`, or `interpreter/cli/`). */
function repositoryRoot(from: string): string | undefined {
  for (let dir = from, up = 0; up < 4; dir = dirname(dir), up++) {
    if (existsSync(join(dir, "dsl")) && existsSync(join(dir, "interpreter"))) return dir;
  }
  return undefined;
}
