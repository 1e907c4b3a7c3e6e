import { compressToEncodedURIComponent } from "lz-string";
import { INPUT_LIMITS } from "../../../dsl/index.ts";
import { decompressBounded } from "./bounded-decompress.ts";

/**
 * The longest `rules=` part read. Real rule files pack to a few kilobytes; the
 * text a link expands to is capped separately, while it is decoded.
 */
export const MAX_SHARED_PACKED = 3_000_000;

/** Rules carried in a link: the file name they came from, and the text. */
export interface SharedRules {
  file: string;
  text: string;
}

/** `#share=<file>&rules=<lz-string>`: the whole rule text travels in the URL's hash, never to a server. */
export function shareHash(rules: SharedRules): string {
  return `#share=${encodeURIComponent(rules.file)}&rules=${compressToEncodedURIComponent(rules.text)}`;
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
  return { file: file.replace(/[^A-Za-z0-9 _.-]/g, "_").slice(0, 100), text: decoded.text };
}
