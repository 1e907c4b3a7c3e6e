import { readFileSync } from "node:fs";
import { join } from "node:path";
import lz from "lz-string";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipE2e, startE2e, type E2e } from "../editor/e2e-harness.ts";
import { bombLink } from "./bomb-link.ts";

/**
 * Hostile share links in the editor, in headless Chromium: a link whose text
 * would expand to millions of characters is refused with a message, and
 * rules whose colours are CSS fetching an outside address draw without them.
 * Every request the page makes is recorded: none may leave 127.0.0.1.
 * Set STELA_SKIP_E2E=1 to skip on a machine without Chromium.
 */

const BEACON_RULES = `game "Beacon" {
  players 2..2
}
per player {
  score: number = 0
}
kind Token {
  n: number
  show {
    colour: "url(http://example.com/beacon.png)"
  }
}
zone pile: Token public
components Token in pile {
  x3 { n: 1 }
}
flow {
  for p in players {
    turn p {
      let steps = choose n from 1..3 prompt "How far?"
      p.score += steps
    }
  }
}
scoring p {
  points p.score
}
`;


describe.skipIf(skipE2e)("hostile share links in a browser", () => {
  let e: E2e;
  const requests: string[] = [];

  beforeAll(async () => {
    e = await startE2e({
      // Record every request from the first page on; answer none outside this machine.
      beforeOpen: async (browser) => {
        await browser.route("**/*", (route) => {
          const u = route.request().url();
          requests.push(u);
          const host = new URL(u).hostname;
          return host === "127.0.0.1" || u.startsWith("data:") || u.startsWith("blob:") ? route.continue() : route.abort();
        });
      },
    });
  });

  afterAll(async () => {
    await e?.close();
  });

  async function open(hash: string): Promise<Page> {
    const page = await e.browser.newPage();
    page.on("pageerror", (err) => e.errors.push(err.message));
    await page.goto(`${e.url}${hash}`);
    await page.waitForSelector("[data-testid=playtest]", { timeout: 30_000 });
    return page;
  }

  it("the editor's worker ends hostile rule files with diagnostics and stays responsive", async () => {
    const page = e.page;
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    const hostile = new URL("../fixtures/hostile/", import.meta.url).pathname;
    for (const [file, code] of [["deep-parens.stela", "input-too-deep"], ["ct-const-double.stela", "invalid-constant"], ["ct-components.stela", "invalid-components"], ["long-chain.stela", "input-too-deep"]]) {
      const text = readFileSync(join(hostile, file!), "utf8");
      await page.evaluate((t) => (window as unknown as { stela: { setText(t: string): void } }).stela.setText(t), text);
      // Each file's own diagnostic (the one before has none of the next one's codes).
      await page.waitForFunction((c) => (window as unknown as { stela: { compiler: { diagnostics: { code: string }[] } } }).stela.compiler.diagnostics.some((d) => d.code === c), code, { timeout: 30_000 });
      expect(await page.locator("[data-testid=status]").textContent()).toMatch(/\d+ errors?/);
    }
    // A rule that builds a list past the budget ends the playtest's match with that diagnostic.
    await page.evaluate((t) => (window as unknown as { stela: { setText(t: string): void } }).stela.setText(t), readFileSync(join(hostile, "rt-list-double.stela"), "utf8"));
    await page.waitForFunction(() => (window as unknown as { stela: { snapshot?: { view: { error: { code: string } | null } } } }).stela.snapshot?.view.error?.code === "runtime-size-budget", null, { timeout: 30_000 });
    expect(e.errors).toEqual([]);
  });

  const outside = () => requests.filter((u) => !/^(data:|blob:)/.test(u) && new URL(u).hostname !== "127.0.0.1");

  it("refuses a link that would expand to millions of characters, and stays usable", async () => {
    const page = await e.browser.newPage();
    page.on("pageerror", (err) => e.errors.push(err.message));
    await page.goto(`${e.url}#share=bomb.stela&rules=${bombLink(3000)}`);
    await page.waitForFunction(() => document.querySelector("[data-testid=notice]")?.textContent?.includes("larger than a rule file may be"), null, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stela: { docKey: string } }).stela.docKey)).not.toContain("bomb");
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    expect(e.errors).toEqual([]);
    await page.close();
  });

  it("draws shared rules whose colours are CSS beacons without them, and makes no outside request", async () => {
    const page = await open(`#share=beacon.stela&rules=${lz.compressToEncodedURIComponent(BEACON_RULES)}`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    await page.waitForSelector("[data-testid=playtest] svg rect, [data-testid=playtest] svg circle", { timeout: 15_000 });
    // No style or attribute in the playtest names a resource.
    const urls = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid=playtest] *")].flatMap((el) => [...el.attributes].map((a) => a.value)).filter((v) => /url\(/i.test(v)),
    );
    expect(urls).toEqual([]);
    await page.waitForTimeout(500);
    expect(outside()).toEqual([]);
    expect(e.errors).toEqual([]);
    await page.close();
  });
});
