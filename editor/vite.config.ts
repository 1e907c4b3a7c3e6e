import { svelte } from "@sveltejs/vite-plugin-svelte";
import { fileURLToPath } from "node:url";
import { defineConfig, type UserConfig } from "vite";
import { gamesApi } from "./server/games-api.ts";

const editorDir = fileURLToPath(new URL(".", import.meta.url));
const repoDir = fileURLToPath(new URL("..", import.meta.url));

export interface EditorConfigOptions {
  /** The rule files the editor lists and saves (default: the repository's games/, or STELA_GAMES_DIR). */
  gamesDir?: string;
  /** Where `vite build` writes the editor (default: editor/dist). */
  outDir?: string;
}

/** The editor's Vite configuration, shared by `npm start`, `npm run editor:dev` and the browser tests. */
export function editorConfig(options: EditorConfigOptions = {}): UserConfig {
  const gamesDir = options.gamesDir ?? process.env.STELA_GAMES_DIR ?? `${repoDir}games`;
  return {
    root: editorDir,
    base: "./",
    plugins: [svelte({ configFile: false }), gamesApi({ gamesDir })],
    worker: { format: "es" },
    build: {
      outDir: options.outDir ?? `${editorDir}dist`,
      emptyOutDir: true,
      target: "es2022",
      // Monaco alone is several megabytes; the warning would say nothing new.
      chunkSizeWarningLimit: 6000,
      reportCompressedSize: false,
    },
    server: { host: "127.0.0.1", fs: { allow: [repoDir] } },
    preview: { host: "127.0.0.1" },
  };
}

export default defineConfig(editorConfig());
