import { describe, expect, it } from "vitest";
import type { ChooseExpr, SecretChooseExpr, Stmt } from "../../dsl/ast.ts";
import { format } from "../../dsl/format.ts";
import { parse } from "../../dsl/parse.ts";

/** The statements of the flow of `game … flow { turn players[0] { <body> } }`. */
function body(src: string): Stmt[] {
  const r = parse(`game "T" { players 2 }\nflow {\n  turn players[0] {\n${src}\n  }\n}\nscoring p { points 0 }\n`, "t.stela");
  expect(r.diagnostics.map((d) => `${d.span.start.line}:${d.span.start.column} ${d.message}`)).toEqual([]);
  const flow = r.ast.decls.find((d) => d.kind === "FlowDecl") as Extract<(typeof r.ast.decls)[number], { kind: "FlowDecl" }>;
  const turn = flow.body.stmts[0] as Extract<Stmt, { kind: "TurnStmt" }>;
  return turn.body.stmts;
}

function choice(s: Stmt | undefined): ChooseExpr | SecretChooseExpr {
  if (s?.kind !== "LetStmt" || (s.value.kind !== "ChooseExpr" && s.value.kind !== "SecretChooseExpr")) throw new Error("not a choice");
  return s.value;
}

describe("choice syntax", () => {
  it("a bracketed label, `label (…)`, is the clause; `label(x)` written as a call starts a statement", () => {
    const [s] = body(`let k = choose k from 0..1 prompt "Keep?" label (if k == 0 then "keep" else "score")`);
    expect(choice(s).label?.kind).toBe("IfExpr");
    const [first, second] = body(`let k = choose k from 0..1 prompt "Keep?"\nlabel(k)`);
    expect(choice(first).label).toBeUndefined();
    expect(second?.kind).toBe("CallStmt");
    // On a line of its own, with a space before the bracket too: a statement (a procedure may be called `label`).
    const [third, fourth] = body(`let k = choose k from 0..1 prompt "Keep?"\nlabel (k)`);
    expect(choice(third).label).toBeUndefined();
    expect(fourth?.kind).toBe("CallStmt");
  });

  it("`label` and `ask always` are clauses of a choice, in any order with the others", () => {
    const [s] = body(`let k = choose k from 0..5 label "{k} gold" ask always prompt "How many?"`);
    const c = choice(s);
    expect(c.variable.text).toBe("k");
    expect(c.label?.kind).toBe("TemplateLit");
    expect(c.askAlways?.start.column).toBe(45);
    expect(c.prompt?.kind).toBe("StringLit");
    expect(c.count).toBeUndefined();
  });

  it("`label` and `ask` stay ordinary names: a statement on the next line is not taken for a clause", () => {
    const stmts = body(`let k = choose k from 0..5\nlabel = 3\nask(k)`);
    expect(stmts.map((s) => s.kind)).toEqual(["LetStmt", "AssignStmt", "CallStmt"]);
    expect(choice(stmts[0]).label).toBeUndefined();
  });

  it("a count before the item's name picks several; a bare name is the item's name; without a name the items are `it`", () => {
    const [a, b, c, d] = body(`let a = choose 2 c from xs where c > 0
let b = choose n c from xs
let c = choose n from xs
let d = secretly each p in players chooses 2 from p.hand label "{it}"`);
    expect([choice(a).count?.kind, choice(a).variable.text, choice(a).wheres.length]).toEqual(["NumberLit", "c", 1]);
    expect([choice(b).count?.kind, choice(b).variable.text]).toEqual(["NameExpr", "c"]);
    expect([choice(c).count, choice(c).variable.text]).toEqual([undefined, "n"]);
    expect([choice(d).kind, choice(d).count?.kind, choice(d).variable.text]).toEqual(["SecretChooseExpr", "NumberLit", "it"]);
  });

  it("`if any` ends a choice's clauses; an `if any x in …` statement on the next line stays a statement", () => {
    const stmts = body(`let a = choose c from xs where c > 0 if any prompt "Pick"
let b = choose c from xs where c > 1
  if any
if any y in xs: y > 2 {
  log "big"
}
let d = choose c from xs`);
    expect(stmts.map((s) => s.kind)).toEqual(["LetStmt", "LetStmt", "IfStmt", "LetStmt"]);
    expect(choice(stmts[0]).ifAny?.start.column).toBe(38);
    expect(choice(stmts[0]).prompt?.kind).toBe("StringLit");
    expect(choice(stmts[1]).ifAny?.start.line).toBe(6);
    expect(choice(stmts[3]).ifAny).toBeUndefined();
  });

  it("`stela fmt` hangs an `if any` line under its choice and leaves an `if any x in …` statement alone", () => {
    const src = `game "T" { players 2 }\nflow {\n  turn players[0] {\n    let k = choose k from [1, 2, 3] where k > 1\n  if any\n    if any j in [1]: j > 0 {\n      log "j"\n    }\n  }\n}\nscoring p { points 0 }\n`;
    const out = format(src, "t.stela").text;
    expect(out).toBe(`game "T" { players 2 }\nflow {\n  turn players[0] {\n    let k = choose k from [1, 2, 3] where k > 1\n      if any\n    if any j in [1]: j > 0 {\n      log "j"\n    }\n  }\n}\nscoring p { points 0 }\n`);
    expect(format(out, "t.stela").text).toBe(out);
  });

  it("`stela fmt` keeps `ask always` in `game { }` a setting of its own, not a clause hanging off the line above", () => {
    const src = `game "T" {\n  players 2\n  // Every move is asked.\n  ask always\n}\nflow {\n  turn players[0] {\n    let k = choose k from [1, 2]\n      ask always\n  }\n}\nscoring p { points 0 }\n`;
    expect(format(src, "t.stela").text).toBe(src);
  });

  it("`ask always` on named options", () => {
    const [s] = body(`choose prompt "Act" ask always {\n  option "Rest" { }\n}`);
    expect(s?.kind === "ChooseBlockStmt" ? s.askAlways?.start.column : undefined).toBe(21);
  });

  it("`stela fmt` hangs `label` and `ask always` lines under their choice, and is stable", () => {
    const src = `game "T" { players 2 }\nflow {\n  turn players[0] {\n    let k = choose 2 k from [1, 2, 3]\n  prompt "Two"\n        label "{k}"\n ask always\n    let label = 3\n  }\n}\nscoring p { points 0 }\n`;
    const out = format(src, "t.stela").text;
    expect(out).toBe(`game "T" { players 2 }\nflow {\n  turn players[0] {\n    let k = choose 2 k from [1, 2, 3]\n      prompt "Two"\n      label "{k}"\n      ask always\n    let label = 3\n  }\n}\nscoring p { points 0 }\n`);
    expect(format(out, "t.stela").text).toBe(out);
  });
});
