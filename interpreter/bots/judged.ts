import type { Judged, JudgedSite } from "./bot.ts";
import { FOLLOW_DEPTH, LINE_DEPTH } from "./one-step.ts";

/** A seat as the note reads it: its number (from 1), its bot, and what the bot found (`Bot.judged`). */
export interface JudgedSeat {
  seat: number;
  bot: string;
  judged?: Judged | undefined;
}

/** Adds up what a bot found over games (`Bot.judged` of each), in all and by choice; undefined when none of them judged. */
export function sumJudged(games: readonly (Judged | null | undefined)[]): Judged | undefined {
  const judged = games.filter((j): j is Judged => !!j);
  if (!judged.length) return undefined;
  const sum: Judged = { weighed: judged.reduce((a, j) => a + j.weighed, 0), even: judged.reduce((a, j) => a + j.even, 0) };
  const sites = addSites(judged.map((j) => j.sites));
  if (sites) sum.sites = sites;
  const failed = judged.reduce((a, j) => a + (j.failed ?? 0), 0);
  if (failed > 0) {
    sum.failed = failed;
    sum.failure = judged.find((j) => j.failure)?.failure ?? "";
  }
  return sum;
}

/** The counts by choice added up, in the order of the rules (line, then column); undefined when none has any. */
function addSites(all: readonly (Record<string, JudgedSite> | undefined)[]): Record<string, JudgedSite> | undefined {
  const sum = new Map<string, JudgedSite>();
  for (const sites of all) {
    for (const [key, x] of Object.entries(sites ?? {})) {
      const s = sum.get(key);
      if (s) {
        s.weighed += x.weighed;
        s.even += x.even;
        if (x.options) {
          const options = (s.options ??= {});
          for (const [k, o] of Object.entries(x.options)) {
            const t = options[k];
            if (t) {
              t.offered += o.offered;
              t.taken += o.taken;
              t.short += o.short ?? 0;
            } else options[k] = { ...o };
          }
        }
      } else sum.set(key, { ...x, ...(x.options ? { options: Object.fromEntries(Object.entries(x.options).map(([k, o]) => [k, { ...o }])) } : {}) });
    }
  }
  if (!sum.size) return undefined;
  return Object.fromEntries([...sum].sort(([, a], [, b]) => a.line - b.line || a.column - b.column));
}

/** What else a designer can do before writing an estimate: `mcts` plays its rollouts to the end where a game has none. */
const ELSE_MCTS = " (or, while the game has none, play `mcts`, whose playouts then go on to the end of the game)";

/**
 * Says so when a bot that judges options (`greedy`) found them all worth the same at nearly every
 * decision it weighed (at least 90% of 10 or more): it then picks at random, so the seat's figures
 * are the random bot's, whatever its name says. The usual cause is a game without an `estimate`
 * whose points come later than one move ahead (a card game that scores at a round's end, after
 * its last, forced card), so the scoring as if the game ended now tells no option from another.
 * Undefined otherwise. `stela simulate` prints it as a `note:` line, the editor under its table.
 */
export function evenJudgementNote(seats: readonly JudgedSeat[]): string | undefined {
  const broken = failedEstimateNote(seats);
  if (broken) return broken;
  const blind = seats.filter((x) => x.judged && x.judged.weighed >= 10 && x.judged.even >= 0.9 * x.judged.weighed);
  if (!blind.length) return evenChoiceNote(seats);
  const even = blind.reduce((a, x) => a + x.judged!.even, 0);
  const weighed = blind.reduce((a, x) => a + x.judged!.weighed, 0);
  const bots = [...new Set(blind.map((x) => x.bot))].join(" and ");
  const where = blind.length === 1 ? `seat ${blind[0]!.seat}` : `seats ${blind.map((x) => x.seat).join(", ")}`;
  return `${bots} (${where}) found every option worth the same at ${((even / weighed) * 100).toFixed(1)}% of the ${weighed.toLocaleString("en")} decisions it weighed, and took one at random: it played as the random bot does; what it judges by (the game's \`estimate\`, else its scoring as if the game ended now) does not tell the options apart one move ahead: write an \`estimate\` that does${ELSE_MCTS}`;
}

/**
 * How often a bot may find every option of one choice worth the same before the note names that
 * choice: half. A turn split into "buy or pass", "which" and "where" left greedy blind at its
 * first question in 68% and 87% of its decisions there (the points come only with the last); a
 * note that waited for 90% never named that question. Some choices are even for good reason (a
 * symmetric opening), so the note says how often, and the designer judges.
 */
const EVEN_AT_CHOICE = 0.5;

/**
 * The same at one choice of the rules, when the bot told the options apart elsewhere: a bot that
 * weighs where to move but finds "roll again" and "stop" worth the same (its estimate does not see
 * what the roll promises, nor what it risks) takes that decision at random, every time, while its
 * decisions over all look judged. Each bot's seats are read together, at each choice asked of
 * them 10 times or more; undefined when none was even at half of them (`EVEN_AT_CHOICE`).
 */
function evenChoiceNote(seats: readonly JudgedSeat[]): string | undefined {
  const notes: string[] = [];
  for (const bot of new Set(seats.filter((x) => x.judged?.sites).map((x) => x.bot))) {
    const own = seats.filter((x) => x.bot === bot && x.judged?.sites);
    const where = own.length === 1 ? `seat ${own[0]!.seat}` : `seats ${own.map((x) => x.seat).join(", ")}`;
    for (const site of Object.values(addSites(own.map((x) => x.judged!.sites)) ?? {})) {
      if (site.weighed < 10 || site.even < EVEN_AT_CHOICE * site.weighed) continue;
      const prompt = site.prompt ? `"${site.prompt}" ` : "";
      notes.push(`${bot} (${where}) found every option worth the same at ${((site.even / site.weighed) * 100).toFixed(1)}% of the ${site.weighed.toLocaleString("en")} decisions it weighed at ${prompt}(${siteLine(site)}), and took one at random there`);
    }
  }
  if (!notes.length) return undefined;
  return `${notes.join("; ")}: what it judges by (the game's \`estimate\`, else its scoring as if the game ended now) does not tell ${notes.length === 1 ? "that choice's" : "those choices'"} options apart one move ahead, so it played as a random player there that often: write an \`estimate\` that does${ELSE_MCTS}, or ask the turn as one choice whose options the scoring tells apart`;
}

/**
 * Says so when the game's `estimate` failed (a rule error) where a bot found every option alike:
 * a failing estimate reads 0 for every option, so the bot played at random there, and the advice
 * to write a better estimate would mislead: this one must be fixed. Undefined when none failed.
 */
function failedEstimateNote(seats: readonly JudgedSeat[]): string | undefined {
  const broken = seats.filter((x) => (x.judged?.failed ?? 0) > 0);
  if (!broken.length) return undefined;
  const failed = broken.reduce((a, x) => a + x.judged!.failed!, 0);
  const weighed = broken.reduce((a, x) => a + x.judged!.weighed, 0);
  const bots = [...new Set(broken.map((x) => x.bot))].join(" and ");
  const where = broken.length === 1 ? `seat ${broken[0]!.seat}` : `seats ${broken.map((x) => x.seat).join(", ")}`;
  return `the game's \`estimate\` failed at ${failed.toLocaleString("en")} of the ${weighed.toLocaleString("en")} decisions ${bots} (${where}) weighed (${broken[0]!.judged!.failure}): a failing estimate reads 0 for every option, so it took one at random there and its figures are a random player's: fix the estimate (\`stela check --smoke\` stops at it)`;
}

/**
 * How often a bot must have been offered a named option, never taking it, before the note names
 * it: 20 decisions (fewer say little: a poor option is rightly never taken a few times).
 */
const UNTAKEN_AT = 20;

/**
 * Says so when a bot that judges options (`greedy`) was offered a named option (`option "Build"`)
 * at 20 or more of its decisions and never took it, while it took another there, and it judged
 * the option short of its end at half of them or more (the rules still asked it again when its
 * look stopped, `Followed.short`). It judges an option after its own next choice and a line of
 * up to `LINE_DEPTH` more of its choices in that turn (`one-step.ts`): an action whose gain comes
 * later still looks worth nothing to it, and it never plays it. A user's route game ran two
 * comparisons whose greedy seats never claimed a route, with nothing in the output to say so
 * (the look was one choice deep then; the line now sees that route's claim through). The option
 * may also be a poor one, rightly never taken: the note says what it saw, and the designer judges.
 * Undefined when no option went untaken so.
 */
export function untakenOptionsNote(seats: readonly JudgedSeat[]): string | undefined {
  const notes: string[] = [];
  for (const bot of new Set(seats.filter((x) => x.judged?.sites).map((x) => x.bot))) {
    const own = seats.filter((x) => x.bot === bot && x.judged?.sites);
    const where = own.length === 1 ? `seat ${own[0]!.seat}` : `seats ${own.map((x) => x.seat).join(", ")}`;
    for (const site of Object.values(addSites(own.map((x) => x.judged!.sites)) ?? {})) {
      const options = Object.values(site.options ?? {});
      if (!options.some((o) => o.taken > 0)) continue;
      // Judged short of its end at half its offers or more: an option judged to its end and never
      // taken is a poor one by the bot's lights, not one it could not see through.
      const untaken = options.filter((o) => o.taken === 0 && o.offered >= UNTAKEN_AT && (o.short ?? 0) * 2 >= o.offered).sort((a, b) => a.line - b.line || a.column - b.column);
      if (!untaken.length) continue;
      const prompt = site.prompt ? `"${site.prompt}" ` : "";
      const named = untaken.map((o) => `"${o.label}" (${siteLine({ ...o, ...(site.file === undefined ? {} : { file: site.file }) })}, offered at ${o.offered.toLocaleString("en")} of its decisions)`).join(" and ");
      notes.push(`${bot} (${where}) never took ${named} at ${prompt}(${siteLine(site)})`);
    }
  }
  if (!notes.length) return undefined;
  return `${notes.join("; ")}: it judges an option where the rules next stop, or through at most ${FOLLOW_DEPTH + LINE_DEPTH} of its own choices after it in that turn, so an action whose gain comes more of its own choices later looks worth nothing to it and it never plays it; if players would, ask some of those choices as one (where and how to pay together), or give the \`estimate\` a term for what the action leads to, and check a game of these bots (\`--game N\`)`;
}

/** Where a choice (or one of its options, in the choice's file) is written: "line 184", or "line 184 of base.stela" in the base game a variant file extends. */
function siteLine(at: { line: number; file?: string | undefined }): string {
  return at.file === undefined ? `line ${at.line}` : `line ${at.line} of ${at.file}`;
}
