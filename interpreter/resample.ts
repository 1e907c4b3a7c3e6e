import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { Value } from "../dsl/ir.ts";
import { botRandom, mixSeed } from "./bots/seeds.ts";
import { cloneState } from "./clone-state.ts";
import { newExec } from "./exec.ts";
import { seedState } from "./random.ts";
import type { Runtime } from "./runtime.ts";
import type { MatchState, Pending, PieceState } from "./state.ts";
import { contradictions, takeIdentity, type PastChoice } from "./choice-evidence.ts";
import { hasKnown, holdsKnown, identityFor, marksOf, marksSet, unmarked, withMarks } from "./marks.ts";
import { classOf } from "./knowledge.ts";
import { hiddenFrom, readsAsWritten, seesPiece } from "./visibility.ts";
import { answerNamed, apply, applyAt, optionCount, run } from "./vm.ts";
import { copyWithSpaces } from "./space-info.ts";

/**
 * What a viewer cannot tell apart among unseen pieces: its kind and shape, and on a board its owner
 * (all three show on a face-down piece). A zone the viewer cannot look into shows only how many
 * pieces it holds, so there the owner is part of what is hidden and is redrawn with the identity:
 * kept with its place, a card whose owner the rules set when it was played face up, then shuffled
 * back, would be found in the same hand in every copy.
 */
function groupKey(rt: Runtime, s: MatchState, id: number): string {
  const p = s.pieces[id]!;
  return p.board === null ? componentGroup(rt, p.c) : `${componentGroup(rt, p.c)}|${p.owner}`;
}

/** The kind and shape part of `groupKey`, worked out once per component: a search redraws hidden pieces again and again. */
function componentGroup(rt: Runtime, c: number): string {
  let byComponent = componentGroups.get(rt);
  if (!byComponent) componentGroups.set(rt, (byComponent = []));
  let k = byComponent[c];
  if (k === undefined) {
    const comp = rt.def.components[c]!;
    const shapeField = rt.def.kinds[comp.kind]!.shapeField;
    const shape = shapeField ? JSON.stringify(comp.fields[shapeField] ?? null) : "";
    k = byComponent[c] = `${comp.kind}|${shape}`;
  }
  return k;
}

const componentGroups = new WeakMap<Runtime, string[]>();

/**
 * The sorting key of the identity component `c` with state fields `st` (`Identity.key`), kept with
 * the fields: they are replaced whole, never changed, and move with their component when pieces
 * are redrawn, so a search redrawing a world for every few playouts writes each key once.
 */
function identityKey(c: number, st: Record<string, Value>): string {
  const kept = identityKeys.get(st);
  if (kept !== undefined && kept.c === c) return kept.key;
  // Spaces in a piece's state by key (their JSON is tagged): the order they sort in stays put.
  const key = `${String(c).padStart(8, "0")}|${JSON.stringify(copyWithSpaces(st, (t) => t.key))}`;
  identityKeys.set(st, { c, key });
  return key;
}

// A `WeakMap`, not a hidden slot: a slot would mark the piece's state record, and V8 copies a
// marked record (`{ ...p.st }`, at a state field's next change) far more slowly. Written once per record.
const identityKeys = new WeakMap<Record<string, Value>, { c: number; key: string }>();

/** A piece's identity: which component it is, its `state` fields and, off a board, its owner (`groupKey`). Its place stays. */
interface Identity {
  c: number;
  st: Record<string, Value>;
  owner: number | null;
  /** Sorting key, so the result never depends on which unseen piece held which identity. */
  key: string;
  /** The piece that holds it in the match: its past, in the states kept for `choice-evidence.ts`. */
  from: number;
}

/**
 * A set of pieces a redraw swaps identities among: their places (`ids`), their identities in
 * sorting order, the marks each place holds (`marks.ts`), and, where some places' marks are set
 * and their kind says what marks tell (`known`), which identities each such place may take.
 */
interface Group {
  ids: number[];
  identities: Identity[];
  marks: (Record<string, Value> | undefined)[];
  /** Place (by position in `ids`) → the identities (by position) its `known` blocks allow; only places whose marks are set. */
  fits: Map<number, number[]> | undefined;
}

/**
 * Which identities each place whose marks are set may take (`Group.fits`), tried on `s` one by
 * one; undefined when the kind says nothing of its marks, or no mark is set.
 */
function knownFits(rt: Runtime, real: MatchState, s: MatchState, ids: number[], identities: Identity[], marks: (Record<string, Value> | undefined)[]): Map<number, number[]> | undefined {
  const c = s.pieces[ids[0]!]!.c;
  if (!hasKnown(rt, c)) return undefined;
  let fits: Map<number, number[]> | undefined;
  // What was worked out for this decision of the real match: a search redraws it again and again.
  let kept = knownKept.get(real);
  if (!kept || kept.at !== real.log.length) knownKept.set(real, (kept = { at: real.log.length, fit: new Map() }));
  ids.forEach((id, i) => {
    if (!marksSet(rt, s, id)) return;
    const allowed: number[] = [];
    const marksKey = JSON.stringify(marks[i]);
    identities.forEach((identity, j) => {
      const key = `${identity.key}|${marksKey}`;
      let fit = kept.fit.get(key);
      if (fit === undefined) {
        takeIdentity(rt, s, id, { c: identity.c, st: withMarks(identity.st, marks[i]), owner: identity.owner });
        kept.fit.set(key, (fit = holdsKnown(rt, s, id)));
      }
      if (fit) allowed.push(j);
    });
    (fits ??= new Map()).set(i, allowed);
  });
  return fits;
}

/**
 * Which identities fit which marks (`knownFits`), by the real match, for the decision it stands at
 * (the length of its log): a `known` block is about its piece, and the match stands still while
 * a bot searches it.
 */
const knownKept = new WeakMap<MatchState, { at: number; fit: Map<string, boolean> }>();

/** How many times a draw that keeps marks true (`drawGroup`) starts again before it gives up on them. */
const KNOWN_TRIES = 8;

/**
 * Deals a group's identities out to its places at random, each place keeping its marks. Places
 * whose marks are set take, first the most constrained, an identity their `known` blocks allow,
 * drawn evenly among those left; the rest take the others in a random order. That is not quite
 * even over every consistent deal, but it always fits when a deal that fits is found within
 * `KNOWN_TRIES`; when none is, the marks are kept and the identities dealt as if nothing were known.
 */
function drawGroup(rt: Runtime, s: MatchState, g: Group, rng: ReturnType<typeof botRandom>, source: number[]): void {
  const n = g.identities.length;
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let dealt = order;
  if (g.fits) {
    const constrained = [...g.fits.entries()].sort((a, b) => a[1].length - b[1].length || a[0] - b[0]);
    for (let attempt = 0; attempt < KNOWN_TRIES; attempt++) {
      const used = new Uint8Array(n);
      const at = new Map<number, number>();
      let ok = true;
      for (const [place, allowed] of constrained) {
        const free = allowed.filter((j) => used[j] === 0);
        if (free.length === 0) {
          ok = false;
          break;
        }
        const j = free[uniformInt(rng, 0, free.length - 1)]!;
        used[j] = 1;
        at.set(place, j);
      }
      if (!ok) continue;
      const rest = order.filter((j) => used[j] === 0);
      let k = 0;
      dealt = g.ids.map((_, place) => at.get(place) ?? rest[k++]!);
      break;
    }
  }
  g.ids.forEach((id, i) => {
    const identity = g.identities[dealt[i]!]!;
    takeIdentity(rt, s, id, { c: identity.c, st: withMarks(identity.st, g.marks[i]), owner: identity.owner });
    source[id] = identity.from;
  });
}

/** How many times a redraw is drawn again at most to fit the choices taken (`resampleState`). */
export const MAX_DRAWS = 64;

/** How many swaps of two pieces' identities a redraw tries at most when no draw fits (`fitChoices`). */
const MAX_SWAPS = 256;

/** How many past decisions a redraw looks at, at most, to fit them (`fitChoices`). */
const MAX_CHECKS = 1024;

/**
 * A copy of the match state in which everything `player` cannot see is
 * redrawn at random, consistently with what they see and what they know (a
 * determinization):
 *
 * - pieces they cannot see (hidden zones, others' `owner` zones, their own `others` zones, face-down
 *   pieces) swap identities among themselves, within the same kind and
 *   shape (and owner, on a board: in a zone the owner is redrawn too), and
 *   only among pieces the player cannot tell apart
 *   (`knowledge.ts`): pieces they saw go into a face-down deck stay in it
 *   (only their order is redrawn), an opponent's hand is redrawn from the
 *   deck it was drawn from, a face-down tile they saw laid stays where it
 *   is, what setup did before any chance or decision is known to all, and a
 *   shuffle mixes what it shuffled;
 * - a copy that contradicts a choice a player took is drawn again, up to `MAX_DRAWS` times
 *   (`choice-evidence.ts`: who did not play the colour asked for holds none of it), for the choices taken
 *   since the redrawn pieces last changed, given `past`;
 * - the match's generator is reseeded, so future chance is redrawn;
 * - others' answers to a secret choice still open are redrawn at random
 *   (they still have answered, in the same order), and others' hidden
 *   choices lose their labels in the log;
 * - the decision open now is offered again from the redrawn state, so no
 *   option id or label carries a hidden identity.
 *
 * The result depends only on what `player` saw and on `seed`: two states
 * that look the same to `player`, and came about in ways that looked the same
 * to them, give the same copy. What is not modelled: what the rules copied
 * out of hidden pieces into variables (a counter of the cards in a hand, a
 * local holding a drawn card's value) is kept as it is; the order of pieces
 * in a hidden zone is forgotten, even where it was known (cards put on a
 * deck one by one, a top card looked at and put back); and where a player
 * cannot tell which of a zone's hidden pieces moved, they are assumed to know
 * only that it was one of them, not what the rules' choice implies (a card
 * "of value 1" taken from an opponent's hand could be any of the hand).
 * `quiet`: the decisions the redraw takes again are logged as a quiet match
 * logs them.
 */
export function resampleState(rt: Runtime, real: MatchState, player: number, seed: number, quiet = false, past: readonly PastChoice[] = []): MatchState {
  // A copy that shares what no move edits in place (`clone-state.ts`): a search redraws a world
  // for every few playouts, and a deep copy cost more than the playouts.
  const s = cloneState(real);
  const rng = botRandom(seed, 0x7e5a);
  const seen = { rt, s };

  // Pieces `player` cannot tell apart: unseen, of one kind and shape (on a board, one owner), and of
  // one class of what they know (`knowledge.ts`: the pieces they watched go into their own deck are not
  // interchangeable with an opponent's hand). In the order of their kind, owner and shape, then of
  // their first piece: never of the class numbers, which count what happened to everyone.
  const groups = new Map<string, Map<number | string, number[]>>();
  s.pieces.forEach((_, id) => {
    if (seesPiece(seen, id, player)) return;
    const key = groupKey(rt, s, id);
    let byClass = groups.get(key);
    if (!byClass) groups.set(key, (byClass = new Map()));
    const c = classOf(s, player, id);
    const g = byClass.get(c);
    if (g) g.push(id);
    else byClass.set(c, [id]);
  });
  const ordered: number[][] = [];
  for (const key of [...groups.keys()].sort()) ordered.push(...[...groups.get(key)!.values()].sort((a, b) => a[0]! - b[0]!));
  // Each group's identities in sorting order, drawn into its pieces anew at each draw. Marks stay
  // where they are (`marks.ts`): an identity is what a piece is without them.
  const drawn: Group[] = [];
  for (const ids of ordered) {
    if (ids.length < 2) continue;
    const identities: Identity[] = ids.map((id) => {
      const p = s.pieces[id]!;
      const st = unmarked(rt, p.c, p.st);
      return { c: p.c, st, owner: p.owner, key: `${identityKey(p.c, st)}|${p.owner}`, from: id };
    });
    identities.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const marks = ids.map((id) => marksOf(rt, s, id));
    drawn.push({ ids, identities, marks, fits: knownFits(rt, real, s, ids, identities, marks) });
  }
  const redrawn = drawn.flatMap((g) => g.ids);
  // By piece: the piece of the match whose identity it was given (`Identity.from`).
  const source: number[] = [];
  const draw = (): void => {
    for (const g of drawn) drawGroup(rt, s, g, rng, source);
  };
  draw();
  // A copy the choices taken rule out (`choice-evidence.ts`: a colour a player showed they lack) is drawn
  // again. Draws are independent, so the copy kept is as likely as any other consistent one.
  if (past.length > 0 && redrawn.length > 0) fitChoices(rt, real, s, drawn, redrawn, source, past, draw, rng);

  s.rng = seedState(mixSeed(seed, 0x5eed));

  // Log entries are shared with the real match (`cloneState`): replaced, never edited.
  s.log = s.log.map((e) => {
    // Read where the pieces lie in the real match (a revealed answer of pieces: `hiddenFrom`).
    const hidden = e.hidden || e.pieces ? hiddenFrom({ rt, s: real }, e, player) : undefined;
    let out = hidden !== undefined ? { ...e, label: hidden, option: "hidden" } : e;
    // A question that named a piece `player` cannot see keeps only what they read of it.
    if (out.promptFor && !readsAsWritten(out.promptFor, player)) {
      out = { ...out, prompt: out.promptFor.others };
      delete out.promptFor;
    }
    // So does a label that named one (`label "keep {card}"`).
    if (out.labelFor && !readsAsWritten(out.labelFor, player)) {
      // The option's id may be made from its label (a named option's is): gone with it.
      out = { ...out, label: out.labelFor.others, option: "hidden" };
      delete out.labelFor;
    }
    return out;
  });
  // So do the messages (a `log` line, a forced pick of a hidden piece), without what was taken.
  s.messages = s.messages.map((m) => (readsAsWritten(m, player) ? m : { text: m.others!, at: m.at }));

  const pending = s.pending;
  if (pending && !s.over) {
    // Who had answered an open secret choice, in the order they answered (the log shows that order).
    const answered: { player: number; id: string }[] = [];
    if (pending.kind === "secret") {
      // Named on the real match: a quiet match names an answer only when asked (`answerNamed`).
      const onReal = newExec(rt, real);
      for (const e of s.log) if (e.secret && !e.revealed) answered.push({ player: e.player, id: (e.player === player ? answerNamed(onReal, pending, e.player)?.id : undefined) ?? e.option });
      for (const a of answered) s.decisions[a.player]! -= 1;
      s.log = s.log.filter((e) => !(e.secret && !e.revealed));
    }
    // Offer the open decision again: the choice instruction has not run past its
    // offer, so running from it recomputes the options from the redrawn pieces.
    s.pending = null;
    const x = newExec(rt, s);
    x.quiet = quiet;
    run(x);
    // The same players answer again, in the same order: `player` as before, the
    // others at random (they have answered, but what is unknown).
    for (const a of answered) {
      const now = s.pending as Pending | null;
      if (now?.kind !== "secret") break;
      if (a.player === player) apply(x, a.id, player);
      else {
        const n = optionCount(x, a.player);
        if (n > 0) applyAt(x, uniformInt(rng, 0, n - 1), a.player);
      }
    }
  }
  return s;
}

/** The identities `ids` hold in `s`, to put back with `takeIdentity`. */
function identitiesOf(s: MatchState, ids: readonly number[]): Pick<PieceState, "c" | "st" | "owner">[] {
  return ids.map((id) => {
    const p = s.pieces[id]!;
    return { c: p.c, st: p.st, owner: p.owner };
  });
}

/**
 * Draws `s` again (`draw`) until no choice taken contradicts it, up to `MAX_DRAWS` times. When
 * none fits (late in a deal, several colours shown missing at once can leave few deals that fit: 3%
 * to 5% of the copies mid-deal in a 4-player card game with random play), the draw that contradicts the
 * fewest choices is kept, then repaired by swapping the identities of two pieces of one group at a
 * time, kept when it contradicts no more choices, up to `MAX_SWAPS` tries, all within
 * `MAX_CHECKS`. (Before, the last draw stood, contradicting 3 choices on average.) A repaired copy
 * is no longer drawn evenly among those that fit, but it is one the choices allow, or closer.
 */
function fitChoices(
  rt: Runtime,
  real: MatchState,
  s: MatchState,
  drawn: readonly { ids: number[] }[],
  redrawn: readonly number[],
  source: number[],
  past: readonly PastChoice[],
  draw: () => void,
  rng: ReturnType<typeof botRandom>,
): void {
  const groupIds = drawn.map((g) => g.ids);
  // Past decisions looked at, at most, over all draws and swaps: many kept decisions that few
  // deals fit (84 answers to "do you hold this card?") took 50 to 130 ms a redraw without it, 25
  // to 75 with it (a decision looked at costs 25 to 70 µs; the last of 64 draws took 4 to 10 ms).
  const work = { left: MAX_CHECKS };
  // Counted up to the fewest found so far: a draw that reaches it is no better.
  let fewest = contradictions(rt, real, s, groupIds, source, past, past.length, work);
  if (fewest === 0) return;
  let best = identitiesOf(s, redrawn);
  let bestSource = source.slice();
  for (let draws = 1; draws < MAX_DRAWS; draws++) {
    draw();
    const found = contradictions(rt, real, s, groupIds, source, past, fewest, work);
    if (found === 0) return;
    if (found < fewest) {
      fewest = found;
      best = identitiesOf(s, redrawn);
      bestSource = source.slice();
    }
  }
  redrawn.forEach((id, i) => {
    takeIdentity(rt, s, id, best[i]!);
    source[id] = bestSource[id]!;
  });
  // (Every group drawn holds two pieces or more: `resampleState` draws no other.)
  for (let swaps = 0; swaps < MAX_SWAPS && drawn.length > 0; swaps++) {
    const { ids } = drawn[uniformInt(rng, 0, drawn.length - 1)]!;
    const a = ids[uniformInt(rng, 0, ids.length - 1)]!;
    const pa = identitiesOf(s, [a])[0]!;
    // Two pieces of one zone trade nothing a choice reads but their order (not modelled), and two
    // like pieces nothing at all.
    const others = ids.filter((b) => {
      const pb = s.pieces[b]!;
      return (pb.zone === null || pb.zone !== s.pieces[a]!.zone) && (pb.c !== pa.c || pb.st !== pa.st || pb.owner !== pa.owner);
    });
    if (others.length === 0) continue;
    const b = others[uniformInt(rng, 0, others.length - 1)]!;
    const pb = identitiesOf(s, [b])[0]!;
    // Each keeps its own marks (`marks.ts`), and a swap must keep what they tell (`known`).
    takeIdentity(rt, s, a, identityFor(rt, s, a, pb));
    takeIdentity(rt, s, b, identityFor(rt, s, b, pa));
    [source[a], source[b]] = [source[b]!, source[a]!];
    const undo = (): void => {
      takeIdentity(rt, s, a, pa);
      takeIdentity(rt, s, b, pb);
      [source[a], source[b]] = [source[b]!, source[a]!];
    };
    // (Checked where a mark is set, as a draw checks it: `knownFits`.)
    const breaks = (id: number): boolean => marksSet(rt, s, id) && !holdsKnown(rt, s, id);
    if (hasKnown(rt, pa.c) && (breaks(a) || breaks(b))) {
      undo();
      continue;
    }
    const found = contradictions(rt, real, s, groupIds, source, past, fewest + 1, work);
    if (found === 0) return;
    if (found <= fewest) fewest = found;
    else undo();
  }
}
