import * as monaco from "monaco-editor/editor";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import "monaco-editor/features/register.all";
import { completionsAt, type SuggestionKind } from "./completion.ts";
import { KEYWORDS } from "../../../dsl/index.ts";
import { formatDocumentEdits } from "./format-document.ts";
import { definitionAt, hoverAt } from "./hover.ts";
import { documentOutline, quickFixes, referencesAt, renameAt, type TextRange } from "./ide-help.ts";
import { STELA, stelaConfiguration, stelaTheme, stelaTokens } from "./stela-language.ts";
import type { LanguageContext } from "./symbol-lookup.ts";

export { monaco };

let registered = false;

const KINDS: Record<SuggestionKind, monaco.languages.CompletionItemKind> = {
  keyword: monaco.languages.CompletionItemKind.Keyword,
  type: monaco.languages.CompletionItemKind.TypeParameter,
  function: monaco.languages.CompletionItemKind.Function,
  constant: monaco.languages.CompletionItemKind.Constant,
  variable: monaco.languages.CompletionItemKind.Variable,
  field: monaco.languages.CompletionItemKind.Field,
  property: monaco.languages.CompletionItemKind.Property,
  snippet: monaco.languages.CompletionItemKind.Snippet,
  declaration: monaco.languages.CompletionItemKind.Reference,
};

/**
 * Registers the Stela language with Monaco once: highlighting, brackets,
 * "Format document" (the formatter of `stela fmt`), and the completion,
 * hover and definition providers, which ask
 * `contextFor(model)` what the last compile knew about that document.
 */
export function setupMonaco(contextFor: (model: monaco.editor.ITextModel) => LanguageContext | undefined): void {
  if (registered) return;
  registered = true;
  self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
  monaco.languages.register({ id: STELA, extensions: [".stela"], aliases: ["Stela"] });
  monaco.languages.setMonarchTokensProvider(STELA, stelaTokens);
  monaco.languages.setLanguageConfiguration(STELA, stelaConfiguration);
  monaco.editor.defineTheme("stela", stelaTheme);

  monaco.languages.registerCompletionItemProvider(STELA, {
    // `"` opens `include "…"`, where the file's variants are offered.
    triggerCharacters: [".", '"'],
    provideCompletionItems(model, position, context) {
      const ctx = contextFor(model);
      if (!ctx) return { suggestions: [] };
      const offset = model.getOffsetAt(position);
      // A `"` asks for variants only after `include`: a closing quote (`choose "b4"`) opened the
      // whole list of names, and the Enter that ended the line took its first.
      if (context.triggerCharacter === '"' && !/\binclude\s*"$/.test(model.getValueInRange(new monaco.Range(position.lineNumber, 1, position.lineNumber, position.column)))) return { suggestions: [] };
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const suggestions = completionsAt({ ...ctx, text: model.getValue() }, offset).map((s, i) => {
        const item: monaco.languages.CompletionItem = {
          label: s.label,
          kind: KINDS[s.kind],
          insertText: s.insertText,
          range,
          // Names from the file first, then built-ins, then keywords.
          sortText: `${s.first ? "0" : "1"}${s.kind === "variable" || s.kind === "field" || s.kind === "property" ? 0 : s.kind === "declaration" ? 1 : s.kind === "function" || s.kind === "constant" ? 2 : 3}${String(i).padStart(4, "0")}`,
        };
        if (s.detail) item.detail = s.detail;
        if (s.documentation) item.documentation = { value: s.documentation };
        if (s.snippet) item.insertTextRules = monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet;
        return item;
      });
      return { suggestions };
    },
  });

  monaco.languages.registerHoverProvider(STELA, {
    provideHover(model, position) {
      const ctx = contextFor(model);
      if (!ctx) return null;
      const h = hoverAt({ ...ctx, text: model.getValue() }, model.getOffsetAt(position));
      if (!h) return null;
      const a = model.getPositionAt(h.start);
      const b = model.getPositionAt(h.end);
      return { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), contents: h.contents.map((value) => ({ value })) };
    },
  });

  const rangeOf = (model: monaco.editor.ITextModel, r: TextRange) => {
    const a = model.getPositionAt(r.start);
    const b = model.getPositionAt(r.end);
    return new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column);
  };

  // Quick fixes the checker's hints propose (Ctrl+. on a marked word).
  monaco.languages.registerCodeActionProvider(STELA, {
    provideCodeActions(model, range) {
      const ctx = contextFor(model);
      if (!ctx?.diagnostics || ctx.compiledText !== model.getValue()) return { actions: [], dispose() {} };
      const actions: monaco.languages.CodeAction[] = [];
      for (const d of ctx.diagnostics) {
        if (d.file !== ctx.file) continue;
        const at = rangeOf(model, { start: d.span.start.offset, end: Math.max(d.span.end.offset, d.span.start.offset + 1) });
        if (!monaco.Range.areIntersectingOrTouching(at, range)) continue;
        for (const f of quickFixes(d, model.getValue())) {
          actions.push({
            title: f.title,
            kind: "quickfix",
            isPreferred: true,
            edit: { edits: [{ resource: model.uri, textEdit: { range: rangeOf(model, f), text: f.text }, versionId: model.getVersionId() }] },
          });
        }
      }
      return { actions, dispose() {} };
    },
  });

  monaco.languages.registerReferenceProvider(STELA, {
    provideReferences(model, position) {
      const ctx = contextFor(model);
      if (!ctx) return [];
      return referencesAt({ ...ctx, text: model.getValue() }, model.getOffsetAt(position)).map((r) => ({ uri: model.uri, range: rangeOf(model, r) }));
    },
  });

  monaco.languages.registerRenameProvider(STELA, {
    provideRenameEdits(model, position, newName) {
      const ctx = contextFor(model);
      if (!ctx) return { edits: [], rejectReason: "the rules have not been checked yet" };
      const r = renameAt({ ...ctx, text: model.getValue() }, model.getOffsetAt(position), newName, KEYWORDS);
      if ("refused" in r) return { edits: [], rejectReason: r.refused };
      return { edits: r.edits.map((e) => ({ resource: model.uri, textEdit: { range: rangeOf(model, e), text: e.text }, versionId: model.getVersionId() })) };
    },
    resolveRenameLocation(model, position) {
      const ctx = contextFor(model);
      const refs = ctx ? referencesAt({ ...ctx, text: model.getValue() }, model.getOffsetAt(position)) : [];
      const offset = model.getOffsetAt(position);
      const here = refs.find((r) => r.start <= offset && offset <= r.end);
      if (!here) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: "", rejectReason: "this is not a name declared in the rules" };
      return { range: rangeOf(model, here), text: model.getValue().slice(here.start, here.end) };
    },
  });

  const SYMBOL_KINDS: Record<string, monaco.languages.SymbolKind> = {
    procedure: monaco.languages.SymbolKind.Function,
    rule: monaco.languages.SymbolKind.Method,
    kind: monaco.languages.SymbolKind.Class,
    enum: monaco.languages.SymbolKind.Enum,
    board: monaco.languages.SymbolKind.Struct,
    zone: monaco.languages.SymbolKind.Array,
    table: monaco.languages.SymbolKind.Object,
    const: monaco.languages.SymbolKind.Constant,
    variant: monaco.languages.SymbolKind.Namespace,
  };
  // The document outline: "Go to symbol" (Ctrl+Shift+O) lists the declarations.
  monaco.languages.registerDocumentSymbolProvider(STELA, {
    provideDocumentSymbols(model) {
      const ctx = contextFor(model);
      if (!ctx) return [];
      return documentOutline({ ...ctx, text: model.getValue() }).map((s) => ({
        name: s.name,
        detail: s.what,
        kind: SYMBOL_KINDS[s.what] ?? monaco.languages.SymbolKind.Module,
        tags: [],
        range: rangeOf(model, s),
        selectionRange: rangeOf(model, { start: s.nameStart, end: s.nameEnd }),
      }));
    },
  });

  monaco.languages.registerDocumentFormattingEditProvider(STELA, {
    provideDocumentFormattingEdits: (model) => formatDocumentEdits(model),
  });

  monaco.languages.registerDefinitionProvider(STELA, {
    provideDefinition(model, position) {
      const ctx = contextFor(model);
      if (!ctx) return null;
      const d = definitionAt({ ...ctx, text: model.getValue() }, model.getOffsetAt(position));
      if (!d) return null;
      const a = model.getPositionAt(d.start);
      const b = model.getPositionAt(d.end);
      return { uri: model.uri, range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column) };
    },
  });
}
