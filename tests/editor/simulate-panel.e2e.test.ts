import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBatch } from "../../interpreter/cli/simulate-batch.ts";
import { summarise, summaryLines } from "../../interpreter/cli/simulate-summary.ts";
import { changeText, compile, looksText, measureFigureText, measureRowLabel } from "../../interpreter/index.ts";
import { root, ruleFiles } from "../cli/run-stela.ts";
import { openGame, skipE2e, startE2e, type E2e } from "./e2e-harness.ts";

/**
 * The Simulate panel in headless Chromium: the rules being edited (a small
 * symmetric game typed over a file) are played by bots in the panel's own
 * worker, with MCTS in a seat, and compared with the saved file.
 * Set STELA_SKIP_E2E=1 to skip on a machine without Chromium.
 */

const GOOF = readFileSync(new URL("../fixtures/bots/goofspiel.stela", import.meta.url), "utf8");
const BLIND = readFileSync(new URL("../fixtures/bots/blind.stela", import.meta.url), "utf8");

/** Goofspiel with a variant that gives the first seat 12 points before play: a change no run can miss. */
const HEAD_START = GOOF.replace(
  "scoring p {\n  points sum c.value for c in p.won\n}",
  'const HEAD_START = 0\n\nvariant "Head start" {\n  override const HEAD_START = 12\n}\n\nscoring p {\n  points (sum c.value for c in p.won) + (if p == players[0] then HEAD_START else 0)\n}',
);

describe.skipIf(skipE2e)("simulate panel", () => {
  let e: E2e;
  let page: Page;

  beforeAll(async () => {
    e = await startE2e();
    page = e.page;
  });

  afterAll(async () => {
    await e?.close();
  });

  it("opens beside the playtest, covering none of its controls, at the editor's usual window sizes", async () => {
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    for (const size of [{ width: 1280, height: 800 }, { width: 1600, height: 900 }]) {
      await page.setViewportSize(size);
      const seen = await page.evaluate(() => {
        const box = (el: Element | null) => el?.getBoundingClientRect();
        const panel = box(document.querySelector("[data-testid=simulate-panel]"))!;
        const pane = box(document.querySelector("[data-testid=playtest]"))!;
        // The playtest's header: its toolbar (players, seed, Restart, bots, view as, set up position) and the question's Undo, Redo.
        const controls = [...document.querySelectorAll("[data-testid=playtest] .toolbar :is(button, select, input), [data-testid=undo], [data-testid=redo]")];
        const covered = controls.flatMap((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return top && el.contains(top) ? [] : [el.getAttribute("data-testid") ?? el.textContent?.trim() ?? el.tagName];
        });
        const overlap = panel.left < pane.right && pane.left < panel.right && panel.top < pane.bottom && pane.top < panel.bottom;
        return { controls: controls.length, covered, overlap, panelOnScreen: panel.width > 400 && panel.right <= window.innerWidth && panel.top >= 0 };
      });
      expect(seen.controls, `${size.width}x${size.height}`).toBeGreaterThanOrEqual(8);
      expect(seen.covered, `${size.width}x${size.height}`).toEqual([]);
      expect(seen.overlap, `${size.width}x${size.height}`).toBe(false);
      expect(seen.panelOnScreen, `${size.width}x${size.height}`).toBe(true);
    }
    await page.setViewportSize({ width: 1500, height: 950 });
    await page.click("[aria-label=Close]");
    await page.waitForSelector("[data-testid=simulate-panel]", { state: "detached" });
  }, 120_000);

  it("gives the CLI's figures digit for digit: drew with its interval, the first-player test, and the command that replays the run", async () => {
    // Games as saved (the next tests type other rules over the file open), so the CLI plays the very
    // rules. Mayan City draws who picks first: its first-player test counts that seat, not seat 1
    // (4 of 20 where seat 1 won 7), so the panel must know who decided first in each game.
    for (const { file, games } of [
      { file: "mayan-city.stela", games: 20 },
      { file: "cacao.stela", games: 40 },
    ]) {
      await page.selectOption("[data-testid=picker]", `${file}|`);
      await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
      await page.click("[data-testid=simulate]");
      await page.waitForSelector("[data-testid=simulate-panel]");
      await page.fill("[data-testid=simulate-players]", "3");
      await page.fill("[data-testid=simulate-games]", String(games));
      await page.fill("[data-testid=simulate-seed]", "1");
      for (const p of [1, 2, 3]) await page.selectOption(`[data-testid=simulate-bot-${p}]`, "random");
      await page.uncheck("[data-testid=simulate-compare]");
      await page.click("[data-testid=simulate-run]");
      await page.waitForSelector("[data-testid=simulate-chart]", { timeout: 120_000 });
      // The run as the CLI plays it (the same file the editor serves), and the lines it prints.
      const run = { file: join(e.gamesDir, file), players: 3, bots: ["random"], seed: 1 };
      const measureInfo = compile(readFileSync(run.file, "utf8"), run.file).game!.measureInfo();
      const summary = summarise(file, run, games, runBatch({ ...run, from: 1, to: games + 1 }), 1, measureInfo);
      const cli = summaryLines(summary);
      // The reproduce line is the CLI's own, the file named where the editor's server reads it (a
      // folder of the designer's own here, as STELA_GAMES_DIR gives one: not games/).
      const reproduce = cli.find((l) => l.startsWith("reproduce: "))!;
      expect(reproduce).toBe(`reproduce: stela simulate ${join(e.gamesDir, file)} --players 3 --seed 1 --bots random --games ${games}`);
      expect(await page.textContent("[data-testid=simulate-reproduce]")).toBe(`Reproduce in a terminal: ${reproduce.slice("reproduce: ".length)}`);
      // Each seat's drew column with its interval, as the CLI's table prints it (columns of fixed width).
      const rows = cli.filter((l) => /^[123] +random/.test(l));
      expect(rows).toHaveLength(3);
      for (const [p, row] of rows.entries()) {
        const drew = row.slice(6 + 11 + 23 + 11, 6 + 11 + 23 + 11 + 21).trim();
        expect(drew).toMatch(/^\d+\.\d% \[\d+\.\d–\d+\.\d\]$/);
        expect(await page.textContent(`[data-testid=simulate-drew-${p + 1}]`), `${file} seat ${p + 1}`).toBe(drew);
      }
      // The first-player test, wins, decisive games, p-value and verdict, in the CLI's words.
      const fair = cli.find((l) => l.startsWith("fair share: "))!;
      // Mayan City draws who picks first: the text says the first to decide was not always seat 1.
      const first = /the first to decide (\(whoever it was in each game: not always seat 1\) )?won \d+ of \d+ decisive games, [^(]* \(p = [^)]+\)$/.exec(fair)![0];
      if (file === "mayan-city.stela") expect(first).toContain("(whoever it was in each game: not always seat 1)");
      expect(await page.textContent("[data-testid=simulate-first-player]"), file).toBe(`Fair share 33.3% a seat; ${first}.`);
      // With 3 players, the turn-order test follows, in the CLI's words.
      const order = cli.find((l) => l.startsWith("by place in the turn order"))!;
      expect(await page.textContent("[data-testid=simulate-turn-order]"), file).toBe(`B${order.slice(1)}.`);
      // The rules' measures (Cacao's gold, temple gold, water, suns left; none in Mayan City), as the CLI prints them.
      // Each seat's row, then the seats together.
      const measured = (summary.measures ?? []).flatMap((m) => [
        ...m.figures.map((f) => `${measureRowLabel(m.label, f)}|${measureFigureText(m, f)}`),
        ...(m.allSeats ? [`${measureRowLabel(m.label, m.allSeats, true)}|${measureFigureText(m, m.allSeats)}`] : []),
      ]);
      expect(measured.length, file).toBe(file === "cacao.stela" ? 16 : 0);
      const shown = await page.$$eval("[data-testid=simulate-measures] tbody tr", (rows) => rows.map((r) => [...r.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent!.replace(/\s+/g, " ").trim()).join("|")));
      expect(shown, file).toEqual(measured);
      await page.click("[aria-label=Close]");
      await page.waitForSelector("[data-testid=simulate-panel]", { state: "detached" });
    }
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("plays N games of the edited rules with MCTS in a seat, shows intervals, and the saved version beside them", async () => {
    // The file as opened, unchanged: comparing it with its saved text would play the same games
    // twice, so the rules play alone and the panel says why.
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    await page.fill("[data-testid=simulate-games]", "2");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-other-note]", { timeout: 120_000 });
    expect(await page.textContent("[data-testid=simulate-other-note]")).toBe("the saved version is the same as these rules: change them, or pick a variant, to compare");
    expect(await page.$("[data-testid=simulate-changes]")).toBeNull();
    await page.click("[aria-label=Close]");
    await page.evaluate(`window.stela.setText(${JSON.stringify(GOOF)})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    await page.fill("[data-testid=simulate-games]", "10");
    await page.selectOption("[data-testid=simulate-bot-1]", "mcts");
    await page.fill("[data-testid=simulate-budget-1]", "8");
    await page.uncheck("[data-testid=simulate-compare]");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-chart]", { timeout: 120_000 });
    let text = (await page.textContent("[data-testid=simulate-panel]")) ?? "";
    expect(text).toContain("10 games, 2 players, seed 1, bots mcts:8,random");
    expect(text).toMatch(/seat 1 \(mcts:8\)/);
    // Each seat's label ends before its bars start: "seat 1 (mcts:100" ran under the bar.
    // Two games: a run whose every game ties shows the team's score, not a chart (game 1 ties 7 to 7).
    await page.fill("[data-testid=simulate-budget-1]", "1000");
    await page.fill("[data-testid=simulate-games]", "2");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-chart]")?.textContent?.includes("seat 1 (mcts:1000)"), null, { timeout: 120_000 });
    const chart = await page.$eval("[data-testid=simulate-chart]", (svg) => {
      const labels = [...svg.querySelectorAll("[data-testid=simulate-chart-seat]")].map((t) => t.getBoundingClientRect().right);
      const bars = [...svg.querySelectorAll("rect")].map((r) => r.getBoundingClientRect().left);
      const box = svg.getBoundingClientRect();
      const panel = svg.closest("[data-testid=simulate-panel]")!.getBoundingClientRect();
      return { labels, barsLeft: Math.min(...bars), right: box.right, panelRight: panel.right };
    });
    expect(chart.labels).toHaveLength(2);
    for (const right of chart.labels) expect(right).toBeLessThan(chart.barsLeft);
    expect(chart.right).toBeLessThanOrEqual(chart.panelRight);
    await page.fill("[data-testid=simulate-budget-1]", "8");
    await page.fill("[data-testid=simulate-games]", "10");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-panel]")?.textContent?.includes("10 games, 2 players, seed 1, bots mcts:8,random"), null, { timeout: 120_000 });
    text = (await page.textContent("[data-testid=simulate-panel]")) ?? "";
    // Each seat's row: its win share with its interval.
    expect(text).toMatch(/\d+\.\d% \[\d+\.\d–\d+\.\d\]/);
    // How sure the run is, and how many games would make it surer.
    expect(text).toMatch(/Precision: each seat's win share known to ±\d+\.\d points at most \(95%\); about [\d,]+ games would give ±5, about [\d,]+ ±2\./);
    expect(text).not.toContain("Change from the saved version");
    // Goofspiel opens with a secret bid: no seat decides first, whatever bots sit in the seats; its seats are still tested against each other.
    expect(await page.textContent("[data-testid=simulate-first-player]")).toMatch(
      /^Fair share 50\.0% a seat; no first player: every game opened with a choice all players make at once: no seat decides first, so there is no first player to test; by seat, the games won alone were \d+, \d+ of \d+ \(too few to test: the test wants 10 games won alone, 5 a seat\)\.$/,
    );
    // The command that replays the run, and why it would not yet: the rules typed over the file are not saved.
    const dir = e.gamesDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(await page.textContent("[data-testid=simulate-reproduce]")).toMatch(
      new RegExp(`^Reproduce in a terminal: stela simulate ${dir}/[\\w-]+\\.stela --players 2 --seed 1 --bots mcts:8,random --games 10 \\(it plays ${dir}/[\\w-]+\\.stela as saved, not these rules: save them first\\)$`),
    );
    // Random bots, now against the saved file (another game) played with the same seeds.
    await page.selectOption("[data-testid=simulate-bot-1]", "random");
    await page.check("[data-testid=simulate-compare]");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-changes]", { timeout: 120_000 });
    text = (await page.textContent("[data-testid=simulate-panel]")) ?? "";
    expect(text).toContain("bots random,random");
    // Each seat's change from the saved version, with its 95% interval, and how sure that is.
    const changes = (await page.textContent("[data-testid=simulate-changes]")) ?? "";
    expect(changes).toContain("Change from the saved version (now − saved)");
    expect(changes.match(/[+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\]/g)).toHaveLength(2);
    expect(text).toMatch(/Precision: each seat's change in win share known to ±\d+\.\d points at most \(95%\); about [\d,]+ games each would give ±5/);
    // The change of game length too, game by game, with its interval.
    expect(await page.textContent("[data-testid=simulate-length]")).toMatch(/\(saved: \d+\.\d; change [+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\] \[95%\], game by game\)\.$/);
    // How close the games were, and its change game by game, as `stela compare` gives it.
    expect(await page.textContent("[data-testid=simulate-margin]")).toMatch(/^Winning margin \(the top score less the next\): \d+\.\d\d ± \d+\.\d\d points \(saved: \d+\.\d\d; change [+-]\d+\.\d\d \[[+-]\d+\.\d\d, [+-]\d+\.\d\d\] \[95%\], game by game\)\.$/);
    // How much the winner scored, the same way.
    expect(await page.textContent("[data-testid=simulate-top]")).toMatch(/^Winning score \(the top score\): \d+\.\d\d ± \d+\.\d\d points \(saved: \d+\.\d\d; change [+-]\d+\.\d\d \[[+-]\d+\.\d\d, [+-]\d+\.\d\d\] \[95%\], game by game\)\.$/);
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("compares the rules with one of their variants: the designer's 'is this variant better?'", async () => {
    expect(HEAD_START).toContain('variant "Head start"');
    await page.evaluate(`window.stela.setText(${JSON.stringify(HEAD_START)})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    await page.fill("[data-testid=simulate-games]", "40");
    await page.check("[data-testid=simulate-compare]");
    // Offered: the saved file, and the variant (the base rules are in play) once the playtest has the new rules.
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=simulate-against] option").length === 2, null, { timeout: 30_000 });
    const offered = await page.$$eval("[data-testid=simulate-against] option", (os) => os.map((o) => o.textContent));
    expect(offered).toEqual(["the saved version", 'variant "Head start"']);
    await page.selectOption("[data-testid=simulate-against]", 'variant:Head start');
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-changes]")?.textContent?.includes("Head start"), null, { timeout: 120_000 });
    const text = (await page.textContent("[data-testid=simulate-panel]")) ?? "";
    expect(text).toContain('40 games, 2 players, seed 1, bots random,random; against variant "Head start"');
    const changes = (await page.textContent("[data-testid=simulate-changes]")) ?? "";
    // The base rules in play, compared with their variant: the change reads base → variant, "what
    // does the variant do?" (it read "now − variant", the variant's effect backwards).
    expect(changes).toContain('Change from these rules (the base rules) to variant "Head start" ("Head start" − now)');
    // The same seeds and bots play the same games; only the first seat's 12 points differ. Worked
    // out game by game, its mean score is exactly 12 higher in the variant in every game, and the
    // second seat's does not move at all.
    expect(changes).toContain("+12.00 [+12.00, +12.00]");
    expect(changes).not.toContain("-12.00");
    expect(changes).toContain("+0.00 [+0.00, +0.00]");
    // Intervals of no width say what they cannot see: a change in a rare game (rule of three).
    // Named, so the note reads as about those intervals, not the table.
    expect(await page.textContent("[data-testid=simulate-alike]")).toBe(
      "Intervals with no width (seat 1's mean score, seat 2's mean score, game length): all 40 games alike: a change in fewer than 1 game in 13 could be missed.",
    );
    // The command that plays this comparison again is `stela compare`, B the variant (the rules are typed over a file, not saved).
    const dir = e.gamesDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(await page.textContent("[data-testid=simulate-reproduce]")).toMatch(
      new RegExp(`^Reproduce in a terminal: stela compare ${dir}/[\\w-]+\\.stela --players 2 --games 40 --seed 1 --bots random --variant-b 'Head start' \\(it plays ${dir}/[\\w-]+\\.stela as saved, not these rules: save them first\\)$`),
    );
    // How often the head start left who won as it was, game for game, as stela compare says it.
    expect(await page.textContent("[data-testid=simulate-same-winners]")).toMatch(/^Winners: the same in \d+ of 40 games \(\d+\.\d% \[\d+\.\d–\d+\.\d\]\), game for game; \d+\.\d% by chance alone, were the two sides' games unrelated\.$/);
    // Is the variant fairer? One figure a side, and its change game by game, as stela compare gives it.
    expect(await page.textContent("[data-testid=simulate-balance]")).toMatch(/^Seat balance: the seats' win shares lie \d+\.\d points from the fair share \(root mean square over the seats, less the \d+\.\d points the noise of 40 games adds(: within what noise alone gives, as even as these games can tell)?\)\.$/);
    expect(await page.textContent("[data-testid=simulate-balance-change]")).toMatch(/^Seat balance, these rules → "Head start": \d+\.\d → \d+\.\d points from the fair share, [+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\] \(seat 1's distance from 50%, the noise of the games taken out; paired bootstrap, never surer than seat 1's own change\): ("Head start"'s seats are surely (less|more) even|no sure change in how even the seats are)\.$/);
    // Every choice here is made at once: no game has a first to decide, so no first player's change.
    expect(await page.$("[data-testid=simulate-first-player-change]")).toBeNull();
    // How often the games were drawn on each side: 12 points to the first seat break every tie on points.
    expect(await page.textContent("[data-testid=simulate-draws]")).toMatch(/^Games drawn \(first place shared\): \d+\.\d% \("Head start": 0\.0%; change to "Head start" -\d+\.\d \[-\d+\.\d, [+-]\d+\.\d\] points \[95%\], game by game\)\.$/);
    // A change of scoring only: the random bots played the same games on both sides, and the panel says so.
    expect(await page.textContent("[data-testid=simulate-same-play]")).toContain("every one of the 40 games was played move for move alike under both rules: the bots did not react to the change");
    // The head start wins the first seat most games: the variant takes it far above, surely.
    const bold = await page.$$eval("[data-testid=simulate-changes] td.sure", (cells) => cells.map((c) => c.textContent));
    expect(bold.some((t) => t?.startsWith("+12.00"))).toBe(true);
    expect(bold.some((t) => /^\+\d\d\.\d \[/.test(t ?? ""))).toBe(true);
    // In the panel's column at 1280 px, the change table fits: a change goes above its interval, not out of view.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.$eval("[data-testid=simulate-panel]", (el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1500, height: 950 });
    expect(await page.$("[data-testid=simulate-outdated]")).toBeNull();
    // The variant now put in play shares the text: the figures (of the base rules) say whose they are.
    await page.selectOption("[data-testid=variant]", "Head start");
    await page.waitForSelector("[data-testid=simulate-outdated]", { timeout: 30_000 });
    expect(await page.textContent("[data-testid=simulate-outdated]")).toContain('These figures are of the base rules, not of variant "Head start" now in play.');
    // With the variant in play, its base rules are what to compare with (not the saved version, which is these rules).
    expect(await page.$eval("[data-testid=simulate-against]", (el) => (el as HTMLSelectElement).value)).toBe("base");
    // The base rules back in play, for the next test's rules (which have no such variant).
    await page.selectOption("[data-testid=variant]", "");
    await page.waitForFunction(() => (window as unknown as { stela: { snapshot?: { settings: { variant?: string } } } }).stela.snapshot?.settings.variant === undefined);
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("stops a comparison at the first look where a seat's win share surely changes, as stela compare --stop-early does", async () => {
    // The rules and the variant of the test before: the head start moves who wins at once.
    await page.fill("[data-testid=simulate-games]", "400");
    await page.check("[data-testid=simulate-compare]");
    await page.selectOption("[data-testid=simulate-against]", "variant:Head start");
    await page.check("[data-testid=simulate-stop-early]");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-looks]", { timeout: 120_000 });
    const looks = (await page.textContent("[data-testid=simulate-looks]")) ?? "";
    // The CLI on the same rules: A the base rules, B the variant (the panel's '"Head start" − now').
    const files = ruleFiles({ "head-start.stela": HEAD_START });
    const cli = spawnSync(process.execPath, [join(root, "interpreter/cli/stela.mjs"), "compare", files["head-start.stela"]!, "--variant-b", "Head start", "--players", "2", "--games", "400", "--seed", "1", "--stop-early", "--workers", "1", "--json"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    const c = JSON.parse(cli.stdout);
    expect(c.looks.played).toBe(50);
    expect(looks).toBe(`Looks: ${looksText(c.looks.planned, c.looks.played, c.looks.stopped)}.`);
    expect(looks).toContain("stopped at 50 games: seat 1's win share surely changes, +");
    // The table's changes are the CLI's, widened for the looks alike.
    const changes = (await page.textContent("[data-testid=simulate-changes]")) ?? "";
    expect(changes).toContain(changeText(c.seats[0].wins, 100, 1, false));
    expect(await page.textContent("[data-testid=simulate-panel]")).toContain('50 games of 400 (stopped early), 2 players, seed 1, bots random,random; against variant "Head start"; stop when sure');
    await page.uncheck("[data-testid=simulate-stop-early]");
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("says, when a comparison played every look, whether its last answered the question, as stela compare --stop-early does", async () => {
    // Half a point to the first seat breaks only its ties: seen surely only by the last of 4 looks.
    const tieBreak = HEAD_START.replace('variant "Head start" {\n  override const HEAD_START = 12\n}', 'variant "Tie breaker" {\n  override const HEAD_START = 0.5\n}');
    await page.evaluate(`window.stela.setText(${JSON.stringify(tieBreak)})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    await page.fill("[data-testid=simulate-games]", "400");
    await page.check("[data-testid=simulate-compare]");
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=simulate-against] option")].some((o) => o.textContent === 'variant "Tie breaker"'), null, { timeout: 30_000 });
    await page.selectOption("[data-testid=simulate-against]", "variant:Tie breaker");
    await page.check("[data-testid=simulate-stop-early]");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-looks]")?.textContent?.includes("played all 400"), null, { timeout: 120_000 });
    const looks = (await page.textContent("[data-testid=simulate-looks]")) ?? "";
    const files = ruleFiles({ "tie-break.stela": tieBreak });
    const cli = spawnSync(process.execPath, [join(root, "interpreter/cli/stela.mjs"), "compare", files["tie-break.stela"]!, "--variant-b", "Tie breaker", "--players", "2", "--games", "400", "--seed", "1", "--stop-early", "--workers", "1", "--json"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    const c = JSON.parse(cli.stdout);
    expect(c.looks.stopped).toBeUndefined();
    expect(c.looks.lastAnswer).toContain("seat 1's win share surely changes");
    expect(looks).toBe(`Looks: ${looksText(c.looks.planned, c.looks.played, undefined, { answer: c.looks.lastAnswer })}.`);
    await page.uncheck("[data-testid=simulate-stop-early]");
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("shows no figures when no game ended cleanly, and starts afresh on another game", async () => {
    // Every game divides by zero as it starts: 0.0% [0.0–100.0] and 0.00 ± 0.00 would read as results.
    await page.evaluate(`window.stela.setText(${JSON.stringify(GOOF.replace("  shuffle prizes\n", '  shuffle prizes\n  let zero = 0\n  log "{1 / zero}"\n'))})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    // A number of games no run can play is refused, not run as "every game failed".
    await page.fill("[data-testid=simulate-games]", "-5");
    await page.click("[data-testid=simulate-run]");
    expect(await page.textContent("[data-testid=simulate-failure]")).toBe("Not run: games: a whole number from 1 to 5,000.");
    expect(await page.$("[data-testid=simulate-none-clean]")).toBeNull();
    // A seed `stela simulate --seed` refuses is refused here too: the reproduce line must run.
    await page.fill("[data-testid=simulate-games]", "6");
    await page.fill("[data-testid=simulate-seed]", "-1");
    await page.click("[data-testid=simulate-run]");
    expect(await page.textContent("[data-testid=simulate-failure]")).toBe("Not run: seed takes a whole number from 0 to 4,294,967,295.");
    await page.fill("[data-testid=simulate-seed]", "4294967296");
    await page.click("[data-testid=simulate-run]");
    expect(await page.textContent("[data-testid=simulate-failure]")).toBe("Not run: seed takes at most 4,294,967,295 (seeds are 32-bit numbers).");
    await page.fill("[data-testid=simulate-seed]", "1");
    await page.uncheck("[data-testid=simulate-compare]");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-none-clean]", { timeout: 120_000 });
    expect(await page.$("[data-testid=simulate-chart]")).toBeNull();
    expect(await page.$("[data-testid=simulate-length]")).toBeNull();
    expect(await page.$("[data-testid=simulate-margin]")).toBeNull();
    expect(await page.$("[data-testid=simulate-top]")).toBeNull();
    expect(await page.textContent("[data-testid=simulate-errors]")).toBe("6 failed games:");
    // Five listed, the sixth counted and named, not dropped.
    expect(await page.textContent("[data-testid=simulate-errors-more]")).toBe("and 1 more failed game: game 6");
    // The header says so beside "rules OK", still once the panel is closed, and opens it again.
    expect(await page.textContent("[data-testid=status-simulated]")).toBe("· 6 simulated games failed");
    await page.click("[data-testid=simulate-panel] button[aria-label=Close]");
    expect(await page.$("[data-testid=simulate-panel]")).toBeNull();
    expect(await page.textContent("[data-testid=status-simulated]")).toBe("· 6 simulated games failed");
    await page.click("[data-testid=status-simulated]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    // Another game's rules: the panel stays open, with nothing of the game left behind.
    await page.selectOption("[data-testid=picker]", "mayan-city.stela|");
    await page.waitForFunction(() => (document.querySelector("[data-testid=picker]") as HTMLSelectElement).value === "mayan-city.stela|");
    await page.waitForSelector("[data-testid=simulate-panel]");
    expect(await page.$("[data-testid=simulate-none-clean]")).toBeNull();
    expect(await page.$("[data-testid=simulate-errors]")).toBeNull();
    expect(await page.$("[data-testid=status-simulated]")).toBeNull();
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("says when greedy found every option worth the same, and so played as random", async () => {
    // Points come only at the end, from a draw: one move ahead nothing tells greedy's picks apart.
    const blind = BLIND;
    await page.evaluate(`window.stela.setText(${JSON.stringify(blind)})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    if (!(await page.$("[data-testid=simulate-panel]"))) await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    await page.fill("[data-testid=simulate-games]", "10");
    await page.selectOption("[data-testid=simulate-bot-1]", "greedy");
    await page.uncheck("[data-testid=simulate-compare]");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-even-judgement]", { timeout: 120_000 });
    // The CLI's note, word for word: 10 games of 3 decisions each for greedy's seat.
    expect(await page.textContent("[data-testid=simulate-even-judgement]")).toBe(
      "Note: greedy (seat 1) found every option worth the same at 100.0% of the 30 decisions it weighed, and took one at random: it played as the random bot does; what it judges by (the game's `estimate`, else its scoring as if the game ended now) does not tell the options apart one move ahead: write an `estimate` that does (or, while the game has none, play `mcts`, whose playouts then go on to the end of the game).",
    );
    // Greedy on several redrawn copies (`greedy:N`, for a game of chance), as the CLI writes it.
    await page.fill("[data-testid=simulate-copies-1]", "0");
    await page.click("[data-testid=simulate-run]");
    expect(await page.textContent("[data-testid=simulate-failure]")).toBe("Not run: seat 1: greedy's copies a whole number from 1 to 64.");
    await page.fill("[data-testid=simulate-copies-1]", "4");
    await page.fill("[data-testid=simulate-games]", "3");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-panel]")?.textContent?.includes("bots greedy:4,random"), null, { timeout: 120_000 });
    expect(await page.textContent("[data-testid=simulate-reproduce]")).toContain("--bots greedy:4,random");
    expect(e.errors).toEqual([]);
  }, 300_000);
  it("names the measures only the other rules have, as stela compare's note does", async () => {
    // The variant adds a measure the base rules (in play) lack: no row of the table is its.
    const rules = `${GOOF}\nmeasure "Cards won" p { size(p.won) }\n\nvariant "Counted at the very end of the game" {\n  measure "Prizes left" { size(prizes) }\n}\n`;
    await page.evaluate(`window.stela.setText(${JSON.stringify(rules)})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    if (!(await page.$("[data-testid=simulate-panel]"))) await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    await page.selectOption("[data-testid=simulate-bot-1]", "random");
    await page.fill("[data-testid=simulate-games]", "4");
    await page.check("[data-testid=simulate-compare]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=simulate-against] option").length === 2, null, { timeout: 30_000 });
    await page.selectOption("[data-testid=simulate-against]", "variant:Counted at the very end of the game");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-panel]")?.textContent?.includes('against variant "Counted at the very end of the game"'), null, { timeout: 120_000 });
    await page.waitForSelector("[data-testid=simulate-measures]");
    expect(await page.textContent("[data-testid=simulate-measures-apart]")).toBe('Measures only variant "Counted at the very end of the game" has (no change to report): "Prizes left".');
    // A long variant name in the change column's heading runs no column out of the panel.
    const edges = await page.$eval("[data-testid=simulate-measures]", (t) => ({ table: t.getBoundingClientRect().right, panel: t.closest("[data-testid=simulate-panel]")!.getBoundingClientRect().right }));
    expect(edges.table).toBeLessThanOrEqual(edges.panel);
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("counts game length in turns, gives the other side's first-player test, and notes an estimate that reads the change", async () => {
    // Two questions a turn, one in the variant: as many turns, half the decisions. The estimate
    // reads the constant the variant changes, so greedy steers by another estimate on each side.
    const rules = `game "Steps" { players 2 }
per player { n: number = 0 }
const ASKS = 2
flow {
  repeat 3 {
    for p in players {
      turn p {
        repeat ASKS {
          let k = choose k from 1..3 prompt "Step"
          p.n += k
        }
      }
    }
  }
}
scoring p { points p.n }
estimate p { p.n * ASKS }
variant "Short turns" { override const ASKS = 1 }
`;
    await page.evaluate(`window.stela.setText(${JSON.stringify(rules)})`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.textContent?.includes("rules OK"), null, { timeout: 30_000 });
    if (!(await page.$("[data-testid=simulate-panel]"))) await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    await page.selectOption("[data-testid=simulate-bot-1]", "greedy");
    await page.fill("[data-testid=simulate-copies-1]", "1");
    await page.selectOption("[data-testid=simulate-bot-2]", "random");
    await page.fill("[data-testid=simulate-games]", "6");
    await page.check("[data-testid=simulate-compare]");
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=simulate-against] option")].some((o) => o.textContent === 'variant "Short turns"'), null, { timeout: 30_000 });
    await page.selectOption("[data-testid=simulate-against]", "variant:Short turns");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-panel]")?.textContent?.includes('against variant "Short turns"'), null, { timeout: 120_000 });
    // 6 turns on both sides, 12 decisions against 6: the length in turns first, each change game by game.
    expect(await page.textContent("[data-testid=simulate-length]")).toBe(
      'Game length: 6.0 ± 0.0 turns ("Short turns": 6.0; change to "Short turns" +0.0 [+0.0, +0.0] [95%], game by game); 12.0 ± 0.0 decisions ("Short turns": 6.0; change to "Short turns" -6.0 [-6.0, -6.0] [95%], game by game).',
    );
    // The other side's own first-player test, in the CLI's words.
    expect(await page.textContent("[data-testid=simulate-other-first-player]")).toMatch(/^In variant "Short turns": the first to decide won \d+ of \d+ decisive games, /);
    // Does the variant change the first player's chances? Read game by game, each game's own first
    // to decide, as stela compare gives it (the panel had only each side's own test).
    expect(await page.textContent("[data-testid=simulate-first-player-change]")).toMatch(/^The first to decide's win share, these rules → "Short turns": [+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\] points \[95%\], game by game \(each game's own first player, whatever seat\)\.$/);
    // The estimate reads ASKS (folded into it): the CLI's note, naming the side.
    expect(await page.textContent("[data-testid=simulate-estimate-note]")).toBe(
      'Note: the bots\' estimate reads what variant "Short turns" changes from these rules (the estimate itself): each side\'s bots judge positions by their own, so a change below may come from how they steer (what they buy, keep or avoid) as much as from the game; a measure of what they do tells which.',
    );
    // Random bots judge by nothing: no note.
    await page.selectOption("[data-testid=simulate-bot-1]", "random");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-panel]")?.textContent?.includes("bots random,random; against"), null, { timeout: 120_000 });
    expect(await page.$("[data-testid=simulate-estimate-note]")).toBeNull();
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("compares a variant file's variant with the file it extends, which are its base rules", async () => {
    // A file of variants of gears.stela: its own text has no base game. "The base rules" played
    // its first variant, so a designer's variant was compared with itself ("no change").
    await openGame(page, "gears-variant.stela|Rich start");
    // The playtest offers the file's variants, not a "base game" it does not have.
    expect(await page.$$eval("[data-testid=variant] option", (os) => os.map((o) => o.textContent))).toEqual(["Rich start"]);
    if (!(await page.$("[data-testid=simulate-panel]"))) await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-panel]");
    await page.fill("[data-testid=simulate-games]", "10");
    await page.check("[data-testid=simulate-compare]");
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=simulate-against] option")].some((o) => o.textContent === "the base rules (gears.stela)"), null, { timeout: 30_000 });
    await page.selectOption("[data-testid=simulate-against]", "base");
    await page.click("[data-testid=simulate-run]");
    await page.waitForFunction(() => document.querySelector("[data-testid=simulate-panel]")?.textContent?.includes("against the base rules (gears.stela)"), null, { timeout: 120_000 });
    // Every seat starts with 5 corn more than in gears.stela, and the same games are played.
    const changes = (await page.textContent("[data-testid=simulate-changes]")) ?? "";
    expect(changes).toContain("Change from the base rules (gears.stela) (now − base)");
    expect(changes.match(/\+5\.00 \[\+5\.00, \+5\.00\]/g)).toHaveLength(2);
    // Played again by `stela compare`, the base file as A and the variant file as B.
    expect(await page.textContent("[data-testid=simulate-reproduce]")).toBe(
      `Reproduce in a terminal: stela compare ${join(e.gamesDir, "gears.stela")} ${join(e.gamesDir, "gears-variant.stela")} --players 2 --games 10 --seed 1 --bots random --variant-b 'Rich start'`,
    );
    expect(e.errors).toEqual([]);
  }, 300_000);

  it("brings the last run of a file back, with its form, after the page is reloaded", async () => {
    // A designer's two-minute comparison vanished on a reload: the panel empty, the bots random.
    // The last test's run (gears-variant.stela, 10 games against the base rules) is the one kept.
    const before = (await page.textContent("[data-testid=simulate-changes]")) ?? "";
    expect(before).toContain("Change from the base rules (gears.stela) (now − base)");
    await page.reload();
    await page.waitForSelector("[data-testid=playtest]", { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector("[data-testid=picker]") !== null);
    await openGame(page, "gears-variant.stela|Rich start");
    await page.click("[data-testid=simulate]");
    await page.waitForSelector("[data-testid=simulate-kept]");
    expect(await page.textContent("[data-testid=simulate-kept]")).toMatch(/^Your last run of this file, kept by the browser from .+ \(the page was reloaded since\)\.$/);
    expect(await page.textContent("[data-testid=simulate-changes]")).toBe(before);
    expect(await page.inputValue("[data-testid=simulate-games]")).toBe("10");
    expect(await page.inputValue("[data-testid=simulate-against]")).toBe("base");
    // A new run is this session's own: the note goes. While it plays, the figures shown are said to be the last run's.
    await page.fill("[data-testid=simulate-games]", "60");
    await page.click("[data-testid=simulate-run]");
    await page.waitForSelector("[data-testid=simulate-previous]", { timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector("[data-testid=simulate-kept]") && document.querySelector("[data-testid=simulate-changes]") !== null, null, { timeout: 120_000 });
    expect(e.errors).toEqual([]);
  }, 300_000);
});
