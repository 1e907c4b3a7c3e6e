/// <reference lib="webworker" />
import { compile } from "../../../interpreter/index.ts";
import { exampleStatuses, type ExampleStatus } from "../rules/example-status.ts";

/**
 * The examples worker: runs a rule file's `example` blocks on their own
 * thread, so a file with many worked examples never holds up the next
 * keystroke's diagnostics or the playtest in the Stela worker.
 */

/** Rules to run the examples of: the text, its path, and the other rule files by path (for `extends`). */
export interface ExamplesRequest {
  id: number;
  source: string;
  file: string;
  files: Record<string, string>;
}

export interface ExamplesResult {
  id: number;
  source: string;
  /** Absent when the rules do not compile (the Stela worker reports that). */
  examples?: ExampleStatus[];
  /** The examples could not run (an engine failure): why. */
  error?: string;
}

self.onmessage = (e: MessageEvent<ExamplesRequest>) => {
  const { id, source, file, files } = e.data;
  const readFile = (path: string): string | undefined => {
    const text = Object.hasOwn(files, path) ? files[path] : undefined;
    return typeof text === "string" ? text : undefined;
  };
  const out: ExamplesResult = { id, source };
  try {
    const r = compile(source, file, { readFile });
    if (r.game) out.examples = exampleStatuses(r.game);
  } catch (err) {
    out.error = `The examples could not run: ${err instanceof Error ? err.message : String(err)}`;
  }
  (self as unknown as Worker).postMessage(out);
};
