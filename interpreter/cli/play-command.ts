import { createInterface } from "node:readline/promises";
import { formatDiagnostic } from "../../dsl/index.ts";
import { makeBot, parseBotSpec, RandomBot, refusedOptions, STOP_ID, type Bot } from "../index.ts";
import { StartError } from "../index.ts";
import type { Match } from "../index.ts";
import { loadRules } from "./load-rules.ts";
import { numbersAreIds, pickHow, readAnswer, readPick } from "./play-answer.ts";
import { botSeed } from "./simulate-batch.ts";
import { renderText, revealedZones } from "./text-view.ts";
import { UsageError } from "./usage-error.ts";

/** The terminal's "clear the screen and go to its top". */
export const CLEAR_SCREEN = "\x1b[2J\x1b[H";

export interface PlayOptions {
  players: number;
  seed: number;
  variant?: string;
  /** Seats (1-based) played by bots. */
  bots: number[];
  /** The bot of a seat, when not the random one (`greedy`, `mcts:100`): by seat (1-based). */
  botKinds?: Record<number, string>;
}

/**
 * `stela play`: hot-seat in the terminal, numbered options, bots in the listed seats. `q` stops
 * the game (exit 0); input that ends first is a failure (`err`, exit 1), since a script whose
 * answers ran out did not play the game it meant to.
 */
export async function runPlay(file: string, o: PlayOptions, out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  const r = loadRules(file);
  if (!r.game) {
    for (const d of r.diagnostics) out(formatDiagnostic(d));
    return 1;
  }
  for (const b of o.bots) if (b < 1 || b > o.players) throw new UsageError(`--bots: seat ${b} does not exist with ${o.players} players`);
  let match: Match;
  try {
    match = r.game.start(o.variant === undefined ? { players: o.players, seed: o.seed } : { players: o.players, seed: o.seed, variant: o.variant });
  } catch (e) {
    if (e instanceof StartError) throw new UsageError(e.message);
    throw e;
  }
  // Seats without a kind share one random bot (the games a seed gave before kinds could be named).
  const random = new RandomBot(botSeed(o.seed, 0));
  const chosen: Record<number, Bot> = {};
  const botOf = (seat: number): Bot => {
    const kind = o.botKinds?.[seat + 1];
    const spec = kind === undefined ? undefined : parseBotSpec(kind);
    return spec ? (chosen[seat] ??= makeBot(spec, botSeed(o.seed, seat + 1))) : random;
  };
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | undefined> => {
    process.stdout.write(prompt);
    const next = await lines.next();
    // Piped answers are not echoed by a terminal: the answer is written after its question, so a
    // transcript reads as a game did (the next screen's first line ran on after the prompt).
    if (!process.stdin.isTTY) process.stdout.write(next.done ? "\n" : `${next.value.trim()}\n`);
    return next.done ? undefined : next.value.trim();
  };
  const humans = o.players - new Set(o.bots).size;
  // Hot-seat: the screen shows one player's secrets (a rack, a hand) at a time. Who is at the
  // terminal now: the one person playing, else the last person who took the seat (until the next
  // takes it); nobody before that, or when only bots play.
  let lastHuman: number | null = null;
  const onlyHuman = humans === 1 ? Array.from({ length: o.players }, (_, i) => i).find((i) => !o.bots.includes(i + 1))! : null;
  const atTerminal = (): number | null => onlyHuman ?? lastHuman;
  // What the rules `log` is news: print it as it comes (a secret choice's reveal, say, or a choice
  // taken without asking, "(only option)"), as the person at the terminal may read it: their own
  // card by its name ("Player 1 plays Ace"), another's hidden card by what shows of it. Told once
  // each, not again on every screen; the setup's messages come first. `printed` keeps each text
  // as it was told, so a player who reads a line otherwise is told their version on their screen.
  const printed: string[] = [];
  const tell = (): void => {
    const messages = match.view(atTerminal()).messages;
    for (const m of messages.slice(printed.length)) {
      out(`  · ${m.text}`);
      printed.push(m.text);
    }
  };
  // What only this player may read of the messages told while someone else was at the terminal
  // (a forced choice of a piece the others cannot see): the rest they read as it was told.
  const seen: number[] = Array.from({ length: o.players }, () => 0);
  const privateNews = (p: number): void => {
    const mine = match.view(p).messages;
    const all = match.view(null).messages;
    // Theirs alone (not what a spectator reads), and told otherwise: not another player's own card read as "hidden card".
    for (let i = seen[p]!; i < mine.length; i++) if (mine[i]!.text !== all[i]?.text && mine[i]!.text !== printed[i]) out(`  · (to you) ${mine[i]!.text}`);
    seen[p] = mine.length;
  };
  // Who plays each seat, said once before the game: `--bots 2,3,4:greedy` puts random bots in seats
  // 2 and 3 (a designer read it as seats 2 to 4 greedy, and met the random moves only in the log).
  // In the words the bots' moves are told in ("Player 2 (random bot): …").
  if (o.bots.length > 0) {
    out(`Seats: ${Array.from({ length: o.players }, (_, s) => `Player ${s + 1} ${o.bots.includes(s + 1) ? `(${o.botKinds?.[s + 1] ?? "random"} bot)` : "(you)"}`).join(", ")}`);
  }
  tell();
  // Hot-seat: when another person takes the seat, clear the screen and wait until they say they
  // are there (only at a terminal: piped input has no one looking).
  const handOver = async (p: number): Promise<boolean> => {
    if (humans < 2 || lastHuman === p) return true;
    const first = lastHuman === null;
    lastHuman = p;
    if (first) return true;
    // Only a terminal has a screen to clear: piped into a file or a pager, the escape is noise.
    if (process.stdout.isTTY) out(CLEAR_SCREEN);
    if (process.stdin.isTTY && (await ask(`Pass the terminal to Player ${p + 1}, then press Enter `)) === undefined) return false;
    recap(p);
    return true;
  };
  // Hot-seat: what a person missed while others sat at the terminal, as they read it, after the
  // screen was cleared for them (another player's guess at their card, a look at their hand): the
  // decisions taken and the rules' messages since their last turn, in the order they came.
  const lastSeen = Array.from({ length: o.players }, () => ({ log: 0, messages: 0 }));
  const recap = (p: number): void => {
    const v = match.view(p);
    const lines: string[] = [];
    let m = lastSeen[p]!.messages;
    for (let i = lastSeen[p]!.log; i < v.log.length; i++) {
      // A message written after i decisions came before decision i.
      for (; m < v.messages.length && v.messages[m]!.at <= i; m++) lines.push(`  · ${v.messages[m]!.text}`);
      lines.push(`  ${v.players[v.log[i]!.player]?.name ?? `Player ${v.log[i]!.player + 1}`}: ${v.log[i]!.label}`);
    }
    for (; m < v.messages.length; m++) lines.push(`  · ${v.messages[m]!.text}`);
    if (lines.length) out(`Since your last turn (Player ${p + 1}):`);
    for (const l of lines) out(l);
    // Told here in their own words: not again as news only they may read.
    seen[p] = v.messages.length;
  };
  const inputEnded = (p: number): number => {
    out("");
    err(`stela: the input ended before the game did (Player ${p + 1} was to decide); type q to stop a game on purpose`);
    return 1;
  };
  try {
    while (match.decision) {
      // Several players may owe this decision at once (a secret choice): each answers in turn here,
      // and nobody's answer is shown before all are in.
      const { players, simultaneous } = match.decision;
      for (const p of players) {
        if (!match.decision?.players.includes(p)) continue;
        if (o.bots.includes(p + 1)) {
          const id = botOf(p).choose(match, p)!;
          const at = match.log.length;
          match.apply(id, p);
          // As the person at the terminal reads the log (not another's hidden piece), and never a
          // secret answer before all are in.
          // Which bot: `--bots 2,3:greedy` puts a random bot in seat 2, which "(bot)" alone hid.
          out(`Player ${p + 1} (${o.botKinds?.[p + 1] ?? "random"} bot): ${simultaneous ? "chooses in secret" : (match.view(atTerminal()).log[at]?.label ?? "?")}`);
          tell();
          continue;
        }
        if (!(await handOver(p))) return inputEnded(p);
        out("");
        const seat = match.view(p);
        out(renderText(seat, { messages: false }));
        privateNews(p);
        // The options are listed once per decision, so their numbers stay put while the player
        // tries answers; an id (shown after each label) is accepted as well as a number
        // (`readAnswer`: never a guess when the two could be read apart).
        const options = match.options(p);
        // The question as this player reads it: one naming a piece they cannot see names it by what shows.
        out(`Player ${p + 1}: ${seat.decision?.prompt ?? ""}`);
        // Several items at once: the items are listed, not every combination (3 cards of 13 are 286).
        const pick = seat.decision?.pick;
        if (pick) {
          pick.items.forEach((item, i) => out(`  ${String(i + 1).padStart(3)}. ${item.label}${item.copies > 1 ? ` (${item.copies} alike)` : ""}  [${item.id}]`));
          const stop = options.find((o) => o.id === STOP_ID);
          if (stop) out(`  stop: ${stop.label}  [${STOP_ID}]`);
        } else if (numbersAreIds(options)) options.forEach((opt) => out(`  ${opt.id.padStart(3)}. ${opt.label}`));
        else options.forEach((opt, i) => out(`  ${String(i + 1).padStart(3)}. ${opt.label}  [${opt.id}]`));
        // The ids the rules refuse at this decision, worked out once if an answer needs them.
        let refusals: { id: string; label: string }[] | undefined;
        const refusedNow = () => (refusals ??= refusedOptions(match, p, {}));
        let refused: Set<string> | undefined;
        for (;;) {
          const answer = await ask(pick ? `${pickHow(pick)} (q to quit): ` : numbersAreIds(options) ? "choose a number as listed, or its label (q to quit): " : `choose 1-${options.length}, an option id or its label (q to quit): `);
          if (answer === undefined) return inputEnded(p);
          if (answer === "q") {
            out("stopped.");
            return 0;
          }
          if (answer === "") continue;
          const read = pick ? readPick(answer, pick, options) : readAnswer(answer, options, (id) => (refused ??= new Set(refusedNow().map((r) => r.id))).has(id), refusedNow);
          if (read.kind === "again") {
            out(read.message);
            continue;
          }
          // An id that is not listed goes to the rules too: they say why it is refused.
          const res = match.apply(read.id, p);
          if (res.ok) {
            tell();
            lastSeen[p] = { log: match.log.length, messages: match.view(p).messages.length };
            break;
          }
          if (res.code === "unknown-option" && /^\d+$/.test(answer) && !pick) out(numbersAreIds(options) ? `"${answer}" is not an option: type one of the numbers listed (${options.map((o) => o.id).join(", ")})` : `"${answer}" is not an option: type a number from 1 to ${options.length}, or an option id`);
          else out(`refused: ${res.reason}${read.kind === "ask-rules" && read.hint ? ` ${read.hint}` : ""}`);
        }
      }
    }
  } finally {
    rl.close();
  }
  out("");
  const table = match.view(null);
  out(renderText(table, { messages: false }));
  // The game is over: what each player held is shown, as players turn their hands over at a table.
  if (match.result) for (const line of revealedZones(table, (seat) => match.view(seat))) out(line);
  if (match.error) {
    out(formatDiagnostic(match.error));
    return 1;
  }
  const res = match.result!;
  // Every seat alike (a cooperative game's team score, a lost one too): "1. Player 1 (0) = Player 2 (0)" read as a shared win.
  if (res.ranking.length === 1 && res.scores.length > 1 && res.scores.every((s) => s === res.scores[0])) {
    out(`Game over. Every seat scored ${res.scores[0]} (in a cooperative game, the team's score)`);
    return 0;
  }
  out(`Game over. ${res.ranking.map((g, i) => `${i + 1}. ${g.map((p) => `Player ${p + 1} (${res.scores[p]})`).join(" = ")}`).join("  ")}`);
  return 0;
}
