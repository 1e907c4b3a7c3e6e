import { writeFileSync } from "node:fs";
import { format, formatDiagnostic } from "../../dsl/index.ts";
import { expandPaths, readRuleFile } from "./load-rules.ts";
import { UsageError } from "./usage-error.ts";

export interface FmtOptions {
  /** Only report files that are not formatted (exit 1 if any); change nothing. */
  check: boolean;
}

/**
 * `stela fmt`: rewrites rule files in the canonical layout, or with `--check` lists those that
 * are not in it. A file that cannot be read into tokens is left alone and reported.
 */
export function runFmt(paths: string[], o: FmtOptions, out: (line: string) => void, note: (line: string) => void = out): number {
  let code = 0;
  let changed = 0;
  /** Files left as they are because they cannot be read into tokens (their errors are printed). */
  let unread = 0;
  const files = expandPaths(paths, (p, why) => note(`stela: skipped ${p}: ${why}`));
  for (const file of files) {
    const read = readRuleFile(file);
    if ("missing" in read) throw new UsageError(`cannot read ${file}: no such file`);
    if ("refused" in read) throw new UsageError(`cannot read ${file}: ${read.refused}`);
    const source = read.text;
    const r = format(source, file);
    if (r.diagnostics.length > 0) {
      for (const d of r.diagnostics) out(formatDiagnostic(d));
      code = 1;
      unread++;
      continue;
    }
    if (r.text === source) continue;
    changed++;
    if (o.check) {
      // Where: the first line that differs, as it is and as `stela fmt` writes it. A designer's CI
      // failed on a 300-line file with no pointer to the one misaligned comment.
      const d = firstDifference(source, r.text);
      out(`${file}:${d.line}: not formatted: the first line that differs`);
      out(`  is:        ${d.is}`);
      out(`  formatted: ${d.formatted}`);
      code = 1;
    } else {
      writeFileSync(file, r.text);
      out(`${file}: formatted`);
    }
  }
  const n = files.length;
  const of = `of ${n} file${n === 1 ? "" : "s"}`;
  // A file that could not be read is neither formatted nor not: the summary says so, never "✔".
  const left = unread ? `; ${unread} ${of} left as ${unread === 1 ? "it is" : "they are"} (errors above)` : "";
  if (o.check) {
    if (changed) out(`✖ ${changed} ${of} not formatted (run stela fmt)${left}`);
    else if (unread) out(`✖ ${unread} ${of} could not be read (errors above)`);
    else out(`✔ ${n} file${n === 1 ? "" : "s"} already formatted: nothing changed`);
  } else out(`${changed} ${of} reformatted${left}`);
  return code;
}

/**
 * The first line (from 1) where `a` and `b` differ, and that line of each as written: spaces at its
 * end shown as `·` and tabs as `→` (a difference of those alone reads as none otherwise), cut past
 * 120 characters.
 */
export function firstDifference(a: string, b: string): { line: number; is: string; formatted: string } {
  const [x, y] = [a.split("\n"), b.split("\n")];
  let i = 0;
  while (i < Math.max(x.length, y.length) && x[i] === y[i]) i++;
  const show = (l: string | undefined): string => {
    if (l === undefined) return "(no line)";
    const t = l.replace(/\t/g, "→").replace(/ +$/, (m) => "·".repeat(m.length));
    return t.length > 120 ? `${t.slice(0, 120)}…` : t === "" ? "(an empty line)" : t;
  };
  return { line: i + 1, is: show(x[i]), formatted: show(y[i]) };
}
