import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { startEditor } from "../../editor/server/start.ts";
import { browserMissing, closeBrowser, launchBrowser } from "../../editor/tools/chromium.ts";
import { GAMES_DIR } from "../support/games.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;

/** Set STELA_SKIP_E2E=1 to skip the browser tests on a machine without Chromium. */
export const skipE2e = process.env.STELA_SKIP_E2E === "1";

/** What the page exposes as `window.stela` (the EditorApp), as far as the tests use it. */
export interface AppHandle {
  text: string;
  docKey: string;
  snapshot?: {
    log: { player: number; option: string; label: string }[];
    owing: number[];
    viewer: number | null;
    redo: number;
    settings: { players: number; seed: number; variant?: string };
    stopped?: { index: number };
    view: { over: boolean; players: { vars: Record<string, unknown> }[]; boards: { pieces: { cells?: string[] }[] }[] };
  };
  persons: number[];
  setText(text: string): void;
  open(key: string): void;
  markerLines(owner: string): number[];
  editorInstance: { setPosition(p: { lineNumber: number; column: number }): void; getPosition(): { lineNumber: number }; focus(): void };
}

/** An editor served over a temporary copy of games/ plus the fixtures, and a Chromium page on it. */
export interface E2e {
  gamesDir: string;
  url: string;
  browser: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/** What a test needs before the first page loads. */
export interface E2eOptions {
  /** Runs on the browser before the first page opens (to route or record requests from the start). */
  beforeOpen?: (browser: BrowserContext) => Promise<void>;
  /** Serve an empty games folder (a designer's own, before their first game) instead of the repository's games. */
  empty?: boolean;
}

export async function startE2e(options: E2eOptions = {}): Promise<E2e> {
  const missing = browserMissing();
  if (missing) throw new Error(missing);
  const gamesDir = mkdtempSync(join(tmpdir(), "stela-games-"));
  if (!options.empty) {
    cpSync(GAMES_DIR, gamesDir, { recursive: true });
    for (const f of readdirSync(FIXTURES)) cpSync(join(FIXTURES, f), join(gamesDir, f));
  }
  const outDir = mkdtempSync(join(tmpdir(), "stela-editor-dist-"));
  const { server, url } = await startEditor({ port: 0, quiet: true, gamesDir, outDir });
  const browser = await launchBrowser();
  await options.beforeOpen?.(browser);
  const page = browser.pages()[0] ?? (await browser.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector(options.empty ? "[data-testid=no-games]" : "[data-testid=playtest]", { timeout: 30_000 });
  return {
    gamesDir,
    url,
    browser,
    page,
    errors,
    async close() {
      await closeBrowser(browser);
      await server.close();
      for (const d of [gamesDir, outDir]) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** Runs `f` on the page's `window.stela`. */
export function onApp<T>(page: Page, f: (a: AppHandle) => T | Promise<T>): Promise<T> {
  return page.evaluate(`(${f.toString()})(window.stela)`) as Promise<T>;
}

export async function rulesOk(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 15_000 });
}

export async function openGame(page: Page, value: string): Promise<void> {
  await page.selectOption("[data-testid=picker]", value);
  await page.waitForFunction((v) => (document.querySelector("[data-testid=picker]") as HTMLSelectElement).value === v, value);
  await rulesOk(page);
  await page.waitForSelector("[data-testid=playtest] figure.board");
}

/** Sets each seat to a person or a bot. */
export async function setSeats(page: Page, persons: boolean[]): Promise<void> {
  for (let seat = 0; seat < persons.length; seat++) await page.locator(`section.player[data-seat="${seat}"] select[data-testid=seat]`).selectOption(persons[seat] ? "person" : "random");
  const want = persons.flatMap((p, i) => (p ? [i] : []));
  await page.waitForFunction((w) => JSON.stringify((window as unknown as { stela: AppHandle }).stela.persons) === JSON.stringify(w), want);
}

/** Waits until the playtest's log has exactly `n` decisions. */
export async function waitLog(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === k, n, { timeout: 30_000 });
}

/** Waits until the playtest's log has at least `n` decisions (bots in other seats may move at once after). */
export async function waitLogAtLeast(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => ((window as unknown as { stela: AppHandle }).stela.snapshot?.log.length ?? -1) >= k, n, { timeout: 30_000 });
}

/**
 * Mayan City's draw phase by clicks: the first card of the offer, while the
 * rules ask for a pick. A player's last card is taken without asking when it
 * is their only option, so how many clicks it takes depends on the cards;
 * gives the number of decisions in the log afterwards.
 */
export async function clickThroughPicks(page: Page): Promise<number> {
  const prompt = () => onApp(page, (a) => (a.snapshot!.view as unknown as { decision?: { prompt?: string } }).decision?.prompt);
  let n = await onApp(page, (a) => a.snapshot!.log.length);
  while ((await prompt()) === "Pick a card") {
    await page.locator("[data-testid=table-zones] button.chip.clickable").first().click();
    await waitLog(page, ++n);
  }
  return n;
}
