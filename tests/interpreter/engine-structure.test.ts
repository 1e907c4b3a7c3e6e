import { describe, expect, it } from "vitest";
import { builtinImpl } from "../../interpreter/builtins/index.ts";
import type { Instr } from "../../interpreter/compile-code.ts";
import { compileFlow } from "../../interpreter/compile-flow.ts";
import { newExec } from "../../interpreter/exec.ts";
import { RuntimeError } from "../../interpreter/runtime-error.ts";
import { gameFromSource } from "../support/games.ts";

const GAME = `
  game "Stones" { players 2 }
  kind Stone { }
  components Stone in pool { x40 }
  zone pool: Stone public
  board row: grid(40, 1)
  flow {
    for s in spaces(row) { place top(pool) at s }
    turn players[0] { let n = choose n from [1, 2] prompt "Pick" }
  }
  scoring p { points 0 }
`;

/** How the engine is built: work is charged, unknown code fails loudly. */
describe("engine structure", () => {
  it("`connected` and `groups` count against the step budget like the other built-ins", () => {
    const game = gameFromSource(GAME);
    const m = game.start({ players: 2, seed: 1 });
    const rt = game.runtime();
    const span = rt.def.flow.span;
    const stones = m.state.placed["row"]!;
    expect(stones).toHaveLength(40);
    const x = newExec(rt, m.state);
    expect(builtinImpl("connected")!(x, [stones[0]!, stones], span)).toHaveLength(40);
    // Indexing 40 members and visiting 40: at least 80 steps.
    expect(x.steps).toBeGreaterThanOrEqual(80);
    const before = x.steps;
    expect(builtinImpl("groups")!(x, [stones], span)).toEqual([stones]);
    expect(x.steps - before).toBeGreaterThanOrEqual(80);

    const tight = { ...newExec(rt, m.state), budget: 50 };
    let code: string | undefined;
    try {
      builtinImpl("groups")!(tight, [stones], span);
    } catch (e) {
      code = e instanceof RuntimeError ? e.code : "other";
    }
    expect(code).toBe("runtime-step-budget");
  });

  it("a block too long to compile in good time runs in the VM's loop, to the same end", () => {
    const game = gameFromSource(`game "Long" { players 2 }
var v: number = 0
flow {
${"  v += 1\n".repeat(2100)}}
scoring p { points 0 }`);
    const flow = game.runtime().code.get("flow")!;
    expect(flow.instrs.length).toBeGreaterThan(2000);
    expect(flow.flow!.fast.every((f) => f === 0)).toBe(true);
    expect(game.start({ players: 2, seed: 1 }).global("v")).toBe(2100);
  });

  it("an instruction the engine does not know stops the match with an error, instead of spinning", () => {
    const game = gameFromSource(GAME);
    const m = game.start({ players: 2, seed: 1 });
    const rt = game.runtime();
    const flow = rt.code.get("flow")!;
    const f = m.state.stack[0]!;
    // Corrupt the instruction after the pending choice: what an unhandled IR case would look like.
    flow.instrs.splice(f.pc + 1, 0, { k: "mystery", span: flow.span } as unknown as Instr);
    flow.ops.splice(f.pc + 1, 0, 99);
    // The compiled block is compiled again from the corrupted one: it leaves a kind it does not know to the VM's loop.
    expect(flow.flow).toBeDefined();
    flow.flow = compileFlow(flow);
    expect(flow.flow.fast[f.pc + 1]).toBe(0);
    m.applyAt(0);
    expect(m.over).toBe(true);
    expect(m.error?.code).toBe("runtime-error");
    expect(m.error?.message).toMatch(/unknown instruction/);
  });
});
