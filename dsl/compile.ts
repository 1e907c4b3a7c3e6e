import { declName, type Decl, type ExampleDecl, type FileAst } from "./ast.ts";
import { checkFile } from "./check/check.ts";
import type { SymbolIndex } from "./check/context.ts";
import { DiagnosticSink, sortDiagnostics, type Diagnostic } from "./diagnostic.ts";
import type { GameDef } from "./ir.ts";
import { INPUT_LIMITS } from "./input-limits.ts";
import { codeOnly, parse, type ParseResult } from "./parse.ts";
import { NO_SPAN, type Span } from "./span.ts";
import { applyVariant, resolveExtendsPath, splitCombination, tagFile } from "./variants.ts";
import { didYouMean } from "./suggest.ts";

export interface CompileOptions {
  /**
   * Reads another rule file, for `variant "…" extends "base.stela"`. It gets
   * the path joined to the compiled file's folder, only once the path passed
   * `resolveExtendsPath` (relative, no `..`, a `.stela` file), and returns
   * undefined if there is no such file. A host with a file system must also
   * refuse (`{ refused: why }`) a link out of the folder, anything but a
   * regular file, and a file too large (see `readRuleFile` in the CLI).
   */
  readFile?: (path: string) => string | undefined | ReadRefusal;
}

/** A file the host would not read, and why (said in the diagnostic; never the file's text). */
export interface ReadRefusal {
  refused: string;
}

export interface CompiledRules {
  /** The game, when the file has no error (for a variant file: its first variant applied to the base). */
  def?: GameDef;
  /** Each variant the file declares, applied to the base, by name (only those without error). */
  variants: Record<string, GameDef>;
  /** Every variant name the file declares, in order. */
  variantNames: string[];
  /**
   * A combination of the file's variants nobody declared, by name (`"A+B"`: as a variant that
   * includes A, then B; a declared variant of that name is itself): its game when it checks, and
   * what the checker says of it otherwise, each message ending `(with variant "A+B")`. No
   * diagnostics and no game: the name is not variants of this file joined by `+`. Absent when the
   * file has errors.
   */
  combine?: (name: string) => { def?: GameDef; diagnostics: Diagnostic[] };
  /** The base file a variant file extends. */
  extendsFile?: string;
  diagnostics: Diagnostic[];
  symbols: SymbolIndex;
  ast: FileAst;
}

type VariantDecl = Extract<Decl, { kind: "VariantDecl" }>;

/** `a/b/c.stela` + `d.stela` → `a/b/d.stela` (posix paths; also used in the browser). */
export function joinPath(file: string, relative: string): string {
  if (relative.startsWith("/")) return relative;
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
  const parts = (dir + relative).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== ".") out.push(p);
  }
  return out.join("/");
}

/**
 * Parses and checks a rule file, and builds its game and each of its
 * variants. Never throws on user input: every problem is a diagnostic.
 */
export function compileRules(source: string, file: string, options: CompileOptions = {}): CompiledRules {
  try {
    return compileUnsafe(source, file, options);
  } catch (e) {
    const sink = new DiagnosticSink(file);
    sink.error("internal-error", `Stela failed while reading this file (${e instanceof Error ? e.message : String(e)}); please report it with the file`, NO_SPAN);
    return {
      variants: {},
      variantNames: [],
      diagnostics: sink.items,
      symbols: { declarations: [], references: [] },
      ast: { kind: "File", file, decls: [], span: NO_SPAN },
    };
  }
}

function compileUnsafe(source: string, file: string, options: CompileOptions): CompiledRules {
  const parsed = parse(source, file);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const sink = new DiagnosticSink(file);
  if (refusedWhole(parsed.diagnostics, parsed.ast)) {
    // Nothing was read: "no game block" and the like would only repeat that.
    return finish(emptyResult(parsed.ast), diagnostics, sink);
  }
  const variantDecls = parsed.ast.decls.filter((d): d is VariantDecl => d.kind === "VariantDecl");
  let baseDecls = parsed.ast.decls.filter((d) => d.kind !== "VariantDecl");
  let baseVariants: VariantDecl[] = [];
  // What the variants override: a parameter of such a declaration is the signature both versions
  // share, so one version leaving it unread is not warned of (`warnUnread`).
  const overridden = new Set(variantDecls.flatMap((v) => v.items.flatMap((i) => (i.override ? [declName(i.decl)?.text ?? ""] : []))));
  const otherSources = new Map<string, string>();
  /** Diagnostics of the base game alone: a variant repeating them adds nothing. */
  const baseKeys = new Set<string>();
  const result: CompiledRules = {
    variants: {},
    variantNames: variantDecls.map((v) => v.title),
    diagnostics: [],
    symbols: { declarations: [], references: [] },
    ast: parsed.ast,
  };

  const seenNames = new Set<string>();
  for (const v of variantDecls) {
    // An empty name is how the tools ask for the base game (`--variant ''`): a variant needs a real one.
    if (v.title.trim() === "") sink.error("invalid-variant", "a variant needs a name: `variant \"Two cities\" { … }`", v.titleSpan);
    else {
      // A second block of a variant is most often written to hold more of it (an example): said how.
      if (seenNames.has(v.title)) sink.error("duplicate-name", `there are two variants called "${v.title}"`, v.titleSpan, `a variant is one block: put everything of it in the first, or give the second another name; an example of it may also stand outside, at the top level, with \`variant "${v.title}"\` as its first line`);
      seenNames.add(v.title);
    }
  }
  checkExampleVariants(parsed.ast.decls, seenNames, sink);

  const extending = variantDecls.filter((v) => v.extendsFile);
  if (extending.length) {
    const target = extending[0]!.extendsFile!;
    for (const v of variantDecls) {
      // One with no `extends` at all is told to add it (it read "must extend the same file", of a variant that extends none).
      if (!v.extendsFile) sink.error("invalid-variant", `variant "${v.title}" has no \`extends\`: in a file whose variants extend another, each says which, \`variant "${v.title}" extends "${target.path}"\``, v.titleSpan);
      else if (v.extendsFile.path !== target.path) {
        sink.error("invalid-variant", `every variant in a file that extends another must extend the same file ("${target.path}")`, v.titleSpan);
      }
    }
    for (const d of baseDecls) {
      if (d.kind !== "ErrorDecl") sink.error("invalid-variant", "a file whose variants extend another file holds only those variants", d.span);
    }
    const resolved = resolveExtendsPath(file, target.path);
    if (!resolved.ok) {
      sink.error("extends-not-allowed", `cannot extend "${target.path}": ${resolved.reason}`, target.span);
      return finish(result, diagnostics, sink);
    }
    const basePath = resolved.path;
    result.extendsFile = basePath;
    const read = options.readFile?.(basePath);
    if (typeof read === "object") {
      sink.error("extends-not-allowed", `cannot extend "${target.path}": ${read.refused}`, target.span);
      return finish(result, diagnostics, sink);
    }
    if (typeof read !== "string") {
      sink.error("extends-not-found", `cannot read the base file "${target.path}" (looked for ${basePath})`, target.span);
      return finish(result, diagnostics, sink);
    }
    const baseSource = read;
    const base = parse(baseSource, basePath);
    for (const d of base.diagnostics) diagnostics.push(d);
    if (base.diagnostics.some((d) => d.severity === "error")) return finish(result, diagnostics, sink);
    // A file of variants is no game to lay a variant over (which of its variants would it be?):
    // checked as one, it would only report the game, flow and scoring it leaves to its own base.
    const baseOfBase = base.ast.decls.find((d): d is VariantDecl => d.kind === "VariantDecl" && d.extendsFile !== undefined)?.extendsFile;
    if (baseOfBase) {
      const game = `${target.path.includes("/") ? target.path.slice(0, target.path.lastIndexOf("/") + 1) : ""}${baseOfBase.path}`;
      sink.error(
        "extends-variant-file",
        `cannot extend "${target.path}": it holds variants of "${baseOfBase.path}", not a game; a variant extends the file of a game`,
        target.span,
        `extend "${game}" itself, with the overrides of "${target.path}" this variant needs copied into it`,
      );
      return finish(result, diagnostics, sink);
    }
    baseDecls = base.ast.decls.filter((d) => d.kind !== "VariantDecl");
    tagFile(baseDecls, basePath);
    // The base's own variants, for `include` and "A+B": laid as the base file writes them.
    baseVariants = base.ast.decls.filter((d): d is VariantDecl => d.kind === "VariantDecl");
    tagFile(baseVariants, basePath);
    otherSources.set(basePath, baseSource);
    // The base on its own: its errors stop here (they are the base's to fix), and its
    // warnings belong to checking the base file, not to every file that extends it.
    // Its examples that play one of its own variants are that variant's to check, as when the base
    // file is checked itself (a kind or constant the variant adds read as an error of the base here,
    // under every file extending it, while the base file checked clean).
    const baseOwn = new Set(baseVariants.map((v) => v.title));
    const alone = checkFile({ kind: "File", file: basePath, decls: baseDecls.filter((d) => d.kind !== "ExampleDecl" || !baseOwn.has(exampleVariant(d) ?? "")), span: base.ast.span }, baseSource);
    const errors = alone.diagnostics.filter((d) => d.severity === "error");
    if (errors.length) {
      sink.error("invalid-variant", `the base file "${target.path}" has ${errors.length} error${errors.length === 1 ? "" : "s"}; fix it first`, target.span);
      for (const d of errors) diagnostics.push(d);
      return finish(result, diagnostics, sink);
    }
    for (const d of alone.diagnostics) baseKeys.add(diagnosticKey(d));
  } else {
    // An example that plays one of this file's variants is checked with that variant only (below):
    // its names are the variant's (a kind the variant adds), not the base game's.
    const ownVariants = new Set(variantDecls.map((v) => v.title));
    const checked = checkFile({ ...parsed.ast, decls: baseDecls.filter((d) => d.kind !== "ExampleDecl" || !ownVariants.has(exampleVariant(d) ?? "")) }, source, parsed.diagnostics, undefined, overridden);
    const own = withoutCascades(checked.diagnostics, parsed.diagnostics, source, parsed.takenValues);
    // A declaration only the file's variants use (`const BONUS` read by an `override`) is used:
    // the base game not reading it is no mistake (a user moved it into the variant to quiet this).
    const usedByVariants = namesUsed(variantDecls.map((v) => v.items.map((i) => i.decl)));
    for (const d of own) if (!(d.code === "unused-declaration" && d.message.endsWith("is never used") && usedByVariants.has(/`([^`]+)`/.exec(d.message)?.[1] ?? ""))) diagnostics.push(d);
    for (const d of own) baseKeys.add(diagnosticKey(d));
    mergeSymbols(result.symbols, checked.symbols);
    if (checked.def) result.def = checked.def;
  }

  const byName = new Map<string, VariantDecl>();
  for (const v of variantDecls) if (!byName.has(v.title)) byName.set(v.title, v);
  // A file of variants may include its base's variants too; one of its own by the same name wins.
  const foreign = new Set(baseVariants.filter((v) => !byName.has(v.title)));
  for (const v of foreign) byName.set(v.title, v);
  /** The diagnostics each variant gave as written (before `(with variant …)`), so one that includes it does not repeat them. */
  const keysOf = new Map<VariantDecl, Set<string>>();
  const defs = new Map<VariantDecl, GameDef>();
  /** Checks `v` laid over the base; `into` gets its diagnostics (a combination asked for by name keeps its own). */
  const checkVariant = (v: VariantDecl, into: Diagnostic[], variantSink: DiagnosticSink): void => {
    if (keysOf.has(v)) return;
    const keys = new Set<string>();
    keysOf.set(v, keys);
    // What an included variant says on its own is said once, by it.
    const inherited = new Set<string>();
    const addInherited = (w: VariantDecl, seen: Set<VariantDecl>): void => {
      if (seen.has(w)) return;
      seen.add(w);
      for (const inc of w.includes) {
        const next = byName.get(inc.name);
        if (!next || next === v) continue;
        if (foreign.has(next)) checkVariant(next, [], new DiagnosticSink(file));
        else checkVariant(next, diagnostics, sink);
        for (const k of keysOf.get(next) ?? []) inherited.add(k);
        addInherited(next, seen);
      }
    };
    addInherited(v, new Set());
    for (const inc of v.includes) {
      const w = byName.get(inc.name);
      // A base variant's own problems are the base file's to tell; laid under this one broken, it
      // would play something nobody wrote.
      if (w && foreign.has(w) && !defs.has(w)) {
        variantSink.error("invalid-variant", `the variant "${w.title}" of the base file has errors; check that file first`, inc.span);
      }
    }
    const before = variantSink.items.length;
    // The examples it plays: its own, and the base's that name it (`variant "…"`); the base's other
    // examples play the base game or another variant, and are checked there (a kind this variant
    // adds made a base example's `k.colour` "not guaranteed", and its examples could not run).
    const own = new Set(v.items.map((i) => i.decl));
    const laid = applyVariant(baseDecls, v, variantSink, byName);
    const plays = (d: Decl): boolean => d.kind !== "ExampleDecl" || own.has(d) || exampleVariant(d) === v.title;
    const merged = laid.filter(plays);
    // What the examples left out use is used still (a procedure only a base example's position calls).
    const usedElsewhere = namesUsed(laid.filter((d) => !plays(d)));
    const checked = checkFile({ ...parsed.ast, decls: merged }, source, parsed.diagnostics, otherSources, overridden);
    for (const d of withoutCascades(checked.diagnostics, parsed.diagnostics, source, parsed.takenValues)) {
      const key = diagnosticKey(d);
      if (baseKeys.has(key) || inherited.has(key)) continue;
      if (d.code === "unused-declaration" && usedElsewhere.has(/`([^`]+)`/.exec(d.message)?.[1] ?? "")) continue;
      keys.add(key);
      // A problem the variant causes in the base's declarations (a base procedure it leaves
      // unused, a name its new code clashes with), or in a variant it includes, says which
      // variant causes it.
      const inVariant = d.file === file && d.span.start.offset >= v.span.start.offset && d.span.end.offset <= v.span.end.offset && v.span !== NO_SPAN;
      // A base declaration that only what the variant overrides used (`override define worth(…)`
      // replaced the formula reading `BASE`; a yardstick variant that drops a step leaves its
      // helper) is not the variant's mistake, and nothing can be done about it but contortions:
      // under `--max-warnings 0` it failed two designers' CI. The base game uses it (else the base
      // itself is warned). An `override` that forgot a step is for its examples to catch.
      if (d.code === "unused-declaration" && !inVariant) continue;
      into.push(inVariant ? d : { ...d, message: `${d.message} (with variant "${v.title}")`, ...causeHint(d, v) });
    }
    if (v.span !== NO_SPAN) mergeSymbols(result.symbols, checked.symbols);
    if (checked.def && !variantSink.items.slice(before).some((d) => d.severity === "error")) {
      checked.def.variant = v.title;
      defs.set(v, checked.def);
    }
  };
  /**
   * For a problem a variant of this file causes in another file's lines (the base's, where a
   * constant it overrides is read): the hint names the variant's override that line reads, at its
   * place in this file, which is where the designer can act (the editor marks only this file's
   * lines; a CI annotation pointed only at the base file, which nobody changed).
   */
  const causeHint = (d: Diagnostic, v: VariantDecl): { hint?: string } => {
    if (v.span === NO_SPAN || foreign.has(v) || d.file === file) return {};
    const text = otherSources.get(d.file);
    if (text === undefined) return {};
    const lineStart = text.lastIndexOf("\n", d.span.start.offset - 1) + 1;
    const lineEnd = text.indexOf("\n", d.span.end.offset);
    const raw = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
    // The code, and what a text's `{…}` reads (`log "start {START * 2}"`): `codeOnly` blanks texts.
    const lines = `${codeOnly(raw)} ${[...raw.matchAll(/\{([^{}"]*)\}/g)].map((m) => m[1]).join(" ")}`;
    const read = v.items.filter((i) => {
      const n = declName(i.decl)?.text;
      return i.override && n !== undefined && new RegExp(`(^|[^A-Za-z0-9_])${n}([^A-Za-z0-9_]|$)`).test(lines);
    });
    const where = (i: { span: Span }): string => `${file}:${i.span.start.line}:${i.span.start.column}`;
    const cause = read.length
      ? `this line reads ${read.map((i) => `\`${declName(i.decl)!.text}\``).join(", ")}, which variant "${v.title}" overrides at ${read.map(where).join(", ")}`
      : `variant "${v.title}" is at ${where({ span: v.titleSpan })}`;
    return { hint: d.hint === undefined ? cause : `${d.hint}; ${cause}` };
  };
  for (const v of variantDecls) checkVariant(v, diagnostics, sink);
  // In the order the file declares them (an include is checked before the variant that includes it).
  for (const v of variantDecls) {
    const def = defs.get(v);
    if (def && !(v.title in result.variants)) result.variants[v.title] = def;
  }
  const combine = (name: string): ReturnType<NonNullable<CompiledRules["combine"]>> => {
    if (result.variants[name]) return { def: result.variants[name], diagnostics: [] };
    const parts = splitCombination(name, new Set(byName.keys()))[0];
    if (!parts) {
      // "No hook+Nohook": the part that is no variant, with the one it may mean.
      const names = new Set(byName.keys());
      const missing = name.includes("+") ? name.split("+").map((p) => p.trim()).find((p) => !names.has(p)) : undefined;
      if (missing === undefined) return { diagnostics: [] };
      const lost = new DiagnosticSink(file);
      lost.error("unknown-variant", `"${name}" joins variants with \`+\`, but this file has no variant "${missing}"`, NO_SPAN, didYouMean(missing, names));
      return { diagnostics: lost.items };
    }
    // A combination nobody declared reads as a variant that includes each part in turn.
    const at = (n: string) => byName.get(n)!.titleSpan;
    const synthesized: VariantDecl = {
      kind: "VariantDecl",
      title: name,
      titleSpan: NO_SPAN,
      includes: parts.map((p) => ({ name: p, nameSpan: at(p), span: at(p) })),
      items: [],
      span: NO_SPAN,
    };
    const own: Diagnostic[] = [];
    const combinedSink = new DiagnosticSink(file);
    checkVariant(synthesized, own, combinedSink);
    const all = sortDiagnostics([...own, ...combinedSink.items]);
    const def = defs.get(synthesized);
    return def && !all.some((d) => d.severity === "error") ? { def, diagnostics: all } : { diagnostics: all };
  };
  // Asked for after the compile, by a tool starting a match: it too never throws on user input.
  result.combine = (name) => {
    try {
      return combine(name);
    } catch (e) {
      const failed = new DiagnosticSink(file);
      failed.error("internal-error", `Stela failed while combining the variants "${name}" (${e instanceof Error ? e.message : String(e)}); please report it with the file`, NO_SPAN);
      return { diagnostics: failed.items };
    }
  };
  if (extending.length) {
    const first = result.variants[variantDecls[0]!.title];
    if (first) result.def = first;
  }
  return finish(result, diagnostics, sink);
}

/** The names a part of the tree reads or calls (`NameExpr`, a call's name, a field read as `p.x`). */
function namesUsed(nodes: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x);
      return;
    }
    if (!n || typeof n !== "object") return;
    const o = n as Record<string, unknown>;
    if (o["kind"] === "NameExpr" && typeof o["name"] === "string") out.add(o["name"]);
    if (o["kind"] === "CallExpr") out.add((o["callee"] as { text: string }).text);
    if (o["kind"] === "FieldExpr") out.add((o["field"] as { text: string }).text);
    for (const k of Object.keys(o)) if (k !== "span") walk(o[k]);
  };
  walk(nodes);
  return out;
}

/** The variant an example plays (`variant "…"`, as written), if it names one. */
function exampleVariant(ex: ExampleDecl): string | undefined {
  for (const step of ex.steps) if (step.kind === "ExampleSetting" && step.key.text === "variant" && step.value.kind === "StringLit") return step.value.value;
  return undefined;
}

/**
 * An example's `variant "…"` names a variant of this file: otherwise the example fails only when
 * it is run (`stela test`), at its first line, not where the name is misspelt.
 */
function checkExampleVariants(decls: Decl[], names: Set<string>, sink: DiagnosticSink): void {
  const examples = (list: Decl[]): ExampleDecl[] =>
    list.flatMap((d) => (d.kind === "ExampleDecl" ? [d] : d.kind === "VariantDecl" ? examples(d.items.map((i) => i.decl)) : []));
  // Worked out once: a file may hold thousands of examples naming variants it lacks.
  const listed = [...names].slice(0, 10).map((n) => `"${n}"`).join(", ") + (names.size > 10 ? `, and ${names.size - 10} more` : "");
  const hints = new Map<string, string | undefined>();
  for (const ex of examples(decls)) {
    for (const step of ex.steps) {
      if (step.kind !== "ExampleSetting" || step.key.text !== "variant" || step.value.kind !== "StringLit") continue;
      const name = step.value.value;
      // "A+B": a combination of this file's variants, built when the example plays it.
      if (name === "" || names.has(name) || splitCombination(name, names).length) continue;
      if (!hints.has(name)) hints.set(name, didYouMean(name, names));
      sink.error("unknown-variant", `this file has no variant "${name}"${listed ? ` (it has: ${listed})` : ""}`, step.value.span, hints.get(name));
    }
  }
}

/** A file the parser refused as a whole (too large, too deep, or too broken to read on): there is nothing to check. */
function refusedWhole(diagnostics: Diagnostic[], ast: FileAst): boolean {
  return ast.decls.length === 0 && diagnostics.some((d) => d.code === "input-too-large" || d.code === "input-too-deep" || d.code === "parse-too-many-errors");
}

function emptyResult(ast: FileAst): CompiledRules {
  return { variants: {}, variantNames: [], diagnostics: [], symbols: { declarations: [], references: [] }, ast };
}

function diagnosticKey(d: Diagnostic): string {
  return `${d.file}:${d.code}:${d.span.start.offset}:${d.span.end.offset}:${d.message}`;
}

/**
 * With syntax errors in the file, the checker sees a repaired tree: its
 * warnings, and its errors on a line the parser already flagged, are echoes
 * of the syntax error rather than mistakes of their own.
 */
function withoutCascades(checked: Diagnostic[], syntax: Diagnostic[], source: string, takenValues: ParseResult["takenValues"] = []): Diagnostic[] {
  const broken = syntax.filter((d) => d.severity === "error");
  if (broken.length === 0) return checked;
  const lines = new Set(broken.map((d) => `${d.file}:${d.span.start.line}`));
  let code: string | undefined;
  let declared: Set<string> | undefined;
  const lost = (d: Diagnostic): boolean => {
    const written = WRITTEN[d.code];
    if (written === undefined) return false;
    code ??= codeOnly(source);
    // A variant file whose `variant … extends` the parser dropped (a typo inside its block) was
    // read as a game file: it has no game, flow or scoring of its own to miss.
    return written.test(code) || EXTENDS_WRITTEN.test(code);
  };
  // A use of a word the language keeps (`this`) is told as that first: it is no lost name.
  return checked
    .filter((d) => d.severity === "error" && !lines.has(`${d.file}:${d.span.start.line}`) && !lost(d))
    .map((d) => takenValueUse(d, source, takenValues))
    .filter((d) => !lostName(d, source, () => (declared ??= declaredNames((code ??= codeOnly(source))))));
}

/** The words that start a named declaration, as `lostName` looks for one written in the code. */
const DECLARING = new Set(["define", "procedure", "rule", "hook", "event", "const", "var", "table", "enum", "kind", "fields", "board", "zone", "bag"]);

/** Every name written after a declaring word in `code` (`codeOnly`: tokens one space apart), read once for the whole file. */
function declaredNames(code: string): Set<string> {
  const tokens = code.split(" ");
  const names = new Set<string>();
  for (let i = 0; i + 1 < tokens.length; i++) if (DECLARING.has(tokens[i]!)) names.add(tokens[i + 1]!);
  return names;
}

/**
 * An unknown name that the file declares, as written in the code: a syntax error inside its
 * declaration (a `define` whose body does not parse) made the parser drop it, so every use reads
 * as unknown, and "did you mean `jump`?" sends the designer to another declaration. The syntax
 * error is the one to fix.
 */
function lostName(d: Diagnostic, source: string, declared: () => Set<string>): boolean {
  if (d.code !== "unknown-name" || (d.span.file !== undefined && d.span.file !== d.file)) return false;
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(d.span.start.offset, d.span.end.offset))?.[0];
  return name !== undefined && declared().has(name);
}

/**
 * A checker's error at exactly a word that is a whole value (`size(none)`, `this += 1`) that a
 * declaration took as its name (`zone none: Card`): the use reads as the value, so the error
 * speaks of the value ("should be a list but is none"). Said instead as what it is: the word
 * reads as the language's own here, and the declaration is to be renamed.
 */
function takenValueUse(d: Diagnostic, source: string, takenValues: NonNullable<ParseResult["takenValues"]>): Diagnostic {
  if (d.span.file !== undefined && d.span.file !== d.file) return d;
  const written = source.slice(d.span.start.offset, d.span.end.offset);
  const taken = takenValues.find((t) => t.word === written);
  if (!taken) return d;
  return {
    ...d,
    code: "parse-unexpected-token",
    message: `here \`${written}\` is the word of the language, ${taken.meaning}, not the name line ${taken.line} declares`,
    hint: `rename what line ${taken.line} declares as \`${written}\`, and this use of it`,
  };
}

/**
 * The declaration a "the file has no …" error misses, as written in the code (`codeOnly`: not in a
 * comment or a text): when the file has it but a syntax error made the parser drop it (`tiebreak
 * highest …` loses the whole `scoring`), the error at line 1 is an echo that sends the designer to
 * the wrong place.
 */
const WRITTEN: Partial<Record<string, RegExp>> = {
  "missing-game": /\bgame\s*"/,
  "missing-flow": /\bflow\s*\{/,
  "missing-scoring": /\bscoring\s+\w+\s*\{/,
};

/** `variant "…" extends "…"` as written in the code (`codeOnly`): a file of variants of another. */
const EXTENDS_WRITTEN = /\bvariant\s*"[^"]*"\s*extends\b/;

function finish(result: CompiledRules, diagnostics: Diagnostic[], sink: DiagnosticSink): CompiledRules {
  const seen = new Set<string>();
  const all = [...diagnostics, ...sink.items].filter((d) => {
    const key = diagnosticKey(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const sorted = sortDiagnostics(all);
  if (sorted.some((d) => d.severity === "error")) {
    delete result.def;
    delete result.combine;
    result.variants = {};
  }
  result.diagnostics = capDiagnostics(sorted);
  return result;
}

/**
 * A shared file can hold thousands of mistakes (a line pasted twenty thousand
 * times); every tool would list them all (a terminal, an annotation each, the
 * editor's markers). The first ones are kept, in file order, and one last
 * diagnostic counts the rest.
 */
function capDiagnostics(sorted: Diagnostic[]): Diagnostic[] {
  const max = INPUT_LIMITS.maxDiagnostics;
  if (sorted.length <= max) return sorted;
  const rest = sorted.slice(max);
  const errors = rest.filter((d) => d.severity === "error").length;
  const first = rest[0]!;
  const counted = [errors && `${errors} error${errors === 1 ? "" : "s"}`, rest.length - errors && `${rest.length - errors} other${rest.length - errors === 1 ? "" : "s"}`].filter(Boolean).join(", ");
  const more: Diagnostic = {
    code: "too-many-diagnostics",
    severity: errors ? "error" : "warning",
    message: `${rest.length} more problems from here on are not listed (${counted})`,
    file: first.file,
    span: first.span,
    hint: "fix the first ones and check again",
  };
  return [...sorted.slice(0, max), more];
}

function mergeSymbols(into: SymbolIndex, from: SymbolIndex): void {
  const key = (s: { span: { start: { offset: number }; file?: string } }) => `${s.span.file ?? ""}:${s.span.start.offset}`;
  const decls = new Set(into.declarations.map(key));
  for (const d of from.declarations) if (!decls.has(key(d))) into.declarations.push(d);
  const refs = new Set(into.references.map(key));
  for (const r of from.references) if (!refs.has(key(r))) into.references.push(r);
}
