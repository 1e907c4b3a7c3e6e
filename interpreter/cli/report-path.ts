import { accessSync, constants, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError } from "./usage-error.ts";

/**
 * Checks `--report FILE` (simulate, compare, merge) before anything is played: a run of minutes
 * that ends in EISDIR, or writes nothing for `--report ''`, loses the run. The file need not exist,
 * but its folder must, and be writable; an existing file must be a regular one (a folder cannot be
 * written, and writing a FIFO would wait for a reader). Gives the path as given.
 */
export function checkReportPath(path: string, flag = "--report"): string {
  if (path.trim() === "") throw new UsageError(`${flag} takes a file to write, not an empty name`);
  const at = statOf(path);
  if (at?.isDirectory()) throw new UsageError(`${flag}: ${path} is a folder; name a file to write (e.g. ${path.replace(/\/+$/, "")}/report.html)`);
  if (at && !at.isFile()) throw new UsageError(`${flag}: ${path} is not a regular file`);
  // A path ending in / names a folder even when there is none (writing it fails with EISDIR).
  if (!at && /[/\\]$/.test(path)) throw new UsageError(`${flag}: ${path} names a folder; name a file to write`);
  const folder = dirname(resolve(path));
  const dir = statOf(folder);
  if (!dir) throw new UsageError(`${flag}: cannot write ${path}: the folder ${dirname(path)} does not exist`);
  if (!dir.isDirectory()) throw new UsageError(`${flag}: cannot write ${path}: ${dirname(path)} is not a folder`);
  try {
    accessSync(at ? path : folder, constants.W_OK);
  } catch {
    throw new UsageError(`${flag}: cannot write ${path}: ${at ? "the file" : `the folder ${dirname(path)}`} is not writable`);
  }
  return path;
}

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
