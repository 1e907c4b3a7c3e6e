import { safeColour, type Value } from "../../../dsl/index.ts";
import type { PieceView, View } from "../../../interpreter/index.ts";
import { agree, count } from "../text/plural.ts";

/** A player as a view shows them (name, colour, variables). */
export type PlayerView = View["players"][number];

/** Player colours when the game names none: distinct, readable on white. */
const FALLBACK_COLOURS = ["#c0392b", "#2471a3", "#b7950b", "#1e8449", "#7d3c98", "#ca6f1e", "#17a589", "#5d6d7e"];

export function playerColour(players: PlayerView[], seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "#5d6d7e";
  return colourOr(players[seat]?.colour, FALLBACK_COLOURS[seat % FALLBACK_COLOURS.length]!);
}

/**
 * A rule file's colour, or `fallback` when it is not a plain colour. Every
 * colour from a rule file goes into a style or SVG attribute through here, so
 * a shared file cannot place CSS (`url(…)`) in the page (the engine's views
 * already drop such colours; this guards views from elsewhere, like a share link).
 */
export function colourOr(colour: string | undefined, fallback: string): string {
  return safeColour(colour) ?? fallback;
}

export function playerName(players: PlayerView[], seat: number): string {
  return players[seat]?.name ?? `Player ${seat + 1}`;
}

/**
 * A decision as a line that reads on its own: who, what the rules asked
 * (the choice's prompt) and what they chose (the option's label), e.g.
 * "Player 1 — Place a piece: Palace on d4". Rules word their prompts freely
 * (an order, a question, "Your turn"), so the prompt is quoted as written,
 * not turned into a verb. Without a prompt: who and the label.
 */
export function decisionSentence(who: string, prompt: string | undefined, label: string): string {
  const asked = prompt?.trim();
  if (!asked) return `${who}: ${label}`;
  return `${who} — ${asked}${/[?:!.…]$/.test(asked) ? "" : ":"} ${label}`;
}

/** The decisions set aside after a stop, as a sentence's subject and verb: "1 later decision waits", "3 later decisions wait". */
export function laterDecisionsWait(n: number): string {
  return `${count(n, "later decision")} ${agree(n, "waits", "wait")}`;
}

/** The log's heading count: "1 decision", "12 decisions, 2 to redo". */
export function logCount(decisions: number, redo: number): string {
  return `${count(decisions, "decision")}${redo ? `, ${redo} to redo` : ""}`;
}

/**
 * A result table's tiebreak column: a short name that fits ("tiebreak 1"),
 * the rule as the rules write it (`most staying(p)`, shown whole under the
 * name, never cut mid-expression) and a sentence for its tooltip.
 */
export function tiebreakColumn(index: number, rule: string | undefined): { name: string; rule: string; title: string } {
  const name = `tiebreak ${index + 1}`;
  const text = rule?.trim() ?? "";
  return { name, rule: text, title: `Tiebreak ${index + 1}, between players tied on score${text ? `: ${text}` : ""}` };
}

let probe: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour as `#rrggbb` (named colours included), or undefined. */
function toHex(colour: string): string | undefined {
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  if (/^#[0-9a-f]{3}$/i.test(colour)) return `#${[...colour.slice(1)].map((c) => c + c).join("")}`;
  if (probe === undefined) probe = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!probe) return undefined;
  probe.fillStyle = "#000000";
  probe.fillStyle = colour;
  return /^#[0-9a-f]{6}$/i.test(probe.fillStyle) ? probe.fillStyle : undefined;
}

/** Black or white, whichever reads better on `background`. */
export function inkOn(background: string | undefined): string {
  const hex = background ? toHex(background) : undefined;
  if (!hex) return "#1b1b1b";
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.36 ? "#1b1b1b" : "#ffffff";
}

/** A value as a designer reads it in a panel. */
export function formatValue(v: Value, players: PlayerView[] = [], keys?: readonly string[]): string {
  if (v === null || v === undefined) return "none";
  // One value per enum member: each with its member's name.
  if (keys && Array.isArray(v) && v.length === keys.length) return keys.map((k, i) => `${k} ${formatValue(v[i]!, players)}`).join(", ");
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.length === 0 ? "[]" : `[${v.map((x) => formatValue(x, players)).join(", ")}]`;
  if ("shape" in v) return "a shape";
  return "a placement";
}

/** The cells of a piece's first shape field, normalised to start at 0,0, for a small drawing. */
export function pieceShape(piece: PieceView): [number, number][] | undefined {
  for (const v of Object.values(piece.fields ?? {})) {
    if (v && typeof v === "object" && !Array.isArray(v) && "shape" in v && Array.isArray(v.shape)) {
      let cells = v.shape as [number, number][];
      // Mirrored and turned as placed, so a piece on its way back to a zone looks like its footprint.
      if (piece.mirrored) cells = cells.map(([x, y]) => [-x, y]);
      for (let r = 0; r < (piece.rotation ?? 0) % 4; r++) cells = cells.map(([x, y]) => [-y, x]);
      const minX = Math.min(...cells.map((c) => c[0]));
      const minY = Math.min(...cells.map((c) => c[1]));
      return cells.map(([x, y]) => [x - minX, y - minY]);
    }
  }
  return undefined;
}

/** The name a piece is shown with: its `show` label, its component name, or its kind. */
export function pieceTitle(piece: PieceView): string {
  if (piece.hidden) return `a hidden ${piece.kind}`;
  return piece.show?.label ?? piece.name ?? piece.kind;
}

/** The font size that fits `text` across `width` (SVG units), between `min` and `max`. */
/** The longest label a chip draws inside its square; a longer one goes beside it. */
export const INSIDE = 6;

/**
 * Whether a zone's chips show their labels beside their squares: when any label (a piece without
 * a symbol, face up) is too long to draw inside one, all do, so a hand reads one way.
 */
export function labelsBeside(pieces: readonly PieceView[]): boolean {
  return pieces.some((p) => !p.hidden && !p.show?.symbol && (p.show?.label ?? p.name ?? p.kind).length > INSIDE);
}

export function fitFont(text: string, width: number, max: number, min = 7): number {
  if (!text) return max;
  return Math.max(min, Math.min(max, (width * 1.7) / text.length));
}

/**
 * A label laid out to fit `width`: one line when it reads at 9 units or
 * more, else two lines split at the space nearest the middle, else one line
 * cut short with an ellipsis (the full text is in the tooltip).
 */
export function fitLabel(text: string, width: number, max: number): { lines: string[]; size: number } {
  const one = fitFont(text, width, max, 0);
  if (one >= 9 || !text) return { lines: [text], size: Math.max(7, one) };
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length) {
    const cut = spaces.reduce((a, b) => (Math.abs(b - text.length / 2) < Math.abs(a - text.length / 2) ? b : a));
    const lines = [text.slice(0, cut), text.slice(cut + 1)];
    const size = Math.min(...lines.map((l) => fitFont(l, width, max, 0)));
    if (size >= 7) return { lines, size: Math.min(size, max) };
  }
  const keep = Math.max(1, Math.floor((width * 1.7) / 7) - 1);
  return { lines: [text.length > keep ? `${text.slice(0, keep)}…` : text], size: 7 };
}

/**
 * The symbols that stand for pieces of different labels among `pieces`: their chips alone cannot
 * be told apart (four Tzolk'in wealth tiles, each "W", each worth something else), so their names
 * are shown beside them. A symbol all of whose pieces read alike (Maya's "Po2") stays alone.
 */
export function ambiguousSymbols(pieces: readonly PieceView[]): Set<string> {
  const labels = new Map<string, Set<string>>();
  for (const p of pieces) {
    const symbol = p.hidden ? undefined : p.show?.symbol;
    if (symbol === undefined) continue;
    let seen = labels.get(symbol);
    if (!seen) labels.set(symbol, (seen = new Set()));
    seen.add(p.show?.label ?? p.name ?? p.kind);
  }
  return new Set([...labels].filter(([, l]) => l.size > 1).map(([symbol]) => symbol));
}
