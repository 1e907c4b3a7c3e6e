import type { editor, languages } from "monaco-editor/editor";
import { BUILTINS, CONSTANTS, EVENTS } from "../../../dsl/index.ts";
import { CONTEXTUAL_KEYWORDS, KEYWORDS, OPERATORS, TYPE_NAMES } from "../../../dsl/index.ts";

export const STELA = "stela";

/**
 * Stela's highlighting. Every word list comes from the language itself
 * (`dsl/tokens.ts`, the built-in catalogue), so a new keyword or built-in is
 * highlighted without touching the editor.
 */
export const stelaTokens: languages.IMonarchLanguage = {
  defaultToken: "",
  keywords: [...KEYWORDS],
  contextual: [...CONTEXTUAL_KEYWORDS],
  typeNames: [...TYPE_NAMES],
  builtins: [...BUILTINS.keys()],
  constants: [...CONSTANTS.keys(), ...EVENTS.map((e) => e.name)],
  operators: [...OPERATORS],
  symbols: /[=><!+\-*/%.]+/,
  tokenizer: {
    root: [
      [/\/\/.*$/, "comment"],
      [/\/\*/, "comment", "@comment"],
      // A drawn map or shape row: `| # . #`.
      [/\|[^\n}]*/, "string.map"],
      [/"/, "string", "@string"],
      [/\d+(\.\d+)?/, "number"],
      [
        /[A-Za-z_][A-Za-z0-9_]*/,
        {
          cases: {
            "@keywords": "keyword",
            "@contextual": "keyword.contextual",
            "@typeNames": "type",
            "@builtins": "function.builtin",
            "@constants": "constant",
            "[A-Z][A-Za-z0-9_]*": "type.declared",
            "@default": "identifier",
          },
        },
      ],
      [/[{}()[\]]/, "@brackets"],
      [/@symbols/, { cases: { "@operators": "operator", "@default": "" } }],
      [/[,;:]/, "delimiter"],
    ],
    comment: [
      [/[^*/]+/, "comment"],
      [/\*\//, "comment", "@pop"],
      [/[*/]/, "comment"],
    ],
    string: [
      [/[^"\\{]+/, "string"],
      [/\\./, "string.escape"],
      [/\{/, { token: "delimiter.interpolation", next: "@interpolation" }],
      [/"/, "string", "@pop"],
    ],
    interpolation: [
      [/\}/, { token: "delimiter.interpolation", next: "@pop" }],
      { include: "root" },
    ],
  },
};

export const stelaConfiguration: languages.LanguageConfiguration = {
  comments: { lineComment: "//", blockComment: ["/*", "*/"] },
  brackets: [
    ["{", "}"],
    ["[", "]"],
    ["(", ")"],
  ],
  autoClosingPairs: [
    { open: "{", close: "}" },
    { open: "[", close: "]" },
    { open: "(", close: ")" },
    { open: '"', close: '"', notIn: ["string", "comment"] },
  ],
  surroundingPairs: [
    { open: "{", close: "}" },
    { open: "[", close: "]" },
    { open: "(", close: ")" },
    { open: '"', close: '"' },
  ],
  wordPattern: /[A-Za-z_][A-Za-z0-9_]*/,
  indentationRules: {
    increaseIndentPattern: /^.*\{[^}"]*$/,
    decreaseIndentPattern: /^\s*\}/,
  },
};

/** Colours for Stela's token kinds, on Monaco's light theme. */
export const stelaTheme: editor.IStandaloneThemeData = {
  base: "vs",
  inherit: true,
  rules: [
    { token: "keyword", foreground: "7b2d8e", fontStyle: "bold" },
    { token: "keyword.contextual", foreground: "7b2d8e" },
    { token: "type", foreground: "1a7f8e" },
    { token: "type.declared", foreground: "1a7f8e" },
    { token: "function.builtin", foreground: "795e26" },
    { token: "constant", foreground: "0b6e4f" },
    { token: "string.map", foreground: "a0522d", fontStyle: "bold" },
    { token: "delimiter.interpolation", foreground: "c2185b" },
    { token: "comment", foreground: "6a737d", fontStyle: "italic" },
    { token: "number", foreground: "0550ae" },
  ],
  colors: {},
};
