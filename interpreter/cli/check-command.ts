import { formatDiagnostic, type Diagnostic } from "../../dsl/index.ts";
import type { Game } from "../index.ts";
import { expandPaths, loadRules } from "./load-rules.ts";
import { playGame, replayCommand, type RunSettings } from "./simulate-batch.ts";

export interface CheckOptions {
  format: "text" | "json";
  /** Random games to play per file (0: none). */
  smoke: number;
}

interface FileReport {
  file: string;
  ok: boolean;
  errors: number;
  warnings: number;
  variants: string[];
  /** The base file a variant file extends. */
  extends?: string;
  diagnostics: Diagnostic[];
  smoke?: { games: number; failures: string[] };
}

/**
 * Random games spread over every player count and variant of a game; gives the failures.
 * Smoke game k is game k of a `stela simulate` run with seed 1 and random bots (one
 * numbering everywhere), so each failure names the command that replays it.
 */
function smokeTest(game: Game, file: string, count: number): string[] {
  const failures: string[] = [];
  const variants: (string | undefined)[] = [undefined, ...game.variants];
  for (let i = 0; i < count; i++) {
    const players = game.minPlayers + (i % (game.maxPlayers - game.minPlayers + 1));
    const variant = variants[i % variants.length];
    const settings: RunSettings = { file, players, bots: ["random"], seed: 1, ...(variant === undefined ? {} : { variant }) };
    const g = i + 1;
    const { match, outcome } = playGame(game, settings, g);
    if (!outcome.error) continue;
    const what = `smoke game ${g} (${players} players${variant ? `, variant "${variant}"` : ""}); replay: ${replayCommand(settings, g)}`;
    failures.push(match.error ? `${formatDiagnostic(match.error)} [${what}]` : `${file}: ${outcome.error} [${what}]`);
  }
  return failures;
}

/** `stela check`: every diagnostic of every file, then an optional smoke run; exit 1 on any error. */
export function runCheck(paths: string[], options: CheckOptions, out: (line: string) => void): number {
  const reports: FileReport[] = [];
  for (const file of expandPaths(paths)) {
    const r = loadRules(file);
    const errors = r.diagnostics.filter((d) => d.severity === "error").length;
    const report: FileReport = {
      file,
      ok: errors === 0,
      errors,
      warnings: r.diagnostics.length - errors,
      variants: r.variantNames,
      diagnostics: r.diagnostics,
    };
    if (r.extendsFile) report.extends = r.extendsFile;
    if (r.game && options.smoke > 0) {
      const failures = smokeTest(r.game, file, options.smoke);
      report.smoke = { games: options.smoke, failures };
      if (failures.length) report.ok = false;
    }
    reports.push(report);
  }
  if (options.format === "json") {
    out(JSON.stringify(reports, null, 2));
  } else {
    for (const r of reports) {
      for (const d of r.diagnostics) out(formatDiagnostic(d));
      for (const f of r.smoke?.failures ?? []) out(f);
      const names = r.variants.map((v) => `"${v}"`).join(", ");
      const variants = r.extends ? `; extends ${r.extends} with variants: ${names}` : r.variants.length ? `; variants: ${names}` : "";
      const smoke = r.smoke ? `; ${r.smoke.games - r.smoke.failures.length}/${r.smoke.games} smoke games ended cleanly` : "";
      const verdict = r.errors ? `${r.errors} error${r.errors === 1 ? "" : "s"}` : r.smoke?.failures.length ? "fails its smoke run" : "ok";
      out(`${r.file}: ${verdict}, ${r.warnings} warning${r.warnings === 1 ? "" : "s"}${variants}${smoke}`);
    }
  }
  return reports.every((r) => r.ok) ? 0 : 1;
}
