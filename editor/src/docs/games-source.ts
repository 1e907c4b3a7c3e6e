/** A rule file of games/ as the server has it. */
export interface GameFile {
  name: string;
  source: string;
  /** The server's version of the file (a hash of its bytes): a save names the version it started from. */
  version?: string;
}

const API = "./api/games";
/** The header carrying a file's version, both ways (see editor/server/games-api.ts). */
const VERSION_HEADER = "x-stela-version";
const BASE_HEADER = "x-stela-base-version";

/** The base version that says "this file must not exist yet". */
export const NEW_FILE = "new";

/** A save refused because the file on disk is no longer the version the page read. */
export class SaveConflict extends Error {
  constructor(
    readonly diskText: string,
    readonly diskVersion: string,
  ) {
    super("the file changed on disk");
  }
}

/**
 * Every rule file of games/, from the editor's server, and the folder they are in as a command
 * typed where the server started names it (`games`, or a designer's own folder); undefined when
 * there is no server (a static copy).
 */
export async function fetchGames(): Promise<{ files: GameFile[]; folder?: string } | undefined> {
  try {
    const r = await fetch(API, { cache: "no-store" });
    if (!r.ok || !(r.headers.get("content-type") ?? "").includes("json")) return undefined;
    const body = (await r.json()) as { files: GameFile[]; folder?: unknown };
    return typeof body.folder === "string" ? { files: body.files, folder: body.folder } : { files: body.files };
  } catch {
    return undefined;
  }
}

/** The file as it is on disk now, with its version. */
export async function fetchGame(name: string): Promise<{ source: string; version?: string } | undefined> {
  const r = await fetch(`${API}/${encodeURIComponent(name)}`, { cache: "no-store" });
  if (!r.ok) return undefined;
  const version = r.headers.get(VERSION_HEADER) ?? undefined;
  const source = await r.text();
  return version === undefined ? { source } : { source, version };
}

/**
 * Writes the file back to games/ through the server and gives its new
 * version. With `base`, the server writes only if the file on disk is still
 * that version, and otherwise throws a {@link SaveConflict}; other refusals
 * throw with the server's reason.
 */
export async function saveGame(name: string, text: string, base?: string): Promise<string> {
  const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8", "x-stela-save": "1" };
  if (base !== undefined) headers[BASE_HEADER] = base;
  const r = await fetch(`${API}/${encodeURIComponent(name)}`, { method: "PUT", headers, body: text });
  if (r.status === 409) {
    const body = (await r.json()) as { source: string; version: string };
    throw new SaveConflict(body.source, body.version);
  }
  if (!r.ok) throw new Error(await r.text());
  const body = (await r.json()) as { version?: string };
  return body.version ?? "";
}

/** Deletes a rule file of games/ (the old name, once a rename has written the new one). */
export async function deleteGame(name: string): Promise<void> {
  const r = await fetch(`${API}/${encodeURIComponent(name)}`, { method: "DELETE", headers: { "x-stela-save": "1" } });
  if (!r.ok) throw new Error(await r.text());
}
