import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, openGame, rulesOk, skipE2e, startE2e, type AppHandle, type E2e } from "./e2e-harness.ts";

/** The help a designer expects from an IDE, in Monaco in Chromium: quick fix, rename, outline. */
describe.skipIf(skipE2e)("IDE help in the browser", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
    await openGame(page, "mayan-city.stela|");
  });
  afterAll(async () => {
    await e?.close();
  });
  const setText = (t: string) => page.evaluate((x) => (window as unknown as { stela: AppHandle }).stela.setText(x), t);
  const cursor = (lineNumber: number, column: number) =>
    page.evaluate(
      ([l, c]) => {
        const ed = (window as unknown as { stela: AppHandle }).stela.editorInstance;
        ed.setPosition({ lineNumber: l!, column: c! });
        ed.focus();
      },
      [lineNumber, column],
    );

  it("fixes a misspelt keyword from the light bulb (Ctrl+.)", async () => {
    const original = await onApp(page, (a) => a.text);
    const broken = original.replace("procedure place_one", "procedur place_one");
    await setText(broken);
    const line = broken.split("\n").findIndex((l) => l.startsWith("procedur place_one")) + 1;
    await page.waitForFunction((l) => (window as unknown as { stela: AppHandle }).stela.markerLines("stela").includes(l), line, { timeout: 10_000 });
    await cursor(line, 3);
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget .monaco-list-row.action", { hasText: "Change to `procedure`" });
    await fix.waitFor({ timeout: 5000 });
    if (process.env.STELA_SHOTS) await page.screenshot({ path: `${process.env.STELA_SHOTS}/quick-fix.png` });
    await fix.click();
    await rulesOk(page);
    expect(await onApp(page, (a) => a.text)).toBe(original);
  });

  it("renames a rule and every use of it (F2)", async () => {
    const original = await onApp(page, (a) => a.text);
    const line = original.split("\n").findIndex((l) => l.startsWith("rule fits")) + 1;
    await cursor(line, 7);
    await page.keyboard.press("F2");
    await page.locator(".rename-box input").waitFor({ timeout: 5000 });
    await page.locator(".rename-box input").fill("fits_here");
    if (process.env.STELA_SHOTS) await page.screenshot({ path: `${process.env.STELA_SHOTS}/rename-box.png` });
    await page.locator(".rename-box input").press("Enter");
    await page.waitForFunction(() => ((window as unknown as { stela: AppHandle }).stela.text.match(/\bfits_here\b/g) ?? []).length === 3);
    await rulesOk(page);
    await setText(original);
    await rulesOk(page);
  });

  it("creates a new game that plays at once, and renames its file", async () => {
    page.once("dialog", (d) => void d.accept("Test Game"));
    await page.getByTestId("new-game").click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.docKey === "test-game.stela");
    await rulesOk(page);
    await page.waitForSelector("[data-testid=playtest] [data-testid=decision] button.plain");
    expect(await page.getByTestId("turn").innerText()).toContain("Take how many points?");
    expect(readFileSync(join(e.gamesDir, "test-game.stela"), "utf8")).toContain('game "Test Game"');
    await page.locator("[data-testid=decision] button.plain").first().click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 1);
    page.once("dialog", (d) => void d.accept("Renamed Game"));
    await page.getByTestId("rename-game").click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.docKey === "renamed-game.stela");
    await rulesOk(page);
    expect(existsSync(join(e.gamesDir, "test-game.stela"))).toBe(false);
    expect(readFileSync(join(e.gamesDir, "renamed-game.stela"), "utf8")).toContain('game "Test Game"');
    // The playtest moved with it.
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 1);
    const values = await page.locator("[data-testid=picker] option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toContain("renamed-game.stela|");
    expect(values).not.toContain("test-game.stela|");
    await openGame(page, "mayan-city.stela|");
  });

  it("lists the declarations in the outline (Ctrl+Shift+O)", async () => {
    await cursor(1, 1);
    await page.keyboard.press("Control+Shift+O");
    const rows = page.locator(".quick-input-widget .monaco-list-row");
    await rows.first().waitFor({ timeout: 5000 });
    expect((await rows.allInnerTexts()).join("\n")).toMatch(/symbols \(\d+\)/);
    await page.keyboard.type("draw_ph");
    await page.waitForFunction(() => document.querySelector(".quick-input-widget .monaco-list-row")?.textContent?.includes("draw_phase"), null, { timeout: 5000 });
    if (process.env.STELA_SHOTS) await page.screenshot({ path: `${process.env.STELA_SHOTS}/outline.png` });
    await page.keyboard.press("Escape");
    expect(e.errors).toEqual([]);
  });
});
