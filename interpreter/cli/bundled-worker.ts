import { runBatch } from "./simulate-batch.ts";

/**
 * `simulate-worker.mjs` as the bundle has it: the bundled CLI is plain JavaScript, so its worker
 * processes need no tsx; esbuild writes this next to the bundled `main.mjs` under the worker's name.
 */
export default function run(task: Parameters<typeof runBatch>[0]): ReturnType<typeof runBatch> {
  return runBatch(task);
}
