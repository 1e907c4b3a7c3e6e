import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, openGame, setSeats, skipE2e, startE2e, type E2e } from "./e2e-harness.ts";

/** The state inspector, and a finished game's result naming its tiebreaks. */
describe.skipIf(skipE2e)("state inspector and result", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
  });
  afterAll(async () => {
    await e?.close();
  });

  it("shows globals, every zone and every player's variables as the viewer sees them", async () => {
    await openGame(page, "mayan-city.stela|");
    await setSeats(page, [true, true]);
    await page.getByTestId("state-inspector").locator("summary").click();
    const zones = await page.getByTestId("state-zones").innerText();
    // The deck is hidden: only its size; the offer is open: its cards by name.
    expect(zones).toMatch(/deck\s+18 hidden/);
    const offer = await onApp(page, (a) => (a.snapshot!.view as unknown as { zones: { name: string; pieces?: { name: string }[] }[] }).zones.find((z) => z.name === "offer")!.pieces!.map((p) => p.name));
    expect(offer.length).toBe(6);
    for (const name of offer) expect(zones).toContain(name);
    expect(await page.getByTestId("state-players").innerText()).toMatch(/score\s+0\s+0/);
    expect(await page.getByTestId("state-inspector").locator("summary").innerText()).toContain("as Player 1 sees it");
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "inspector.png") });
  });

  it("names the tiebreaks in the result of a finished game", async () => {
    await openGame(page, "cacao.stela|");
    await page.locator("select", { has: page.locator("option[value='0']") }).filter({ hasText: "instant" }).selectOption("0");
    await setSeats(page, [false, false]);
    await page.waitForSelector("[data-testid=result]", { timeout: 120_000 });
    expect(await page.getByTestId("tiebreak-name").allInnerTexts()).toEqual(["most p.cacao"]);
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "result.png") });
    expect(e.errors).toEqual([]);
  });
});
