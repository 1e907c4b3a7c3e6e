/**
 * What fixes a simulated run, and the `stela simulate` commands that replay it: printed by the
 * CLI under its summary and by the editor's simulate panel, so a run seen in either is played
 * again, figure for figure, from a terminal.
 */
export interface RunSettings {
  file: string;
  variant?: string;
  players: number;
  /** The bot of each seat as written (`random`, `greedy`, `mcts:200`), repeated when shorter than the seats. */
  bots: string[];
  /** The run's seed: game g plays the match seed `mixSeed(seed, g)`, its seats' bots `mixSeed(seed, g, seat)`. */
  seed: number;
  /**
   * A game still going after this many decisions fails as endless (`runtime-no-end`); unset, the
   * engine's `GAME_DECISION_LIMIT`. Part of the run: the same game stops at the same decision.
   */
  maxDecisions?: number;
}

/** A word of a command as a shell reads it: quoted when it holds anything but plain characters. */
const quote = (t: string): string => (/^[\w./:@%+=,-]+$/.test(t) ? t : `'${t.replace(/'/g, "'\\''")}'`);

/** The command that replays game `g` of a run exactly, printing its decisions. */
export function replayCommand(s: RunSettings, g: number): string {
  const parts = ["stela", "simulate", quote(s.file), "--players", String(s.players), "--seed", String(s.seed), "--bots", s.bots.join(",")];
  if (s.variant !== undefined) parts.push("--variant", quote(s.variant));
  if (s.maxDecisions !== undefined) parts.push("--max-decisions", String(s.maxDecisions));
  parts.push("--game", String(g));
  return parts.join(" ");
}

/** The command that reproduces a whole run of `games` games. */
export function runCommand(s: RunSettings, games: number): string {
  return replayCommand(s, 0).replace(/ --game 0$/, ` --games ${games}`);
}

/** What fixes a comparison (`stela compare`): two sides of the same run settings. */
export interface CompareSettings {
  /** A's rule file, and B's when it is another (else B is A's file too). */
  fileA: string;
  fileB?: string;
  variantA?: string;
  variantB?: string;
  players: number;
  games: number;
  seed: number;
  /** As written, repeated when shorter than the seats. */
  bots: string[];
  failIf?: string[];
  stopEarly?: boolean;
  failUndecided?: boolean;
  /** `RunSettings.maxDecisions`, the same on both sides. */
  maxDecisions?: number;
}

/**
 * The `stela compare` command that plays a comparison again: printed under its result by the CLI
 * and by the editor's Simulate panel, which compares the same way (a designer's panel gave the
 * simulate command of one side only, under a comparison of two).
 */
export function compareCommand(c: CompareSettings): string {
  return [
    "stela compare",
    quote(c.fileA),
    ...(c.fileB !== undefined ? [quote(c.fileB)] : []),
    `--players ${c.players} --games ${c.games} --seed ${c.seed} --bots ${c.bots.join(",")}`,
    ...(c.variantA !== undefined ? [`--variant-a ${quote(c.variantA)}`] : []),
    ...(c.variantB !== undefined ? [`--variant-b ${quote(c.variantB)}`] : []),
    ...(c.failIf ?? []).map((r) => `--fail-if ${quote(r)}`),
    ...(c.stopEarly ? ["--stop-early"] : []),
    ...(c.failUndecided ? ["--fail-undecided"] : []),
    ...(c.maxDecisions !== undefined ? [`--max-decisions ${c.maxDecisions}`] : []),
  ].join(" ");
}
