import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, rulesOk, skipE2e, startE2e, type E2e } from "./e2e-harness.ts";

/**
 * A designer's own games folder before their first game (`STELA_GAMES_DIR` pointing at an empty
 * folder): the page said "Reading the rules…" for ever, and text typed into the empty editor
 * belonged to no file and was gone after a reload. Now the page says how to begin, the editor
 * takes no text until a rule file is open, and New game makes one there.
 */
describe.skipIf(skipE2e)("an empty games folder", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e({ empty: true });
    page = e.page;
  });
  afterAll(async () => {
    await e?.close();
  });

  it("says there is no rule file yet and how to make one", async () => {
    expect(await page.getByTestId("no-games").innerText()).toContain("There are no rule files in this folder yet. New game, at the top, makes one");
    await expect.poll(() => page.locator(".empty-pane").innerText()).not.toContain("Reading the rules");
  });

  it("takes no text until a rule file is open, then New game makes one in the folder and it plays", async () => {
    await page.locator(".monaco-editor").first().click();
    await page.keyboard.type("lost");
    expect(await onApp(page, (a) => (a.editorInstance as unknown as { getValue(): string }).getValue())).toBe("");
    page.once("dialog", (d) => void d.accept("First Game"));
    await page.getByTestId("new-game").click();
    await rulesOk(page);
    await page.waitForSelector("[data-testid=playtest]");
    expect(existsSync(join(e.gamesDir, "first-game.stela"))).toBe(true);
    expect(readFileSync(join(e.gamesDir, "first-game.stela"), "utf8")).toContain('game "First Game"');
    // The editor takes text again.
    await onApp(page, (a) => {
      a.editorInstance.setPosition({ lineNumber: 1, column: 1 });
      a.editorInstance.focus();
    });
    await page.keyboard.type("// mine\n");
    await expect.poll(() => onApp(page, (a) => a.text)).toMatch(/^\/\/ mine\n\/\/ First Game/);
    expect(e.errors).toEqual([]);
  });
});
