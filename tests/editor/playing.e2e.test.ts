import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onApp, openGame, rulesOk, setSeats, skipE2e, startE2e, waitLog, type AppHandle, type E2e } from "./e2e-harness.ts";

/**
 * Shaped and sided pieces: the piece hangs under the pointer on the board,
 * R / Shift+R or the wheel turns it, a click puts it down as it faces; no
 * menu of orientations.
 */
describe.skipIf(skipE2e)("playing: turning a piece before putting it down, bots per seat", () => {
  let e: E2e;
  let page: Page;
  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
  });
  afterAll(async () => {
    await e?.close();
  });

  const previewed = () => page.getByTestId("placement-preview").getAttribute("data-option");
  const lastOption = () => onApp(page, (a) => a.snapshot!.log.at(-1)!.option);

  it("Mayan City: the Plaza, picked from the hand, previews at the pointer, R turns it, Shift+R turns it back, a click places it as shown", async () => {
    await openGame(page, "mayan-city.stela|");
    await setSeats(page, [true, true]);
    // The numbers on the city's spaces are explained under it, as `stela play` explains them.
    expect(await page.getByTestId("space-legend").first().innerText()).toBe("3 zone 3 · 2 zone 2 · 1 zone 1");
    // Four card picks (seed 1, the first card each time; each player's last card is their only
    // option, taken without asking) lead to the first placement: Player 2 holds Plaza, Reservoir, Temple.
    for (let i = 0; i < 4; i++) {
      await page.evaluate(async () => {
        const a = (window as unknown as { stela: { snapshot: { owing: number[]; view: { decision: { options: { id: string }[] } } }; playtest: { choose(p: number, id: string): Promise<void> } } }).stela;
        await a.playtest.choose(a.snapshot.owing[0]!, a.snapshot.view.decision.options[0]!.id);
      });
      await waitLog(page, i + 1);
    }
    expect(await onApp(page, (a) => (a.snapshot!.view as unknown as { decision: { prompt: string } }).decision.prompt)).toBe("Place a piece");
    // Three pieces fit on d4: none hangs at the pointer until one is picked (a click would ask which).
    await page.hover('[data-space="city:3,3"]');
    expect(await page.getByTestId("placement-preview").count()).toBe(0);
    const plaza = await onApp(page, (a) => (a.snapshot!.view as unknown as { decision: { options: { id: string; pieces?: number[] }[] } }).decision.options.find((o) => o.id.startsWith("plaza@"))!.pieces![0]!);
    await page.locator(`[data-piece="${plaza}"]`).first().click();
    await page.hover('[data-space="city:3,3"]');
    expect(await previewed()).toBe("plaza@city:3,3+4,3");
    // The preview covers the Plaza's two cells, in the piece's colour.
    expect(await page.locator("rect.preview").count()).toBe(2);
    expect(await page.getByTestId("turn-hint").innerText()).toContain("Plaza as printed");
    await page.keyboard.press("r");
    expect(await previewed()).toBe("plaza@city:3,3+3,4");
    expect(await page.getByTestId("turn-hint").innerText()).toContain("Plaza turned 90°");
    await page.keyboard.press("Shift+R");
    expect(await previewed()).toBe("plaza@city:3,3+4,3");
    await page.keyboard.press("r");
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "turn-mayan-city.png") });
    await page.click('[data-space="city:3,3"]');
    await waitLog(page, 5);
    expect(await page.locator("[data-testid=choice-menu]").count()).toBe(0);
    expect(await lastOption()).toBe("plaza@city:3,3+3,4");
    // The log reads on its own: who, what the rules asked, what they chose (newest first).
    const row = page.locator("[data-testid=decision-log] li.decision").first();
    expect(await row.getAttribute("title")).toBe("Player 2 — Place a piece: Plaza on d4–d5");
    expect((await row.innerText()).replace(/\s+/g, " ")).toContain("Player 2 Place a piece: Plaza on d4–d5");
    expect(await page.locator("[data-testid=decision-log] li.decision").last().getAttribute("title")).toBe("Player 1 — Pick a card: Palace");
  });

  it("Cacao: a selected worker tile shows its four edges at the pointer, the wheel turns them, a click places it as shown", async () => {
    await openGame(page, "cacao.stela|");
    await setSeats(page, [true, true]);
    // Only the pieces that are options are tab stops: a keyboard user tabs through the tiles
    // to place, not past every piece on the table (they still show their names on hover).
    const stops = await page.locator("button.chip").evaluateAll((chips) => chips.map((c) => [c.classList.contains("clickable"), (c as HTMLElement).tabIndex] as const));
    expect(stops.filter(([clickable]) => clickable).length).toBeGreaterThan(0);
    expect(stops.filter(([clickable]) => !clickable).length).toBeGreaterThan(0);
    for (const [clickable, tab] of stops) expect(tab).toBe(clickable ? 0 : -1);
    // Seed 1: Player 1 holds tile 1-1-1-1 (one way to face) and tile 2-1-0-1 (four).
    // The wheel over the 1-1-1-1 tile has nothing to turn: it leaves the board as it is (no zoom).
    const symmetric = await onApp(page, (a) => (a.snapshot!.view as unknown as { decision: { options: { id: string; pieces?: number[] }[] } }).decision.options.find((o) => o.id.startsWith("worker-tile-1-1-1-1"))!.pieces![0]!);
    await page.locator(`[data-piece="${symmetric}"]`).first().click();
    await page.hover('[data-space="jungle:0,1"]');
    const viewBox = () => page.evaluate(() => {
      let svg = document.querySelector('[data-space="jungle:0,1"]')!.closest("svg")!;
      while (svg.parentElement?.closest("svg")) svg = svg.parentElement.closest("svg")!;
      return svg.getAttribute("viewBox");
    });
    const before = await viewBox();
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(300);
    expect(await viewBox()).toBe(before);
    await page.locator('[data-piece="16"]').first().click();
    await page.hover('[data-space="jungle:0,1"]');
    const edges = () => page.locator("text.preview-side").allTextContents();
    expect(await previewed()).toBe("worker-tile-2-1-0-1@jungle:0,1/r0");
    expect(await edges()).toEqual(["2", "1", "0", "1"]);
    await page.mouse.wheel(0, 100);
    await page.waitForFunction(() => document.querySelector("[data-testid=placement-preview]")?.getAttribute("data-option")?.endsWith("/r1"));
    expect(await edges()).toEqual(["1", "2", "1", "0"]);
    expect(await page.getByTestId("turn-hint").innerText()).toContain("edges 1-2-1-0");
    await page.keyboard.press("r");
    expect(await edges()).toEqual(["0", "1", "2", "1"]);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(() => document.querySelector("[data-testid=placement-preview]")?.getAttribute("data-option")?.endsWith("/r1"));
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "turn-cacao.png") });
    await page.click('[data-space="jungle:0,1"]');
    await waitLog(page, 1);
    expect(await lastOption()).toBe("worker-tile-2-1-0-1@jungle:0,1/r1");
    expect(e.errors).toEqual([]);
  });

  it("a seat takes the MCTS bot with its budget; it thinks in the worker and plays as that bot plays", async () => {
    await openGame(page, "mayan-city.stela|");
    await page.getByRole("button", { name: "Pause bots" }).click();
    // From the start (the first test left this game 7 decisions in).
    await page.getByRole("button", { name: "Restart", exact: true }).click();
    await waitLog(page, 0);
    await page.locator('section.player[data-seat="1"] select[data-testid=seat]').selectOption("person");
    await page.locator('section.player[data-seat="0"] select[data-testid=seat]').selectOption("mcts");
    const budget = page.locator('section.player[data-seat="0"] [data-testid=mcts-budget]');
    expect(await budget.inputValue()).toBe("200");
    await budget.fill("30");
    await budget.press("Enter");
    await page.waitForFunction(() => {
      const p = (window as unknown as { stela: { playtest: { persons: number[]; bots: Record<number, string> } } }).stela.playtest;
      return JSON.stringify(p.persons) === "[1]" && p.bots[0] === "mcts:30";
    });
    await page.getByRole("button", { name: "Resume bots" }).click();
    await waitLog(page, 1);
    // Seed 1: MCTS with 30 playouts (its own stream, mixSeed(1, seat 0)) takes the Reservoir; the random bot would take the Temple.
    expect(await onApp(page, (a) => a.snapshot!.log[0]!)).toMatchObject({ player: 0, option: "reservoir" });
    // Milliseconds instead of playouts.
    await page.locator('section.player[data-seat="0"] [data-testid=mcts-unit]').selectOption("ms");
    await page.waitForFunction(() => (window as unknown as { stela: { playtest: { bots: Record<number, string> } } }).stela.playtest.bots[0] === "mcts:30ms");
    expect(e.errors).toEqual([]);
  });

  it("a pick of several at once (pass three cards of thirteen) is taken card by card, not from 286 combinations", async () => {
    const hearts = readFileSync(new URL("../fixtures/games/hearts.stela", import.meta.url), "utf8");
    await onApp(page, (a) => a.open("mayan-city.stela|"));
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), hearts);
    await rulesOk(page);
    await setSeats(page, [true, false, false, false]);
    await page.waitForSelector("[data-testid=pick]");
    const pickText = async (): Promise<string> => (await page.getByTestId("pick").innerText()).replace(/\s+/g, " ");
    expect(await pickText()).toMatch(/^Pick 3 \(click them\): nothing/);
    expect(await page.getByTestId("take-pick").isDisabled()).toBe(true);
    // The hand's 13 cards are what a click picks; the list holds 13 items, not 286 combinations.
    const cards = page.locator('section.player[data-seat="0"] .clickable');
    expect(await cards.count()).toBe(13);
    expect(await page.locator("details.all summary").innerText()).toBe("all 13 items as a list");
    // Each listed option tells its id, which an example's `choose` step takes and which stays when labels change.
    const title = await page.locator("details.all .list button").first().getAttribute("title");
    expect(title).toMatch(/^id (\S+): an example's step may name this option by it, choose "\1"$/);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      names.push((await cards.nth(i).innerText()).trim());
      await cards.nth(i).click();
    }
    const three = await pickText();
    for (const n of names) expect(three).toContain(n);
    // A fourth card is refused with a reason; a click on a picked card unpicks it.
    await cards.nth(3).click();
    expect(await page.getByTestId("why-not").innerText()).toContain("Only 3 items can be picked here");
    await cards.nth(2).click();
    expect(await page.getByTestId("take-pick").isDisabled()).toBe(true);
    await cards.nth(3).click();
    names[2] = (await cards.nth(3).innerText()).trim();
    if (process.env.STELA_SHOTS) await page.screenshot({ path: join(process.env.STELA_SHOTS, "pick-three.png") });
    await page.getByTestId("take-pick").click();
    // The bots' secret picks may be in the log first: wait for this seat's own.
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.some((l) => l.player === 0) === true, undefined, { timeout: 30_000 });
    const taken = await onApp(page, (a) => a.snapshot!.log.find((l) => l.player === 0)!.label);
    for (const n of names) expect(taken).toContain(n);
    expect(e.errors).toEqual([]);
  });

  it("variants played together: the playtest's variant picker combines them (\"A+B\"), and a clash is told, not played", async () => {
    const variant = () => onApp(page, (a) => a.snapshot!.settings.variant);
    const combine = async (names: string[]): Promise<void> => {
      await page.selectOption("[data-testid=variant]", { label: "combine variants…" });
      for (const n of names) await page.check(`[data-testid=combine] input[value='${n}']`);
      await page.click("[data-testid=play-combination]");
    };
    await openGame(page, "maya-house-rules.stela|Open racks");
    // The one played now starts checked: checking a second plays both, in the order the file declares them.
    await combine(["Big cities pay more"]);
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.settings.variant === "Open racks+Big cities pay more");
    expect(await page.locator("[data-testid=picker] option:checked").innerText()).toContain("variants together: Open racks+Big cities pay more");
    expect(await page.locator(".banner").count()).toBe(0);
    // Two variants that both change the same procedure do not combine: the note says why, the base game plays.
    await openGame(page, "maya.stela|");
    await combine(["Two cities", "A new beginning"]);
    await page.waitForSelector(".banner.info");
    expect(await page.locator(".banner.info").innerText()).toContain('The variants in "A new beginning+Two cities" do not combine');
    expect(await variant()).toBeUndefined();
    // The base broken, the variant file's rules do not check: the picker still names the file open.
    const base = await onApp(page, (a) => a.text);
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), base.replace(/\}\s*$/, ""));
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("error"));
    await page.selectOption("[data-testid=picker]", "maya-house-rules.stela|Open racks");
    await page.waitForFunction(() => (document.querySelector("[data-testid=picker]") as HTMLSelectElement).value.startsWith("maya-house-rules.stela|"), undefined, { timeout: 30_000 });
    expect(await page.locator("[data-testid=picker] option:checked").innerText()).toContain("maya-house-rules.stela: ");
    // Back to the base, its text restored (it does not check yet: no waiting for its rules).
    await page.selectOption("[data-testid=picker]", "maya.stela|");
    await page.waitForFunction(() => (document.querySelector("[data-testid=picker]") as HTMLSelectElement).value.startsWith("maya.stela|"), undefined, { timeout: 30_000 });
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), base);
    await rulesOk(page);
    expect(e.errors).toEqual([]);
  });

  it("with a variant in play, the rules pane writes what it replaces beside the base declaration", async () => {
    // An auction's designer played "Tight purse" and read \`const START_COINS = 16\`, the override 250 lines below.
    await onApp(page, (a) => a.open("mayan-city.stela|"));
    const purse = `game "Purse" { players 2 }
const START = 16
flow { turn players[0] { let _n = choose n from 1..2 prompt "Pick" } }
scoring p { points 0 }
variant "Tight" {
  override const START = 12
}
`;
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), purse);
    await rulesOk(page);
    expect(await page.locator(".variant-note").count()).toBe(0);
    await page.selectOption("[data-testid=variant]", "Tight");
    await page.waitForSelector(".variant-note");
    // Monaco draws its spaces as no-break spaces.
    expect((await page.locator(".variant-note").allTextContents()).map((t) => t.replace(/\u00a0/g, " ").trim())).toEqual(['→ 12 in "Tight" (line 6)']);
    // Back to the base game: nothing replaced, nothing written.
    await page.selectOption("[data-testid=variant]", "");
    await page.waitForFunction(() => document.querySelectorAll(".variant-note").length === 0);
    expect(e.errors).toEqual([]);
  });

  it("beside the question, what happened since the person last chose: the bots' moves, their own only option, the rules' lines", async () => {
    // An auction's designer clicked one bid and found the next auctions over, their passes taken for them.
    await onApp(page, (a) => a.open("mayan-city.stela|"));
    const rounds = `game "Rounds" { players 2 }
per player { score: number = 0 }
flow {
  loop {
    turn players[0] {
      let a = choose n from 1..2 prompt "Pick"
      players[0].score += a
    }
    turn players[1] {
      let b = choose n from 1..2 prompt "Pick"
      players[1].score += b
    }
    turn players[0] {
      let c = choose n from [5] prompt "Take five"
      players[0].score += c
    }
    log "Round over"
    if players[0].score > 30 { end game }
  }
}
scoring p { points p.score }
`;
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), rounds);
    await rulesOk(page);
    await setSeats(page, [true, false]);
    await page.waitForSelector("[data-testid=decision] button[data-option]");
    // The first question: nothing decided before it, nothing to tell.
    expect(await page.locator("[data-testid=recap]").count()).toBe(0);
    await page.locator("[data-testid=decision] button[data-option]").first().click();
    await page.waitForFunction(() => (window as unknown as { stela: AppHandle }).stela.snapshot?.log.length === 2, undefined, { timeout: 30_000 });
    await page.waitForSelector("[data-testid=recap]");
    const recap = (await page.getByTestId("recap").innerText()).split("\n").map((l) => l.trim());
    const botTook = await onApp(page, (a) => a.snapshot!.log[1]!.label);
    expect(recap).toEqual(["Since Player 1 last chose", `Player 2 ${botTook}`, "Player 1: 5 (only option)", "Round over"]);
    expect(e.errors).toEqual([]);
  });

  it("a map whose spaces the rules name draws each name under its space, where a piece on it never covers it", async () => {
    await onApp(page, (a) => a.open("mayan-city.stela|"));
    const map = `game "Map" { players 2 }
board world: graph(3, names: ["Alaska", "Kamchatka", "Alberta"], edges: [["Alaska", "Kamchatka"], ["Alaska", "Alberta"]])
flow { turn players[0] { let _s = choose s from spaces(world) prompt "Where?" } }
scoring p { points 0 }
`;
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), map);
    await rulesOk(page);
    await page.waitForSelector("figure.board svg text.space-label");
    const labels = await page.locator("figure.board svg text.space-label").allTextContents();
    expect(labels.sort()).toEqual(["Alaska", "Alberta", "Kamchatka"]);
    // Each name lies below its spot, inside the board, clear of the spot a piece is drawn on.
    const placed = await page.$$eval("figure.board svg circle.space", (spots) => {
      // Plain numbers: a DOMRect does not cross to the test.
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      const svg = box(spots[0]!.closest("svg")!);
      const names = [...document.querySelectorAll("figure.board svg text.space-name")].map(box);
      return spots.map((c, i) => ({ spot: box(c), name: names[i]!, svg }));
    });
    expect(placed).toHaveLength(3);
    for (const { spot, name, svg } of placed) {
      expect(name.top).toBeGreaterThanOrEqual(spot.bottom - 0.5);
      expect(name.bottom).toBeLessThanOrEqual(svg.bottom + 0.5);
    }
    // No two names meet side by side.
    for (const [i, p] of placed.entries()) {
      for (const q of placed.slice(i + 1)) {
        const apart = p.name.right <= q.name.left || q.name.right <= p.name.left || p.name.bottom <= q.name.top || q.name.bottom <= p.name.top;
        expect(apart).toBe(true);
      }
    }
    expect(e.errors).toEqual([]);
  });

  it("a choice among pieces on the board (which runner to move) hints to click a piece, and a click on one takes it", async () => {
    const race = `game "Runners" { players 2 }
kind Runner {}
components Runner in start {
  "Runner" x2 {}
}
board court: track(10)
zone start: Runner public
setup {
  place top(start) at space_at(court, 0, 0)
  place top(start) at space_at(court, 2, 0)
}
flow { turn players[0] { let _r = choose r from pieces(court) prompt "Move which runner?" } }
scoring p { points 0 }
`;
    await page.evaluate((t) => (window as unknown as { stela: AppHandle }).stela.setText(t), race);
    await rulesOk(page);
    await setSeats(page, [true, true]);
    await page.waitForFunction(() => (window as unknown as { stela: { snapshot?: { view: { decision?: { prompt: string } | null } } } }).stela.snapshot?.view.decision?.prompt === "Move which runner?", null, { timeout: 30_000 });
    // It told the designer to click a space, or first a piece to see its places: there are none.
    expect((await page.locator("[data-testid=decision] .hints .selection").first().textContent())?.trim()).toBe("Click a highlighted piece.");
    // Forced: the highlighted piece's ring turns, and a turning element never reads as "stable".
    await page.locator("figure.board g.piece").first().click({ force: true });
    await waitLog(page, 1);
    expect(await lastOption()).toMatch(/^runner/);
    expect(e.errors).toEqual([]);
  });
});
