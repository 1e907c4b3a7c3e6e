import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEditor } from "../server/start.ts";
import { closeBrowser, launchBrowser } from "./chromium.ts";

/**
 * Measures what typing feels like: the worker's compile time for each rule
 * file (warm, median of several), and while keys are typed into Monaco the
 * longest main-thread task and the longest gap between frames.
 * `npx tsx editor/tools/measure.ts`
 */
const repo = fileURLToPath(new URL("../../", import.meta.url));
const dist = mkdtempSync(join(tmpdir(), "stela-measure-dist-"));
const { server, url } = await startEditor({ port: 0, quiet: true, outDir: dist });
const browser = await launchBrowser();
const page = browser.pages()[0] ?? (await browser.newPage());
await page.goto(url);
await page.waitForSelector("[data-testid=playtest]", { timeout: 30_000 });

type App = { compileMs?: number; playMs?: number; compiling: boolean; text: string; setText(t: string): void; open(k: string): void; editorInstance: { setPosition(p: object): void; focus(): void } };
const files = readdirSync(join(repo, "games")).filter((f) => f.endsWith(".stela"));
const LARGE = "a file 10x the largest, made of its procedures copied under new names";
for (const f of [...files, LARGE]) {
  if (f === LARGE) {
    // The largest file, with each procedure copied 9 times under new names: many more declarations to check.
    const size = await page.evaluate(() => {
      const app = (window as unknown as { stela: App }).stela;
      const base = app.text;
      const procs = [...base.matchAll(/^procedure (\w+)\(([^)]*)\)[^\n]*\{\n[\s\S]*?^\}\n/gm)].map((m) => m[0]);
      let extra = "";
      for (let k = 1; k <= 9; k++) for (const p of procs) extra += "\n" + p.replace(/^procedure (\w+)/, `procedure $1_copy${k}`);
      app.setText(base + extra);
      return (base + extra).length;
    });
    console.log(`(${LARGE}: ${Math.round(size / 1024)} KB)`);
  } else {
    await page.evaluate((n) => (window as unknown as { stela: App }).stela.open(n), f);
  }
  await page.waitForTimeout(500);
  const times: number[] = [];
  const plays: number[] = [];
  for (let i = 0; i < 7; i++) {
    const ms = await page.evaluate(async (i) => {
      const app = (window as unknown as { stela: App }).stela;
      const t = app.text.replace(/\n\/\/ measure \d+$/, "");
      app.setText(`${t}\n// measure ${i}`);
      await new Promise((r) => setTimeout(r, 50));
      while (app.compiling) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 400));
      while (app.compiling) await new Promise((r) => setTimeout(r, 10));
      return [app.compileMs ?? -1, app.playMs ?? -1];
    }, i);
    times.push(ms[0]!);
    plays.push(ms[1]!);
  }
  times.sort((a, b) => a - b);
  plays.sort((a, b) => a - b);
  console.log(`${f}: compile in the worker, median of 7: ${times[3]!.toFixed(0)} ms (range ${times[0]!.toFixed(0)}–${times[6]!.toFixed(0)}); replaying the playtest: ${plays[3]!.toFixed(0)} ms`);
}

// Edit to result on the largest game, as the designer waits for it: from the edit (a paste) through the pause
// in typing, the compile and the replay in the worker, to the result applied on the page. Once with an edit
// that breaks the rules (keystroke to diagnostics), once with one that changes the playtest (edit to playtest).
{
  const largest = files.map((f) => ({ f, n: readFileSync(join(repo, "games", f), "utf8").length })).sort((a, b) => b.n - a.n)[0]!.f;
  await page.evaluate((n) => (window as unknown as { stela: App }).stela.open(n), largest);
  await page.waitForTimeout(800);
  const waits = async (edit: "break" | "play"): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < 9; i++) {
      const ms = await page.evaluate(
        async ([kind, k]) => {
          const app = (window as unknown as { stela: App }).stela;
          const base = app.text.replace(/\n(oops_\d+|const MEASURE_\d+ = \d+)$/, "");
          app.setText(base);
          await new Promise((r) => setTimeout(r, 600));
          while (app.compiling) await new Promise((r) => setTimeout(r, 10));
          const seen = performance.getEntriesByName("stela: apply a compile").length;
          const t0 = performance.now();
          app.setText(kind === "break" ? `${base}\noops_${k}` : `${base}\nconst MEASURE_${k} = ${k}`);
          for (;;) {
            const e = performance.getEntriesByName("stela: apply a compile");
            if (e.length > seen) return e[e.length - 1]!.startTime + e[e.length - 1]!.duration - t0;
            await new Promise((r) => setTimeout(r, 2));
          }
        },
        [edit, i] as const,
      );
      out.push(ms);
    }
    return out.sort((a, b) => a - b);
  };
  const diag = await waits("break");
  const play = await waits("play");
  console.log(`${largest} (largest): keystroke to diagnostics, median of 9: ${diag[4]!.toFixed(0)} ms (range ${diag[0]!.toFixed(0)}–${diag[8]!.toFixed(0)}); edit to playtest: ${play[4]!.toFixed(0)} ms (range ${play[0]!.toFixed(0)}–${play[8]!.toFixed(0)}); both include the ${"pause"} the editor waits for typing to stop`);
  await page.evaluate(() => {
    const app = (window as unknown as { stela: App }).stela;
    app.setText(app.text.replace(/\n(oops_\d+|const MEASURE_\d+ = \d+)$/, ""));
  });
  await page.waitForTimeout(600);
}

// Typing: one key every 40 ms (a fast typist) for 240 keys, across several compile pauses.
// A string, not a function: tsx would wrap named functions in a helper the page does not have.
await page.evaluate(`(() => {
  const w = window;
  w.tasks = [];
  w.gaps = [];
  w.stop = false;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) w.tasks.push(e.duration); }).observe({ type: "longtask" });
  let last = performance.now();
  requestAnimationFrame(function frame(t) {
    w.gaps.push(t - last);
    last = t;
    if (!w.stop) requestAnimationFrame(frame);
  });
  w.stela.editorInstance.setPosition({ lineNumber: 3, column: 1 });
  w.stela.editorInstance.focus();
})()`);
const line = "// typing while the rules are checked and the playtest replays ";
for (let i = 0; i < 4; i++) {
  await page.keyboard.type(line, { delay: 40 });
  await page.keyboard.press("Enter");
  await page.waitForTimeout(400);
}
const r = await page.evaluate(() => {
  const w = window as unknown as { tasks: number[]; gaps: number[]; stop: boolean };
  w.stop = true;
  const gaps = [...w.gaps].sort((a, b) => a - b);
  const apply = performance.getEntriesByName("stela: apply a compile").map((e) => e.duration);
  const toFrame = performance.getEntriesByName("stela: compile result to frame").map((e) => e.duration);
  return { tasks: w.tasks, maxGap: gaps[gaps.length - 1], p95: gaps[Math.floor(gaps.length * 0.95)], frames: gaps.length, apply: Math.max(...apply), toFrame: Math.max(...toFrame), results: apply.length };
});
console.log(`${r.results} compile results applied: at most ${r.apply.toFixed(1)} ms of script each, at most ${r.toFrame.toFixed(1)} ms until the next frame`);
console.log(`typing ${4 * line.length} keys: ${r.frames} frames, 95th percentile frame gap ${r.p95!.toFixed(1)} ms, longest ${r.maxGap!.toFixed(1)} ms; main-thread tasks over 50 ms: ${r.tasks.length ? r.tasks.map((t) => t.toFixed(0)).join(", ") + " ms" : "none"}`);
await closeBrowser(browser);
await server.close();
rmSync(dist, { recursive: true, force: true });
