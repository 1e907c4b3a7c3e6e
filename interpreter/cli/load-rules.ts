import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { compile, type CompileResult } from "../index.ts";
import { UsageError } from "./usage-error.ts";

/** Reads and compiles a rule file; the base of a variant file is read relative to it. */
export function loadRules(file: string): CompileResult {
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`cannot read ${file}: no such file`);
  }
  return compile(source, file, {
    readFile: (path) => {
      try {
        return readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    },
  });
}

/**
 * The `.stela` files named, with folders expanded (recursively, sorted). A folder's other files are
 * not rule files and pass silently; a named file that is not `.stela` is skipped and `skipped` told,
 * so a mistyped path never passes unnoticed.
 */
export function expandPaths(paths: string[], skipped: (path: string) => void = () => {}): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".stela")) out.push(p);
    }
  };
  for (const p of paths) {
    if (!existsSync(p)) throw new UsageError(`cannot read ${p}: no such file or folder`);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith(".stela")) out.push(p);
    else skipped(p);
  }
  if (out.length === 0) throw new UsageError(`no .stela files in ${paths.join(", ")}`);
  return out;
}
