import type { Value } from "../../dsl/ir.ts";
import { newExec } from "../../interpreter/exec.ts";
import { cellKey, spaceBoard, spaceCell, spaceKey, type Match, type Option } from "../../interpreter/index.ts";
import { lift, putInZone, putOnBoard } from "../../interpreter/pieces.ts";

/**
 * Helpers for scenario tests: find options by their label, and set up a
 * position by editing the match state directly (as a designer would lay out
 * a rulebook example on the table), then let the rules take over.
 */

/** The one option of `player` (default: whoever decides) whose label matches; fails listing the options otherwise. */
export function option(m: Match, pattern: RegExp | string, player?: number): Option {
  const who = player ?? m.decision?.players[0];
  const opts = m.options(who);
  const test = (o: Option) => (typeof pattern === "string" ? o.label === pattern || o.id === pattern : pattern.test(o.label));
  const found = opts.filter(test);
  if (found.length !== 1) {
    throw new Error(
      `${found.length} options match ${String(pattern)} for player ${who === undefined ? "?" : who + 1} (prompt: ${m.decision?.prompt}):\n  ${opts.map((o) => `${o.id}: ${o.label}`).join("\n  ")}`,
    );
  }
  return found[0]!;
}

/** Applies the option whose label matches; fails with the refusal reason if it is refused. */
export function choose(m: Match, pattern: RegExp | string, player?: number): void {
  const who = player ?? m.decision?.players[0];
  const o = option(m, pattern, who);
  const r = m.apply(o.id, who);
  if (!r.ok) throw new Error(`refused ${o.id}: ${r.reason}`);
  if (m.error) throw new Error(`rule error: ${m.error.message} at line ${m.error.span.start.line}`);
}

export interface PieceInfo {
  id: number;
  name: string;
  kind: string;
  fields: Record<string, Value>;
  owner: number | null;
  zone: string | null;
  board: string | null;
}

/** Every piece of the match with its static fields and where it is. */
export function pieces(m: Match): PieceInfo[] {
  const def = m.game.definition(m.state.variant);
  return m.state.pieces.map((p, id) => {
    const c = def.components[p.c]!;
    return { id, name: c.label, kind: c.kind, fields: c.fields, owner: p.owner, zone: p.zone, board: p.board };
  });
}

/** The first piece matching, preferring ones not yet on a board. */
export function findPiece(m: Match, test: (p: PieceInfo) => boolean): number {
  const all = pieces(m).filter(test);
  const free = all.filter((p) => p.board === null);
  const p = free[0] ?? all[0];
  if (!p) throw new Error("no such piece");
  return p.id;
}

/** The key of a space from its label on a grid (`d4`: column d, row 4 from the top) or its coordinates. */
export function space(board: string, at: string | [number, number] | [number, number, number]): string {
  if (Array.isArray(at)) return spaceKey(board, cellKey(at[0], at[1], at[2]));
  const m = /^([a-z]+)(\d+)$/.exec(at);
  if (!m) throw new Error(`not a space label: ${at}`);
  let x = 0;
  for (const ch of m[1]!) x = x * 26 + (ch.charCodeAt(0) - 96);
  return spaceKey(board, cellKey(x - 1, Number(m[2]) - 1));
}

/** Puts a piece on a board over the given cells (labels like `d4` or keys), as placed by the rules but without scoring. */
export function put(m: Match, id: number, board: string, cells: string[], rotation = 0, faceUp = true): void {
  const x = newExec(m.game.runtime(m.state.variant), m.state);
  const keys = cells.map((c) => (spaceBoard(c) !== undefined ? c : space(board, c)));
  putOnBoard(x, id, board, keys.map(spaceCell), rotation, x.rt.turnedSides(m.state, id, rotation), faceUp);
}

/** Moves a piece into a zone instance (`offer`, `picked#1` for player 2's). */
export function moveTo(m: Match, id: number, zone: string): void {
  const x = newExec(m.game.runtime(m.state.variant), m.state);
  putInZone(x, id, zone, m.game.definition(m.state.variant).flow.span);
}

/** Takes a piece out of the game. */
export function takeAway(m: Match, id: number): void {
  lift(m.state, id);
}

/**
 * After editing the state, asks the pending question again so its options
 * reflect the new position (the rules re-run the choice where they stand).
 */
export function reoffer(m: Match): void {
  if (m.state.pending?.kind === "secret" && Object.keys(m.state.pending.chosen).length) {
    throw new Error("cannot re-offer a secret choice some players have already answered");
  }
  m.state.pending = null;
  m.runToDecision();
}
