import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import type { PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor } from "../../editor/server/start.ts";
import { GAMES_DIR } from "../support/games.ts";
import { clickThroughPicks } from "./e2e-harness.ts";
import { browserMissing, closeBrowser, launchBrowser } from "../../editor/tools/chromium.ts";

/**
 * The editor end to end, in headless Chromium: the app is built and served
 * by Vite (port 0) over a temporary copy of games/ plus the fixtures (other
 * topologies), so nothing here ever writes the real games.
 *
 * Set STELA_SKIP_E2E=1 to skip on a machine without Chromium.
 */

const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;
const skip = process.env.STELA_SKIP_E2E === "1";

/** The little of Monaco's editor the tests read. */
interface MonacoLike {
  getVisibleRanges(): { startLineNumber: number; endLineNumber: number }[];
  getTopForLineNumber(line: number): number;
  getLayoutInfo(): { height: number };
  setScrollTop(top: number): void;
  setPosition(p: { lineNumber: number; column: number }): void;
  focus(): void;
}

/** What the page exposes as `window.stela` (the EditorApp), as far as the tests use it. */
interface AppHandle {
  text: string;
  docKey: string;
  snapshot?: { log: { player: number }[]; owing: number[]; viewer: number | null; redo: number; view: { over: boolean; players: { vars: Record<string, unknown> }[] } };
  persons: number[];
  setText(text: string): void;
  markerLines(owner: string): number[];
  editorInstance: { setPosition(p: { lineNumber: number; column: number }): void; getPosition(): { lineNumber: number }; focus(): void };
}

describe.skipIf(skip)("editor in a browser", () => {
  let gamesDir: string;
  let outDir: string;
  let server: PreviewServer;
  let url: string;
  let browser: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const missing = browserMissing();
    if (missing) throw new Error(missing);
    gamesDir = mkdtempSync(join(tmpdir(), "stela-games-"));
    cpSync(GAMES_DIR, gamesDir, { recursive: true });
    for (const f of readdirSync(FIXTURES)) cpSync(join(FIXTURES, f), join(gamesDir, f));
    outDir = mkdtempSync(join(tmpdir(), "stela-editor-dist-"));
    ({ server, url } = await startEditor({ port: 0, quiet: true, gamesDir, outDir }));
    browser = await launchBrowser();
    page = browser.pages()[0] ?? (await browser.newPage());
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector("[data-testid=playtest]", { timeout: 30_000 });
  });

  afterAll(async () => {
    if (browser) await closeBrowser(browser);
    await server?.close();
    for (const d of [gamesDir, outDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  const app = <T>(f: (a: AppHandle) => T | Promise<T>): Promise<T> =>
    page.evaluate(`(${f.toString()})(window.stela)`) as Promise<T>;

  async function rulesOk(): Promise<void> {
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 15_000 });
  }

  async function openGame(value: string): Promise<void> {
    await page.selectOption("[data-testid=picker]", value);
    await page.waitForFunction((v) => (document.querySelector("[data-testid=picker]") as HTMLSelectElement).value === v, value);
    await rulesOk();
    await page.waitForSelector("[data-testid=playtest] figure.board");
  }

  /** Every seat a person, so the test makes every decision by clicking. */
  async function allPersons(): Promise<void> {
    for (const select of await page.locator("section.player select").all()) await select.selectOption("person");
    await page.waitForFunction(() => {
      const a = (window as unknown as { stela: AppHandle }).stela;
      return a.snapshot !== undefined && a.persons.length === a.snapshot.view.players.length;
    });
  }

  const logLength = () => app((a) => a.snapshot?.log.length ?? -1);

  /** Mayan City, every seat a person, started afresh on seed 7. */
  async function freshMayanCity(): Promise<void> {
    await openGame("mayan-city.stela|");
    await allPersons();
    await page.fill("[data-testid=seed]", "7");
    await page.getByRole("button", { name: "Restart" }).click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 0);
  }

  it("lists every game and variant, and draws each one", async () => {
    const values = await page.locator("[data-testid=picker] option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    for (const f of readdirSync(gamesDir).filter((n) => n.endsWith(".stela"))) expect(values.some((v) => v.startsWith(`${f}|`))).toBe(true);
    expect(values).toContain("gears-variant.stela|Rich start");
    for (const v of values) {
      await openGame(v);
      expect(await page.locator("[data-testid=problems] li").count()).toBe(0);
      // (An open grid starts as the one space at its origin.)
      expect(await page.locator("figure.board svg rect.space, figure.board svg circle.space, figure.board svg polygon.space").count()).toBeGreaterThan(0);
      // Every space's label stays inside its space (Tzolk'in's "2 +stone" ran under the next one).
      const overflowing = await page.locator("figure.board svg text.space-label").evaluateAll((labels) =>
        labels.flatMap((t) => {
          let box = t.previousElementSibling;
          while (box && !box.classList.contains("space")) box = box.previousElementSibling;
          const r = (box as SVGGraphicsElement | null)?.getBBox();
          const b = (t as SVGGraphicsElement).getBBox();
          return r && b.x + b.width > r.x + r.width + 1 ? [t.textContent] : [];
        }),
      );
      expect(overflowing, v).toEqual([]);
    }
    // The variant file read its base game: the variant's starting corn shows.
    await openGame("gears-variant.stela|Rich start");
    expect(await page.locator("section.player").first().innerText()).toMatch(/corn\s*5/);
    expect(errors).toEqual([]);
  });

  it("plays a variant picked while the page is still opening its first game", async () => {
    // The page reopens another game than the one picked.
    await openGame("mayan-city.stela|");
    await page.reload();
    // Picked as soon as it is listed: the first game's compile is still under way.
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=picker] option")].some((o) => (o as HTMLOptionElement).value === "gears-variant.stela|Rich start"));
    await page.selectOption("[data-testid=picker]", "gears-variant.stela|Rich start");
    await page.waitForFunction(() => (window as unknown as { stela: { snapshot?: { settings: { variant?: string } } } }).stela.snapshot?.settings.variant === "Rich start", null, { timeout: 15_000 });
    expect(await page.$eval("[data-testid=picker]", (s) => (s as HTMLSelectElement).value)).toBe("gears-variant.stela|Rich start");
    expect(errors).toEqual([]);
  });

  it("asks for a simultaneous secret choice seat by seat, hiding each pick until all are in", async () => {
    await openGame("pyramids.stela|");
    await allPersons();
    await page.getByRole("button", { name: "Restart" }).click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 0);
    expect(await page.getByTestId("turn").innerText()).toMatch(/still to choose: Player 1, Player 2/);
    await page.locator('section.player[data-seat="0"] button.chip.clickable').first().click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.viewer === 1);
    expect(await page.getByTestId("turn").innerText()).toMatch(/still to choose: Player 2$/m);
    expect(await page.getByTestId("decision-log").innerText()).toContain("(a secret choice)");
    await page.locator('section.player[data-seat="1"] button.chip.clickable').first().click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 2);
    expect(await page.getByTestId("decision-log").innerText()).not.toContain("(a secret choice)");
    // The layered boards, stacked: upper levels drawn over the lower ones.
    await page.selectOption("select:near(:text('Levels'))", "stacked");
    expect(await page.locator("figure.board text.caption", { hasText: "seen from above" }).count()).toBe(2);
  });

  it("keeps the line being typed in view when the problems below the rules grow", async () => {
    await openGame("cacao.stela|");
    // Typing at the bottom of the screen, a mistake that gives several problems (Cacao's temple award
    // left unfinished swallows the next `define`): the list grows and the rules' pane shrinks under
    // the cursor. (The uses of the swallowed `define` are not also "unknown function": four problems.)
    const line = (await app((a) => a.text)).split("\n").findIndex((l) => l.startsWith("define temple_award(")) + 1;
    await page.evaluate((l) => {
      const e = (window as unknown as { stela: { editorInstance: MonacoLike } }).stela.editorInstance;
      e.setScrollTop(e.getTopForLineNumber(l) - e.getLayoutInfo().height + 40);
      e.setPosition({ lineNumber: l, column: 500 });
      e.focus();
    }, line);
    const before = await page.evaluate(() => (window as unknown as { stela: { editorInstance: MonacoLike } }).stela.editorInstance.getVisibleRanges()[0]!.endLineNumber);
    await page.keyboard.type(" +");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=problems] li").length >= 4, null, { timeout: 10_000 });
    await page.waitForTimeout(300);
    const shown = await page.evaluate(() => {
      const r = (window as unknown as { stela: { editorInstance: MonacoLike } }).stela.editorInstance.getVisibleRanges()[0]!;
      return [r.startLineNumber, r.endLineNumber];
    });
    expect(before - line).toBeLessThanOrEqual(2);
    expect(shown[0]).toBeLessThanOrEqual(line);
    expect(shown[1]).toBeGreaterThanOrEqual(line);
    await page.keyboard.press("Control+z");
  });

  it("marks a mistake as it is typed and clears the mark when it is fixed", async () => {
    await openGame("mayan-city.stela|");
    const line = (await app((a) => a.text)).split("\n").findIndex((l) => l.includes("let points = count")) + 1;
    await page.evaluate((l) => {
      const e = (window as unknown as { stela: AppHandle }).stela.editorInstance;
      e.setPosition({ lineNumber: l, column: 200 });
      e.focus();
    }, line);
    await page.keyboard.type(" + oops");
    await page.waitForSelector(".monaco-editor .squiggly-error", { timeout: 10_000 });
    await page.waitForSelector("[data-testid=problems] li");
    expect(await app((a) => a.markerLines("stela"))).toContain(line);
    expect(await page.locator("[data-testid=stale]").count()).toBe(1);
    // The problem jumps to its line.
    await page.evaluate(() => (window as unknown as { stela: AppHandle }).stela.editorInstance.setPosition({ lineNumber: 1, column: 1 }));
    await page.locator("[data-testid=problems] li button").first().click();
    expect(await app((a) => a.editorInstance.getPosition().lineNumber)).toBe(line);
    await page.evaluate((l) => {
      const e = (window as unknown as { stela: AppHandle }).stela.editorInstance;
      e.setPosition({ lineNumber: l, column: 200 });
      e.focus();
    }, line);
    for (let i = 0; i < 7; i++) await page.keyboard.press("Backspace");
    await rulesOk();
    await page.waitForFunction(() => !document.querySelector(".monaco-editor .squiggly-error"));
    expect(await page.locator("[data-testid=stale]").count()).toBe(0);
  });

  it("plays decisions by clicking on the board, and undoes them", async () => {
    await freshMayanCity();
    // The draw phase: each pick is a click on a card in the offer. Five are asked; the last card
    // is its player's only option and taken without asking.
    expect(await clickThroughPicks(page)).toBe(5);
    // The place phase: pick a piece from the player's own, then a highlighted space, then (if several fit there) one of the ways.
    for (let i = 0; i < 3; i++) {
      const before = await logLength();
      const seat = await app((a) => a.snapshot!.viewer);
      await page.locator(`section.player[data-seat="${seat}"] button.chip.clickable`).first().click();
      const spaces = page.locator("figure.board rect.hit.clickable");
      await spaces.nth(Math.min(i * 9, (await spaces.count()) - 1)).click();
      const menu = page.locator("[data-testid=choice-menu] button");
      if (await menu.count()) await menu.first().click();
      await page.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === n, before + 1);
    }
    expect(await logLength()).toBe(8);
    expect(await page.locator("figure.board g.piece").count()).toBe(3);
    await page.getByTestId("undo").click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 7);
    expect(await page.locator("figure.board g.piece").count()).toBe(2);
    await page.getByTestId("redo").click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 8);
    expect(await page.locator("[data-testid=decision-log] li.decision").count()).toBe(8);
  });

  it("replays the log when a rule changes, and says where it no longer fits", async () => {
    const original = await app((a) => a.text);
    const scores = () => app((a) => a.snapshot!.view.players.map((p) => Number(p.vars["score"])));
    const before = await scores();
    // A scoring rule changes: the same 8 decisions, new scores.
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), original.replace("p.score += points", "p.score += points + 100"));
    await page.waitForFunction((b) => {
      const s = (window as unknown as { stela: AppHandle }).stela.snapshot!;
      return s.log.length === 8 && s.view.players.some((p, i) => Number(p.vars["score"]) !== b[i]);
    }, before);
    expect((await scores()).reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(before.reduce((x, y) => x + y, 0) + 300);
    // A placement rule changes: the first placement is no longer legal, the rest waits.
    const placementRule = 'require empty(spot) else "Pieces may not overlap"';
    expect(original).toContain(placementRule);
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), original.replace(placementRule, 'require empty(spot) and all s in spot.cells: s.zone > 0 else "Only inside the zones"'));
    await page.waitForSelector("[data-testid=stopped]", { timeout: 10_000 });
    expect(await page.locator("[data-testid=stopped]").innerText()).toMatch(/Decision \d+ .* no longer fits/);
    // Undo the edit: every decision plays again.
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), original);
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 8);
    expect(await page.locator("[data-testid=stopped]").count()).toBe(0);
  });

  it("marks the line of a rule that fails while the match runs", async () => {
    const original = await app((a) => a.text);
    const broken = original.replace("p.score += points", "p.score += [points][5]");
    const line = broken.split("\n").findIndex((l) => l.includes("[points][5]")) + 1;
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), broken);
    await page.waitForSelector("[data-testid=runtime-error]", { timeout: 10_000 });
    expect(await app((a) => a.markerLines("stela-runtime"))).toEqual([line]);
    // Blamed on the first placement (decision 6, whose scoring fails), not on the next one; the rest waits.
    const banner = await page.getByTestId("runtime-error").innerText();
    expect(banner).toMatch(new RegExp(`during decision 6 \\(Player \\d — Place a piece: .+\\), at line ${line}:`));
    expect(banner).toContain("The 2 later decisions wait");
    // The calls it came through, a space apart from the message ("line 163(called from" ran together).
    expect(banner).toMatch(/\S \(called from line \d+/);
    expect(await page.locator("[data-testid=stopped]").count()).toBe(0);
    expect(await page.getByTestId("turn").innerText()).not.toContain("Game over");
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), original);
    await page.waitForFunction(() => !document.querySelector("[data-testid=runtime-error]"));
    expect(await app((a) => a.markerLines("stela-runtime"))).toEqual([]);
  });

  it("keeps the text over a reload, and saves it into games/ through the server", async () => {
    await openGame("mayan-city.stela|");
    const lines = (await app((a) => a.text)).split("\n").length;
    await page.evaluate((l) => {
      const e = (window as unknown as { stela: AppHandle }).stela.editorInstance;
      e.setPosition({ lineNumber: l, column: 1 });
      e.focus();
    }, lines);
    await page.keyboard.type("// kept over a reload");
    await page.waitForSelector("[data-testid=status] .dirty");
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForSelector("[data-testid=playtest]");
    expect(await app((a) => a.text)).toContain("// kept over a reload");
    expect(await app((a) => a.snapshot?.log.length)).toBe(8);
    await page.getByTestId("save").click();
    await page.waitForSelector(`[data-testid=notice]:has-text('Saved ${join(gamesDir, "mayan-city.stela")}')`);
    expect(readFileSync(join(gamesDir, "mayan-city.stela"), "utf8")).toContain("// kept over a reload");
    expect(readFileSync(join(GAMES_DIR, "mayan-city.stela"), "utf8")).not.toContain("// kept over a reload");
    // Rules with an error are saved as typed, and the notice says they will not play.
    const good = await app((a) => a.text);
    await page.evaluate(() => {
      const e = (window as unknown as { stela: AppHandle }).stela.editorInstance;
      e.setPosition({ lineNumber: 1, column: 1 });
      e.focus();
    });
    await page.keyboard.type("oops ");
    await page.waitForSelector("[data-testid=problems] li");
    await page.getByTestId("save").click();
    await page.waitForSelector(`[data-testid=notice]:has-text('Saved ${join(gamesDir, "mayan-city.stela")} with 1 error: it will not play until it is fixed')`);
    expect(readFileSync(join(gamesDir, "mayan-city.stela"), "utf8")).toMatch(/^oops /);
    await page.evaluate((t) => (window as unknown as { stela: { setText(t: string): void } }).stela.setText(t), good);
    await page.waitForFunction(() => !document.querySelector("[data-testid=problems] li"));
    await page.getByTestId("save").click();
    await page.waitForSelector(`[data-testid=notice]:has-text('Saved ${join(gamesDir, "mayan-city.stela")}')`);
    // The server writes nowhere else.
    const status = await page.evaluate(async () => {
      const put = (name: string) => fetch(`./api/games/${name}`, { method: "PUT", headers: { "x-stela-save": "1" }, body: "x" }).then((r) => r.status);
      return [await put("..%2Fescape.stela"), await put("notes.txt"), await put("%2Ftmp%2Fx.stela")];
    });
    expect(status).toEqual([400, 400, 400]);
  });

  it("opens a share link's rules in another browser", async () => {
    await page.getByTestId("share").click();
    const link = await page.getByTestId("share-url").inputValue();
    const text = await app((a) => a.text);
    type Seated = { stela: { playtest: { persons: number[]; bots: Record<number, string> } } };
    const seats = await page.evaluate(() => {
      const p = (window as unknown as Seated).stela.playtest;
      return { persons: [...p.persons], bots: { ...p.bots } };
    });
    const file = (await app((a) => a.docKey)).split("|")[0]!;
    const other = await launchBrowser();
    try {
      const p2 = other.pages()[0] ?? (await other.newPage());
      // Seats kept from an earlier link of the same file name: the link's own seats win over them.
      await p2.goto(new URL(link).origin);
      await p2.evaluate((f) => localStorage.setItem(`stela:seats:shared:${f}`, JSON.stringify({ persons: [1], bots: { 0: "mcts:7" } })), file);
      // Away first: a link that differs only after its `#` would not load the page again.
      await p2.goto("about:blank");
      await p2.goto(link);
      await p2.waitForSelector("[data-testid=playtest]", { timeout: 30_000 });
      expect(await p2.evaluate(() => (window as unknown as { stela: AppHandle }).stela.text)).toBe(text);
      expect(await p2.evaluate(() => (window as unknown as { stela: AppHandle }).stela.docKey)).toBe("shared:mayan-city.stela");
      expect(await p2.evaluate(() => {
        const p = (window as unknown as Seated).stela.playtest;
        return { persons: [...p.persons], bots: { ...p.bots } };
      })).toEqual(seats);
    } finally {
      await closeBrowser(other);
    }
    expect(errors).toEqual([]);
  });

  it("lets a bot play a seat, after a short delay", async () => {
    await openGame("mayan-city.stela|");
    await allPersons();
    await page.getByRole("button", { name: "Restart" }).click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 0);
    const first = await app((a) => a.snapshot!.owing[0]!);
    await page.locator(`section.player[data-seat="${1 - first}"] select[data-testid=seat]`).selectOption("random");
    await page.locator("[data-testid=table-zones] button.chip.clickable").first().click();
    // The person's pick, then the bot's, on its own.
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 2, null, { timeout: 5000 });
    expect(await app((a) => a.snapshot!.owing)).toEqual([first]);
    expect(errors).toEqual([]);
  });

  it("gone back to a bot's decision, the bot waits while decisions wait for Redo", async () => {
    await freshMayanCity();
    // Player 2 a bot: Player 1 picks a card, and the bot picks after it.
    await page.locator("section.player select").nth(1).selectOption("random");
    await page.locator("[data-testid=table-zones] button.chip.clickable").first().click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot!.log.some((d) => d.player === 1));
    const before = await logLength();
    const botsPick = await app((a) => a.snapshot!.log.findIndex((d) => d.player === 1));
    /** The log's "go back to just before this decision" on decision `i` (from 0; the log lists the newest first). */
    const backTo = (i: number) =>
      page.locator("[data-testid=decision-log] li.decision").filter({ has: page.locator("span.num", { hasText: new RegExp(`^${i + 1}$`) }) }).locator("button.back").dispatchEvent("click");
    // Back to just before the bot's pick: it owes it again, and taking it at once would lose the Redo.
    await backTo(botsPick);
    await page.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === n, botsPick);
    await page.waitForTimeout(1500);
    expect(await logLength()).toBe(botsPick);
    expect(await page.getByTestId("redo").isEnabled()).toBe(true);
    // Redo brings the line back; or the designer lets the bot play, discarding it.
    await page.getByTestId("redo").click();
    await page.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === n, botsPick + 1);
    await backTo(botsPick);
    await page.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === n, botsPick);
    await page.getByTestId("let-bots-play").click();
    await page.waitForFunction((n) => (window as unknown as { stela: AppHandle }).stela.snapshot!.log.length > n, botsPick);
    expect(await page.getByTestId("redo").isEnabled()).toBe(false);
    expect(before).toBeGreaterThan(botsPick);
  });

  it("switching the player count, or an example, and back takes the playtest up where it was", async () => {
    await freshMayanCity();
    expect(await clickThroughPicks(page)).toBe(5);
    // A look at 3 players: a new playtest, this one set aside.
    await page.selectOption("[data-testid=players]", "3");
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 0);
    // Back to 2: its five decisions are there again.
    await page.selectOption("[data-testid=players]", "2");
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 5);
    expect(await page.locator("[data-testid=decision-log] li.decision").count()).toBe(5);
    // An example's position brings its own players and seed; leaving it comes back here too.
    const inExample = () => page.evaluate(() => (window as unknown as { stela: { playtest: { snapshot?: { settings: { example?: string } } } } }).stela.playtest.snapshot?.settings.example !== undefined);
    await page.locator("[data-testid=example]").first().click();
    await expect.poll(inExample, { timeout: 30_000 }).toBe(true);
    await page.getByTestId("leave-example").click();
    await expect.poll(inExample, { timeout: 30_000 }).toBe(false);
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 5);
  });

  it("keeps the rules inside their pane when the window narrows", async () => {
    await openGame("yaxha.stela|");
    await page.setViewportSize({ width: 1100, height: 950 });
    // Monaco lays itself out again from its box (a ResizeObserver): the box must narrow with the pane.
    const inside = () =>
      page.evaluate(() => {
        const right = (q: string) => document.querySelector(q)!.getBoundingClientRect().right;
        const left = document.querySelector("main .splitter")!.getBoundingClientRect().left;
        return right("[data-testid=rules-editor]") <= left + 0.5 && right("[data-testid=rules-editor] .monaco-editor") <= left + 0.5;
      });
    await expect.poll(inside, { timeout: 5_000 }).toBe(true);
    await page.setViewportSize({ width: 1500, height: 950 });
    expect(errors).toEqual([]);
  });
});
