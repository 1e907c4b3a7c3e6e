import { declName, type Decl, type FieldDecl } from "./ast.ts";
import type { DiagnosticSink } from "./diagnostic.ts";
import { didYouMean } from "./suggest.ts";

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

/**
 * The declarations of `base` with a variant laid over them: `override`
 * replaces the declaration with the same name (or role: `setup`, `flow`,
 * `scoring`, `game`, `components Kind`, a player variable), anything else is
 * added. Overriding what does not exist, or adding a name that does, is an
 * `invalid-variant` error at the variant's line.
 */
export function applyVariant(base: Decl[], variant: VariantDecl, sink: DiagnosticSink): Decl[] {
  const out = [...base];
  for (const item of variant.items) {
    const d = item.decl;
    if (d.kind === "ErrorDecl") continue;
    if (d.kind === "VariantDecl") {
      sink.error("invalid-variant", "a variant cannot contain another variant", d.span);
      continue;
    }
    if (d.kind === "PerPlayerDecl") {
      applyPlayerFields(out, d, item.override, sink);
      continue;
    }
    const id = identity(d);
    const at = id === undefined ? -1 : out.findIndex((x) => identity(x) === id);
    if (item.override) {
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
      sink.error("invalid-variant", `the base game already has \`${id}\`: write \`override\` to replace it`, item.span);
    } else {
      out.push(d);
    }
  }
  return out;
}

function applyPlayerFields(out: Decl[], d: Extract<Decl, { kind: "PerPlayerDecl" }>, override: boolean, sink: DiagnosticSink): void {
  const added: FieldDecl[] = [];
  for (const f of d.fields) {
    let replaced = false;
    for (let i = 0; i < out.length; i++) {
      const x = out[i]!;
      if (x.kind !== "PerPlayerDecl") continue;
      const j = x.fields.findIndex((y) => y.name.text === f.name.text);
      if (j < 0) continue;
      if (!override) sink.error("invalid-variant", `players already have \`${f.name.text}\`: write \`override per player { … }\` to replace it`, f.span);
      else out[i] = { ...x, fields: x.fields.map((y, k) => (k === j ? f : y)) };
      replaced = true;
    }
    if (!replaced) {
      if (override) {
        const names = out.flatMap((x) => (x.kind === "PerPlayerDecl" ? x.fields.map((y) => y.name.text) : []));
        sink.error("invalid-variant", `\`override\`: players have no variable \`${f.name.text}\` to override`, f.span, didYouMean(f.name.text, names));
      }
      else added.push(f);
    }
  }
  if (added.length) out.push({ ...d, fields: added });
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
  if (parts.some((p) => p === "..")) return refuse("`..` is not allowed: the base file must be in this file's folder or below it");
  if (parts.some((p) => p === "" || p === ".")) return refuse("the path has an empty or `.` part");
  if (parts.some((p) => p.startsWith("."))) return refuse("hidden files and folders are not allowed");
  if (!relative.endsWith(".stela")) return refuse("the base must be a `.stela` file");
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
  // Without `.` and `..` parts, the path names the file itself only as its own name.
  if (dir + relative === file) return refuse("that is this file: name the file of the game it changes");
  return { ok: true, path: dir + relative };
}
