import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** Debian's Chromium, or the one STELA_CHROMIUM names. */
export const CHROMIUM = process.env.STELA_CHROMIUM ?? "/usr/bin/chromium";

/** Says why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set STELA_CHROMIUM)`;
}

/** Each browser's profile folder, removed by `closeBrowser`. */
const profiles = new WeakMap<BrowserContext, string>();

function dropProfile(profile: string): void {
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch {
    // A file Chromium still held: the temporary folder's own cleaning takes it.
  }
}

/**
 * A fresh headless Chromium with its own profile: a separate "browser" with
 * empty localStorage. Close it with `closeBrowser`, which removes the profile
 * folder too (they were left in the temporary folder, hundreds over a day of tests).
 */
export async function launchBrowser(viewport = { width: 1500, height: 950 }): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), "stela-chromium-"));
  let context: BrowserContext;
  try {
    context = await launch(profile, viewport);
  } catch (e) {
    dropProfile(profile);
    throw e;
  }
  profiles.set(context, profile);
  return context;
}

/** Closes a browser from `launchBrowser` and removes its profile folder. */
export async function closeBrowser(context: BrowserContext): Promise<void> {
  await context.close();
  const profile = profiles.get(context);
  if (profile) dropProfile(profile);
}

function launch(profile: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
