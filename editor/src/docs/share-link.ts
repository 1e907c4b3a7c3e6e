import { compressToEncodedURIComponent } from "lz-string";
import { INPUT_LIMITS } from "../../../dsl/index.ts";
import { decompressBounded } from "./bounded-decompress.ts";
import type { SavedPlaytest } from "./document-store.ts";

/**
 * The longest `rules=` part read. Real rule files pack to a few kilobytes; the
 * text a link expands to is capped separately, while it is decoded.
 */
export const MAX_SHARED_PACKED = 3_000_000;

/** The longest playtest a link carries, unpacked: far more decisions than any game takes. */
const MAX_SHARED_PLAYTEST = 1_000_000;

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

/** A playtest from a link, checked field by field: a mangled one is dropped, the rules still open. */
function readPlaytest(packed: string | null): SavedPlaytest | undefined {
  if (!packed || packed.length > MAX_SHARED_PACKED) return undefined;
  const decoded = decompressBounded(packed.replace(/ /g, "+"), MAX_SHARED_PLAYTEST);
  if (!decoded.ok) return undefined;
  try {
    const v = JSON.parse(decoded.text) as { settings?: { players?: unknown; seed?: unknown; variant?: unknown }; log?: unknown; persons?: unknown };
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

/**
 * The rules in a location hash, or undefined when there are none (or the link
 * was cut short), or `{ refused }` when the text would be longer than a rule
 * file may be: the link is untrusted, so it is refused while being decoded,
 * before it is expanded in full.
 */
export function readShareHash(hash: string): SharedRules | { refused: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const file = params.get("share");
  const packed = params.get("rules");
  if (!file || !packed) return undefined;
  const tooLarge = { refused: `The shared rules are larger than a rule file may be (${INPUT_LIMITS.maxChars.toLocaleString("en")} characters): the link was not opened.` };
  if (packed.length > MAX_SHARED_PACKED) return tooLarge;
  // URLSearchParams turns `+` into a space; lz-string's URI alphabet uses `+`.
  const decoded = decompressBounded(packed.replace(/ /g, "+"), INPUT_LIMITS.maxChars);
  if (!decoded.ok) return decoded.reason === "too-large" ? tooLarge : undefined;
  if (decoded.text === "") return undefined;
  const out: SharedRules = { file: file.replace(/[^A-Za-z0-9 _.-]/g, "_").slice(0, 100), text: decoded.text };
  const playtest = readPlaytest(params.get("play"));
  if (playtest) out.playtest = playtest;
  return out;
}
