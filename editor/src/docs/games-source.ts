/** A rule file of games/ as the server has it. */
export interface GameFile {
  name: string;
  source: string;
}

const API = "./api/games";

/** Every rule file of games/, from the editor's server, or undefined when there is no server (a static copy). */
export async function fetchGames(): Promise<GameFile[] | undefined> {
  try {
    const r = await fetch(API, { cache: "no-store" });
    if (!r.ok || !(r.headers.get("content-type") ?? "").includes("json")) return undefined;
    const body = (await r.json()) as { files: GameFile[] };
    return body.files;
  } catch {
    return undefined;
  }
}

/** The file as it is on disk now. */
export async function fetchGame(name: string): Promise<string | undefined> {
  const r = await fetch(`${API}/${encodeURIComponent(name)}`, { cache: "no-store" });
  return r.ok ? r.text() : undefined;
}

/** Writes the file back to games/ through the server; throws with the server's reason. */
export async function saveGame(name: string, text: string): Promise<void> {
  const r = await fetch(`${API}/${encodeURIComponent(name)}`, {
    method: "PUT",
    headers: { "content-type": "text/plain; charset=utf-8", "x-stela-save": "1" },
    body: text,
  });
  if (!r.ok) throw new Error(await r.text());
}
