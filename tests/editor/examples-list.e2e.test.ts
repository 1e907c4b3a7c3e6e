import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, openGame, skipE2e, startE2e, type E2e } from "./e2e-harness.ts";

/** The rules pane lists the file's rulebook examples with a mark that follows the rules, and opens one in the playtest. */
describe.skipIf(skipE2e)("the examples list", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
  });
  afterAll(async () => {
    await e?.close();
  });

  const count = () => page.locator("[data-testid=examples] .count").innerText();

  it("marks each example, and a wrong number in the rules turns its mark to a failure with expected and got", async () => {
    await openGame(page, "maya.stela|");
    await page.waitForFunction(() => document.querySelector("[data-testid=examples] .count")?.textContent === "7 passing", null, { timeout: 30_000 });
    expect(await page.locator("[data-testid=example] .mark.pass").count()).toBe(7);
    const text = await onApp(page, (a) => a.text);
    await page.evaluate((t) => (window as unknown as { stela: { setText(t: string): void } }).stela.setText(t), text.replace("expect red.score == 1 + 12", "expect red.score == 1 + 13"));
    await page.waitForFunction(() => document.querySelector("[data-testid=examples] .count")?.textContent === "1 of 7 failing", null, { timeout: 30_000 });
    const why = await page.locator("[data-testid=examples] .why").innerText();
    expect(why).toContain("expected 14, got 13");
    // Said in the header too, beside "rules OK": the rules compile, and one no longer does what the rulebook says.
    expect(await page.getByTestId("status-examples").innerText()).toBe("· 1 example failing");
    await page.evaluate((t) => (window as unknown as { stela: { setText(t: string): void } }).stela.setText(t), text);
    await page.waitForFunction(() => document.querySelector("[data-testid=examples] .count")?.textContent === "7 passing", null, { timeout: 30_000 });
    expect(await count()).toBe("7 passing");
    expect(await page.getByTestId("status-examples").count()).toBe(0);
  });

  it("opens an example's position in the playtest, and goes back to a normal start", async () => {
    const title = "Plant crops: the tiles of one turn may not create or expand two groups";
    await page.locator("[data-testid=example]", { hasText: title }).click();
    await page.waitForFunction((t) => (window as unknown as { stela: { playtest: { snapshot?: { settings: { example?: string } } } } }).stela.playtest.snapshot?.settings.example === t, title, { timeout: 30_000 });
    // The bots wait at the example's position: the designer reads it before anything plays on.
    const state = () => onApp(page, (a) => ({ paused: (a as unknown as { playtest: { botsPaused: boolean } }).playtest.botsPaused, log: a.snapshot!.log.length }));
    expect(await state()).toEqual({ paused: true, log: 0 });
    await page.waitForTimeout(1500);
    expect((await state()).log).toBe(0);
    expect(await page.getByRole("button", { name: "Resume bots" }).count()).toBe(1);
    // The example's own steps are in the log, marked as the example's, with no undo of their own.
    const steps = page.locator("[data-testid=decision-log] li.decision.example");
    expect(await steps.count()).toBeGreaterThan(0);
    expect(await steps.locator("button.back").count()).toBe(0);
    expect(await page.locator("[data-testid=decision-log] h3").innerText()).toMatch(/0 decisions after the example's \d+/);
    await page.getByTestId("leave-example").click();
    await page.waitForFunction(() => (window as unknown as { stela: { playtest: { snapshot?: { settings: { example?: string } } } } }).stela.playtest.snapshot?.settings.example === undefined, null, { timeout: 30_000 });
    // Back as they were.
    expect((await state()).paused).toBe(false);
    // Picking a variant at an example's position leaves the example for that variant.
    await page.locator("[data-testid=example]", { hasText: title }).click();
    await page.waitForFunction((t) => (window as unknown as { stela: { playtest: { snapshot?: { settings: { example?: string } } } } }).stela.playtest.snapshot?.settings.example === t, title, { timeout: 30_000 });
    await page.selectOption("[data-testid=variant]", "Two cities");
    await page.waitForFunction(() => {
      const s = (window as unknown as { stela: { playtest: { snapshot?: { settings: { example?: string; variant?: string } } } } }).stela.playtest.snapshot?.settings;
      return s?.variant === "Two cities" && s.example === undefined;
    }, null, { timeout: 30_000 });
    expect(e.errors).toEqual([]);
  });

  it("names the variant an example plays after its title, a space between", async () => {
    await openGame(page, "pyramids.stela|");
    const entry = page.locator("[data-testid=example]", { hasText: "A short game" });
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.innerText()).toContain("A short game plays two rounds (Short game)");
  });
});
