import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from "node:fs";
import { dirname, join, sep } from "node:path";
import { compile, type CompileResult } from "../index.ts";
import type { Diagnostic } from "../../dsl/index.ts";
import { UsageError, wholeNumber } from "./usage-error.ts";

/** The largest rule file read, in bytes (the language refuses more than a million characters anyway). */
export const MAX_RULE_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Reads a rule file as untrusted input: only a regular file (a FIFO, a
 * device like `/dev/zero` or a folder is refused without blocking on it), at
 * most `MAX_RULE_FILE_BYTES`, and, when `root` is given, only if its real
 * path (links resolved) lies inside `root`'s. Gives the text, or why not.
 */
export function readRuleFile(path: string, root?: string): { text: string } | { missing: true } | { refused: string } {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { missing: true };
  }
  if (root !== undefined) {
    let realRoot: string;
    try {
      realRoot = realpathSync(root);
    } catch {
      return { missing: true };
    }
    if (!real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return { refused: "it links outside the folder of the file that extends it" };
  }
  let fd: number;
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    // A file that is there but may not be read says so, not "no such file".
    const why = deniedReason(e);
    return why ? { refused: why } : { missing: true };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { refused: "it is not a regular file" };
    if (st.size > MAX_RULE_FILE_BYTES) return { refused: `it is larger than ${MAX_RULE_FILE_BYTES / 1024 / 1024} MB` };
    // Read no more than the cap even if the file grows meanwhile.
    const buf = Buffer.alloc(Math.min(st.size, MAX_RULE_FILE_BYTES) + 1);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
    }
    if (n > MAX_RULE_FILE_BYTES) return { refused: `it is larger than ${MAX_RULE_FILE_BYTES / 1024 / 1024} MB` };
    return { text: buf.subarray(0, n).toString("utf8") };
  } catch {
    return { missing: true };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads and compiles a rule file; the base of a variant file is read
 * relative to it, and only from its own folder or below (links out of that
 * folder are refused).
 */
export function loadRules(file: string): CompileResult {
  const read = readRuleFile(file);
  if ("missing" in read) throw new UsageError(`cannot read ${file}: no such file`);
  if ("refused" in read) throw new UsageError(`cannot read ${file}: ${read.refused}`);
  const root = dirname(file);
  return compile(read.text, file, {
    readFile: (path) => {
      const base = readRuleFile(path, root);
      if ("text" in base) return base.text;
      if ("refused" in base) return { refused: base.refused };
      return undefined;
    },
  });
}

/** A rule file that does not compile, met before the command could start: its diagnostics, exit code 1. */
export class BrokenRules extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super("the rules do not compile");
  }
}

/**
 * `--players`, or when it is left out the game's own count: a game for a set number of players
 * (`players 2`) needs no flag, one for a range is told which numbers it takes. Reads the rules
 * only when the flag is missing (they are read again to play).
 */
export function playersFor(flag: string | undefined, file: string): number {
  if (flag !== undefined) return wholeNumber(flag, "--players", 1);
  const r = loadRules(file);
  const game = r.game;
  // The rules' own errors, as the command would print them with `--players` given: not a missing flag.
  if (!game) throw new BrokenRules(r.diagnostics);
  if (game.minPlayers === game.maxPlayers) return game.minPlayers;
  throw new UsageError(`--players is needed: "${game.title}" is for ${game.minPlayers} to ${game.maxPlayers} players`);
}

/**
 * The `.stela` files named, with folders expanded (recursively, sorted). In a
 * folder, links to folders are not followed (a loop would never end) and a
 * linked file counts only if it lies inside the folder named. A folder's other
 * files are not rule files and pass silently; a named file that is not
 * `.stela` is skipped and `skipped` told why, so a mistyped path never passes
 * unnoticed. A folder's `.stela` entry that is not a regular file (a FIFO
 * another program left in /tmp, a device, a socket) is skipped and told too:
 * it is nobody's rule file, and reading it would refuse the whole run.
 */
export function expandPaths(paths: string[], skipped: (path: string, why: string) => void = () => {}): string[] {
  const out: string[] = [];
  const walk = (dir: string, root: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      // A folder that cannot be listed would leave its rule files unchecked: the run stops and says which.
      throw new UsageError(`cannot read the folder ${dir}: ${deniedReason(e) ?? fsReason(e)}`);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p, root);
      else if (!entry.name.endsWith(".stela")) continue;
      else if (entry.isSymbolicLink() && !inside(p, root)) continue;
      else if (isRegularFile(p)) out.push(p);
      else skipped(p, "not a regular file");
    }
  };
  for (const p of paths) {
    if (!existsSync(p)) throw new UsageError(`cannot read ${p}: no such file or folder`);
    if (statSync(p).isDirectory()) walk(p, realpathSync(p));
    else if (p.endsWith(".stela")) out.push(p);
    else skipped(p, "not a .stela file");
  }
  if (out.length === 0) throw new UsageError(`no .stela files in ${paths.join(", ")}`);
  return out;
}

/** Why the system refused to read a path the user may not read, or undefined for other failures. */
function deniedReason(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === "EACCES" || code === "EPERM" ? "permission denied" : undefined;
}

/** A failed file operation in a few words: the system's code (ENOTDIR, ELOOP, …) rather than a stack trace. */
function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code ? `the system refused it (${code})` : String(e);
}

/** Whether `path` (a link followed) is a regular file; never opens it, so a FIFO cannot block. */
function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function inside(path: string, realRoot: string): boolean {
  try {
    return realpathSync(path).startsWith(realRoot + sep);
  } catch {
    return false;
  }
}
