import type { Diagnostic } from "../../../dsl/index.ts";
import { monaco } from "./monaco-setup.ts";

/** A diagnostic as a Monaco marker; an empty span still marks one character so it can be seen. */
export function toMarker(d: Diagnostic, model: monaco.editor.ITextModel): monaco.editor.IMarkerData {
  const s = d.span.start;
  const e = d.span.end;
  let endLine = e.line;
  let endColumn = e.column;
  if (e.offset <= s.offset) {
    const lineLength = model.getLineLength(Math.min(s.line, model.getLineCount()));
    endLine = s.line;
    endColumn = Math.min(s.column + 1, lineLength + 1);
    if (endColumn <= s.column) endColumn = s.column + 1;
  }
  return {
    severity: d.severity === "error" ? monaco.MarkerSeverity.Error : d.severity === "warning" ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info,
    message: d.hint ? `${d.message}\n${d.hint}` : d.message,
    code: d.code,
    source: "stela",
    startLineNumber: s.line,
    startColumn: s.column,
    endLineNumber: endLine,
    endColumn,
  };
}
