import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";

/** Rules carried in a link: the file name they came from, and the text. */
export interface SharedRules {
  file: string;
  text: string;
}

/** `#share=<file>&rules=<lz-string>`: the whole rule text travels in the URL's hash, never to a server. */
export function shareHash(rules: SharedRules): string {
  return `#share=${encodeURIComponent(rules.file)}&rules=${compressToEncodedURIComponent(rules.text)}`;
}

/** The rules in a location hash, or undefined when there are none (or the link was cut short). */
export function readShareHash(hash: string): SharedRules | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const file = params.get("share");
  const packed = params.get("rules");
  if (!file || !packed) return undefined;
  // URLSearchParams turns `+` into a space; lz-string's URI alphabet uses `+`.
  const text = decompressFromEncodedURIComponent(packed.replace(/ /g, "+"));
  if (text === null || text === "") return undefined;
  return { file: file.replace(/[^A-Za-z0-9 _.-]/g, "_"), text };
}
