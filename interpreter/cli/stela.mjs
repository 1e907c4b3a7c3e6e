#!/usr/bin/env node
// The `stela` command. It runs the CLI bundled by build.mjs (dist/cli/main.mjs) and rebuilds the
// bundle first when a source file is newer, so it always runs the code in the tree; if the bundle
// cannot be built it runs the TypeScript through tsx (slower to start, same behaviour).
// STELA_FROM_SOURCE=1 forces the tsx path.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const bundle = join(root, "dist/cli/main.mjs");

/** The bundle exists and no source it was built from changed since. */
function fresh() {
  try {
    const built = statSync(join(root, "dist/cli/inputs.json")).mtimeMs;
    if (statSync(bundle).mtimeMs > built) return false;
    const inputs = JSON.parse(readFileSync(join(root, "dist/cli/inputs.json"), "utf8"));
    return inputs.every((f) => statSync(join(root, f)).mtimeMs <= built);
  } catch {
    return false;
  }
}

async function load() {
  if (process.env.STELA_FROM_SOURCE !== "1") {
    if (!fresh()) {
      try {
        await (await import("./build.mjs")).buildCli();
      } catch {
        // No esbuild (or a read-only install): fall through to the TypeScript sources.
      }
    }
    if (fresh()) return import(pathToFileURL(bundle).href);
  }
  const { register } = await import("tsx/esm/api");
  register();
  return import("./main.ts");
}

const { main } = await load();
process.exitCode = await main(process.argv.slice(2));
