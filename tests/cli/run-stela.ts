import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The repository's root: the `stela` command runs from here, as a user in a clone would. */
export const root = new URL("../../", import.meta.url).pathname;
const bin = join(root, "interpreter/cli/stela.mjs");

/** Runs the real `stela` command in a child process; gives its exit code and output. */
export function stela(args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", input, timeout: 60_000, env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Writes rule files to a fresh temporary folder; gives their paths by name. */
export function ruleFiles(files: Record<string, string>): Record<string, string> & { dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "stela-cli-"));
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    paths[name] = join(dir, name);
    writeFileSync(paths[name]!, text);
  }
  return Object.assign(paths, { dir });
}
