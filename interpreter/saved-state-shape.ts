import type { Runtime } from "./runtime.ts";
import type { SavedState } from "./state.ts";

/**
 * What is wrong with the shape of a saved match, or undefined when every field is what the
 * engine writes: numbers where numbers go, seats among the players, piece ids among the pieces,
 * zones and boards the rules have, frames in code the rules have, and a pending question where the
 * frame on top asks one. `Match.fromJSON` refuses a state with this reason.
 *
 * Why: a saved match is untrusted input (a file, a hand edit). With a field missing or out of
 * place it loaded, and the first view, option list or copy then threw a raw `TypeError`, or the
 * match ended blaming a line of the rules for the broken save (a robustness review deleted
 * `stack`, `pvars`, `zones` in turn, and set `players: 99`).
 */
export function savedStateProblem(rt: Runtime, json: SavedState): string | undefined {
  const players = json.players;
  const def = rt.def;
  if (!whole(players) || players < def.minPlayers || players > def.maxPlayers) return `its player count (${String(players)}) is not one "${def.title}" is played with`;
  const seat = (n: unknown): boolean => whole(n) && n >= 0 && n < players;
  if (typeof json.seed !== "number") return "it keeps no seed";
  if (!Array.isArray(json.rng) || json.rng.length === 0 || !json.rng.every((n) => whole(n))) return "it keeps no generator state";
  if (!isRecord(json.globals) || !def.globals.every((v) => v.name in json.globals)) return "it lacks the rules' variables";
  if (!Array.isArray(json.pvars) || json.pvars.length !== players || !json.pvars.every((vars) => isRecord(vars) && def.playerVars.every((v) => v.name in vars))) {
    return "it lacks the players' variables";
  }
  if (!Array.isArray(json.decisions) || json.decisions.length !== players || !json.decisions.every((n) => whole(n) && n >= 0)) return "it does not count each player's decisions";
  // Saved before turns were counted: read as none begun (`loadedState`).
  if (json.turns !== undefined && (!Array.isArray(json.turns) || json.turns.length !== players || !json.turns.every((n) => whole(n) && n >= 0))) return "it does not count each player's turns";
  if (json.firstChooser !== undefined && json.firstChooser !== null && !seat(json.firstChooser)) return "its first chooser is not a player";
  if (!Array.isArray(json.pieces)) return "it keeps no pieces";
  const pieceCount = json.pieces.length;
  const pieceId = (id: unknown): boolean => whole(id) && id >= 0 && id < pieceCount;
  if (!isRecord(json.zones)) return "it keeps no zones";
  for (const [zone, ids] of Object.entries(json.zones)) {
    if (!rt.zoneDef(zone)) return `there is no zone \`${zone}\``;
    if (!Array.isArray(ids) || !ids.every(pieceId)) return `the zone \`${zone}\` does not hold a list of pieces`;
  }
  if (!isRecord(json.placed)) return "it keeps no placed pieces";
  for (const [board, ids] of Object.entries(json.placed)) {
    if (rt.topo.shape(board) === undefined) return `there is no board \`${board}\``;
    if (!Array.isArray(ids) || !ids.every(pieceId)) return `the board \`${board}\` does not hold a list of pieces`;
  }
  for (let i = 0; i < pieceCount; i++) {
    const p = json.pieces[i] as unknown as Record<string, unknown> | null;
    const ok =
      isRecord(p) &&
      whole(p.c) &&
      p.c >= 0 &&
      p.c < def.components.length &&
      (p.owner === null || seat(p.owner)) &&
      (p.zone === null || (typeof p.zone === "string" && p.zone in json.zones)) &&
      (p.board === null || (typeof p.board === "string" && rt.topo.shape(p.board) !== undefined)) &&
      Array.isArray(p.cells) &&
      p.cells.every((c) => typeof c === "string") &&
      whole(p.rot) &&
      typeof p.up === "boolean" &&
      isRecord(p.st);
    if (!ok) return `its piece ${i} is not a piece of these rules`;
  }
  const known = knownProblem(json, pieceCount);
  if (known) return known;
  if (!(json.current === null || seat(json.current))) return "its current player is not a player";
  if (!Array.isArray(json.log) || !json.log.every((e) => isRecord(e) && seat(e.player) && typeof e.option === "string" && typeof e.label === "string")) return "its log of decisions is not one";
  if (!Array.isArray(json.messages) || !json.messages.every((m) => isRecord(m) && typeof m.text === "string" && whole(m.at))) return "its messages are not texts";
  if (typeof json.over !== "boolean") return "it does not say whether the game is over";
  if (json.result !== null && !(isRecord(json.result) && Array.isArray(json.result.scores) && json.result.scores.length === players && Array.isArray(json.result.winners) && json.result.winners.every(seat))) {
    return "its result is not one";
  }
  if (json.error !== null && !(isRecord(json.error) && typeof json.error.message === "string")) return "its error is not a diagnostic";
  return stackProblem(rt, json, seat);
}

/** The frames and the question they wait at: code the rules have, positions inside it, a pending question where the top frame asks. */
function stackProblem(rt: Runtime, json: SavedState, seat: (n: unknown) => boolean): string | undefined {
  if (!Array.isArray(json.stack)) return "it keeps no frames";
  for (const f of json.stack) {
    const code = isRecord(f) && typeof f.code === "string" ? rt.codeOf(f.code) : undefined;
    if (!code) return "a frame runs code these rules do not have";
    if (!whole(f.pc) || f.pc < 0 || f.pc > code.instrs.length) return `a frame of \`${code.name}\` stands outside its code`;
    if (!Array.isArray(f.locals) || f.locals.length < code.nlocals) return `a frame of \`${code.name}\` lacks its variables`;
  }
  const p = json.pending as unknown;
  if (json.over) return p === null ? undefined : "a game over waits for no decision";
  if (!isRecord(p)) return "a game still going waits for a decision, and this one waits for none";
  const top = json.stack[json.stack.length - 1];
  const asks = top ? rt.codeOf(top.code)!.instrs[top.pc]?.k : undefined;
  if (asks !== p.kind) return "its pending decision is not the one its rules ask at";
  if (typeof p.prompt !== "string") return "its pending decision has no question";
  const choice = (c: unknown): boolean => isRecord(c) && Array.isArray(c.values);
  if (p.kind === "choose") return seat(p.player) && choice(p.choice) ? undefined : "its pending choice is not one";
  if (p.kind === "options") return seat(p.player) && Array.isArray(p.offered) && p.offered.every(whole) ? undefined : "its pending options are not ones";
  const ok = Array.isArray(p.players) && p.players.every(seat) && isRecord(p.choices) && Object.values(p.choices).every(choice) && isRecord(p.chosen);
  return ok ? undefined : "its pending secret choice is not one";
}

/**
 * What each player knows (`known`, `knowledge.ts`), when kept: for each player a class for every
 * piece and the class of each zone's pieces they saw go in, all numbers below the next class.
 */
function knownProblem(json: SavedState, pieceCount: number): string | undefined {
  const k = json.known as unknown;
  if (k === undefined) return undefined;
  const bad = "what it says each player knows of the hidden pieces is not in the engine's form";
  if (!isRecord(k) || !whole(k.next) || k.next < 0 || !Array.isArray(k.cls) || !Array.isArray(k.home)) return bad;
  const next = k.next;
  const label = (n: unknown): boolean => whole(n) && n >= 0 && n < next;
  if (k.cls.length !== json.players || !k.cls.every((c) => Array.isArray(c) && c.length === pieceCount && c.every(label))) return bad;
  if (k.home.length !== json.players || !k.home.every((h) => isRecord(h) && Object.entries(h).every(([z, c]) => z in json.zones && label(c)))) return bad;
  return undefined;
}

function whole(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
