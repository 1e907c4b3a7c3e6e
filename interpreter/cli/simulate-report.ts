import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { GameOutcome } from "./simulate-batch.ts";
import { failedGamesLine, firstSeatVerdict, balanceLine, gamesPerSecondText, marginLine, measureRows, topLine, winPrecisionLine, type SimulationSummary } from "./simulate-summary.ts";
import { evenJudgementNote, untakenOptionsNote, repeatedGamesNote, formatPValue, sharedCountsLine, sharedScoreLine, sharedScoreNote, turnOrderText, type MeasureSummary, type Rate } from "../index.ts";

/** The report's sentence on the first player: the test, or that there is none to test (`FirstPlayerTest.atOnce`). */
function firstPlayerSentence(s: SimulationSummary): string {
  const fp = s.firstPlayer;
  if (fp.decisive === 0 && (fp.atOnce ?? 0) > 0) return `No first player: ${escapeHtml(firstSeatVerdict(s))}.`;
  const left = fp.atOnce ? ` (${fp.atOnce} decided only by choices made at once left out)` : "";
  // A drawn start player: "the first to decide" is then no one seat (`FirstPlayerTest.firstVaries`).
  const who = fp.firstSeat !== undefined ? `The first to decide (seat ${fp.firstSeat + 1} in every game)` : fp.firstVaries ? "The first to decide (whoever it was in each game: not always seat 1)" : "The first to decide";
  return `${who}: ${fp.wins} wins in ${fp.decisive} decisive games${left}, exact binomial test against the fair share ${escapeHtml(formatPValue(fp.pValue))}: ${escapeHtml(firstSeatVerdict(s))}.`;
}

/** Chart.js's browser bundle, inlined so the report opens anywhere, offline. */
/** A sentence's first letter in capitals: the summary's lines start lower-case. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function chartScript(): string {
  const entry = createRequire(import.meta.url).resolve("chart.js");
  return readFileSync(join(dirname(entry), "chart.umd.min.js"), "utf8").replace(/<\/script/gi, "<\\/script");
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** Counts of values in equal-width bins (at most 30), for histograms. */
export function histogram(values: number[], lo?: number, hi?: number): { labels: string[]; counts: number[]; min: number; width: number } {
  if (values.length === 0) return { labels: [], counts: [], min: 0, width: 1 };
  // `reduce`, not `Math.min(...values)`: a run of a few hundred thousand games cannot be spread as arguments.
  const min = Math.floor(lo ?? values.reduce((a, b) => Math.min(a, b)));
  const max = Math.ceil(hi ?? values.reduce((a, b) => Math.max(a, b)));
  const width = Math.max(1, Math.ceil((max - min + 1) / 30));
  const bins = Math.floor((max - min) / width) + 1;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - min) / width))]!++;
  const labels = counts.map((_, i) => (width === 1 ? String(min + i) : `${min + i * width}–${min + (i + 1) * width - 1}`));
  return { labels, counts, min, width };
}

export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#b7950b", "#1e8449", "#7d3c98", "#ca6f1e"];

const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
/** A quantile as read (12.6, not 12.600000000000001: interpolation leaves rounding noise). */
const round2 = (v: number): number => +v.toFixed(2);
export const rateCell = (r: Rate): string => `${pct(r.value)} <small>[${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}]</small>`;

/** A self-contained page (Chart.js inlined); `script` draws into the canvases of `body` from `data`. */
export function htmlPage(title: string, body: string, data: unknown, script: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:right}small{color:#666}.charts{display:grid;grid-template-columns:1fr 1fr;gap:24px}canvas{max-height:340px}pre{background:#f4f4f4;padding:.6em;overflow-x:auto;white-space:pre-wrap}</style>
</head><body>
${body}
<script>${chartScript()}</script>
<script>
Chart.defaults.animation = false; // a report is read, not watched: draw final values at once
const d = ${JSON.stringify(data).replace(/</g, "\\u003c")};
const axes = (x, y, extra = {}) => ({ scales: { x: { title: { display: true, text: x } }, y: { title: { display: true, text: y }, ...extra } } });
${script}
</script>
</body></html>
`;
}

/** A self-contained HTML page with the summary and charts of win rate (with intervals and the fair share), score spread and game length. */
/** Rows of text cells as a table's rows, each cell escaped. */
export function htmlRows(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`).join("");
}

/** The game's measures as a table: the rows the text gives (`measureRows`). */
function measuresTable(ms: readonly MeasureSummary[], clean: number): string {
  return `<h2>Measures</h2><table><tr><th>measure</th><th>mean or share [95% CI]</th><th>spread; games with a figure</th></tr>${htmlRows(measureRows(ms, clean))}</table>`;
}

export function simulationReport(s: SimulationSummary, outcomes: GameOutcome[]): string {
  const clean = outcomes.filter((o) => !o.error);
  const labels = s.seats.map((x) => `Seat ${x.seat} (${x.bot})`);
  const allScores = clean.flatMap((o) => o.scores);
  const scoreHist = histogram(allScores);
  const perSeat = s.seats.map((_, p) => {
    const counts = new Array<number>(scoreHist.labels.length).fill(0);
    for (const o of clean) counts[Math.min(counts.length - 1, Math.floor(((o.scores[p] ?? 0) - scoreHist.min) / scoreHist.width))]!++;
    return counts;
  });
  const lengths = histogram(clean.map((o) => o.decisions));
  const data = {
    seats: labels,
    shares: s.seats.map((x) => x.share.value * 100),
    ci: s.seats.map((x) => [x.share.low * 100, x.share.high * 100]),
    draws: s.seats.map((x) => x.draws.value * 100),
    fair: s.seats.map(() => s.firstPlayer.fairShare * 100),
    scoreLabels: scoreHist.labels,
    perSeat,
    lengthLabels: lengths.labels,
    lengthCounts: lengths.counts,
    colours: s.seats.map((_, p) => SEAT_COLOURS[p % SEAT_COLOURS.length]),
  };
  const rows = s.seats
    .map(
      (x) =>
        `<tr><td>${x.seat}</td><td>${escapeHtml(x.bot)}</td><td>${rateCell(x.share)}</td><td>${pct(x.wins.value)}</td><td>${rateCell(x.draws)}</td><td>${x.score.mean.toFixed(2)} ± ${x.score.sd.toFixed(2)}</td><td>${round2(x.score.q10)} / ${round2(x.score.median)} / ${round2(x.score.q90)}</td><td>${round2(x.score.min)}–${round2(x.score.max)}</td></tr>`,
    )
    .join("");
  const fp = s.firstPlayer;
  const precision = winPrecisionLine(s);
  // A bot that took some choice at random: its seat's figures there are a random player's.
  const even = evenJudgementNote(s.seats);
  const untaken = untakenOptionsNote(s.seats);
  const errors = s.errors.length
    ? `<h2>Failed games (${s.errors.length})</h2><ul>${s.errors.map((e) => `<li>game ${e.game}${e.run === undefined ? "" : ` of seed ${e.run}`}: <code>${escapeHtml(e.message)}</code><br>replay: <code>${escapeHtml(e.replay)}</code></li>`).join("")}</ul>`
    : "";
  const body = `<h1>${escapeHtml(s.game)}${s.variant ? ` (${escapeHtml(s.variant)})` : ""}</h1>
${failedGamesLine(s) ? `<p class="warning"><strong>Warning:</strong> ${escapeHtml(failedGamesLine(s)!)}.</p>` : ""}
<p>${s.played} games (${s.clean} ended cleanly), ${s.players} players; ${s.turns ? `${s.turns.mean.toFixed(1)} turns and ` : ""}${s.length.mean.toFixed(1)} decisions per game; games per second: ${gamesPerSecondText(s.playoutsPerSecond)}${s.shards ? ` per shard (${s.shards} shards, their running times added up)` : ""}.</p>
<p>Reproduce this run: <code>${escapeHtml(s.command)}</code></p>
<table><tr><th>seat</th><th>bot</th><th>win share [95% CI]</th><th>won alone</th><th>drew [95% CI]</th><th>score mean ± sd</th><th>score 10% / median / 90%</th><th>range</th></tr>${rows}</table>
${
  s.shared
    ? `<p>${escapeHtml(capitalised(sharedScoreNote(s.clean, ...(s.shared ? [s.shared] : []))))}.</p>
<p>${escapeHtml(capitalised(sharedScoreLine(s.shared)))}.</p>
<p>${escapeHtml(capitalised(sharedCountsLine(s.shared)))}.</p>`
    : `<p>Fair share ${pct(fp.fairShare)} per seat, against the win share (games won, a shared first place split among its winners). ${firstPlayerSentence(s)}${s.turnOrder ? ` ${escapeHtml(capitalised(turnOrderText(s.seats.map((x) => x.bot), s.turnOrder)))}.` : ""}</p>
${precision ? `<p>${escapeHtml(precision)}</p>` : ""}
${s.balance ? `<p>${escapeHtml(balanceLine(s.balance))}.</p>` : ""}
${s.top ? `<p>${escapeHtml(topLine(s.top))}.</p>` : ""}
${s.margin ? `<p>${escapeHtml(marginLine(s.margin))}.</p>` : ""}`
}
${s.repeats ? `<p>Note: ${escapeHtml(repeatedGamesNote(s.repeats))}.</p>` : ""}
${even ? `<p>Note: ${escapeHtml(even)}.</p>` : ""}${untaken ? `<p>Note: ${escapeHtml(untaken)}.</p>` : ""}
${s.measures ? measuresTable(s.measures, s.clean) : ""}
<div class="charts">
<div><h2>Win rate by seat</h2><canvas id="wins"></canvas></div>
<div><h2>Game length</h2><canvas id="length"></canvas></div>
<div style="grid-column:1/3"><h2>Final scores by seat</h2><canvas id="scores"></canvas></div>
</div>
${errors}`;
  const script = `new Chart(document.getElementById("wins"), { data: { labels: d.seats, datasets: [
  { type: "bar", label: "win share (%)", data: d.shares, backgroundColor: d.colours },
  { type: "bar", label: "95% interval", data: d.ci, backgroundColor: "rgba(0,0,0,0.25)", barPercentage: 0.25 },
  { type: "bar", label: "draws (%)", data: d.draws, backgroundColor: "#bbb" },
  { type: "line", label: "fair share", data: d.fair, borderColor: "#000", borderDash: [6, 4], pointRadius: 0 } ] },
  options: { ...axes("seat", "share of games won (%)", { min: 0 }), plugins: { legend: { display: true } } } });
new Chart(document.getElementById("length"), { type: "bar", data: { labels: d.lengthLabels, datasets: [{ label: "games", data: d.lengthCounts, backgroundColor: "#888" }] }, options: { ...axes("decisions per game", "games"), plugins: { legend: { display: false } } } });
new Chart(document.getElementById("scores"), { type: "line", data: { labels: d.scoreLabels, datasets: d.seats.map((s, i) => ({ label: s, data: d.perSeat[i], borderColor: d.colours[i], tension: 0.3 })) }, options: axes("final score", "games") });`;
  return htmlPage(`${s.game}: ${s.played} simulated games`, body, data, script);
}
