import { cellKey, type BoardView, type PieceView, type View } from "../index.ts";

/** Two letters for a piece: its symbol, else the start of its label. */
function mark(p: PieceView, viewer: number | null): string {
  if (p.hidden) return p.owner === null ? "##" : `#${p.owner + 1}`;
  const s = p.show?.symbol ?? p.show?.label ?? p.name ?? p.kind;
  const letters = s.replace(/[^A-Za-z0-9]/g, "");
  const code = (letters.slice(0, 1).toUpperCase() + letters.slice(1, 2).toLowerCase()).padEnd(2, " ");
  return p.owner !== null && p.owner !== viewer ? code : code;
}

function boardLines(b: BoardView, viewer: number | null): string[] {
  const byCell = new Map<string, PieceView>();
  for (const p of b.pieces) if (!p.covered) for (const c of p.cells ?? []) byCell.set(c, p);
  const levels = [...new Set(b.spaces.map((s) => s.level))].sort((a, c) => a - c);
  const out: string[] = [];
  for (const level of levels) {
    const spaces = b.spaces.filter((s) => s.level === level);
    if (spaces.length === 0) continue;
    const xs = spaces.map((s) => s.x);
    const ys = spaces.map((s) => s.y);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const at = new Map(spaces.map((s) => [cellKey(s.x, s.y), s]));
    if (levels.length > 1) out.push(`  level ${level + 1}`);
    // An open grid names its spaces by coordinates, `(x,y)`: label the columns and rows with them.
    const open = b.topology.type === "open";
    // Cells are 2 characters wide, 3 when a space's label needs them (a track's `-10`).
    const w = Math.min(3, Math.max(2, ...spaces.map((s) => (byCell.has(s.key) ? 2 : (s.show?.label ?? "").length))));
    const header = ["    "];
    for (let x = x0; x <= x1; x++) header.push((open ? String(x) : String.fromCharCode(97 + ((x - x0) % 26))).padEnd(w + 1));
    // A hex board's rows each start half a cell further right, as it is drawn.
    const hex = b.topology.type === "hex";
    if (b.topology.type !== "ring") out.push(header.join("").trimEnd());
    for (let y = y0; y <= y1; y++) {
      const row = [`${String(open ? y : y - y0 + 1).padStart(3)} ${hex ? " ".repeat(Math.floor(((y - y0) * (w + 1)) / 2)) : ""}`];
      for (let x = x0; x <= x1; x++) {
        const s = at.get(cellKey(x, y));
        const p = s ? byCell.get(s.key) : undefined;
        row.push(p ? `${mark(p, viewer).padEnd(w)} ` : s ? `${(s.show?.label || ".").slice(0, w).padEnd(w)} ` : " ".repeat(w + 1));
      }
      out.push(row.join("").trimEnd());
    }
  }
  return out;
}

/** The match as a player sees it, as text for a terminal. */
export function renderText(v: View): string {
  const lines: string[] = [];
  const who = v.decision ? v.decision.players.map((p) => v.players[p]!.name).join(", ") : "";
  lines.push(`== ${v.title}${v.variant ? ` (${v.variant})` : ""}${who ? ` — ${who} to decide` : ""} ==`);
  for (const b of v.boards) {
    lines.push(`${b.name}${b.owner !== null ? ` of ${v.players[b.owner]!.name}` : ""}:`);
    lines.push(...boardLines(b, v.viewer));
  }
  for (const z of v.zones) {
    if (z.count === 0) continue;
    const content = z.pieces ? z.pieces.map((p) => p.show?.label ?? p.name ?? p.kind).join(", ") : "hidden";
    lines.push(`${z.label} (${z.count}): ${content}`);
  }
  for (const p of v.players) {
    const vars = Object.entries(p.vars)
      .map(([k, val]) => `${k} ${Array.isArray(val) ? `[${val.join(", ")}]` : String(val)}`)
      .join(", ");
    lines.push(`${p.name}${p.seat === v.viewer ? " (you)" : ""}: ${vars}`);
  }
  for (const m of v.messages.slice(-5)) lines.push(`  · ${m.text}`);
  return lines.join("\n");
}
