import { cellKey, spaceLegend, type BoardView, type PieceView, type SpaceView, type View, type ZoneView } from "../index.ts";

/**
 * Owners are marked with superscript digits (`Po2¹`: a piece of Player 1), never plain ones: a
 * piece's own symbol often carries a digit (a count, a value), and `P1` must not read as "Player 1".
 */
const SUPERSCRIPT = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];

/** The owner mark of seat `seat` (0-based): `¹` for the first player, `¹⁰` for the tenth. */
export function ownerMark(seat: number): string {
  return String(seat + 1)
    .split("")
    .map((d) => SUPERSCRIPT[Number(d)]!)
    .join("");
}

/** The longest symbol a board cell shows (cells widen to fit): a symbol is meant short, a label is not. */
const MAX_SYMBOL = 8;

/** A piece's short code: its symbol (kept whole up to `MAX_SYMBOL`, so counts and values show), else the start of its label. */
function code(p: PieceView): string {
  if (p.hidden) return "##";
  const symbol = p.show?.symbol?.replace(/\s+/g, "");
  if (symbol) return symbol.slice(0, MAX_SYMBOL);
  const letters = (p.show?.label ?? p.name ?? p.kind).replace(/[^A-Za-z0-9]/g, "");
  return letters.slice(0, 1).toUpperCase() + letters.slice(1, 2).toLowerCase();
}

/** The piece's code with its owner: what a cell of the board shows. */
function mark(p: PieceView): string {
  return code(p) + (p.owner !== null ? ownerMark(p.owner) : "");
}

/**
 * What stands on one space, bottom first: every piece of a stack (two players' pawns on one
 * town, three trains on one route), like ones side by side counted (`T¹×3`). Only the top one
 * was drawn, so a pawn under another was nowhere on the map.
 */
function stackText(on: readonly PieceView[], sep: string): string {
  const parts: string[] = [];
  for (let i = 0; i < on.length; ) {
    const m = mark(on[i]!);
    let n = 1;
    while (i + n < on.length && mark(on[i + n]!) === m) n++;
    parts.push(n > 1 ? `${m}×${n}` : m);
    i += n;
  }
  return parts.join(sep);
}

/** What a piece is, for a legend or a list: its label, and for a hidden piece that nobody may see it. */
function describe(p: PieceView): string {
  return p.hidden ? "face down" : (p.show?.label ?? p.name ?? p.kind);
}

const pad = (s: string, w: number): string => s + " ".repeat(Math.max(0, w - [...s].length));
const center = (s: string, w: number): string => {
  const left = Math.floor((w - [...s].length) / 2);
  return pad(" ".repeat(Math.max(0, left)) + s, w);
};

/** What a space label means: the board's `show { text }`, else the fields all spaces with that label share. */
/** The legend of a board: each piece code and each space label drawn on it, and the owner marks. */
function legend(b: BoardView, pieces: PieceView[], players: string[]): string[] {
  const entries = new Map<string, string>();
  // One code for pieces with different labels (worker tiles of several layouts) stands for their kind.
  for (const p of pieces) {
    const seen = entries.get(code(p));
    entries.set(code(p), seen === undefined || seen === describe(p) ? describe(p) : p.kind);
  }
  // A piece's code explains itself first: a space label written the same is not explained again.
  for (const { label, meaning } of spaceLegend(b)) if (!entries.has(label)) entries.set(label, meaning);
  const owners = [...new Set(pieces.map((p) => p.owner).filter((o): o is number => o !== null))].sort((a, c) => a - c);
  const parts = [...entries].map(([k, v]) => `${k} ${v}`);
  if (owners.length) parts.push(owners.map((o) => `${ownerMark(o)} ${players[o]}`).join(", "));
  return parts.length ? [`  legend: ${parts.join(" · ")}`] : [];
}

/** A board one space high (a track): its spaces in a line, each with its value and what stands on it. */
function trackLine(spaces: SpaceView[], byCell: Map<string, PieceView[]>): string {
  return spaces
    .sort((a, c) => a.x - c.x)
    .map((s) => {
      const on = byCell.get(s.key) ?? [];
      const label = s.show?.label || ".";
      return on.length ? `[${label} ${stackText(on, " ")}]` : label;
    })
    .join(" ");
}

/**
 * A graph (a route map) as a list: each space by its number, with its label and what stands on
 * it, then the spaces it is joined to, each with its label. Its edges are the board: a row of spaces would hide them,
 * and the options name spaces by these numbers ("roads 2").
 */
function graphLines(b: BoardView, edges: readonly (readonly [number, number])[], byCell: Map<string, PieceView[]>): string[] {
  const joined = new Map<number, number[]>();
  for (const [a, c] of edges) {
    joined.set(a, [...(joined.get(a) ?? []), c]);
    if (c !== a) joined.set(c, [...(joined.get(c) ?? []), a]);
  }
  const spaces = [...b.spaces].sort((a, c) => a.x - c.x);
  // A space the rules name (`names: ["Alaska", …]`) reads by its name after its number.
  const called = (s: (typeof spaces)[number]): string => (s.label !== `${b.name} ${s.x}` ? s.label : "");
  // What the board's `show` writes on a space, unless it repeats its name (`label: this.label` on a
  // town read "0 Avon Avon").
  const shown = (s: (typeof spaces)[number]): string => {
    const label = s.show?.label;
    return label && label !== "." && label !== called(s) ? label : "";
  };
  const heads = spaces.map((s) => [String(s.x), called(s), shown(s), stackText(byCell.get(s.key) ?? [], " ")].filter(Boolean).join(" "));
  const w = heads.reduce((m, h) => Math.max(m, [...h].length), 0);
  // A space it is joined to reads with its label (`→ 13 2 red, 16 1 grey`), not as a bare number
  // to look up: on a route map the numbers say nothing.
  const labels = new Map(spaces.map((s) => [s.x, [called(s), shown(s)].filter(Boolean).join(" ")]));
  const named = (n: number): string => (labels.get(n) ? `${n} ${labels.get(n)}` : String(n));
  return spaces.map((s, i) => {
    const to = [...new Set(joined.get(s.x) ?? [])].sort((a, c) => a - c);
    return `    ${pad(heads[i]!, w)}  ${to.length ? `→ ${to.map(named).join(", ")}` : "(joined to none)"}`;
  });
}

/**
 * The corners or edges of a board (`corners(land)`): dozens of spaces with no rows to draw them
 * in, so only those with a piece, by name (`c3 n S¹`), a few to a line; the others read
 * "(empty)" as a whole.
 */
function partLines(b: BoardView, byCell: Map<string, PieceView[]>): string[] {
  const taken = b.spaces.filter((s) => byCell.has(s.key)).map((s) => `${s.label} ${stackText(byCell.get(s.key)!, " ")}`);
  if (taken.length === 0) return [`    (nothing on its ${b.spaces.length} ${b.topology.type})`];
  const out: string[] = [];
  for (let i = 0; i < taken.length; i += 6) out.push(`    ${taken.slice(i, i + 6).join(", ")}`);
  return out;
}

function boardLines(b: BoardView, players: string[]): string[] {
  const byCell = new Map<string, PieceView[]>();
  const visible: PieceView[] = [];
  // Covered pieces too, bottom first as the view lists them: a stack shows every piece in it.
  for (const p of b.pieces) {
    visible.push(p);
    for (const c of p.cells ?? []) byCell.set(c, [...(byCell.get(c) ?? []), p]);
  }
  const levels = [...new Set(b.spaces.map((s) => s.level))].sort((a, c) => a - c);
  const out: string[] = [];
  for (const level of levels) {
    const spaces = b.spaces.filter((s) => s.level === level);
    if (spaces.length === 0) continue;
    const xs = spaces.map((s) => s.x);
    const ys = spaces.map((s) => s.y);
    // `reduce`, not `Math.min(...xs)`: a board may have more spaces than can be spread as arguments.
    const [x0, x1, y0, y1] = [xs.reduce((a, b) => Math.min(a, b)), xs.reduce((a, b) => Math.max(a, b)), ys.reduce((a, b) => Math.min(a, b)), ys.reduce((a, b) => Math.max(a, b))];
    if (levels.length > 1) out.push(`  level ${level + 1}`);
    if (b.topology.type === "graph") {
      out.push(...graphLines(b, b.topology.edges, byCell));
      continue;
    }
    if (b.topology.type === "corners" || b.topology.type === "edges") {
      out.push(...partLines(b, byCell));
      continue;
    }
    if (y0 === y1 && b.topology.type !== "open") {
      out.push(`    ${trackLine(spaces, byCell)}`);
      continue;
    }
    const at = new Map(spaces.map((s) => [cellKey(s.x, s.y), s]));
    const cellText = (s: SpaceView | undefined): string => {
      if (!s) return "";
      const on = byCell.get(s.key);
      return on ? stackText(on, "") : s.show?.label || ".";
    };
    // A piece with sides (workers on a tile's edges) is drawn 3 lines high: its side values
    // above, beside and below its code.
    const sided = visible.some((p) => p.sides && Object.keys(p.sides).length > 0);
    const w = Math.max(2, ...spaces.map((s) => [...cellText(s)].length)) + (sided ? 2 : 0);
    // An open grid names its spaces by coordinates, `(x,y)`: label the columns and rows with them.
    const open = b.topology.type === "open";
    const header = ["    "];
    for (let x = x0; x <= x1; x++) header.push(center(open ? String(x) : String.fromCharCode(97 + ((x - x0) % 26)), w) + " ");
    if (b.topology.type !== "ring") out.push(header.join("").trimEnd());
    for (let y = y0; y <= y1; y++) {
      const rowName = String(open ? y : y - y0 + 1).padStart(3);
      if (!sided) {
        // A hex board's rows each start half a cell further right, as it is drawn.
        const shift = b.topology.type === "hex" ? " ".repeat(Math.floor(((y - y0) * (w + 1)) / 2)) : "";
        const row = [`${rowName} ${shift}`];
        for (let x = x0; x <= x1; x++) {
          const s = at.get(cellKey(x, y));
          row.push(pad(s ? cellText(s) : "", w) + " ");
        }
        out.push(row.join("").trimEnd());
        continue;
      }
      const [top, mid, bottom] = [["    "], [`${rowName} `], ["    "]];
      for (let x = x0; x <= x1; x++) {
        const s = at.get(cellKey(x, y));
        const p = s ? byCell.get(s.key)?.[0] : undefined;
        const sides = p?.sides ? Object.values(p.sides)[0] : undefined;
        if (sides) {
          const [t, r, bo, l] = sides.map(String);
          top.push(center(t!, w) + " ");
          mid.push(pad(`${l}${center(cellText(s), w - 2)}${r}`, w) + " ");
          bottom.push(center(bo!, w) + " ");
        } else {
          top.push(" ".repeat(w + 1));
          mid.push(center(cellText(s), w) + " ");
          bottom.push(" ".repeat(w + 1));
        }
      }
      for (const line of [top, mid, bottom]) if (line.join("").trim()) out.push(line.join("").trimEnd());
    }
  }
  out.push(...legend(b, visible, players));
  return out;
}

/**
 * A zone's pieces from the bottom up (the last is its `top`), a run of identical ones counted:
 * `Temple ×9`, `2 corn¹, 1 pepper¹`. Only pieces side by side are counted together: a discard pile
 * `red 2, red wager ×2, red 2` shows which card would be drawn from it.
 */
function zoneContent(z: ZoneView): string {
  // A hidden piece shows its marks (what clues told of it): each piece in order, the marked ones with them.
  if (!z.pieces && z.marked) return z.marked.map((p) => (p.marks ? `hidden (${Object.entries(p.marks).map(([k, v]) => `${k} ${valueText(v)}`).join(", ")})` : "hidden")).join(", ");
  if (!z.pieces) return "hidden";
  const runs: { key: string; n: number }[] = [];
  for (const p of z.pieces) {
    const owner = p.owner !== null && p.owner !== z.owner ? ownerMark(p.owner) : "";
    const key = describe(p) + owner;
    const last = runs[runs.length - 1];
    if (last?.key === key) last.n++;
    else runs.push({ key, n: 1 });
  }
  return runs.map(({ key, n }) => (n > 1 ? `${key} ×${n}` : key)).join(", ");
}

/** A variable's value as a line of text reads it: a list in brackets, a piece by its label. */
function valueText(val: unknown): string {
  if (Array.isArray(val)) return `[${val.map(valueText).join(", ")}]`;
  if (val === null || val === undefined) return "none";
  return String(val);
}

/**
 * What each player held that the table did not see, for the end of a game: a zone a player's own
 * view shows and the spectator's hides (a hand), as its owner sees it. Zones nobody sees (a
 * deck) stay unshown, as they would at a table.
 */
export function revealedZones(table: View, own: (seat: number) => View): string[] {
  const lines: string[] = [];
  const views = new Map<number, View>();
  for (const z of table.zones) {
    if (z.pieces || z.owner === null || z.count === 0) continue;
    let view = views.get(z.owner);
    if (!view) views.set(z.owner, (view = own(z.owner)));
    const theirs = view.zones.find((o) => o.key === z.key);
    if (theirs?.pieces) lines.push(`${z.label} (${z.count}), shown at the end: ${zoneContent(theirs)}`);
  }
  return lines;
}

/** The match as a player sees it, as text for a terminal. */
export function renderText(v: View, opts: { messages?: boolean } = {}): string {
  const lines: string[] = [];
  const names = v.players.map((p) => p.name);
  const who = v.decision ? v.decision.players.map((p) => names[p]).join(", ") : "";
  lines.push(`== ${v.title}${v.variant ? ` (${v.variant})` : ""}${who ? ` — ${who} to decide` : ""} ==`);
  for (const b of v.boards) {
    lines.push(`${b.name}${b.owner !== null ? ` of ${names[b.owner]}` : ""}:`);
    lines.push(...boardLines(b, names));
  }
  for (const z of v.zones) {
    if (z.count === 0) continue;
    lines.push(`${z.label} (${z.count}): ${zoneContent(z)}`);
  }
  // The rules' own variables (`var round = 1`): a count of the round or the climbers of a turn is
  // part of the table a player reads.
  // Bookkeeping the rules declare `internal` stays off the screen.
  const shown = (k: string): boolean => !v.internalVars?.includes(k);
  const globals = Object.entries(v.globals)
    .filter(([k]) => shown(k))
    .map(([k, val]) => `${k} ${v.globalsText[k] ?? valueText(val)}`);
  if (globals.length) lines.push(`game: ${globals.join(", ")}`);
  for (const p of v.players) {
    const vars = Object.entries(p.vars)
      .filter(([k]) => shown(k))
      .map(([k, val]) => {
        // One value per enum member (`per Resource number`): each with its member's name.
        const keys = p.keys?.[k];
        if (keys && Array.isArray(val) && val.length === keys.length) return `${k} (${keys.map((m, i) => `${m} ${valueText(val[i]!)}`).join(", ")})`;
        return `${k} ${valueText(val)}`;
      })
      .join(", ");
    lines.push(`${p.name}${p.seat === v.viewer ? " (you)" : ""}${vars ? `: ${vars}` : ""}`);
  }
  // The last messages, unless the caller prints them as they come (`stela play`).
  if (opts.messages !== false) for (const m of v.messages.slice(-5)) lines.push(`  · ${m.text}`);
  return lines.join("\n");
}
