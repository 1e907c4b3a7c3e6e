import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, launchBrowser } from "../../editor/tools/chromium.ts";
import { clickThroughPicks, onApp, openGame, setSeats, skipE2e, startE2e, waitLog, type AppHandle, type E2e } from "./e2e-harness.ts";

/**
 * Nothing the designer did is lost, and a click that does nothing says why:
 * bots wait while a rule change has stopped the replay, a save does not
 * overwrite a file changed on disk, a share link carries the playtest, and
 * a space that is not legal gives the rules' own reason.
 */

const PLACEMENT_RULE = 'require empty(spot) else "Pieces may not overlap"';
/** Card picks asked in the draw phase at seed 7 (each player's last card is taken without asking). */
const PICKS = 5;
const STRICTER_RULE = 'require empty(spot) and all s in spot.cells: s.zone > 0 else "Only inside the zones"';

/** Mayan city, both seats people, seed 7: the picks of the draw phase (5 asked), then `placements` placements. */
async function playMayan(page: Page, placements: number): Promise<void> {
  await openGame(page, "mayan-city.stela|");
  await setSeats(page, [true, true]);
  await page.fill("[data-testid=seed]", "7");
  await page.getByRole("button", { name: "Restart" }).click();
  await waitLog(page, 0);
  expect(await clickThroughPicks(page)).toBe(PICKS);
  for (let i = 0; i < placements; i++) {
    const seat = await onApp(page, (a) => a.snapshot!.viewer);
    await page.locator(`section.player[data-seat="${seat}"] button.chip.clickable`).first().click();
    const spaces = page.locator("figure.board rect.hit.clickable");
    await spaces.nth(Math.min(i * 9, (await spaces.count()) - 1)).click();
    const menu = page.locator("[data-testid=choice-menu] button");
    if (await menu.count()) await menu.first().click();
    await waitLog(page, PICKS + 1 + i);
  }
}

describe.skipIf(skipE2e)("the editor loses nothing and says why", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
  });
  afterAll(async () => {
    await e?.close();
  });
  const setText = (t: string) => page.evaluate((x) => (window as unknown as { stela: AppHandle }).stela.setText(x), t);

  it("keeps bots waiting while a rule change has stopped the replay, until the designer discards the rest", async () => {
    await playMayan(page, 3);
    const original = await onApp(page, (a) => a.text);
    const taken = await onApp(page, (a) => a.snapshot!.log.map((d) => d.option));
    // The seat of the first placement becomes a bot: it owes the decision the rule change will stop at.
    const botSeat = (await onApp(page, (a) => a.snapshot!.log.map((d) => d.player)))[PICKS]!;
    await setSeats(page, [botSeat !== 0, botSeat !== 1]);
    await page.waitForTimeout(1200);
    const before = await onApp(page, (a) => a.snapshot!.log.length);
    expect(before).toBeGreaterThanOrEqual(PICKS + 3);
    // The rule file still has the rule this test makes stricter (a reworded rule would leave nothing to stop).
    expect(original).toContain(PLACEMENT_RULE);
    await setText(original.replace(PLACEMENT_RULE, STRICTER_RULE));
    await page.waitForSelector("[data-testid=stopped]", { timeout: 10_000 });
    expect(await onApp(page, (a) => a.snapshot!.owing)).toEqual([botSeat]);
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "stopped.png") });
    // Far longer than the bot's delay (500 ms): it has not moved, the later decisions still wait.
    await page.waitForTimeout(1500);
    expect(await onApp(page, (a) => a.snapshot!.log.length)).toBe(PICKS);
    expect(await onApp(page, (a) => a.snapshot!.redo)).toBe(before - PICKS);
    expect(await page.getByTestId("stopped").innerText()).toContain(`the ${before - PICKS} later decisions wait for Redo`);
    // Over a reload too.
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForSelector("[data-testid=stopped]", { timeout: 30_000 });
    expect(await onApp(page, (a) => a.snapshot!.redo)).toBe(before - PICKS);
    // The rule is put back: every decision plays again.
    await setText(original);
    await page.waitForFunction((n) => ((window as unknown as { stela: AppHandle }).stela.snapshot?.log.length ?? 0) >= n, before);
    expect((await onApp(page, (a) => a.snapshot!.log.map((d) => d.option))).slice(0, taken.length)).toEqual(taken);
    // Broken again, then discarded: the rest goes, and the bot plays on.
    await setText(original.replace(PLACEMENT_RULE, STRICTER_RULE));
    await page.waitForSelector("[data-testid=stopped]", { timeout: 10_000 });
    await page.getByTestId("discard").click();
    await page.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === n, PICKS + 1, { timeout: 5000 });
    expect(await onApp(page, (a) => a.snapshot!.redo)).toBe(0);
    expect(await page.locator("[data-testid=stopped]").count()).toBe(0);
    await setText(original);
    await setSeats(page, [true, true]);
  });

  it("keeps a long draft typed over with a short text over a reload, and offers it back", async () => {
    await openGame(page, "mayan-city.stela|");
    const original = await onApp(page, (a) => a.text);
    const draft = original + "\n// my unsaved notes on a variant\n";
    await setText(draft);
    await page.waitForTimeout(1200);
    // Everything selected and typed over, then a reload: undo no longer reaches the draft.
    await setText("oops");
    await page.waitForTimeout(1200);
    await page.reload();
    await page.waitForSelector("[data-testid=earlier-draft]", { timeout: 30_000 });
    expect(await page.getByTestId("earlier-draft").innerText()).toContain(`A longer draft of ${join(e.gamesDir, "mayan-city.stela")}`);
    await page.getByTestId("earlier-draft-restore").click();
    await page.waitForFunction((t) => (window as unknown as { stela: AppHandle }).stela.text === t, draft);
    expect(await page.locator("[data-testid=earlier-draft]").count()).toBe(0);
    // Restored and kept: a reload shows the draft and offers nothing more.
    await page.waitForTimeout(1200);
    await page.reload();
    await page.waitForFunction((t) => (window as unknown as { stela: AppHandle }).stela?.text === t, draft, { timeout: 30_000 });
    expect(await page.locator("[data-testid=earlier-draft]").count()).toBe(0);
    await setText(original);
    await page.waitForTimeout(1200);
  });

  it("says in the rules' words why a space is not legal", async () => {
    await playMayan(page, 1);
    const occupied = await onApp(page, (a) => a.snapshot!.view.boards[0]!.pieces[0]!.cells![0]!);
    const seat = await onApp(page, (a) => a.snapshot!.viewer);
    await page.locator(`section.player[data-seat="${seat}"] button.chip.clickable`).first().click();
    const boardTop = () => page.locator("figure.board").first().evaluate((b) => b.getBoundingClientRect().top);
    const before = await boardTop();
    await page.locator(`figure.board rect.hit[data-space="${occupied}"]`).click();
    await page.waitForSelector("[data-testid=why-not]");
    // The reason floats over the board: the board stays where it was, so the next click lands where aimed.
    expect(await boardTop()).toBe(before);
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "why-not.png") });
    expect(await page.getByTestId("why-not").innerText()).toContain("Pieces may not overlap");
    // Nothing was taken.
    expect(await onApp(page, (a) => a.snapshot!.log.length)).toBe(PICKS + 1);
  });

  it("refuses to save over a file changed on disk, and offers compare, overwrite and reload", async () => {
    await openGame(page, "gears.stela|");
    const file = join(e.gamesDir, "gears.stela");
    const mine = `${await onApp(page, (a) => a.text)}\n// mine`;
    await setText(mine);
    await page.waitForSelector("[data-testid=status] .dirty");
    const theirs = `${readFileSync(file, "utf8")}\n// theirs`;
    writeFileSync(file, theirs);
    await page.getByTestId("save").click();
    await page.waitForSelector("[data-testid=conflict]");
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "conflict.png") });
    expect(readFileSync(file, "utf8")).toBe(theirs);
    await page.getByTestId("conflict-compare").click();
    await page.waitForSelector("[data-testid=compare] .monaco-diff-editor");
    // It opens on the first difference: the disk's added line is in view (Monaco draws spaces as non-breaking ones).
    await page.waitForFunction(() => /\/\/\s+theirs/.test(document.querySelector("[data-testid=compare]")?.textContent ?? ""), null, { timeout: 5000 });
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "compare.png") });
    await page.locator("[data-testid=compare] button", { hasText: "close" }).click();
    await page.getByTestId("conflict-overwrite").click();
    // The notice of this save: `:has-text` matches any case and part, and the refusal before it ends "not saved".
    await page.waitForSelector(`[data-testid=notice]:has-text('Saved ${join(e.gamesDir, "gears.stela")}')`);
    expect(readFileSync(file, "utf8")).toBe(mine);
    expect(await page.locator("[data-testid=conflict]").count()).toBe(0);
    // Changed on disk again: this time the designer takes the file's text.
    writeFileSync(file, theirs);
    await setText(`${mine}\n// more`);
    await page.waitForSelector("[data-testid=status] .dirty");
    await page.getByTestId("save").click();
    await page.getByTestId("conflict-reload").click();
    await page.waitForFunction((t) => (window as unknown as { stela: AppHandle }).stela.text === t, theirs);
    expect(readFileSync(file, "utf8")).toBe(theirs);
  });

  it("shares the playtest position with the rules, and says the copy is shared", async () => {
    await playMayan(page, 2);
    const want = await onApp(page, (a) => ({ settings: a.snapshot!.settings, log: a.snapshot!.log.map((d) => d.option), persons: a.persons }));
    await page.getByTestId("share").click();
    const link = await page.getByTestId("share-url").inputValue();
    const other = await launchBrowser();
    try {
      const p2 = other.pages()[0] ?? (await other.newPage());
      await p2.goto(link);
      await p2.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === n, want.log.length, { timeout: 30_000 });
      const got = await onApp(p2, (a) => ({ settings: a.snapshot!.settings, log: a.snapshot!.log.map((d) => d.option), persons: a.persons, doc: a.docKey }));
      expect(got).toEqual({ ...want, doc: "shared:mayan-city.stela" });
      if (process.env.STELA_SHOTS) await p2.screenshot({ path: join(process.env.STELA_SHOTS, "shared.png") });
      expect(await p2.getByTestId("shared-copy").innerText()).toMatch(new RegExp(`shared copy\\s+of mayan-city\\.stela.*decision ${PICKS + 2}`, "s"));
    } finally {
      await closeBrowser(other);
    }
    expect(e.errors).toEqual([]);
  });
});
