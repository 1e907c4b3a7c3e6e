import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileVersion, handleGamesApi, SAVE_HEADER, terminalFolder } from "../../editor/server/games-api.ts";
import { resolveGamePath } from "../../editor/server/game-path.ts";

describe("rule file paths the server accepts", () => {
  const root = mkdtempSync(join(tmpdir(), "stela-paths-"));
  const games = join(root, "games");
  mkdirSync(games);
  writeFileSync(join(root, "secret.stela"), "outside");
  symlinkSync(join(root, "secret.stela"), join(games, "link.stela"));

  it("accepts a plain .stela name inside the folder", () => {
    const r = resolveGamePath(games, "maya.stela");
    expect(r.ok && r.path.endsWith("/games/maya.stela")).toBe(true);
    expect(resolveGamePath(games, "Big racks v2.stela").ok).toBe(true);
  });

  it.each([
    ["../secret.stela"],
    ["..%2Fsecret.stela".replace("%2F", "/")],
    ["sub/maya.stela"],
    ["..\\secret.stela"],
    ["/etc/passwd.stela"],
    ["C:maya.stela"],
    ["maya.txt"],
    ["maya.stela.bak"],
    [".hidden.stela"],
    ["a..stela"],
    [""],
    ["maya\u0000.stela"],
    ["line\nbreak.stela"],
  ])("refuses %j", (name) => {
    expect(resolveGamePath(games, name).ok).toBe(false);
  });

  it("refuses a file that is a link out of the folder", () => {
    expect(resolveGamePath(games, "link.stela")).toEqual({ ok: false, reason: "the file links outside the games folder" });
  });
});

describe("the folder a command names", () => {
  it("is the rule files' folder as typed where the server started: relative inside it, whole outside", () => {
    // "Reproduce in a terminal" named games/cacao.stela for a designer's own folder, which the CLI could not read.
    expect(terminalFolder("/work/repo/games", "/work/repo")).toBe("games");
    expect(terminalFolder("/work/repo/games/", "/work/repo")).toBe("games");
    expect(terminalFolder("/work/repo/tests/fixtures/games", "/work/repo")).toBe("tests/fixtures/games");
    expect(terminalFolder("/tmp/mine", "/work/repo")).toBe("/tmp/mine");
    expect(terminalFolder("/work/repo", "/work/repo")).toBe(".");
    expect(terminalFolder("mine", "/work/repo")).toBe("mine");
  });
});

describe("games API", () => {
  const games = mkdtempSync(join(tmpdir(), "stela-api-"));
  writeFileSync(join(games, "one.stela"), "// one");
  writeFileSync(join(games, "notes.txt"), "not a rule file");
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => void handleGamesApi(games, req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}/api/games`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const put = (name: string, body: string, headers: Record<string, string> = { [SAVE_HEADER]: "1" }) =>
    fetch(`${base}/${name}`, { method: "PUT", headers, body });

  it("lists only rule files, with their text", async () => {
    const r = await fetch(base);
    expect(await r.json()).toEqual({ writable: true, files: [{ name: "one.stela", source: "// one", version: fileVersion("// one") }], folder: terminalFolder(games) });
  });

  it("lists a game before the files named after it (its variants)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "stela-api-order-"));
    for (const n of ["maya-house-rules.stela", "maya.stela", "cacao.stela"]) writeFileSync(join(dir, n), "// x");
    const local = createServer((req, res) => void handleGamesApi(dir, req, res));
    await new Promise<void>((r) => local.listen(0, "127.0.0.1", r));
    const a = local.address();
    const r = await fetch(`http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}/api/games`);
    expect(((await r.json()) as { files: { name: string }[] }).files.map((f) => f.name)).toEqual(["cacao.stela", "maya.stela", "maya-house-rules.stela"]);
    await new Promise<void>((done) => local.close(() => done()));
  });

  it("refuses a save from an older version of the file, giving what is on disk, and creates only new files with `new`", async () => {
    const save = (name: string, body: string, baseVersion: string) =>
      fetch(`${base}/${name}`, { method: "PUT", headers: { "x-stela-save": "1", "x-stela-base-version": baseVersion }, body });
    const stale = await save("one.stela", "// mine", fileVersion("// older"));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ conflict: "one.stela", version: fileVersion("// one"), source: "// one" });
    expect(readFileSync(join(games, "one.stela"), "utf8")).toBe("// one");
    expect((await save("one.stela", "// one", "new")).status).toBe(409);
    const fresh = await save("one.stela", "// one", fileVersion("// one"));
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { version: string }).version).toBe(fileVersion("// one"));
  });

  it("saves a rule file, and reads it back", async () => {
    expect((await put("two.stela", "// two")).status).toBe(200);
    expect(readFileSync(join(games, "two.stela"), "utf8")).toBe("// two");
    expect(await (await fetch(`${base}/two.stela`)).text()).toBe("// two");
    expect(existsSync(join(games, "two.stela.saving"))).toBe(false);
  });

  it("refuses to write outside games/, other files, or without the header", async () => {
    expect((await put("..%2Fout.stela", "x")).status).toBe(400);
    expect((await put("%2E%2E%2Fout.stela", "x")).status).toBe(400);
    expect((await put("notes.txt", "x")).status).toBe(400);
    expect((await put("three.stela", "x", {})).status).toBe(403);
    expect((await put("three.stela", "x", { [SAVE_HEADER]: "1", origin: "http://evil.example" })).status).toBe(403);
    expect(existsSync(join(games, "three.stela"))).toBe(false);
    expect(existsSync(join(games, "..", "out.stela"))).toBe(false);
  });
});
