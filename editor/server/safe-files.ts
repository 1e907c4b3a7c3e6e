import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";

/**
 * Reading and writing rule files in the games folder when the folder's
 * contents cannot be trusted (a pulled branch, an unpacked archive): a FIFO
 * or device named `x.stela` must not hang the server, and a planted link
 * must not make a save write elsewhere.
 */

/** The largest rule file the server reads or writes. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** The text of a regular file of at most `MAX_FILE_BYTES`, or undefined (missing, not a regular file, too large). */
export function readRegularFile(path: string): string | undefined {
  let fd: number;
  try {
    // Non-blocking and not through a final link: a FIFO would block, a link is checked by the caller.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return undefined;
    const buf = Buffer.alloc(st.size + 1);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
    }
    return n > MAX_FILE_BYTES ? undefined : buf.subarray(0, n).toString("utf8");
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` to `path` through a temporary file beside it: created
 * exclusively (never an existing file, never through a link) under a random
 * name, then renamed over the target, so a crash never leaves half a file
 * and nothing planted in the folder redirects the write. Afterwards the
 * target's real path must still lie in `root`. Throws on any failure.
 */
export function writeFileSafely(root: string, path: string, text: string): void {
  const realRoot = realpathSync(root);
  const dir = realpathSync(dirname(path));
  if (dir !== realRoot) throw new Error("the file is not directly in the games folder");
  const target = join(dir, basename(path));
  const tmp = join(dir, `.${basename(path)}.${randomBytes(8).toString("hex")}.saving`);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    const buf = Buffer.from(text, "utf8");
    let n = 0;
    while (n < buf.length) n += writeSync(fd, buf, n, buf.length - n);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  try {
    // `rename` replaces a link at the target rather than writing through it.
    renameSync(tmp, target);
  } catch (e) {
    unlinkSync(tmp);
    throw e;
  }
  const real = realpathSync(target);
  if (!real.startsWith(realRoot + sep)) throw new Error("the saved file resolves outside the games folder");
}
