import { describe, expect, it } from "vitest";
import { cellKey, spaceKey, type BoardView, type PieceView, type SpaceView } from "../../interpreter/index.ts";
import { CELL, columnName, hexPoints, layoutBoard, pieceOutline } from "../../editor/src/playtest/board-layout.ts";
import { clickablePieces, clickOnPiece, highlightedSpaces, indexOptions, optionsAtSpace, standIns } from "../../editor/src/playtest/option-index.ts";
import { ambiguousSymbols, fitLabel, inkOn } from "../../editor/src/playtest/present.ts";

function space(board: string, x: number, y: number, level = 0, at = { x: x + 0.5, y: y + 0.5 }): SpaceView {
  return { key: spaceKey(board, level ? cellKey(x, y, level) : cellKey(x, y)), x, y, level, label: "", attrs: {}, at };
}

function board(topology: BoardView["topology"], spaces: SpaceView[], pieces: BoardView["pieces"] = []): BoardView {
  const cell = topology.type === "grid" || topology.type === "open" || topology.type === "layered" ? "square" : "round";
  return { key: "b", name: "b", owner: null, topology, cell, spaces, pieces };
}

describe("board layout", () => {
  it("names columns as the engine does", () => {
    expect([0, 2, 25, 26, 27].map(columnName)).toEqual(["a", "c", "z", "aa", "ab"]);
  });

  it("puts grid spaces in rows and columns, holes left out", () => {
    const l = layoutBoard(board({ type: "grid", width: 3, height: 2 }, [space("b", 0, 0), space("b", 2, 1)]));
    const [a, b] = l.boxes;
    expect(b!.x - a!.x).toBe(2 * CELL);
    expect(b!.y - a!.y).toBe(CELL);
    expect(l.boxes).toHaveLength(2);
    expect(l.captions.map((c) => c.text)).toEqual(["a", "b", "c", "1", "2"]);
  });

  it("fits an open grid around what is there, negative coordinates too, and lets it pan", () => {
    const l = layoutBoard(board({ type: "open" }, [space("b", -2, 0), space("b", 1, 3)]));
    expect(l.pannable).toBe(true);
    expect(Math.min(...l.boxes.map((b) => b.x))).toBeGreaterThan(CELL / 2);
    expect(l.width).toBeGreaterThan(5 * CELL);
  });

  it("draws layered levels side by side, each one smaller, or stacked half a cell in", () => {
    const spaces = [space("b", 0, 0), space("b", 1, 1), space("b", 0, 0, 1)];
    const side = layoutBoard(board({ type: "layered", width: 2, height: 2, levels: 2 }, spaces), "side");
    expect(side.frames).toHaveLength(2);
    expect(side.byKey.get("b:0,0,1")!.x).toBeGreaterThan(side.byKey.get("b:1,1")!.x + CELL);
    const stacked = layoutBoard(board({ type: "layered", width: 2, height: 2, levels: 2 }, spaces), "stacked");
    const top = stacked.byKey.get("b:0,0,1")!;
    const base = stacked.byKey.get("b:0,0")!;
    expect(top.x + top.size / 2).toBeCloseTo(base.x + CELL, 0);
    expect(top.faint).toBe(true);
  });

  it("puts ring spaces on a circle, the first at the top", () => {
    const spaces = [0, 1, 2, 3].map((x) => space("b", x, 0));
    const l = layoutBoard(board({ type: "ring", size: 4 }, spaces));
    const [top, right, bottom] = l.boxes;
    expect(top!.y).toBeLessThan(right!.y);
    expect(right!.x).toBeGreaterThan(top!.x);
    expect(bottom!.y).toBeGreaterThan(right!.y);
    expect(l.boxes.every((b) => b.round)).toBe(true);
  });

  it("draws hex, track and graph boards where the engine's shape hints, as round spots", () => {
    const row = Math.sqrt(3) / 2;
    const hex = layoutBoard(board({ type: "hex", width: 2, height: 2 }, [space("h", 0, 0, 0, { x: 0.5, y: 0.5 }), space("h", 0, 1, 0, { x: 1, y: 0.5 + row })]));
    expect(hex.boxes.map((b) => [b.x, Math.round(b.y * 100) / 100, b.round])).toEqual([
      [22, 22, true],
      [22 + CELL / 2, Math.round((22 + row * CELL) * 100) / 100, true],
    ]);
    // A hex of a hex board is drawn as a hexagon, point up, whose sides meet its neighbours' (a
    // designer's reef read as a field of circles); a round spot of a graph stays a circle.
    expect(hex.boxes.map((b) => b.hex)).toEqual([true, true]);
    const corners = hexPoints(hex.boxes[0]!).split(" ").map((p) => p.split(",").map(Number) as [number, number]);
    expect(corners).toHaveLength(6);
    const [cx, cy] = [22 + CELL / 2, 22 + CELL / 2];
    expect(corners[0]![0]).toBeCloseTo(cx, 1);
    expect(corners[0]![1]).toBeLessThan(cy);
    // Two hexes side by side in a row, one cell apart, leave a gap of 4% of their width between them.
    const right = corners[1]![0] - cx;
    expect(2 * right).toBeGreaterThan(CELL * 0.95);
    expect(2 * right).toBeLessThan(CELL);
    const graph = layoutBoard(board({ type: "graph", size: 3, edges: [[0, 1], [1, 2]] }, [0, 1, 2].map((i) => space("g", i, 0, 0, { x: 0.5 + 2 * i, y: 0.5 }))));
    expect(graph.boxes.some((b) => b.hex)).toBe(false);
    expect(graph.links).toEqual([
      { x1: 22 + CELL / 2, y1: 22 + CELL / 2, x2: 22 + 2 * CELL + CELL / 2, y2: 22 + CELL / 2 },
      { x1: 22 + 2 * CELL + CELL / 2, y1: 22 + CELL / 2, x2: 22 + 4 * CELL + CELL / 2, y2: 22 + CELL / 2 },
    ]);
    expect(graph.width).toBe(44 + 5 * CELL);
  });

  it("outlines a multi-cell piece around its cells, not between them", () => {
    const spaces = [space("b", 0, 0), space("b", 1, 0), space("b", 0, 1)];
    const piece = { id: 1, kind: "P", owner: null, faceUp: true, cells: spaces.map((s) => s.key) };
    const l = layoutBoard(board({ type: "grid", width: 2, height: 2 }, spaces, [piece]));
    // An L of 3 cells has 8 outer edges.
    expect(pieceOutline(l, piece).match(/M/g)).toHaveLength(8);
  });
});

describe("pieces in a zone", () => {
  it("are named beside their chips when one symbol stands for pieces that read otherwise", () => {
    const chip = (id: number, symbol: string | undefined, label: string): PieceView => ({ id, kind: "Tile", name: null, owner: null, faceUp: true, fields: {}, state: {}, show: { ...(symbol ? { symbol } : {}), label } }) as unknown as PieceView;
    // Tzolk'in's wealth tiles: four "W", each worth something else.
    expect(ambiguousSymbols([chip(1, "W", "4 corn, 3 wood"), chip(2, "W", "2 stone"), chip(3, "Po2", "2 potatoes"), chip(4, "Po2", "2 potatoes"), chip(5, undefined, "x")])).toEqual(new Set(["W"]));
  });
});

describe("space labels", () => {
  it("read whole in a cell: shrunk, or on two lines, never running under the next space", () => {
    const width = CELL - 6;
    expect(fitLabel("t", width, 10)).toEqual({ lines: ["t"], size: 10 });
    // Tzolk'in's temple steps ran 8 characters at 10 px across 48-unit cells.
    expect(fitLabel("Chaac -1", width, 10)).toEqual({ lines: ["Chaac", "-1"], size: 10 });
    expect(fitLabel("2 +stone", width, 10)).toEqual({ lines: ["2", "+stone"], size: 10 });
  });
});

describe("options on the board", () => {
  const options = [
    { id: "t@1", label: "Temple on a1–b1", spaces: ["b:0,0", "b:1,0"], pieces: [7] },
    { id: "t@2", label: "Temple on a1–a2", spaces: ["b:0,0", "b:0,1"], pieces: [7] },
    { id: "p@1", label: "Palace on b1", spaces: ["b:1,0"], pieces: [8] },
    { id: "card", label: "Take the card", pieces: [9] },
    { id: "pass", label: "Pass" },
  ];
  const index = indexOptions(options);

  it("lists the options that mention nothing drawn", () => {
    expect(index.plain.map((o) => o.id)).toEqual(["pass"]);
  });

  it("offers every option covering a clicked space, the one starting there first", () => {
    expect(optionsAtSpace(index, "b:1,0", []).map((o) => o.id)).toEqual(["p@1", "t@1"]);
    expect(optionsAtSpace(index, "b:1,0", [], 7).map((o) => o.id)).toEqual(["t@1"]);
    expect(optionsAtSpace(index, "b:0,0", [], 8)).toEqual([]);
  });

  it("takes a piece-only option by clicking the piece, and selects a piece that has placements", () => {
    expect(clickOnPiece(index, 9)).toEqual({ choose: [options[3]] });
    expect(clickOnPiece(index, 7)).toEqual({ select: 7 });
    expect(clickOnPiece(index, 42)).toBeUndefined();
    expect([...highlightedSpaces(index, 7)].sort()).toEqual(["b:0,0", "b:0,1", "b:1,0"]);
  });

  it("lets a copy alike an offered piece stand in for it (the rules offer one of alike pieces)", () => {
    // A hand of two Tempura and a Wasabi; the rules offer the first Tempura (9) and the Wasabi (12).
    const card = (id: number, name: string, state: Record<string, number> = {}) => ({ id, kind: "Card", name, owner: 0, faceUp: true, fields: { points: 0 }, state });
    const hand = { pieces: [card(9, "Tempura"), card(10, "Tempura"), card(11, "Tempura", { marked: 1 }), card(12, "Wasabi")] };
    const other = { pieces: [card(13, "Tempura")] };
    const offered = indexOptions([
      { id: "tempura", label: "Tempura", pieces: [9] },
      { id: "wasabi", label: "Wasabi", pieces: [12] },
    ]);
    const stand = standIns([hand, other], clickablePieces(offered));
    // The other Tempura of the hand stands in for the one offered; one marked otherwise, or in another zone, does not.
    expect([...stand]).toEqual([[10, 9]]);
    expect(clickOnPiece(offered, stand.get(10) ?? 10)).toEqual({ choose: [{ id: "tempura", label: "Tempura", pieces: [9] }] });
  });
});

describe("labels", () => {
  it("pick dark ink on light colours and light ink on dark ones", () => {
    expect(inkOn("#ecf0f1")).toBe("#1b1b1b");
    expect(inkOn("#2471a3")).toBe("#ffffff");
  });

  it("wrap a long label onto two lines before shrinking it past reading", () => {
    expect(fitLabel("Palace", 42, 13).lines).toEqual(["Palace"]);
    const cube = fitLabel("Cube (white)", 42, 13);
    expect(cube.lines).toEqual(["Cube", "(white)"]);
    expect(cube.size).toBeGreaterThanOrEqual(7);
    expect(fitLabel("Supercalifragilistic", 30, 13).lines[0]!.endsWith("…")).toBe(true);
  });
});
