import { createHash } from "node:crypto";
import { existsSync, readdirSync, unlinkSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAbsolute, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { resolveGamePath } from "./game-path.ts";
import { readRegularFile, writeFileSafely } from "./safe-files.ts";

/** The URL the editor reads and saves rule files through. */
export const GAMES_API = "/api/games";

/** A header the page must send to save: a cross-site form cannot set it, so it cannot write files. */
export const SAVE_HEADER = "x-stela-save";

/** The file's version, sent with every read and save (a hash, so a touch without a change is no conflict). */
export const VERSION_HEADER = "x-stela-version";

/**
 * A save may name the version it started from: the server refuses it (409)
 * when the file is no longer that. `new` means the file must not exist yet
 * (a new game must not replace one).
 */
export const BASE_VERSION_HEADER = "x-stela-base-version";

const MAX_BODY = 2 * 1024 * 1024;

/** A short hash of a rule file's text: its version. */
export function fileVersion(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

export interface GamesApiOptions {
  /** The folder of rule files served and saved (the repository's `games/`, or a copy in tests). */
  gamesDir: string;
}

function send(res: ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8"): void {
  res.statusCode = status;
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Another site's page may not use the API: its Origin (when a browser sends one) must be this server. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * The folder of the rule files as a command typed where the server was started names it: `games`
 * for the repository's, a relative path inside it, else the whole path. The editor's "Reproduce in
 * a terminal" commands named `games/cacao.stela` for a designer's own folder (`STELA_GAMES_DIR`),
 * which the CLI could not read.
 */
export function terminalFolder(gamesDir: string, cwd = process.cwd()): string {
  const whole = resolve(cwd, gamesDir);
  const rel = relative(cwd, whole);
  if (rel === "") return ".";
  return rel.startsWith("..") || isAbsolute(rel) ? whole : rel;
}

/** Lists the rule files with their text, reads one, or saves one (PUT). */
export async function handleGamesApi(gamesDir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const rest = url.pathname.slice(GAMES_API.length);
  if (!sameOrigin(req)) return send(res, 403, "cross-origin requests are refused");
  if (rest === "" || rest === "/") {
    if (req.method !== "GET") return send(res, 405, "GET only");
    const files: { name: string; source: string; version: string }[] = [];
    // By name without `.stela`: a game comes before the files named after it ("maya" before
    // "maya-house-rules"), where plain order put `-` before `.` and a variant file first.
    const byStem = (a: string, b: string): number => {
      const x = a.replace(/\.stela$/, "");
      const y = b.replace(/\.stela$/, "");
      return x < y ? -1 : x > y ? 1 : 0;
    };
    for (const name of readdirSync(gamesDir).sort(byStem)) {
      const r = resolveGamePath(gamesDir, name);
      if (!r.ok) continue;
      const source = readRegularFile(r.path);
      if (source !== undefined) files.push({ name, source, version: fileVersion(source) });
    }
    return send(res, 200, JSON.stringify({ writable: true, files, folder: terminalFolder(gamesDir) }), "application/json");
  }
  let name: string;
  try {
    name = decodeURIComponent(rest.slice(1));
  } catch {
    return send(res, 400, "bad file name");
  }
  const target = resolveGamePath(gamesDir, name);
  if (!target.ok) return send(res, 400, target.reason);
  if (req.method === "GET") {
    const source = readRegularFile(target.path);
    if (source === undefined) return send(res, 404, `no file ${name}`);
    res.setHeader(VERSION_HEADER, fileVersion(source));
    return send(res, 200, source);
  }
  if (req.method === "PUT") {
    if (req.headers[SAVE_HEADER] !== "1") return send(res, 403, `saving needs the ${SAVE_HEADER} header`);
    const body = await readBody(req);
    if (body === undefined) return send(res, 413, "rule file too large");
    // Another editor changed the file since the page read it: refuse, and give the page what is on disk.
    const base = req.headers[BASE_VERSION_HEADER];
    if (typeof base === "string" && existsSync(target.path)) {
      const disk = readRegularFile(target.path) ?? "";
      const version = fileVersion(disk);
      if (version !== base) return send(res, 409, JSON.stringify({ conflict: name, version, source: disk }), "application/json");
    }
    // Write then rename, through an exclusively created temporary file: see safe-files.ts.
    try {
      writeFileSafely(gamesDir, target.path, body);
    } catch {
      return send(res, 500, `could not save ${name}`);
    }
    return send(res, 200, JSON.stringify({ saved: name, bytes: Buffer.byteLength(body), version: fileVersion(body) }), "application/json");
  }
  if (req.method === "DELETE") {
    // Only a rename deletes (after writing the new name), with the same header as a save.
    if (req.headers[SAVE_HEADER] !== "1") return send(res, 403, `deleting needs the ${SAVE_HEADER} header`);
    if (!existsSync(target.path)) return send(res, 404, `no file ${name}`);
    unlinkSync(target.path);
    return send(res, 200, JSON.stringify({ deleted: name }), "application/json");
  }
  return send(res, 405, "GET, PUT or DELETE only");
}

/** The Vite plugin that mounts the API on the dev server and on `vite preview`. */
export function gamesApi(options: GamesApiOptions): Plugin {
  const middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void => {
    const path = (req.url ?? "").split("?")[0]!;
    if (path !== GAMES_API && !path.startsWith(`${GAMES_API}/`)) return next();
    handleGamesApi(options.gamesDir, req, res).catch((e: unknown) => send(res, 500, e instanceof Error ? e.message : String(e)));
  };
  return {
    name: "stela-games-api",
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
