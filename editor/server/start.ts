import { fileURLToPath } from "node:url";
import { build, preview, type PreviewServer } from "vite";
import { editorConfig, type EditorConfigOptions } from "../vite.config.ts";

export interface StartOptions extends EditorConfigOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Print nothing but errors (tests). */
  quiet?: boolean;
}

/**
 * Builds the editor and serves it with `vite preview` on 127.0.0.1, with the
 * rule-file API mounted: what `npm start` runs, and what the browser tests
 * start on port 0.
 */
export async function startEditor(options: StartOptions = {}): Promise<{ server: PreviewServer; url: string }> {
  const config = editorConfig(options);
  const logLevel = options.quiet ? "error" : "warn";
  await build({ ...config, configFile: false, logLevel });
  const server = await preview({
    ...config,
    configFile: false,
    logLevel,
    preview: { ...config.preview, host: "127.0.0.1", port: options.port ?? 5173, strictPort: false },
  });
  const address = server.httpServer.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return { server, url: `http://127.0.0.1:${port}/` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = process.env.PORT ? Number(process.env.PORT) : 5173;
  const t0 = Date.now();
  const { url } = await startEditor({ port });
  console.log(`Stela editor (built in ${((Date.now() - t0) / 1000).toFixed(1)} s): ${url}`);
  // Where Save writes: the repository's games/, or the folder STELA_GAMES_DIR names (a designer's own).
  const games = process.env.STELA_GAMES_DIR ? `${process.env.STELA_GAMES_DIR.replace(/\/$/, "")}/` : "games/";
  console.log(`Saving writes rule files back to ${games}. Press Ctrl+C to stop.`);
}
