import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import lz from "lz-string";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isColour, resolveExtendsPath } from "../../dsl/index.ts";
import { decompressBounded } from "../../editor/src/docs/bounded-decompress.ts";
import { readShareHash } from "../../editor/src/docs/share-link.ts";
import { handleGamesApi, SAVE_HEADER } from "../../editor/server/games-api.ts";
import { compile } from "../../interpreter/index.ts";
import { bombLink } from "./bomb-link.ts";

/** The editor's edges a shared rule file reaches: colours, share links, the save endpoint, and `extends` paths. */

describe("colours", () => {
  it("accept the forms of real games", () => {
    for (const c of ["#c0392b", "#fff", "#ffff", "#11223344", "red", "RebeccaPurple", "transparent", "rgb(10, 20, 30)", "rgba(10 20 30 / 50%)", "hsl(120deg, 50%, 50%)"]) {
      expect([c, isColour(c)]).toEqual([c, true]);
    }
  });

  it("refuse CSS that is not a colour", () => {
    for (const c of ["url(http://example.com/x)", "red; background: url(x)", "#12345", "var(--x)", "rgb(1,2,url(x))", "expression(alert(1))", "", "red ", "image-set('x' 1x)", "#fff\\", "x".repeat(70)]) {
      expect([c, isColour(c)]).toEqual([c, false]);
    }
  });

  it("a show block's colour that is not one is dropped from the view", () => {
    const r = compile(`game "G" { players 2..2 }
per player { score: number = 0 }
kind Token { n: number  show { colour: if this.n == 1 then "url(http://example.com/b)" else "#2471a3" } }
zone pile: Token
components Token in pile { x1 { n: 1 }  x1 { n: 2 } }
flow { }
scoring p { points p.score }
`, "colour.stela");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const view = r.game!.start({ players: 2, seed: 1 }).view(0);
    const pieces = view.zones.flatMap((z) => z.pieces ?? []);
    expect(pieces.map((p) => p.show?.colour)).toEqual([undefined, "#2471a3"]);
  });
});

const { compressToEncodedURIComponent, decompressFromEncodedURIComponent } = lz;


describe("share links", () => {
  it("decode exactly what lz-string encodes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => {
        const decoded = decompressBounded(compressToEncodedURIComponent(text), 1_000_000);
        expect(decoded).toEqual(text === "" ? { ok: true, text: "" } : { ok: true, text });
      }),
      { numRuns: 300, seed: 16 },
    );
  });

  it("refuse a link that expands past the cap while decoding it", () => {
    // A link of a few kilobytes that lz-string itself expands to two million characters.
    const bomb = bombLink(2000);
    expect(bomb.length).toBeLessThan(5_000);
    expect(decompressFromEncodedURIComponent(bomb)?.length).toBe(1 + (2000 * 2003) / 2);
    expect(decompressBounded(bomb, 1_000_000)).toEqual({ ok: false, reason: "too-large" });
    expect(decompressBounded(bombLink(100), 1_000_000)).toEqual({ ok: true, text: "a".repeat(1 + (100 * 103) / 2) });
    expect(readShareHash(`#share=x.stela&rules=${bomb}`)).toEqual({ refused: expect.stringContaining("larger than a rule file may be") });
  });

  it("give nothing for a damaged link", () => {
    expect(decompressBounded("@@@", 100)).toEqual({ ok: false, reason: "invalid" });
    const good = compressToEncodedURIComponent("game");
    expect(decompressBounded(good.slice(0, 2), 100)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("the save endpoint", () => {
  const games = mkdtempSync(join(tmpdir(), "stela-save-"));
  const outside = mkdtempSync(join(tmpdir(), "stela-outside-"));
  writeFileSync(join(games, "one.stela"), "// one");
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => void handleGamesApi(games, req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}/api/games`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const put = (name: string, body: string) => fetch(`${base}/${name}`, { method: "PUT", headers: { [SAVE_HEADER]: "1" }, body });

  it("never writes through a planted temporary-file link", async () => {
    writeFileSync(join(outside, "victim.txt"), "untouched");
    symlinkSync(join(outside, "victim.txt"), join(games, "one.stela.saving"));
    expect((await put("one.stela", "// saved")).status).toBe(200);
    expect(readFileSync(join(outside, "victim.txt"), "utf8")).toBe("untouched");
    expect(readFileSync(join(games, "one.stela"), "utf8")).toBe("// saved");
    // No temporary file is left behind.
    expect(readdirSync(games).filter((f) => f.endsWith(".saving") && f !== "one.stela.saving")).toEqual([]);
  });

  it("lists and serves only regular files: a FIFO named like a rule file does not hang it", async () => {
    spawnSync("mkfifo", [join(games, "fifo.stela")]);
    expect(existsSync(join(games, "fifo.stela"))).toBe(true);
    const list = (await (await fetch(base)).json()) as { files: { name: string }[] };
    expect(list.files.map((f) => f.name)).toEqual(["one.stela"]);
    expect((await fetch(`${base}/fifo.stela`)).status).toBe(404);
  });
});

describe("extends paths", () => {
  it("allow a .stela file beside or below", () => {
    expect(resolveExtendsPath("games/house.stela", "maya.stela")).toEqual({ ok: true, path: "games/maya.stela" });
    expect(resolveExtendsPath("house.stela", "bases/maya.stela")).toEqual({ ok: true, path: "bases/maya.stela" });
  });

  it("refuse anything that could reach elsewhere", () => {
    for (const p of ["/etc/passwd", "../x.stela", "a/../../x.stela", "C:/x.stela", "file:///x.stela", "~/x.stela", "a\\x.stela", ".hidden.stela", "a//x.stela", "./x.stela", "notes.txt", "x.stela\u0000", ""]) {
      expect([p, resolveExtendsPath("games/house.stela", p).ok]).toEqual([p, false]);
    }
  });

  it("in the editor's worker too: an inherited name is not a file", () => {
    const r = compile(`variant "X" extends "constructor.stela" { }\n`, "house.stela", { readFile: (p) => ({} as Record<string, string>)[p] });
    expect(r.diagnostics.map((d) => d.code)).toEqual(["extends-not-found"]);
  });
});
