import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEditor } from "../server/start.ts";
import { closeBrowser, launchBrowser } from "./chromium.ts";

/**
 * Screenshots of the playtest pane for every rule file (and extra folders
 * of them), part way through a bot game and at its end: to look at what a
 * person sees. `npm run editor:screenshots -- [out dir] [extra rules dir…]`.
 */
const repo = fileURLToPath(new URL("../../", import.meta.url));
const out = process.argv[2] ?? join(repo, ".scratch", "screenshots");
const extra = process.argv.slice(3);

const games = mkdtempSync(join(tmpdir(), "stela-shots-games-"));
cpSync(join(repo, "games"), games, { recursive: true });
for (const dir of extra) for (const f of readdirSync(dir)) if (f.endsWith(".stela")) cpSync(join(dir, f), join(games, f));
mkdirSync(out, { recursive: true });

const dist = mkdtempSync(join(tmpdir(), "stela-shots-dist-"));
const { server, url } = await startEditor({ port: 0, quiet: true, gamesDir: games, outDir: dist });
const browser = await launchBrowser({ width: 1700, height: 1100 });
const page = browser.pages()[0] ?? (await browser.newPage());
page.on("pageerror", (e) => console.error("page error:", e.message));
await page.goto(url);
await page.waitForSelector("[data-testid=playtest]", { timeout: 30_000 });

type App = { snapshot?: { log: unknown[]; owing: number[]; view: { over: boolean; players: unknown[] } } } & Record<string, (...a: unknown[]) => unknown>;
type Playtest = { botDelay: number; setBotsPaused(p: boolean): void; setPerson(seat: number, person: boolean): Promise<void>; restart(settings: object): Promise<void> };

/** Bots play until `decisions` are taken (or the end); then the seat to move is a person's, so its options show. */
async function playTo(decisions: number): Promise<void> {
  await page.evaluate(async (n) => {
    // The seats, the bots and the restart belong to the app's playtest controller.
    const app = (window as unknown as { stela: App & { playtest: Playtest } }).stela;
    const play = app.playtest;
    play.botDelay = 0;
    play.setBotsPaused(true);
    const seats = app.snapshot!.view.players.length;
    for (let s = 0; s < seats; s++) await play.setPerson(s, false);
    await play.restart({ ...(app.snapshot as unknown as { settings: object }).settings });
    play.setBotsPaused(false);
    for (let i = 0; i < 400 && app.snapshot!.log.length < n && !app.snapshot!.view.over; i++) await new Promise((r) => setTimeout(r, 25));
    play.setBotsPaused(true);
    await new Promise((r) => setTimeout(r, 100));
    const owing = app.snapshot!.owing[0];
    if (owing !== undefined) await play.setPerson(owing, true);
  }, decisions);
  await page.waitForTimeout(300);
}

for (const name of readdirSync(games).filter((f) => f.endsWith(".stela")).sort()) {
  const values = await page.locator("[data-testid=picker] option").evaluateAll((os, n) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v.startsWith(`${n}|`)), name);
  const value = values[0]!;
  await page.selectOption("[data-testid=picker]", value);
  await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 15_000 });
  await page.waitForSelector("[data-testid=playtest]");
  const base = join(out, name.replace(/\.stela$/, ""));
  await playTo(8);
  await page.locator("section.playtest").screenshot({ path: `${base}-playing.png` });
  await playTo(100_000);
  await page.locator("section.playtest").screenshot({ path: `${base}-end.png` });
  const levels = page.locator("select:near(:text('Levels'))").first();
  if (await page.getByText("Levels").count()) {
    await levels.selectOption("stacked");
    await page.locator("section.playtest").screenshot({ path: `${base}-end-stacked.png` });
    await levels.selectOption("side");
  }
  console.log(`${name}: ${base}-playing.png, ${base}-end.png`);
}

await closeBrowser(browser);
await server.close();
rmSync(dist, { recursive: true, force: true });
rmSync(games, { recursive: true, force: true });
