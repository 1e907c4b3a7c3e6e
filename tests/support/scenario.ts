import type { Value } from "../../dsl/ir.ts";
import { Scenario, type Match, type Option } from "../../interpreter/index.ts";

/**
 * Short helpers for the scenario tests, on the engine's public scenario API
 * (`Scenario`): options by their labels, pieces put in zones and on spaces
 * by the rule file's names, then the rules asked again (`reoffer`).
 */

const scenarios = new WeakMap<Match, Scenario>();

/** The scenario driving a match (one per match, so tests can mix both). */
export function scenario(m: Match): Scenario {
  let s = scenarios.get(m);
  if (!s) scenarios.set(m, (s = new Scenario(m)));
  return s;
}

/** The one option of `player` (default: whoever decides) whose label matches; fails listing the options otherwise. */
export function option(m: Match, pattern: RegExp | string, player?: number): Option {
  return scenario(m).option(pattern, player);
}

/** Applies the option whose label matches; fails with the refusal reason if it is refused. */
export function choose(m: Match, pattern: RegExp | string, player?: number): void {
  scenario(m).choose(pattern, player);
}

export interface PieceInfo {
  id: number;
  name: string;
  kind: string;
  fields: Record<string, Value>;
  owner: number | null;
  /** The zone's declared name, `rack` (whose: `zoneOwner`). */
  zone: string | null;
  zoneOwner: number | null;
  /** The board's declared name. */
  board: string | null;
}

/** Every piece of the match with its static fields and where it is. */
export function pieces(m: Match): PieceInfo[] {
  return scenario(m)
    .pieces()
    .map((p) => ({ id: p.id, name: p.name, kind: p.kind, fields: p.fields, owner: p.owner, zone: p.zone?.name ?? null, zoneOwner: p.zone?.owner ?? null, board: p.board?.name ?? null }));
}

/** The first piece matching, preferring ones not yet on a board. */
export function findPiece(m: Match, test: (p: PieceInfo) => boolean): number {
  const all = pieces(m).filter(test);
  const p = all.find((q) => q.board === null) ?? all[0];
  if (!p) throw new Error("no such piece");
  return p.id;
}

/**
 * Puts a piece on a board (as placed earlier: nothing reacts) over spaces
 * named as players read them (`d4`, `(2,-1)`, `e5 level 2`); `owner` for a
 * board per player.
 */
export function put(m: Match, id: number, board: string, spaces: string[], opts: { rotation?: number; faceDown?: boolean; owner?: number } = {}): void {
  scenario(m).place(id, board, spaces, opts);
}

/** Moves a piece into a zone by its declared name (`owner` for a per-player zone, the number for numbered ones). */
export function moveTo(m: Match, id: number, zone: string, owner?: number): void {
  scenario(m).move(id, zone, owner);
}

/** Takes a piece out of the game. */
export function takeAway(m: Match, id: number): void {
  scenario(m).remove(id);
}

/** The ids of the pieces in a zone, bottom first. */
export function zoneOf(m: Match, zone: string, owner?: number): number[] {
  return scenario(m).zone(zone, owner);
}

/** Sets a player's variable. */
export function setVar(m: Match, player: number, name: string, value: Value): void {
  scenario(m).setPlayerVar(player, name, value);
}

/** After laying out a position, asks the pending question again so its options reflect it. */
export function reoffer(m: Match): void {
  scenario(m).resume();
}
