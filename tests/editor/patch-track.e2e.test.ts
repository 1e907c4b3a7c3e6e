import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, openGame, setSeats, skipE2e, startE2e, waitLog, type E2e } from "./e2e-harness.ts";

/** How long the worker's "why not" answers are held back: a big game's refusal takes a second or more. */
const SLOW_WHY = 1500;

/**
 * A Patchwork-like race (fixtures/patch-track.stela): a 31-space time track with both markers on
 * space 0, a market whose first three patches only may be sewn, a decision with a long label.
 */
describe.skipIf(skipE2e)("patch track: a long track, stacked markers, a slow refusal, a long log line, seats over a reload", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e({
      // Every "why not" question to the worker is answered late, as on a big game.
      beforeOpen: async (browser) => {
        await browser.addInitScript(`(() => {
          const post = Worker.prototype.postMessage;
          Worker.prototype.postMessage = function (m, ...rest) {
            if (m && m.body && m.body.type === "why-not") return void setTimeout(() => post.call(this, m, ...rest), ${SLOW_WHY});
            return post.call(this, m, ...rest);
          };
        })()`);
      },
    });
    page = e.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openGame(page, "patch-track.stela|");
    await setSeats(page, [true, true]);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
  });

  it("draws track(31) in rows with labels readable on screen, and both markers on space 0", async () => {
    const seen = await page.$eval("figure.board[data-board=time]", (fig) => {
      const labels = [...fig.querySelectorAll("text.space-label")].map((t) => t.getBoundingClientRect().height);
      const markers = [...fig.querySelectorAll("g.piece circle")].map((c) => c.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width }));
      return { labels, markers, badges: fig.querySelectorAll("g.stack").length };
    });
    expect(seen.labels).toHaveLength(31);
    // At least 10 px on screen (the numbers of a 31-space strip stood 3 px high).
    for (const h of seen.labels) expect(h).toBeGreaterThanOrEqual(10);
    // Both markers drawn, side by side on space 0 (one was under the other, with a tiny badge).
    expect(seen.markers).toHaveLength(2);
    const [a, b] = seen.markers;
    expect(Math.abs(a!.x - b!.x)).toBeGreaterThanOrEqual(a!.w);
    expect(a!.w).toBeGreaterThanOrEqual(12);
    expect(seen.badges).toBe(0);
  });

  it("wraps a decision with a long unbreakable word in the log instead of cutting it", async () => {
    await page.evaluate(async () => {
      const a = (window as unknown as { stela: { snapshot: { owing: number[]; view: { decision: { options: { id: string }[] } } }; playtest: { choose(p: number, id: string): Promise<void> } } }).stela;
      await a.playtest.choose(a.snapshot.owing[0]!, a.snapshot.view.decision.options[0]!.id);
    });
    await waitLog(page, 1);
    const row = await page.$eval("[data-testid=decision-log] li.decision", (li) => {
      const what = li.querySelector(".what")!;
      const list = li.closest("ol")!;
      return { whatRight: what.getBoundingClientRect().right, listRight: list.getBoundingClientRect().right, overflow: list.scrollWidth - list.clientWidth, text: what.textContent };
    });
    expect(row.text).toContain("QuiltSewingOrTimeMarkerPassingMoveForTheWholeRoundOfPlay");
    expect(row.overflow).toBe(0);
    expect(row.whatRight).toBeLessThanOrEqual(row.listRight);
  });

  it("drops a late refusal of an earlier click: the later click's state stays", async () => {
    expect(await onApp(page, (a) => (a.snapshot!.view as unknown as { decision: { prompt: string } }).decision.prompt)).toBe("Sew a patch");
    const chip = (name: string) => page.locator("[data-testid=playtest] button.chip", { hasText: name }).first();
    // P5 is fifth in the market: refused, and its reason is slow to come.
    await chip("P5").click({ force: true });
    // I2 is first: a click picks it up at once, before the refusal of P5 is in.
    await chip("I2").click();
    await page.waitForSelector("[data-testid=playtest] button.chip.selected", { timeout: 5_000 });
    await page.waitForTimeout(SLOW_WHY + 1000);
    // The answer about P5 came in after I2 was picked up: it must not show.
    expect(await page.locator("[data-testid=why-not]").count()).toBe(0);
    expect(await page.locator("[data-testid=playtest] button.chip.selected").innerText()).toContain("I2");
    // Asked alone, the refusal still shows, in the rules' words.
    await chip("I2").click();
    await chip("P5").click({ force: true });
    await page.waitForSelector("[data-testid=why-not]", { timeout: SLOW_WHY + 5_000 });
    expect(await page.textContent("[data-testid=why-not]")).toBe("P5: Only the 3 patches after the marker can be bought");
  }, 60_000);

  it("keeps each seat's person or bot over a reload, fitted to the players", async () => {
    await page.locator('section.player[data-seat="1"] select[data-testid=seat]').selectOption("greedy");
    await page.waitForFunction(() => JSON.stringify((window as unknown as { stela: { persons: number[] } }).stela.persons) === "[0]");
    await page.locator('section.player[data-seat="0"] select[data-testid=seat]').selectOption("person");
    await page.reload();
    await page.waitForSelector("[data-testid=playtest] figure.board", { timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as { stela: { snapshot?: unknown } }).stela.snapshot !== undefined);
    expect(await page.locator('section.player[data-seat="0"] select[data-testid=seat]').inputValue()).toBe("person");
    expect(await page.locator('section.player[data-seat="1"] select[data-testid=seat]').inputValue()).toBe("greedy");
    // Both people, then a reload: both stay people (Player 2 went back to a random bot).
    await setSeats(page, [true, true]);
    await page.reload();
    await page.waitForSelector("[data-testid=playtest] figure.board", { timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as { stela: { snapshot?: unknown } }).stela.snapshot !== undefined);
    expect(await onApp(page, (a) => a.persons)).toEqual([0, 1]);
    expect(await page.locator('section.player[data-seat="1"] select[data-testid=seat]').inputValue()).toBe("person");
    // The rules now seat one player: the second seat is gone, the first still a person's.
    await page.evaluate(() => {
      const a = (window as unknown as { stela: { text: string; setText(t: string): void } }).stela;
      a.setText(a.text.replace("players 2", "players 1"));
    });
    await page.waitForFunction(() => JSON.stringify((window as unknown as { stela: { persons: number[] } }).stela.persons) === "[0]", null, { timeout: 30_000 });
    expect(await page.locator("section.player select[data-testid=seat]").count()).toBe(1);
    expect(e.errors).toEqual([]);
  }, 120_000);
});
