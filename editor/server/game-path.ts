import { realpathSync } from "node:fs";
import { isAbsolute, join, sep } from "node:path";

/**
 * Rule file names the editor's server may read or write: one plain file name
 * ending in `.stela`, directly inside the games folder. Anything that could
 * reach elsewhere (`..`, a slash or backslash, an absolute path, a drive
 * letter, a control character, a leading dot) is refused, so a page can
 * never make the server touch another file.
 */
const GAME_FILE = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}\.stela$/;

export type GamePathResult = { ok: true; path: string } | { ok: false; reason: string };

/** The absolute path of `name` inside `gamesDir`, or why it is refused. */
export function resolveGamePath(gamesDir: string, name: string): GamePathResult {
  if (typeof name !== "string" || name.length === 0) return { ok: false, reason: "no file name" };
  if (isAbsolute(name) || /^[A-Za-z]:/.test(name)) return { ok: false, reason: "absolute paths are refused" };
  if (name.includes("/") || name.includes("\\")) return { ok: false, reason: "only a file directly in games/ can be saved" };
  if (name.split(".").some((part, i, all) => part === "" && i < all.length - 1)) return { ok: false, reason: "`..` and hidden files are refused" };
  if (!GAME_FILE.test(name)) return { ok: false, reason: "a rule file name is letters, digits, spaces, `_`, `-`, `.` and ends in .stela" };
  // The folder itself may be a symlink (a temporary copy in tests): compare real paths.
  let root: string;
  try {
    root = realpathSync(gamesDir);
  } catch {
    return { ok: false, reason: "the games folder does not exist" };
  }
  const path = join(root, name);
  if (!path.startsWith(root + sep)) return { ok: false, reason: "outside the games folder" };
  try {
    // An existing file that is a symlink out of the folder is refused too.
    const real = realpathSync(path);
    if (!real.startsWith(root + sep)) return { ok: false, reason: "the file links outside the games folder" };
  } catch {
    // Not there yet: a new file, which `join` above already keeps inside.
  }
  return { ok: true, path };
}
