import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";
import type { SavedPlaytest } from "./document-store.ts";

/** Rules carried in a link: the file name they came from, the text, and where the playtest stood. */
export interface SharedRules {
  file: string;
  text: string;
  /** Seed, players, variant, the decisions taken and who played each seat. */
  playtest?: SavedPlaytest;
}

/**
 * `#share=<file>&rules=<lz-string>[&play=<lz-string JSON>]`: everything
 * travels in the URL's hash, never to a server.
 */
export function shareHash(rules: SharedRules): string {
  let hash = `#share=${encodeURIComponent(rules.file)}&rules=${compressToEncodedURIComponent(rules.text)}`;
  if (rules.playtest) {
    const p = rules.playtest;
    // Only what a replay needs: labels are given again by the rules.
    const slim = { settings: p.settings, log: p.log.map((d) => [d.player, d.option]), persons: p.persons };
    hash += `&play=${compressToEncodedURIComponent(JSON.stringify(slim))}`;
  }
  return hash;
}

function unpack(packed: string | null): string | undefined {
  if (!packed) return undefined;
  // URLSearchParams turns `+` into a space; lz-string's URI alphabet uses `+`.
  const text = decompressFromEncodedURIComponent(packed.replace(/ /g, "+"));
  return text === null || text === "" ? undefined : text;
}

/** A playtest from a link, checked field by field: a mangled one is dropped, the rules still open. */
function readPlaytest(json: string | undefined): SavedPlaytest | undefined {
  if (json === undefined) return undefined;
  try {
    const v = JSON.parse(json) as { settings?: { players?: unknown; seed?: unknown; variant?: unknown }; log?: unknown; persons?: unknown };
    const s = v.settings;
    if (!s || !Number.isInteger(s.players) || !Number.isInteger(s.seed) || !Array.isArray(v.log)) return undefined;
    const settings: SavedPlaytest["settings"] = { players: s.players as number, seed: s.seed as number };
    if (typeof s.variant === "string") settings.variant = s.variant;
    const log: SavedPlaytest["log"] = [];
    for (const e of v.log) {
      if (!Array.isArray(e) || !Number.isInteger(e[0]) || typeof e[1] !== "string") return undefined;
      log.push({ player: e[0] as number, option: e[1], label: e[1] });
    }
    const persons = Array.isArray(v.persons) ? v.persons.filter((p): p is number => Number.isInteger(p)) : [0];
    return { settings, log, persons };
  } catch {
    return undefined;
  }
}

/** The rules in a location hash, or undefined when there are none (or the link was cut short). */
export function readShareHash(hash: string): SharedRules | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const file = params.get("share");
  const text = unpack(params.get("rules"));
  if (!file || text === undefined) return undefined;
  const out: SharedRules = { file: file.replace(/[^A-Za-z0-9 _.-]/g, "_"), text };
  const playtest = readPlaytest(unpack(params.get("play")));
  if (playtest) out.playtest = playtest;
  return out;
}
