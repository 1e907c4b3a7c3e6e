import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** Debian's Chromium, or the one STELA_CHROMIUM names. */
export const CHROMIUM = process.env.STELA_CHROMIUM ?? "/usr/bin/chromium";

/** Says why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set STELA_CHROMIUM)`;
}

/** A fresh headless Chromium with its own profile: a separate "browser" with empty localStorage. */
export function launchBrowser(viewport = { width: 1500, height: 950 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "stela-chromium-")), {
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
