import * as monaco from "monaco-editor/editor";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import "monaco-editor/features/register.all";
import { completionsAt, type SuggestionKind } from "./completion.ts";
import { formatDocumentEdits } from "./format-document.ts";
import { definitionAt, hoverAt } from "./hover.ts";
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
    triggerCharacters: ["."],
    provideCompletionItems(model, position) {
      const ctx = contextFor(model);
      if (!ctx) return { suggestions: [] };
      const offset = model.getOffsetAt(position);
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const suggestions = completionsAt({ ...ctx, text: model.getValue() }, offset).map((s, i) => {
        const item: monaco.languages.CompletionItem = {
          label: s.label,
          kind: KINDS[s.kind],
          insertText: s.insertText,
          range,
          // Names from the file first, then built-ins, then keywords.
          sortText: `${s.kind === "variable" || s.kind === "field" || s.kind === "property" ? 0 : s.kind === "declaration" ? 1 : s.kind === "function" || s.kind === "constant" ? 2 : 3}${String(i).padStart(4, "0")}`,
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
