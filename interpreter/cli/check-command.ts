import { renderReports, type CheckFormat, type WarningLimit } from "./check-formats.ts";
import { checkFile, totals, withoutBaseRepeats, type FileReport } from "./check-report.ts";
import { expandPaths } from "./load-rules.ts";

export interface CheckOptions {
  format: CheckFormat;
  /** Random games to play per file (0: none). */
  smoke: number;
  /** Fail when there are more warnings than this (undefined: warnings never fail). */
  maxWarnings?: number;
  /** A smoke game still going after this many decisions fails as endless (default `SMOKE_DECISION_LIMIT`). */
  maxDecisions?: number;
}

/**
 * `stela check`: every diagnostic of every file, then an optional smoke run, in the chosen format;
 * exit 1 on any error, failed smoke game, or more warnings than `--max-warnings`.
 * `note` gets what is not part of the report (a skipped file), so machine formats stay parseable.
 */
export function runCheck(paths: string[], options: CheckOptions, out: (line: string) => void, note: (line: string) => void = out): number {
  const files = expandPaths(paths, (p, why) => note(`stela: skipped ${p}: ${why}`));
  const reports: FileReport[] = withoutBaseRepeats(files.map((f) => checkFile(f, options.smoke, options.maxDecisions)));
  const t = totals(reports);
  const limit: WarningLimit | undefined = options.maxWarnings === undefined ? undefined : { max: options.maxWarnings, warnings: t.warnings };
  for (const line of renderReports(reports, options.format, limit)) out(line);
  const tooManyWarnings = limit !== undefined && limit.warnings > limit.max;
  return reports.every((r) => r.ok) && !tooManyWarnings ? 0 : 1;
}
