// `node tests/bench/run-bundled.mjs <script.ts> [args…]`: runs a benchmark script the way the
// tools designers use run the engine. The CLI is an esbuild bundle and the editor a Vite build;
// tsx, which `npx tsx` would run the script with, keeps every function's name by wrapping each
// function expression in a call that sets it, every time one is made. The parser and the VM make
// many (Chevrotain's alternatives, the VM's callbacks), so under tsx parse+check took about twice
// as long and playouts about a fifth longer than in the real tools: figures nobody would see.
//
// The bundle is written beside the script (a dotfile, ignored by git), so `import.meta.url` in the
// script and in the modules it imports from the same depth still finds the repository's root.
import { spawnSync } from "node:child_process";
import { basename, dirname, join, resolve } from "node:path";
import { build } from "esbuild";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tests/bench/run-bundled.mjs <script.ts> [args…]");
  process.exit(2);
}
const entry = resolve(script);
const out = join(dirname(entry), `.${basename(entry, ".ts")}.bundle.mjs`);
await build({
  entryPoints: [entry],
  outfile: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // CommonJS libraries `require` Node's modules: give the ES module bundle a `require`.
  banner: { js: 'import { createRequire as __benchRequire } from "node:module"; const require = __benchRequire(import.meta.url);' },
  external: ["esbuild", "tinypool", "tsx", "playwright-core"],
  logLevel: "error",
});
const r = spawnSync(process.execPath, [out, ...args], { stdio: "inherit" });
process.exit(r.status ?? 1);
