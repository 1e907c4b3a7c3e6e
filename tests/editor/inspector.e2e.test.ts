import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, openGame, setSeats, skipE2e, startE2e, waitLog, waitLogAtLeast, type AppHandle, type E2e } from "./e2e-harness.ts";

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

/** Layout: whatever a decision refers to is on screen when it is asked, on common screens. */
describe.skipIf(skipE2e)("layout", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
  });
  afterAll(async () => {
    await e?.close();
  });

  /** Something to click for the decision, inside the window. */
  async function visibleTargets(): Promise<number> {
    return page.evaluate(() => {
      const els = [...document.querySelectorAll("[data-testid=playtest] .clickable, [data-testid=playtest] .offered, [data-testid=decision] button.plain")];
      return els.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
      }).length;
    });
  }

  for (const [w, h] of [
    [800, 600],
    [1024, 700],
  ] as const) {
    it(`keeps the question asked, Undo and a place to click on screen when Tzolk'in opens at ${w}x${h}`, async () => {
      await page.setViewportSize({ width: w, height: h });
      await openGame(page, "tzolkin.stela|");
      await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot && document.querySelector("[data-testid=decision]"));
      // The scroll to the first decision's places (the wealth tiles dealt, under a player card) happens on the next frame.
      await page.waitForTimeout(500);
      const inPane = (sel: string) =>
        page.evaluate((q) => {
          const r = document.querySelector(q)!.getBoundingClientRect();
          const pane = document.querySelector("section.playtest")!.getBoundingClientRect();
          return r.height > 0 && r.top >= pane.top && r.bottom <= pane.bottom;
        }, sel);
      expect(await inPane("[data-testid=turn] .prompt")).toBe(true);
      expect(await inPane("[data-testid=undo]")).toBe(true);
      expect(await visibleTargets()).toBeGreaterThan(0);
      // Every piece stays inside its zone: a monument's long rules text ran under the next zone.
      const past = await page.$$eval(".zone", (zones) =>
        zones.flatMap((z) => {
          const right = z.getBoundingClientRect().right;
          return [...z.querySelectorAll(".chip")].filter((c) => c.getBoundingClientRect().right > right + 0.5).map((c) => c.textContent?.trim() ?? "");
        }),
      );
      expect(past).toEqual([]);
      if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, `tzolkin-${w}.png`) });
    });
  }

  for (const [w, h] of [
    [1400, 900],
    [1920, 1080],
  ] as const) {
    it(`keeps the options of Yaxha's first decisions on screen at ${w}x${h}`, async () => {
      await page.setViewportSize({ width: w, height: h });
      await openGame(page, "yaxha.stela|");
      await setSeats(page, [true, true, true].slice(0, await onApp(page, (a) => a.snapshot!.settings.players)));
      await page.getByRole("button", { name: "Restart" }).click();
      // Every seat is a person, so the restarted log stays empty; without this wait the loop can
      // read the length of the log before the restart (the previous viewport's game).
      await waitLog(page, 0);
      for (let i = 0; i < 4; i++) {
        const n = await onApp(page, (a) => a.snapshot!.log.length);
        if (await onApp(page, (a) => a.snapshot!.view.over)) break;
        await page.waitForTimeout(300);
        expect(await visibleTargets()).toBeGreaterThan(0);
        // The market the first decision is about: every tile on screen, and the pane not pushed sideways.
        if (i === 0) {
          expect(await page.evaluate(() => document.querySelector("section.playtest")!.scrollLeft)).toBe(0);
          const tiles = await page.locator("[data-testid=table-zones] [data-zone^='market_tile']").all();
          expect(tiles.length).toBeGreaterThan(0);
          for (const t of tiles) {
            const box = (await t.boundingBox())!;
            expect(box.y + box.height).toBeLessThanOrEqual(h);
            expect(box.x + box.width).toBeLessThanOrEqual(w);
          }
        }
        if (process.env.STELA_SHOTS && i === 0) await page.screenshot({ path: join(process.env.STELA_SHOTS, `yaxha-${w}.png`) });
        // Take the first option from the list of all options (the way that never needs a second click).
        const first = await onApp(page, (a) => (a.snapshot!.view as unknown as { decision: { options?: { id: string }[] } }).decision.options?.[0]?.id);
        const seat = await onApp(page, (a) => a.snapshot!.viewer!);
        await page.evaluate(([s, o]) => (window as unknown as { stela: { playtest: { choose(p: number, o: string): Promise<void> } } }).stela.playtest.choose(s as number, o as string), [seat, first] as const);
        await waitLogAtLeast(page, n + 1);
      }
    });
  }
});
