// Bundles the CLI into dist/cli/ with esbuild, so `stela` starts without compiling TypeScript on
// every run (tsx took seconds; a bundle loads in a fraction of one). Plain JavaScript, so it runs
// before anything is built: from `npm run build:cli`, from `prepare` on `npm ci`, and from the
// `stela` launcher when a source file is newer than the bundle.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
/** Where the bundle goes; `inputs.json` lists the sources it was built from (the launcher's freshness check). */
export const OUT_DIR = join(root, "dist/cli");

/**
 * Builds `main.mjs` (the CLI) and `simulate-worker.mjs` (a worker process of `stela simulate`,
 * found next to the bundle). Files are written under temporary names and renamed, so a `stela`
 * started meanwhile never reads half a file.
 */
export async function buildCli() {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: {
      main: join(root, "interpreter/cli/main.ts"),
      "simulate-worker": join(root, "interpreter/cli/bundled-worker.ts"),
    },
    outdir: OUT_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node20",
    // Libraries go in too: loading chevrotain's hundreds of small modules cost more than compiling.
    // tinypool stays outside, as it starts its worker processes from its own files.
    external: ["tinypool", "esbuild", "tsx"],
    // CommonJS libraries (commander) `require` Node's modules: give the ES module bundle a `require`.
    banner: { js: 'import { createRequire as __stelaRequire } from "node:module"; const require = __stelaRequire(import.meta.url);' },
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  const inputs = Object.keys(result.metafile.inputs).map((p) => relative(root, join(process.cwd(), p)));
  const list = join(OUT_DIR, `inputs.json.${process.pid}.tmp`);
  // Written last: the bundle counts as built only once its inputs are recorded.
  writeFileSync(list, JSON.stringify(inputs));
  renameSync(list, join(OUT_DIR, "inputs.json"));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCli();
}
