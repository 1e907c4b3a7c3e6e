import { ZONE_ROW_PER_PLAYER } from "../parser-messages.ts";
import { declName, type ComponentEntry, type Decl, type Expr, type FieldDecl } from "../ast.ts";
import { BUILTINS, CONSTANTS, EVENTS } from "../builtins/catalogue.ts";
import type { BoardDef, ComponentDef, KindDef, TableDef, Topology, Value, VarDef, Visibility } from "../ir.ts";
import type { Span } from "../span.ts";
import { didYouMean } from "../suggest.ts";
import { assignable, defaultValue, T, typeName, type Type } from "../types.ts";
import { CONST_BUDGET, constEval, constRangeEnds, spendConstSteps, workOutConsts, type ConstEnv } from "./const-eval.ts";
import { textOf, use, type Checker, type GlobalSymbol } from "./context.ts";
import { expectingMap } from "./enum-maps.ts";
import { article } from "./expressions.ts";
import { cellKey, numberedKey } from "../keys.ts";
import { resolveType } from "./types-from-ast.ts";

const KIND_OF: Partial<Record<Decl["kind"], GlobalSymbol["k"]>> = {
  ConstDecl: "const",
  EnumDecl: "enum",
  KindDecl: "kind",
  FieldsDecl: "fields",
  BoardDecl: "board",
  ZoneDecl: "zone",
  VarDecl: "var",
  TableDecl: "table",
  DefineDecl: "define",
  RuleDecl: "rule",
  ProcedureDecl: "procedure",
  EventDecl: "event",
  HookDecl: "hook",
};

function detailOf(d: Decl, c: Checker): string {
  const source = d.span.file !== undefined ? (c.otherSources.get(d.span.file) ?? "") : c.source;
  const text = source.slice(d.span.start.offset, d.span.end.offset);
  const firstLine = text.split("\n")[0]!.replace(/\s*\{\s*$/, "").trim();
  return firstLine.length > 120 ? `${firstLine.slice(0, 117)}…` : firstLine;
}

/** Registers every declared name, reporting duplicates and clashes with built-ins. */
export function collectNames(c: Checker, decls: Decl[]): void {
  const seen = new Map<string, Span>();
  const playerSeen = new Map<string, Span>();
  /** Player variables are read as `p.name`: they share a namespace only with per-player zones and boards. */
  const claimPlayer = (name: string, span: Span): boolean => {
    const prev = playerSeen.get(name);
    if (prev) {
      c.sink.error("duplicate-name", `players already have \`${name}\` (line ${prev.start.line})`, span);
      return false;
    }
    playerSeen.set(name, span);
    return true;
  };
  const claim = (name: string, span: Span, what: string): boolean => {
    if (BUILTINS.has(name) || CONSTANTS.has(name)) {
      c.sink.error("duplicate-name", `\`${name}\` is a built-in name; choose another ${what} name`, span);
      c.shadowed.add(name);
      return false;
    }
    const prev = seen.get(name);
    if (prev) {
      c.sink.error("duplicate-name", `\`${name}\` is already declared on line ${prev.start.line}`, span);
      return false;
    }
    seen.set(name, span);
    return true;
  };
  for (const d of decls) {
    const k = KIND_OF[d.kind];
    const name = declName(d);
    if (k && name) {
      const perPlayer = (d.kind === "ZoneDecl" || d.kind === "BoardDecl") && d.perPlayer;
      if (!claim(name.text, name.span, k)) continue;
      if (perPlayer && !claimPlayer(name.text, name.span)) continue;
      c.globals.set(name.text, { k, decl: d } as GlobalSymbol);
      const info = { name: name.text, what: perPlayer ? `per-player ${k}` : k, detail: detailOf(d, c), span: name.span };
      c.info.set(name.text, info);
      c.symbols.declarations.push(info);
      if (perPlayer && (d.kind === "ZoneDecl" || d.kind === "BoardDecl")) {
        c.playerMembers.set(name.text, d.kind === "ZoneDecl" ? { k: "zone", decl: d } : { k: "board", decl: d });
        c.info.set(`player.${name.text}`, info);
      }
    }
    if (d.kind === "EnumDecl") {
      const inEnum = new Set<string>();
      for (const m of d.members) {
        if (inEnum.has(m.name.text)) c.sink.error("duplicate-name", `\`${m.name.text}\` appears twice in \`${d.name.text}\``, m.name.span);
        inEnum.add(m.name.text);
        c.members.set(m.name.text, [...(c.members.get(m.name.text) ?? []), d.name.text]);
        const info = { name: m.name.text, what: "enum member", detail: `${m.name.text}: ${d.name.text}`, span: m.name.span };
        c.symbols.declarations.push(info);
      }
    }
    if (d.kind === "PerPlayerDecl") {
      for (const f of d.fields) {
        if (!claimPlayer(f.name.text, f.name.span)) continue;
        // Registered with its type later, once types resolve.
        c.playerMembers.set(f.name.text, { k: "pvar", name: f.name, type: T.any });
        const info = { name: f.name.text, what: "player variable", detail: `per player ${textOf(c, f.span)}`, span: f.name.span };
        c.info.set(`player.${f.name.text}`, info);
        c.symbols.declarations.push(info);
      }
    }
  }
  // A bare enum member and a global of the same name: the global would hide the member.
  for (const d of decls) {
    if (d.kind !== "EnumDecl") continue;
    for (const m of d.members) {
      const other = seen.get(m.name.text);
      if (!other) continue;
      const g = c.globals.get(m.name.text);
      const what = g ? `a ${g.k}` : "a declaration";
      const later = other.start.offset > m.name.span.start.offset ? other : m.name.span;
      const earlier = later === other ? m.name.span : other;
      c.sink.error(
        "duplicate-name",
        later === other
          ? `\`${m.name.text}\` is already a member of \`${d.name.text}\` (line ${earlier.start.line}): a bare \`${m.name.text}\` would be ambiguous`
          : `\`${m.name.text}\` is already declared as ${what} on line ${earlier.start.line}: a bare \`${m.name.text}\` would be ambiguous`,
        later,
      );
    }
  }
}

/** Works out every `const`. */
export function buildConsts(c: Checker, decls: Decl[]): void {
  const consts = decls.filter((d): d is Extract<Decl, { kind: "ConstDecl" }> => d.kind === "ConstDecl");
  for (const [name, v] of workOutConsts(c, consts)) c.consts.set(name, v);
}

export function buildEnums(c: Checker, decls: Decl[]): void {
  for (const d of decls) {
    if (d.kind !== "EnumDecl") continue;
    c.def.enums[d.name.text] = {
      name: d.name.text,
      members: d.members.map((m) => m.name.text),
      labels: d.members.map((m) => m.label ?? m.name.text.replace(/_/g, " ")),
    };
  }
}

function fieldInit(c: Checker, f: FieldDecl, type: Type, what: string): Value | undefined {
  // Only a variable is on the players' screens as it is (a piece's fields and a space's show where `show` puts them).
  if (f.internal) c.sink.error("invalid-field", `\`internal\` keeps a variable (\`var\`, \`per player\`) off the players' screens; a ${what} is shown only where a \`show\` block puts it`, f.span);
  if (!f.init) return undefined;
  const init = f.init;
  const v = expectingMap(c, init, type, () => constEval(c, init));
  if (!v) return undefined;
  if (!assignable(v.ty, type)) {
    c.sink.error("type-mismatch", `the ${what} \`${f.name.text}\` is ${article(typeName(type))} but its value is ${article(typeName(v.ty))}`, f.init.span);
  }
  return v.v;
}

/** The field sets a kind is declared `with`, in order; unknown names are reported. */
function kindSets(c: Checker, d: Extract<Decl, { kind: "KindDecl" }>): Extract<Decl, { kind: "FieldsDecl" }>[] {
  const out: Extract<Decl, { kind: "FieldsDecl" }>[] = [];
  for (const n of d.sets) {
    const g = c.globals.get(n.text);
    if (g?.k !== "fields") {
      const sets = [...c.globals].filter(([, s]) => s.k === "fields").map(([x]) => x);
      c.sink.error("unknown-name", `\`${n.text}\` is not a field set (declare it with \`fields ${n.text} { … }\`)`, n.span, didYouMean(n.text, sets));
      continue;
    }
    use(c, n.text, n.span);
    out.push(g.decl);
  }
  return out;
}

export function buildKinds(c: Checker, decls: Decl[]): void {
  for (const d of decls) {
    if (d.kind !== "FieldsDecl") continue;
    const names = new Set<string>();
    for (const f of [...d.fields, ...d.states]) {
      if (names.has(f.name.text)) c.sink.error("duplicate-name", `\`${d.name.text}\` already has a field \`${f.name.text}\``, f.name.span);
      names.add(f.name.text);
    }
    c.fieldSets.set(d.name.text, {
      fields: d.fields.map((f) => ({ name: f.name.text, type: resolveType(c, f.type) })),
      states: d.states.map((f) => ({ name: f.name.text, type: resolveType(c, f.type) })),
    });
  }
  for (const d of decls) {
    if (d.kind !== "KindDecl") continue;
    const names = new Set<string>();
    const kind: KindDef = { name: d.name.text, fields: [], states: [], sidesFields: [] };
    const defaults: Record<string, Value> = {};
    const sets = kindSets(c, d);
    c.kindSets.set(d.name.text, sets.map((s) => s.name.text));
    // A set's fields come first, as if written at the top of the kind.
    const own = new Set([...d.fields, ...d.states]);
    const allFields = [...sets.flatMap((s) => s.fields), ...d.fields];
    const allStates = [...sets.flatMap((s) => s.states), ...d.states];
    for (const f of [...allFields, ...allStates]) {
      if (names.has(f.name.text)) {
        c.sink.error("duplicate-name", `\`${d.name.text}\` already has a field \`${f.name.text}\``, own.has(f) ? f.name.span : d.name.span);
      }
      names.add(f.name.text);
    }
    for (const f of allFields) {
      const type = resolveType(c, f.type);
      kind.fields.push({ name: f.name.text, type });
      const init = fieldInit(c, f, type, "field");
      if (init !== undefined) defaults[f.name.text] = init;
      if (type.t === "shape" && !kind.shapeField) kind.shapeField = f.name.text;
      if (type.t === "sides") kind.sidesFields.push(f.name.text);
    }
    for (const f of allStates) {
      const type = resolveType(c, f.type);
      const init = fieldInit(c, f, type, "state");
      const word = f.mark ? "mark" : "state";
      if (init === undefined && !f.init) {
        c.sink.error("invalid-constant", `the ${word} \`${f.name.text}\` needs a starting value: \`${word} ${f.name.text}: … = value\``, f.span);
      }
      const st: KindDef["states"][number] = { name: f.name.text, type, init: init ?? null };
      if (f.mark) st.mark = true;
      kind.states.push(st);
    }
    c.def.kinds[d.name.text] = kind;
    c.kindDefaults.set(d.name.text, defaults);
  }
}

export function buildTables(c: Checker, decls: Decl[]): void {
  for (const d of decls) {
    if (d.kind !== "TableDecl") continue;
    let keyType: Type | undefined;
    let valueType: Type = T.none;
    const rows: { from: number | string; to: number | string | null; value: Value }[] = [];
    let otherwise: { value: Value } | undefined;
    let elseKey: Span | undefined;
    // A row's value, worked out before the game; every row's (`else` too) is of one type.
    const rowValue = (e: Expr) => {
      const v = constEval(c, e);
      if (!v) return undefined;
      const u = valueType.t === "none" ? v.ty : assignable(v.ty, valueType) ? valueType : assignable(valueType, v.ty) ? v.ty : undefined;
      if (!u) c.sink.error("invalid-table", `the values of a table have one type: this is ${article(typeName(v.ty))}, earlier ones are ${typeName(valueType)}`, e.span);
      else valueType = u;
      return v;
    };
    for (const r of d.rows) {
      let from: number | string;
      let to: number | string | null;
      let kt: Type;
      if (elseKey) c.sink.error("invalid-table", `a row after \`else\` (line ${elseKey.start.line}): \`else\` gives every key no other row has, so it comes last`, r.key.span);
      if (r.key.kind === "ElseKey") {
        elseKey = r.key.span;
        const v = rowValue(r.value);
        if (v) otherwise = { value: v.v };
        continue;
      }
      if (r.key.kind === "NumberKey") {
        from = r.key.from;
        to = r.key.to;
        kt = T.number;
      } else {
        const owners = c.members.get(r.key.name.text);
        if (!owners || owners.length === 0) {
          c.sink.error("invalid-table", `a table key is a number, a range or an enum member, not \`${r.key.name.text}\``, r.key.span);
          continue;
        }
        use(c, owners[0]!, r.key.span);
        from = r.key.name.text;
        to = from;
        kt = T.enumOf(owners[0]!);
      }
      if (keyType && !assignable(kt, keyType)) c.sink.error("invalid-table", `this key is ${article(typeName(kt))} but the table's keys are ${typeName(keyType)}s`, r.key.span);
      keyType ??= kt;
      const overlap = rows.find((o) =>
        typeof from === "number" && typeof o.from === "number"
          ? from <= (o.to === null ? Infinity : (o.to as number)) && o.from <= (to === null ? Infinity : (to as number))
          : o.from === from,
      );
      if (overlap) c.sink.error("invalid-table", `this key overlaps an earlier row of \`${d.name.text}\``, r.key.span);
      const v = rowValue(r.value);
      if (v) rows.push({ from, to, value: v.v });
    }
    const table: TableDef = { name: d.name.text, keyType: keyType ?? T.number, valueType: valueType.t === "none" ? T.any : valueType, rows };
    if (otherwise) table.else = otherwise;
    c.def.tables[d.name.text] = table;
    if (!otherwise) warnMissingMembers(c, d, keyType, rows);
  }
}

/**
 * A table keyed by an enum's members that leaves one out (`tier` with a row for six of seven
 * chains) fails only when the member is looked up, deep in a game, as `runtime-table-miss`; an
 * enum map literal says the same at once (`map-missing-member`). A warning, since a table may
 * leave out members the rules never look up.
 */
function warnMissingMembers(c: Checker, d: Extract<Decl, { kind: "TableDecl" }>, keyType: Type | undefined, rows: { from: number | string }[]): void {
  if (keyType?.t !== "enum") return;
  const e = c.def.enums[keyType.name];
  if (!e) return;
  const missing = e.members.filter((m) => !rows.some((r) => r.from === m));
  if (missing.length === 0 || missing.length === e.members.length) return;
  c.sink.warning(
    "table-missing-member",
    `table \`${d.name.text}\` has no row for ${missing.map((m) => `\`${m}\``).join(", ")} of \`${e.name}\`: looking ${missing.length === 1 ? "it" : "one"} up stops the match`,
    d.name.span,
    `add ${missing.map((m) => `\`${m} -> …\``).join(", ")}`,
  );
}

/** The board shapes a `board … :` may name. */
const SHAPES = ["grid", "open_grid", "layered", "ring", "hex", "track", "graph", "corners", "edges"];

/** Words people write for a zone's visibility that are not its options, and the option they mean. */
const ZONE_WORDS: Record<string, string> = { private: "owner", secret: "owner", mine: "owner", visible: "public", open: "public", shown: "public", closed: "hidden", facedown: "hidden" };

/** `graph(n, edges: …)`'s edges: pairs of space numbers below n, or of their `names`. */
function edgesOf(c: Checker, e: Expr, size: number, names?: readonly string[]): [number, number][] | undefined {
  const v = constEval(c, e);
  if (!v) return undefined;
  const pairs = Array.isArray(v.v) ? v.v : null;
  const out: [number, number][] = [];
  // Each bad pair is named where it is written, and left out: the board and every use of its
  // spaces' attributes still check (dropping the board turned one typo into 22 errors).
  const items = e.kind === "ListExpr" && e.items.length === (pairs?.length ?? -1) ? e.items : undefined;
  (pairs ?? []).forEach((pair, i) => {
    let p = pair;
    const shown = (n: Value): string => (Array.isArray(n) ? `[${n.map(shown).join(", ")}]` : JSON.stringify(n));
    if (!Array.isArray(p) || p.length !== 2) {
      c.sink.error("invalid-board", `a graph's edge is a pair of space numbers, \`[0, 1]\`, not \`${shown(p)}\``, items?.[i]?.span ?? e.span);
      return;
    }
    // A space named in `names` may be given by its name: `["Alaska", "Kamchatka"]`.
    if (names && p.some((n) => typeof n === "string")) {
      const unknown = p.find((n) => typeof n === "string" && !names.includes(n));
      if (unknown !== undefined) {
        c.sink.error("invalid-board", `the edge \`${shown(p)}\` names ${shown(unknown)}, which is none of the graph's \`names\``, items?.[i]?.span ?? e.span, didYouMean(unknown as string, names));
        return;
      }
      p = p.map((n) => (typeof n === "string" ? names.indexOf(n) : n));
    }
    const bad = p.find((n) => !(typeof n === "number" && Number.isInteger(n) && n >= 0 && n < size));
    if (bad !== undefined) {
      c.sink.error("invalid-board", `the edge \`${shown(p)}\` names space ${shown(bad)}, but the graph's spaces are numbered 0 to ${size - 1}`, items?.[i]?.span ?? e.span);
      return;
    }
    const [a, b] = p as [number, number];
    // A map's typos: an edge from a space to itself joins nothing (the space may be left with no
    // neighbour at all), and an edge listed twice, either way round, is one edge.
    if (a === b) {
      c.sink.error("invalid-board", `the edge \`${shown(p)}\` joins space ${a} to itself: an edge joins two spaces`, items?.[i]?.span ?? e.span);
      return;
    }
    const twice = out.find(([x, y]) => (x === a && y === b) || (x === b && y === a));
    if (twice) {
      c.sink.warning("repeated-edge", `the edge \`${shown(p)}\` is listed already, as \`[${twice[0]}, ${twice[1]}]\`: an edge joins its spaces both ways`, items?.[i]?.span ?? e.span, "write each edge once");
      return;
    }
    out.push([a, b]);
  });
  if (!pairs) {
    c.sink.error("invalid-board", "a graph's edges are a list of pairs of space numbers: `edges: [[0, 1], [1, 2]]`", e.span);
    return undefined;
  }
  return out;
}

/**
 * `graph(…, names: […])`: what each space is called, one different text per space in number order
 * (`Alaska`): the spaces' labels, so options, the log, `stela play` and `space_named` read them.
 */
function namesOf(c: Checker, e: Expr, size: number): string[] | undefined {
  const v = constEval(c, e);
  if (!v) return undefined;
  const list = Array.isArray(v.v) ? v.v : null;
  if (!list || list.length !== size || !list.every((n) => typeof n === "string")) {
    c.sink.error("invalid-board", `a graph's \`names\` lists one text for each of its ${size} spaces, in the order of their numbers: \`names: ["Alaska", "Kamchatka", …]\``, e.span);
    return undefined;
  }
  const texts = list as string[];
  const items = e.kind === "ListExpr" ? e.items : [];
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i]!;
    const at = items[i]?.span ?? e.span;
    if (t.trim() === "" || t !== t.trim()) {
      c.sink.error("invalid-board", `a space's name is a text with no space at either end, not ${JSON.stringify(t)}`, at);
      return undefined;
    }
    const first = texts.indexOf(t);
    if (first < i) {
      c.sink.error("invalid-board", `two spaces are called ${JSON.stringify(t)} (spaces ${first} and ${i}): each name says which space it is`, at);
      return undefined;
    }
  }
  return texts;
}

/**
 * `graph(…, places: …)`: where its first spaces are drawn, `[x, y]` pairs of numbers from 0. Every
 * space after the list is drawn among the listed spaces it is joined to, so one needs such a
 * neighbour: a space with none would have no place, and is named here.
 */
function placesOf(c: Checker, e: Expr, size: number, edges: [number, number][]): [number, number][] | undefined {
  const v = constEval(c, e);
  if (!v) return undefined;
  const items = e.kind === "ListExpr" ? e.items : [];
  const list = Array.isArray(v.v) ? v.v : null;
  if (!list || list.length > size) {
    c.sink.error("invalid-board", `a graph's \`places\` lists where its first spaces are drawn, at most one \`[x, y]\` for each of its ${size} spaces`, e.span);
    return undefined;
  }
  const out: [number, number][] = [];
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    if (!Array.isArray(p) || p.length !== 2 || !p.every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0)) {
      c.sink.error("invalid-board", `where space ${i} is drawn is a pair of numbers from 0, \`[x, y]\``, items[i]?.span ?? e.span);
      return undefined;
    }
    out.push([p[0] as number, p[1] as number]);
  }
  for (let i = out.length; i < size; i++) {
    if (!edges.some(([a, b]) => (a === i && b < out.length) || (b === i && a < out.length))) {
      c.sink.error("invalid-board", `space ${i} has no place to be drawn: \`places\` places spaces 0 to ${out.length - 1}, and space ${i} is joined to none of them`, e.span, "list its place in `places`, or join it to a space listed there");
      return undefined;
    }
  }
  return out;
}

function topologyOf(c: Checker, e: Expr): Topology | undefined {
  if (e.kind !== "CallExpr") {
    c.sink.error("invalid-board", `a board's shape is one of ${SHAPES.map((s) => `\`${s}(…)\``).join(", ")}`, e.span);
    return undefined;
  }
  if (e.callee.text === "corners" || e.callee.text === "edges") return partsOf(c, e, e.callee.text);
  const nums: number[] = [];
  const named: Record<string, number> = {};
  let edges: Expr | undefined;
  let places: Expr | undefined;
  let names: Expr | undefined;
  for (const a of e.args) {
    if (a.name?.text === "names" && e.callee.text === "graph") {
      names = a.value;
      continue;
    }
    if (a.name?.text === "edges") {
      edges = a.value;
      continue;
    }
    if (a.name?.text === "places" && e.callee.text === "graph") {
      places = a.value;
      continue;
    }
    const v = constEval(c, a.value);
    if (!v) return undefined;
    if (typeof v.v !== "number" || !Number.isInteger(v.v) || v.v < 1) {
      c.sink.error("invalid-board", "board sizes are whole numbers of at least 1", a.value.span);
      return undefined;
    }
    if (a.name) named[a.name.text] = v.v;
    else nums.push(v.v);
  }
  const want = (n: number, names: string[] = [], withEdges = false): boolean => {
    const ok = nums.length === n && names.every((x) => named[x] !== undefined) && Object.keys(named).every((x) => names.includes(x)) && !!edges === withEdges;
    if (!ok) c.sink.error("argument-count", `\`${e.callee.text}\` is written ${BUILTINS.get(e.callee.text)?.signature ?? ""}`, e.span);
    return ok;
  };
  // A shared file's board is built at every match start: its size is capped like other constants.
  const cells = nums.reduce((a, b) => a * b, 1) * (named["levels"] ?? 1);
  if (cells > CONST_BUDGET.boardSpaces) {
    c.sink.error("invalid-board", `this board would have ${cells.toLocaleString("en")} spaces; a board may have at most ${CONST_BUDGET.boardSpaces.toLocaleString("en")}`, e.span);
    return undefined;
  }
  switch (e.callee.text) {
    case "grid":
      return want(2) ? { type: "grid", width: nums[0]!, height: nums[1]! } : undefined;
    case "open_grid":
      return want(0) ? { type: "open" } : undefined;
    case "layered":
      return want(2, ["levels"]) ? { type: "layered", width: nums[0]!, height: nums[1]!, levels: named["levels"]! } : undefined;
    case "ring":
      return want(1) ? { type: "ring", size: nums[0]! } : undefined;
    case "hex":
      return want(2) ? { type: "hex", width: nums[0]!, height: nums[1]! } : undefined;
    case "track":
      return want(1) ? { type: "track", size: nums[0]! } : undefined;
    case "graph": {
      if (!want(1, [], true)) return undefined;
      const called = names ? namesOf(c, names, nums[0]!) : undefined;
      if (names && !called) return undefined;
      const list = edgesOf(c, edges!, nums[0]!, called);
      if (!list) return undefined;
      const graph: Extract<Topology, { type: "graph" }> = { type: "graph", size: nums[0]!, edges: list };
      if (called) graph.names = called;
      if (!places) return graph;
      const at = placesOf(c, places, nums[0]!, list);
      return at ? { ...graph, places: at } : undefined;
    }
    default:
      c.sink.error("invalid-board", `unknown board shape \`${e.callee.text}\``, e.callee.span, didYouMean(e.callee.text, SHAPES));
      return undefined;
  }
}

/**
 * `corners(b)` / `edges(b)`: the board `b` is named, not worked out, so it stays a name here;
 * `resolveParts` fills in its shape and holes once every board is read.
 */
function partsOf(c: Checker, e: Extract<Expr, { kind: "CallExpr" }>, type: "corners" | "edges"): Topology | undefined {
  const arg = e.args[0];
  if (e.args.length !== 1 || !arg || arg.name || arg.value.kind !== "NameExpr") {
    c.sink.error("argument-count", `\`${type}\` is written ${BUILTINS.get(type)?.signature ?? ""}, naming a square or hex board`, e.span);
    return undefined;
  }
  return { type, of: arg.value.name, base: { type: "grid", width: 1, height: 1 }, holes: [] };
}

/** A `corners(b)` / `edges(b)` board takes the shape and holes of `b`, a square or hex board. */
function resolveParts(c: Checker, d: Extract<Decl, { kind: "BoardDecl" }>, board: BoardDef): void {
  const t = board.topology;
  if (t.type !== "corners" && t.type !== "edges") return;
  const base = c.def.boards[t.of];
  const at = d.topology.kind === "CallExpr" ? (d.topology.args[0]?.value.span ?? d.topology.span) : d.topology.span;
  if (!base) {
    // A board declared but refused (too many spaces, a bad shape) has its own error already, and
    // this is a use of it all the same.
    if (c.globals.get(t.of)?.k === "board") {
      c.uses.set(t.of, (c.uses.get(t.of) ?? 0) + 1);
      return;
    }
    const boards = Object.keys(c.def.boards);
    c.sink.error("invalid-board", `\`${t.of}\` is not a board: \`${t.type}(…)\` names the square or hex board whose ${t.type} it holds`, at, didYouMean(t.of, boards));
    return;
  }
  // Its corners or edges are a use of the board: a map board read only through them is no unused board.
  c.uses.set(t.of, (c.uses.get(t.of) ?? 0) + 1);
  const bt = base.topology;
  if (bt.type !== "grid" && bt.type !== "hex") {
    const what = bt.type === "corners" || bt.type === "edges" ? `the ${bt.type} of another board` : bt.type === "open" ? "an open grid" : `a ${bt.type === "layered" ? "layered board" : bt.type}`;
    c.sink.error("invalid-board", `\`${t.type}(…)\` takes a square grid (\`grid\`) or a hex board (\`hex\`), and \`${t.of}\` is ${what}`, at);
    return;
  }
  if (base.perPlayer && !board.perPlayer) {
    c.sink.error("invalid-board", `\`${t.of}\` is a board per player: its ${t.type} are one per player too (\`board ${board.name} per player: ${t.type}(${t.of})\`)`, d.span);
    return;
  }
  t.base = { type: bt.type, width: bt.width, height: bt.height };
  t.holes = [...base.holes];
}

export function buildBoards(c: Checker, decls: Decl[]): void {
  const derived: [Extract<Decl, { kind: "BoardDecl" }>, BoardDef][] = [];
  for (const d of decls) {
    if (d.kind !== "BoardDecl") continue;
    const topology = topologyOf(c, d.topology);
    if (!topology) continue;
    const board: BoardDef = { name: d.name.text, perPlayer: d.perPlayer, topology, attributes: [], cells: {}, holes: [], span: d.span };
    for (const a of d.attributes) {
      const type = resolveType(c, a.type);
      if (board.attributes.some((x) => x.name === a.name.text)) c.sink.error("duplicate-name", `\`${a.name.text}\` is already a space attribute`, a.name.span);
      const init = fieldInit(c, a, type, "space attribute");
      board.attributes.push({ name: a.name.text, type, init: init ?? defaultValue(type) });
    }
    for (const s of d.states) {
      const type = resolveType(c, s.type);
      if (board.attributes.some((x) => x.name === s.name.text) || board.states?.some((x) => x.name === s.name.text)) {
        c.sink.error("duplicate-name", `\`${s.name.text}\` is already a space attribute or state`, s.name.span);
      }
      const init = fieldInit(c, s, type, "space state");
      (board.states ??= []).push({ name: s.name.text, type, init: init ?? defaultValue(type) });
    }
    if (topology.type === "corners" || topology.type === "edges") {
      // Its spaces are known only once its base board's map is read (its holes).
      if (d.maps.length) c.sink.error("invalid-board", `the ${topology.type} of a board cannot be drawn with a map: their spaces follow \`${topology.of}\`'s cells (give them values with \`space state\`)`, d.maps[0]!.span);
      derived.push([d, board]);
    } else if (d.maps.length) buildMaps(c, d, board);
    else if (d.legend.length) c.sink.error("invalid-board", "a legend explains the symbols of a `map`; this board has none", d.legend[0]!.span);
    c.def.boards[d.name.text] = board;
  }
  // A board that names no square or hex board keeps a one-cell base: its uses are not errors too.
  for (const [d, board] of derived) resolveParts(c, d, board);
}

/**
 * Reads a board's maps. Several maps are laid over each other: each cell
 * takes the attributes of its symbol in every map (a later map wins where
 * two set the same attribute), and a hole in any map is a hole. So one map
 * can draw the areas and another the special spaces, each readable alone.
 */
function buildMaps(c: Checker, d: Extract<Decl, { kind: "BoardDecl" }>, board: BoardDef): void {
  const t = board.topology;
  if (t.type === "open" || t.type === "layered") {
    c.sink.error("invalid-board", `a ${t.type === "open" ? "open grid" : "layered board"} cannot be drawn with a map`, d.maps[0]!.span);
    return;
  }
  if (t.type === "corners" || t.type === "edges") return;
  // Grids of rows and columns are drawn row by row; a line of spaces (ring, track, graph) on one row.
  const width = t.type === "grid" || t.type === "hex" ? t.width : "size" in t ? t.size : 1;
  const height = t.type === "grid" || t.type === "hex" ? t.height : 1;
  const legend = new Map(d.legend.map((e) => [e.key, e]));
  for (const e of d.legend) {
    for (const a of e.assigns) {
      if (!board.attributes.some((x) => x.name === a.name.text)) {
        c.sink.error(
          "unknown-field",
          `\`${a.name.text}\` is not a space attribute of \`${d.name.text}\` (declare it with \`space ${a.name.text}: type\`)`,
          a.name.span,
          didYouMean(a.name.text, board.attributes.map((x) => x.name)),
        );
      }
    }
  }
  const numberAttrs = board.attributes.filter((a) => a.type.t === "number");
  const legendValues = new Map<string, Record<string, Value> | "hole">();
  const valuesFor = (key: string): Record<string, Value> | "hole" | undefined => {
    const cached = legendValues.get(key);
    if (cached) return cached;
    const e = legend.get(key);
    let out: Record<string, Value> | "hole" | undefined;
    if (e) {
      if (e.hole) out = "hole";
      else {
        out = {};
        for (const a of e.assigns) {
          const attr = board.attributes.find((x) => x.name === a.name.text);
          if (!attr) continue;
          if (!a.value) {
            if (attr.type.t !== "bool") c.sink.error("type-mismatch", `\`${a.name.text}\` is ${article(typeName(attr.type))}: give it a value with \`=\``, a.span);
            out[a.name.text] = true;
            continue;
          }
          const v = constEval(c, a.value);
          if (!v) continue;
          if (!assignable(v.ty, attr.type)) c.sink.error("type-mismatch", `\`${a.name.text}\` is ${article(typeName(attr.type))}, not ${article(typeName(v.ty))}`, a.value.span);
          out[a.name.text] = v.v;
        }
      }
    } else if (/^-?\d+(\.\d+)?$/.test(key) && numberAttrs.length === 1) {
      // With one number attribute, a numeric symbol needs no legend: `| 0 1 2 3`.
      out = { [numberAttrs[0]!.name]: Number(key) };
    }
    if (out) legendValues.set(key, out);
    return out;
  };
  const missing = new Set<string>();
  const used = new Set<string>();
  const holes = new Set<string>();
  for (const map of d.maps) {
    const rows = map.rows.map((r) => {
      const words = r.text.trim().split(/\s+/).filter(Boolean);
      return words.length === 1 && width > 1 && words[0]!.length === width ? [...words[0]!] : words;
    });
    for (const row of rows) for (const key of row) used.add(key);
    if (rows.length !== height) {
      c.sink.error("invalid-board", `the map has ${rows.length} row${rows.length === 1 ? "" : "s"} but the board is ${height} high`, map.span);
      continue;
    }
    rows.forEach((row, y) => {
      const span = map.rows[y]!.span;
      if (row.length !== width) {
        c.sink.error("invalid-board", `this row has ${row.length} cell${row.length === 1 ? "" : "s"} but the board is ${width} wide`, span);
        return;
      }
      row.forEach((key, x) => {
        const values = valuesFor(key);
        const cell = cellKey(x, y);
        if (values === "hole") holes.add(cell);
        else if (values) {
          if (Object.keys(values).length) board.cells[cell] = { ...board.cells[cell], ...values };
        } else if (!missing.has(key)) {
          missing.add(key);
          c.sink.error("invalid-board", `the symbol \`${key}\` is not in the legend`, span, `add \`"${key}": attribute = value\` to the legend`);
        }
      });
    });
  }
  for (const cell of holes) {
    board.holes.push(cell);
    delete board.cells[cell];
  }
  for (const e of d.legend) {
    if (!used.has(e.key)) c.sink.warning("unused-declaration", `the legend symbol \`${e.key}\` is not on ${d.maps.length > 1 ? "any map" : "the map"}`, e.span);
  }
}

export function buildZones(c: Checker, decls: Decl[]): void {
  for (const d of decls) {
    if (d.kind !== "ZoneDecl") continue;
    let kind: string | undefined;
    if (d.kindName.text !== "piece") {
      const g = c.globals.get(d.kindName.text);
      if (g?.k !== "kind") {
        c.sink.error(
          "unknown-name",
          `\`${d.kindName.text}\` is not a kind (a zone holds pieces of one kind, or \`piece\` for any)`,
          d.kindName.span,
          didYouMean(d.kindName.text, [...c.globals].filter(([, s]) => s.k === "kind").map(([n]) => n)),
        );
      } else {
        use(c, d.kindName.text, d.kindName.span);
        kind = d.kindName.text;
      }
    }
    let visibility: Visibility = "public";
    let visibilityGiven: string | undefined;
    let limit: number | undefined;
    let labels: { names: string[]; span: Span } | undefined;
    for (const o of d.options) {
      switch (o.name.text) {
        case "public":
        case "owner":
        case "hidden":
        case "others":
          // Two of them would leave the zone as the last says, silently.
          if (visibilityGiven !== undefined) c.sink.error("invalid-zone", `a zone is one of \`public\`, \`owner\`, \`others\` or \`hidden\`: this one already says \`${visibilityGiven}\``, o.name.span);
          visibilityGiven = o.name.text;
          visibility = o.name.text;
          if (o.name.text === "owner" && !d.perPlayer) c.sink.error("invalid-zone", "only a per-player zone has an owner who may see it", o.span);
          if (o.name.text === "others" && !d.perPlayer) c.sink.error("invalid-zone", "only a per-player zone has an owner whom `others` leaves out", o.span);
          break;
        case "limit": {
          const v = o.value ? constEval(c, o.value) : undefined;
          if (!v || typeof v.v !== "number") c.sink.error("invalid-zone", "`limit` needs a number: `limit 7`", o.span);
          else if (!Number.isInteger(v.v) || v.v < 0) c.sink.error("invalid-zone", `a zone's \`limit\` is how many pieces it may hold, a whole number from 0 up, not ${v.v}`, o.value!.span);
          else limit = v.v;
          break;
        }
        case "labels": {
          // A row of market piles read as "pile 1" … "pile 6" looked alike: each named as players know it.
          const v = o.value ? constEval(c, o.value) : undefined;
          if (!v || !Array.isArray(v.v) || !v.v.every((x) => typeof x === "string")) c.sink.error("invalid-zone", 'a numbered zone\'s `labels` are a list of texts, one a zone: `labels ["Jade", "Scribe"]`', o.span);
          else labels = { names: v.v as string[], span: o.span };
          break;
        }
        default:
          // A word people reach for that is not one (`private`, `secret`): the options say who sees what.
          const meant = ZONE_WORDS[o.name.text];
          c.sink.error(
            "invalid-zone",
            `unknown zone option \`${o.name.text}\`: a zone's options are \`public\`, \`owner\`, \`others\`, \`hidden\` (who sees its pieces), \`limit n\` and, for a numbered zone, \`labels [...]\``,
            o.name.span,
            meant ? `did you mean \`${meant}\`?` : didYouMean(o.name.text, ["public", "owner", "others", "hidden", "limit", "labels"]),
          );
      }
    }
    const zone: (typeof c.def.zones)[string] = { name: d.name.text, perPlayer: d.perPlayer, bag: d.bag, visibility };
    if (kind) zone.kind = kind;
    if (limit !== undefined) zone.limit = limit;
    if (d.copies !== undefined) {
      if (d.perPlayer) c.sink.error("invalid-zone", "a zone is either per player or numbered (`x3`), not both", d.span, ZONE_ROW_PER_PLAYER);
      else if (d.copies < 1 || !Number.isInteger(d.copies)) c.sink.error("invalid-zone", "numbered zones come in a whole number of at least 1: `x3`", d.span);
      else if (d.copies > CONST_BUDGET.zoneCopies) c.sink.error("invalid-zone", `a numbered zone comes in at most ${CONST_BUDGET.zoneCopies.toLocaleString("en")} copies`, d.span);
      else zone.copies = d.copies;
    }
    if (labels) {
      const names = labels.names;
      if (zone.copies === undefined) c.sink.error("invalid-zone", "only a numbered zone (`x3`) has `labels`, one for each of its zones; name a single zone by its own name", labels.span);
      else if (names.length !== zone.copies) c.sink.error("invalid-zone", `\`${d.name.text}\` is ${zone.copies} zones: give ${zone.copies} labels, not ${names.length}`, labels.span);
      else if (names.some((n) => n.trim() === "")) c.sink.error("invalid-zone", "a zone's label is a text players read: not empty", labels.span);
      else if (new Set(names).size !== names.length) c.sink.error("invalid-zone", `two of \`${d.name.text}\`'s zones would read alike ("${names.find((n, i) => names.indexOf(n) !== i)}")`, labels.span);
      else zone.labels = names;
    }
    c.def.zones[d.name.text] = zone;
  }
}

export function buildComponents(c: Checker, decls: Decl[]): void {
  for (const d of decls) {
    if (d.kind !== "ComponentsDecl") continue;
    const g = c.globals.get(d.kindName.text);
    if (g?.k !== "kind") {
      c.sink.error(
        "unknown-name",
        `\`${d.kindName.text}\` is not a kind`,
        d.kindName.span,
        didYouMean(d.kindName.text, [...c.globals].filter(([, s]) => s.k === "kind").map(([n]) => n)),
      );
      continue;
    }
    use(c, d.kindName.text, d.kindName.span);
    const kind = c.def.kinds[d.kindName.text];
    if (!kind) continue;
    let zone: string | undefined;
    if (d.zone) {
      // `in pile[2]`: one of several numbered zones, by a number fixed by the rules.
      const numbered = d.zone.kind === "IndexExpr" && d.zone.object.kind === "NameExpr" ? { name: d.zone.object, index: d.zone.index } : undefined;
      const named = d.zone.kind === "NameExpr" ? d.zone : numbered?.name;
      if (!named) {
        c.sink.error("invalid-components", "pieces start in a zone named here: `in deck`, or `in display[0]` for one of several numbered zones", d.zone.span);
      } else {
        const zg = c.globals.get(named.name);
        // A zone whose name a built-in has was refused where it was declared (`Checker.shadowed`).
        if (zg?.k !== "zone" && c.shadowed.has(named.name)) c.shadowedUses++;
        else if (zg?.k !== "zone") {
          c.sink.error("unknown-name", `\`${named.name}\` is not a zone`, named.span, didYouMean(named.name, [...c.globals].filter(([, s]) => s.k === "zone").map(([n]) => n)));
        } else {
          use(c, named.name, named.span);
          if (zg.decl.perPlayer) use(c, `player.${named.name}`, named.span);
          if (zg.decl.perPlayer && !d.perPlayer) {
            c.sink.error("invalid-components", `\`${named.name}\` belongs to each player: only \`components … per player\` can start there`, named.span);
          }
          const copies = zg.decl.copies;
          zone = named.name;
          if (copies !== undefined && !numbered) {
            c.sink.error("invalid-components", `\`${named.name}\` is several numbered zones: say which one the pieces start in (\`in ${named.name}[0]\` … \`in ${named.name}[${copies - 1}]\`), or start them elsewhere and \`deal\` them`, named.span);
          } else if (numbered && copies === undefined) {
            c.sink.error("invalid-components", `\`${named.name}\` is one zone, not several numbered ones: write \`in ${named.name}\``, d.zone.span);
          } else if (numbered && copies !== undefined) {
            const at = constEval(c, numbered.index);
            if (at && (typeof at.v !== "number" || !Number.isInteger(at.v) || at.v < 0 || at.v >= copies)) {
              c.sink.error("invalid-components", `\`${named.name}\` is ${copies} zones numbered 0 to ${copies - 1}: ${JSON.stringify(at.v)} is not one of them`, numbered.index.span);
            } else if (at) zone = numberedKey(named.name, at.v as number);
          }
          const zkind = c.def.zones[named.name]?.kind;
          if (zkind && zkind !== kind.name) c.sink.error("invalid-components", `\`${named.name}\` holds ${zkind} pieces, not ${kind.name}`, d.zone.span);
        }
      }
    }
    const defaults = c.kindDefaults.get(kind.name) ?? {};
    const expand = (entries: ComponentEntry[], env: ConstEnv): void => {
      for (const e of entries) {
        // Parser recovery can leave a hole where a broken entry was; its error is already reported.
        if (!e) continue;
        if (e.kind === "ComponentFor") {
          const src = constEval(c, e.source, env);
          if (!src) continue;
          if (!Array.isArray(src.v) || src.ty.t !== "list") {
            c.sink.error("invalid-components", "`for` in components goes over a list known before the game (an enum, a range, a list)", e.source.span);
            continue;
          }
          for (const item of src.v) {
            if (!spendConstSteps(c, 1, e.span)) return;
            expand(e.entries, new Map([...env, [e.variable.text, { v: item, ty: src.ty.of }]]));
          }
          continue;
        }
        const fields: Record<string, Value> = {};
        // Fields whose value failed: their error is reported, so they are not reported missing too.
        const failed = new Set<string>();
        for (const f of e.fields) {
          const decl = kind.fields.find((x) => x.name === f.name.text);
          // Given twice, the last would silently win.
          if (Object.hasOwn(fields, f.name.text) || failed.has(f.name.text)) {
            c.sink.error("duplicate-name", `\`${f.name.text}\` is given twice in this component`, f.name.span);
            continue;
          }
          if (!decl) {
            c.sink.error("unknown-field", `\`${kind.name}\` has no field \`${f.name.text}\``, f.name.span, didYouMean(f.name.text, kind.fields.map((x) => x.name)));
            continue;
          }
          // Typed by its field, as a `var`'s value is: `cost: { else: 0 }` is keyed by the field's enum.
          const v = expectingMap(c, f.value, decl.type, () => constEval(c, f.value, env));
          if (!v) {
            failed.add(f.name.text);
            continue;
          }
          if (!assignable(v.ty, decl.type)) {
            c.sink.error("type-mismatch", `\`${f.name.text}\` is ${article(typeName(decl.type))}, not ${article(typeName(v.ty))}`, f.value.span);
          } else if (decl.type.t === "sides" && (!Array.isArray(v.v) || (v.v.length !== 4 && v.v.length !== 6))) {
            // One value per side of a cell: a square's four, or a hexagon's six.
            c.sink.error("type-mismatch", "`sides` are four numbers (top, right, bottom, left) for a square grid, or six (clockwise from the upper right) for a hex grid", f.value.span);
          }
          fields[f.name.text] = v.v;
        }
        for (const f of kind.fields) {
          if (fields[f.name] !== undefined || failed.has(f.name)) continue;
          if (defaults[f.name] !== undefined) fields[f.name] = defaults[f.name]!;
          else c.sink.error("invalid-components", `this ${kind.name} has no \`${f.name}\` and the kind gives no default`, e.span);
        }
        let n = e.count;
        if (e.countName) {
          const k = constEval(c, { kind: "NameExpr", name: e.countName.text, span: e.countName.span }, env);
          if (!k) continue;
          if (typeof k.v !== "number") {
            c.sink.error("type-mismatch", `a count should be a number but \`${e.countName.text}\` is ${article(typeName(k.ty))}`, e.countName.span);
            continue;
          }
          n = k.v;
        }
        if (n < 0 || !Number.isInteger(n)) c.sink.error("parse-invalid-count", "a count is a whole number", e.span);
        if (c.def.components.length + n > CONST_BUDGET.components) {
          c.sink.error("invalid-components", `a game may have at most ${CONST_BUDGET.components.toLocaleString("en")} pieces; this would make ${(c.def.components.length + n).toLocaleString("en")}`, e.span);
          return;
        }
        if (!spendConstSteps(c, n, e.span)) return;
        for (let i = 0; i < n; i++) {
          const comp: ComponentDef = { kind: kind.name, label: e.label ?? kind.name, fields, perPlayer: d.perPlayer };
          if (zone) comp.zone = zone;
          c.def.components.push(comp);
        }
      }
    };
    expand(d.entries, new Map());
  }
}

/** Types and bounds of global and per-player variables; their initial values are checked with the code. */
export function buildVariableTypes(c: Checker, decls: Decl[]): void {
  const bounds = (f: FieldDecl): [number, number] | undefined => {
    if (!f.bounds) return undefined;
    // A range's ends are all bounds need: `in 0..1000000` lists nothing.
    const ends = constRangeEnds(c, f.bounds);
    if (ends && ends[0] <= ends[1]) return ends;
    const v = constEval(c, f.bounds);
    if (!v) return undefined;
    if (!Array.isArray(v.v) || v.v.length === 0 || v.ty.t !== "list" || v.ty.of.t !== "number") {
      c.sink.error("type-mismatch", "bounds are a range of numbers: `in 0..5`", f.bounds.span);
      return undefined;
    }
    return [v.v[0] as number, v.v[v.v.length - 1] as number];
  };
  for (const d of decls) {
    if (d.kind === "VarDecl") {
      const type = resolveType(c, d.field.type);
      const b = bounds(d.field);
      const g: VarDef = b ? { name: d.field.name.text, type, bounds: b, nlocals: 0 } : { name: d.field.name.text, type, nlocals: 0 };
      if (d.field.internal) g.internal = true;
      c.def.globals.push(g);
    }
    if (d.kind === "PerPlayerDecl") {
      for (const f of d.fields) {
        const type = resolveType(c, f.type);
        const b = bounds(f);
        const m = c.playerMembers.get(f.name.text);
        if (m?.k === "pvar") {
          m.type = type;
          if (b) m.bounds = b;
        }
        const v: VarDef = b ? { name: f.name.text, type, bounds: b, nlocals: 1 } : { name: f.name.text, type, nlocals: 1 };
        if (f.internal) v.internal = true;
        c.def.playerVars.push(v);
      }
    }
  }
}

export function buildEvents(c: Checker, decls: Decl[]): void {
  for (const e of EVENTS) c.def.events[e.name] = { name: e.name, params: e.params };
  for (const d of decls) {
    if (d.kind !== "EventDecl") continue;
    if (c.def.events[d.name.text]) c.sink.error("duplicate-name", `\`${d.name.text}\` is an event the engine raises`, d.name.span);
    c.def.events[d.name.text] = { name: d.name.text, params: d.params.map((p) => ({ name: p.name.text, type: resolveType(c, p.type) })) };
  }
}
