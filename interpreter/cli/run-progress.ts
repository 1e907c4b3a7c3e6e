import { Presets, SingleBar } from "cli-progress";

/** How a run's games so far are shown while it plays (`playRange`). */
export interface RunProgress {
  add(games: number): void;
  stop(): void;
}

/** Between two plain progress lines on a stream that is not a terminal (below). */
export const PLAIN_EVERY_MS = 30_000;

/**
 * A bar on a terminal (cli-progress); on a stream that is not one (a CI job's log, `2> file`), a
 * plain line every half minute and only once a run has taken that long: a bar there is either
 * nothing or a line per redraw, and a run of search bots in CI printed nothing for twenty minutes,
 * read as hung. A short run, as tests and most runs are, prints nothing extra. `what` opens the
 * line: `simulating`, or which side of a comparison is played (`comparing, side B`); `after` ends it
 * with what is still to come once these games are played (a comparison's side B: the time left
 * read as the whole run's, and a designer's run took twice as long as it said).
 */
export function runProgress(total: number, stream: NodeJS.WriteStream = process.stderr, now: () => number = () => performance.now(), what = "simulating", after?: string): RunProgress {
  if (stream.isTTY) {
    const bar = new SingleBar({ stream, format: `${what} [{bar}] {value}/{total} games` }, Presets.shades_classic);
    bar.start(total, 0);
    return { add: (n) => bar.increment(n), stop: () => bar.stop() };
  }
  const started = now();
  let noted = started;
  let done = 0;
  return {
    add(n) {
      done += n;
      const t = now();
      if (t - noted < PLAIN_EVERY_MS || done >= total) return;
      noted = t;
      const seconds = (t - started) / 1000;
      const left = (seconds * (total - done)) / Math.max(done, 1);
      stream.write(`${what}: ${done} of ${total} games after ${Math.round(seconds)} s, about ${Math.round(left)} s left${after === undefined ? "" : `, ${after}`}\n`);
    },
    stop() {},
  };
}
