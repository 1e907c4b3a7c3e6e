import { describe, expect, it } from "vitest";
import { compile, playRandomly } from "../../interpreter/index.ts";
import { fileNameFor, newGameText } from "../../editor/src/docs/new-game.ts";

describe("a new game's template", () => {
  it("compiles without a problem and plays to the end", () => {
    const r = compile(newGameText('My "First" Game'), "games/my-first-game.stela");
    expect(r.diagnostics).toEqual([]);
    const m = r.game!.start({ players: 3, seed: 5 });
    expect(playRandomly(m, 5)).toBe(9);
    expect(m.over).toBe(true);
    expect(m.view(null).title).toBe("My First Game");
  });

  it("names the file after the title", () => {
    expect(fileNameFor("  My First Game! ")).toBe("my-first-game.stela");
    expect(fileNameFor("tiles.stela")).toBe("tiles.stela");
    expect(fileNameFor("../..")).toBeUndefined();
  });
});
