/**
 * Reads lz-string's URI-safe format (what `compressToEncodedURIComponent`
 * writes) while counting the characters it produces, and gives up as soon as
 * they pass `maxChars`. A share link is untrusted: LZ codes can name ever
 * longer dictionary entries, so a few hundred kilobytes of link can expand to
 * gigabytes, and lz-string's own decoder would build all of it before the
 * page could look at its length.
 *
 * The format: a stream of 6-bit symbols, read least significant bit first;
 * codes of `numBits` bits (growing as the dictionary grows), where 0 and 1
 * bring a new 8- or 16-bit character, 2 ends the stream, and any other code
 * names a dictionary entry.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";
const VALUE = new Map([...ALPHABET].map((ch, i) => [ch, i]));

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: "too-large" | "invalid" };

/** Decodes `packed`, refusing it once the text would pass `maxChars` characters. */
export function decompressBounded(packed: string, maxChars: number): DecodeResult {
  const invalid: DecodeResult = { ok: false, reason: "invalid" };
  if (packed.length === 0) return invalid;
  let index = 0;
  let value = 0;
  let bit = 0; // the next bit of `value` to read, from the low end; 6 means read the next symbol
  let broken = false;
  const nextSymbol = (): void => {
    const v = VALUE.get(packed.charAt(index++));
    if (v === undefined) broken = true;
    value = v ?? 0;
    bit = 0;
  };
  nextSymbol();
  // lz-string reads each symbol from its high bit (32) down, building numbers from the low bit up.
  const readBits = (n: number): number => {
    let out = 0;
    for (let i = 0; i < n; i++) {
      if (bit === 6) nextSymbol();
      if (value & (32 >> bit)) out |= 1 << i;
      bit++;
    }
    return out;
  };

  const dictionary: string[] = ["", "", ""];
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  const first = readBits(2);
  if (first === 2) return { ok: true, text: "" };
  if (first !== 0 && first !== 1) return invalid;
  let w = String.fromCharCode(readBits(first === 0 ? 8 : 16));
  dictionary[3] = w;
  const parts: string[] = [w];
  let length = w.length;
  for (;;) {
    if (broken || index > packed.length) return invalid;
    let code = readBits(numBits);
    if (code === 0 || code === 1) {
      dictionary[dictSize++] = String.fromCharCode(readBits(code === 0 ? 8 : 16));
      code = dictSize - 1;
      enlargeIn--;
    } else if (code === 2) {
      return { ok: true, text: parts.join("") };
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    if (code < dictSize && dictionary[code] !== undefined) entry = dictionary[code]!;
    else if (code === dictSize) entry = w + w.charAt(0);
    else return invalid;
    length += entry.length;
    if (length > maxChars) return { ok: false, reason: "too-large" };
    parts.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
