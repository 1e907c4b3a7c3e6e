import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { GameOutcome } from "./simulate-batch.ts";
import type { SimulationSummary } from "./simulate-command.ts";

/** Chart.js's browser bundle, inlined so the report opens anywhere, offline. */
function chartScript(): string {
  const entry = createRequire(import.meta.url).resolve("chart.js");
  return readFileSync(join(dirname(entry), "chart.umd.min.js"), "utf8").replace(/<\/script/gi, "<\\/script");
}

function escape(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** Counts of values in equal-width bins (at most 30), for histograms. */
function histogram(values: number[]): { labels: string[]; counts: number[] } {
  if (values.length === 0) return { labels: [], counts: [] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const width = Math.max(1, Math.ceil((max - min + 1) / 30));
  const bins = Math.floor((max - min) / width) + 1;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.floor((v - min) / width)]!++;
  const labels = counts.map((_, i) => (width === 1 ? String(min + i) : `${min + i * width}–${min + (i + 1) * width - 1}`));
  return { labels, counts };
}

const SEAT_COLOURS = ["#c0392b", "#2471a3", "#b7950b", "#1e8449", "#7d3c98", "#ca6f1e"];

/** A self-contained HTML page with the summary and charts of win rate, score spread and game length. */
export function simulationReport(s: SimulationSummary, outcomes: GameOutcome[], bots: string[]): string {
  const clean = outcomes.filter((o) => !o.error);
  const seats = Array.from({ length: s.players }, (_, p) => p);
  const allScores = clean.flatMap((o) => o.scores);
  const scoreHist = histogram(allScores);
  const lo = allScores.length ? Math.min(...allScores) : 0;
  const binWidth = scoreHist.labels.length > 1 ? Math.ceil((Math.max(...allScores) - lo + 1) / scoreHist.labels.length) : 1;
  const perSeat = seats.map((p) => {
    const counts = new Array<number>(scoreHist.labels.length).fill(0);
    for (const o of clean) counts[Math.min(counts.length - 1, Math.floor((o.scores[p]! - lo) / binWidth))]!++;
    return counts;
  });
  const lengths = histogram(clean.map((o) => o.decisions));
  const data = {
    seats: seats.map((p) => `Seat ${p + 1} (${bots[p % bots.length]})`),
    wins: s.winsBySeat.map((w) => Math.round(w * 1000) / 10),
    scoreLabels: scoreHist.labels,
    perSeat,
    lengthLabels: lengths.labels,
    lengthCounts: lengths.counts,
    colours: seats.map((p) => SEAT_COLOURS[p % SEAT_COLOURS.length]),
  };
  const rows = seats
    .map(
      (p) =>
        `<tr><td>${p + 1}</td><td>${escape(bots[p % bots.length]!)}</td><td>${(s.winsBySeat[p]! * 100).toFixed(1)}%</td><td>${s.scores.mean[p]!.toFixed(2)}</td><td>${s.scores.min[p]}</td><td>${s.scores.max[p]}</td></tr>`,
    )
    .join("");
  const errors = s.errors.length ? `<h2>Errors (${s.errors.length})</h2><ul>${s.errors.map((e) => `<li><code>${escape(e)}</code></li>`).join("")}</ul>` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escape(s.game)}: ${s.games} simulated games</title>
<style>body{font:15px system-ui,sans-serif;margin:2em auto;max-width:960px;color:#222}table{border-collapse:collapse}td,th{padding:4px 12px;border-bottom:1px solid #ddd;text-align:right}th{text-align:right}.charts{display:grid;grid-template-columns:1fr 1fr;gap:24px}canvas{max-height:320px}</style>
</head><body>
<h1>${escape(s.game)}${s.variant ? ` (${escape(s.variant)})` : ""}</h1>
<p>${s.games} games, ${s.players} players, seeds ${s.seed} to ${s.seed + s.games - 1}; ${s.decisionsPerGame} decisions per game; ${s.playoutsPerSecond} games per second.</p>
<table><tr><th>seat</th><th>bot</th><th>wins</th><th>mean score</th><th>min</th><th>max</th></tr>${rows}</table>
<div class="charts">
<div><h2>Win rate by seat (%)</h2><canvas id="wins"></canvas></div>
<div><h2>Game length (decisions)</h2><canvas id="length"></canvas></div>
<div style="grid-column:1/3"><h2>Final scores by seat</h2><canvas id="scores"></canvas></div>
</div>
${errors}
<script>${chartScript()}</script>
<script>
Chart.defaults.animation = false; // a report is read, not watched: draw final values at once
const d = ${JSON.stringify(data).replace(/</g, "\\u003c")};
new Chart(document.getElementById("wins"), { type: "bar", data: { labels: d.seats, datasets: [{ label: "wins %", data: d.wins, backgroundColor: d.colours }] }, options: { plugins: { legend: { display: false } } } });
new Chart(document.getElementById("length"), { type: "bar", data: { labels: d.lengthLabels, datasets: [{ label: "games", data: d.lengthCounts, backgroundColor: "#888" }] }, options: { plugins: { legend: { display: false } } } });
new Chart(document.getElementById("scores"), { type: "line", data: { labels: d.scoreLabels, datasets: d.seats.map((s, i) => ({ label: s, data: d.perSeat[i], borderColor: d.colours[i], tension: 0.3 })) } });
</script>
</body></html>
`;
}
