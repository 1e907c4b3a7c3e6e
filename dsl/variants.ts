import { declName, type Decl, type FieldDecl } from "./ast.ts";
import { DiagnosticSink } from "./diagnostic.ts";
import { didYouMean } from "./suggest.ts";
import { NO_SPAN } from "./span.ts";

type VariantDecl = Extract<Decl, { kind: "VariantDecl" }>;

/** The identity a declaration is overridden by: its name, or its role for unnamed ones. */
function identity(d: Decl): string | undefined {
  const name = declName(d);
  if (name) return name.text;
  switch (d.kind) {
    case "GameDecl":
      return "game";
    case "SetupDecl":
      return "setup";
    case "FlowDecl":
      return "flow";
    case "ScoringDecl":
      return "scoring";
    case "EstimateDecl":
      return "estimate";
    case "MeasureDecl":
      return `measure "${d.label}"`;
    case "ComponentsDecl":
      return `components ${d.kindName.text}${d.perPlayer ? " per player" : ""}`;
    default:
      return undefined;
  }
}

function describe(d: Decl): string {
  const id = identity(d);
  return id ?? d.kind.replace(/Decl$/, "").toLowerCase();
}

/** Where each declaration a variant's includes put came from: the included variant's name, by identity. */
type Provenance = Map<string, string>;

/**
 * The declarations of `base` with a variant laid over them: first each
 * variant it `include`s (their own includes first, each variant once, in the
 * order written), then its own items. `override` replaces the declaration
 * with the same name (or role: `setup`, `flow`, `scoring`, `game`,
 * `components Kind`, a player variable), anything else is added. Overriding
 * what does not exist, adding a name that does, an unknown or circular
 * `include`, and two includes that both change one declaration (unless the
 * variant overrides it itself) are `invalid-variant` errors at the variant's
 * line. `variants`: the file's variants by name, for its includes.
 */
export function applyVariant(base: Decl[], variant: VariantDecl, sink: DiagnosticSink, variants: ReadonlyMap<string, VariantDecl> = new Map()): Decl[] {
  const out = [...base];
  const from: Provenance = new Map();
  const included = checkIncludes(variant, variants, sink);
  // An included variant's own mistakes are told when it is checked itself: here it is laid over
  // quietly, and a clash between two of them is told once, below, at the include.
  const quiet = new DiagnosticSink(sink.file);
  for (const w of layers(included, variants)) {
    layItems(out, w.items, quiet, true);
    for (const id of touched(w).keys()) from.set(id, w.title);
  }
  checkClashes(variant, included, variants, sink);
  layItems(out, variant.items, sink, false, from);
  return out;
}

/** The includes of `variant` that name a variant (not itself, not one that includes it back), in order. */
function checkIncludes(variant: VariantDecl, variants: ReadonlyMap<string, VariantDecl>, sink: DiagnosticSink): VariantDecl[] {
  const out: VariantDecl[] = [];
  const firstOwn = variant.items[0]?.span.start.offset;
  for (const inc of variant.includes) {
    const target = variants.get(inc.name);
    if (firstOwn !== undefined && inc.span.start.offset > firstOwn) {
      // Includes are laid first whatever their place: written below an override, one would read as undoing it.
      sink.error("invalid-variant", `\`include "${inc.name}"\` comes after this variant's own declarations, but is laid over the base before them`, inc.span, "move the `include` lines to the top of the variant");
    }
    if (!target) {
      const names = [...variants.keys()].filter((n) => n !== variant.title);
      const hint = didYouMean(inc.name, names) ?? (names.length ? `this file's variants: ${names.slice(0, 10).map((n) => `"${n}"`).join(", ")}` : undefined);
      sink.error("unknown-variant", `this file has no variant "${inc.name}" to include`, inc.nameSpan, hint);
      continue;
    }
    if (target === variant) {
      sink.error("invalid-variant", `variant "${variant.title}" includes itself`, inc.span, "remove this `include`");
      continue;
    }
    const path = pathBack(target, variant, variants, new Set());
    if (path) {
      sink.error("invalid-variant", `variants include each other in a circle: ${[variant.title, ...path].map((n) => `"${n}"`).join(" includes ")}`, inc.span, `remove one of the includes; a variant cannot be laid over itself`);
      continue;
    }
    if (out.includes(target)) {
      sink.error("invalid-variant", `"${inc.name}" is included twice`, inc.span, "remove this line");
      continue;
    }
    out.push(target);
  }
  return out;
}

/** The names from `from` through includes back to `to` (ending with `to`), or undefined when `from` does not reach it. */
function pathBack(from: VariantDecl, to: VariantDecl, variants: ReadonlyMap<string, VariantDecl>, seen: Set<VariantDecl>): string[] | undefined {
  if (seen.has(from)) return undefined;
  seen.add(from);
  for (const inc of from.includes) {
    const next = variants.get(inc.name);
    if (!next) continue;
    if (next === to) return [from.title, to.title];
    const rest = pathBack(next, to, variants, seen);
    if (rest) return [from.title, ...rest];
  }
  return undefined;
}

/**
 * The variants to lay over the base for `included`, each after the variants it includes and each
 * once: two variants that include a third share its declarations rather than clash over them.
 */
function layers(included: VariantDecl[], variants: ReadonlyMap<string, VariantDecl>): VariantDecl[] {
  const out: VariantDecl[] = [];
  const visiting = new Set<VariantDecl>();
  const visit = (v: VariantDecl): void => {
    // A circle among other variants is told at their own includes; here it only stops.
    if (out.includes(v) || visiting.has(v)) return;
    visiting.add(v);
    for (const inc of v.includes) {
      const next = variants.get(inc.name);
      if (next) visit(next);
    }
    visiting.delete(v);
    out.push(v);
  };
  for (const v of included) visit(v);
  return out;
}

/**
 * What a variant's `extend setup` changes: the setup, but the same way as another's, since
 * extensions compose (each runs after the ones laid before it); only an `override` beside it clashes.
 */
const EXTENDED = Symbol("extended");

/** What a variant's own items change, by identity (a player variable as `per player { x }`): the last declaration of each. */
function touched(v: VariantDecl): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const { decl, extend } of v.items) {
    if (extend) out.set("setup", out.get("setup") ?? EXTENDED);
    else if (decl.kind === "PerPlayerDecl") for (const f of decl.fields) out.set(`per player { ${f.name.text} }`, f);
    else {
      const id = identity(decl);
      if (id !== undefined) out.set(id, decl);
    }
  }
  return out;
}

/** What laying `own` changes: the declaration each identity ends as. */
function effect(own: VariantDecl[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const w of own) for (const [id, d] of touched(w)) out.set(id, d);
  return out;
}

/**
 * Two includes that leave one declaration different: which one plays would depend on the order
 * of the lines, so it is an error at the second, unless the variant says it itself (`override`).
 */
function checkClashes(variant: VariantDecl, included: VariantDecl[], variants: ReadonlyMap<string, VariantDecl>, sink: DiagnosticSink): void {
  if (included.length < 2) return;
  const own = touched(variant);
  // A variant two includes both bring (each includes it) is laid once and is no clash: each side
  // counts only the variants it alone brings.
  const brought = included.map((v) => layers([v], variants));
  const effects = brought.map((own, i) => effect(own.filter((w) => !brought.some((other, j) => j !== i && other.includes(w)))));
  for (let i = 1; i < included.length; i++) {
    const at = variant.includes.find((inc) => inc.name === included[i]!.title)!;
    for (const [id, d] of effects[i]!) {
      if (own.has(id)) continue;
      const j = effects.slice(0, i).findIndex((e) => e.has(id) && e.get(id) !== d);
      if (j < 0) continue;
      const [a, b] = [included[j]!.title, included[i]!.title];
      // A combination asked for by name ("A+B") has no text of its own to write the override in.
      const settle =
        variant.span === NO_SPAN
          ? `declare the combination as a variant that says which plays: \`variant "${a} and ${b}" { include "${a}"  include "${b}"  override … }\`, with one \`override\` of \`${id}\` after the includes`
          : `write one \`override\` of \`${id}\` in this variant, after the includes, to say what it is`;
      sink.error("invalid-variant", `"${a}" and "${b}" both change \`${id}\`: which of the two plays is not said`, at.span, settle);
    }
  }
}

/**
 * Lays `items` over `out`. `lenient` (an included variant, checked on its own): `override` of what
 * is missing adds it and a new name that is there replaces it, since two includes may both add a
 * declaration this variant then overrides. `from`: which include put a declaration there, for messages.
 */
function layItems(out: Decl[], items: VariantDecl["items"], sink: DiagnosticSink, lenient: boolean, from: Provenance = new Map()): void {
  for (const item of items) {
    const d = item.decl;
    if (d.kind === "ErrorDecl") continue;
    if (d.kind === "VariantDecl") {
      sink.error("invalid-variant", "a variant cannot contain another variant", d.span, "write `include \"…\"` to lay another variant under this one");
      continue;
    }
    if (d.kind === "PerPlayerDecl") {
      applyPlayerFields(out, d, item.override, sink, lenient, from);
      continue;
    }
    const id = identity(d);
    const at = id === undefined ? -1 : out.findIndex((x) => identity(x) === id);
    if (item.extend && d.kind === "SetupDecl") {
      out[at >= 0 ? at : out.length] = extendedSetup(at >= 0 ? out[at] : undefined, d);
      continue;
    }
    if (lenient) {
      if (at >= 0) out[at] = d;
      else out.push(d);
    } else if (item.override) {
      if (id === undefined) {
        sink.error("invalid-variant", `${describe(d)} declarations have no name to override; add another instead`, item.span);
      } else if (at < 0) {
        const names = out.map(identity).filter((n): n is string => n !== undefined);
        const hint = didYouMean(id, names) ?? "write it without `override` to add it";
        sink.error("invalid-variant", `\`override\`: the base game has no \`${id}\` to override`, item.span, hint);
      } else {
        out[at] = d;
      }
    } else if (at >= 0) {
      const by = id === undefined ? undefined : from.get(id);
      sink.error("invalid-variant", `${by ? `the included variant "${by}"` : "the base game"} already has \`${id}\`: write \`override\` to replace it`, item.span);
    } else {
      out.push(d);
    }
  }
}

function applyPlayerFields(out: Decl[], d: Extract<Decl, { kind: "PerPlayerDecl" }>, override: boolean, sink: DiagnosticSink, lenient: boolean, from: Provenance): void {
  const added: FieldDecl[] = [];
  for (const f of d.fields) {
    let replaced = false;
    for (let i = 0; i < out.length; i++) {
      const x = out[i]!;
      if (x.kind !== "PerPlayerDecl") continue;
      const j = x.fields.findIndex((y) => y.name.text === f.name.text);
      if (j < 0) continue;
      if (!override && !lenient) {
        const by = from.get(`per player { ${f.name.text} }`);
        sink.error("invalid-variant", `${by ? `the included variant "${by}" already gives players` : "players already have"} \`${f.name.text}\`: write \`override per player { … }\` to replace it`, f.span);
      } else out[i] = { ...x, fields: x.fields.map((y, k) => (k === j ? f : y)) };
      replaced = true;
    }
    if (!replaced) {
      if (override && !lenient) {
        const names = out.flatMap((x) => (x.kind === "PerPlayerDecl" ? x.fields.map((y) => y.name.text) : []));
        sink.error("invalid-variant", `\`override\`: players have no variable \`${f.name.text}\` to override`, f.span, didYouMean(f.name.text, names));
      }
      else added.push(f);
    }
  }
  if (added.length) out.push({ ...d, fields: added });
}

/**
 * The ways `name` reads as declared variant names joined by `+` (`"Short race+Head start"`, spaces
 * around a `+` allowed), fewest parts first. A declared name that holds a `+` itself is one part.
 */
export function splitCombination(name: string, declared: ReadonlySet<string>): string[][] {
  const out: string[][] = [];
  const walk = (rest: string, parts: string[]): void => {
    // A name with many `+` could be read many ways: the first few are enough to choose from.
    if (out.length >= 20) return;
    for (let i = rest.indexOf("+"); ; i = rest.indexOf("+", i + 1)) {
      const head = (i < 0 ? rest : rest.slice(0, i)).trim();
      if (declared.has(head)) {
        if (i < 0) out.push([...parts, head]);
        else walk(rest.slice(i + 1), [...parts, head]);
      }
      if (i < 0) break;
    }
  };
  walk(name, []);
  return out.filter((p) => p.length > 1).sort((a, b) => a.length - b.length);
}

/** Marks every span of a declaration list as coming from `file`. */
export function tagFile(node: unknown, file: string, seen = new Set<object>()): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  const obj = node as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (k === "span" || k === "titleSpan") {
      if (v && typeof v === "object") obj[k] = { ...(v as object), file };
    } else {
      tagFile(v, file, seen);
    }
  }
}

/** The longest path `extends` may name. */
const MAX_EXTENDS_PATH = 200;

/**
 * Where `variant "…" extends "path"` in `file` may look, or why it may not.
 * A shared rule file must not reach outside its game: the base is another
 * `.stela` file beside it or in a folder below it, named by a relative path
 * with no `..`, no absolute or drive path, no hidden part and no backslash.
 * The host that reads the file (the CLI, the editor) also refuses links out
 * of the folder, anything but a regular file, and oversized files.
 */
export function resolveExtendsPath(file: string, relative: string): { ok: true; path: string } | { ok: false; reason: string } {
  const refuse = (reason: string) => ({ ok: false as const, reason });
  if (relative.length === 0) return refuse("the path is empty");
  if (relative.length > MAX_EXTENDS_PATH) return refuse(`the path is longer than ${MAX_EXTENDS_PATH} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(relative)) return refuse("the path holds a control character");
  if (relative.includes("\\")) return refuse("write the path with `/`, not `\\`");
  if (relative.startsWith("/") || relative.startsWith("~") || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(relative)) {
    return refuse("an absolute path or address is not allowed: name a file beside this one");
  }
  const parts = relative.split("/");
  if (parts.some((p) => p === "..")) return refuse("`..` is not allowed: the base file must be in this file's folder or below it (keep the variant file beside the game's file, or copy the game's file next to the variant: a copy does not follow later changes of the original)");
  if (parts.some((p) => p === "" || p === ".")) return refuse("the path has an empty or `.` part");
  if (parts.some((p) => p.startsWith("."))) return refuse("hidden files and folders are not allowed");
  if (!relative.endsWith(".stela")) return refuse("the base must be a `.stela` file");
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
  // Without `.` and `..` parts, the path names the file itself only as its own name.
  if (dir + relative === file) return refuse("that is this file: name the file of the game it changes");
  return { ok: true, path: dir + relative };
}

/**
 * The setup `base` runs, then the steps of `extra` (`extend setup { … }`): a variant that adds a
 * step ("the first player starts with 12 more corn") no longer copies the whole setup to
 * `override` it, nor has to follow the base's later changes. The added steps run in a block of
 * their own, as the base's do (each an `if true`), so neither's names hide or clash with the
 * other's. Without a base setup, they are the setup.
 */
function extendedSetup(base: Decl | undefined, extra: Extract<Decl, { kind: "SetupDecl" }>): Decl {
  if (base?.kind !== "SetupDecl") return extra;
  type Block = Extract<Decl, { kind: "SetupDecl" }>["body"];
  const apart = (body: Block): Block["stmts"][number] => ({ kind: "IfStmt", cond: { kind: "BoolLit", value: true, span: body.span }, then: body, span: body.span });
  return { ...base, body: { ...base.body, stmts: [apart(base.body), apart(extra.body)] } };
}
