/**
 * The Stela language's one public face: parsing, checking and lowering a rule
 * file, the diagnostics it gives, and the catalogue of built-ins and keywords
 * that documents the language (and feeds the editor's hover and completion).
 * The engine, the CLI and the editor import the language only from here.
 */
export { parse, type ParseResult } from "./parse.ts";
export { compileRules, joinPath, type CompiledRules, type CompileOptions, type ReadRefusal } from "./compile.ts";
export { resolveExtendsPath } from "./variants.ts";
export { INPUT_LIMITS } from "./input-limits.ts";
export { MAX_SEED, seedProblem } from "./seed.ts";
export { isColour, safeColour } from "./colour.ts";
export { formatDiagnostic, sortDiagnostics, type Diagnostic, type Severity } from "./diagnostic.ts";
export { DIAGNOSTIC_CODES, type DiagnosticCode } from "./diagnostic-codes.ts";
export { format, type FormatResult } from "./format.ts";
export type { Position, Span } from "./span.ts";
export type { SymbolIndex, SymbolInfo, SymbolReference } from "./check/context.ts";
export type { Decl, FieldDecl, FileAst, TypeExpr } from "./ast.ts";
export type { GameDef, Value } from "./ir.ts";
export { BUILTINS, CONSTANTS, EVENTS, FORMS, PROPERTIES, type BuiltinProperty } from "./builtins/catalogue.ts";
export { CONTEXTUAL_KEYWORDS, KEYWORDS, OPERATORS, TYPE_NAMES } from "./tokens.ts";
export { closest } from "./suggest.ts";
