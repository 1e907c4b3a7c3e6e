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
}

/** The command that replays game `g` of a run exactly, printing its decisions. */
export function replayCommand(s: RunSettings, g: number): string {
  const quote = (t: string): string => (/^[\w./:@%+=,-]+$/.test(t) ? t : `'${t.replace(/'/g, "'\\''")}'`);
  const parts = ["stela", "simulate", quote(s.file), "--players", String(s.players), "--seed", String(s.seed), "--bots", s.bots.join(",")];
  if (s.variant !== undefined) parts.push("--variant", quote(s.variant));
  parts.push("--game", String(g));
  return parts.join(" ");
}

/** The command that reproduces a whole run of `games` games. */
export function runCommand(s: RunSettings, games: number): string {
  return replayCommand(s, 0).replace(/ --game 0$/, ` --games ${games}`);
}
