import { format } from "../../../dsl/index.ts";

/** The part of a Monaco text model the formatter needs. */
export interface FormattableModel {
  getValue(): string;
  getFullModelRange(): { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number };
}

/**
 * Monaco's "Format document": the same layout as `stela fmt`, as one edit replacing the whole
 * text (none when the text is already formatted, or cannot be formatted because it has a syntax
 * error: the markers already say where).
 */
export function formatDocumentEdits(model: FormattableModel): { range: ReturnType<FormattableModel["getFullModelRange"]>; text: string }[] {
  const text = model.getValue();
  const r = format(text);
  if (r.diagnostics.length > 0 || r.text === text) return [];
  return [{ range: model.getFullModelRange(), text: r.text }];
}
