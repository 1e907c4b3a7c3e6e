/**
 * The last Simulate run of each rule file, kept in the browser (localStorage) so a reload brings it
 * back (once, when the panel first opens on that file): a designer's two-minute comparison
 * vanished when the page reloaded, the panel empty and the bots back to random. Kept as plain JSON, one entry per file; a run too large for the
 * browser's storage is simply not kept (the run itself is never disturbed). The panel marks a run
 * brought back so, and the figures of rules edited since as earlier ones (`run-age.ts`).
 */

/**
 * The shape of what is kept: raised whenever the panel's figures or form change shape, so a run
 * kept by an older editor is not shown by a newer one (it is dropped instead).
 */
const KEPT_SHAPE = 1;

/** A run as the panel keeps it: its figures (the panel's own shape) and the form that ran it. */
export interface KeptRun<R, F> {
  result: R;
  form: F;
  /** When the run finished (ms since 1970): said beside a run brought back. */
  at: number;
}

const PREFIX = "stela:simulate:";

/**
 * Files whose last run this page has shown or made: brought back once after a reload, and not again
 * when the panel is closed and opened (closing it puts its figures away, as before).
 */
const seen = new Set<string>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `run` as the last run of `file`; false when the browser would not keep it (too large, storage refused). */
export function keepRun<R, F>(file: string, run: KeptRun<R, F>): boolean {
  seen.add(file);
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(PREFIX + file, JSON.stringify({ ...run, shape: KEPT_SHAPE }));
    return true;
  } catch {
    // Too large for what is left of the quota: an older entry of this file would mislead, so it goes.
    try {
      s.removeItem(PREFIX + file);
    } catch {
      // Nothing to do: the storage refuses everything.
    }
    return false;
  }
}

/** The last run kept of `file` by an earlier page (before a reload), once; else undefined (none, not readable, or shown already). */
export function keptRun<R, F>(file: string | undefined): KeptRun<R, F> | undefined {
  if (file === undefined || seen.has(file)) return undefined;
  seen.add(file);
  const s = storage();
  try {
    const text = s?.getItem(PREFIX + file);
    if (!text) return undefined;
    const run = JSON.parse(text) as KeptRun<R, F> & { shape?: number };
    return run && typeof run === "object" && run.shape === KEPT_SHAPE && "result" in run && "form" in run && typeof run.at === "number" ? run : undefined;
  } catch {
    return undefined;
  }
}
