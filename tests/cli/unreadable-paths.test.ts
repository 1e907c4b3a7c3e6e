import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

/**
 * Paths the system will not let the user read. Tests run as root here, where no permission bit
 * refuses anything, so the file system's answers are made up: `node:fs` is mocked to refuse
 * (EACCES) whatever lies under a folder named `locked`, as it would for another user's folder.
 */
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const refuse = (path: unknown): void => {
    if (String(path).split(/[\\/]/).includes("locked")) throw Object.assign(new Error(`EACCES: permission denied, '${String(path)}'`), { code: "EACCES" });
  };
  return {
    ...fs,
    readdirSync: ((path: string, options: unknown) => {
      refuse(path);
      return fs.readdirSync(path, options as never);
    }) as typeof fs.readdirSync,
    openSync: ((path: string, flags: number) => {
      refuse(path);
      return fs.openSync(path, flags);
    }) as typeof fs.openSync,
  };
});

const { expandPaths, readRuleFile } = await import("../../interpreter/cli/load-rules.ts");
const { UsageError } = await import("../../interpreter/cli/usage-error.ts");

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "stela-unreadable-"));
  writeFileSync(join(dir, "a.stela"), "// a rule file\n");
  mkdirSync(join(dir, "locked"));
  writeFileSync(join(dir, "locked", "b.stela"), "// another\n");
  return dir;
}

describe("paths the user may not read", () => {
  it("a folder that cannot be listed stops the walk with a usage error naming it, not an internal error", () => {
    const dir = folder();
    let thrown: unknown;
    try {
      expandPaths([dir]);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toBe(`cannot read the folder ${join(dir, "locked")}: permission denied`);
  });

  it("a rule file that may not be read is refused as such, not reported missing", () => {
    const dir = folder();
    expect(readRuleFile(join(dir, "locked", "b.stela"))).toEqual({ refused: "permission denied" });
    expect(readRuleFile(join(dir, "a.stela"))).toEqual({ text: "// a rule file\n" });
    expect(readRuleFile(join(dir, "gone.stela"))).toEqual({ missing: true });
  });
});
