import fc from "fast-check";

/**
 * Generators of hostile rule files, shared by the bounded fuzz test
 * (`npm test`) and the larger run (`npm run fuzz`): deep nesting of every
 * form that nests, and real rule files mutated the way a hostile sharer
 * would (very long lines, huge literals, a fragment repeated thousands of
 * times, cut and spliced text).
 */

/** An input with a word on how it was made (reported for the slowest ones). */
export interface FuzzInput {
  how: string;
  source: string;
}

const wrap = (body: string): string =>
  `game "Fuzz" { players 2..3 }\nper player { score: number = 0 }\nflow {\n  ${body}\n}\nscoring p { points p.score }\n`;

/** Openers and the closers that end them; the prefix forms close with nothing. */
const NESTERS: [string, string][] = [
  ["(", ")"],
  ["[", "]"],
  ["[1, ", "]"],
  ["max(1, ", ")"],
  ["not ", ""],
  ["- ", ""],
  ["if true then 1 else ", ""],
  ["if true then ", " else 1"],
  ["1 + ", ""],
  ["players[0].score + ", ""],
];
const BLOCKS: [string, string][] = [
  ["if true { ", " }"],
  ["if false { } else ", ""],
  ["while false { ", " }"],
  ["for q in players { ", " }"],
  ["repeat 1 { ", " }"],
];

/** Deeply nested expressions and blocks, up to `maxDepth` levels of a random mix of forms. */
export function nestedInput(maxDepth: number): fc.Arbitrary<FuzzInput> {
  return fc
    .record({
      expr: fc.array(fc.constantFrom(...NESTERS), { minLength: 1, maxLength: 4 }),
      block: fc.array(fc.constantFrom(...BLOCKS), { minLength: 1, maxLength: 3 }),
      depth: fc.integer({ min: 1, max: maxDepth }),
      blockDepth: fc.integer({ min: 0, max: maxDepth }),
    })
    .map(({ expr, block, depth, blockDepth }) => {
      let open = "";
      let close = "";
      for (let i = 0; i < depth; i++) {
        const [o, c] = expr[i % expr.length]!;
        open += o;
        close = c + close;
      }
      let bo = "";
      let bc = "";
      for (let i = 0; i < blockDepth; i++) {
        const [o, c] = block[i % block.length]!;
        bo += o;
        bc = c + bc;
      }
      return { how: `nested: ${depth} of ${expr.map((e) => e[0].trim()).join("|")}, ${blockDepth} blocks of ${block.map((b) => b[0].trim()).join("|")}`, source: wrap(`${bo}let x = ${open}1${close}\n  players[0].score = 0 ${bc}`) };
    });
}

const FRAGMENTS = ["(", ")", "[", "]", "{", "}", "not ", "-", "if ", "else ", "then ", "+ 1", '"', "|", "\n", "..", ".x", "[0]", "x", "// c\n", "/*", "let y = ", "choose n from 1..3", "#", "\u0000", "é", "𝄞"];

/** A real rule file mutated: cut, spliced, a fragment repeated up to `maxRepeat` times, a long line or a huge literal inserted. */
export function mutatedInput(sources: string[], maxRepeat: number): fc.Arbitrary<FuzzInput> {
  const edit = fc.oneof(
    fc.record({ k: fc.constant("repeat" as const), what: fc.constantFrom(...FRAGMENTS), times: fc.integer({ min: 1, max: maxRepeat }) }),
    fc.record({ k: fc.constant("long-line" as const), times: fc.integer({ min: 1000, max: maxRepeat * 20 }) }),
    fc.record({ k: fc.constant("huge-number" as const), digits: fc.integer({ min: 300, max: maxRepeat * 20 }) }),
    fc.record({ k: fc.constant("splice" as const), text: fc.string({ maxLength: 20 }), cut: fc.nat(200) }),
    fc.record({ k: fc.constant("duplicate" as const), length: fc.nat(400), times: fc.integer({ min: 2, max: 50 }) }),
  );
  return fc
    .record({ file: fc.nat(sources.length - 1), edits: fc.array(fc.tuple(fc.nat(), edit), { minLength: 1, maxLength: 3 }) })
    .map(({ file, edits }) => {
      let src = sources[file]!;
      const hows: string[] = [];
      for (const [pos, e] of edits) {
        const at = pos % (src.length + 1);
        let insert = "";
        let cut = 0;
        switch (e.k) {
          case "repeat":
            insert = e.what.repeat(e.times);
            hows.push(`${JSON.stringify(e.what)} x${e.times}`);
            break;
          case "long-line":
            insert = `"${"w".repeat(e.times)}"`;
            hows.push(`a ${e.times}-character text`);
            break;
          case "huge-number":
            insert = "9".repeat(e.digits);
            hows.push(`a ${e.digits}-digit number`);
            break;
          case "splice":
            insert = e.text;
            cut = e.cut;
            hows.push(`splice ${JSON.stringify(e.text)} over ${e.cut}`);
            break;
          case "duplicate":
            insert = src.slice(at, at + e.length).repeat(e.times);
            hows.push(`${e.length} characters x${e.times}`);
            break;
        }
        src = src.slice(0, at) + insert + src.slice(at + cut);
      }
      return { how: `mutated game ${file}: ${hows.join(", ")}`, source: src };
    });
}
